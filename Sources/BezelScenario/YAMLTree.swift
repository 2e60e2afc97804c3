import BezelCore
import Yams

/// Turns YAML text into the format-neutral `ConfigNode` tree, keeping line numbers.
enum YAMLTree {
    /// Parses `text` within `limits` (size, nesting depth, nodes with aliases expanded), checked
    /// before Yams composes anything. Syntax errors, exceeded limits and numbers a `Double`
    /// cannot hold become a `ScenarioError` with the line.
    static func parse(_ text: String, file: String, limits: YAMLLimits = .standard) throws(ScenarioError) -> ConfigNode? {
        if let v = limits.violation(in: text) {
            throw ScenarioError(file: file, line: v.line, reason: "YAML \(v.reason)")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            if let yamlError = error as? YamlError {
                throw ScenarioError(file: file, line: Self.line(of: yamlError, in: text), reason: "invalid YAML: \(Self.summary(of: yamlError))")
            }
            throw ScenarioError(file: file, line: nil, reason: "invalid YAML: \(error)")
        }
        do {
            return try node.map(convert)
        } catch {
            throw ScenarioError(file: file, line: error.line, reason: error.reason)
        }
    }

    /// A scalar that cannot be represented.
    struct ValueError: Error {
        var line: Int?
        var reason: String
    }

    /// Converts a node whose depth `YAMLLimits` has bounded (the recursion is that deep at most).
    static func convert(_ node: Node) throws(ValueError) -> ConfigNode {
        let line = node.mark.map { $0.line }
        switch node {
        case .scalar(let scalar):
            // The resolved tag tells plain `true`/`3.5` from quoted "true"/"3.5".
            switch node.tag.description {
            case Tag.Name.bool.rawValue: return ConfigNode(.bool(node.bool ?? false), line: line)
            case Tag.Name.int.rawValue:
                // Digits beyond Int's range: keep the value if a Double holds it.
                if let v = node.int { return ConfigNode(.number(Double(v)), line: line) }
                guard let v = Double(scalar.string), v.isFinite else {
                    throw ValueError(line: line, reason: "number '\(scalar.string)' is out of range")
                }
                return ConfigNode(.number(v), line: line)
            case Tag.Name.float.rawValue:
                let v = node.float ?? .nan
                // `.inf` and `.nan` are spelled out; `1e400` overflowing to infinity is an error.
                if v.isInfinite && !scalar.string.lowercased().contains("inf") {
                    throw ValueError(line: line, reason: "number '\(scalar.string)' is out of range")
                }
                return ConfigNode(.number(v), line: line)
            case Tag.Name.null.rawValue: return ConfigNode(.map([]), line: line)
            default: return ConfigNode(.string(scalar.string), line: line)
            }
        case .mapping(let mapping):
            var entries: [(key: String, value: ConfigNode)] = []
            for (k, v) in mapping { entries.append((key: k.string ?? "\(k)", value: try convert(v))) }
            return ConfigNode(.map(entries), line: line)
        case .sequence(let sequence):
            var items: [ConfigNode] = []
            for item in sequence { items.append(try convert(item)) }
            return ConfigNode(.list(items), line: line)
        }
    }

    private static func line(of error: YamlError, in text: String) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            // At the end of a file without a final newline libyaml reports the line after it.
            let lines = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return min(mark.line, lines)
        case .reader(_, let offset?, _, _):
            // libyaml counts the offset in bytes: the line is one more than the newlines before it.
            return text.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        default:
            return nil
        }
    }

    /// The problem without the text around it: the file may be binary, and its bytes would
    /// end up on the terminal.
    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        case .reader(let problem, let offset, let value, _):
            let at = offset.map { " at byte \($0)" } ?? ""
            return value >= 0 ? "\(problem) (0x\(String(value, radix: 16))\(at))" : problem + at
        case .memory:
            return "out of memory"
        default:
            return "cannot be parsed"
        }
    }
}
