import ArgumentParser

/// The `bezel` command: run scenarios, replay traces, benchmark and render the engine.
@main
struct Bezel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bezel",
        abstract: "System edge gestures for Wayland compositors: scenarios, benchmarks and tools.",
        subcommands: [ScenarioCommand.self, ReplayCommand.self, BenchCommand.self, RenderCommand.self,
                      SurfaceBenchCommand.self]
    )

    /// Runs the command. Argument errors exit with status 2, as a malformed file does
    /// (docs/design.md §8), instead of ArgumentParser's 64; help and version still exit 0.
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // Parse errors carry the subcommand, so the message ends with its usage.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            printError(fullMessage(for: error))
            exit(withError: ExitCode(2))
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            printError("Error: \(error.message)")
            exit(withError: ExitCode(2))
        } catch {
            exit(withError: error)
        }
    }
}
