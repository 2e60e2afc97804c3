import BezelCore
import BezelInput
import Foundation
import Testing

/// docs/design.md §7: single-touch screens are read as one touch, protocol A devices with every
/// contact (more in ProtocolADecoderTests), and a recording that holds touches but yields none is
/// an error, never a silent empty run.
@Suite("trace readers: devices without slots, empty yield (docs/design.md §7)")
struct DevicesWithoutSlotsTests {
    /// The fixtures' axes are 0…1079 × 0…2339, so device units are output pixels here.
    static let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    static func fixture(_ name: String) -> String { TestPaths.fixtures.appendingPathComponent(name).path }

    /// The error `body` throws, or `nil`.
    static func traceError(_ body: () throws(TraceError) -> Void) -> TraceError? {
        do { try body(); return nil } catch { return error }
    }

    @Test("§7: a protocol A recording (SYN_MT_REPORT, no ABS_MT_SLOT) replays every contact, not only ABS_X/ABS_Y's first")
    func protocolAYieldsEveryContact() throws {
        let trace = try EvemuTrace.read(events: Self.fixture("protocol-a.evemu"))
        #expect(trace.device.touchProtocol == .multitouchProtocolA)
        let frames = try trace.frames(mappedTo: Self.output)
        #expect(frames.map(TouchFrameText.line) == [
            "t=0.0 down 0 540.0 2335.0",
            "t=8.0 motion 0 540.0 2300.0; down 1 200.0 1000.0",
            "t=16.0 motion 0 540.0 2200.0",
            "t=24.0 motion 0 540.0 2100.0; up 1",
            "t=32.0 up 0",
        ])
    }

    @Test("§7 + 4.1: the protocol A swipe with a second finger landing: the second contact is read, so the edge candidate fails multi_touch")
    func protocolASecondFingerFailsTheDock() throws {
        let frames = try EvemuTrace.read(events: Self.fixture("protocol-a.evemu")).frames(mappedTo: Self.output)
        let decisions = RouterReplayTests.decisions(frames, output: Self.output)
        #expect(decisions.contains { $0.event == .systemFailed(gesture: 0, edge: .bottom, reason: .multiTouch) })
        #expect(!decisions.contains { if case .systemBegan = $0.event { return true }; return false })
        // Both fingers reach the client (R1), the second one too: it is no longer lost.
        let downs = decisions.compactMap { if case let .clientDown(_, _, id, _, _) = $0.event { return id }; return nil }
        #expect(Set(downs) == [0, 1])
    }

    @Test("§7: a single-touch screen (BTN_TOUCH + ABS_X/ABS_Y) reads the same from evemu and libinput record")
    func singleTouchBothFormats() throws {
        let evemu = try EvemuTrace.read(events: Self.fixture("single-touch.evemu"))
        let record = try LibinputRecordTrace.read(Self.fixture("single-touch.libinput-record.yml"))
        #expect(evemu.device.touchProtocol == .singleTouch)
        #expect(record.device.touchProtocol == .singleTouch)
        let expected = [
            "t=0.0 down 0 500.0 1200.0",
            "t=40.0 up 0",
            "t=300.0 down 0 1077.0 800.0",
            "t=308.0 motion 0 1040.0 800.0",
            "t=316.0 motion 0 980.0 805.0",
            "t=324.0 motion 0 900.0 805.0",
            "t=332.0 up 0",
        ]
        #expect(try evemu.frames(mappedTo: Self.output).map(TouchFrameText.line) == expected)
        #expect(try record.frames(mappedTo: Self.output).map(TouchFrameText.line) == expected)
    }

    @Test("§7: real libinput reads the single-touch screen exactly as the trace reader does",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"))
    func singleTouchMatchesLiveLibinput() throws {
        let path = Self.fixture("single-touch.evemu")
        let expected = try EvemuTrace.read(events: path).frames(mappedTo: Self.output)
        let live = try LibinputUmockdevTests.readLive(desc: path, events: path, extra: ["--frames", "\(expected.count)"],
                                                      output: Self.output)
        #expect(live.status == 0, "probe exit \(live.status): \(live.stderr.suffix(2000))")
        #expect(live.lines == expected.map(TouchFrameText.line))
    }

    @Test("§7: position changes while BTN_TOUCH is up move nothing; a press starts at the latest position")
    func singleTouchHover() throws {
        let desc = "N: st\nA: 00 0 1079 0 0 0\nA: 01 0 2339 0 0 0\n"
        let events = """
            E: 0.000000 0003 0000 0100
            E: 0.000000 0003 0001 0200
            E: 0.000000 0000 0000 0000
            E: 0.008000 0003 0000 0110
            E: 0.008000 0001 014a 0001
            E: 0.008000 0000 0000 0000
            E: 0.016000 0001 014a 0000
            E: 0.016000 0003 0000 0120
            E: 0.016000 0000 0000 0000
            """
        let frames = try EvemuTrace.parse(desc: desc, events: events).frames(mappedTo: Self.output)
        #expect(frames.map(TouchFrameText.line) == ["t=8.0 down 0 110.0 200.0", "t=16.0 motion 0 120.0 200.0; up 0"])
    }

    // MARK: Empty yield

    @Test("§7: positions without any BTN_TOUCH press are an error naming the first touch event")
    func singleTouchWithoutPressIsAnError() {
        let desc = "N: st\nA: 00 0 1079 0 0 0\nA: 01 0 2339 0 0 0\n"
        let events = "E: 0.000000 0000 0000 0000\nE: 0.008000 0003 0000 0100\nE: 0.008000 0003 0001 0200\nE: 0.008000 0000 0000 0000\n"
        let error = Self.traceError { () throws(TraceError) in _ = try EvemuTrace.parse(desc: desc, events: events, eventsName: "st.events").frames(mappedTo: Self.output) }
        #expect(error?.file == "st.events")
        #expect(error?.line == 2)
        #expect(error?.reason.contains("yields no touches") == true)
        #expect(error?.reason.contains("BTN_TOUCH is never pressed") == true)
    }

    @Test("§7: a slotted recording whose only contact begins and ends in one frame is an error")
    func slottedEmptyYieldIsAnError() {
        let desc = "N: t\nA: 2f 0 9 0 0 0\nA: 35 0 999 0 0 0\nA: 36 0 999 0 0 0\nA: 39 0 65535 0 0 0\n"
        let events = "E: 0.0 0003 002f 0\nE: 0.0 0003 0039 5\nE: 0.0 0003 0035 1\nE: 0.0 0003 0039 -1\nE: 0.0 0000 0000 0\n"
        let error = Self.traceError { () throws(TraceError) in _ = try EvemuTrace.parse(desc: desc, events: events).frames(mappedTo: Self.output) }
        #expect(error?.line == 2)
        #expect(error?.reason.contains("yields no touches") == true)
    }

    @Test("§7: a recording with no touch events at all is an error, not an empty run")
    func noTouchEventsIsAnError() {
        let desc = "N: t\nA: 2f 0 9 0 0 0\nA: 35 0 999 0 0 0\nA: 36 0 999 0 0 0\n"
        let error = Self.traceError { () throws(TraceError) in _ = try EvemuTrace.parse(desc: desc, events: "E: 0.0 0000 0000 0\n").frames(mappedTo: Self.output) }
        #expect(error?.reason.contains("holds no touch events") == true)
    }

    @Test("§7: a device with neither slots nor ABS_X/ABS_Y is an error that says so")
    func noTouchAxesIsAnError() {
        // A multitouch X axis without its Y, and no ABS_X/ABS_Y: nothing to read a touch from.
        let desc = "N: t\nA: 35 0 999 0 0 0\n"
        let events = "E: 0.0 0003 0035 10\nE: 0.0 0003 0036 10\nE: 0.0 0000 0002 0\nE: 0.0 0000 0000 0\n"
        let error = Self.traceError { () throws(TraceError) in _ = try EvemuTrace.parse(desc: desc, events: events).frames(mappedTo: Self.output) }
        #expect(error?.reason.contains("neither ABS_MT_POSITION_X/Y") == true)
    }
}
