import BezelCore
import BezelInput
import Testing

/// Robustness (docs/design.md §9): hostile or broken streams never crash, and a log line says what
/// was dropped or repaired.
@Suite("touch frame robustness")
struct TouchFrameBuilderTests {
    static let output = OutputGeometry(widthPx: 1000, heightPx: 1000, widthMm: 100, heightMm: 100)
    static let desc = "N: t\nA: 2f 0 19 0 0 0\nA: 35 0 999 0 0 0\nA: 36 0 999 0 0 0\nA: 39 0 65535 0 0 0\n"

    /// Evemu text for `(time µs, [(slot, tracking id or nil, x, y)])` frames.
    static func events(_ frames: [(Int, [(Int, Int?, Int?, Int?)])]) -> String {
        var text = ""
        for (t, slots) in frames {
            let time = "\(t / 1_000_000).\(String(t % 1_000_000).leftPadded(6))"
            for (slot, id, x, y) in slots {
                text += "E: \(time) 0003 002f \(slot)\n"
                if let id { text += "E: \(time) 0003 0039 \(id)\n" }
                if let x { text += "E: \(time) 0003 0035 \(x)\n" }
                if let y { text += "E: \(time) 0003 0036 \(y)\n" }
            }
            text += "E: \(time) 0000 0000 0000\n"
        }
        return text
    }

    static func frames(_ text: String, slotLimit: Int = 10, log: LogLines = LogLines()) throws -> [TouchFrame] {
        try EvemuTrace.parse(desc: desc, events: text).frames(mappedTo: output, slotLimit: slotLimit, logger: log.logger)
    }

    @Test("touches beyond the slot limit are dropped with a log line, and the rest are intact")
    func slotLimit() throws {
        let log = LogLines()
        let downs = (0..<12).map { (slot: $0, id: Optional(100 + $0), x: Optional(10 * $0), y: Optional(10)) }
        let moves = (0..<12).map { (slot: $0, id: Int?.none, x: Optional(10 * $0 + 1), y: Int?.none) }
        let ups = (0..<12).map { (slot: $0, id: Optional(-1), x: Int?.none, y: Int?.none) }
        let frames = try Self.frames(Self.events([(0, downs), (8000, moves), (16000, ups)]), slotLimit: 10, log: log)
        let summary = FrameSummary(frames, output: Self.output)
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        #expect(summary.touches == 10)
        #expect(summary.maxSimultaneous == 10)
        #expect(summary.stillDown == 0)
        #expect(frames[1].events.count == 10, "the dropped touches' motion is swallowed")
        #expect(log.contains("more than 10 touches; dropping contact 10"))
        #expect(log.contains("dropping contact 11"))
        // A smaller configured limit works the same way.
        #expect(FrameSummary(try Self.frames(Self.events([(0, downs), (16000, ups)]), slotLimit: 3), output: Self.output).touches == 3)
    }

    @Test("time going backwards is repaired to the previous frame's time; equal times are kept")
    func timeBackwards() throws {
        let log = LogLines()
        let text = Self.events([
            (50_000, [(0, 1, 100, 100)]),
            (40_000, [(0, nil, 110, nil)]),
            (40_000, [(0, nil, 120, nil)]),
            (60_000, [(0, -1, nil, nil)]),
        ])
        let frames = try Self.frames(text, log: log)
        #expect(frames.map(\.time.value) == [50, 50, 50, 60])
        #expect(log.contains("time went backwards by 10.0 ms"))
    }

    @Test("out-of-range coordinates are clamped onto the output with a log line")
    func outOfRange() throws {
        let log = LogLines()
        let frames = try Self.frames(Self.events([(0, [(0, 1, 5000, -20)]), (8000, [(0, -1, nil, nil)])]), log: log)
        let down = try #require(frames.first?.events.first)
        #expect(down.position.x < 1000 && down.position.x > 999.99)
        #expect(down.position.y == 0)
        #expect(log.contains("outside the axis range"))
        #expect(log.contains("clamped to its border"))
    }

    @Test("a slot number beyond the device's slots selects the last slot, with a log line")
    func slotOutOfRange() throws {
        let log = LogLines()
        let frames = try Self.frames(Self.events([(0, [(55, 1, 10, 10)]), (8000, [(55, -1, nil, nil)])]), log: log)
        #expect(FrameSummary(frames, output: Self.output).touches == 1)
        #expect(log.contains("exceeds the device's 20 slots"))
    }

    @Test("a contact that starts and ends in one frame gives nothing; a new tracking id ends the old contact")
    func oddSlotSequences() throws {
        // Alone in a recording it yields no touch at all, which is an error (docs/design.md §7,
        // DevicesWithoutSlotsTests); here a second contact keeps the recording non-empty.
        var text = "E: 0.0 0003 002f 0\nE: 0.0 0003 0039 5\nE: 0.0 0003 0035 1\nE: 0.0 0003 0039 -1\nE: 0.0 0000 0000 0\n"
            + Self.events([(8000, [(1, 7, 30, 30)])])
        #expect(try Self.frames(text).map(TouchFrameText.line) == ["t=8.0 down 0 30.0 30.0"])
        text = Self.events([(0, [(0, 1, 10, 10)]), (8000, [(0, 2, 20, 20)]), (16000, [(0, -1, nil, nil)])])
        let frames = try Self.frames(text)
        #expect(frames.map(TouchFrameText.line) == ["t=0.0 down 0 10.0 10.0", "t=8.0 up 0; down 0 20.0 20.0", "t=16.0 up 0"])
    }

    @Test("a palm cancels the touches; its own later events are swallowed")
    func palmCancels() throws {
        let text = Self.events([(0, [(0, 1, 10, 10), (1, 2, 50, 50)])])
            + "E: 0.008000 0003 002f 1\nE: 0.008000 0003 0037 2\nE: 0.008000 0000 0000 0\n"
            + Self.events([(16000, [(1, nil, 60, 60), (0, nil, 20, nil)]), (24000, [(0, -1, nil, nil), (1, -1, nil, nil)])])
        let desc = Self.desc + "A: 37 0 2 0 0 0\n"
        let frames = try EvemuTrace.parse(desc: desc, events: text).frames(mappedTo: Self.output)
        #expect(frames.map(TouchFrameText.line) == ["t=0.0 down 0 10.0 10.0; down 1 50.0 50.0", "t=8.0 cancel"])
    }

    @Test("the builder itself tolerates NaN positions, stray lifts and motions of unknown contacts")
    func builderDirect() {
        let log = LogLines()
        var b = TouchFrameBuilder(mapping: TouchMapping(output: Self.output), slotLimit: 2, logger: log.logger)
        let k = TouchFrameBuilder.ContactKey(device: 1, slot: 0)
        b.down(k, u: .nan, v: 0.5)
        b.motion(k, u: 0.1, v: 0.1)
        b.up(k)
        b.up(TouchFrameBuilder.ContactKey(device: 1, slot: 7))
        #expect(b.endFrame(timeUs: 1000) == nil)
        #expect(log.contains("non-finite position"))
        b.down(k, u: 0.5, v: 0.5)
        b.motion(k, u: .nan, v: 0.5)
        let frame = b.endFrame(timeUs: 2000)
        #expect(frame?.events.count == 1)
        b.cancelAll(reason: "device removed")
        #expect(b.endFrame(timeUs: 3000)?.events.map(\.kind) == [.cancel])
        b.motion(k, u: 0.2, v: 0.2)
        b.up(k)
        #expect(b.endFrame(timeUs: 4000) == nil)
        #expect(log.contains("device removed; cancelling 1 touch(es)"))
    }

    @Test("frame lines parse back to identical frames")
    func textRoundTrip() {
        let frame = TouchFrame(time: Milliseconds(12.345), events: [
            TouchInput(kind: .down, id: 0, position: Point(x: 299.70000000000005, y: 0.1), time: Milliseconds(12.345)),
            TouchInput(kind: .up, id: 3, time: Milliseconds(12.345)),
            TouchInput(kind: .cancel, id: -1, time: Milliseconds(12.345)),
        ])
        #expect(TouchFrameText.parse(Substring(TouchFrameText.line(frame))) == frame)
        #expect(TouchFrameText.parse("garbage") == nil)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
