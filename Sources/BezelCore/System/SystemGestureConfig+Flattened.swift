/// Flattened configuration keys, as a weston `[bezel]` section or the C interface's
/// `bezel_plugin_configure` writes them (docs/design.md §4.4):
///
/// | flat key                       | tree path                       | value                     |
/// | ------------------------------ | ------------------------------- | ------------------------- |
/// | `<key>`                        | `<key>`                         | number, or `true`/`false` |
/// | `<edge>-<key>`                 | `edges.<edge>.<key>`            | number, or `true`/`false` |
/// | `bind-<edge>`                  | `bindings.<edge>`               | `g:from:to,g2:from:to` or empty |
/// | `gesture-<name>-modal`         | `gestures.<name>.modal`         | `true`/`false`            |
/// | `gesture-<name>-when-locked`   | `gestures.<name>.when_locked`   | `true`/`false`            |
/// | `gesture-<name>-app-handled`   | `gestures.<name>.app_handled`   | `true`/`false`            |
/// | `mf-<key>`                     | `mf_<key>`                      | number                    |
/// | `multi-finger`                 | `multi_finger`                  | `g:kind:fingers[:direction],…` or empty |
///
/// `<key>` is a threshold key of docs/design.md §4.1 with hyphens for underscores (`hold-window-ms`)
/// and `<edge>` one of `top`, `bottom`, `left`, `right`.
extension SystemGestureConfig {
    /// Builds a configuration from the defaults overridden by flattened `key=value` pairs.
    ///
    /// The pairs are turned into a `ConfigNode` tree and validated by `init(parsing:)`, so the
    /// rules (ranges, overlapping segments, per-edge keys beating all-edge keys whatever the
    /// order) are the same as for YAML. Every error names the flat key as it was written.
    ///
    /// - Values are trimmed of surrounding spaces and tabs. Numbers are decimal
    ///   (`-`, digits, `.`, exponent); `nan`, `inf` and hexadecimal are rejected. Booleans are
    ///   `true` or `false`.
    /// - `bind-<edge>` takes comma-separated `gesture:from:to` segments; whitespace around a
    ///   segment or a field is allowed; an empty value unbinds the edge.
    /// - A gesture name in `gesture-<name>-…` is everything between the prefix and the suffix,
    ///   so names may contain `_` (and `-`).
    /// - A key given twice is an error rather than "last one wins": in a config file a
    ///   duplicate is far more likely a mistake than an intent.
    ///
    /// - Parameter entries: the pairs in file order.
    /// - Throws: `ConfigError` whose `key` is the flat key and whose `line` is `nil`.
    public init(flattened entries: [(key: String, value: String)]) throws(ConfigError) {
        var builder = FlatConfigBuilder()
        for (key, value) in entries { try builder.add(key: key, value: value) }
        do {
            try self.init(parsing: builder.tree())
        } catch {
            throw builder.flatError(error)
        }
    }
}

/// Collects flat pairs into the sections of a `ConfigNode` tree and remembers which flat key
/// produced which tree path, so errors found later by `init(parsing:)` can name the flat key.
private struct FlatConfigBuilder {
    /// Threshold keys in their flat spelling (`hold-window-ms`) → tree spelling.
    static let thresholdKeys: [String: String] = {
        var keys: [String: String] = [:]
        for key in SystemGestureConfig.thresholdKeys { keys[hyphenated(key)] = key }
        return keys
    }()

    var top: [(key: String, value: ConfigNode)] = []
    var edges: [(edge: String, entries: [(key: String, value: ConfigNode)])] = []
    var bindings: [(key: String, value: ConfigNode)] = []
    var gestures: [(name: String, flags: [(key: String, value: ConfigNode)])] = []
    /// Tree path (`edges.bottom.edge_zone_mm`, `bindings.left`) → flat key.
    var flatKeyByPath: [String: String] = [:]
    /// Segment path (`bindings.left[1]`) → the segment as written, for error messages.
    var segmentTextByPath: [String: String] = [:]
    /// Flat keys seen so far.
    var seen: Set<String> = []

    mutating func add(key: String, value rawValue: String) throws(ConfigError) {
        guard seen.insert(key).inserted else {
            throw ConfigError(key: key, reason: "given twice", line: nil)
        }
        let value = trimmed(rawValue)
        if key.hasPrefix("bind-") {
            let edge = String(key.dropFirst("bind-".count))
            guard Edge(name: edge) != nil else {
                throw ConfigError(key: key, reason: "unknown edge (top, bottom, left, right)", line: nil)
            }
            let path = "bindings.\(edge)"
            bindings.append((edge, try segments(value, key: key, path: path)))
            flatKeyByPath[path] = key
        } else if key.hasPrefix("gesture-"), let (name, flag) = gestureFlag(key) {
            let path = "gestures.\(name).\(flag)"
            let node = try boolean(value, key: key)
            if let i = gestures.firstIndex(where: { $0.name == name }) {
                gestures[i].flags.append((flag, node))
            } else {
                gestures.append((name, [(flag, node)]))
            }
            flatKeyByPath[path] = key
        } else if key.hasPrefix("mf-") {
            let treeKey = String(key.map { $0 == "-" ? "_" : $0 })
            guard MultiFingerThresholds.ranges.contains(where: { $0.key == treeKey }) else {
                throw ConfigError(key: key, reason: "unknown key", line: nil)
            }
            top.append((treeKey, try number(value, key: key)))
            flatKeyByPath[treeKey] = key
        } else if key == "multi-finger" {
            top.append(("multi_finger", try multiFingerList(value, key: key)))
            flatKeyByPath["multi_finger"] = key
        } else if let treeKey = Self.thresholdKeys[key] {
            top.append((treeKey, try threshold(value, treeKey: treeKey, key: key)))
            flatKeyByPath[treeKey] = key
        } else if let (edge, treeKey) = edgeThreshold(key) {
            let path = "edges.\(edge).\(treeKey)"
            let node = try threshold(value, treeKey: treeKey, key: key)
            if let i = edges.firstIndex(where: { $0.edge == edge }) {
                edges[i].entries.append((treeKey, node))
            } else {
                edges.append((edge, [(treeKey, node)]))
            }
            flatKeyByPath[path] = key
        } else {
            throw ConfigError(key: key, reason: "unknown key", line: nil)
        }
    }

    /// The tree `init(parsing:)` validates.
    func tree() -> ConfigNode {
        var root = top
        if !edges.isEmpty {
            let sections = edges.map { (key: $0.edge, value: ConfigNode(.map($0.entries))) }
            root.append((key: "edges", value: ConfigNode(.map(sections))))
        }
        if !bindings.isEmpty { root.append((key: "bindings", value: ConfigNode(.map(bindings)))) }
        if !gestures.isEmpty {
            let sections = gestures.map { (key: $0.name, value: ConfigNode(.map($0.flags))) }
            root.append((key: "gestures", value: ConfigNode(.map(sections))))
        }
        return ConfigNode(.map(root))
    }

    /// `error` (thrown by `init(parsing:)` with a tree path) under the flat key that produced it.
    func flatError(_ error: ConfigError) -> ConfigError {
        // Segment errors carry `bindings.<edge>[n]` or `bindings.<edge>[n].field`.
        var path = error.key
        var reason = error.reason
        if let close = path.firstIndex(of: "]") {
            let segmentPath = String(path[...close])
            if let text = segmentTextByPath[segmentPath] {
                reason = segmentPath.hasPrefix("multi_finger") ? "entry \"\(text)\": \(reason)" : "segment \"\(text)\": \(reason)"
            }
            path = String(path[..<(path.firstIndex(of: "[") ?? close)])
        }
        return ConfigError(key: flatKeyByPath[path] ?? error.key, reason: reason, line: nil)
    }

    // MARK: - Keys

    /// `gesture-<name>-modal` → (name, "modal"); `gesture-<name>-when-locked` → (name, "when_locked");
    /// `gesture-<name>-app-handled` → (name, "app_handled").
    private func gestureFlag(_ key: String) -> (name: String, flag: String)? {
        let body = key.dropFirst("gesture-".count)
        for (suffix, flag) in [("-modal", "modal"), ("-when-locked", "when_locked"), ("-app-handled", "app_handled")] where body.hasSuffix(suffix) {
            let name = String(body.dropLast(suffix.count))
            return name.isEmpty ? nil : (name, flag)
        }
        return nil
    }

    /// `<edge>-<threshold-key>` → (edge, tree key).
    private func edgeThreshold(_ key: String) -> (edge: String, treeKey: String)? {
        for edge in Edge.allCases where key.hasPrefix(edge.name + "-") {
            if let treeKey = Self.thresholdKeys[String(key.dropFirst(edge.name.count + 1))] {
                return (edge.name, treeKey)
            }
        }
        return nil
    }

    // MARK: - Values

    private func threshold(_ value: String, treeKey: String, key: String) throws(ConfigError) -> ConfigNode {
        // The one boolean threshold; every other one is a number.
        treeKey == "multi_touch_rejects" ? try boolean(value, key: key) : try number(value, key: key)
    }

    private func number(_ value: String, key: String) throws(ConfigError) -> ConfigNode {
        guard let v = decimal(value) else {
            throw ConfigError(key: key, reason: "expected a number, got \"\(value)\"", line: nil)
        }
        return ConfigNode(.number(v))
    }

    private func boolean(_ value: String, key: String) throws(ConfigError) -> ConfigNode {
        switch value {
        case "true": return ConfigNode(.bool(true))
        case "false": return ConfigNode(.bool(false))
        default: throw ConfigError(key: key, reason: "expected true or false, got \"\(value)\"", line: nil)
        }
    }

    /// `gesture:kind:fingers[:direction],…` (docs/design.md §4.5) as the `multi_finger` list; kinds,
    /// counts and directions are checked by `init(parsing:)`.
    private mutating func multiFingerList(_ value: String, key: String) throws(ConfigError) -> ConfigNode {
        if value.isEmpty { return ConfigNode(.list([])) }
        var items: [ConfigNode] = []
        for (n, raw) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let text = trimmed(Substring(raw))
            let fields = text.split(separator: ":", omittingEmptySubsequences: false).map { trimmed($0) }
            guard fields.count == 3 || fields.count == 4, !fields[0].isEmpty else {
                throw ConfigError(key: key, reason: "entry \"\(text)\" is not gesture:kind:fingers[:direction]", line: nil)
            }
            guard let fingers = decimal(fields[2]) else {
                throw ConfigError(key: key, reason: "entry \"\(text)\": fingers must be a number", line: nil)
            }
            segmentTextByPath["multi_finger[\(n)]"] = text
            var entry: [(key: String, value: ConfigNode)] = [
                ("gesture", ConfigNode(.string(fields[0]))),
                ("kind", ConfigNode(.string(fields[1]))),
                ("fingers", ConfigNode(.number(fingers))),
            ]
            if fields.count == 4 { entry.append(("direction", ConfigNode(.string(fields[3])))) }
            items.append(ConfigNode(.map(entry)))
        }
        return ConfigNode(.list(items))
    }

    /// `g:from:to,g2:from:to` as a list of `{gesture, from, to}` maps; ranges and overlaps are
    /// left to `init(parsing:)`.
    private mutating func segments(_ value: String, key: String, path: String) throws(ConfigError) -> ConfigNode {
        if value.isEmpty { return ConfigNode(.list([])) }
        var items: [ConfigNode] = []
        for (n, raw) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let text = trimmed(Substring(raw))
            let fields = text.split(separator: ":", omittingEmptySubsequences: false).map { trimmed($0) }
            guard fields.count == 3, !fields[0].isEmpty else {
                throw ConfigError(key: key, reason: "segment \"\(text)\" is not gesture:from:to", line: nil)
            }
            guard let from = decimal(fields[1]), let to = decimal(fields[2]) else {
                throw ConfigError(key: key, reason: "segment \"\(text)\": from and to must be numbers", line: nil)
            }
            segmentTextByPath["\(path)[\(n)]"] = text
            items.append(ConfigNode(.map([
                ("gesture", ConfigNode(.string(fields[0]))),
                ("from", ConfigNode(.number(from))),
                ("to", ConfigNode(.number(to))),
            ])))
        }
        return ConfigNode(.list(items))
    }
}

/// `key` with `_` spelled `-`.
private func hyphenated(_ key: String) -> String {
    String(key.map { $0 == "_" ? "-" : $0 })
}

/// `s` without leading and trailing spaces and tabs.
private func trimmed(_ s: some StringProtocol) -> String {
    var sub = Substring(s)
    while let c = sub.first, c == " " || c == "\t" { sub = sub.dropFirst() }
    while let c = sub.last, c == " " || c == "\t" { sub = sub.dropLast() }
    return String(sub)
}

/// A finite decimal number. Only sign, digits, `.` and an exponent are accepted, because
/// `Double(String)` alone also takes `nan`, `inf` and hexadecimal floats.
private func decimal(_ s: String) -> Double? {
    guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
          let v = Double(s), v.isFinite else { return nil }
    return v
}
