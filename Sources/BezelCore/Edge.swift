/// A screen edge as the user sees it (after the output transform).
///
/// The raw values match the `edge` bitfield of `bezel-system-gestures-v1` (docs/design.md §5).
public enum Edge: UInt32, CaseIterable, Sendable, CustomStringConvertible {
    case top = 1
    case bottom = 2
    case left = 4
    case right = 8

    /// Stable index 0…3 in the order top, bottom, left, right (the order of `edges` lists).
    @inlinable public var index: Int {
        switch self {
        case .top: return 0
        case .bottom: return 1
        case .left: return 2
        case .right: return 3
        }
    }

    /// The edge with the given `index`.
    @inlinable public static func at(index: Int) -> Edge {
        switch index {
        case 0: return .top
        case 1: return .bottom
        case 2: return .left
        default: return .right
        }
    }

    /// The lower-case name used in config files, scenarios and logs.
    public var name: String {
        switch self {
        case .top: return "top"
        case .bottom: return "bottom"
        case .left: return "left"
        case .right: return "right"
        }
    }

    /// Parses a lower-case edge name.
    public init?(name: String) {
        switch name {
        case "top": self = .top
        case "bottom": self = .bottom
        case "left": self = .left
        case "right": self = .right
        default: return nil
        }
    }

    public var description: String { name }
}

/// A set of edges, stored as the protocol's bitfield.
public struct EdgeSet: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let top = EdgeSet(rawValue: Edge.top.rawValue)
    public static let bottom = EdgeSet(rawValue: Edge.bottom.rawValue)
    public static let left = EdgeSet(rawValue: Edge.left.rawValue)
    public static let right = EdgeSet(rawValue: Edge.right.rawValue)
    /// Every edge.
    public static let all: EdgeSet = [.top, .bottom, .left, .right]

    /// The set holding just `edge`.
    @inlinable public init(_ edge: Edge) { self.rawValue = edge.rawValue }

    /// `true` if `edge` is in the set.
    @inlinable public func contains(_ edge: Edge) -> Bool { rawValue & edge.rawValue != 0 }

    /// `true` when the raw value has bits outside top|bottom|left|right.
    @inlinable public var hasUnknownBits: Bool { rawValue & ~EdgeSet.all.rawValue != 0 }

    /// The member edges in the order top, bottom, left, right.
    public var edges: [Edge] { Edge.allCases.filter { contains($0) } }

    public var description: String { "[" + edges.map(\.name).joined(separator: ", ") + "]" }
}
