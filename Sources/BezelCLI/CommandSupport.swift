import ArgumentParser
import BezelCore
import BezelScenario
#if canImport(Glibc)
import Glibc
#endif

/// Writes `message` and a newline to stderr, made safe for a terminal: messages quote lines of
/// the files they are about, which may be binary or one endless line.
func printError(_ message: String) {
    writeStderr(terminalSafe(message) + "\n")
}

/// `text` with control characters and undecodable bytes (U+FFFD) shown as `?`, and each line cut
/// at `maximumLineLength` characters.
func terminalSafe(_ text: String, maximumLineLength: Int = 2000) -> String {
    var out = String.UnicodeScalarView()
    var column = 0
    for u in text.unicodeScalars {
        if u == "\n" {
            column = 0
        } else {
            column += 1
            if column > maximumLineLength {
                if column == maximumLineLength + 1 { out.append(contentsOf: "…".unicodeScalars) }
                continue
            }
        }
        let unsafe = (u.value < 0x20 && u != "\n" && u != "\t") || u.value == 0x7f
            || (u.value >= 0x80 && u.value < 0xa0) || u == "\u{FFFD}"
        out.append(unsafe ? "?" : u)
    }
    return String(out)
}

/// Writes raw text to file descriptor 2 (the C `stderr` global is not concurrency-safe in Swift 6).
func writeStderr(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
}

/// An I/O error with a readable reason.
struct FileError: Error, CustomStringConvertible {
    var description: String
}

/// Reads a whole text file of at most `maximumBytes` (the YAML limit by default), so that a
/// huge file or an endless one (`/dev/zero`, a FIFO) ends with an error instead of taking
/// all memory.
func readTextFile(_ path: String, maximumBytes: Int = YAMLLimits.standard.maximumBytes) throws -> String {
    guard let f = fopen(path, "rb") else {
        throw FileError(description: String(cString: strerror(errno)))
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if bytes.count > maximumBytes {
            throw FileError(description: "larger than \(maximumBytes) bytes, not read")
        }
        if n < buffer.count {
            if ferror(f) != 0 { throw FileError(description: "read error") }
            break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A logger that prints to stderr from `level` up, or a silent one.
func makeStderrLogger(level: String?) throws -> Logger {
    guard let level else { return .silent }
    let threshold: LogLevel
    switch level {
    case "error": threshold = .error
    case "warning": threshold = .warning
    case "info": threshold = .info
    case "debug": threshold = .debug
    default: throw ValidationError("--log must be error, warning, info or debug")
    }
    return Logger(threshold: threshold) { level, message in
        writeStderr("bezel [\(level)] \(message)\n")
    }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
