// swift-tools-version:6.0
// Bezel: a compositor-side system-gesture plugin for Wayland.
//
// Layering (see DESIGN §2): BezelCore is pure Swift and depends on nothing.
// Adapters (input, Wayland, hosts) sit on top and stay thin. The CLI and the
// scenario format may use YAML; the library a compositor loads never does.
import PackageDescription

let package = Package(
    name: "Bezel",
    products: [
        .executable(name: "bezel", targets: ["BezelCLI"]),
        .library(name: "BezelCore", targets: ["BezelCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // Pure engine: geometry, touches, recognizers, system edge gestures, routing.
        .target(name: "BezelCore"),

        // Counts heap allocations for `bezel bench` (interposes malloc in the CLI only).
        .target(name: "CMallocCounter"),

        // Scenario files (DESIGN §8): YAML model, runner, JSON lines, expectations.
        .target(name: "BezelScenario", dependencies: [
            "BezelCore",
            .product(name: "Yams", package: "Yams"),
        ]),

        .executableTarget(name: "BezelCLI", dependencies: [
            "BezelCore",
            "BezelScenario",
            "CMallocCounter",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "BezelCoreTests", dependencies: ["BezelCore"]),
        .testTarget(name: "BezelScenarioTests", dependencies: ["BezelScenario", "BezelCore"]),
    ],
    swiftLanguageModes: [.v6]
)
