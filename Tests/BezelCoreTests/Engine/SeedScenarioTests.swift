import Testing
@testable import BezelCore

/// Seed scenarios not covered elsewhere.
@Suite("Engine: seed scenarios")
struct SeedScenarioTests {
    @Test("E10 (seed 001): disable+enable drops one touch, so a dragged item does not scroll the list")
    func dragWhileScrolling() {
        let engine = makeEngine()
        let dot = engine.addNode(100, 100, 100, 100)
        let scroll = PanGestureRecognizer(name: "scroll")
        let press = LongPressGestureRecognizer(name: "grab")
        press.cancelsTouchesInView = false           // the dot keeps its highlight
        let delegate = StubDelegate()
        delegate.simultaneous = { _, _ in true }
        press.delegate = delegate
        engine.add(scroll)
        engine.add(press, to: dot)
        let log = ActionLog(); log.watch(scroll, press)
        log.onAction = { g in
            if g === press && g.state == .began {
                scroll.isEnabled = false             // stop tracking the grabbing finger…
                scroll.isEnabled = true              // …but stay ready for new fingers
            }
        }
        engine.touchDown(id: 0, at: pt(150, 150), time: ms(0))
        engine.advance(to: ms(500))                  // grabbed
        engine.touchDown(id: 1, at: pt(600, 1000), time: ms(600))
        for i in 1...3 {
            let t = ms(600 + Double(i) * 10)
            engine.touchMoved(id: 0, to: pt(150 + Double(i) * 40, 150), time: t)   // drag the dot
            engine.touchMoved(id: 1, to: pt(600, 1000 - Double(i) * 30), time: t)  // scroll
        }
        #expect(log.entries == ["grab:began", "grab:changed", "scroll:began", "grab:changed",
                                "scroll:changed", "grab:changed", "scroll:changed"])
        #expect(scroll.translation == pt(0, -90))    // only the second finger scrolls
        _ = delegate
    }
}
