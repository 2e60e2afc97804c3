import Testing
@testable import BezelCore

/// E5 (exclusion), E6 (simultaneity), E7 (ties) and E9 (shouldBegin).
@Suite("Engine: arbitration (E5, E6, E7, E9)")
struct ArbitrationTests {
    @Test("E5 (seed): tap + pan, the pan's began fails the tap although it never left its allowable movement")
    func tapPanExclusion() {
        let engine = makeEngine()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        let log = ActionLog(); log.watch(tap, pan)
        engine.add(tap); engine.add(pan)
        var tapStateWhenPanBegan: GestureState?
        log.onAction = { g in if g === pan && g.state == .began { tapStateWhenPanBegan = tap.state } }
        // 30 px = 3 mm: inside the tap's 4 mm allowable movement, past the pan's 1.5 mm.
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(log.entries == ["pan:began", "pan:changed", "pan:ended"])
        #expect(tapStateWhenPanBegan == .failed)
        #expect(tap.state == .possible)  // reset for the next sequence (E2)
    }

    @Test("E5: a recognizer that had begun is cancelled when another sharing a touch recognizes")
    func beganIsCancelled() {
        let engine = makeEngine()
        let a = ScriptedRecognizer(name: "a")
        a.onMoved = { r, t in if t.id == 0 && r.internalState == .possible { r.begin() } }
        a.onEnded = { r, _ in if r.numberOfTouches == 0 && r.internalState.isActive { r.end() } }
        let b = ScriptedRecognizer(name: "b")
        let bDelegate = StubDelegate()
        bDelegate.shouldReceive = { _, t in t.id == 1 }
        b.delegate = bDelegate
        b.onMoved = { r, _ in if r.internalState == .possible { r.recognize() } }
        let log = ActionLog(); log.watch(a, b)
        engine.add(a); engine.add(b)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        engine.touchDown(id: 1, at: pt(50, 50), time: ms(20))   // a (began) and b share touch 1
        engine.touchMoved(id: 1, to: pt(60, 50), time: ms(30))
        #expect(log.entries == ["a:began", "b:ended", "a:cancelled"])
    }

    @Test("E5: recognizers that share no touch do not exclude each other")
    func noSharedTouchNoExclusion() throws {
        let engine = makeEngine()
        let left = engine.addNode(0, 0, 500, 2000)
        let right = engine.addNode(500, 0, 500, 2000)
        let p1 = PanGestureRecognizer(name: "left-pan"), p2 = PanGestureRecognizer(name: "right-pan")
        engine.add(p1, to: left); engine.add(p2, to: right)
        let log = ActionLog(); log.watch(p1, p2)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        engine.touchDown(id: 1, at: pt(900, 100), time: ms(0))
        engine.touchMoved(id: 0, to: pt(100, 150), time: ms(10))
        engine.touchMoved(id: 1, to: pt(900, 150), time: ms(10))
        #expect(log.entries == ["left-pan:began", "right-pan:began"])
    }

    @Test("E6 (seed): pan + tap recognize simultaneously when a delegate allows it")
    func simultaneousPanTap() {
        let engine = makeEngine()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        let delegate = StubDelegate()
        delegate.simultaneous = { _, _ in true }
        pan.delegate = delegate          // one side saying yes is enough
        let log = ActionLog(); log.watch(tap, pan)
        engine.add(tap); engine.add(pan)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(log.entries == ["pan:began", "pan:changed", "pan:ended", "tap:ended"])
    }

    final class UnpreventableScripted: GestureRecognizer {
        override func touchMoved(_ touch: Touch) {
            if touch.location.x >= 30 && internalState == .possible { begin() }
        }
        override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }

    final class HarmlessScripted: GestureRecognizer {
        override func touchMoved(_ touch: Touch) { if internalState == .possible { begin() } }
        override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    }

    @Test("E6: canBePrevented(by:) = false keeps a recognizer alive after another began")
    func canBePreventedBlocksExclusion() {
        let engine = makeEngine()
        let first = ScriptedRecognizer(name: "first")
        first.onMoved = { r, _ in if r.internalState == .possible { r.begin() } }
        let stubborn = UnpreventableScripted(name: "stubborn")
        let log = ActionLog(); log.watch(first, stubborn)
        engine.add(first); engine.add(stubborn)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        engine.touchMoved(id: 0, to: pt(30, 10), time: ms(20))
        // `first` could not prevent `stubborn`; `stubborn` beginning still excludes `first`,
        // which had begun, so it is cancelled (E5 is one-directional per pair and moment).
        #expect(log.entries == ["first:began", "stubborn:began", "first:cancelled"])
    }

    @Test("E6: canPrevent(_:) = false lets the others go on")
    func canPreventBlocksExclusion() {
        let engine = makeEngine()
        let harmless = HarmlessScripted(name: "harmless")
        let later = ScriptedRecognizer(name: "later")
        later.onMoved = { r, t in if t.location.x >= 30 && r.internalState == .possible { r.begin() } }
        let log = ActionLog(); log.watch(harmless, later)
        engine.add(harmless); engine.add(later)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        engine.touchMoved(id: 0, to: pt(30, 10), time: ms(20))
        // `harmless` could not prevent `later`, and `later` then excludes `harmless` (E5).
        #expect(log.entries == ["harmless:began", "later:began", "harmless:cancelled"])
    }

    @Test("E7: on a tie the recognizer on the deeper node wins, even if added earlier")
    func tieByDepth() throws {
        let engine = makeEngine()
        let button = engine.addNode(0, 0, 200, 200)
        let deep = TapGestureRecognizer(name: "button-tap")
        let shallow = TapGestureRecognizer(name: "screen-tap")
        engine.add(deep, to: button)
        engine.add(shallow)                       // more recent, but on the root
        let log = ActionLog(); log.watch(deep, shallow)
        engine.tap(at: pt(50, 50), t0: 0)
        #expect(log.entries == ["button-tap:ended"])
    }

    @Test("E7: on a tie at the same depth the most recently added recognizer wins")
    func tieByRecency() {
        let engine = makeEngine()
        let older = TapGestureRecognizer(name: "older")
        let newer = TapGestureRecognizer(name: "newer")
        engine.add(older); engine.add(newer)
        let log = ActionLog(); log.watch(older, newer)
        engine.tap(at: pt(50, 50), t0: 0)
        #expect(log.entries == ["newer:ended"])
    }

    @Test("E9: shouldBegin = false fails the recognizer, and that failure satisfies others' requirements")
    func shouldBeginFalse() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        tap.require(toFail: pan)
        let delegate = StubDelegate()
        delegate.shouldBegin = { _ in false }
        pan.delegate = delegate
        let log = ActionLog(); log.watch(pan, tap)
        engine.add(pan); engine.add(tap)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(delegate.shouldBeginAsked == 1)
        #expect(log.entries == ["tap:ended"])
    }

    @Test("E9: a subclass's shouldBegin() veto fails it too")
    func subclassVeto() {
        let engine = makeEngine()
        let r = ScriptedRecognizer(name: "r")
        r.veto = true
        r.onMoved = { r, _ in if r.internalState == .possible { r.begin() } }
        var states: [GestureState] = []
        r.onEnded = { r, _ in states.append(r.state) }
        let log = ActionLog(); log.watch(r)
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        #expect(r.state == .failed)
        #expect(log.entries.isEmpty)
    }
}
