// BezelEngineBench: the gesture engine's synthetic load, for `bezel bench --engine` and its
// test. It drives BezelCore's engine through its public API only, as a compositor would, and it
// is kept out of BezelCore so that no product (libbezel, the CLI's routing) carries it.
import BezelCore

/// A deterministic synthetic load for the gesture engine, for `bezel bench --engine`.
///
/// It builds a node tree a few levels deep (screen → app → list → rows) with a tap and a long
/// press on every row, a pan and a pinch on the list, and a screen-edge pan on the root, and a
/// script of touch sequences (taps, drags, long presses, two-finger pinches, edge swipes) from a
/// fixed pseudo-random seed. `run(events:)` replays the script through the engine, looping with
/// shifted times. Everything is built in `init`; `run` does no I/O and, once the engine's
/// buffers have grown, no heap allocation.
public final class EngineWorkload {
    /// The counts produced by a run; they show the work done next to its cost.
    public struct Result: Hashable, Sendable {
        /// Touch events fed to the engine.
        public var events: Int
        /// Recognitions published (continuous `began` or discrete `ended`).
        public var recognitions: Int
        /// Events handed to the responder.
        public var deliveries: Int
        /// Actions received by the workload's target.
        public var actions: Int
    }

    /// One scripted input: a touch event, or a pause that lets timers fire.
    struct Step {
        enum Kind: UInt8 { case down, move, up, idle }
        var kind: Kind
        var id: Int32
        var location: Point
        /// Time from the start of the script.
        var offset: Milliseconds
    }

    /// Counts actions; the only target, so the run stays free of I/O.
    final class Counter {
        var actions = 0
    }

    /// The engine under load.
    public let engine: GestureEngine
    let script: ContiguousArray<Step>
    let scriptDuration: Milliseconds
    let counter = Counter()
    var cursor = 0
    var loop = 0.0

    /// Number of touch events in one pass of the script.
    public var eventsPerPass: Int { script.reduce(0) { $0 + ($1.kind == .idle ? 0 : 1) } }

    /// Builds the tree, the recognizers and the script. The same `seed` gives the same load.
    public init(seed: UInt64 = 0x5EED, sequences: Int = 200) {
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        engine = GestureEngine(output: output)
        engine.recordsDeliveries = true
        let app = engine.tree.add(rect: Rect(x: 0, y: 0, width: 1080, height: 2340))!
        let list = engine.tree.add(rect: Rect(x: 0, y: 200, width: 1080, height: 1940), parent: app)!
        engine.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: [.bottom, .left]))
        let pan = PanGestureRecognizer(name: "list-pan")
        let pinch = PinchGestureRecognizer(name: "list-pinch")
        engine.add(pan, to: list)
        engine.add(pinch, to: list)
        var recognizers: [GestureRecognizer] = [pan, pinch]
        for row in 0..<8 {
            let node = engine.tree.add(rect: Rect(x: 0, y: 200 + Double(row) * 240, width: 1080, height: 220),
                                       parent: list)!
            let tap = TapGestureRecognizer(name: "row\(row)-tap")
            let press = LongPressGestureRecognizer(name: "row\(row)-press")
            press.cancelsTouchesInView = false
            engine.add(tap, to: node)
            engine.add(press, to: node)
            recognizers.append(tap); recognizers.append(press)
        }
        for r in recognizers {
            r.addTarget(counter) { c, _ in c.actions += 1 }
        }

        var rng = seed | 1
        func next(_ bound: Int) -> Int {
            // xorshift64*: deterministic and free of any platform RNG.
            rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27
            return Int((rng &* 2685821657736338717) >> 33) % bound
        }
        var steps = ContiguousArray<Step>()
        var t = 0.0
        func add(_ kind: Step.Kind, _ id: Int32, _ x: Double, _ y: Double) {
            steps.append(Step(kind: kind, id: id, location: Point(x: x, y: y), offset: Milliseconds(t)))
        }
        for _ in 0..<sequences {
            let x = Double(100 + next(880)), y = Double(300 + next(1800))
            switch next(5) {
            case 0:  // tap
                add(.down, 0, x, y); t += 60; add(.up, 0, x, y)
            case 1:  // drag (scroll)
                add(.down, 0, x, y)
                for i in 1...12 { t += 8; add(.move, 0, x, y - Double(i) * 25) }
                t += 8; add(.up, 0, x, y - 300)
            case 2:  // long press, then a small move
                add(.down, 0, x, y); t += 600; add(.idle, 0, x, y)
                t += 8; add(.move, 0, x + 30, y); t += 8; add(.up, 0, x + 30, y)
            case 3:  // two-finger pinch
                add(.down, 0, x, y); add(.down, 1, x + 100, y)
                for i in 1...10 {
                    t += 8
                    add(.move, 0, x - Double(i) * 10, y); add(.move, 1, x + 100 + Double(i) * 10, y)
                }
                t += 8; add(.up, 0, x - 100, y); add(.up, 1, x + 200, y)
            default:  // swipe up from the bottom edge
                add(.down, 0, x, 2338)
                for i in 1...10 { t += 8; add(.move, 0, x, 2338 - Double(i) * 40) }
                t += 8; add(.up, 0, x, 1938)
            }
            t += 400  // let multi-tap windows and other timers run out between sequences
            add(.idle, 0, 0, 0)
        }
        script = steps
        scriptDuration = Milliseconds(t + 1000)
    }

    /// Runs `events` touch events through the engine (looping over the script with shifted
    /// times) and returns the counts of this run.
    public func run(events: Int) -> Result {
        let recognitions0 = engine.recognitionCount
        let deliveries0 = engine.deliveryCount
        let actions0 = counter.actions
        var done = 0
        while done < events {
            let s = script[cursor]
            let time = Milliseconds(loop * scriptDuration.value + s.offset.value)
            switch s.kind {
            case .down: engine.touchDown(id: s.id, at: s.location, time: time); done += 1
            case .move: engine.touchMoved(id: s.id, to: s.location, time: time); done += 1
            case .up: engine.touchUp(id: s.id, time: time); done += 1
            case .idle: engine.advance(to: time)
            }
            engine.clearDeliveries()
            cursor += 1
            if cursor == script.count {
                cursor = 0
                loop += 1
            }
        }
        return Result(events: done, recognitions: engine.recognitionCount - recognitions0,
                      deliveries: engine.deliveryCount - deliveries0,
                      actions: counter.actions - actions0)
    }
}
