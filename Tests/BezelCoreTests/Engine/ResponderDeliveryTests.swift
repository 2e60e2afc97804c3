import Testing
@testable import BezelCore

/// E14 (cancelsTouchesInView), E15 (delaysTouchesBegan), E16 (delaysTouchesEnded).
@Suite("Engine: responder delivery (E14, E15, E16)")
struct ResponderDeliveryTests {
    @Test("E14: when a pan begins, the responder's touch is cancelled and gets nothing more")
    func cancelsTouches() {
        let engine = makeEngine()
        engine.add(PanGestureRecognizer())
        engine.drag(from: pt(500, 1000), dx: 0, dy: 50, steps: 5)
        #expect(engine.responderLog == ["0.began@0", "0.moved@10", "0.cancelled@20"])
    }

    @Test("E14: with cancelsTouchesInView off the responder keeps the whole sequence")
    func cancelsTouchesOff() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        engine.add(pan)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(engine.responderPhases == ["0.began", "0.moved", "0.moved", "0.moved", "0.ended"])
    }

    @Test("E15 (seed): a touch-delay recognizer hides a quick pan from the responder entirely")
    func delayHidesQuickPan() {
        let engine = makeEngine()
        engine.add(TouchDelayRecognizer())
        engine.add(PanGestureRecognizer())
        engine.drag(from: pt(500, 1000), dx: 0, dy: 50, steps: 5)
        engine.advance(to: ms(500))
        #expect(engine.deliveries.isEmpty)   // not even a began and a cancel
    }

    @Test("E15 (seed): a touch held past the delay reaches the responder late, then is cancelled by the pan")
    func delayThenPan() {
        let engine = makeEngine()
        engine.add(TouchDelayRecognizer())
        engine.add(PanGestureRecognizer())
        engine.touchDown(id: 0, at: pt(500, 1000), time: ms(0))
        engine.touchMoved(id: 0, to: pt(500, 1005), time: ms(100))   // 0.5 mm: nothing decided
        engine.touchMoved(id: 0, to: pt(500, 1040), time: ms(200))   // the pan begins
        #expect(engine.responderLog == ["0.began@150", "0.moved@150", "0.cancelled@200"])
        #expect(engine.deliveries.first?.eventTime == ms(0))           // original time kept
    }

    @Test("E15 (seed): a quick tap under a touch-delay recognizer reaches the responder at the lift")
    func delayQuickTap() {
        let engine = makeEngine()
        engine.add(TouchDelayRecognizer())
        engine.tap(at: pt(500, 1000), t0: 0, duration: 60)
        #expect(engine.responderLog == ["0.began@60", "0.ended@60"])
    }

    @Test("E16: the responder's ended waits for a possible double tap to fail")
    func endedHeldUntilFailure() {
        let engine = makeEngine()
        engine.add(TapGestureRecognizer(name: "double", taps: 2))
        engine.tap(at: pt(500, 1000), t0: 0, duration: 50)
        #expect(engine.responderLog == ["0.began@0"])
        engine.advance(to: ms(1000))
        #expect(engine.responderLog == ["0.began@0", "0.ended@400"])
    }

    @Test("E16: a sequence that already ended can still be cancelled when the recognizer recognizes")
    func endedSequenceCancelled() {
        let engine = makeEngine()
        engine.add(TapGestureRecognizer(name: "double", taps: 2))
        engine.tap(id: 0, at: pt(500, 1000), t0: 0, duration: 50)
        engine.tap(id: 1, at: pt(505, 1000), t0: 150, duration: 50)
        #expect(engine.responderLog == ["0.began@0", "1.began@150", "0.cancelled@200", "1.cancelled@200"])
    }

    @Test("E16: with delaysTouchesEnded off the ended goes through at once")
    func endedNotHeld() {
        let engine = makeEngine()
        let double = TapGestureRecognizer(name: "double", taps: 2)
        double.delaysTouchesEnded = false
        engine.add(double)
        engine.tap(id: 0, at: pt(500, 1000), t0: 0, duration: 50)
        engine.tap(id: 1, at: pt(505, 1000), t0: 150, duration: 50)
        #expect(engine.responderLog == ["0.began@0", "0.ended@50", "1.began@150", "1.cancelled@200"])
    }

    @Test("E14–E16: a device cancel reaches the responder only for touches it saw")
    func deviceCancel() {
        let engine = makeEngine()
        engine.add(TouchDelayRecognizer())
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.cancelAllTouches(time: ms(100))          // still hidden: the responder sees nothing
        engine.touchDown(id: 1, at: pt(50, 10), time: ms(200))
        engine.advance(to: ms(400))                     // released at 350
        engine.cancelAllTouches(time: ms(400))
        #expect(engine.responderLog == ["1.began@350", "1.cancelled@400"])
        #expect(engine.trackedTouchCount == 0)
    }
}
