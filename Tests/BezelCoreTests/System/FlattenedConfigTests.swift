import Testing
@testable import BezelCore

/// docs/design.md §4.4: the flattened keys of a weston `[bezel]` section (`bezel_plugin_configure`)
/// mean the same as the YAML tree, and every error names the flat key as the user wrote it.
@Suite("Config: flattened [bezel] keys (docs/design.md §4.4)")
struct FlattenedConfigTests {
    private func config(_ pairs: [(String, String)]) throws(ConfigError) -> SystemGestureConfig {
        try SystemGestureConfig(flattened: pairs.map { (key: $0.0, value: $0.1) })
    }

    /// The error `pairs` produce, or `nil` if they are accepted.
    private func error(_ pairs: [(String, String)]) -> ConfigError? {
        do {
            _ = try config(pairs)
            return nil
        } catch {
            return error
        }
    }

    private func segments(_ c: SystemGestureConfig, _ edge: Edge) -> [String] {
        c.bindings[edge.index].map { "\(c.gestures[$0.gesture].name):\($0.from):\($0.to)" }
    }

    @Test("docs/design.md §4.4: no pairs give the defaults of §4.1")
    func empty() throws {
        #expect(try config([]) == SystemGestureConfig())
    }

    @Test("docs/design.md §4.4: every threshold key of §4.1, hyphenated, applies to every edge")
    func everyThresholdKey() throws {
        let c = try config([
            ("edge-zone-mm", "5"), ("slop-mm", "3"), ("direction-cone-deg", "30"),
            ("begin-distance-mm", "6"), ("still-timeout-ms", "300"), ("hold-window-ms", "120"),
            ("full-distance-mm", "40"), ("commit-progress", "0.6"), ("flick-velocity-mm-s", "200"),
            ("rearm-window-ms", "1500"), ("multi-touch-rejects", "false"), ("deferred-cap-mm", "40"),
        ])
        var want = EdgeThresholds()
        want.edgeZone_mm = 5; want.slop_mm = 3; want.directionCone_deg = 30
        want.beginDistance_mm = 6; want.stillTimeout_ms = 300; want.holdWindow_ms = 120
        want.fullDistance_mm = 40; want.commitProgress = 0.6; want.flickVelocity_mm_s = 200
        want.rearmWindow_ms = 1500; want.multiTouchRejects = false; want.deferredCap_mm = 40
        #expect(c.thresholds == Array(repeating: want, count: 4))
        // Every key of §4.1 (and §5's deferred_cap_mm) was covered above.
        #expect(SystemGestureConfig.thresholdKeys.count == 12)
    }

    @Test("docs/design.md §4.4: a per-edge key beats the all-edge key whichever comes first")
    func perEdgeOverride() throws {
        for pairs in [[("bottom-edge-zone-mm", "5"), ("edge-zone-mm", "2")],
                      [("edge-zone-mm", "2"), ("bottom-edge-zone-mm", "5")]] {
            let c = try config(pairs)
            #expect(c.thresholds(.bottom).edgeZone_mm == 5)
            #expect(c.thresholds(.top).edgeZone_mm == 2)
            #expect(c.thresholds(.left).edgeZone_mm == 2)
            #expect(c.thresholds(.right).edgeZone_mm == 2)
        }
        let c = try config([("left-multi-touch-rejects", "false"), ("top-hold-window-ms", "90")])
        #expect(c.thresholds(.left).multiTouchRejects == false)
        #expect(c.thresholds(.bottom).multiTouchRejects == true)
        #expect(c.thresholds(.top).holdWindow_ms == 90)
        #expect(c.thresholds(.right).holdWindow_ms == 150)
    }

    @Test("docs/design.md §4.4: bind-<edge> replaces the edge's segments; whitespace around items is fine")
    func bindSeveralSegments() throws {
        let c = try config([("bind-top", " control_center:0.7:1.0 , cover_sheet : 0 : 0.3,back:0.3:0.7 ")])
        #expect(segments(c, .top) == ["cover_sheet:0.0:0.3", "back:0.3:0.7", "control_center:0.7:1.0"])
        #expect(segments(c, .bottom) == ["dock:0.0:1.0"])   // other edges keep their defaults
        // A gesture first named in a binding is added non-modal and off when locked.
        #expect(c.gestures.last == GestureSpec(name: "back", modal: false, whenLocked: false))
    }

    @Test("docs/design.md §4.4: an empty bind-<edge> unbinds the edge")
    func unbind() throws {
        for value in ["", "  "] {
            let c = try config([("bind-bottom", value), ("bind-left", "back:0:1")])
            #expect(!c.isBound(.bottom))
            #expect(segments(c, .left) == ["back:0.0:1.0"])
        }
    }

    @Test("docs/design.md §4.4: gesture flags, of default gestures and of a new one (names with _)")
    func gestureFlags() throws {
        let c = try config([
            ("gesture-dock-modal", "true"), ("gesture-cover_sheet-when-locked", "false"),
            ("gesture-app_switcher-when-locked", "true"), ("gesture-app_switcher-modal", "true"),
        ])
        let dock = try #require(c.gestureIndex(named: "dock"))
        let cover = try #require(c.gestureIndex(named: "cover_sheet"))
        let switcher = try #require(c.gestureIndex(named: "app_switcher"))
        #expect(c.gestures[dock].modal && !c.gestures[dock].whenLocked)
        #expect(c.gestures[cover].modal && !c.gestures[cover].whenLocked)
        #expect(c.gestures[switcher] == GestureSpec(name: "app_switcher", modal: true, whenLocked: true))
        // §4.6: app_handled is on for back alone unless configured, flat or in the tree.
        #expect(!c.gestures[dock].appHandled && GestureSpec(name: "back", modal: false, whenLocked: false).appHandled)
        let handled = try config([("gesture-dock-app-handled", "true"), ("gesture-back-app-handled", "false"),
                                  ("bind-left", "back:0:1")])
        #expect(handled.gestures[try #require(handled.gestureIndex(named: "dock"))].appHandled)
        #expect(!handled.gestures[try #require(handled.gestureIndex(named: "back"))].appHandled)
        #expect(handled.appHandledEdges == [.bottom])
        // A flag set before the gesture is bound still belongs to the same gesture.
        let bound = try config([("gesture-back-modal", "true"), ("bind-left", "back:0:1")])
        #expect(bound.gestures[bound.bindings[Edge.left.index][0].gesture].modal)
    }

    @Test("docs/design.md §4.4: errors name the flat key as written, not the tree path")
    func errorsNameTheFlatKey() {
        let cases: [(pairs: [(String, String)], key: String, reason: String)] = [
            ([("hold-window", "150")], "hold-window", "unknown key"),
            ([("hold_window_ms", "150")], "hold_window_ms", "unknown key"),   // YAML spelling
            ([("middle-edge-zone-mm", "5")], "middle-edge-zone-mm", "unknown key"),
            ([("gesture-dock-sticky", "true")], "gesture-dock-sticky", "unknown key"),
            ([("bind-middle", "dock:0:1")], "bind-middle", "unknown edge (top, bottom, left, right)"),
            ([("bottom-edge-zone-mm", "abc")], "bottom-edge-zone-mm", "expected a number, got \"abc\""),
            ([("slop-mm", "nan")], "slop-mm", "expected a number, got \"nan\""),
            ([("slop-mm", "inf")], "slop-mm", "expected a number, got \"inf\""),
            ([("slop-mm", "1e999")], "slop-mm", "expected a number, got \"1e999\""),
            ([("slop-mm", "0x10")], "slop-mm", "expected a number, got \"0x10\""),
            ([("multi-touch-rejects", "1")], "multi-touch-rejects", "expected true or false, got \"1\""),
            ([("gesture-back-modal", "yes")], "gesture-back-modal", "expected true or false, got \"yes\""),
            ([("full-distance-mm", "0")], "full-distance-mm", "must be from 1 to 500, got 0"),
            ([("right-slop-mm", "-1")], "right-slop-mm", "must be from 0 to 50, got -1"),
            ([("top-direction-cone-deg", "181")], "top-direction-cone-deg", "must be from 0 to 180, got 181"),
            ([("hold-window-ms", "1e308")], "hold-window-ms", "must be from 0 to 2000, got 1e+308"),
            ([("full-distance-mm", "1e-9")], "full-distance-mm", "must be from 1 to 500, got 1e-09"),
            ([("bind-top", "a:0:0.6,b:0.5:1")], "bind-top", "segments overlap"),
            ([("bind-bottom", "dock:0.5")], "bind-bottom", "segment \"dock:0.5\" is not gesture:from:to"),
            ([("bind-bottom", ":0:1")], "bind-bottom", "segment \":0:1\" is not gesture:from:to"),
            ([("bind-bottom", "dock:0:1,")], "bind-bottom", "segment \"\" is not gesture:from:to"),
            ([("bind-bottom", "dock:a:1")], "bind-bottom", "segment \"dock:a:1\": from and to must be numbers"),
            ([("bind-left", "back:0:1, back:0.8:0.2")], "bind-left",
             "segment \"back:0.8:0.2\": segment must satisfy 0 ≤ from < to ≤ 1"),
            ([("hold-window-ms", "100"), ("slop-mm", "1"), ("hold-window-ms", "100")], "hold-window-ms", "given twice"),
            ([("bind-left", ""), ("bind-left", "")], "bind-left", "given twice"),
        ]
        for c in cases {
            let e = error(c.pairs)
            #expect(e == ConfigError(key: c.key, reason: c.reason, line: nil), "\(c.pairs)")
        }
        #expect(error([("bottom-edge-zone-mm", "abc")])?.description == "bottom-edge-zone-mm: expected a number, got \"abc\"")
    }

    @Test("docs/design.md §4.4: values are trimmed; decimals with sign and exponent are numbers")
    func valueSpelling() throws {
        let c = try config([("hold-window-ms", " 1.2e2\t"), ("multi-touch-rejects", " false "), ("slop-mm", "+3")])
        #expect(c.thresholds(.top).holdWindow_ms == 120)
        #expect(c.thresholds(.top).multiTouchRejects == false)
        #expect(c.thresholds(.top).slop_mm == 3)
    }

    @Test("docs/design.md §4.4: the flattened form builds the same configuration as the YAML tree")
    func sameAsTree() throws {
        let flat = try config([
            ("hold-window-ms", "150"), ("bottom-edge-zone-mm", "5"),
            ("bind-left", "back:0.0:1.0"), ("bind-right", ""), ("gesture-back-modal", "false"),
            ("gesture-back-when-locked", "false"),
        ])
        func n(_ v: Double) -> ConfigNode { ConfigNode(.number(v)) }
        func b(_ v: Bool) -> ConfigNode { ConfigNode(.bool(v)) }
        let tree = ConfigNode(.map([
            ("hold_window_ms", n(150)),
            ("edges", ConfigNode(.map([("bottom", ConfigNode(.map([("edge_zone_mm", n(5))])))]))),
            ("bindings", ConfigNode(.map([
                ("left", ConfigNode(.list([ConfigNode(.map([
                    ("gesture", ConfigNode(.string("back"))), ("from", n(0)), ("to", n(1)),
                ]))]))),
                ("right", ConfigNode(.list([]))),
            ]))),
            ("gestures", ConfigNode(.map([("back", ConfigNode(.map([("modal", b(false)), ("when_locked", b(false))])))]))),
        ]))
        #expect(flat == (try SystemGestureConfig(parsing: tree)))
    }
}
