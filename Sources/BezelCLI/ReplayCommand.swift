import ArgumentParser
import BezelCore
import BezelInput
import BezelScenario

/// `bezel replay`: plays a recorded touchscreen trace over one full-screen surface (docs/design.md §8).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an evemu or `libinput record` trace through the engine and print its decisions.",
        discussion: """
        The device's axis range is mapped onto the whole output, over one full-screen surface \
        `app` of client `A`. Decisions go to stdout as JSON lines (the scenario format); a summary \
        and the R9 invariant check go to stderr. Exit status 2 for an unreadable or malformed file.
        """
    )

    @OptionGroup var trace: TraceOptions

    @Option(name: .long, help: "Print engine log lines to stderr at this level or more severe.")
    var log: String?

    func run() throws {
        let logger = try makeStderrLogger(level: log)
        let loaded = try trace.load(logger: logger)
        let frames = loaded.frames, name = loaded.name
        let scenario = Scenario.replaying(frames, output: loaded.output, config: loaded.config, file: name)
        let (lines, invariants) = ScenarioRunner.runChecked(scenario, logger: logger)
        for line in lines { print(line.json) }

        // The summary says what the engine did with every touch of the recording.
        let inputDowns = frames.reduce(0) { $0 + $1.events.filter { $0.kind == .down }.count }
        func count(_ event: String) -> Int { lines.filter { $0.event == event }.count }
        var reasons: [String: Int] = [:]
        for l in lines where l.event == "system.failed" {
            if case .string(let r)? = l.value(of: "reason") { reasons[r, default: 0] += 1 }
        }
        let reasonText = reasons.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        printError("""
        \(name): \(frames.count) frames, \(inputDowns) touches; \(count("client.down")) reached the client, \
        \(count("system.began")) began a system gesture, \(count("client.cancel")) client cancels; \
        failed candidates: \(reasonText.isEmpty ? "none" : reasonText); \
        R9 invariants: \(invariants.isClean ? "hold" : "VIOLATED")
        """)
        for v in invariants.violations { printError("  \(v)") }
        if !invariants.isClean { throw ExitCode(1) }
    }
}
