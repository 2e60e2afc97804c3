import BezelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small text files without Foundation (BezelInput is linked into the lean `libbezel.so`).
enum TextFile {
    /// Largest file the trace readers accept (about an hour of continuous touching); real
    /// recordings are well below this, and an endless file (`/dev/zero`) ends here.
    static let maximumBytes = 64 * 1024 * 1024

    /// The whole file as UTF-8 text (invalid bytes are repaired), or a `TraceError`.
    static func read(_ path: String) throws(TraceError) -> String {
        guard let file = fopen(path, "rb") else {
            throw TraceError(file: path, line: 0, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if bytes.count > maximumBytes {
                throw TraceError(file: path, line: 0, reason: "larger than \(maximumBytes) bytes")
            }
            if count < chunk.count {
                if ferror(file) != 0 {
                    throw TraceError(file: path, line: 0, reason: "read error: \(String(cString: strerror(errno)))")
                }
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines of `text` with their 1-based numbers, without line terminators (`\n`, `\r\n`).
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        var result: [(number: Int, text: Substring)] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            result.append((number, line))
        }
        // A final newline does not start another line.
        if let last = result.last, last.text.isEmpty, text.hasSuffix("\n") { result.removeLast() }
        return result
    }
}
