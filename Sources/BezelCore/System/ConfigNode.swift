/// A format-neutral configuration tree. The CLI builds it from YAML, the weston module from a
/// `[bezel]` section; BezelCore validates it without knowing either format.
public struct ConfigNode: Sendable {
    /// The node's value.
    public indirect enum Value: Sendable {
        case bool(Bool)
        case number(Double)
        case string(String)
        case list([ConfigNode])
        case map([(key: String, value: ConfigNode)])
    }

    /// The value.
    public var value: Value
    /// 1-based line in the source file, if known, for error messages.
    public var line: Int?

    /// Creates a node.
    public init(_ value: Value, line: Int? = nil) { self.value = value; self.line = line }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch value {
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .map: return "a mapping"
        }
    }
}

/// A configuration error. It names the key, and the line when the source had lines.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Dotted path of the offending key, e.g. `edges.bottom.edge_zone_mm`.
    public var key: String
    /// What is wrong.
    public var reason: String
    /// 1-based line, if known.
    public var line: Int?

    /// Creates an error.
    public init(key: String, reason: String, line: Int?) {
        self.key = key; self.reason = reason; self.line = line
    }

    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(key): \(reason)"
    }
}
