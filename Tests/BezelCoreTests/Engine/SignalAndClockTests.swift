import Testing
@testable import BezelCore

/// E17 (velocity filter, centroid shift compensation) and E18 (injected clock and timers).
@Suite("Engine: signal processing and time (E17, E18)")
struct SignalAndClockTests {
    @Test("E17: v = 0.75·v_prev + 0.25·v_sample, one sample per frame")
    func lowPass() {
        var f = VelocityFilter()
        f.reset(x: 0, y: 0, time: ms(0))
        f.sample(x: 10, y: 0, time: ms(10))        // 1000 units/s
        #expect(f.x == 250)
        f.sample(x: 20, y: 0, time: ms(20))
        #expect(f.x == 437.5)
        // A second sample in the same frame replaces the first instead of adding one.
        f.sample(x: 30, y: 0, time: ms(30))
        f.sample(x: 40, y: 0, time: ms(30))
        #expect(f.x == 0.75 * 437.5 + 0.25 * 2000)
        #expect(f.velocity(at: ms(130)).x == f.x)
        #expect(f.velocity(at: ms(131)) == .zero)   // a finger that rested is not flicking
    }

    @Test("E17: adding and lifting fingers does not make the pan's translation or velocity jump")
    func centroidShift() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        engine.add(pan)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        for i in 1...3 { engine.touchMoved(id: 0, to: pt(100, 100 + Double(i) * 10), time: ms(Double(i) * 10)) }
        #expect(pan.translation == pt(0, 30))
        let v0 = pan.velocity_px_s
        engine.touchDown(id: 1, at: pt(700, 900), time: ms(35))   // the centroid jumps by (300, 385)
        #expect(pan.translation == pt(0, 30))
        #expect(pan.velocity_px_s == v0)
        engine.touchMoved(id: 0, to: pt(100, 140), time: ms(40))
        engine.touchMoved(id: 1, to: pt(700, 910), time: ms(40))
        #expect(pan.translation == pt(0, 40))
        engine.touchUp(id: 0, time: ms(45))                         // and jumps back
        #expect(pan.translation == pt(0, 40))
        engine.touchMoved(id: 1, to: pt(700, 920), time: ms(50))
        #expect(pan.translation == pt(0, 50))
        // Frames moved the centroid 10 px per 10 ms throughout; the 385 px jumps left no trace:
        // 250, 437.5, 578.125, 683.59375, 762.6953125 px/s.
        #expect(pan.velocity_px_s.y == 762.6953125)
        #expect(pan.velocity_px_s.x == 0)
    }

    @Test("E18: timers run on the injected clock only, in due order")
    func manualClockTimers() {
        let engine = makeEngine()
        let press = LongPressGestureRecognizer()
        let log = ActionLog(); log.watch(press)
        engine.add(press)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(1000))
        #expect(engine.nextDeadline == ms(1500))
        engine.advance(to: ms(1499))
        #expect(log.entries.isEmpty)
        engine.advance(to: ms(1500))
        #expect(log.entries == ["long-press:began"])
        #expect(engine.clock.now == ms(1500))
        engine.clock.advance(to: ms(10))                            // time never goes back
        #expect(engine.clock.now == ms(1500))
    }

    @Test("E18: a touch event first fires the timers due before it")
    func timersBeforeEvents() {
        let engine = makeEngine()
        let press = LongPressGestureRecognizer()
        let log = ActionLog(); log.watch(press)
        var times: [Double] = []
        log.onAction = { _ in times.append(engine.clock.now.value) }
        engine.add(press)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        engine.touchUp(id: 0, time: ms(800))                         // the press began at 500
        #expect(log.entries == ["long-press:began", "long-press:ended"])
        #expect(times == [500, 800])
    }

    @Test("E18: the timer queue orders equal deadlines by scheduling order")
    func timerQueueOrder() {
        final class Owner {}
        let a = Owner(), b = Owner()
        var q = TimerQueue<Owner>()
        q.schedule(at: ms(20), owner: a, tag: 1)
        q.schedule(at: ms(10), owner: b, tag: 2)
        q.schedule(at: ms(10), owner: a, tag: 3)
        #expect(q.nextDeadline == ms(10))
        #expect(q.popDue(upTo: ms(15))?.tag == 2)
        #expect(q.popDue(upTo: ms(15))?.tag == 3)
        #expect(q.popDue(upTo: ms(15)) == nil)
        q.cancel(owner: a)
        #expect(q.count == 0)
    }

    @Test("atan2 without libm matches known angles")
    func atan2() {
        #expect(abs(PlanarAngle.atan2(1, 1) - PlanarAngle.pi / 4) < 1e-12)
        #expect(abs(PlanarAngle.atan2(1, -1) - 3 * PlanarAngle.pi / 4) < 1e-12)
        #expect(abs(PlanarAngle.atan2(-1, -1) + 3 * PlanarAngle.pi / 4) < 1e-12)
        #expect(abs(PlanarAngle.atan2(0.5, 0.8660254037844386) - PlanarAngle.pi / 6) < 1e-12)
        #expect(abs(PlanarAngle.atan2(-2, 0) + PlanarAngle.pi / 2) < 1e-12)
    }
}
