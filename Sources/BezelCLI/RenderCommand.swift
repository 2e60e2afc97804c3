import ArgumentParser
import BezelCore
import BezelInput
import BezelRender
import BezelScenario
#if canImport(Glibc)
import Glibc
#endif

/// `bezel render`: draws a scenario or a recorded trace with its decisions as an SVG (docs/design.md §8).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scenario or a trace with its routing decisions as a standalone SVG.",
        discussion: """
        Draws the output in mm with its bound edge zones, each touch path coloured by who owned \
        each sample (client, held, system, drag), markers for down, up, flush, cancel, begin and \
        end, the reason of every failed candidate, and a timeline with one lane per touch, per \
        system gesture and per armed edge. See docs/render.md. Exit status 2 for an unreadable \
        or malformed input.
        """
    )

    @Argument(help: "A scenario file (YAML). Or give --desc and --events.")
    var scenario: String?

    @OptionGroup var trace: TraceOptions

    @Option(name: .shortAndLong, help: "Where to write the SVG (`-` for stdout).")
    var out: String

    func validate() throws {
        if scenario != nil && trace.isGiven {
            throw ValidationError("give a scenario file or a trace (--desc/--events or --record), not both")
        }
        if scenario == nil && trace.record == nil && (trace.desc == nil || trace.events == nil) {
            throw ValidationError("give a scenario file, or --desc and --events, or --record")
        }
    }

    func run() throws {
        let recording: Recording
        if let scenario {
            let parsed: Scenario
            do {
                parsed = try ScenarioParser.parse(try readTextFile(scenario), file: scenario)
            } catch {
                printError("\(error is ScenarioError ? "" : "\(scenario): ")\(error)")
                throw ExitCode(2)
            }
            recording = RenderRecorder.record(parsed)
        } else {
            recording = try recordTrace()
        }
        let svg = SVGRenderer().render(recording)
        if out == "-" {
            print(svg, terminator: "")
        } else {
            do { try writeTextFile(out, svg) } catch {
                printError("\(out): \(error)")
                throw ExitCode(1)
            }
        }
    }

    private func recordTrace() throws -> Recording {
        let loaded = try trace.load(logger: .silent)
        return RenderRecorder.record(frames: loaded.frames, output: loaded.output, config: loaded.config,
                                     title: Self.baseName(loaded.name))
    }

    /// The last path component, so that pictures do not carry machine paths.
    static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

/// Writes `text` to `path`, replacing the file.
func writeTextFile(_ path: String, _ text: String) throws {
    guard let f = fopen(path, "wb") else {
        throw FileError(description: String(cString: strerror(errno)))
    }
    defer { fclose(f) }
    var text = text
    let ok = text.withUTF8 { buffer in
        buffer.isEmpty || fwrite(buffer.baseAddress!, 1, buffer.count, f) == buffer.count
    }
    if !ok { throw FileError(description: "write error") }
}
