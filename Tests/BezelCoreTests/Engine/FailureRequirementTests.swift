import Testing
@testable import BezelCore

/// E8: failure requirements, static and dynamic in both directions, with withheld actions.
@Suite("Engine: failure requirements (E8)")
struct FailureRequirementTests {
    /// The four ways to say "pan requires tap to fail".
    enum Source: CaseIterable, CustomStringConvertible {
        case staticRequire, delegateRequires, delegateRequiredBy, subclass
        var description: String {
            switch self {
            case .staticRequire: return "require(toFail:)"
            case .delegateRequires: return "pan delegate shouldRequireFailureOf"
            case .delegateRequiredBy: return "tap delegate shouldBeRequiredToFailBy"
            case .subclass: return "pan subclass shouldRequireFailure(of:)"
            }
        }
    }

    final class TapWaitingPan: PanGestureRecognizer {
        override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is TapGestureRecognizer }
    }

    /// Builds tap + pan with the requirement from `source`; the delegate is returned to keep it alive.
    func setUp(_ source: Source) -> (GestureEngine, TapGestureRecognizer, PanGestureRecognizer, StubDelegate) {
        let engine = makeEngine()
        let tap = TapGestureRecognizer()
        let pan: PanGestureRecognizer = source == .subclass ? TapWaitingPan() : PanGestureRecognizer()
        let delegate = StubDelegate()
        switch source {
        case .staticRequire: pan.require(toFail: tap)
        case .delegateRequires:
            delegate.requireFailureOf = { r, o in r === pan && o === tap }
            pan.delegate = delegate
        case .delegateRequiredBy:
            delegate.requiredToFailBy = { r, o in r === tap && o === pan }
            tap.delegate = delegate
        case .subclass: break
        }
        engine.add(tap); engine.add(pan)
        return (engine, tap, pan, delegate)
    }

    @Test("E8 (seed): pan requiring tap to fail delivers its first action as began once the tap fails",
          arguments: Source.allCases)
    func panWaitsForTapFailure(source: Source) {
        let (engine, tap, pan, delegate) = setUp(source)
        defer { withExtendedLifetime(delegate) {} }
        let log = ActionLog(); log.watch(tap, pan)
        var firstAction: (time: Double, state: GestureState, internal: GestureState)?
        log.onAction = { g in
            if firstAction == nil { firstAction = (engine.clock.now.value, g.state, g.internalState) }
        }
        var internalAt30: GestureState?
        // Moves of 10 px (1 mm) every 10 ms. The pan wants to begin at 20 px; the tap only
        // fails past its 4 mm allowable movement, at 50 px.
        engine.touchDown(id: 0, at: pt(500, 1000), time: ms(0))
        for i in 1...6 {
            engine.touchMoved(id: 0, to: pt(500, 1000 + Double(i) * 10), time: ms(Double(i) * 10))
            if i == 3 { internalAt30 = pan.internalState }
        }
        engine.touchUp(id: 0, time: ms(70))
        #expect(internalAt30 == .changed)          // it moved on internally…
        #expect(firstAction?.time == 50)          // …but acted only when the tap failed,
        #expect(firstAction?.state == .began)     // as began, although it had reached changed.
        #expect(log.entries == ["pan:began", "pan:changed", "pan:ended"])
    }

    @Test("E8 (seed): if the tap recognizes, the pan that required its failure never acts",
          arguments: Source.allCases)
    func panNeverActsWhenTapRecognizes(source: Source) {
        let (engine, tap, pan, delegate) = setUp(source)
        defer { withExtendedLifetime(delegate) {} }
        let log = ActionLog(); log.watch(tap, pan)
        // 30 px: the pan reached its threshold (withheld), the tap stayed within 4 mm.
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(log.entries == ["tap:ended"])
        #expect(pan.state == .possible)
    }

    @Test("E8 (seed): a single tap requiring a double tap to fail recognizes after the double-tap window")
    func singleTapWaitsForDoubleTap() {
        let engine = makeEngine()
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double", taps: 2)
        single.require(toFail: double)
        engine.add(single); engine.add(double)
        let log = ActionLog(); log.watch(single, double)
        var when: [Double] = []
        log.onAction = { _ in when.append(engine.clock.now.value) }
        engine.tap(at: pt(500, 1000), t0: 0, duration: 50)
        #expect(single.isWithheld)
        #expect(log.entries.isEmpty)
        engine.advance(to: ms(1000))
        #expect(log.entries == ["single:ended"])
        #expect(when == [400])                  // 50 ms lift + 350 ms window
    }

    @Test("E8 (seed): a double tap fails the single tap that required its failure")
    func doubleTapWins() {
        let engine = makeEngine()
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double", taps: 2)
        single.require(toFail: double)
        engine.add(single); engine.add(double)
        let log = ActionLog(); log.watch(single, double)
        engine.tap(at: pt(500, 1000), t0: 0, duration: 50)
        engine.tap(at: pt(505, 1000), t0: 150, duration: 50)
        engine.advance(to: ms(1000))
        #expect(log.entries == ["double:ended"])
        #expect(single.state == .possible)
    }

    final class FailsLater: GestureRecognizer {
        override func touchBegan(_ touch: Touch) { if numberOfTouches == 1 { startTimer(after: Milliseconds(500)) } }
        override func timerFired(tag: Int) { fail() }
    }

    @Test("E8: a continuous gesture that ended while withheld delivers began then ended when the other fails")
    func endedWhileWithheld() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        let slow = FailsLater(name: "slow")
        pan.require(toFail: slow)
        engine.add(slow); engine.add(pan)
        let log = ActionLog(); log.watch(pan, slow)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 60, steps: 6)
        #expect(pan.internalState == .ended)
        #expect(log.entries.isEmpty)
        engine.advance(to: ms(600))
        #expect(log.entries == ["pan:began", "pan:ended"])
    }
}
