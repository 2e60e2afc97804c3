import BezelCore
@testable import BezelInput
import Foundation
import Testing

/// docs/design.md §7 "Trace readers": a multitouch protocol A device (`ABS_MT_*` with
/// `SYN_MT_REPORT`, no `ABS_MT_SLOT`) is read with every contact, as libinput does through
/// mtdev: each report's contacts are paired with the previous report's by nearest distance into
/// slots with stable tracking ids; a contact without partner begins a touch, a missing one ends
/// it; a recording that holds touches but yields none is an error.
@Suite("trace readers: protocol A with every contact (docs/design.md §7)")
struct ProtocolADecoderTests {
    /// The fixtures' axes are 0…1079 × 0…2339, so device units are output pixels here.
    static let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
    static let descPath = TestPaths.fixtures.appendingPathComponent("protocol-a.desc").path
    static func eventsPath(_ name: String) -> String {
        TestPaths.fixtures.appendingPathComponent("protocol-a.\(name).events").path
    }

    /// A protocol A device; `extra` adds `A:` lines (touch major, tracking id).
    static func desc(_ extra: String = "") -> String {
        "N: protocol A\nA: 00 0 1079 0 0 0\nA: 01 0 2339 0 0 0\nA: 35 0 1079 0 0 0\nA: 36 0 2339 0 0 0\n" + extra
    }

    /// evemu lines for reports of contacts `[(x, y, more)]`, 8 ms apart; `more` is extra
    /// `(code, value)` pairs sent inside the contact.
    static func reports(_ list: [[(Int, Int, [(Int, Int)])]]) -> String {
        var lines: [String] = []
        for (r, contacts) in list.enumerated() {
            let t = String(format: "0.%06d", r * 8000)
            for (x, y, more) in contacts {
                for (code, value) in more { lines.append("E: \(t) 0003 \(String(code, radix: 16)) \(value)") }
                lines.append("E: \(t) 0003 0035 \(x)")
                lines.append("E: \(t) 0003 0036 \(y)")
                lines.append("E: \(t) 0000 0002 0")
            }
            if contacts.isEmpty { lines.append("E: \(t) 0000 0002 0") }
            lines.append("E: \(t) 0000 0000 0")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func plain(_ list: [[(Int, Int)]]) -> String { reports(list.map { $0.map { ($0.0, $0.1, []) } }) }

    /// Feeds `trace` through a `ProtocolADecoder`, returning the frame lines and, after each
    /// `SYN_REPORT`, the slots' phases.
    static func decode(_ trace: Trace, slotCount: Int = ProtocolADecoder.libinputSlotCount,
                       logger: Logger = .silent) throws -> (lines: [String], phases: [[ProtocolADecoder.SlotPhase]], decoder: ProtocolADecoder) {
        let axes = try trace.positionAxes()
        var decoder = ProtocolADecoder(axisX: axes.x, axisY: axes.y, slotCount: slotCount,
                                       hasTouchMajor: trace.device.hasAxis(EvdevCode.absMtTouchMajor),
                                       hasTrackingId: trace.device.hasAxis(EvdevCode.absMtTrackingId), logger: logger)
        var builder = TouchFrameBuilder(mapping: TouchMapping(output: output), logger: logger)
        var lines: [String] = [], phases: [[ProtocolADecoder.SlotPhase]] = []
        for event in trace.events {
            if let frame = decoder.feed(event, into: &builder) { lines.append(tidy(TouchFrameText.line(frame))) }
            if event.type == EvdevCode.evSyn && event.code == EvdevCode.synReport { phases.append(decoder.slotPhases) }
        }
        return (lines, phases, decoder)
    }

    /// `line` with each coordinate rounded to a millionth of a pixel (the mapping's float noise).
    static func tidy(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            let semicolon = token.hasSuffix(";")
            let body = semicolon ? token.dropLast() : token
            guard body.contains("."), !body.hasPrefix("t="), let v = Double(body) else { return String(token) }
            return "\((v * 1e6).rounded() / 1e6)" + (semicolon ? ";" : "")
        }.joined(separator: " ")
    }

    static func traceError(_ body: () throws(TraceError) -> Void) -> TraceError? {
        do { try body(); return nil } catch { return error }
    }

    // MARK: The kernel documentation's example

    @Test("§7: the kernel documentation's protocol A example gives both contacts, the move, and each lift")
    func kernelDocumentationExample() throws {
        let trace = try EvemuTrace.read(desc: Self.descPath, events: Self.eventsPath("kernel-doc"))
        #expect(trace.device.touchProtocol == .multitouchProtocolA)
        #expect(try trace.frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) } == [
            "t=0.0 down 0 300.0 1200.0; down 1 780.0 1600.0",
            "t=8.0 motion 0 340.0 1140.0",
            // From here the report lists the second contact first; identities hold.
            "t=16.0 motion 0 380.0 1080.0",
            "t=24.0 motion 0 420.0 1020.0",
            "t=32.0 motion 0 460.0 960.0",
            "t=40.0 motion 0 500.0 900.0",
            "t=48.0 up 0",      // only the second contact listed: the first lifted
            "t=56.0 up 1",      // a lone SYN_MT_REPORT: the last one lifted
        ])
        let decoded = try Self.decode(trace)
        #expect(decoded.phases.last?.allSatisfy { $0 == .free } == true)
    }

    @Test("§7: the kernel documentation's example typed inline: X, Y, SYN_MT_REPORT per contact, then SYN_REPORT; the lift a lone SYN_MT_REPORT")
    func kernelDocumentationInline() throws {
        let trace = try EvemuTrace.parse(desc: Self.desc(), events: Self.plain([[(100, 200), (900, 2000)], [(900, 2000)], []]))
        #expect(try trace.frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) } == [
            "t=0.0 down 0 100.0 200.0; down 1 900.0 2000.0", "t=8.0 up 0", "t=16.0 up 1",
        ])
    }

    // MARK: Identity

    @Test("§7: two fingers whose tracks cross keep their ids (nearest-distance pairing, small steps)")
    func crossingFingersKeepTheirIds() throws {
        let trace = try EvemuTrace.read(desc: Self.descPath, events: Self.eventsPath("two-fingers-cross"))
        let frames = try trace.frames(mappedTo: Self.output)
        var xs: [Int32: [Double]] = [:]
        for e in frames.flatMap(\.events) where e.kind == .down || e.kind == .motion { xs[e.id, default: []].append(e.position.x) }
        // Finger A (id 0) only ever moves right, finger B (id 1) only left, across the crossing.
        #expect(xs[0]?.first == 200 && xs[0]?.last == 880)
        #expect(xs[1]?.first == 880 && xs[1]?.last == 200)
        #expect(zip(xs[0] ?? [], (xs[0] ?? []).dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(xs[1] ?? [], (xs[1] ?? []).dropFirst()).allSatisfy { $0 > $1 })
        #expect(frames.flatMap(\.events).filter { $0.kind == .down }.count == 2)
        #expect(frames.flatMap(\.events).filter { $0.kind == .up }.count == 2)
        // The tracking ids in the slots never change while the fingers are down.
        let phases = try Self.decode(trace).phases
        for p in phases.dropLast() {
            #expect(p.prefix(2) == [.touching(trackingId: 0), .touching(trackingId: 1)])
        }
    }

    @Test("§7: pairing takes the least summed squared distance, not the closest pair first")
    func pairingIsOptimalNotGreedy() throws {
        // Old contacts at x 100 and 110; new at 109 and 120. Closest-first would pair 109 with
        // 110 (1) and 120 with 100 (400): 401. The least sum pairs 109-100 and 120-110: 181.
        let events = Self.plain([[(100, 1000), (110, 1000)], [(109, 1000), (120, 1000)]])
        let lines = try Self.decode(try EvemuTrace.parse(desc: Self.desc(), events: events)).lines
        #expect(lines == ["t=0.0 down 0 100.0 1000.0; down 1 110.0 1000.0", "t=8.0 motion 0 109.0 1000.0; motion 1 120.0 1000.0"])
    }

    @Test("§7: a device with ABS_MT_TRACKING_ID keeps the device's ids instead of pairing by distance")
    func deviceTrackingIdsAreUsed() throws {
        let desc = Self.desc("A: 39 0 65535 0 0 0\n")
        let events = Self.reports([[(100, 100, [(0x39, 5)]), (900, 900, [(0x39, 7)])],
                                   [(900, 880, [(0x39, 5)]), (100, 120, [(0x39, 7)])], []])
        #expect(try EvemuTrace.parse(desc: desc, events: events).frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) } == [
            "t=0.0 down 0 100.0 100.0; down 1 900.0 900.0",
            "t=8.0 motion 0 900.0 880.0; motion 1 100.0 120.0",
            "t=16.0 up 0; up 1",
        ])
    }

    // MARK: Joining, leaving, empty reports

    @Test("§7: a finger joining begins a touch, a finger leaving ends it, the freed slot is used again")
    func fingerJoinsAndLeaves() throws {
        let trace = try EvemuTrace.read(desc: Self.descPath, events: Self.eventsPath("finger-joins-leaves"))
        let lines = try trace.frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) }
        #expect(lines.filter { $0.contains("down") || $0.contains("up") } == [
            "t=0.0 down 0 540.0 2330.0",
            "t=40.0 motion 0 540.0 2180.0; down 1 300.0 900.0",
            "t=80.0 motion 0 540.0 2030.0; up 1",
            "t=104.0 motion 0 540.0 1940.0; down 1 800.0 600.0",
            "t=136.0 up 0; motion 1 800.0 520.0",
            "t=144.0 up 1",
        ])
        // The third finger is a new contact: a new tracking id in the slot the second one left.
        let phases = try Self.decode(trace).phases
        #expect(phases[5][1] == .touching(trackingId: 1))
        #expect(phases[13][1] == .touching(trackingId: 2))
    }

    @Test("§7: BTN_TOUCH 0 with no contact ends every touch; a report without multitouch events changes nothing")
    func emptyReports() throws {
        var events = Self.plain([[(100, 200), (900, 2000)]])
        events += "E: 0.008000 0003 0000 500\nE: 0.008000 0000 0000 0\n"          // ABS_X alone: no change
        events += "E: 0.016000 0001 014a 0\nE: 0.016000 0000 0000 0\n"           // BTN_TOUCH 0 alone: all lift
        let lines = try EvemuTrace.parse(desc: Self.desc(), events: events).frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) }
        #expect(lines == ["t=0.0 down 0 100.0 200.0; down 1 900.0 2000.0", "t=16.0 up 0; up 1"])
    }

    @Test("§7: a contact without both ABS_MT_POSITION_X and Y is not a contact; one with ABS_MT_TOUCH_MAJOR 0 hovers")
    func incompleteAndHoveringContacts() throws {
        let desc = Self.desc("A: 30 0 255 0 0 0\n")
        var events = "E: 0.000000 0003 0035 50\nE: 0.000000 0000 0002 0\n"        // X only: dropped
        events += Self.reports([[(100, 200, [(0x30, 10)]), (500, 600, [(0x30, 0)])]])
        let lines = try EvemuTrace.parse(desc: desc, events: events).frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) }
        #expect(lines == ["t=0.0 down 0 100.0 200.0"])
    }

    @Test("§7: the kernel's hysteresis as mtdev applies it: small moves ignored, middle ones damped, large ones kept")
    func hysteresisAsMtdev() throws {
        // Y axis 0…2339 with fuzz 0: mtdev's default fuzz is 2339 / 250 = 9.
        let events = Self.plain([[(500, 1000)], [(500, 1003)], [(500, 1009)], [(500, 1021)], [(500, 1100)]])
        let lines = try EvemuTrace.parse(desc: Self.desc(), events: events).frames(mappedTo: Self.output).map { Self.tidy(TouchFrameText.line($0)) }
        #expect(lines == [
            "t=0.0 down 0 500.0 1000.0",
            // +3 is within half the fuzz: no motion at t=8; +9 from 1000 is within twice: halfway
            "t=16.0 motion 0 500.0 1004.0",
            "t=24.0 motion 0 500.0 1012.0",   // +17 from 1004: halfway, (1004 + 1021) / 2
            "t=32.0 motion 0 500.0 1100.0",   // beyond twice the fuzz: as reported
        ])
        #expect(ProtocolADecoder.hysteresis(1006, previous: 1000, fuzz: 9) == 1001)   // within the fuzz: a quarter
    }

    // MARK: Limits

    @Test("§7 + §9: more contacts than slots: the extra one is dropped with a log line and begins once a slot is free")
    func moreContactsThanSlots() throws {
        let log = LogLines()
        let events = Self.plain([
            [(100, 100), (300, 300), (500, 500), (700, 700)],
            [(100, 130), (300, 330)],                    // the third and fourth lift
            [(100, 160), (300, 360), (700, 720)],        // the fourth lands again: a free slot now
            [],
        ])
        let decoded = try Self.decode(try EvemuTrace.parse(desc: Self.desc(), events: events), slotCount: 3, logger: log.logger)
        #expect(decoded.lines == [
            "t=0.0 down 0 100.0 100.0; down 1 300.0 300.0; down 2 500.0 500.0",
            "t=8.0 motion 0 100.0 130.0; motion 1 300.0 330.0; up 2",
            "t=16.0 motion 0 100.0 160.0; motion 1 300.0 360.0; down 2 700.0 720.0",
            "t=24.0 up 0; up 1; up 2",
        ])
        #expect(log.contains("more than 3 contacts down at once"))
    }

    @Test("§9: more than 32 contacts in one report: mtdev's limit, the rest ignored with a log line, no trap")
    func moreThanMtdevContacts() throws {
        let log = LogLines()
        let many = (0..<40).map { (20 + 25 * $0, 100 + 50 * $0) }
        let decoded = try Self.decode(try EvemuTrace.parse(desc: Self.desc(), events: Self.plain([many, []])), logger: log.logger)
        #expect(decoded.lines.count == 2)
        #expect(decoded.lines[0].components(separatedBy: "down").count - 1 == ProtocolADecoder.libinputSlotCount)
        #expect(log.contains("more than 32 contacts in one report"))
        #expect(decoded.decoder.contactCount == 32)
    }

    // MARK: Against live libinput

    static let recordings = ["kernel-doc", "two-fingers-cross", "finger-joins-leaves", "five-fingers-shuffled"]

    @Test("§7: live libinput (through mtdev, under umockdev) gives the same touches as the trace reader",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"),
          .serialized, arguments: ProtocolADecoderTests.recordings)
    func liveLibinputGivesTheSameTouches(recording: String) throws {
        let events = Self.eventsPath(recording)
        let expected = try EvemuTrace.read(desc: Self.descPath, events: events).frames(mappedTo: Self.output)
        let live = try LibinputUmockdevTests.readLive(desc: Self.descPath, events: events,
                                                      extra: ["--frames", "\(expected.count)"], output: Self.output)
        #expect(live.status == 0, "probe exit \(live.status): \(live.stderr.suffix(2000))")
        let frames = live.lines.compactMap { TouchFrameText.parse(Substring($0)) }
        func touches(_ f: [TouchFrame]) -> Int { f.flatMap(\.events).filter { $0.kind == .down }.count }
        func order(_ f: [TouchFrame]) -> [String] { f.flatMap(\.events).filter { $0.kind != .motion }.map { "\($0.kind) \($0.id)" } }
        var largest = 0.0
        for (a, b) in zip(frames.flatMap(\.events), expected.flatMap(\.events)) where a.kind != .up && a.kind != .cancel {
            largest = max(largest, abs(a.position.x - b.position.x), abs(a.position.y - b.position.y))
        }
        print("protocol A \(recording): \(touches(expected)) touches from the trace reader, \(touches(frames)) from live libinput; largest coordinate difference \(largest) px")
        #expect(touches(frames) == touches(expected))
        #expect(order(frames) == order(expected))
        #expect(largest <= 0.01)
        #expect(frames == expected)
    }

    // MARK: Empty yield

    @Test("§7: a protocol A recording whose contacts all lack ABS_MT_POSITION_Y is an error naming the first touch event")
    func recordingWithoutCompleteContactsIsAnError() {
        let events = "E: 0.0 0000 0000 0\nE: 0.008 0003 0035 100\nE: 0.008 0000 0002 0\nE: 0.008 0000 0000 0\n"
        let error = Self.traceError { () throws(TraceError) in
            _ = try EvemuTrace.parse(desc: Self.desc(), events: events, eventsName: "a.events").frames(mappedTo: Self.output)
        }
        #expect(error?.file == "a.events")
        #expect(error?.line == 2)
        #expect(error?.reason.contains("yields no touches") == true)
        #expect(error?.reason.contains("both ABS_MT_POSITION_X and ABS_MT_POSITION_Y") == true)
    }

    @Test("§7: a protocol A recording of hovering contacts only is an error that says so")
    func hoveringOnlyIsAnError() {
        let events = Self.reports([[(100, 200, [(0x30, 0)])], []])
        let error = Self.traceError { () throws(TraceError) in
            _ = try EvemuTrace.parse(desc: Self.desc("A: 30 0 255 0 0 0\n"), events: events).frames(mappedTo: Self.output)
        }
        #expect(error?.reason.contains("hovering") == true)
    }

    @Test("§7: multitouch positions without any SYN_MT_REPORT are an error that says what protocol A needs")
    func noSynMtReportIsAnError() {
        let events = "E: 0.0 0003 0035 100\nE: 0.0 0003 0036 100\nE: 0.0 0000 0000 0\n"
        let error = Self.traceError { () throws(TraceError) in
            _ = try EvemuTrace.parse(desc: Self.desc(), events: events).frames(mappedTo: Self.output)
        }
        #expect(error?.reason.contains("closed by SYN_MT_REPORT") == true)
    }
}

/// The pairing solver on its own: exact against trying every permutation.
@Suite("protocol A pairing: minimum-cost assignment (docs/design.md §7)")
struct ContactAssignmentTests {
    @Test("§7: the Hungarian method's pairs cost exactly the least over every permutation (random 1…6 × 1…6)")
    func matchesBruteForce() {
        var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var solver = ContactAssignment(capacity: 32)
        for _ in 0..<500 {
            let rows = 1 + next(6), cols = 1 + next(6)
            var cost = [[Int]](repeating: [Int](repeating: 0, count: cols), count: rows)
            solver.reset(rows: rows, cols: cols)
            for r in 0..<rows {
                for c in 0..<cols {
                    cost[r][c] = next(4) == 0 ? next(5) : next(2_000_000)   // some ties too
                    solver.setCost(row: r, col: c, cost[r][c])
                }
            }
            solver.solve()
            let pairs = (0..<rows).filter { solver.rowToCol[$0] >= 0 }
            #expect(pairs.count == min(rows, cols))
            #expect(Set(pairs.map { solver.rowToCol[$0] }).count == pairs.count)
            let total = pairs.reduce(0) { $0 + cost[$1][solver.rowToCol[$1]] }
            #expect(total == Self.bruteForce(cost, rows: rows, cols: cols))
        }
    }

    /// The least summed cost of pairing min(rows, cols) rows with distinct columns.
    static func bruteForce(_ cost: [[Int]], rows: Int, cols: Int) -> Int {
        var best = Int.max
        func go(_ r: Int, _ used: Set<Int>, _ sum: Int, _ paired: Int) {
            if r == rows {
                if paired == min(rows, cols) { best = min(best, sum) }
                return
            }
            // A row stays unpaired only when there are more rows than columns.
            if rows - r - 1 >= min(rows, cols) - paired { go(r + 1, used, sum, paired) }
            for c in 0..<cols where !used.contains(c) { go(r + 1, used.union([c]), sum + cost[r][c], paired + 1) }
        }
        go(0, [], 0, 0)
        return best
    }
}
