import Testing
@testable import BezelCore

/// E13: the built-in recognizers and their parameters (mm, ms).
@Suite("Engine: built-in recognizers (E13)")
struct BuiltInRecognizerTests {
    @Test("E13 tap: two-finger tap needs two fingers; moving past allowableMovement_mm fails")
    func tapParameters() {
        let engine = makeEngine()
        let two = TapGestureRecognizer(name: "two", touches: 2)
        let log = ActionLog(); log.watch(two)
        engine.add(two)
        engine.tap(at: pt(100, 100), t0: 0)                      // one finger: fails
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(100))
        engine.touchDown(id: 1, at: pt(200, 100), time: ms(105))
        engine.touchUp(id: 0, time: ms(150))
        engine.touchUp(id: 1, time: ms(155))
        #expect(log.entries == ["two:ended"])
        let one = TapGestureRecognizer(name: "one")
        one.allowableMovement_mm = 2
        log.watch(one)
        engine.remove(two)
        engine.add(one)
        engine.drag(from: pt(100, 100), dx: 25, dy: 0, steps: 1, t0: 300)   // 2.5 mm
        engine.drag(from: pt(100, 100), dx: 15, dy: 0, steps: 1, t0: 400)   // 1.5 mm
        #expect(log.entries == ["two:ended", "one:ended"])
    }

    @Test("E13 long press: begins after minimumPressDuration_ms, changes, ends; movement fails it")
    func longPress() {
        let engine = makeEngine()
        let press = LongPressGestureRecognizer()
        let log = ActionLog(); log.watch(press)
        var beganAt: Double?
        log.onAction = { g in if g.state == .began { beganAt = engine.clock.now.value } }
        engine.add(press)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        engine.touchMoved(id: 0, to: pt(110, 100), time: ms(200))   // 1 mm: within 1.5 mm
        engine.touchMoved(id: 0, to: pt(300, 100), time: ms(600))   // timer fired first at 500
        engine.touchUp(id: 0, time: ms(700))
        #expect(beganAt == 500)
        #expect(log.entries == ["long-press:began", "long-press:changed", "long-press:ended"])
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(1000))
        engine.touchMoved(id: 0, to: pt(130, 100), time: ms(1100))  // 3 mm: fails
        engine.advance(to: ms(2000))
        #expect(log.entries.count == 3)
    }

    @Test("E13 long press: numberOfTapsRequired taps must come first")
    func longPressTapsBefore() {
        let engine = makeEngine()
        let press = LongPressGestureRecognizer(name: "tap-and-hold")
        press.numberOfTapsRequired = 1
        let log = ActionLog(); log.watch(press)
        engine.add(press)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(0))
        engine.advance(to: ms(700))                                   // no tap first: no press
        engine.touchUp(id: 0, time: ms(700))
        #expect(log.entries.isEmpty)
        engine.tap(at: pt(100, 100), t0: 1000, duration: 50)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(1200))
        engine.advance(to: ms(1800))
        engine.touchUp(id: 0, time: ms(1800))
        #expect(log.entries == ["tap-and-hold:began", "tap-and-hold:ended"])
    }

    @Test("E13 pan: minimum touches, cumulative translation resettable by the action")
    func panTranslation() {
        let engine = makeEngine()
        let pan = PanGestureRecognizer(name: "two-finger-pan", minimumTouches: 2)
        var deltas: [Double] = []
        pan.addAction { g in
            let p = g as! PanGestureRecognizer
            deltas.append(p.translation.y)
            p.setTranslation(.zero)        // per-action deltas, as UIKit users do
        }
        engine.add(pan)
        engine.drag(from: pt(100, 100), dx: 0, dy: 50, steps: 5)         // one finger: nothing
        #expect(deltas.isEmpty)
        engine.touchDown(id: 0, at: pt(100, 100), time: ms(100))
        engine.touchDown(id: 1, at: pt(300, 100), time: ms(100))
        for i in 1...4 {
            engine.touchMoved(id: 0, to: pt(100, 100 + Double(i) * 10), time: ms(100 + Double(i) * 10))
            engine.touchMoved(id: 1, to: pt(300, 100 + Double(i) * 10), time: ms(100 + Double(i) * 10))
        }
        // Each touch event is settled on its own: the first finger's move of a frame moves the
        // centroid by 5 px, the second's by another 5. The pan begins at 15 px.
        #expect(deltas == [15, 5, 5, 5, 5, 5])
        #expect(pan.translation_mm.y == 0)
    }

    @Test("E13 swipe: the right direction and speed recognizes; others fail")
    func swipe() {
        let engine = makeEngine()
        let swipe = SwipeGestureRecognizer(name: "swipe-left", direction: .left)
        let log = ActionLog(); log.watch(swipe)
        engine.add(swipe)
        engine.drag(from: pt(500, 500), dx: 100, dy: 0, steps: 5, t0: 0)       // wrong way
        engine.drag(from: pt(500, 500), dx: -100, dy: 80, steps: 5, t0: 1000)  // outside the cone
        engine.touchDown(id: 0, at: pt(500, 500), time: ms(2000))               // too slow
        engine.advance(to: ms(2600))
        engine.touchMoved(id: 0, to: pt(380, 500), time: ms(2600))
        engine.touchUp(id: 0, time: ms(2610))
        #expect(log.entries.isEmpty)
        engine.drag(from: pt(500, 500), dx: -100, dy: 5, steps: 5, t0: 3000)
        #expect(log.entries == ["swipe-left:ended"])
    }

    @Test("E13 pinch: scale is cumulative, resettable, with a filtered velocity")
    func pinch() {
        let engine = makeEngine()
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        pinch.addAction { g in scales.append((g as! PinchGestureRecognizer).scale) }
        engine.add(pinch)
        engine.touchDown(id: 0, at: pt(400, 1000), time: ms(0))
        engine.touchDown(id: 1, at: pt(600, 1000), time: ms(0))   // 20 mm apart
        for i in 1...4 {
            engine.touchMoved(id: 0, to: pt(400 - Double(i) * 25, 1000), time: ms(Double(i) * 10))
            engine.touchMoved(id: 1, to: pt(600 + Double(i) * 25, 1000), time: ms(Double(i) * 10))
        }
        // One value per touch event: each finger's move widens the 20 mm span by 2.5 mm.
        #expect(scales == [1.125, 1.25, 1.375, 1.5, 1.625, 1.75, 1.875, 2.0])
        #expect(pinch.velocity_per_s > 0)
        pinch.setScale(1)
        engine.touchMoved(id: 0, to: pt(0, 1000), time: ms(50))     // 70 mm apart: raw 3.5
        #expect(abs(pinch.scale - 3.5 / 2.0) < 1e-9)
        engine.touchUp(id: 0, time: ms(60))
        #expect(pinch.state == .ended)
        engine.touchUp(id: 1, time: ms(70))
        #expect(pinch.state == .possible)
    }

    @Test("E13 rotation: cumulative angle in radians, resettable")
    func rotation() {
        let engine = makeEngine()
        let rotation = RotationGestureRecognizer()
        let log = ActionLog(); log.watch(rotation)
        var last = 0.0
        rotation.addAction { g in last = (g as! RotationGestureRecognizer).rotation_rad }
        engine.add(rotation)
        let c = pt(500, 1000), radius = 100.0
        engine.touchDown(id: 0, at: pt(c.x - radius, c.y), time: ms(0))
        engine.touchDown(id: 1, at: pt(c.x + radius, c.y), time: ms(0))
        // Turn by 10° steps to 90° using exact points on the circle.
        let steps: [(Double, Double)] = [(0.98480775301, 0.17364817767), (0.93969262078, 0.34202014332),
                                         (0.86602540378, 0.5), (0.76604444311, 0.64278760968),
                                         (0.64278760968, 0.76604444311), (0.5, 0.86602540378),
                                         (0.34202014332, 0.93969262078), (0.17364817767, 0.98480775301),
                                         (0, 1)]
        for (i, (cx, sy)) in steps.enumerated() {
            let t = ms(Double(i + 1) * 10)
            engine.touchMoved(id: 0, to: pt(c.x - radius * cx, c.y - radius * sy), time: t)
            engine.touchMoved(id: 1, to: pt(c.x + radius * cx, c.y + radius * sy), time: t)
        }
        #expect(abs(last - PlanarAngle.pi / 2) < 1e-6)
        #expect(log.entries.first == "rotation:began")
        #expect(rotation.velocity_rad_s > 0)
    }

    @Test("E13 screen-edge pan: starts only inside the edge zone and moving inwards")
    func screenEdgePan() {
        let engine = makeEngine()
        let edge = ScreenEdgePanGestureRecognizer(edges: [.left, .bottom])
        let log = ActionLog(); log.watch(edge)
        var edges: [Edge?] = []
        log.onAction = { _ in edges.append(edge.edge) }
        engine.add(edge)
        engine.drag(from: pt(500, 1000), dx: 100, dy: 0, steps: 5, t0: 0)       // middle: fails
        engine.drag(from: pt(10, 1000), dx: 0, dy: 100, steps: 5, t0: 100)      // along the edge: fails
        #expect(log.entries.isEmpty)
        engine.drag(from: pt(10, 1000), dx: 100, dy: 10, steps: 5, t0: 200)     // 1 mm in, inwards
        #expect(log.entries.first == "screen-edge-pan:began")
        #expect(log.entries.last == "screen-edge-pan:ended")
        #expect(edges.first == .left)
        engine.drag(from: pt(500, 1995), dx: 0, dy: -100, steps: 5, t0: 400)    // bottom edge
        #expect(edges.last == .bottom)
    }
}
