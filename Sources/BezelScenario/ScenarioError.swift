/// A malformed scenario file: which file, which line, and why (exit code 2 in the CLI).
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The file's name as given.
    public var file: String
    /// 1-based line, if known.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int?, reason: String) {
        self.file = file; self.line = line; self.reason = reason
    }

    public var description: String {
        "\(file)" + (line.map { ":\($0)" } ?? "") + ": \(reason)"
    }
}
