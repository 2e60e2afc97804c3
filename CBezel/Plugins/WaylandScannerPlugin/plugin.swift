import Foundation
import PackagePlugin

/// Generates the server-side protocol code of `bezel-system-gestures-v1` with `wayland-scanner`
/// at build time, so that no scanner output is committed.
///
/// `--strict` makes the build fail if the XML does not validate against wayland's DTD.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The XML lives at the repository root (`protocol/`), one level above this package.
        let xml = context.package.directoryURL
            .deletingLastPathComponent()
            .appending(path: "protocol/bezel-system-gestures-v1.xml")
        let out = context.pluginWorkDirectoryURL
        // Public headers of generated code must go to `include/` (experimentalCGen rule).
        let header = out.appending(path: "include/bezel-system-gestures-v1-server-protocol.h")
        let code = out.appending(path: "bezel-system-gestures-v1-protocol.c")
        // The shim cannot be an ordinary source: it would be compiled before the header exists.
        let shim = target.directoryURL.appending(path: "wayland-shim.c")
        let unit = out.appending(path: "bezel-wayland-shim-unit.c")
        let scanner = try findScanner()
        // One command for all three files, so the header exists whenever code is compiled (a
        // header alone is nobody's input and would never be built). Through sh because the
        // scanner does not create `include/` itself.
        let script = """
            mkdir -p "$(dirname "$3")" && \
            "$0" --strict server-header "$1" "$3" && \
            "$0" --strict private-code "$1" "$2" && \
            printf '/* Generated: compiles the shim after its header exists. */\\n#include "%s"\\n' "$5" > "$4"
            """
        return [
            .buildCommand(
                displayName: "wayland-scanner --strict \(xml.lastPathComponent)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, scanner.path, xml.path, code.path, header.path,
                            unit.path, shim.path],
                inputFiles: [xml, scanner, shim],
                outputFiles: [code, header, unit]),
        ]
    }

    /// `wayland-scanner` from PATH (Debian: package libwayland-bin, pulled in by libwayland-dev).
    private func findScanner() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: dir).appending(path: "wayland-scanner")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ScannerNotFound()
    }
}

struct ScannerNotFound: Error, CustomStringConvertible {
    var description: String {
        "wayland-scanner not found on PATH; install it (Debian: apt-get install libwayland-dev)"
    }
}
