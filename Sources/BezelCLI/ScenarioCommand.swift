import ArgumentParser
import BezelCore
import BezelScenario
#if canImport(Glibc)
import Glibc
#endif

/// `bezel scenario FILE...`: runs scenario files on a virtual clock (docs/design.md §8).
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run scenario files through the engine and check their expectations.",
        discussion: """
        Prints one JSON line per decision to stdout. Exit status: 0 when every expectation holds, \
        1 when one does not (a diff goes to stderr), 2 when a file is malformed.
        """
    )

    @Argument(help: "Scenario files (YAML).")
    var files: [String]

    @Option(name: .long, help: "Print engine log lines to stderr at this level or more severe (error, warning, info, debug).")
    var log: String?

    func run() throws {
        let logger = try makeStderrLogger(level: log)
        var status: Int32 = 0
        for file in files {
            let text: String
            do { text = try readTextFile(file) } catch {
                printError("\(file): \(error)")
                status = max(status, 2)
                continue
            }
            let scenario: Scenario
            do { scenario = try ScenarioParser.parse(text, file: file) } catch {
                printError("\(error)")
                status = max(status, 2)
                continue
            }
            let lines = ScenarioRunner.run(scenario, logger: logger)
            for line in lines { print(line.json) }
            if let expect = scenario.expect, let report = expect.check(lines) {
                printError("\(file): expectations not met\n\(report)")
                status = max(status, 1)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
