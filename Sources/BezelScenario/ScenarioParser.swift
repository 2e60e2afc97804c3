import BezelCore

/// Reads scenario files. Every malformed construct is reported with its line and a reason;
/// unknown keys are errors, so a typo never silently changes what a scenario tests.
public enum ScenarioParser {
    /// The output used when a scenario gives none: a 1080×2340 phone of 68×147 mm.
    public static let defaultOutput = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    /// Latest timeline time: a Wayland timestamp is 32 bits of milliseconds (about 49 days).
    public static let maximumTime_ms = Double(UInt32.max)
    /// Largest output side in logical px, and in mm (10 m); larger values are typing mistakes.
    public static let maximumOutput_px = 100_000.0
    public static let maximumOutput_mm = 10_000.0

    /// Parses a configuration file (docs/design.md §4.4: the keys of a scenario's `config`).
    public static func parseConfig(_ text: String, file: String) throws(ScenarioError) -> SystemGestureConfig {
        let node = try YAMLTree.parse(text, file: file)
        do {
            return try SystemGestureConfig(parsing: node)
        } catch {
            throw ScenarioError(file: file, line: error.line, reason: "\(error.key): \(error.reason)")
        }
    }

    /// Parses scenario text. `file` names the source in errors.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        guard let root = try YAMLTree.parse(text, file: file) else {
            throw ScenarioError(file: file, line: nil, reason: "the file is empty")
        }
        let p = Parser(file: file)
        return try p.scenario(root)
    }

    private struct Parser {
        let file: String

        func fail(_ node: ConfigNode?, _ reason: String) -> ScenarioError {
            ScenarioError(file: file, line: node?.line, reason: reason)
        }

        func map(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> [(key: String, value: ConfigNode)] {
            guard case .map(let entries) = node.value else { throw fail(node, "\(what): expected a mapping, got \(node.typeName)") }
            return entries
        }

        func list(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> [ConfigNode] {
            guard case .list(let items) = node.value else { throw fail(node, "\(what): expected a list, got \(node.typeName)") }
            return items
        }

        func number(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> Double {
            guard case .number(let v) = node.value else { throw fail(node, "\(what): expected a number, got \(node.typeName)") }
            return v
        }

        func string(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> String {
            switch node.value {
            case .string(let s): return s
            case .number(let v) where v == v.rounded() && v.magnitude < 1e15: return String(Int64(v))
            default: throw fail(node, "\(what): expected a name, got \(node.typeName)")
            }
        }

        func bool(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> Bool {
            guard case .bool(let v) = node.value else { throw fail(node, "\(what): expected true or false, got \(node.typeName)") }
            return v
        }

        func touchID(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> Int32 {
            let v = try number(node, what)
            guard v == v.rounded(), v >= 0, v <= Double(Int32.max) else { throw fail(node, "\(what): expected a non-negative integer") }
            return Int32(v)
        }

        /// `[swipe, pinch, hold]` (docs/design.md §4.5).
        func kinds(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> GestureKindSet {
            var set: GestureKindSet = []
            for item in try list(node, what) {
                let name = try string(item, what)
                guard let kind = MultiFingerKind(name: name) else { throw fail(item, "\(what): unknown gesture kind '\(name)' (swipe, pinch, hold)") }
                set.insert(GestureKindSet(kind))
            }
            return set
        }

        func edges(_ node: ConfigNode, _ what: String) throws(ScenarioError) -> EdgeSet {
            var set: EdgeSet = []
            for item in try list(node, what) {
                let name = try string(item, what)
                guard let edge = Edge(name: name) else { throw fail(item, "\(what): unknown edge '\(name)' (top, bottom, left, right)") }
                set.insert(EdgeSet(edge))
            }
            return set
        }

        func scenario(_ root: ConfigNode) throws(ScenarioError) -> Scenario {
            var output = ScenarioParser.defaultOutput
            var config = SystemGestureConfig()
            var surfaces: [Scenario.Surface] = []
            var timeline: [Scenario.Entry] = []
            var expect: Expectation?
            var outputs: [Scenario.Output] = []
            for (key, value) in try map(root, "scenario") {
                switch key {
                case "output": output = try outputGeometry(value)
                case "outputs": outputs = try outputList(value)
                case "config":
                    do { config = try SystemGestureConfig(parsing: value) } catch {
                        throw ScenarioError(file: file, line: error.line ?? value.line, reason: "config: \(error.key): \(error.reason)")
                    }
                case "surfaces": surfaces = try surfaceList(value)
                case "timeline": timeline = try entries(value)
                case "expect": expect = try Expectation(parsing: value, file: file)
                default: throw fail(value, "unknown top-level key '\(key)' (output, outputs, config, surfaces, timeline, expect)")
                }
            }
            // Names must resolve before anything runs, so a typo is a malformed file, not a no-op.
            var known = Set<String>()
            for s in surfaces {
                guard !known.contains(s.id) else { throw ScenarioError(file: file, line: s.line, reason: "surfaces: duplicate id '\(s.id)'") }
                if let parent = s.parent, !known.contains(parent) {
                    throw ScenarioError(file: file, line: s.line, reason: "surfaces: parent '\(parent)' of '\(s.id)' must be listed before it")
                }
                known.insert(s.id)
            }
            var previous = -Double.infinity
            for e in timeline {
                guard e.t >= previous else { throw ScenarioError(file: file, line: e.line, reason: "timeline: t goes backwards (\(e.t) after \(previous))") }
                previous = e.t
                switch e.action {
                case .deferEdges(let s, _), .deferGestures(let s, _, _), .deferRegion(let s, _, _, _), .policy(let s, _, _), .remove(let s), .move(let s, _),
                     .backHandling(let s, _):
                    guard known.contains(s) else { throw ScenarioError(file: file, line: e.line, reason: "timeline: unknown surface '\(s)'") }
                case .downOnOutput(let o, _, _), .removeOutput(let o), .rotateOutput(let o, _):
                    guard o == 0 || outputs.contains(where: { $0.id == o }) else {
                        throw ScenarioError(file: file, line: e.line, reason: "timeline: unknown output \(o) (declare it under 'outputs')")
                    }
                default: break
                }
            }
            var scenario = Scenario(output: output, config: config, surfaces: surfaces, timeline: timeline, expect: expect, file: file)
            scenario.outputs = outputs
            return scenario
        }

        /// `outputs: [ { id: 1, x: 1080, y: 0, width: .., height: .., width_mm: .., height_mm: .. } ]`
        func outputList(_ node: ConfigNode) throws(ScenarioError) -> [Scenario.Output] {
            var result: [Scenario.Output] = []
            for item in try list(node, "outputs") {
                var id: OutputID?, x = 0.0, y = 0.0
                var size: [(key: String, value: ConfigNode)] = []
                for (k, v) in try map(item, "outputs entry") {
                    switch k {
                    case "id":
                        let n = try number(v, "outputs.id")
                        guard n == n.rounded(), n >= 1, n <= Double(UInt32.max) else {
                            throw fail(v, "outputs.id: expected an integer from 1 (0 is 'output')")
                        }
                        id = OutputID(n)
                    case "x", "y":
                        let n = try number(v, "outputs.\(k)")
                        guard n.isFinite, n.magnitude <= 16_777_216 else { throw fail(v, "outputs.\(k): out of range") }
                        if k == "x" { x = n } else { y = n }
                    default: size.append((k, v))
                    }
                }
                guard let id else { throw fail(item, "outputs entry: missing 'id'") }
                guard !result.contains(where: { $0.id == id }) else { throw fail(item, "outputs: duplicate id \(id)") }
                let geometry = try outputGeometry(ConfigNode(.map(size), line: item.line))
                result.append(.init(id: id, origin: Point(x: x, y: y), geometry: geometry, line: item.line))
            }
            return result
        }

        func outputGeometry(_ node: ConfigNode) throws(ScenarioError) -> OutputGeometry {
            var w = 1080.0, h = 2340.0, wmm = 68.0, hmm = 147.0
            for (k, v) in try map(node, "output") {
                let x = try number(v, "output.\(k)")
                let most = k.hasSuffix("_mm") ? ScenarioParser.maximumOutput_mm : ScenarioParser.maximumOutput_px
                guard x > 0, x <= most else { throw fail(v, "output.\(k): must be a positive number up to \(Int64(most))") }
                switch k {
                case "width": w = x
                case "height": h = x
                case "width_mm": wmm = x
                case "height_mm": hmm = x
                default: throw fail(v, "output: unknown key '\(k)' (width, height, width_mm, height_mm)")
                }
            }
            return OutputGeometry(widthPx: w, heightPx: h, widthMm: wmm, heightMm: hmm)
        }

        func surfaceList(_ node: ConfigNode) throws(ScenarioError) -> [Scenario.Surface] {
            var result: [Scenario.Surface] = []
            for item in try list(node, "surfaces") {
                var id: String?, client: String?, rect: Rect?, parent: String?, deferred: EdgeSet?
                var deferredKinds: GestureKindSet?
                var deferredRegion: [Rect]?
                var backHandling: Bool?
                for (k, v) in try map(item, "surface") {
                    switch k {
                    case "id": id = try string(v, "surface.id")
                    case "client": client = try string(v, "surface.client")
                    case "parent": parent = try string(v, "surface.parent")
                    case "deferred_edges": deferred = try edges(v, "surface.deferred_edges")
                    case "deferred_gestures": deferredKinds = try kinds(v, "surface.deferred_gestures")
                    case "deferred_region": deferredRegion = try region(v, "surface.deferred_region")
                    case "rect": rect = try self.rect(v, "surface.rect")
                    case "back_handling": backHandling = try bool(v, "surface.back_handling")
                    default: throw fail(v, "surface: unknown key '\(k)' (id, client, rect, parent, deferred_edges, deferred_gestures, deferred_region, back_handling)")
                    }
                }
                guard let id else { throw fail(item, "surface: missing 'id'") }
                guard let rect else { throw fail(item, "surface '\(id)': missing 'rect'") }
                result.append(.init(id: id, client: client ?? id, rect: rect, parent: parent, deferredEdges: deferred,
                                    deferredGestures: deferredKinds, deferredRegion: deferredRegion,
                                    backHandling: backHandling, line: item.line))
            }
            return result
        }

        /// A deferred region (§8): `[[x, y, w, h], ...]`, surface-local; `null` is `nil`, the
        /// whole surface. An empty list is an empty region: nothing is deferred.
        func region(_ v: ConfigNode, _ what: String) throws(ScenarioError) -> [Rect]? {
            if case .map(let entries) = v.value, entries.isEmpty { return nil }
            guard case .list(let items) = v.value else {
                throw fail(v, "\(what): expected a list of [x, y, width, height] or null")
            }
            var rects: [Rect] = []
            for (n, item) in items.enumerated() { rects.append(try rect(item, "\(what)[\(n)]")) }
            return rects
        }

        /// `[x, y, width, height]` in output logical px.
        func rect(_ v: ConfigNode, _ what: String) throws(ScenarioError) -> Rect {
            let xs = try list(v, what)
            guard xs.count == 4 else { throw fail(v, "\(what): expected [x, y, width, height]") }
            var n: [Double] = []
            for x in xs { n.append(try number(x, what)) }
            guard n.allSatisfy({ $0.isFinite }), n[2] >= 0, n[3] >= 0 else { throw fail(v, "\(what): width and height must be non-negative") }
            return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        }

        func entries(_ node: ConfigNode) throws(ScenarioError) -> [Scenario.Entry] {
            var result: [Scenario.Entry] = []
            for item in try list(node, "timeline") {
                var t: Double?
                var action: Scenario.Action?
                for (k, v) in try map(item, "timeline entry") {
                    if k == "t" {
                        let x = try number(v, "t")
                        guard x.isFinite, x >= 0, x <= ScenarioParser.maximumTime_ms else {
                            throw fail(v, "t: must be between 0 and \(Int64(ScenarioParser.maximumTime_ms)) ms, got \(x)")
                        }
                        t = x
                        continue
                    }
                    guard action == nil else { throw fail(v, "timeline entry: more than one event ('\(k)'); give each its own entry with the same t") }
                    action = try self.action(k, v)
                }
                guard let t else { throw fail(item, "timeline entry: missing 't'") }
                guard let action else { throw fail(item, "timeline entry: no event (down, motion, up, cancel, defer, policy, drag_start, drag_end, lock, back_handling, remove, move, remove_output, rotate, advance)") }
                result.append(.init(t: t, action: action, line: item.line))
            }
            return result
        }

        func fields(_ node: ConfigNode, _ what: String, allowed: [String]) throws(ScenarioError) -> [String: ConfigNode] {
            var out: [String: ConfigNode] = [:]
            for (k, v) in try map(node, what) {
                guard allowed.contains(k) else { throw fail(v, "\(what): unknown key '\(k)' (\(allowed.joined(separator: ", ")))") }
                out[k] = v
            }
            return out
        }

        func required(_ f: [String: ConfigNode], _ key: String, _ what: String, _ node: ConfigNode) throws(ScenarioError) -> ConfigNode {
            guard let v = f[key] else { throw fail(node, "\(what): missing '\(key)'") }
            return v
        }

        func point(_ f: [String: ConfigNode], _ what: String, _ node: ConfigNode) throws(ScenarioError) -> Point {
            Point(x: try number(try required(f, "x", what, node), "\(what).x"),
                  y: try number(try required(f, "y", what, node), "\(what).y"))
        }

        func action(_ key: String, _ v: ConfigNode) throws(ScenarioError) -> Scenario.Action {
            switch key {
            case "down", "motion":
                let f = try fields(v, key, allowed: key == "down" ? ["id", "x", "y", "output"] : ["id", "x", "y"])
                let id = try touchID(try required(f, "id", key, v), "\(key).id")
                let p = try point(f, key, v)
                if let o = f["output"] {
                    let n = try number(o, "down.output")
                    guard n == n.rounded(), n >= 0, n <= Double(UInt32.max) else { throw fail(o, "down.output: expected an output id") }
                    if n != 0 { return .downOnOutput(output: OutputID(n), id: id, position: p) }
                }
                return key == "down" ? .down(id: id, position: p) : .motion(id: id, position: p)
            case "remove_output":
                let f = try fields(v, key, allowed: ["output"])
                let n = try number(try required(f, "output", key, v), "remove_output.output")
                guard n == n.rounded(), n >= 0, n <= Double(UInt32.max) else { throw fail(v, "remove_output.output: expected an output id") }
                return .removeOutput(OutputID(n))
            case "rotate":
                // A Bezel extension of §8: `rotate: { transform: 90, output: 1 }` (output 0 if omitted).
                let f = try fields(v, key, allowed: ["transform", "output"])
                let tnode = try required(f, "transform", key, v)
                let name: String
                if let n = try? number(tnode, "rotate.transform"), n == n.rounded() { name = String(Int(n)) } else {
                    name = try string(tnode, "rotate.transform")
                }
                guard let transform = OutputTransformName.value(name) else {
                    throw fail(tnode, "rotate.transform: expected one of \(OutputTransformName.names.joined(separator: ", ")), got '\(name)'")
                }
                var output: OutputID = 0
                if let o = f["output"] {
                    let n = try number(o, "rotate.output")
                    guard n == n.rounded(), n >= 0, n <= Double(UInt32.max) else { throw fail(o, "rotate.output: expected an output id") }
                    output = OutputID(n)
                }
                return .rotateOutput(output, transform: transform)
            case "up":
                let f = try fields(v, key, allowed: ["id"])
                return .up(id: try touchID(try required(f, "id", key, v), "up.id"))
            case "cancel":
                _ = try fields(v, key, allowed: [])
                return .cancel
            case "defer" where (try? fields(v, key, allowed: ["surface", "edges", "gestures", "region"]))?["region"] != nil:
                let f = try fields(v, key, allowed: ["surface", "edges", "gestures", "region"])
                let s = try string(try required(f, "surface", key, v), "defer.surface")
                let e = try f["edges"].map { (n) throws(ScenarioError) in try edges(n, "defer.edges") }
                let k = try f["gestures"].map { (n) throws(ScenarioError) in try kinds(n, "defer.gestures") }
                let r = try region(try required(f, "region", key, v), "defer.region")
                return .deferRegion(surface: s, edges: e, kinds: k, region: r)
            case "defer" where (try? fields(v, key, allowed: ["surface", "edges", "gestures"]))?["gestures"] != nil:
                let f = try fields(v, key, allowed: ["surface", "edges", "gestures"])
                let s = try string(try required(f, "surface", key, v), "defer.surface")
                let e = try f["edges"].map { (n) throws(ScenarioError) in try edges(n, "defer.edges") }
                let k = try kinds(try required(f, "gestures", key, v), "defer.gestures")
                return .deferGestures(surface: s, edges: e, kinds: k)
            case "policy":
                // R6 for edges, M4 for multi-finger kinds: at least one of the two.
                let f = try fields(v, key, allowed: ["surface", "edges", "gestures"])
                let s = try string(try required(f, "surface", key, v), "policy.surface")
                let e = try f["edges"].map { (n) throws(ScenarioError) in try edges(n, "policy.edges") }
                let k = try f["gestures"].map { (n) throws(ScenarioError) in try kinds(n, "policy.gestures") }
                if e == nil && k == nil { throw fail(v, "policy: needs 'edges', 'gestures' or both") }
                return .policy(surface: s, edges: e, kinds: k)
            case "defer":
                let f = try fields(v, key, allowed: ["surface", "edges"])
                let s = try string(try required(f, "surface", key, v), "defer.surface")
                let e = try edges(try required(f, "edges", key, v), "defer.edges")
                return .deferEdges(surface: s, edges: e)
            case "drag_start":
                let f = try fields(v, key, allowed: ["id"])
                return .dragStart(id: try touchID(try required(f, "id", key, v), "drag_start.id"))
            case "drag_end":
                _ = try fields(v, key, allowed: [])
                return .dragEnd
            case "lock":
                return .lock(try bool(v, "lock"))
            case "back_handling":
                let f = try fields(v, key, allowed: ["surface", "on"])
                return .backHandling(surface: try string(try required(f, "surface", key, v), "back_handling.surface"),
                                     on: try bool(try required(f, "on", key, v), "back_handling.on"))
            case "remove":
                let f = try fields(v, key, allowed: ["surface"])
                return .remove(surface: try string(try required(f, "surface", key, v), "remove.surface"))
            case "move":
                let f = try fields(v, key, allowed: ["surface", "rect"])
                return .move(surface: try string(try required(f, "surface", key, v), "move.surface"),
                             rect: try rect(try required(f, "rect", key, v), "move.rect"))
            case "advance":
                _ = try fields(v, key, allowed: [])
                return .advance
            default:
                throw fail(v, "timeline entry: unknown event '\(key)' (down, motion, up, cancel, defer, policy, drag_start, drag_end, lock, back_handling, remove, move, remove_output, rotate, advance)")
            }
        }
    }
}
