/// Validation of configuration trees (docs/design.md §4.4). Unknown keys and wrong types are errors that
/// name the key; nothing is silently ignored.
extension SystemGestureConfig {
    /// The keys of docs/design.md §4.1, valid at the top level and inside `edges.<edge>`.
    public static let thresholdKeys: [String] = [
        "edge_zone_mm", "slop_mm", "direction_cone_deg", "begin_distance_mm", "still_timeout_ms",
        "hold_window_ms", "full_distance_mm", "commit_progress", "flick_velocity_mm_s",
        "rearm_window_ms", "multi_touch_rejects", "deferred_cap_mm",
    ]

    /// Builds a configuration from the defaults overridden by `node` (a mapping).
    ///
    /// Top-level threshold keys apply to every edge; `edges.<edge>` overrides them per edge
    /// whatever the order in the file; `bindings.<edge>` replaces an edge's segments; and
    /// `gestures.<name>` sets flags of new or default gestures.
    public init(parsing node: ConfigNode?) throws(ConfigError) {
        self.init()
        guard let node else { return }
        let top = try Self.map(node, key: "config")
        var edgeOverrides: [(Edge, [(key: String, value: ConfigNode)])] = []
        var bindingsNode: ConfigNode?
        var gesturesNode: ConfigNode?
        var multiFingerNode: ConfigNode?
        for (key, value) in top {
            switch key {
            case "edges":
                for (edgeName, edgeNode) in try Self.map(value, key: "edges") {
                    guard let edge = Edge(name: edgeName) else {
                        throw ConfigError(key: "edges.\(edgeName)", reason: "unknown edge (top, bottom, left, right)", line: edgeNode.line ?? value.line)
                    }
                    edgeOverrides.append((edge, try Self.map(edgeNode, key: "edges.\(edgeName)")))
                }
            case "bindings": bindingsNode = value
            case "gestures": gesturesNode = value
            case "multi_finger": multiFingerNode = value
            case _ where key.hasPrefix("mf_"):
                try Self.applyMultiFinger(key: key, value: value, to: &multiFingerThresholds)
            default:
                for e in 0..<4 { try Self.apply(key: key, value: value, path: key, to: &thresholds[e]) }
                // The top-level values of these keys also serve the multi-finger gestures.
                switch key {
                case "slop_mm": multiFingerThresholds.slop_mm = thresholds[0].slop_mm
                case "commit_progress": multiFingerThresholds.commitProgress = thresholds[0].commitProgress
                case "flick_velocity_mm_s": multiFingerThresholds.flickVelocity_mm_s = thresholds[0].flickVelocity_mm_s
                default: break
                }
            }
        }
        for (edge, entries) in edgeOverrides {
            for (key, value) in entries {
                try Self.apply(key: key, value: value, path: "edges.\(edge.name).\(key)", to: &thresholds[edge.index])
            }
        }
        if let gesturesNode {
            for (name, flagsNode) in try Self.map(gesturesNode, key: "gestures") {
                let index = gestureIndexAdding(name)
                for (flag, flagValue) in try Self.map(flagsNode, key: "gestures.\(name)") {
                    let path = "gestures.\(name).\(flag)"
                    switch flag {
                    case "modal": gestures[index].modal = try Self.bool(flagValue, key: path)
                    case "when_locked": gestures[index].whenLocked = try Self.bool(flagValue, key: path)
                    case "app_handled": gestures[index].appHandled = try Self.bool(flagValue, key: path)
                    default: throw ConfigError(key: path, reason: "unknown key (modal, when_locked, app_handled)", line: flagValue.line)
                    }
                }
            }
        }
        if let multiFingerNode {
            multiFinger = try Self.multiFingerBindings(multiFingerNode, gestures: &self)
        }
        if let bindingsNode {
            for (edgeName, listNode) in try Self.map(bindingsNode, key: "bindings") {
                guard let edge = Edge(name: edgeName) else {
                    throw ConfigError(key: "bindings.\(edgeName)", reason: "unknown edge (top, bottom, left, right)", line: listNode.line)
                }
                guard case .list(let items) = listNode.value else {
                    throw ConfigError(key: "bindings.\(edgeName)", reason: "expected a list of segments, got \(listNode.typeName)", line: listNode.line)
                }
                var segments: [EdgeSegment] = []
                for (n, item) in items.enumerated() {
                    let path = "bindings.\(edgeName)[\(n)]"
                    var gesture: String?
                    var from = 0.0, to = 1.0
                    for (k, v) in try Self.map(item, key: path) {
                        switch k {
                        case "gesture": gesture = try Self.string(v, key: "\(path).gesture")
                        case "from": from = try Self.number(v, key: "\(path).from")
                        case "to": to = try Self.number(v, key: "\(path).to")
                        default: throw ConfigError(key: "\(path).\(k)", reason: "unknown key (gesture, from, to)", line: v.line)
                        }
                    }
                    guard let gesture else {
                        throw ConfigError(key: "\(path).gesture", reason: "missing", line: item.line)
                    }
                    guard from >= 0, to <= 1, from < to else {
                        throw ConfigError(key: path, reason: "segment must satisfy 0 ≤ from < to ≤ 1", line: item.line)
                    }
                    segments.append(EdgeSegment(gesture: gestureIndexAdding(gesture), from: from, to: to))
                }
                segments.sort { $0.from < $1.from }
                for k in segments.indices.dropFirst() where segments[k].from < segments[k - 1].to {
                    throw ConfigError(key: "bindings.\(edgeName)", reason: "segments overlap", line: listNode.line)
                }
                bindings[edge.index] = segments
            }
        }
    }

    /// The accepted range of each numeric key of docs/design.md §4.1, in the key's unit. Values outside
    /// are errors naming the key: they are typing mistakes or hostile, and some would make the
    /// router hold touches for ever (`hold_window_ms: 1e308`) or report absurd progress
    /// (`full_distance_mm: 1e-9`).
    public static let thresholdRanges: [String: ClosedRange<Double>] = [
        "edge_zone_mm": 0...100,
        "slop_mm": 0...50,
        "direction_cone_deg": 0...180,
        "begin_distance_mm": 0...100,
        "still_timeout_ms": 0...10_000,
        "hold_window_ms": 0...2_000,
        "full_distance_mm": 1...500,
        "commit_progress": 0...1,
        "flick_velocity_mm_s": 1...10_000,
        "rearm_window_ms": 0...60_000,
        "deferred_cap_mm": 0...10_000,
    ]

    /// Sets one threshold key of `t`. Unknown keys, wrong types and values out of
    /// `thresholdRanges` throw.
    static func apply(key: String, value: ConfigNode, path: String, to t: inout EdgeThresholds) throws(ConfigError) {
        if key == "multi_touch_rejects" {
            t.multiTouchRejects = try bool(value, key: path)
            return
        }
        guard let range = thresholdRanges[key] else {
            throw ConfigError(key: path, reason: "unknown key", line: value.line)
        }
        let v = try number(value, key: path)
        guard range.contains(v) else {
            throw ConfigError(key: path, reason: "must be from \(plain(range.lowerBound)) to \(plain(range.upperBound)), got \(plain(v))",
                              line: value.line)
        }
        switch key {
        case "edge_zone_mm": t.edgeZone_mm = v
        case "slop_mm": t.slop_mm = v
        case "direction_cone_deg": t.directionCone_deg = v
        case "begin_distance_mm": t.beginDistance_mm = v
        case "still_timeout_ms": t.stillTimeout_ms = v
        case "hold_window_ms": t.holdWindow_ms = v
        case "full_distance_mm": t.fullDistance_mm = v
        case "commit_progress": t.commitProgress = v
        case "flick_velocity_mm_s": t.flickVelocity_mm_s = v
        case "rearm_window_ms": t.rearmWindow_ms = v
        case "deferred_cap_mm": t.deferredCap_mm = v
        default: throw ConfigError(key: path, reason: "unknown key", line: value.line)
        }
    }

    /// Sets one `mf_*` key (docs/design.md §4.5); unknown keys, wrong types and values out of range throw.
    static func applyMultiFinger(key: String, value: ConfigNode, to t: inout MultiFingerThresholds) throws(ConfigError) {
        guard let range = MultiFingerThresholds.ranges.first(where: { $0.key == key })?.range else {
            throw ConfigError(key: key, reason: "unknown key", line: value.line)
        }
        let v = try number(value, key: key)
        guard range.contains(v) else {
            throw ConfigError(key: key, reason: "must be from \(plain(range.lowerBound)) to \(plain(range.upperBound)), got \(plain(v))",
                              line: value.line)
        }
        _ = t.set(key, v)
    }

    /// `multi_finger: [ { gesture, kind, fingers, direction } ]` (docs/design.md §4.5).
    static func multiFingerBindings(_ node: ConfigNode, gestures config: inout SystemGestureConfig) throws(ConfigError) -> [MultiFingerBinding] {
        guard case .list(let items) = node.value else {
            throw ConfigError(key: "multi_finger", reason: "expected a list of gestures, got \(node.typeName)", line: node.line)
        }
        var result: [MultiFingerBinding] = []
        for (n, item) in items.enumerated() {
            let path = "multi_finger[\(n)]"
            var gesture: String?, kindName: String?, directionName: String?
            var fingers: Double?
            for (k, v) in try map(item, key: path) {
                switch k {
                case "gesture": gesture = try string(v, key: "\(path).gesture")
                case "kind": kindName = try string(v, key: "\(path).kind")
                case "fingers": fingers = try number(v, key: "\(path).fingers")
                case "direction": directionName = try string(v, key: "\(path).direction")
                default: throw ConfigError(key: "\(path).\(k)", reason: "unknown key (gesture, kind, fingers, direction)", line: v.line)
                }
            }
            guard let gesture, !gesture.isEmpty else { throw ConfigError(key: "\(path).gesture", reason: "missing", line: item.line) }
            guard let kindName else { throw ConfigError(key: "\(path).kind", reason: "missing (swipe, pinch, hold)", line: item.line) }
            guard let kind = MultiFingerKind(name: kindName) else {
                throw ConfigError(key: "\(path).kind", reason: "unknown kind \"\(kindName)\" (swipe, pinch, hold)", line: item.line)
            }
            guard let fingers else { throw ConfigError(key: "\(path).fingers", reason: "missing (3 to 5)", line: item.line) }
            guard fingers == fingers.rounded(), (3...5).contains(fingers) else {
                throw ConfigError(key: "\(path).fingers", reason: "must be 3, 4 or 5, got \(plain(fingers))", line: item.line)
            }
            let direction: MultiFingerDirection
            switch kind {
            case .hold:
                guard directionName == nil else {
                    throw ConfigError(key: "\(path).direction", reason: "a hold has no direction", line: item.line)
                }
                direction = .none
            case .swipe, .pinch:
                let allowed: [MultiFingerDirection] = kind == .swipe ? [.up, .down, .left, .right] : [.pinchIn, .pinchOut]
                let names = allowed.map(\.name).joined(separator: ", ")
                guard let directionName else {
                    throw ConfigError(key: "\(path).direction", reason: "missing (\(names))", line: item.line)
                }
                guard let d = allowed.first(where: { $0.name == directionName }) else {
                    throw ConfigError(key: "\(path).direction", reason: "a \(kind.name) goes \(names), got \"\(directionName)\"", line: item.line)
                }
                direction = d
            }
            result.append(MultiFingerBinding(gesture: config.gestureIndexAdding(gesture), kind: kind,
                                             fingers: Int(fingers), direction: direction))
        }
        return result
    }

    /// `v` without a trailing `.0` when it is a whole number of ordinary size.
    private static func plain(_ v: Double) -> String {
        v == v.rounded() && v.magnitude < 1e15 ? String(Int64(v)) : "\(v)"
    }

    static func map(_ node: ConfigNode, key: String) throws(ConfigError) -> [(key: String, value: ConfigNode)] {
        guard case .map(let entries) = node.value else {
            throw ConfigError(key: key, reason: "expected a mapping, got \(node.typeName)", line: node.line)
        }
        return entries
    }

    static func number(_ node: ConfigNode, key: String) throws(ConfigError) -> Double {
        guard case .number(let v) = node.value, v.isFinite else {
            throw ConfigError(key: key, reason: "expected a number, got \(node.typeName)", line: node.line)
        }
        return v
    }

    static func bool(_ node: ConfigNode, key: String) throws(ConfigError) -> Bool {
        guard case .bool(let v) = node.value else {
            throw ConfigError(key: key, reason: "expected true or false, got \(node.typeName)", line: node.line)
        }
        return v
    }

    static func string(_ node: ConfigNode, key: String) throws(ConfigError) -> String {
        guard case .string(let v) = node.value else {
            throw ConfigError(key: key, reason: "expected a string, got \(node.typeName)", line: node.line)
        }
        return v
    }
}
