import Testing
@testable import BezelCore

/// E12: target-action with any number of targets, names, consistent states.
@Suite("Engine: actions (E12)")
struct ActionTests {
    @Test("E12: every target gets every action, in order, and removed targets get no more")
    func manyTargets() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer(name: "scroll")
        let a = ActionLog(), b = ActionLog()
        a.watch(pan); b.watch(pan)
        var closureStates: [GestureState] = []
        pan.addAction { closureStates.append($0.state) }
        engine.add(pan)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3)
        #expect(a.entries == ["scroll:began", "scroll:changed", "scroll:ended"])
        #expect(b.entries == a.entries)
        #expect(closureStates == [.began, .changed, .ended])
        pan.removeTarget(b)
        engine.drag(from: pt(500, 1000), dx: 0, dy: 30, steps: 3, t0: 100)
        #expect(a.entries.count == 6)
        #expect(b.entries.count == 3)
        #expect(closureStates.count == 6)
    }

    @Test("E12: a target that went away is skipped (held weakly)")
    func weakTarget() {
        let engine = makeEngine()
        let tap = TapGestureRecognizer()
        var log: ActionLog? = ActionLog()
        log!.watch(tap)
        weak let weakLog = log
        log = nil
        #expect(weakLog == nil)
        engine.add(tap)
        engine.tap(at: pt(10, 10), t0: 0)
        #expect(tap.state == .possible)
    }

    @Test("E12: an action sees the state it is about, even when several are queued in one event")
    func consistentState() {
        let engine = makeEngine()
        let r = ScriptedRecognizer(name: "quick")
        r.onMoved = { r, _ in
            if r.internalState == .possible { r.begin(); r.end() }   // begin and end in one event
        }
        var seen: [GestureState] = []
        r.addAction { seen.append($0.state) }
        engine.add(r)
        engine.touchDown(id: 0, at: pt(10, 10), time: ms(0))
        engine.touchMoved(id: 0, to: pt(20, 10), time: ms(10))
        #expect(seen == [.began, .ended])
        #expect(r.name == "quick")
    }
}
