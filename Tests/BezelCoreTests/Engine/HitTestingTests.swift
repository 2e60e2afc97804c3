import Testing
@testable import BezelCore

/// E3 (who participates) and E4 (recognizers before the responder).
@Suite("Engine: participation (E3, E4)")
struct HitTestingTests {
    @Test("E3: recognizers of the hit node and all its ancestors take part; siblings do not")
    func ancestorsParticipate() throws {
        let engine = makeEngine()
        let app = engine.addNode(0, 0, 1000, 2000)
        let left = engine.addNode(0, 0, 500, 2000, parent: app)
        let right = engine.addNode(500, 0, 500, 2000, parent: app)
        let onRoot = ScriptedRecognizer(name: "root")
        let onApp = ScriptedRecognizer(name: "app")
        let onLeft = ScriptedRecognizer(name: "left")
        let onRight = ScriptedRecognizer(name: "right")
        engine.add(onRoot); engine.add(onApp, to: app); engine.add(onLeft, to: left); engine.add(onRight, to: right)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        #expect(onRoot.seen == ["0.began"])
        #expect(onApp.seen == ["0.began"])
        #expect(onLeft.seen == ["0.began"])
        #expect(onRight.seen.isEmpty)
        #expect(engine.deliveries.first?.node == left)
    }

    @Test("E3: hidden and disabled nodes are skipped; the touch goes to what lies beneath")
    func hiddenAndDisabledSkipped() throws {
        let engine = makeEngine()
        let app = engine.addNode(0, 0, 1000, 2000)
        let overlay = engine.addNode(0, 0, 1000, 2000, parent: app)
        let onOverlay = ScriptedRecognizer(name: "overlay")
        engine.add(onOverlay, to: overlay)
        engine.tree.setHidden(true, overlay)
        engine.tap(id: 0, at: pt(10, 10), t0: 0)
        engine.tree.setHidden(false, overlay)
        engine.tree.setEnabled(false, overlay)
        engine.tap(id: 1, at: pt(10, 10), t0: 100)
        engine.tree.setEnabled(true, overlay)
        engine.tap(id: 2, at: pt(10, 10), t0: 200)
        #expect(onOverlay.seen == ["2.began", "2.ended"])
        #expect(engine.deliveries.map(\.node) == [app, app, app, app, overlay, overlay])
    }

    @Test("E3: a delegate's shouldReceive keeps a recognizer out of a touch")
    func shouldReceiveFilters() {
        let engine = makeEngine()
        let r = ScriptedRecognizer(name: "r")
        let delegate = StubDelegate()
        delegate.shouldReceive = { _, touch in touch.id != 1 }
        r.delegate = delegate
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchDown(id: 1, at: pt(20, 10), time: ms(0))
        engine.touchMoved(id: 1, to: pt(30, 10), time: ms(10))
        #expect(r.seen == ["0.began"])
    }

    @Test("E3: allowed touch types filter touches")
    func allowedTouchTypes() {
        let engine = makeEngine()
        let pen = ScriptedRecognizer(name: "pen")
        pen.allowedTouchTypes = .stylus
        let any = ScriptedRecognizer(name: "any")
        engine.add(pen); engine.add(any)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0), type: .direct)
        engine.touchDown(id: 1, at: pt(20, 10), time: ms(0), type: .stylus)
        engine.touchDown(id: 2, at: pt(30, 10), time: ms(0), type: .indirect)
        #expect(pen.seen == ["1.began"])
        #expect(any.seen == ["0.began", "1.began", "2.began"])
    }

    @Test("E3: touches carry location in px and mm, type and timestamp")
    func touchValues() {
        let engine = makeEngine()
        var got: Touch?
        let r = ScriptedRecognizer(name: "r")
        r.onMoved = { _, t in got = t }
        engine.add(r)
        engine.touchDown(id: 3, at: pt(100, 200), time: ms(5), type: .stylus)
        engine.touchMoved(id: 3, to: pt(130, 240), time: ms(15))
        let t = got
        #expect(t?.location == pt(130, 240))
        #expect(t?.location_mm == pt(13, 24))
        #expect(t?.startLocation_mm == pt(10, 20))
        #expect(t?.travel_mm == 5)
        #expect(t?.timestamp == ms(15))
        #expect(t?.type == .stylus)
        #expect(t?.phase == .moved)
    }

    @Test("E4: each touch event reaches the recognizers before the responder")
    func recognizersFirst() {
        let engine = makeEngine()
        var deliveriesSeenByRecognizer: [Int] = []
        let r = ScriptedRecognizer(name: "r")
        r.onBegan = { [unowned engine] _, _ in deliveriesSeenByRecognizer.append(engine.deliveries.count) }
        r.onMoved = { [unowned engine] _, _ in deliveriesSeenByRecognizer.append(engine.deliveries.count) }
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(12, 10), time: ms(10))
        #expect(deliveriesSeenByRecognizer == [0, 1])
        #expect(engine.responderPhases == ["0.began", "0.moved"])
    }
}
