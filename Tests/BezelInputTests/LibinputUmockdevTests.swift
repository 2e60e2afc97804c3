import BezelCore
import BezelInput
import Foundation
import Testing

/// Real libinput (path backend, through `LibinputTouchSource` in `bezel-input-probe`) reading a
/// umockdev-emulated touchscreen that replays a recording; needs no /dev/input or /dev/uinput.
/// See tools/umockdev-preload/README.md.
@Suite("libinput under umockdev", .serialized)
struct LibinputUmockdevTests {
    static let node = "/dev/input/event9"
    static let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    /// Why the harness cannot run here, or nil if it can.
    static let unavailableReason: String? = {
        if !TestPaths.haveSharedTraces { return TestPaths.missingTracesReason }
        if which("umockdev-run") == nil { return "umockdev-run is not installed (Debian: umockdev, libumockdev-dev)" }
        if which("cc") == nil { return "no C compiler (cc) to build tools/umockdev-preload" }
        if probePath() == nil { return "bezel-input-probe was not built next to the test bundle" }
        return nil
    }()

    static var harnessAvailable: Bool {
        if let reason = unavailableReason { print("skipping libinput/umockdev tests: \(reason)") }
        return unavailableReason == nil
    }

    /// The probe is built into the same directory as the test bundle.
    static func probePath() -> String? {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [exe.deletingLastPathComponent().appendingPathComponent("bezel-input-probe").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A fresh directory with the preload shim built from source.
    static func makeWorkDir() throws -> (dir: URL, shim: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bezel-umockdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let build = TestPaths.packageRoot.appendingPathComponent("tools/umockdev-preload/build.sh").path
        let result = try runProcess("/bin/sh", [build, dir.path])
        try #require(result.status == 0, "building the preload shim failed: \(result.stderr)")
        return (dir, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs the probe's `read` under umockdev for `eventsPath`, returning its stdout lines.
    static func readLive(desc: String, events: String, extra: [String],
                         output: OutputGeometry = LibinputUmockdevTests.output,
                         backend: [String]? = nil) throws -> (lines: [String], stderr: String, status: Int32) {
        let probe = try #require(probePath())
        let (dir, shim) = try makeWorkDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try runProcess(probe, ["umockdev", "--desc", desc, "--events", events, "--out", dir.path, "--node", node])
        try #require(files.status == 0, "probe umockdev failed: \(files.stderr)")
        let run = TestPaths.packageRoot.appendingPathComponent("tools/umockdev-preload/run.sh").path
        let result = try runProcess("/bin/sh", [run, shim, dir.path, node, probe, "read"] + (backend ?? ["--device", node]) + [
                                                "--output", OutputSpec.format(output), "--timeout-ms", "20000"] + extra)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return (lines, result.stderr, result.status)
    }

    @Test("real libinput delivers the same frames as the trace reader, for every recording",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"),
          arguments: TestPaths.recordings().map(\.name))
    func liveFramesEqualTraceFrames(recording: String) throws {
        let r = try #require(TestPaths.recordings().first { $0.name == recording })
        let expected = try EvemuTrace.read(desc: r.desc, events: r.events).frames(mappedTo: Self.output)
        let live = try Self.readLive(desc: r.desc, events: r.events, extra: ["--frames", "\(expected.count)"])
        #expect(live.status == 0, "probe exit \(live.status): \(live.stderr.suffix(2000))")
        let liveFrames = live.lines.compactMap { TouchFrameText.parse(Substring($0)) }
        #expect(liveFrames.count == live.lines.count, "every probe line is a frame")
        #expect(liveFrames.count == expected.count)
        let firstDifference = zip(liveFrames, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil,
                "first difference at frame \(firstDifference?.offset ?? -1): live \(firstDifference.map { TouchFrameText.line($0.element.0) } ?? "") vs trace \(firstDifference.map { TouchFrameText.line($0.element.1) } ?? "")")
        #expect(liveFrames == expected)
        let summary = FrameSummary(liveFrames, output: Self.output)
        print("\(recording) through libinput: \(summary)")
    }

    @Test("removing the device while fingers are down cancels them (R8)",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"))
    func removalCancels() throws {
        let r = try #require(TestPaths.recordings().first { $0.name == "atmel-maxtouch.2-fingers-touch-release.events" })
        // Keep the recording up to the second finger's frame: two fingers are down at its end.
        let text = try String(contentsOfFile: r.events, encoding: .utf8)
        var kept: [Substring] = []
        var reports = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("E:") && reports >= 2 { break }
            kept.append(line)
            if line.hasPrefix("E:") && line.contains(" 0000 0000 0000") { reports += 1 }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bezel-trunc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let truncated = dir.appendingPathComponent("two-down.events").path
        try (kept.joined(separator: "\n") + "\n").write(toFile: truncated, atomically: true, encoding: .utf8)

        let expected = try EvemuTrace.read(desc: r.desc, events: truncated).frames(mappedTo: Self.output)
        #expect(FrameSummary(expected, output: Self.output).stillDown == 2)
        let live = try Self.readLive(desc: r.desc, events: truncated, extra: ["--remove-after", "\(expected.count)"])
        #expect(live.status == 0, "\(live.stderr.suffix(2000))")
        let frames = live.lines.compactMap { TouchFrameText.parse(Substring($0)) }
        #expect(Array(frames.prefix(expected.count)) == expected)
        #expect(frames.count == expected.count + 1)
        #expect(frames.last?.events.map(\.kind) == [.cancel], "\(live.lines)")
        #expect((frames.last?.time ?? .zero) >= (expected.last?.time ?? .never), "cancel time is monotonic")
    }

    @Test("the udev backend finds the emulated touchscreen on seat0 and gives the same frames",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"))
    func udevBackend() throws {
        let r = try #require(TestPaths.recordings().first { $0.name == "ep0430m09.2-fingers-touch-release.events" })
        let expected = try EvemuTrace.read(desc: r.desc, events: r.events).frames(mappedTo: Self.output)
        let live = try Self.readLive(desc: r.desc, events: r.events, extra: ["--frames", "\(expected.count)"],
                                     backend: ["--seat", "seat0"])
        #expect(live.status == 0, "\(live.stderr.suffix(2000))")
        #expect(live.lines.compactMap { TouchFrameText.parse(Substring($0)) } == expected)
    }

    @Test("transform, calibration and a small slot limit give the same frames live and from the trace",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"))
    func mappingAndSlotLimitLive() throws {
        let r = try #require(TestPaths.recordings().first { $0.name == "atmel-maxtouch.4-finger-drag-down.events" })
        let calibration = CalibrationMatrix(0.9, 0, 0.05, 0, 0.9, 0.05)
        let mapping = TouchMapping(output: Self.output, transform: .rotated270, calibration: calibration)
        let log = LogLines()
        let expected = try EvemuTrace.read(desc: r.desc, events: r.events).frames(mapping: mapping, slotLimit: 2, logger: log.logger)
        let summary = FrameSummary(expected, output: Self.output)
        #expect(summary.maxSimultaneous == 2 && summary.touches == 2, "\(summary)")
        #expect(log.contains("more than 2 touches"))
        let live = try Self.readLive(desc: r.desc, events: r.events,
                                     extra: ["--frames", "\(expected.count)", "--transform", "270",
                                             "--calibration", "0.9,0,0.05,0,0.9,0.05", "--slot-limit", "2", "-v"])
        #expect(live.status == 0, "\(live.stderr.suffix(2000))")
        #expect(live.lines.compactMap { TouchFrameText.parse(Substring($0)) } == expected)
        #expect(live.stderr.contains("more than 2 touches; dropping contact"), "the live source logs the drop too")
    }
}
