import BezelCore
import BezelInput
import Foundation

/// Paths and helpers shared by the BezelInput tests. Everything is found relative to this file
/// (`#filePath`), never through a machine path.
enum TestPaths {
    /// Tests/BezelInputTests
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsDir.deletingLastPathComponent().deletingLastPathComponent()
    /// Hand-written fixtures.
    static let fixtures = testsDir.appendingPathComponent("Fixtures")
    /// `../shared/traces/evemu-devices` beside the package (not part of the repository).
    static let evemuDevices = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/traces/evemu-devices")

    static var haveSharedTraces: Bool {
        FileManager.default.fileExists(atPath: evemuDevices.appendingPathComponent("atmel-maxtouch.desc").path)
    }

    static let missingTracesReason =
        "../shared/traces/evemu-devices is not beside the package; the recordings cannot be read"

    /// Each `.events` recording with its `.desc` (the device is the name up to the first dot).
    static func recordings() -> [(name: String, desc: String, events: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: evemuDevices.path) else { return [] }
        return names.filter { $0.hasSuffix(".events") }.sorted().compactMap { name in
            guard let device = name.split(separator: ".").first else { return nil }
            let desc = evemuDevices.appendingPathComponent("\(device).desc").path
            return (name, desc, evemuDevices.appendingPathComponent(name).path)
        }
    }
}

/// Collects log lines (the Logger sink is called synchronously on the test's thread).
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(LogLevel, String)] = []

    var logger: Logger {
        Logger(threshold: .debug) { [self] level, message in
            lock.lock(); storage.append((level, message)); lock.unlock()
        }
    }

    var lines: [String] { lock.lock(); defer { lock.unlock() }; return storage.map { "[\($0.0)] \($0.1)" } }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
}

/// What a frame sequence contains, as a person would check it.
struct FrameSummary: CustomStringConvertible {
    var frames = 0
    var touches = 0
    var maxSimultaneous = 0
    var cancels = 0
    var stillDown = 0
    var problems: [String] = []

    init(_ frames: [TouchFrame], output: OutputGeometry) {
        self.frames = frames.count
        var down = Set<Int32>()
        var lastTime = -Double.infinity
        for frame in frames {
            if frame.time.value < lastTime { problems.append("time goes backwards at \(frame.time)") }
            lastTime = frame.time.value
            if frame.events.isEmpty { problems.append("empty frame at \(frame.time)") }
            for e in frame.events {
                if e.time != frame.time { problems.append("event time differs from frame time at \(frame.time)") }
                switch e.kind {
                case .down:
                    if down.contains(e.id) { problems.append("id \(e.id) down twice at \(frame.time)") }
                    down.insert(e.id); touches += 1
                    maxSimultaneous = max(maxSimultaneous, down.count)
                case .motion:
                    if !down.contains(e.id) { problems.append("motion of id \(e.id) that is not down at \(frame.time)") }
                case .up:
                    if down.remove(e.id) == nil { problems.append("up of id \(e.id) that is not down at \(frame.time)") }
                case .cancel:
                    cancels += 1; down.removeAll()
                }
                if e.kind == .down || e.kind == .motion {
                    if !output.bounds.contains(e.position) { problems.append("position \(e.position) outside the output") }
                }
            }
        }
        stillDown = down.count
    }

    var description: String {
        "\(frames) frames, \(touches) touches, at most \(maxSimultaneous) at once, \(cancels) cancels, \(stillDown) down at the end"
    }
}

/// Runs a program and returns its exit status, stdout and stderr (waits for its exit).
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
    let errBox = DataBox()
    let errDone = DispatchSemaphore(value: 0)
    let errHandle = err.fileHandleForReading
    DispatchQueue.global().async { errBox.data = errHandle.readDataToEndOfFile(); errDone.signal() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errDone.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
}

private final class DataBox: @unchecked Sendable { var data = Data() }

/// The first executable called `name` on PATH.
func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}
