import Testing
@testable import BezelCore

/// Several outputs in one router (docs/design.md §6 "every output", R8): one surface tree in layout
/// coordinates, touches in output-local coordinates, edge zones, millimetres and armed edges
/// per output, and an output removed mid-gesture cancelling what it carried.
@Suite("Router: several outputs (docs/design.md §6, R4, R8)")
struct MultiOutputRoutingTests {
    /// Output 0: 1080x1920 px, 68x121 mm at (0,0). Output 1 beside it at (1080,0): the same
    /// pixels on a panel twice as large, so its edge zone is half as many pixels deep.
    static let small = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)
    static let large = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 136, heightMm: 242)

    /// Two outputs, client 1 full-screen on output 0 and client 2 full-screen on output 1.
    struct Setup {
        let router = SystemGestureRouter(output: MultiOutputRoutingTests.small)
        var a = NodeTree.NodeID.none, b = NodeTree.NodeID.none
        var checker = RoutingInvariantChecker()
        var log: [RouterDecision] = []

        init() {
            #expect(router.addOutput(1, origin: Point(x: 1080, y: 0), geometry: MultiOutputRoutingTests.large))
            a = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920)) ?? .none
            b = router.addSurface(client: 2, rect: Rect(x: 1080, y: 0, width: 1080, height: 1920)) ?? .none
        }

        /// Drains into `log` and the R9 checker, closing the batch.
        mutating func drain(_ t: Double) -> [RouterDecision] {
            var got: [RouterDecision] = []
            router.drain { got.append($0) }
            for o in got { checker.observe(o) }
            checker.endBatch(at: Milliseconds(t))
            log += got
            return got
        }

        /// One input frame.
        mutating func frame(_ t: Double, _ body: (SystemGestureRouter) -> Void) -> [RouterDecision] {
            body(router)
            router.frame(time: Milliseconds(t))
            return drain(t)
        }

        /// A bottom-edge swipe of touch `id` on `output`, from local (x, 1915) upward in
        /// `steps` samples of 40 px, 10 ms apart, starting at `t0`. Not lifted.
        mutating func swipeUp(id: Int32, output: OutputID, x: Double, t0: Double, steps: Int) {
            _ = frame(t0) { $0.touchDown(id: id, atLocal: Point(x: x, y: 1915), output: output, time: Milliseconds(t0)) }
            for k in 1...steps {
                let t = t0 + Double(k) * 10
                _ = frame(t) { $0.touchMotion(id: id, atLocal: Point(x: x, y: 1915 - Double(k) * 40), time: Milliseconds(t)) }
            }
        }
    }

    @Test("R1 across outputs: a touch on output 1 hits the surface at the layout position, with surface-local coordinates")
    func hitTestInLayoutCoordinates() {
        var s = Setup()
        let out = s.frame(0) { $0.touchDown(id: 3, atLocal: Point(x: 100, y: 200), output: 1, time: .zero) }
        #expect(out.first?.event == .clientDown(client: 2, surface: s.b, id: 3, position: Point(x: 100, y: 200), time: .zero))
        let motion = s.frame(8) { $0.touchMotion(id: 3, atLocal: Point(x: 110, y: 190), time: Milliseconds(8)) }
        #expect(motion.first?.event == .clientMotion(client: 2, surface: s.b, id: 3, position: Point(x: 110, y: 190), time: Milliseconds(8)))
        _ = s.frame(16) { $0.touchUp(id: 3, time: Milliseconds(16)) }
        s.checker.finish()
        #expect(s.checker.isClean, "\(s.checker.violations)")
    }

    @Test("edge zones use each output's millimetres: 40 px from the bottom is in the zone on the small panel only")
    func zonesPerOutput() {
        var s = Setup()
        // 40 px = 2.5 mm on output 0 (zone 3.5 mm: held), 5.0 mm on output 1 (outside: R1).
        let onSmall = s.frame(0) { $0.touchDown(id: 0, atLocal: Point(x: 540, y: 1880), output: 0, time: .zero) }
        #expect(onSmall.isEmpty, "held on output 0: \(onSmall)")
        let onLarge = s.frame(1) { $0.touchDown(id: 1, atLocal: Point(x: 540, y: 1880), output: 1, time: Milliseconds(1)) }
        #expect(onLarge.contains { if case .clientDown(2, _, 1, _, _) = $0.event { return true } else { return false } })
    }

    @Test("a dock swipe on output 1 reports output 1 in began, changed and ended")
    func systemEventsCarryTheOutput() {
        var s = Setup()
        s.swipeUp(id: 0, output: 1, x: 540, t0: 0, steps: 6)
        _ = s.frame(70) { $0.touchUp(id: 0, time: Milliseconds(70)) }
        let system = s.log.filter {
            switch $0.event {
            case .systemBegan, .systemChanged, .systemEnded: return true
            default: return false
            }
        }
        #expect(system.count >= 3)
        #expect(system.allSatisfy { $0.output == 1 })
        #expect(!s.log.contains { if case .clientDown = $0.event { return true } else { return false } })
    }

    @Test("R4 per output: a deferred swipe arms the edge of its own output only")
    func armedEdgesPerOutput() {
        var s = Setup()
        s.router.commitDeferredEdges(.bottom, surface: s.a, time: .zero)
        s.router.commitDeferredEdges(.bottom, surface: s.b, time: .zero)
        _ = s.drain(0)
        // A quick swipe on output 1 is deferred: affordance on output 1, edge armed there.
        s.swipeUp(id: 0, output: 1, x: 540, t0: 10, steps: 3)
        _ = s.frame(50) { $0.touchUp(id: 0, time: Milliseconds(50)) }
        let shown = s.log.filter { if case .affordanceShown(.bottom) = $0.event { return true } else { return false } }
        #expect(shown.map(\.output) == [1])
        // On output 0 the bottom edge is not armed: the swipe is deferred again (shown on 0).
        s.swipeUp(id: 1, output: 0, x: 540, t0: 100, steps: 3)
        _ = s.frame(140) { $0.touchUp(id: 1, time: Milliseconds(140)) }
        let shown2 = s.log.filter { if case .affordanceShown(.bottom) = $0.event { return true } else { return false } }
        #expect(shown2.map(\.output) == [1, 0])
        #expect(!s.log.contains { if case .systemBegan = $0.event { return true } else { return false } })
        // Output 1 is armed: its second swipe goes to the system and hides output 1's affordance.
        s.swipeUp(id: 2, output: 1, x: 540, t0: 200, steps: 4)
        let began = s.log.firstIndex { if case .systemBegan = $0.event { return true } else { return false } }
        #expect(began.map { s.log[$0].output } == 1)
        let hidden = s.log.filter { if case .affordanceHidden(.bottom) = $0.event { return true } else { return false } }
        #expect(hidden.map(\.output) == [1])
        // The re-arm window of output 0 runs out on its own: hidden on 0.
        s.router.advance(to: Milliseconds(5000))
        _ = s.drain(5000)
        let hiddenLater = s.log.filter { if case .affordanceHidden(.bottom) = $0.event { return true } else { return false } }
        #expect(hiddenLater.map(\.output) == [1, 0])
    }

    @Test("R8: removing output 1 mid-gesture cancels its dock and its client's touch; output 0 goes on")
    func removeOutputMidGesture() {
        var s = Setup()
        // Touch 5 on client 1 (output 0), touch 6 on client 2 (output 1), then a dock swipe on
        // output 1 with touch 0 (multi_touch_rejects only fails candidates still deciding).
        _ = s.frame(0) {
            $0.touchDown(id: 5, atLocal: Point(x: 540, y: 900), output: 0, time: .zero)
            $0.touchDown(id: 6, atLocal: Point(x: 540, y: 900), output: 1, time: .zero)
        }
        s.swipeUp(id: 0, output: 1, x: 300, t0: 10, steps: 6)
        #expect(s.log.contains { $0.event == .systemBegan(gesture: 0, edge: .bottom) && $0.output == 1 })
        #expect(s.router.removeOutput(1, time: Milliseconds(100)))
        let removal = s.drain(100)
        #expect(removal.contains { $0.event == .systemCancelled(gesture: 0, edge: .bottom) && $0.output == 1 })
        #expect(removal.contains { $0.event == .clientCancel(client: 2) })
        #expect(!removal.contains { $0.event == .clientCancel(client: 1) })
        // Later events for the removed output's touches are dropped as unknown.
        #expect(s.router.touchMotion(id: 0, atLocal: Point(x: 300, y: 1000), time: Milliseconds(110)) == .unknownTouch)
        #expect(s.router.touchUp(id: 6, time: Milliseconds(110)) == .unknownTouch)
        _ = s.drain(110)
        // Output 0's touch still reaches its client.
        let up = s.frame(120) { $0.touchUp(id: 5, time: Milliseconds(120)) }
        #expect(up.contains { $0.event == .clientUp(client: 1, surface: s.a, id: 5, time: Milliseconds(120)) })
        #expect(s.router.outputIDs == [0])
        #expect(s.router.touchDown(id: 7, atLocal: .zero, output: 1, time: Milliseconds(130)) == .unknownOutput)
        s.checker.finish()
        #expect(s.checker.isClean, "\(s.checker.violations)")
    }

    @Test("R8: a held edge touch on a removed output fails 'cancelled' and never reaches its client")
    func removeOutputWithHeldTouch() {
        var s = Setup()
        _ = s.frame(0) { $0.touchDown(id: 0, atLocal: Point(x: 540, y: 1915), output: 1, time: .zero) }
        #expect(s.router.removeOutput(1, time: Milliseconds(20)))
        let out = s.drain(20)
        #expect(out.contains { $0.event == .systemFailed(gesture: 0, edge: .bottom, reason: .cancelled) && $0.output == 1 })
        s.router.advance(to: Milliseconds(1000))
        let later = s.drain(1000)
        #expect(!(out + later).contains { if case .clientDown = $0.event { return true } else { return false } })
    }

    @Test("R8: an output removed while its edge is armed hides its affordance")
    func removeOutputHidesAffordance() {
        var s = Setup()
        s.router.commitDeferredEdges(.bottom, surface: s.b, time: .zero)
        s.swipeUp(id: 0, output: 1, x: 540, t0: 10, steps: 3)
        _ = s.frame(50) { $0.touchUp(id: 0, time: Milliseconds(50)) }
        #expect(s.router.removeOutput(1, time: Milliseconds(60)))
        let out = s.drain(60)
        #expect(out.contains { $0.event == .affordanceHidden(edge: .bottom) && $0.output == 1 })
        #expect(s.router.nextDeadline == .never)
    }

    @Test("outputs: duplicate, unknown and moved outputs")
    func outputBookkeeping() {
        var s = Setup()
        #expect(!s.router.addOutput(1, origin: .zero, geometry: Self.small))
        #expect(!s.router.updateOutput(9, origin: .zero, geometry: Self.small))
        #expect(!s.router.removeOutput(9, time: .zero))
        #expect(!s.router.addOutput(2, origin: Point(x: .nan, y: 0), geometry: Self.small))
        // Move output 1 below output 0: a touch at its local (100, 200) now hits nothing.
        #expect(s.router.updateOutput(1, origin: Point(x: 0, y: 1920), geometry: Self.large))
        #expect(s.router.placement(of: 1)?.origin == Point(x: 0, y: 1920))
        let out = s.frame(0) { $0.touchDown(id: 0, atLocal: Point(x: 100, y: 200), output: 1, time: .zero) }
        #expect(!out.contains { if case .clientDown = $0.event { return true } else { return false } })
        // Output 0 can go and come back.
        #expect(s.router.removeOutput(0, time: Milliseconds(1)))
        #expect(s.router.touchDown(id: 1, at: .zero, time: Milliseconds(2)) == .unknownOutput)
        #expect(s.router.addOutput(0, origin: .zero, geometry: Self.small))
        #expect(s.router.outputIDs == [1, 0])
        _ = s.drain(2)
    }

    @Test("R2: after its output moves, a touch's motions reach its client placed at the new origin")
    func motionAfterOutputMoves() {
        var s = Setup()
        // Touch on output 1 (client 2's surface starts at x 1080), away from every edge.
        _ = s.frame(0) { $0.touchDown(id: 0, atLocal: Point(x: 500, y: 900), output: 1, time: .zero) }
        let before = s.frame(10) { $0.touchMotion(id: 0, atLocal: Point(x: 510, y: 900), time: Milliseconds(10)) }
        #expect(before.contains {
            if case .clientMotion(client: 2, _, id: 0, position: Point(x: 510, y: 900), _) = $0.event { return true }
            return false
        })
        // Output 1 moves 100 px right: the same local motion lands 100 px further into the surface.
        #expect(s.router.updateOutput(1, origin: Point(x: 1180, y: 0), geometry: Self.large))
        let after = s.frame(20) { $0.touchMotion(id: 0, atLocal: Point(x: 510, y: 900), time: Milliseconds(20)) }
        #expect(after.contains {
            if case .clientMotion(client: 2, _, id: 0, position: Point(x: 610, y: 900), _) = $0.event { return true }
            return false
        })
    }

    @Test("bad touch input gets a result and changes nothing (docs/design.md §9)")
    func touchResults() {
        let router = SystemGestureRouter(output: Self.small, maxTouches: 2)
        _ = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920))
        #expect(router.touchDown(id: 0, at: Point(x: 500, y: 500), time: .zero) == .accepted)
        #expect(router.touchDown(id: 0, at: Point(x: 600, y: 600), time: .zero) == .alreadyDown)
        #expect(router.touchDown(id: 1, at: Point(x: .nan, y: 600), time: .zero) == .invalidPosition)
        #expect(router.touchDown(id: 1, at: Point(x: 600, y: 600), time: .zero) == .accepted)
        #expect(router.touchDown(id: 2, at: Point(x: 700, y: 700), time: .zero) == .tooManyTouches)
        #expect(router.touchMotion(id: 2, atLocal: Point(x: 700, y: 700), time: .zero) == .unknownTouch)
        #expect(router.touchMotion(id: 0, atLocal: Point(x: .infinity, y: 700), time: .zero) == .invalidPosition)
        #expect(router.touchUp(id: 2, time: .zero) == .unknownTouch)
        #expect(router.touchUp(id: 0, time: .zero) == .accepted)
        #expect(router.touchUp(id: 1, time: .zero) == .accepted)
    }
}

/// Hosts that hit-test themselves name the surface under the finger (`TouchTarget.surface`).
@Suite("Router: host hit-test (R3 lookup from the named surface)")
struct HostHitTestTests {
    static let output = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    @Test("the named surface gets the touch even where the router's tree has another on top")
    func namedSurfaceWins() {
        let router = SystemGestureRouter(output: Self.output)
        let below = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920)) ?? .none
        _ = router.addSurface(client: 2, rect: Rect(x: 0, y: 0, width: 1080, height: 1920))
        router.touchDown(id: 0, atLocal: Point(x: 300, y: 400), output: 0, target: .surface(below), time: .zero)
        var got: [RouterEvent] = []
        router.drain { got.append($0.event) }
        #expect(got.first == .clientDown(client: 1, surface: below, id: 0, position: Point(x: 300, y: 400), time: .zero))
    }

    @Test("R3: the lookup walks up from the named subsurface to its deferring parent; coordinates are the subsurface's")
    func lookupFromNamedSurface() {
        let router = SystemGestureRouter(output: Self.output)
        let app = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920)) ?? .none
        let bar = router.addSurface(client: 1, rect: Rect(x: 0, y: 1800, width: 1080, height: 120), parent: app) ?? .none
        router.commitDeferredEdges(.bottom, surface: app, time: .zero)
        router.drain { _ in }
        router.touchDown(id: 0, atLocal: Point(x: 540, y: 1915), output: 0, target: .surface(bar), time: Milliseconds(1))
        var got: [RouterEvent] = []
        router.drain { got.append($0.event) }
        // Deferred: the client gets the touch at once, at the bar's local coordinates.
        #expect(got.contains(.systemFailed(gesture: 0, edge: .bottom, reason: .deferred)))
        #expect(got.contains(.clientDown(client: 1, surface: bar, id: 0, position: Point(x: 540, y: 115), time: Milliseconds(1))))
    }

    @Test("no surface, or an unknown one: the touch is still an edge candidate and reaches no client")
    func noSurface() {
        let router = SystemGestureRouter(output: Self.output)
        let gone = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920)) ?? .none
        router.removeSurface(gone, time: .zero)
        #expect(router.touchDown(id: 0, atLocal: Point(x: 540, y: 900), output: 0, target: .surface(.none), time: .zero) == .accepted)
        #expect(router.touchDown(id: 1, atLocal: Point(x: 540, y: 1915), output: 0, target: .surface(gone), time: .zero) == .unknownSurface)
        for k in 1...6 {
            router.touchMotion(id: 1, atLocal: Point(x: 540, y: 1915 - Double(k) * 40), time: Milliseconds(Double(k) * 10))
        }
        var got: [RouterEvent] = []
        router.drain { got.append($0.event) }
        #expect(got.contains(.systemBegan(gesture: 0, edge: .bottom)))
        #expect(!got.contains { if case .clientDown = $0 { return true } else { return false } })
    }
}
