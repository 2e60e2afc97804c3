import ArgumentParser
import BezelCore
import BezelInput
import BezelScenario

/// `bezel replay`: plays a recorded touchscreen trace over one full-screen surface (DESIGN §8).
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

    @Option(help: "evemu device description (.desc).")
    var desc: String?

    @Option(help: "evemu event stream (.events).")
    var events: String?

    @Option(help: "A `libinput record` YAML file, instead of --desc/--events.")
    var record: String?

    @Option(help: "Configuration file (YAML, the keys of DESIGN §4.4).")
    var config: String?

    @Option(help: "Output as WxH@WMMxHMM (logical px and mm), e.g. 1080x2340@68x147.")
    var output: String = "1080x2340@68x147"

    @Option(help: "Output transform: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270.")
    var transform: String = "normal"

    @Option(name: .long, help: "Print engine log lines to stderr at this level or more severe.")
    var log: String?

    func run() throws {
        let logger = try makeStderrLogger(level: log)
        guard let geometry = OutputSpec.parse(output) else {
            throw ValidationError("--output must look like 1080x2340@68x147")
        }
        guard let outputTransform = OutputTransform(name: transform) else {
            throw ValidationError("--transform: unknown transform '\(transform)'")
        }
        var gestureConfig = SystemGestureConfig()
        if let config {
            do {
                gestureConfig = try ScenarioParser.parseConfig(try readTextFile(config), file: config)
            } catch {
                printError("\(error is ScenarioError ? "" : "\(config): ")\(error)")
                throw ExitCode(2)
            }
        }

        let trace: Trace
        let name: String
        do {
            if let record {
                trace = try LibinputRecordTrace.read(record)
                name = record
            } else if let desc, let events {
                trace = try EvemuTrace.read(desc: desc, events: events)
                name = events
            } else {
                throw ValidationError("give --desc and --events, or --record")
            }
        } catch let error as TraceError {
            printError("\(error)")
            throw ExitCode(2)
        }
        let frames: [TouchFrame]
        do {
            frames = try trace.frames(mappedTo: geometry, transform: outputTransform, logger: logger)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }

        let scenario = Scenario.replaying(frames, output: geometry, config: gestureConfig, file: name)
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
