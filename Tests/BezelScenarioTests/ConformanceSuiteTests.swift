import BezelCore
import BezelScenario
import Foundation
import Testing

/// The project's conformance suite (`conformance/*.yaml`): one or more files per routing rule
/// R1–R9 and per failure reason. File names carry the rule (`r4-swipe-twice.yaml`).
@Suite("Conformance suite (R1–R9, failure reasons)")
struct ConformanceSuiteTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test("Every conformance scenario meets its expectations", arguments: files)
    func scenarioPasses(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let scenario = try ScenarioParser.parse(text, file: name)
        #expect(scenario.expect != nil, "\(name) has no expectations")
        let lines = ScenarioRunner.run(scenario)
        let report = scenario.expect?.check(lines)
        #expect(report == nil, "\(name):\n\(report ?? "")\noutput:\n\(lines.map(\.json).joined(separator: "\n"))")
    }

    @Test("The suite covers every rule R1–R9 and every failure reason")
    func suiteCoversEveryRuleAndReason() throws {
        let names = Self.files
        for rule in 1...9 {
            #expect(names.contains { $0.hasPrefix("r\(rule)-") }, "no scenario for R\(rule)")
        }
        var reasonsSeen = Set<String>()
        for name in names {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            for line in ScenarioRunner.run(try ScenarioParser.parse(text, file: name)) where line.event == "system.failed" {
                if case .string(let reason)? = line.value(of: "reason") { reasonsSeen.insert(reason) }
            }
        }
        for reason in FailureReason.allCases {
            #expect(reasonsSeen.contains(reason.name), "no scenario produces reason \(reason.name)")
        }
    }

    @Test("R9: the invariants hold on every conformance scenario", arguments: files)
    func invariantsHoldOnSuite(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let (_, invariants) = ScenarioRunner.runChecked(try ScenarioParser.parse(text, file: name))
        #expect(invariants.isClean, "\(name): \(invariants.violations.joined(separator: "\n"))")
    }
}
