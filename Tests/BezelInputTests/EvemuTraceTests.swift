import BezelCore
import BezelInput
import Foundation
import Testing

@Suite("evemu trace reader")
struct EvemuTraceTests {
    static let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    @Test("every recording in shared/traces/evemu-devices decodes into consistent frames",
          .enabled(if: TestPaths.haveSharedTraces, Comment(rawValue: TestPaths.missingTracesReason)))
    func everyRecordingDecodes() throws {
        let recordings = TestPaths.recordings()
        #expect(recordings.count >= 8)
        for r in recordings {
            let log = LogLines()
            let trace = try EvemuTrace.read(desc: r.desc, events: r.events)
            let frames = try trace.frames(mappedTo: Self.output, logger: log.logger)
            let summary = FrameSummary(frames, output: Self.output)
            print("\(r.name): \(trace.events.count) evdev events -> \(summary)")
            #expect(summary.problems.isEmpty, "\(r.name): \(summary.problems.prefix(5))")
            #expect(summary.stillDown == 0, "\(r.name): every finger lifts by the end")
            #expect(summary.cancels == 0)
            // The file name says how many fingers the person used at once.
            let fingers = Int(r.name.split(separator: ".")[1].prefix(while: \.isNumber)) ?? 0
            #expect(summary.maxSimultaneous == fingers, "\(r.name)")
            if fingers == 1 && r.name.contains("taps") { #expect(summary.touches > 1, "several taps") }
            if fingers > 1 { #expect(summary.touches >= fingers) }
        }
    }

    @Test("an .events file that carries the description reads the same as .desc + .events",
          .enabled(if: TestPaths.haveSharedTraces, Comment(rawValue: TestPaths.missingTracesReason)))
    func eventsFileCarriesDescription() throws {
        let r = try #require(TestPaths.recordings().first)
        let both = try EvemuTrace.read(desc: r.desc, events: r.events)
        let alone = try EvemuTrace.read(events: r.events)
        #expect(both.device.axes == alone.device.axes)
        #expect(both.events == alone.events)
        #expect(both.device.name == alone.device.name)
    }

    @Test("recorded device ranges come from A: lines")
    func axesFromDescription() throws {
        let trace = try EvemuTrace.read(events: TestPaths.fixtures.appendingPathComponent("two-fingers.evemu").path)
        #expect(trace.device.name == "Bezel Test Touchscreen")
        #expect(trace.device.positionX == AbsAxisInfo(minimum: 0, maximum: 1279))
        #expect(trace.device.positionY == AbsAxisInfo(minimum: 0, maximum: 799))
        #expect(trace.device.slotCount == 5)
        #expect(trace.device.supports(type: 3, code: 0x35))
        #expect(trace.events.count == 22)
        #expect(trace.events[5].timeUs == 16_000)
        #expect(trace.events[5].line == 19)
    }

    @Test("the fixture decodes to the expected frames in output pixels")
    func fixtureFrames() throws {
        let trace = try EvemuTrace.read(events: TestPaths.fixtures.appendingPathComponent("two-fingers.evemu").path)
        let output = OutputGeometry(widthPx: 1280, heightPx: 800, widthMm: 200, heightMm: 125)
        let frames = try trace.frames(mappedTo: output)
        let lines = frames.map(TouchFrameText.line)
        #expect(lines == [
            "t=0.0 down 0 640.0 400.0",
            "t=16.0 down 1 320.0 200.0",
            "t=32.0 motion 0 640.0 380.0; motion 1 330.0 200.0",
            "t=48.0 up 0",
            "t=64.0 up 1",
        ])
    }

    @Test("malformed evemu files give an error with the line and the reason", arguments: [
        ("E: 0.0x 0003 0035 0010", 2, "timestamp"),
        ("E: 0.000001 00zz 0035 0010", 2, "event type"),
        ("E: 0.000001 0003 0035 ten", 2, "value"),
        ("E: 0.000001 0003 0035", 2, "sec.usec type code value"),
        ("E: 0.000001 0003 0035 99999999999", 2, "value"),
        ("X: what", 2, "unknown record"),
        ("no colon here", 2, "expected a record"),
    ])
    func malformedEvents(line: String, number: Int, reason: String) {
        let text = "N: dev\n\(line)\n"
        do {
            _ = try EvemuTrace.parse(desc: "N: dev\nA: 35 0 10 0 0 0\nA: 36 0 10 0 0 0\n", events: text, eventsName: "bad.events")
            Issue.record("no error for '\(line)'")
        } catch {
            #expect(error.line == number, "\(error)")
            #expect(error.file == "bad.events")
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.hasPrefix("bad.events:\(number): "))
        }
    }

    @Test("a description with a reversed axis range or bad ids is an error")
    func malformedDescription() {
        #expect(throws: TraceError(file: "d", line: 2, reason: "A: axis 35 has minimum 10 above maximum 0")) {
            _ = try EvemuTrace.parseDescription("N: x\nA: 35 10 0 0 0 0\n", name: "d")
        }
        do {
            _ = try EvemuTrace.parseDescription("N: x\nI: 0018 0000\n", name: "d")
            Issue.record("no error")
        } catch { #expect(error.line == 2) }
        do {
            _ = try EvemuTrace.parseDescription("# nothing\n", name: "d")
            Issue.record("no error")
        } catch { #expect(error.reason.contains("no evemu device description")) }
    }

    @Test("a device without multitouch axes cannot give frames, with a clear error")
    func noMultitouchAxes() throws {
        let trace = try EvemuTrace.parse(desc: "N: mouse\nA: 00 0 10 0 0 0\n", events: "E: 0.0 0000 0000 0000\n")
        #expect(throws: TraceError.self) { _ = try trace.frames(mappedTo: EvemuTraceTests.output) }
        do { _ = try trace.frames(mappedTo: EvemuTraceTests.output) } catch {
            #expect(error.reason.contains("ABS_MT_POSITION_X"))
        }
    }

    @Test("a missing file is an error value, not a crash")
    func missingFile() {
        do {
            _ = try EvemuTrace.read(desc: "/nonexistent/x.desc", events: "/nonexistent/x.events")
            Issue.record("no error")
        } catch {
            #expect(error.reason.contains("cannot open"))
            #expect(error.line == 0)
        }
    }
}
