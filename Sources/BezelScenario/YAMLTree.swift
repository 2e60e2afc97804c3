import BezelCore
import Yams

/// Turns YAML text into the format-neutral `ConfigNode` tree, keeping line numbers.
enum YAMLTree {
    /// Parses `text`. Syntax errors become a `ScenarioError` with the line Yams reports.
    static func parse(_ text: String, file: String) throws(ScenarioError) -> ConfigNode? {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            if let yamlError = error as? YamlError {
                throw ScenarioError(file: file, line: Self.line(of: yamlError), reason: "invalid YAML: \(Self.summary(of: yamlError))")
            }
            throw ScenarioError(file: file, line: nil, reason: "invalid YAML: \(error)")
        }
        return node.map(convert)
    }

    static func convert(_ node: Node) -> ConfigNode {
        let line = node.mark.map { $0.line }
        switch node {
        case .scalar(let scalar):
            // The resolved tag tells plain `true`/`3.5` from quoted "true"/"3.5".
            switch node.tag.description {
            case Tag.Name.bool.rawValue: return ConfigNode(.bool(node.bool ?? false), line: line)
            case Tag.Name.int.rawValue: return ConfigNode(.number(Double(node.int ?? 0)), line: line)
            case Tag.Name.float.rawValue: return ConfigNode(.number(node.float ?? .nan), line: line)
            case Tag.Name.null.rawValue: return ConfigNode(.map([]), line: line)
            default: return ConfigNode(.string(scalar.string), line: line)
            }
        case .mapping(let mapping):
            var entries: [(key: String, value: ConfigNode)] = []
            for (k, v) in mapping { entries.append((key: k.string ?? "\(k)", value: convert(v))) }
            return ConfigNode(.map(entries), line: line)
        case .sequence(let sequence):
            return ConfigNode(.list(sequence.map(convert)), line: line)
        }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        default:
            return "\(error)"
        }
    }
}
