@testable import BezelCore
import BezelScenario
import Testing

/// R9 property tests: random touch streams over random surface trees, with every kind of host
/// event mixed in (device cancel, drags, lock, policy, deferral, surface removal and moves, time
/// passing) and hostile input (NaN positions, duplicate downs, unknown ids, time going
/// backwards). After every batch and at the end, every R9 invariant must hold, and (§4.3 Lock)
/// no gesture that is off while locked begins while locked.
@Suite("R9 invariants over random touch streams")
struct RoutingPropertyTests {
    /// Sequences per run. CI runs all of them (issue 3 asks for at least 10,000).
    static let sequenceCount = 10_000

    @Test("R9: 10,000 random sequences, zero invariant violations")
    func randomStreamsKeepInvariants() {
        var failures: [String] = []
        var totalDowns = 0
        for seed in 0..<UInt64(Self.sequenceCount) {
            let result = Self.runRandomSequence(seed: seed)
            totalDowns += result.downs
            if !result.violations.isEmpty && failures.count < 5 {
                failures.append("seed \(seed):\n  " + result.violations.prefix(5).joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The streams must exercise delivery, not just the system path.
        #expect(totalDowns > Self.sequenceCount)
    }

    /// Sequences of the multi-finger run (§4.5 M1–M5 with R9).
    static let multiFingerSequenceCount = 4_000

    @Test("R9 + M1–M5: random streams with multi-finger gestures bound, zero invariant violations")
    func randomStreamsWithMultiFingerKeepInvariants() {
        var failures: [String] = []
        var begun = 0
        for seed in 0..<UInt64(Self.multiFingerSequenceCount) {
            let result = Self.runRandomSequence(seed: seed, multiFinger: true)
            begun += result.multiFingerBegun
            if !result.violations.isEmpty && failures.count < 5 {
                failures.append("seed \(seed):\n  " + result.violations.prefix(5).joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The streams must actually make multi-finger gestures begin (and take touches).
        #expect(begun > 50, "only \(begun) multi-finger gestures began")
    }

    @Test("M1–M5: the multi-finger engine kept back from touches that cannot make a set decides exactly as one fed every touch (random streams, one and two outputs)")
    func keptBackEngineDecidesAsOneFedEveryTouch() {
        var mismatches: [String] = []
        var begun = 0
        for seed in 0..<UInt64(1_500) {
            for twoOutputs in [false, true] {
                let kept = Self.runRandomSequence(seed: seed, multiFinger: true, twoOutputs: twoOutputs, recordDecisions: true)
                let fed = Self.runRandomSequence(seed: seed, multiFinger: true, twoOutputs: twoOutputs,
                                                 recordDecisions: true, engineFollowsEveryTouch: true)
                begun += kept.multiFingerBegun
                if kept.decisions != fed.decisions && mismatches.count < 3 {
                    let k = zip(kept.decisions, fed.decisions).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(kept.decisions.count, fed.decisions.count)
                    mismatches.append("seed \(seed) twoOutputs \(twoOutputs), decision \(k): kept back "
                        + "\(k < kept.decisions.count ? kept.decisions[k] : "-"), fed every touch \(k < fed.decisions.count ? fed.decisions[k] : "-")")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(begun > 50, "only \(begun) multi-finger gestures began")
    }

    @Test("R9 + M1–M5 + R8 on two outputs: sets on either screen or across both, outputs unplugged and plugged back, gesture policy masks; zero invariant violations")
    func randomStreamsOnTwoOutputsKeepInvariants() {
        var failures: [String] = []
        var begunOn: [OutputID: Int] = [:]
        for seed in 0..<UInt64(2_000) {
            let result = Self.runRandomSequence(seed: seed, multiFinger: true, twoOutputs: true)
            for (o, n) in result.multiFingerBegunOn { begunOn[o, default: 0] += n }
            if !result.violations.isEmpty && failures.count < 5 {
                failures.append("seed \(seed):\n  " + result.violations.prefix(5).joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Sets form on both screens, and their decisions name the screen they are on.
        #expect(begunOn[0, default: 0] > 20 && begunOn[1, default: 0] > 20, "multi-finger gestures begun per output: \(begunOn)")
    }

    @Test("R9 + R3 regions: random streams with random deferred regions and caps changing at run time; zero invariant violations")
    func randomStreamsWithRegionsKeepInvariants() {
        var failures: [String] = []
        var regionCommits = 0
        for seed in 0..<UInt64(4_000) {
            let result = Self.runRandomSequence(seed: seed, regions: true)
            regionCommits += result.regionCommits
            if !result.violations.isEmpty && failures.count < 5 {
                failures.append("seed \(seed):\n  " + result.violations.prefix(5).joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Regions must actually change during the streams.
        #expect(regionCommits > 4_000, "only \(regionCommits) region commits")
    }

    @Test("R9 + R10: random streams with back bound on both side edges and surfaces turning back handling on and off; zero invariant violations, and every back_began ends in exactly one back_invoked or back_cancelled unless its surface went")
    func randomStreamsWithBackKeepInvariants() {
        var failures: [String] = []
        var backBegun = 0
        for seed in 0..<UInt64(4_000) {
            let result = Self.runRandomSequence(seed: seed, back: true)
            backBegun += result.backBegun
            if !result.violations.isEmpty && failures.count < 5 {
                failures.append("seed \(seed):\n  " + result.violations.prefix(5).joined(separator: "\n  "))
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The streams must actually give back gestures to apps.
        #expect(backBegun > 300, "only \(backBegun) back gestures went to an app")
    }

    /// Runs one random sequence and returns the invariant checker's findings. With
    /// `multiFinger`, swipes, pinches and holds for 3–5 fingers are bound, fingers often land
    /// in bursts, and surfaces defer gesture kinds at random. With `twoOutputs`, a second
    /// output sits right of the first; fingers land on either, and the second is unplugged and
    /// plugged back now and then (R8). With `regions`, edges may have a `deferred_cap_mm` and
    /// surfaces commit random deferred regions (or reset them) at random times (§5 version 3).
    /// With `back`, back is bound on both side edges and surfaces turn back handling on and off
    /// at random times (§4.6); every back_began must then end exactly once (R10).
    static func runRandomSequence(seed: UInt64, multiFinger: Bool = false, twoOutputs: Bool = false,
                                  regions: Bool = false, back: Bool = false, debugTrace: Bool = false,
                                  recordDecisions: Bool = false, engineFollowsEveryTouch: Bool = false)
        -> (violations: [String], downs: Int, multiFingerBegun: Int, multiFingerBegunOn: [OutputID: Int],
            regionCommits: Int, decisions: [String], backBegun: Int) {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
        func roll(_ n: UInt64) -> Int { Int(rng.next() % n) }
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        var config = SystemGestureConfig()
        if roll(2) == 0 {
            let back = config.gestureIndexAdding("back")
            config.bindings[Edge.left.index] = [EdgeSegment(gesture: back, from: 0, to: 1)]
        }
        if roll(4) == 0 { for e in 0..<4 { config.thresholds[e].multiTouchRejects = false } }
        if multiFinger {
            func bind(_ name: String, _ kind: MultiFingerKind, _ fingers: Int, _ direction: MultiFingerDirection) {
                let g = config.gestureIndexAdding(name)
                config.multiFinger.append(MultiFingerBinding(gesture: g, kind: kind, fingers: fingers, direction: direction))
            }
            bind("workspace_up", .swipe, 3, .up)
            bind("workspace_left", .swipe, 3, .left)
            bind("overview", .pinch, 4, .pinchIn)
            bind("launcher", .hold, 3, .none)
            bind("home", .swipe, 5, .up)
            if roll(2) == 0 { config.gestures[config.gestureIndexAdding("overview")].whenLocked = true }
            if roll(2) == 0 { config.gestures[config.gestureIndexAdding("workspace_up")].modal = true }
        }
        if regions {
            // Rolled only then, so that the other streams stay as they were.
            for e in 0..<4 where roll(3) == 0 { config.thresholds[e].deferredCap_mm = Double(roll(80)) }
        }
        if back {
            // Rolled only then, as regions are.
            let g = config.gestureIndexAdding("back")
            for edge in [Edge.left, .right] { config.bindings[edge.index] = [EdgeSegment(gesture: g, from: 0, to: 1)] }
            if roll(3) == 0 { config.gestures[g].whenLocked = true }
        }
        let router = SystemGestureRouter(output: output, config: config, maxTouches: 8)
        if engineFollowsEveryTouch { router.core.multiFinger?.keepsDownsBack = false }
        var decisions: [String] = []
        var regionCommits = 0
        /// A random region for a surface: nil (the whole surface), empty, or 1–4 rectangles
        /// around the surface's own extent, some reaching past it.
        func commitRandomRegion(_ node: NodeTree.NodeID, _ time: Milliseconds) {
            var rects: [Rect]?
            if roll(4) != 0 {
                let size = router.tree.rect(of: node)
                rects = (0..<roll(5)).map { _ in
                    Rect(x: Double(roll(UInt64(max(1, size.width)))) - 50, y: Double(roll(UInt64(max(1, size.height)))) - 50,
                         width: Double(roll(900)), height: Double(roll(1500)))
                }
            }
            router.commitDeferredRegion(rects, surface: node, time: time)
            regionCommits += 1
        }
        var checker = RoutingInvariantChecker()
        var output1Present = false
        if twoOutputs { output1Present = router.addOutput(1, origin: Point(x: 1080, y: 0), geometry: output) }
        /// A finger lands on output 0, or on either output when there are two (output-local `p`).
        func touchDown(_ id: Int32, _ p: Point, _ time: Milliseconds, output o: OutputID) {
            if twoOutputs && output1Present && o == 1 {
                router.touchDown(id: id, at: router.layoutPosition(p, onOutput: 1) ?? p, output: 1, time: time)
            } else {
                router.touchDown(id: id, at: p, time: time)
            }
        }

        // A random tree of 1–6 surfaces from up to 3 clients; some have gesture objects.
        var surfaces: [NodeTree.NodeID] = []
        for _ in 0..<(1 + roll(6)) {
            let parent: NodeTree.NodeID? = surfaces.isEmpty || roll(2) == 0 ? nil : surfaces[roll(UInt64(surfaces.count))]
            let x = Double(roll(600)), y = Double(roll(1400))
            let rect = roll(3) == 0 ? output.bounds : Rect(x: x, y: y, width: Double(200 + roll(880)), height: Double(300 + roll(2040)))
            if let node = router.addSurface(client: ClientID(roll(3)), rect: rect, parent: parent) {
                surfaces.append(node)
                if roll(3) == 0 { router.commitDeferredEdges(EdgeSet(rawValue: UInt32(roll(16))), surface: node, time: .zero) }
                if back && roll(2) == 0 { router.commitBackHandling(true, surface: node, time: .zero) }
            }
        }
        /// R10: the surfaces with a back running (back_began, no end yet), and what went wrong.
        var backOpen: Set<NodeTree.NodeID> = []
        var backViolations: [String] = []
        var backBegun = 0
        var lockViolations: [String] = []
        var multiFingerBegun = 0
        var multiFingerBegunOn: [OutputID: Int] = [:]
        func drain() {
            // Read before draining: the router is busy (exclusive access) while it drains.
            let locked = router.isLocked, gestures = router.config.gestures
            router.drain { o in
                if debugTrace { print(o) }
                if recordDecisions { decisions.append("\(o)") }
                checker.observe(o)
                // §4.3 Lock: nothing that is off while locked begins after the lock, not even a
                // candidate that was already deciding when the lock came.
                if case .systemBegan(let g, let edge) = o.event, locked, !gestures[g].whenLocked {
                    lockViolations.append("t=\(o.t.value): \(gestures[g].name) began on the \(edge) edge while locked")
                }
                switch o.event {
                case .backBegan(let sf, _, _):
                    backBegun += 1
                    if !backOpen.insert(sf).inserted {
                        backViolations.append("t=\(o.t.value): second back_began on \(sf) while one is running")
                    }
                case .backInvoked(let sf), .backCancelled(let sf):
                    if backOpen.remove(sf) == nil {
                        backViolations.append("t=\(o.t.value): back end on \(sf) with no back_began")
                    }
                default: break
                }
                if case .multiFingerBegan(let m) = o.event {
                    multiFingerBegun += 1
                    multiFingerBegunOn[o.output, default: 0] += 1
                    if locked, !gestures[m.gesture].whenLocked {
                        lockViolations.append("t=\(o.t.value): \(gestures[m.gesture].name) (\(m.fingers) fingers) began while locked")
                    }
                }
            }
        }
        drain()
        checker.endBatch(at: router.now)

        var t = 0.0
        var down: [Int32: Point] = [:]
        for _ in 0..<(20 + roll(60)) {
            t += Double(roll(5) == 0 ? 150 + roll(400) : roll(20))
            if multiFinger && roll(4) == 0 {
                // A burst: several fingers land within a few ms, then move together.
                let n = 2 + roll(4)
                let dx = Double(roll(81)) - 40, dy = Double(roll(81)) - 40, spread = Double(roll(3)) - 1
                // On two outputs: mostly one screen per burst, sometimes fingers on both.
                // (Rolled only then, so that the one-output streams stay as they were.)
                let burstOutput = twoOutputs ? OutputID(roll(2)) : 0, mixed = twoOutputs && roll(4) == 0
                for k in 0..<n {
                    let id = Int32(roll(10))
                    let p = Point(x: Double(200 + roll(680)), y: Double(300 + roll(1700)))
                    touchDown(id, p, Milliseconds(t + Double(k)), output: mixed ? OutputID(roll(2)) : burstOutput)
                    if down[id] == nil { down[id] = p }
                }
                t += Double(n)
                for step in 1...(1 + roll(5)) {
                    t += 16
                    for id in down.keys.sorted() {
                        guard let p = down[id] else { continue }
                        let q = Point(x: p.x + dx + spread * (p.x - 540) * 0.1, y: p.y + dy + spread * (p.y - 1170) * 0.1)
                        router.touchMotion(id: id, at: router.layoutPosition(q, ofTouch: id), time: Milliseconds(t))
                        down[id] = q
                        _ = step
                    }
                    router.frame(time: Milliseconds(t))
                    drain()
                    checker.endBatch(at: router.now)
                }
                if twoOutputs, roll(3) == 0, !surfaces.isEmpty {
                    // R6 for kinds: the host's policy mask.
                    router.setGesturePolicyMask(GestureKindSet(rawValue: UInt32(roll(8))), surface: surfaces[roll(UInt64(surfaces.count))], time: Milliseconds(t))
                }
                if roll(3) == 0, !surfaces.isEmpty {
                    router.commitDeferredGestures(GestureKindSet(rawValue: UInt32(roll(8))), surface: surfaces[roll(UInt64(surfaces.count))], time: Milliseconds(t))
                    drain()
                    checker.endBatch(at: router.now)
                }
                continue
            }
            let time = Milliseconds(t)
            if back, roll(6) == 0, !surfaces.isEmpty {
                // A committed set_back_handling, perhaps while a back is running on the surface.
                router.commitBackHandling(roll(3) != 0, surface: surfaces[roll(UInt64(surfaces.count))], time: time)
                drain()
                checker.endBatch(at: router.now)
            }
            if regions, roll(4) == 0, !surfaces.isEmpty {
                // A committed set_deferred_region, perhaps while fingers are down on the surface.
                let node = surfaces[roll(UInt64(surfaces.count))]
                if roll(2) == 0 { router.commitDeferredEdges(EdgeSet(rawValue: UInt32(roll(16))), surface: node, time: time) }
                commitRandomRegion(node, time)
                drain()
                checker.endBatch(at: router.now)
            }
            // One frame: a few touch events at the same instant, or one host event.
            let kind = roll(100)
            if debugTrace && kind >= 76 { print("IN \(t) host op \(kind) down=\(down.keys.sorted())") }
            if kind < 76 {
                for _ in 0..<(1 + roll(3)) {
                    let action = roll(10)
                    if action < 3 || down.isEmpty {
                        let id = Int32(roll(10))
                        let p = roll(2) == 0 ? nearEdge(&rng, output) : Point(x: Double(roll(1080)), y: Double(roll(2340)))
                        touchDown(id, p, time, output: twoOutputs ? OutputID(roll(2)) : 0)
                        if debugTrace { print("IN \(t) down \(id) \(p)") }
                        if down[id] == nil { down[id] = p }
                    } else if action < 8 {
                        let id = Array(down.keys).sorted()[roll(UInt64(down.count))]
                        var p = down[id]!
                        // Mostly inward swipes, sometimes lateral jitter or a wild value.
                        switch roll(10) {
                        case 0: p = Point(x: .nan, y: p.y)
                        case 1: p = Point(x: p.x + Double(roll(400)) - 200, y: p.y + Double(roll(400)) - 200)
                        default:
                            let step = Double(10 + roll(80))
                            // With back bound, half the swipes are straight across, as a back is.
                            if back && roll(2) == 0 {
                                p = Point(x: p.x + (p.x < 540 ? step : -step), y: p.y)
                                break
                            }
                            p = Point(x: p.x + (p.x < 540 ? step : -step) * Double(roll(2)),
                                      y: p.y + (p.y < 1170 ? step : -step))
                        }
                        router.touchMotion(id: id, at: router.layoutPosition(p, ofTouch: id), time: time)
                        if debugTrace { print("IN \(t) motion \(id) \(p)") }
                        if p.isFinite { down[id] = p }
                    } else {
                        let id = roll(8) == 0 ? Int32(roll(12)) : Array(down.keys).sorted()[roll(UInt64(down.count))]
                        router.touchUp(id: id, time: time)
                        if debugTrace { print("IN \(t) up \(id)") }
                        down[id] = nil
                    }
                }
                router.frame(time: time)
            } else if kind < 79, !surfaces.isEmpty {
                // The host moves or resizes a surface, perhaps under a finger (§4.3).
                let node = surfaces[roll(UInt64(surfaces.count))]
                let r = router.tree.rect(of: node)
                let moved = Rect(x: r.x + Double(roll(401)) - 200, y: r.y + Double(roll(401)) - 200,
                                 width: max(0, r.width + Double(roll(201)) - 100), height: max(0, r.height + Double(roll(201)) - 100))
                router.setSurfaceRect(moved, surface: node)
                if debugTrace { print("IN \(t) move \(node) \(moved)") }
            } else if kind < 80, twoOutputs, roll(2) == 0 {
                // R8: output 1 unplugged (its touches are cancelled) or plugged back.
                if output1Present {
                    _ = router.removeOutput(1, time: time)
                    output1Present = false
                    down = down.filter { router.isTouchDown($0.key) }
                } else {
                    output1Present = router.addOutput(1, origin: Point(x: 1080, y: 0), geometry: output)
                }
                if debugTrace { print("IN \(t) output 1 present: \(output1Present)") }
            } else if kind < 80 {
                // Locks come often enough to land while candidates are deciding (§4.3 Lock).
                router.setLocked(!router.isLocked, time: time)
                if debugTrace { print("IN \(t) lock \(router.isLocked)") }
            } else if kind < 83 {
                router.cancelAll(time: time)
                down.removeAll()
            } else if kind < 87, let id = down.keys.sorted().first {
                // Timers due by now fire first; the checker must see their output before the
                // drag takes the touch.
                router.advance(to: time)
                drain()
                router.dragStart(touch: id, time: time)
                checker.dragStarted(touch: id)
                if debugTrace { print("IN \(t) dragStart \(id)") }
            } else if kind < 89 {
                router.dragEnd(time: time)
            } else if kind < 91 {
                router.setLocked(roll(2) == 0, time: time)
            } else if kind < 94, !surfaces.isEmpty {
                router.commitDeferredEdges(EdgeSet(rawValue: UInt32(roll(16))), surface: surfaces[roll(UInt64(surfaces.count))], time: time)
            } else if kind < 95, !surfaces.isEmpty {
                router.setPolicyMask(EdgeSet(rawValue: UInt32(roll(16))), surface: surfaces[roll(UInt64(surfaces.count))], time: time)
            } else if kind < 97, !surfaces.isEmpty {
                router.removeSurface(surfaces[roll(UInt64(surfaces.count))], time: time)
            } else if kind < 98 {
                // Time going backwards must be tolerated.
                router.touchMotion(id: 0, at: Point(x: 10, y: 10), time: Milliseconds(t - 500))
                if debugTrace { print("IN \(t) backwards motion 0") }
                router.frame(time: Milliseconds(t - 500))
            } else {
                router.advance(to: time)
            }
            drain()
            checker.endBatch(at: router.now)
        }
        // Lift every finger, let every timer fire: every down must now be matched.
        t += 10
        for id in down.keys.sorted() { router.touchUp(id: id, time: Milliseconds(t)) }
        router.frame(time: Milliseconds(t))
        drain()
        checker.endBatch(at: router.now)
        router.advance(to: Milliseconds(t + 10_000))
        drain()
        checker.endBatch(at: router.now)
        checker.finish()
        // A back still running at the end must be on a surface that went away.
        for sf in backOpen where router.tree.contains(sf) {
            backViolations.append("back_began on \(sf) never ended")
        }
        return (checker.violations + lockViolations + backViolations, checker.downs, multiFingerBegun, multiFingerBegunOn,
                regionCommits, decisions, backBegun)
    }

    static func nearEdge(_ rng: inout SplitMix64, _ o: OutputGeometry) -> Point {
        let inset = Double(rng.next() % 70)
        let along = Double(rng.next() % 1000) / 1000
        switch rng.next() % 4 {
        case 0: return Point(x: along * o.widthPx, y: inset)
        case 1: return Point(x: along * o.widthPx, y: o.heightPx - 1 - inset)
        case 2: return Point(x: inset, y: along * o.heightPx)
        default: return Point(x: o.widthPx - 1 - inset, y: along * o.heightPx)
        }
    }
}
