@testable import BezelCore

/// Records every action of the recognizers it is added to, as "name:state".
final class ActionLog {
    var entries: [String] = []
    var onAction: ((GestureRecognizer) -> Void)?

    func watch(_ recognizers: GestureRecognizer...) {
        for r in recognizers {
            r.addTarget(self) { log, g in
                log.entries.append("\(g.name):\(g.state)")
                log.onAction?(g)
            }
        }
    }
}

/// A delegate whose answers are set per test.
final class StubDelegate: GestureRecognizerDelegate {
    var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
    var shouldReceive: (GestureRecognizer, Touch) -> Bool = { _, _ in true }
    var requireFailureOf: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var requiredToFailBy: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var shouldBeginAsked = 0

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        shouldBeginAsked += 1
        return shouldBegin(recognizer)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        shouldReceive(recognizer, touch)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneous(recognizer, other)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requireFailureOf(recognizer, other)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        requiredToFailBy(recognizer, other)
    }
}

/// A recognizer driven by hand from the test, to exercise the engine without built-in logic.
final class ScriptedRecognizer: GestureRecognizer {
    var onBegan: ((ScriptedRecognizer, Touch) -> Void)?
    var onMoved: ((ScriptedRecognizer, Touch) -> Void)?
    var onEnded: ((ScriptedRecognizer, Touch) -> Void)?
    var onTimer: ((ScriptedRecognizer, Int) -> Void)?
    var seen: [String] = []
    var resets = 0
    var veto = false

    override func touchBegan(_ touch: Touch) { seen.append("\(touch.id).began"); onBegan?(self, touch) }
    override func touchMoved(_ touch: Touch) { seen.append("\(touch.id).moved"); onMoved?(self, touch) }
    override func touchEnded(_ touch: Touch) { seen.append("\(touch.id).ended"); onEnded?(self, touch) }
    override func timerFired(tag: Int) { onTimer?(self, tag) }
    override func didReset() { resets += 1 }
    override func shouldBegin() -> Bool { !veto }
}

/// 1000 × 2000 px on 100 × 200 mm: 10 px per millimetre, easy to reason about.
func makeEngine() -> GestureEngine {
    let engine = GestureEngine(output: OutputGeometry(widthPx: 1000, heightPx: 2000,
                                                      widthMm: 100, heightMm: 200))
    return engine
}

func ms(_ v: Double) -> Milliseconds { Milliseconds(v) }
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

extension GestureEngine {
    /// The responder stream as "id.phase@deliveredAt" strings.
    var responderLog: [String] { deliveries.map { "\($0.touchID).\($0.phase)@\(Int($0.deliveredAt.value))" } }

    /// Just "id.phase", without times.
    var responderPhases: [String] { deliveries.map { "\($0.touchID).\($0.phase)" } }

    /// A straight drag of touch `id` from `from` by (`dx`, `dy`) px in `steps` moves, 10 ms apart,
    /// starting at `t0`, then a lift 10 ms after the last move.
    func drag(id: Int32 = 0, from: Point, dx: Double, dy: Double, steps: Int = 5, t0: Double = 0,
              lift: Bool = true) {
        touchDown(id: id, at: from, time: ms(t0))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            touchMoved(id: id, to: pt(from.x + dx * f, from.y + dy * f), time: ms(t0 + Double(i) * 10))
        }
        if lift { touchUp(id: id, time: ms(t0 + Double(steps + 1) * 10)) }
    }

    /// A tap of touch `id` at `p`: down at `t0`, up `duration` later.
    func tap(id: Int32 = 0, at p: Point, t0: Double, duration: Double = 50) {
        touchDown(id: id, at: p, time: ms(t0))
        touchUp(id: id, time: ms(t0 + duration))
    }
}

/// The touch-delay recognizer of seed 001, written fresh: it exists only to fail, and while it
/// is possible it hides the sequence from the responder (delaysTouchesBegan).
final class TouchDelayRecognizer: GestureRecognizer {
    var delay = Milliseconds(150)
    override init(name: String = "touch-delay") {
        super.init(name: name)
        delaysTouchesBegan = true
    }
    override func touchBegan(_ touch: Touch) {
        if numberOfTouches == 1 { startTimer(after: delay) }
    }
    override func touchEnded(_ touch: Touch) { if internalState == .possible { fail() } }
    override func timerFired(tag: Int) { if internalState == .possible { fail() } }
}

extension GestureEngine {
    /// Adds a node to the tree; the parent always exists in these tests.
    func addNode(_ x: Double, _ y: Double, _ w: Double, _ h: Double,
                 parent: NodeTree.NodeID = .root) -> NodeTree.NodeID {
        tree.add(rect: Rect(x: x, y: y, width: w, height: h), parent: parent)!
    }
}
