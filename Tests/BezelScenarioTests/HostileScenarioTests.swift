import BezelCore
@testable import BezelScenario
import Testing

/// docs/design.md §8 and §9: a malformed or hostile scenario or configuration file is an error with the
/// line and a reason (exit 2 in the CLI), never a crash, a hang or unbounded memory. Yams has
/// no limits of its own, so these pin the ones `YAMLLimits` adds before it parses.
@Suite("Hostile scenario and configuration files")
struct HostileScenarioTests {
    func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(text, file: "bad.yaml")
            return nil
        } catch {
            return error
        }
    }

    func configError(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parseConfig(text, file: "bad.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("100,000 nested brackets are refused before Yams recurses into them")
    func deepBrackets() {
        let text = "timeline: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = error(text)
        #expect(e?.line == 1)
        #expect(e?.reason == "YAML nested deeper than 64 levels")
    }

    @Test("Deep block nesting is refused too; 64 levels are accepted by the limit")
    func deepBlocks() {
        var deep = ""
        for level in 0..<200 { deep += String(repeating: " ", count: level) + "k:\n" }
        #expect(error(deep)?.reason == "YAML nested deeper than 64 levels")
        // 63 mappings and a scalar: within the limit, so the scenario parser judges it.
        var fits = ""
        for level in 0..<63 { fits += String(repeating: " ", count: level) + "k:\n" }
        #expect(error(fits)?.reason.contains("unknown top-level key 'k'") == true)
    }

    @Test("An alias bomb (billion laughs) is refused by counting what the aliases expand to")
    func aliasBomb() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for k in 1..<names.count {
            let alias = Array(repeating: "*\(names[k - 1])", count: 9).joined(separator: ", ")
            text += "\(names[k]): &\(names[k]) [\(alias)]\n"
        }
        let e = error(text)
        #expect(e?.reason == "YAML more than 1000000 nodes once aliases are expanded")
        #expect(e?.line == 7)
    }

    @Test("Aliases that stack nesting are refused by the expanded depth")
    func aliasDepth() {
        // Each anchor nests the previous one 40 levels deeper: 5 of them make 200 levels.
        var text = "a0: &a0 x\n"
        for k in 1...5 {
            text += "a\(k): &a\(k) " + String(repeating: "[", count: 40) + "*a\(k - 1)" + String(repeating: "]", count: 40) + "\n"
        }
        #expect(error(text)?.reason == "YAML nested deeper than 64 levels once aliases are expanded")
    }

    @Test("A few harmless aliases are fine")
    func harmlessAliases() {
        let text = """
        surfaces:
          - { id: app, client: A, rect: &full [0, 0, 1080, 2340] }
          - { id: top, client: B, rect: *full }
        timeline: []
        """
        #expect(error(text) == nil)
    }

    @Test("A time of 1e20 is refused with its line: it is no 32-bit millisecond timestamp")
    func hugeTime() {
        let e = error("""
        surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]
        timeline:
          - { t: 0, down: { id: 0, x: 540, y: 1000 } }
          - { t: 1e20, up: { id: 0 } }
        """)
        #expect(e?.line == 4)
        #expect(e?.reason == "t: must be between 0 and 4294967295 ms, got 1e+20")
    }

    @Test("Numbers a Double cannot hold are refused with their line, not read as 0 or infinity")
    func numbersOutOfRange() {
        let huge = "timeline:\n  - { t: 0, down: { id: 0, x: 1e400, y: 2 } }\n"
        #expect(error(huge)?.line == 2)
        #expect(error(huge)?.reason == "number '1e400' is out of range")
        let digits = String(repeating: "9", count: 400)
        #expect(error("timeline:\n  - { t: \(digits), advance: {} }\n")?.reason == "number '\(digits)' is out of range")
        // Beyond Int but within Double: the value is kept and judged by the field's range.
        #expect(error("timeline:\n  - { t: 99999999999999999999, advance: {} }\n")?.reason.hasPrefix("t: must be between") == true)
        // Spelled-out infinity is a number the fields judge (and t refuses).
        #expect(error("timeline:\n  - { t: .inf, advance: {} }\n")?.reason.hasPrefix("t: must be between") == true)
    }

    @Test("A huge number used as a name does not trap")
    func hugeName() {
        let e = error("surfaces: [ { id: 1e20, client: A, rect: [0, 0, 10, 10] } ]\n")
        #expect(e?.reason == "surface.id: expected a name, got a number")
    }

    @Test("Output sizes are bounded")
    func outputRange() {
        #expect(error("output: { width: 1e300 }\n")?.reason == "output.width: must be a positive number up to 100000")
        #expect(error("output: { height_mm: 1e9 }\n")?.reason == "output.height_mm: must be a positive number up to 10000")
    }

    @Test("Truncated YAML is an error with a line")
    func truncated() {
        let e = error("timeline:\n  - { t: 0, down: { id: 0, x: 1, y")
        #expect(e?.line != nil)
        #expect(e?.reason.hasPrefix("invalid YAML") == true)
    }

    @Test("Binary garbage is an error whose message carries none of the bytes")
    func binary() {
        // Fixed pseudo-random bytes (a 64-bit LCG), so every run parses the same garbage.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let bytes = (0..<4096).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let e = error(String(decoding: bytes, as: UTF8.self))
        #expect(e != nil)
        #expect(e?.reason.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f } == true, "\(String(describing: e?.reason))")
        let nul = error("timeline:\n  - { t: 0\u{0}, advance: {} }\n")
        #expect(nul?.line == 2)
        #expect(nul?.reason.hasPrefix("invalid YAML: control characters are not allowed") == true)
    }

    @Test("A text over the size limit is refused before parsing")
    func tooLarge() {
        let limits = YAMLLimits(maximumBytes: 1000, maximumDepth: 64, maximumNodes: 1_000_000)
        let text = "timeline: [" + String(repeating: "{ t: 0, advance: {} }, ", count: 100) + "]"
        #expect(limits.violation(in: text)?.reason == "larger than 1000 bytes (\(text.utf8.count))")
        #expect(YAMLLimits.standard.violation(in: text) == nil)
    }

    @Test("Configuration files (--config) get the same limits and the §4.1 ranges")
    func configFiles() {
        let deep = String(repeating: "[", count: 10_000)
        #expect(configError("edges: \(deep)")?.reason == "YAML nested deeper than 64 levels")
        let e = configError("hold_window_ms: 150\nedges:\n  bottom: { full_distance_mm: 1e-9 }\n")
        #expect(e?.line == 3)
        #expect(e?.reason == "edges.bottom.full_distance_mm: must be from 1 to 500, got 1e-09")
        #expect(configError("hold_window_ms: 1e308\n")?.reason == "hold_window_ms: must be from 0 to 2000, got 1e+308")
    }

    @Test("Output lines print huge values without trapping")
    func formatHuge() {
        #expect(OutputLine.format(1e20) == "1e+20")
        #expect(OutputLine.format(-1e300) == "-1e+300")
        #expect(OutputLine.format(12.5) == "12.5")
        #expect(OutputLine.format(.nan) == "null")
    }
}
