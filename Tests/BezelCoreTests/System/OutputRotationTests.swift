import Testing
@testable import BezelCore

/// Rotated outputs (docs/design.md §4.1 "edges are the user's, after the output transform") and
/// a rotation at run time, which cancels what the output's touches carried as R8 does for a
/// removed output.
@Suite("Router: rotation at run time (docs/design.md §4.1, R8)")
struct OutputRotationTests {
    static let portrait = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    struct Setup {
        let router = SystemGestureRouter(output: OutputRotationTests.portrait)
        var app = NodeTree.NodeID.none, other = NodeTree.NodeID.none
        var checker = RoutingInvariantChecker()

        init() {
            #expect(router.addOutput(1, origin: Point(x: 3000, y: 0), geometry: OutputRotationTests.portrait))
            app = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1920, height: 1920)) ?? .none
            other = router.addSurface(client: 2, rect: Rect(x: 3000, y: 0, width: 1080, height: 1920)) ?? .none
        }

        mutating func drain(_ t: Double) -> [RouterDecision] {
            var got: [RouterDecision] = []
            router.drain { got.append($0) }
            for o in got { checker.observe(o) }
            checker.endBatch(at: Milliseconds(t))
            return got
        }

        mutating func frame(_ t: Double, _ body: (SystemGestureRouter) -> Void) -> [RouterDecision] {
            body(router)
            router.frame(time: Milliseconds(t))
            return drain(t)
        }

        /// An upward swipe of `id` on output 0 from (x, y0), 6 samples of 40 px, 10 ms apart.
        mutating func swipeUp(id: Int32, x: Double, y0: Double, t0: Double) -> [RouterDecision] {
            var out = frame(t0) { $0.touchDown(id: id, at: Point(x: x, y: y0), time: Milliseconds(t0)) }
            for k in 1...6 {
                let t = t0 + Double(k) * 10
                out += frame(t) { $0.touchMotion(id: id, atLocal: Point(x: x, y: y0 - Double(k) * 40), time: Milliseconds(t)) }
            }
            return out
        }
    }

    @Test("R8 on rotation: a quarter turn mid-dock cancels the dock and the client's touch; the next swipe up from the new bottom is the dock")
    func quarterTurnMidGesture() {
        var s = Setup()
        _ = s.frame(0) { $0.touchDown(id: 5, at: Point(x: 540, y: 900), time: .zero) }
        let dock = s.swipeUp(id: 0, x: 300, y0: 1915, t0: 10)
        #expect(dock.contains { $0.event == .systemBegan(gesture: 0, edge: .bottom) })
        #expect(s.router.rotateOutput(0, to: 1, time: Milliseconds(100)))
        let turn = s.drain(100)
        #expect(turn.contains { $0.event == .systemCancelled(gesture: 0, edge: .bottom) && $0.output == 0 })
        #expect(turn.contains { $0.event == .clientCancel(client: 1) })
        #expect(s.router.placement(of: 0)?.geometry == OutputGeometry(widthPx: 1920, heightPx: 1080, widthMm: 121, heightMm: 68))
        #expect(s.router.transform(of: 0) == 1)
        // The fingers of before the turn are over for the router.
        #expect(s.router.touchMotion(id: 0, atLocal: Point(x: 300, y: 1500), time: Milliseconds(110)) == .unknownTouch)
        #expect(s.router.touchUp(id: 5, time: Milliseconds(110)) == .unknownTouch)
        _ = s.drain(110)
        // y = 1075 is the bottom of the 1920x1080 output now; y = 1915 is outside it.
        let next = s.swipeUp(id: 1, x: 960, y0: 1075, t0: 200)
        #expect(next.contains { $0.event == .systemBegan(gesture: 0, edge: .bottom) })
        #expect(!next.contains { if case .clientDown = $0.event { return true } else { return false } })
        s.checker.finish()
        #expect(s.checker.isClean, "\(s.checker.violations)")
    }

    @Test("R8 on rotation: a half turn (same size) fails a held candidate 'cancelled' and drops its held events")
    func halfTurnDropsHeldEvents() {
        var s = Setup()
        _ = s.frame(0) { $0.touchDown(id: 0, at: Point(x: 540, y: 1915), time: .zero) }
        #expect(s.router.rotateOutput(0, to: 2, time: Milliseconds(20)))
        let turn = s.drain(20)
        #expect(turn.contains { $0.event == .systemFailed(gesture: 0, edge: .bottom, reason: .cancelled) })
        #expect(s.router.placement(of: 0)?.geometry == OutputRotationTests.portrait)
        s.router.advance(to: Milliseconds(1000))
        let later = s.drain(1000)
        #expect(!(turn + later).contains { if case .clientDown = $0.event { return true } else { return false } })
        #expect(!(turn + later).contains { if case .clientCancel = $0.event { return true } else { return false } })
    }

    @Test("A move, or the same transform and size described again, keeps the touches (no R8)")
    func moveKeepsTouches() {
        var s = Setup()
        _ = s.swipeUp(id: 0, x: 300, y0: 1915, t0: 0)
        #expect(s.router.updateOutput(0, origin: Point(x: 0, y: 10), geometry: OutputRotationTests.portrait,
                                      transform: 0, time: Milliseconds(70)))
        #expect(s.router.rotateOutput(0, to: 0, time: Milliseconds(70)))
        let out = s.drain(70)
        #expect(!out.contains { if case .systemCancelled = $0.event { return true } else { return false } })
        let up = s.frame(80) { $0.touchUp(id: 0, time: Milliseconds(80)) }
        #expect(up.contains { if case .systemEnded = $0.event { return true } else { return false } })
    }

    @Test("R8 on rotation: a new size at the same transform also cancels; other outputs' touches go on")
    func resizeCancelsOnlyThatOutput() {
        var s = Setup()
        _ = s.frame(0) {
            $0.touchDown(id: 7, atLocal: Point(x: 540, y: 900), output: 1, time: .zero)
            $0.touchDown(id: 0, at: Point(x: 540, y: 1915), time: .zero)
        }
        let bigger = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        #expect(s.router.updateOutput(0, origin: .zero, geometry: bigger, transform: 0, time: Milliseconds(30)))
        let out = s.drain(30)
        #expect(out.contains { $0.event == .systemFailed(gesture: 0, edge: .bottom, reason: .cancelled) && $0.output == 0 })
        #expect(!out.contains { $0.event == .clientCancel(client: 2) })
        let up = s.frame(40) { $0.touchUp(id: 7, time: Milliseconds(40)) }
        #expect(up.contains { $0.event == .clientUp(client: 2, surface: s.other, id: 7, time: Milliseconds(40)) })
        s.checker.finish()
        #expect(s.checker.isClean, "\(s.checker.violations)")
    }

    @Test("An unknown output is refused; transform names parse as weston.ini writes them")
    func unknownAndNames() {
        let s = Setup()
        #expect(!s.router.rotateOutput(9, to: 1, time: .zero))
        #expect(!s.router.updateOutput(9, origin: .zero, geometry: OutputRotationTests.portrait, transform: 1, time: .zero))
        #expect(s.router.transform(of: 9) == nil)
        for (i, name) in OutputTransformName.names.enumerated() { #expect(OutputTransformName.value(name) == Int32(i)) }
        #expect(OutputTransformName.value("rotate-270") == 3)
        #expect(OutputTransformName.value("flipped-rotate-90") == 5)
        #expect(OutputTransformName.value("sideways") == nil)
    }
}
