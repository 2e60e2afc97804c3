import Testing
@testable import BezelCore

/// E10 (enable/disable) and E11 (ignore(touch)).
@Suite("Engine: enabling and ignoring (E10, E11)")
struct EnableIgnoreTests {
    @Test("E10: disabling a begun recognizer cancels it; after re-enabling it sees only new touches")
    func disableBegunCancels() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        let log = ActionLog(); log.watch(pan)
        engine.add(pan)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3, lift: false)
        pan.isEnabled = false
        #expect(log.entries == ["pan:began", "pan:changed", "pan:cancelled"])
        #expect(pan.state == .possible)
        pan.isEnabled = true
        engine.touchMoved(id: 0, to: pt(500, 1100), time: ms(40))   // the old touch: not seen
        engine.touchUp(id: 0, time: ms(50))
        #expect(log.entries.count == 3)
        engine.drag(id: 1, from: pt(100, 100), dx: 30, dy: 0, steps: 3, t0: 100)
        #expect(log.entries.suffix(3) == ["pan:began", "pan:changed", "pan:ended"])
    }

    @Test("E10: disabling a possible recognizer fails it and releases what it held back")
    func disablePossibleFails() {
        let engine = makeEngine()
        let delay = TouchDelayRecognizer()
        let r = ScriptedRecognizer(name: "watcher")
        engine.add(delay); engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        #expect(engine.deliveries.isEmpty)
        engine.clock.advance(to: ms(20))
        delay.isEnabled = false
        #expect(engine.responderLog == ["0.began@20"])
        #expect(!engine.nextDeadline.value.isFinite)   // its timer went with it
        delay.isEnabled = true
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(30))
        #expect(engine.responderLog == ["0.began@20", "0.moved@30"])
    }

    @Test("E11: an ignored touch is no longer seen nor held back on the recognizer's account")
    func ignoreTouch() {
        let engine = makeEngine()
        let delay = TouchDelayRecognizer()
        let ignorer = ScriptedRecognizer(name: "ignorer")
        ignorer.delaysTouchesBegan = true
        ignorer.onBegan = { r, t in if t.id == 1 { r.ignore(t) } }
        engine.add(ignorer)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchDown(id: 1, at: pt(50, 10), time: ms(5))
        engine.touchMoved(id: 1, to: pt(60, 10), time: ms(10))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        #expect(ignorer.seen == ["0.began", "1.began", "0.moved"])
        // Touch 0 stays hidden by the possible ignorer; touch 1 flows.
        #expect(engine.responderLog == ["1.began@5", "1.moved@10"])
        _ = delay
    }
}
