// Yams keeps its copy of libyaml (`CYaml`) as an implementation detail; the pre-pass below
// reads libyaml's event stream directly because Yams offers no hook before it composes.
import CYaml

/// Bounds on the YAML the CLI reads (scenarios, `--config` files), checked before Yams builds a
/// node tree, because Yams has none: its composer recurses once per nesting level, and an
/// alias (`*a`) is expanded wherever the tree is walked, so a small file can describe a tree
/// too deep for the stack or too large for memory (the "billion laughs").
public struct YAMLLimits: Sendable {
    /// Largest file read, in bytes. Hand-written and generated scenarios are far smaller.
    public var maximumBytes: Int
    /// Deepest nesting of mappings and sequences, a scalar counting as one level, with aliases
    /// expanded. A scenario needs 5.
    public var maximumDepth: Int
    /// Most nodes (scalars, mappings, sequences) in the tree with every alias expanded.
    public var maximumNodes: Int

    /// Creates limits.
    public init(maximumBytes: Int, maximumDepth: Int, maximumNodes: Int) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
    }

    /// 8 MiB, 64 levels, 1,000,000 nodes: at most a few hundred MB once composed.
    public static let standard = YAMLLimits(maximumBytes: 8 << 20, maximumDepth: 64, maximumNodes: 1_000_000)

    /// A limit that `text` exceeds, with its 1-based line, or `nil`.
    ///
    /// One pass over libyaml's events with an explicit stack (libyaml itself keeps its state on
    /// the heap), so the check is linear in the text and never recurses. Each anchor's
    /// expanded size and height are remembered, so an alias costs what it would expand to.
    /// A syntax error ends the pass silently: Yams reports it when it parses the same text.
    func violation(in text: String) -> (line: Int?, reason: String)? {
        let byteCount = text.utf8.count
        if byteCount > maximumBytes {
            return (nil, "larger than \(maximumBytes) bytes (\(byteCount))")
        }
        var text = text
        return text.withUTF8 { bytes in scan(bytes) }
    }

    /// The size and height of a finished node (height 1 for a scalar).
    private struct Extent {
        var nodes: Int
        var height: Int
    }

    /// A mapping or sequence still open.
    private struct Frame {
        var extent = Extent(nodes: 1, height: 1)
        var anchor: String?
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (line: Int?, reason: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var open: [Frame] = []
        var anchors: [String: Extent] = [:]
        var total = 0
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            // The node this event finishes (a scalar, an alias, or a closed collection), and
            // how many nodes it adds to the tree (a collection's children were counted already).
            var finished: (Extent, anchor: String?)?
            var added = 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT
                    ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                if open.count + 1 > maximumDepth {
                    return (line, "nested deeper than \(maximumDepth) levels")
                }
                open.append(Frame(anchor: anchor.map { String(cString: $0) }))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = open.popLast() else { return nil }
                finished = (frame.extent, frame.anchor)
            case YAML_SCALAR_EVENT:
                finished = (Extent(nodes: 1, height: 1), event.data.scalar.anchor.map { String(cString: $0) })
            case YAML_ALIAS_EVENT:
                let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
                // An unknown alias is Yams' error to report; count it as one node meanwhile.
                finished = (anchors[name] ?? Extent(nodes: 1, height: 1), nil)
                added = finished?.0.nodes ?? 1
            default:
                continue
            }
            guard let (extent, anchor) = finished else { continue }
            if let anchor { anchors[anchor] = extent }
            // A closed collection's levels were checked as its children finished.
            if open.count + extent.height > maximumDepth {
                let how = event.type == YAML_ALIAS_EVENT ? " once aliases are expanded" : ""
                return (line, "nested deeper than \(maximumDepth) levels\(how)")
            }
            // Saturating: sizes of nested aliases multiply.
            total = min(total + added, maximumNodes + 1)
            if total > maximumNodes {
                return (line, "more than \(maximumNodes) nodes once aliases are expanded")
            }
            if !open.isEmpty {
                open[open.count - 1].extent.nodes = min(open[open.count - 1].extent.nodes + extent.nodes, maximumNodes + 1)
                open[open.count - 1].extent.height = max(open[open.count - 1].extent.height, extent.height + 1)
            }
        }
        return nil
    }
}
