import ArgumentParser
import BezelCore
import BezelInput
import BezelScenario

/// The options that name a recorded trace and the output it is mapped onto, shared by
/// `bezel replay` and `bezel render`.
struct TraceOptions: ParsableArguments {
    @Option(help: "evemu device description (.desc).")
    var desc: String?

    @Option(help: "evemu event stream (.events).")
    var events: String?

    @Option(help: "A `libinput record` YAML file, instead of --desc/--events.")
    var record: String?

    @Option(help: "Output as WxH@WMMxHMM (logical px and mm), e.g. 1080x2340@68x147.")
    var output: String = "1080x2340@68x147"

    @Option(help: "Output transform: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270.")
    var transform: String = "normal"

    @Option(help: "Configuration file (YAML, the keys of docs/design.md §4.4).")
    var config: String?

    /// `true` when any trace file was named.
    var isGiven: Bool { desc != nil || events != nil || record != nil }

    /// A loaded trace: its frames in output coordinates, and what they were mapped with.
    struct Loaded {
        var frames: [TouchFrame]
        var output: OutputGeometry
        var config: SystemGestureConfig
        /// The trace's file as given on the command line.
        var name: String
    }

    /// Reads the configuration and the trace and maps it onto the output. Unreadable or
    /// malformed files are reported on stderr and end the command with exit status 2.
    func load(logger: Logger) throws -> Loaded {
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
        if let record {
            name = record
        } else if desc != nil, let events {
            name = events
        } else {
            throw ValidationError("give --desc and --events, or --record")
        }
        do {
            if let record {
                trace = try LibinputRecordTrace.read(record)
            } else {
                trace = try EvemuTrace.read(desc: desc ?? "", events: events ?? "")
            }
            let frames = try trace.frames(mappedTo: geometry, transform: outputTransform, logger: logger)
            return Loaded(frames: frames, output: geometry, config: gestureConfig, name: name)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}
