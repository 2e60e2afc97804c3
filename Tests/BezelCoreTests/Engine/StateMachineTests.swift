import Testing
@testable import BezelCore

/// E1 (states and legal transitions) and E2 (reset).
@Suite("Engine: state machine (E1, E2)")
struct StateMachineTests {
    @Test("E1: a discrete recognizer goes possible → recognized, then E2 resets it")
    func discreteRecognizes() {
        let engine = makeEngine()
        let tap = TapGestureRecognizer()
        let log = ActionLog(); log.watch(tap)
        engine.add(tap)
        engine.tap(at: pt(500, 1000), t0: 0)
        #expect(log.entries == ["tap:ended"])
        #expect(tap.state == .possible)
    }

    @Test("E1: a continuous recognizer goes possible → began → changed* → ended")
    func continuousSequence() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        let log = ActionLog(); log.watch(pan)
        engine.add(pan)
        // 10 px = 1 mm; the pan begins past 1.5 mm, on the second move.
        engine.drag(from: pt(500, 1000), dx: 0, dy: 50, steps: 5)
        #expect(log.entries == ["pan:began", "pan:changed", "pan:changed", "pan:changed", "pan:ended"])
        #expect(pan.state == .possible)
    }

    @Test("E1: illegal transitions are logged and ignored (assertions off for the test)")
    func illegalTransitionsIgnored() {
        let engine = makeEngine()
        engine.assertsOnIllegalTransition = false
        let r = ScriptedRecognizer(name: "scripted")
        let log = ActionLog(); log.watch(r)
        r.onBegan = { r, _ in
            r.change()      // possible → changed: illegal
            r.end()         // possible → ended via end(): illegal (only continuous from began)
            r.cancel()      // possible → cancelled: illegal
        }
        r.onMoved = { r, _ in
            r.fail()        // legal
        }
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        #expect(r.illegalTransitionCount == 3)
        #expect(r.state == .possible)
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        #expect(r.state == .failed)
        r.recognize()       // failed → ended: illegal
        #expect(r.illegalTransitionCount == 4)
        #expect(r.state == .failed)
        #expect(log.entries.isEmpty)
    }

    @Test("E1: a cancelled continuous gesture reports cancelled")
    func continuousCancelled() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        let log = ActionLog(); log.watch(pan)
        engine.add(pan)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3, lift: false)
        engine.touchCancelled(id: 0, time: ms(40))
        #expect(log.entries == ["pan:began", "pan:changed", "pan:cancelled"])
        #expect(pan.state == .possible)
    }

    @Test("E2: a failed recognizer gets no more touches of its sequence, and is reset for the next")
    func failedGetsNoMoreTouches() {
        let engine = makeEngine()
        let r = ScriptedRecognizer(name: "scripted")
        r.onBegan = { r, t in if t.id == 0 { r.fail() } }
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        engine.touchDown(id: 1, at: pt(50, 50), time: ms(20))   // same sequence: not seen
        engine.touchUp(id: 0, time: ms(30))
        #expect(r.state == .failed)
        engine.touchUp(id: 1, time: ms(40))
        #expect(r.state == .possible)
        #expect(r.resets == 1)
        engine.touchDown(id: 2, at: pt(10, 10), time: ms(50))    // next sequence: seen
        #expect(r.seen == ["0.began", "2.began"])
    }

    @Test("E2: a recognizer that recognized is reset only once all its touches are up")
    func resetWaitsForAllTouches() {
        let engine = makeEngine()
        let r = ScriptedRecognizer(name: "scripted")
        r.onMoved = { r, _ in if r.internalState == .possible { r.recognize() } }
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchDown(id: 1, at: pt(90, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        engine.touchUp(id: 0, time: ms(20))
        #expect(r.state == .ended)
        engine.touchUp(id: 1, time: ms(30))
        #expect(r.state == .possible)
    }
}
