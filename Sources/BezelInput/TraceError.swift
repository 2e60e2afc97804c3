import BezelCore

/// Why a trace file could not be read: the file, the 1-based line and the reason.
///
/// Readers never crash on malformed input; they return this value instead.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name (or a label such as `<events>` for in-memory text).
    public var file: String
    /// 1-based line number; 0 when the problem is not tied to a line (missing file, missing axis).
    public var line: Int
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int, reason: String) {
        self.file = file; self.line = line; self.reason = reason
    }

    /// `file:line: reason`, or `file: reason` without a line.
    public var description: String {
        line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
}
