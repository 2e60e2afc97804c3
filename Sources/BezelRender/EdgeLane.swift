import BezelCore

/// The timeline of one edge: its affordance ("tongue") and its armed windows (R3, R4).
public struct EdgeLane: Sendable {
    /// The edge.
    public var edge: Edge
    /// From `affordance.shown` to `affordance.hidden`.
    public var affordance: [TimeSpan] = []
    /// From a deferred swipe for `rearm_window_ms`, cut short when a gesture begins on the edge.
    public var armed: [TimeSpan] = []

    /// Creates an empty lane.
    public init(edge: Edge) { self.edge = edge }
}
