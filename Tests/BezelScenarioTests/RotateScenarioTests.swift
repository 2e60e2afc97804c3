import BezelCore
import BezelScenario
import Testing

/// The scenario format's `rotate` event (a Bezel extension of docs/design.md §8; R8 on rotation).
@Suite("Scenario: rotate")
struct RotateScenarioTests {
    func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(text, file: "bad.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("§8 rotate: a transform that is not a wl_output transform, or an unknown output, names the line")
    func malformed() {
        let angle = error("""
        surfaces: []
        timeline:
          - { t: 0, rotate: { transform: 45 } }
        """)
        #expect(angle?.line == 3)
        #expect(angle?.reason.contains("rotate.transform") == true)
        let output = error("""
        surfaces: []
        timeline:
          - { t: 0, rotate: { transform: 90, output: 3 } }
        """)
        #expect(output?.line == 3)
        #expect(output?.reason.contains("unknown output 3") == true)
        let key = error("""
        surfaces: []
        timeline:
          - { t: 0, rotate: { transform: 90, angle: 3 } }
        """)
        #expect(key?.line == 3)
    }

    @Test("§4.1/R8: every transform name parses, and turning the output mid-dock cancels the dock (normal, no turn, does not)")
    func names() throws {
        for name in ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270", "rotate-90"] {
            let scenario = try ScenarioParser.parse("""
            output: { width: 1080, height: 2340, width_mm: 68, height_mm: 147 }
            surfaces:
              - { id: app, client: A, rect: [0, 0, 2340, 2340] }
            timeline:
              - { t: 0,  down:   { id: 0, x: 540, y: 2338 } }
              - { t: 16, motion: { id: 0, x: 540, y: 2250 } }
              - { t: 20, rotate: { transform: \(name) } }
            """, file: "rotate.yaml")
            let lines = ScenarioRunner.run(scenario).map(\.json)
            let turned = name != "normal"
            #expect(lines.contains { $0.contains("\"system.cancelled\"") } == turned, "\(name): \(lines)")
        }
    }
}
