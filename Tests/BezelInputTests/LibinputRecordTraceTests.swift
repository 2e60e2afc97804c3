import BezelCore
import BezelInput
import Testing

@Suite("libinput record reader")
struct LibinputRecordTraceTests {
    static let fixture = TestPaths.fixtures.appendingPathComponent("two-fingers.libinput-record.yml").path
    static let output = OutputGeometry(widthPx: 1280, heightPx: 800, widthMm: 200, heightMm: 125)

    @Test("the recording's device and evdev events are read; libinput's own entries are skipped")
    func readsFixture() throws {
        let trace = try LibinputRecordTrace.read(Self.fixture)
        #expect(trace.device.name == "Bezel Test Touchscreen")
        #expect(trace.device.bus == 24)
        #expect(trace.device.positionX == AbsAxisInfo(minimum: 0, maximum: 1279))
        #expect(trace.device.slotCount == 5)
        #expect(trace.device.supports(type: 1, code: 330))
        #expect(trace.device.propertyBytes == [2])
        #expect(trace.events.count == 22)
        #expect(trace.events.first == EvdevEvent(seconds: 0, microseconds: 0, type: 3, code: 57, value: 10, line: 45))
    }

    @Test("it gives the same frames as the evemu recording of the same events")
    func sameFramesAsEvemu() throws {
        let record = try LibinputRecordTrace.read(Self.fixture).frames(mappedTo: Self.output)
        let evemu = try EvemuTrace.read(events: TestPaths.fixtures.appendingPathComponent("two-fingers.evemu").path)
            .frames(mappedTo: Self.output)
        #expect(record == evemu)
        #expect(record.count == 5)
    }

    @Test("malformed recordings give an error with the line", arguments: [
        ("devices:\n- node: /dev/input/event0\n  evdev:\n    absinfo:\n      53: [0, 10, 0]\n", 5, "needs 5 numbers"),
        ("devices:\n- node: x\n  evdev:\n    name: a\n  events:\n  - evdev:\n    - [0, 1, 3, 53, ten]\n", 7, "not an integer"),
        ("devices:\n- node: x\n  evdev:\n    name: a\n  events:\n  - evdev:\n    - [0, 1, 3, 53, 5\n", 7, "unterminated"),
        ("devices:\n- node: x\n  evdev:\n    name: a\n   bad: indentation\n", 5, "indentation"),
        ("version: 1\nndevices: 1\n", 0, "no 'devices:'"),
        ("devices:\n- node: x\n  evdev:\n    name: a\n  events:\n  - evdev:\n    - [0, 2000000, 3, 53, 5]\n", 7, "bad timestamp"),
        ("devices:\n- node: x\n", 2, "no 'evdev:'"),
        ("devices:\n  just text\n", 2, "expected 'key: value'"),
    ])
    func malformed(text: String, line: Int, reason: String) {
        do {
            _ = try LibinputRecordTrace.parse(text, name: "bad.yml")
            Issue.record("no error for:\n\(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }

    @Test("asking for a device the recording does not have is an error")
    func missingDevice() {
        #expect(throws: TraceError.self) { _ = try LibinputRecordTrace.read(Self.fixture, deviceIndex: 1) }
    }
}
