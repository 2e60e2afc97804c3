// swift-tools-version:6.0
// Bezel: a compositor-side system-gesture plugin for Wayland.
//
// Layering (see docs/design.md §2): BezelCore is pure Swift and depends on nothing.
// Adapters (input, Wayland, hosts) sit on top and stay thin. The CLI and the
// scenario format may use YAML; the library a compositor loads never does.
import PackageDescription

let package = Package(
    name: "Bezel",
    products: [
        .executable(name: "bezel", targets: ["BezelCLI"]),
        .library(name: "BezelCore", targets: ["BezelCore"]),
        // libbezel: the C interface for compositors (bezel.h). The meson shim builds it with
        // the Swift runtime linked statically and installs it as libbezel.so.
        .library(name: "BezelPlugin", type: .dynamic, targets: ["BezelPlugin"]),
        .executable(name: "bezel-input-probe", targets: ["BezelInputProbe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // C side of the Wayland adapter: bezel.h, libwayland-server, scanner-generated protocol
        // code (its own package: it uses SwiftPM's experimental C code generation).
        .package(path: "CBezel"),
    ],
    targets: [
        // Pure engine: geometry, touches, recognizers, system edge gestures, routing.
        // Release builds skip the runtime exclusivity checks: the compiler still proves the
        // static cases, and the dynamic ones cost a third of the touch hot path (see README,
        // Performance).
        .target(name: "BezelCore", swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),

        // The gesture engine's synthetic load for `bezel bench --engine` and its test; only the
        // CLI and the tests link it. Same release flag as BezelCore, so the figures compare.
        .target(name: "BezelEngineBench", dependencies: ["BezelCore"], swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),

        // Counts heap allocations for `bezel bench` (interposes malloc in the CLI only).
        .target(name: "CMallocCounter"),

        // Scenario files (docs/design.md §8): YAML model, runner, JSON lines, expectations.
        .target(name: "BezelScenario", dependencies: [
            "BezelCore",
            .product(name: "Yams", package: "Yams"),
        ]),

        // libinput + libudev headers for the live touch source (Debian: libinput-dev, libudev-dev).
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),

        // Touch sources (docs/design.md §7): libinput, evemu and `libinput record` trace readers. No Yams.
        .target(name: "BezelInput", dependencies: ["BezelCore", "CLibinput"]),

        // Opens touch devices through BezelInput's libinput source and prints frames as lines;
        // also writes umockdev files for the headless libinput harness (tools/umockdev-preload).
        .executableTarget(name: "BezelInputProbe", dependencies: ["BezelInput", "BezelCore"]),

        .executableTarget(name: "BezelCLI", dependencies: [
            "BezelCore",
            "BezelEngineBench",
            "BezelRender",
            "BezelInput",
            "BezelScenario",
            "CMallocCounter",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // `bezel render`: draws a scenario or a trace with its decisions as a standalone SVG.
        .target(name: "BezelRender", dependencies: ["BezelCore", "BezelScenario"]),

        // Protocol server for bezel-system-gestures-v1 and the `bezel_*` C interface (@_cdecl).
        // BezelInput gives the C interface its libinput touch source (bezel_input_source_*).
        .target(name: "BezelPlugin", dependencies: [
            "BezelCore",
            "BezelInput",
            .product(name: "CBezel", package: "CBezel"),
            .product(name: "CWaylandServer", package: "CBezel"),
        ]),

        .testTarget(name: "BezelCoreTests", dependencies: ["BezelCore", "BezelEngineBench"]),
        .testTarget(name: "BezelInputTests", dependencies: ["BezelInput", "BezelCore", "BezelInputProbe"],
                    exclude: ["Fixtures"]),   // recordings read at run time through #filePath
        .testTarget(name: "BezelScenarioTests", dependencies: ["BezelScenario", "BezelCore"]),
        .testTarget(name: "BezelRenderTests", dependencies: ["BezelRender", "BezelScenario", "BezelCore"]),
        .testTarget(name: "BezelPluginTests", dependencies: ["BezelPlugin", "BezelCore"]),
    ],
    swiftLanguageModes: [.v6]
)
