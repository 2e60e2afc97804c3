import ArgumentParser

/// The `bezel` command: run scenarios, replay traces, benchmark and render the engine.
@main
struct Bezel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bezel",
        abstract: "System edge gestures for Wayland compositors: scenarios, benchmarks and tools.",
        subcommands: [ScenarioCommand.self, ReplayCommand.self, BenchCommand.self, RenderCommand.self]
    )
}
