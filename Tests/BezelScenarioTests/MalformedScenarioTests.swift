import BezelCore
import BezelScenario
import Testing

/// docs/design.md §8: a malformed scenario is reported with its line and a reason (exit 2 in the CLI);
/// §4.4: an unknown configuration key or a wrong type names the key.
@Suite("Malformed scenarios and configurations")
struct MalformedScenarioTests {
    func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(text, file: "bad.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("YAML syntax errors carry the line")
    func yamlSyntax() {
        let e = error("timeline:\n  - { t: 0, down: { id: 0, x: 1 \n")
        #expect(e != nil)
        #expect(e?.line != nil)
        #expect(e?.reason.contains("invalid YAML") == true)
    }

    @Test("An unknown event names itself and its line")
    func unknownEvent() {
        let e = error("""
        surfaces: []
        timeline:
          - { t: 0, down: { id: 0, x: 1, y: 2 } }
          - { t: 5, tap: { id: 0 } }
        """)
        #expect(e?.line == 4)
        #expect(e?.reason.contains("unknown event 'tap'") == true)
    }

    @Test("§8 regions: deferred_region and defer.region take rectangles or null; anything else names the line")
    func regions() throws {
        let ok = try ScenarioParser.parse("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100], deferred_edges: [bottom], deferred_region: [[0, 50, 100, 50]] }
        timeline:
          - { t: 5, defer: { surface: app, region: null } }
          - { t: 6, defer: { surface: app, edges: [left], region: [] } }
        """, file: "ok.yaml")
        #expect(ok.surfaces[0].deferredRegion == [Rect(x: 0, y: 50, width: 100, height: 50)])
        guard case .deferRegion(_, nil, nil, nil) = ok.timeline[0].action else {
            Issue.record("region: null is not a reset: \(ok.timeline[0].action)"); return
        }
        guard case .deferRegion(_, [.left], nil, let empty?) = ok.timeline[1].action, empty.isEmpty else {
            Issue.record("region: [] is not an empty region: \(ok.timeline[1].action)"); return
        }
        let bad = error("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100] }
        timeline:
          - { t: 5, defer: { surface: app, region: [[0, 0, 10]] } }
        """)
        #expect(bad?.line == 4)
        #expect(bad?.reason.contains("defer.region[0]") == true)
        let notList = error("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100], deferred_region: 3 }
        """)
        #expect(notList?.reason.contains("surface.deferred_region") == true)
    }

    @Test("§8 move: an unknown surface or a bad rect names the entry's line")
    func badMove() {
        let unknown = error("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100] }
        timeline:
          - { t: 5, move: { surface: ghost, rect: [0, 0, 10, 10] } }
        """)
        #expect(unknown?.line == 4)
        #expect(unknown?.reason.contains("unknown surface 'ghost'") == true)
        let shortRect = error("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100] }
        timeline:
          - { t: 5, move: { surface: app, rect: [0, 0, 10] } }
        """)
        #expect(shortRect?.line == 4)
        #expect(shortRect?.reason.contains("move.rect: expected [x, y, width, height]") == true)
        let noRect = error("""
        surfaces:
          - { id: app, rect: [0, 0, 100, 100] }
        timeline:
          - { t: 5, move: { surface: app } }
        """)
        #expect(noRect?.reason.contains("move: missing 'rect'") == true)
    }

    @Test("R6/M4 policy: an entry naming neither edges nor gestures, or an unknown kind, is malformed")
    func badPolicy() {
        let neither = error("""
        surfaces:
          - { id: app, client: A, rect: [0, 0, 10, 10] }
        timeline:
          - { t: 0, policy: { surface: app } }
        """)
        #expect(neither?.line == 4)
        #expect(neither?.reason.contains("needs 'edges', 'gestures' or both") == true)
        let unknownKind = error("""
        surfaces:
          - { id: app, client: A, rect: [0, 0, 10, 10] }
        timeline:
          - { t: 0, policy: { surface: app, gestures: [twirl] } }
        """)
        #expect(unknownKind?.line == 4)
        #expect(unknownKind != nil)
    }

    @Test("A wrong type in config names the key (4.4)")
    func configWrongType() {
        let e = error("""
        config:
          edges:
            bottom: { edge_zone_mm: wide }
        """)
        #expect(e?.line == 3)
        #expect(e?.reason.contains("edges.bottom.edge_zone_mm") == true)
        #expect(e?.reason.contains("expected a number") == true)
    }

    @Test("An unknown config key names the key (4.4)")
    func configUnknownKey() {
        let e = error("config: { hold_window: 100 }")
        #expect(e?.reason.contains("hold_window") == true)
        #expect(e?.reason.contains("unknown key") == true)
    }

    @Test("Overlapping or inverted binding segments are rejected")
    func badSegments() {
        #expect(error("config: { bindings: { left: [ { gesture: back, from: 0.6, to: 0.2 } ] } }")?.reason.contains("from < to") == true)
        #expect(error("config: { bindings: { top: [ { gesture: a, from: 0, to: 0.6 }, { gesture: b, from: 0.5, to: 1 } ] } }")?.reason.contains("overlap") == true)
    }

    @Test("Missing fields, bad ids and unknown names are malformed, not no-ops")
    func missingAndUnknown() {
        #expect(error("timeline: [ { t: 0, down: { id: 0, x: 1 } } ]")?.reason.contains("missing 'y'") == true)
        #expect(error("timeline: [ { t: 0, up: { id: -1 } } ]")?.reason.contains("non-negative integer") == true)
        #expect(error("timeline: [ { down: { id: 0, x: 1, y: 1 } } ]")?.reason.contains("missing 't'") == true)
        #expect(error("timeline: [ { t: 0, remove: { surface: ghost } } ]")?.reason.contains("unknown surface 'ghost'") == true)
        #expect(error("surfaces: [ { id: a, rect: [0, 0, 10, 10], parent: b } ]")?.reason.contains("parent 'b'") == true)
        #expect(error("surfaces: [ { id: a, rect: [0, 0, 10, 10], deferred_edges: [middle] } ]")?.reason.contains("unknown edge 'middle'") == true)
        #expect(error("timeline: [ { t: 5, advance: {} }, { t: 1, advance: {} } ]")?.reason.contains("backwards") == true)
        #expect(error("expect: { sequence: [ { id: 0 } ] }")?.reason.contains("needs an 'event'") == true)
        #expect(error("colour: blue")?.reason.contains("unknown top-level key 'colour'") == true)
    }

    @Test("An expectation that does not hold gives a readable report")
    func mismatchReport() throws {
        let scenario = try ScenarioParser.parse("""
        surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]
        timeline:
          - { t: 0, down: { id: 0, x: 540, y: 1000 } }
        expect:
          sequence:
            - { event: client.down, id: 0 }
            - { event: client.up, id: 0 }
          absent:
            - { event: client.frame }
        """, file: "mismatch.yaml")
        let report = try #require(scenario.expect?.check(ScenarioRunner.run(scenario)))
        #expect(report.contains("sequence[1] (line 7) not found"))
        #expect(report.contains("no output line has this event at all"))
        #expect(report.contains("absent[0] (line 9) appeared"))
    }

    @Test("Numbers compare as numbers; fields the matcher names are all that count")
    func numericMatching() throws {
        let scenario = try ScenarioParser.parse("""
        surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]
        timeline: [ { t: 0, down: { id: 0, x: 540, y: 1000 } } ]
        expect: { sequence: [ { event: client.down, id: 0.0, x: 540.0000001, t_min: 0, t_max: 0 } ] }
        """, file: "numbers.yaml")
        #expect(scenario.expect?.check(ScenarioRunner.run(scenario)) == nil)
    }
}
