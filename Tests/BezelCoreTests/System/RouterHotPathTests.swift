import Testing
@testable import BezelCore

/// The structures behind the router's touch path (slot table with its direct id lookup, the
/// decision queue taken with `nextDecision()`) must route exactly as a plain scan and a copied
/// batch did. These tests check what a host sees.
@Suite("Router: slot lookup and decision queue")
struct RouterHotPathTests {
    private let output = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    /// A router with one client surface over the whole screen (client 7).
    private func router(maxTouches: Int = 16) -> SystemGestureRouter {
        let router = SystemGestureRouter(output: output, maxTouches: maxTouches)
        _ = router.addSurface(client: 7, rect: Rect(x: 0, y: 0, width: 1080, height: 1920))
        return router
    }

    /// Every output taken with `nextDecision()`, as short strings ("down 3", "motion 3", ...).
    private func take(_ router: SystemGestureRouter) -> [String] {
        var lines: [String] = []
        while let o = router.nextDecision() {
            switch o.event {
            case .clientDown(_, _, let id, _, _): lines.append("down \(id)")
            case .clientMotion(_, _, let id, _, _): lines.append("motion \(id)")
            case .clientUp(_, _, let id, _): lines.append("up \(id)")
            case .clientFrame(let c): lines.append("frame \(c)")
            default: break
            }
        }
        return lines
    }

    // R1: touches away from every edge go to the client, whatever their id. Ids past the direct
    // table (64), negative ones and small ones are found the same way.
    @Test("R1: touch ids large, negative and small are all routed to the client")
    func idsOfEveryKind() {
        let r = router()
        let ids: [Int32] = [3, 1_000_000, -5, 63, 64]
        for (k, id) in ids.enumerated() {
            r.touchDown(id: id, at: Point(x: 300 + Double(k) * 50, y: 900), time: Milliseconds(Double(k)))
        }
        r.frame(time: Milliseconds(4))
        for id in ids { r.touchMotion(id: id, at: Point(x: 500, y: 1000), time: Milliseconds(10)) }
        for id in ids { r.touchUp(id: id, time: Milliseconds(20)) }
        r.frame(time: Milliseconds(20))
        let lines = take(r)
        for id in ids {
            #expect(lines.contains("down \(id)"))
            #expect(lines.contains("motion \(id)"))
            #expect(lines.contains("up \(id)"))
        }
        // All lifted: the same ids can come down again (their slots were freed).
        r.touchDown(id: 1_000_000, at: Point(x: 500, y: 900), time: Milliseconds(30))
        r.touchDown(id: 3, at: Point(x: 600, y: 900), time: Milliseconds(30))
        r.frame(time: Milliseconds(30))
        #expect(take(r) == ["down 1000000", "down 3", "frame 7"])
    }

    // §9 robustness: more touches than slots; the extra down is dropped, the others still route.
    @Test("more touches than slots: the extra one is dropped, a freed slot is reused")
    func slotsRunOut() {
        let r = router(maxTouches: 2)
        r.touchDown(id: 0, at: Point(x: 400, y: 900), time: Milliseconds(0))
        r.touchDown(id: 1, at: Point(x: 500, y: 900), time: Milliseconds(0))
        r.touchDown(id: 2, at: Point(x: 600, y: 900), time: Milliseconds(0))
        r.frame(time: Milliseconds(0))
        #expect(take(r) == ["down 0", "down 1", "frame 7"])
        r.touchMotion(id: 2, at: Point(x: 610, y: 900), time: Milliseconds(8))
        r.touchUp(id: 0, time: Milliseconds(8))
        r.touchDown(id: 2, at: Point(x: 600, y: 900), time: Milliseconds(8))
        r.frame(time: Milliseconds(8))
        #expect(take(r) == ["up 0", "down 2", "frame 7"])
    }

    // A host callback may call back into the router while the host is taking decisions: what
    // that adds comes out of the same loop, after what was already queued, and nothing is lost.
    @Test("decisions made while the host takes them come out of the same loop, in order")
    func reentrantTaking() {
        let r = router()
        r.touchDown(id: 0, at: Point(x: 400, y: 900), time: Milliseconds(0))
        r.frame(time: Milliseconds(0))
        var lines: [String] = []
        var fedMotion = false
        while let o = r.nextDecision() {
            if case .clientDown = o.event, !fedMotion {
                fedMotion = true
                r.touchMotion(id: 0, at: Point(x: 420, y: 900), time: Milliseconds(8))
                r.frame(time: Milliseconds(8))
            }
            switch o.event {
            case .clientDown: lines.append("down")
            case .clientMotion: lines.append("motion")
            case .clientFrame: lines.append("frame")
            default: break
            }
        }
        #expect(lines == ["down", "frame", "motion", "frame"])
        #expect(r.nextDecision() == nil)
        #expect(r.pending.isEmpty)
    }

    // `pending` shows what the host has not taken yet, and `drain` takes the rest.
    @Test("pending lists the decisions not taken yet; drain takes them in order")
    func pendingAndDrain() {
        let r = router()
        r.touchDown(id: 0, at: Point(x: 400, y: 900), time: Milliseconds(0))
        r.frame(time: Milliseconds(0))
        #expect(r.pending.count == 2)
        _ = r.nextDecision()
        #expect(r.pending.count == 1)
        var drained: [RouterDecision] = []
        r.drain { drained.append($0) }
        #expect(drained.count == 1)
        if case .clientFrame(let c)? = drained.first?.event { #expect(c == 7) } else { Issue.record("expected a frame") }
        #expect(r.pending.isEmpty)
    }

    // The batch read (`nextDecisions`) hands the host the same decisions in the same order as
    // `nextDecision`, and a host callback calling back into the router gets its decisions in the
    // next batch, even when they outgrow the queue's storage while the host is reading the old one.
    @Test("nextDecisions: the same decisions in order; callbacks' decisions come in the next batch, past any growth")
    func batchesAndGrowth() {
        let r = router()
        r.touchDown(id: 0, at: Point(x: 400, y: 900), time: Milliseconds(0))
        r.frame(time: Milliseconds(0))
        var lines: [String] = []
        var batches = 0
        while let batch = r.nextDecisions() {
            batches += 1
            for o in batch {
                if case .clientDown = o.event {
                    // 300 motions, each closed by a frame: 600 decisions, past the queue's 256.
                    for k in 1...300 {
                        r.touchMotion(id: 0, at: Point(x: 400 + Double(k), y: 900), time: Milliseconds(Double(k)))
                        r.frame(time: Milliseconds(Double(k)))
                    }
                }
                switch o.event {
                case .clientDown: lines.append("down")
                case .clientMotion(_, _, _, let p, _): lines.append("motion \(Int(p.x))")
                case .clientFrame: lines.append("frame")
                default: break
                }
            }
        }
        #expect(batches == 2)
        var expected = ["down", "frame"]
        for k in 1...300 { expected += ["motion \(400 + k)", "frame"] }
        #expect(lines == expected)
        #expect(r.nextDecisions() == nil)
        #expect(r.pending.isEmpty)
    }
}
