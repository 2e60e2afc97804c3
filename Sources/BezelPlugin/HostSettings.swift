/// The `[bezel]` keys that are not gesture settings (bezel.h "CONFIGURATION", docs/hosts.md):
/// the ones the plugin acts on and the ones only a host acts on. One list, one parser, for
/// every host; a host reads back what it acts on (`bezel_plugin_get_setting`).
struct HostSettingSpec {
    enum Kind {
        /// One of these words (compared without case), stored as written here.
        case choice([String])
        /// `true`/`false` (or `1`/`0`), stored as `true`/`false`.
        case boolean
        /// A decimal integer in the range, stored as digits.
        case count(ClosedRange<Int32>)
        /// Any text, stored trimmed.
        case text
    }

    let key: String
    let kind: Kind
    let defaultValue: String
    /// A configuration without the key keeps the value in force instead of the default (the
    /// log level and the event log may also be set by calls; a start state is applied once).
    let appliedWhenGiven: Bool

    init(_ key: String, _ kind: Kind, _ defaultValue: String, appliedWhenGiven: Bool = false) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.appliedWhenGiven = appliedWhenGiven
    }

    /// The canonical spelling of `value` (trimmed of spaces and tabs, as gesture values are),
    /// or why it is refused.
    func canonical(_ written: String) -> Result<String, SettingError> {
        let value = String(ConfigText.trimmed(written[...]))
        switch kind {
        case .choice(let words):
            let lowered = value.lowercased()
            if let word = words.first(where: { $0 == lowered }) { return .success(word) }
            return .failure(SettingError(reason: "not " + Self.alternatives(words)))
        case .boolean:
            switch value.lowercased() {
            case "true", "1": return .success("true")
            case "false", "0": return .success("false")
            default: return .failure(SettingError(reason: "not true or false"))
            }
        case .count(let range):
            guard let n = Int32(value), range.contains(n) else {
                return .failure(SettingError(reason: "not a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(String(n))
        case .text:
            return .success(value)
        }
    }

    /// "a, b or c".
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// Why a setting's value is refused.
struct SettingError: Error {
    let reason: String
}

enum HostSettings {
    /// Every key, in the order of the documented list.
    static let specs: [HostSettingSpec] = [
        // Acted on by the plugin.
        HostSettingSpec("log-level", .choice(["error", "warning", "info", "debug"]), "info", appliedWhenGiven: true),
        HostSettingSpec("event-log", .text, "", appliedWhenGiven: true),
        HostSettingSpec("event-log-max-kb", .count(0...4_000_000), "65536"),
        HostSettingSpec("defer-policy", .choice(["fullscreen", "all"]), "fullscreen"),
        HostSettingSpec("locked", .boolean, "false", appliedWhenGiven: true),
        HostSettingSpec("output-width-mm", .count(0...100_000), "0"),
        HostSettingSpec("output-height-mm", .count(0...100_000), "0"),
        // Acted on by hosts (and their test rigs).
        HostSettingSpec("lock-detect", .choice(["lock-layer", "idle", "none"]), "lock-layer"),
        HostSettingSpec("panels", .boolean, "true"),
        HostSettingSpec("intercept", .boolean, "true"),
        HostSettingSpec("touch-device", .text, ""),
        HostSettingSpec("touch-device-open", .choice(["start", "sigusr2"]), "start"),
        HostSettingSpec("touch-output", .count(0...64), "0"),
        HostSettingSpec("seat", .text, "bezel"),
    ]

    /// Old spellings some hosts read before the list was one.
    static let aliases: [String: String] = ["policy": "defer-policy"]

    static func spec(_ key: String) -> HostSettingSpec? {
        specs.first { $0.key == key }
    }

    /// The defaults of every key.
    static var defaults: [String: String] {
        var values: [String: String] = [:]
        for s in specs { values[s.key] = s.defaultValue }
        return values
    }
}

/// Turns configuration text into `key=value` pairs (bezel.h: bezel_plugin_configure_text and
/// _file), with a warning per line it cannot read.
struct ConfigText {
    private(set) var entries: [(key: String, value: String)] = []
    /// Lines refused, each described for a log line.
    private(set) var problems: [String] = []

    /// `text` is the lines of one section; `firstLine` numbers them as in the file.
    init(lines text: Substring, firstLine: Int = 1) {
        var number = firstLine - 1
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = Self.trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                problems.append("line \(number): a section header (\(line)) is not a key=value line")
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append("line \(number): \"\(line)\" is not key=value")
                continue
            }
            let key = Self.trimmed(line[..<eq])
            guard !key.isEmpty else {
                problems.append("line \(number): no key before '='")
                continue
            }
            entries.append((String(key), String(Self.trimmed(line[line.index(after: eq)...]))))
        }
    }

    /// The lines of the first `[section]` of an ini file, and the number of its first line;
    /// `nil` when the file has no such section.
    static func section(_ name: String, of file: String) -> (lines: Substring, firstLine: Int)? {
        var number = 0
        var start: String.Index?
        var startLine = 0
        var index = file.startIndex
        while index < file.endIndex {
            let end = file[index...].firstIndex(of: "\n") ?? file.endIndex
            let line = trimmed(file[index..<end])
            number += 1
            if line.hasPrefix("[") {
                if let s = start { return (file[s..<index], startLine) }
                if line == "[\(name)]" {
                    start = end < file.endIndex ? file.index(after: end) : end
                    startLine = number + 1
                }
            }
            index = end < file.endIndex ? file.index(after: end) : end
        }
        if let s = start { return (file[s..<file.endIndex], startLine) }
        return nil
    }

    static func trimmed(_ s: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !blank($0) }),
              let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return s[first...last]
    }
}
