import Testing
@testable import BezelCore

/// docs/design.md §4.5: multi-finger system gestures, their configuration (YAML tree and flattened
/// keys), and that they run on the §3 engine.
@Suite("Multi-finger gestures (docs/design.md §4.5)")
struct MultiFingerTests {
    static let phone = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    private func error(_ make: () throws(ConfigError) -> SystemGestureConfig) -> ConfigError? {
        do { _ = try make(); return nil } catch { return error }
    }

    private func flat(_ pairs: [(String, String)]) throws(ConfigError) -> SystemGestureConfig {
        try SystemGestureConfig(flattened: pairs.map { (key: $0.0, value: $0.1) })
    }

    private func tree(_ entries: [(String, ConfigNode)]) throws(ConfigError) -> SystemGestureConfig {
        try SystemGestureConfig(parsing: ConfigNode(.map(entries.map { (key: $0.0, value: $0.1) })))
    }

    private func entry(_ fields: [(String, ConfigNode.Value)]) -> ConfigNode {
        ConfigNode(.map(fields.map { (key: $0.0, value: ConfigNode($0.1)) }))
    }

    // MARK: Configuration

    @Test("§4.5: nothing is bound by default, and the mf_* defaults are those of the table")
    func defaults() {
        let c = SystemGestureConfig()
        #expect(c.multiFinger.isEmpty)
        let t = c.multiFingerThresholds
        #expect(t.window_ms == 150 && t.begin_mm == 8 && t.cone_deg == 30)
        #expect(t.fullDistance_mm == 40 && t.pinchBegin == 0.15 && t.hold_ms == 500)
    }

    @Test("§4.5: multi_finger entries and mf_* keys in the YAML tree; names get flags under gestures")
    func treeConfig() throws {
        let c = try tree([
            ("mf_window_ms", ConfigNode(.number(120))),
            ("mf_pinch_begin", ConfigNode(.number(0.2))),
            ("multi_finger", ConfigNode(.list([
                entry([("gesture", .string("workspace")), ("kind", .string("swipe")), ("fingers", .number(3)), ("direction", .string("left"))]),
                entry([("gesture", .string("overview")), ("kind", .string("pinch")), ("fingers", .number(4)), ("direction", .string("in"))]),
                entry([("gesture", .string("launcher")), ("kind", .string("hold")), ("fingers", .number(5))]),
            ]))),
            ("gestures", entry([("overview", .map([(key: "when_locked", value: ConfigNode(.bool(true)))]))])),
        ])
        #expect(c.multiFinger.map(\.kind) == [.swipe, .pinch, .hold])
        #expect(c.multiFinger.map(\.fingers) == [3, 4, 5])
        #expect(c.multiFinger.map(\.direction) == [.left, .pinchIn, .none])
        #expect(c.multiFingerThresholds.window_ms == 120 && c.multiFingerThresholds.pinchBegin == 0.2)
        #expect(c.gestures[c.multiFinger[1].gesture].whenLocked)
        #expect(!c.gestures[c.multiFinger[0].gesture].whenLocked)
    }

    @Test("§4.5 + §4.4: bad multi_finger entries and mf_* values are errors naming the key")
    func treeErrors() {
        func one(_ fields: [(String, ConfigNode.Value)]) -> ConfigError? {
            error { () throws(ConfigError) in try tree([("multi_finger", ConfigNode(.list([entry(fields)])))]) }
        }
        #expect(one([("gesture", .string("w")), ("kind", .string("spin")), ("fingers", .number(3))])?.key == "multi_finger[0].kind")
        #expect(one([("gesture", .string("w")), ("kind", .string("swipe")), ("fingers", .number(2)), ("direction", .string("up"))])?.key == "multi_finger[0].fingers")
        #expect(one([("gesture", .string("w")), ("kind", .string("swipe")), ("fingers", .number(6)), ("direction", .string("up"))])?.key == "multi_finger[0].fingers")
        #expect(one([("gesture", .string("w")), ("kind", .string("swipe")), ("fingers", .number(3)), ("direction", .string("in"))])?.key == "multi_finger[0].direction")
        #expect(one([("gesture", .string("w")), ("kind", .string("pinch")), ("fingers", .number(3))])?.key == "multi_finger[0].direction")
        #expect(one([("gesture", .string("w")), ("kind", .string("hold")), ("fingers", .number(3)), ("direction", .string("up"))])?.key == "multi_finger[0].direction")
        #expect(one([("kind", .string("hold")), ("fingers", .number(3))])?.key == "multi_finger[0].gesture")
        #expect(one([("gesture", .string("w")), ("kind", .string("hold")), ("fingers", .number(3)), ("speed", .number(1))])?.key == "multi_finger[0].speed")
        let range = error { () throws(ConfigError) in try tree([("mf_window_ms", ConfigNode(.number(5000)))]) }
        #expect(range?.key == "mf_window_ms")
        #expect(error { () throws(ConfigError) in try tree([("mf_speed", ConfigNode(.number(1)))]) }?.key == "mf_speed")
        #expect(error { () throws(ConfigError) in try tree([("multi_finger", ConfigNode(.number(1)))]) }?.key == "multi_finger")
    }

    @Test("§4.4 + §4.5: flattened keys: mf-window-ms and multi-finger=g:kind:fingers[:direction]")
    func flattened() throws {
        let c = try flat([
            ("mf-window-ms", "150"), ("mf-begin-mm", "10"),
            ("multi-finger", "workspace:swipe:3:left, overview:pinch:4:in,launcher:hold:5"),
            ("gesture-launcher-when-locked", "true"),
        ])
        #expect(c.multiFinger.count == 3)
        #expect(c.multiFinger[0] == MultiFingerBinding(gesture: c.gestureIndex(named: "workspace")!, kind: .swipe, fingers: 3, direction: .left))
        #expect(c.multiFinger[1].direction == .pinchIn)
        #expect(c.multiFinger[2].kind == .hold && c.gestures[c.multiFinger[2].gesture].whenLocked)
        #expect(c.multiFingerThresholds.begin_mm == 10)
        // The same configuration written as a tree.
        let t = try tree([
            ("mf_window_ms", ConfigNode(.number(150))), ("mf_begin_mm", ConfigNode(.number(10))),
            ("multi_finger", ConfigNode(.list([
                entry([("gesture", .string("workspace")), ("kind", .string("swipe")), ("fingers", .number(3)), ("direction", .string("left"))]),
                entry([("gesture", .string("overview")), ("kind", .string("pinch")), ("fingers", .number(4)), ("direction", .string("in"))]),
                entry([("gesture", .string("launcher")), ("kind", .string("hold")), ("fingers", .number(5))]),
            ]))),
            ("gestures", entry([("launcher", .map([(key: "when_locked", value: ConfigNode(.bool(true)))]))])),
        ])
        #expect(c == t)
        #expect(try flat([("multi-finger", "")]).multiFinger.isEmpty)
    }

    @Test("§4.4 + §4.5: flattened errors name the flat key and the entry as written")
    func flattenedErrors() {
        let bad = error { () throws(ConfigError) in try flat([("multi-finger", "a:swipe:3:left,b:pinch:9:in")]) }
        #expect(bad?.key == "multi-finger")
        #expect(bad?.reason.contains("b:pinch:9:in") == true)
        #expect(error { () throws(ConfigError) in try flat([("multi-finger", "a:swipe")]) }?.key == "multi-finger")
        #expect(error { () throws(ConfigError) in try flat([("mf-window-ms", "9999")]) }?.key == "mf-window-ms")
        #expect(error { () throws(ConfigError) in try flat([("mf-window-ms", "soon")]) }?.key == "mf-window-ms")
        #expect(error { () throws(ConfigError) in try flat([("mf-nothing", "1")]) }?.key == "mf-nothing")
    }

    // MARK: Product path

    private func router(_ bindings: [(String, MultiFingerKind, Int, MultiFingerDirection)]) -> SystemGestureRouter {
        var config = SystemGestureConfig()
        for (name, kind, fingers, direction) in bindings {
            config.multiFinger.append(MultiFingerBinding(gesture: config.gestureIndexAdding(name), kind: kind,
                                                         fingers: fingers, direction: direction))
        }
        return SystemGestureRouter(output: Self.phone, config: config)
    }

    private func events(_ r: SystemGestureRouter) -> [RouterEvent] {
        var out: [RouterEvent] = []
        r.drain { out.append($0.event) }
        return out
    }

    @Test("§4.5: with multi_finger empty the router builds no engine (the edge-only fast path)")
    func noEngineWhenEmpty() {
        let r = router([])
        #expect(r.core.multiFinger == nil)
        let configured = router([("w", .swipe, 3, .left)])
        #expect(configured.core.multiFinger != nil)
        // Reconfiguring to nothing drops it; to the same bindings keeps the same engine.
        let engine = configured.core.multiFinger?.engine
        configured.setConfig(configured.config)
        #expect(configured.core.multiFinger?.engine === engine)
        configured.setConfig(SystemGestureConfig())
        #expect(configured.core.multiFinger == nil)
    }

    @Test("§4.5: the gestures are recognizers of the §3 engine on its root node, first-listed added last (E7)")
    func recognizersOnTheEngineRoot() throws {
        let r = router([("a", .swipe, 3, .left), ("b", .pinch, 4, .pinchIn), ("c", .hold, 5, .none)])
        let mf = try #require(r.core.multiFinger)
        #expect(mf.engine.recognizers.count == 3)
        #expect(mf.engine.recognizers.allSatisfy { $0.node == .root })
        // E7: on a tie the most recently added wins, so config order is reversed in the engine.
        #expect(mf.engine.recognizers.map(\.name) == ["c", "b", "a"])
        // M2: nothing holds touches from the clients.
        #expect(mf.engine.recognizers.allSatisfy { !$0.delaysTouchesBegan && !$0.delaysTouchesEnded })
    }

    @Test("M1: the set must land within mf_window_ms of its first down")
    func windowBoundary() {
        for (third, forms) in [(150.0, true), (151.0, false)] {
            let r = router([("w", .swipe, 3, .left)])
            r.touchDown(id: 0, at: Point(x: 400, y: 1000), time: .zero)
            r.touchDown(id: 1, at: Point(x: 600, y: 1000), time: Milliseconds(50))
            r.touchDown(id: 2, at: Point(x: 800, y: 1000), time: Milliseconds(third))
            r.touchUp(id: 1, time: Milliseconds(third + 10))
            let failed = events(r).contains { if case .multiFingerFailed(_, .lifted) = $0 { return true } else { return false } }
            #expect(failed == forms, "third finger at \(third) ms")
        }
    }

    @Test("M1 + M3: a hold begins after mf_hold_ms on the engine's timer, through advance(to:)")
    func holdBeginsOnTimer() {
        let r = router([("launcher", .hold, 3, .none)])
        r.touchDown(id: 0, at: Point(x: 400, y: 1000), time: .zero)
        r.touchDown(id: 1, at: Point(x: 600, y: 1000), time: Milliseconds(10))
        r.touchDown(id: 2, at: Point(x: 800, y: 1000), time: Milliseconds(20))
        #expect(r.nextDeadline == Milliseconds(520))
        r.advance(to: Milliseconds(519))
        #expect(!events(r).contains { if case .multiFingerBegan = $0 { return true } else { return false } })
        r.advance(to: Milliseconds(520))
        let e = events(r)
        #expect(e.contains { if case .multiFingerBegan(let m) = $0 { return m.kind == .hold && m.fingers == 3 } else { return false } })
        r.touchUp(id: 0, time: Milliseconds(600))
        #expect(events(r).contains { if case .multiFingerEnded(_, true) = $0 { return true } else { return false } })
    }

    @Test("§4.4 + R8: a reconfiguration that changes multi_finger cancels the running gesture")
    func reconfigurationCancelsRunning() {
        let r = router([("w", .swipe, 3, .left)])
        for id in 0..<3 { r.touchDown(id: Int32(id), at: Point(x: 400 + 200 * Double(id), y: 1000), time: Milliseconds(Double(id))) }
        for id in 0..<3 { r.touchMotion(id: Int32(id), at: Point(x: 200 + 200 * Double(id), y: 1000), time: Milliseconds(20)) }
        r.frame(time: Milliseconds(20))
        #expect(events(r).contains { if case .multiFingerBegan = $0 { return true } else { return false } })
        var config = r.config
        config.multiFinger[0].direction = .right
        r.setConfig(config)
        let after = events(r)
        #expect(after.contains { if case .multiFingerCancelled(let m) = $0 { return m.gesture == r.config.gestureIndex(named: "w") } else { return false } })
        // The lifted fingers end nothing more: the gesture was already cancelled.
        for id in 0..<3 { r.touchUp(id: Int32(id), time: Milliseconds(40)) }
        #expect(!events(r).contains { if case .multiFingerEnded = $0 { return true } else { return false } })
    }

    @Test("§9: no heap allocation per event in steady state with multi-finger gestures bound")
    func steadyStateDoesNotGrow() {
        let r = router([("w", .swipe, 3, .left), ("o", .pinch, 4, .pinchIn), ("h", .hold, 3, .none)])
        func round(_ base: Double) {
            for id in 0..<3 { r.touchDown(id: Int32(id), at: Point(x: 300 + 200 * Double(id), y: 1000), time: Milliseconds(base + Double(id))) }
            for step in 1...6 {
                for id in 0..<3 {
                    r.touchMotion(id: Int32(id), at: Point(x: 300 + 200 * Double(id) - 40 * Double(step), y: 1000), time: Milliseconds(base + 10 + 16 * Double(step)))
                }
                r.frame(time: Milliseconds(base + 10 + 16 * Double(step)))
            }
            for id in 0..<3 { r.touchUp(id: Int32(id), time: Milliseconds(base + 200)) }
            r.frame(time: Milliseconds(base + 200))
            r.discardPending()
        }
        round(0)
        let mf = r.core.multiFinger!
        let capacity = (mf.reports.items.capacity, mf.engine.trackedTouchCount)
        for k in 1...50 { round(Double(k) * 1000) }
        // The buffers it reuses keep their storage and no touch record is left behind.
        #expect(mf.reports.items.capacity == capacity.0)
        #expect(mf.engine.trackedTouchCount == 0 && capacity.1 == 0)
    }
}
