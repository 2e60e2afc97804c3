import BezelCore

/// The `expect` block of a scenario: lines that must appear in order, and lines that must not
/// appear at all.
public struct Expectation: Sendable {
    /// One matcher: the fields it names must equal the line's; `t_min`/`t_max` bound `t`.
    public struct Matcher: Sendable, CustomStringConvertible {
        /// Field constraints, in the order written.
        public var fields: [(key: String, value: OutputLine.Value)]
        /// Lower bound on `t`, inclusive.
        public var tMin: Double?
        /// Upper bound on `t`, inclusive.
        public var tMax: Double?
        /// 1-based line in the scenario file.
        public var line: Int?

        /// `true` if `output` satisfies every constraint. Numbers compare as numbers, with a
        /// tolerance of 1e-6 so hand-written decimals match computed ones.
        public func matches(_ output: OutputLine) -> Bool {
            if let tMin, output.t < tMin - 1e-9 { return false }
            if let tMax, output.t > tMax + 1e-9 { return false }
            for (key, expected) in fields {
                guard let actual = output.value(of: key) else { return false }
                switch (expected, actual) {
                case let (.number(a), .number(b)):
                    if (a - b).magnitude > 1e-6 * max(1, a.magnitude) { return false }
                default:
                    if expected != actual { return false }
                }
            }
            return true
        }

        public var description: String {
            var parts = fields.map { "\($0.key): \(OutputLine.encode($0.value))" }
            if let tMin { parts.append("t_min: \(OutputLine.format(tMin))") }
            if let tMax { parts.append("t_max: \(OutputLine.format(tMax))") }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    /// Must appear in this order (other lines may come between).
    public var sequence: [Matcher] = []
    /// Must not appear anywhere.
    public var absent: [Matcher] = []

    init(parsing node: ConfigNode, file: String) throws(ScenarioError) {
        guard case .map(let entries) = node.value else {
            throw ScenarioError(file: file, line: node.line, reason: "expect: expected a mapping")
        }
        for (key, value) in entries {
            guard key == "sequence" || key == "absent" else {
                throw ScenarioError(file: file, line: value.line, reason: "expect: unknown key '\(key)' (sequence, absent)")
            }
            guard case .list(let items) = value.value else {
                throw ScenarioError(file: file, line: value.line, reason: "expect.\(key): expected a list of matchers")
            }
            var matchers: [Matcher] = []
            for item in items { matchers.append(try Self.matcher(item, file: file, in: key)) }
            if key == "sequence" { sequence = matchers } else { absent = matchers }
        }
    }

    static func matcher(_ node: ConfigNode, file: String, in list: String) throws(ScenarioError) -> Matcher {
        guard case .map(let entries) = node.value else {
            throw ScenarioError(file: file, line: node.line, reason: "expect.\(list): each matcher is a mapping like { event: client.down, id: 0 }")
        }
        var m = Matcher(fields: [], tMin: nil, tMax: nil, line: node.line)
        var hasEvent = false
        for (key, value) in entries {
            func number() throws(ScenarioError) -> Double {
                guard case .number(let x) = value.value else {
                    throw ScenarioError(file: file, line: value.line, reason: "expect.\(list): \(key) must be a number")
                }
                return x
            }
            switch key {
            case "t_min": m.tMin = try number()
            case "t_max": m.tMax = try number()
            default:
                if key == "event" { hasEvent = true }
                switch value.value {
                case .number(let x): m.fields.append((key, .number(x)))
                case .string(let x): m.fields.append((key, .string(x)))
                case .bool(let x): m.fields.append((key, .bool(x)))
                case .list(let items):
                    var names: [String] = []
                    for item in items {
                        guard case .string(let x) = item.value else {
                            throw ScenarioError(file: file, line: item.line, reason: "expect.\(list): \(key) must be a list of names")
                        }
                        names.append(x)
                    }
                    m.fields.append((key, .strings(names)))
                case .map:
                    throw ScenarioError(file: file, line: value.line, reason: "expect.\(list): \(key) cannot be a mapping")
                }
            }
        }
        guard hasEvent else {
            throw ScenarioError(file: file, line: node.line, reason: "expect.\(list): a matcher needs an 'event'")
        }
        return m
    }

    /// Checks `lines` and returns a readable report of every mismatch, or `nil` if all hold.
    public func check(_ lines: [OutputLine]) -> String? {
        var problems: [String] = []
        var cursor = 0
        var lastMatch: Int?
        for (n, matcher) in sequence.enumerated() {
            if let found = lines[cursor...].firstIndex(where: matcher.matches) {
                lastMatch = found
                cursor = found + 1
            } else {
                var msg = "sequence[\(n)]" + (matcher.line.map { " (line \($0))" } ?? "")
                    + " not found: \(matcher)\n    searched after "
                    + (lastMatch.map { "output line \($0 + 1): \(lines[$0].json)" } ?? "the start")
                let sameEvent = lines.enumerated().filter { pair in
                    matcher.fields.contains { $0.key == "event" && pair.element.value(of: "event") == $0.value }
                }
                if sameEvent.isEmpty {
                    msg += "\n    no output line has this event at all"
                } else {
                    msg += "\n    lines with the same event:"
                    for (i, l) in sameEvent.prefix(6) { msg += "\n      \(i + 1): \(l.json)" }
                }
                problems.append(msg)
                break
            }
        }
        for (n, matcher) in absent.enumerated() {
            if let i = lines.firstIndex(where: matcher.matches) {
                problems.append("absent[\(n)]" + (matcher.line.map { " (line \($0))" } ?? "")
                                + " appeared: \(matcher)\n    output line \(i + 1): \(lines[i].json)")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }
}
