import BezelCore

/// The timeline of one system gesture on one edge: when it ran and which candidates failed.
public struct GestureLane: Sendable {
    /// The gesture's name (`dock`, …).
    public var gesture: String
    /// The edge it is bound to.
    public var edge: Edge
    /// From `system.began` to `system.ended`/`cancelled`; the label is the outcome and the touch.
    public var runs: [TimeSpan] = []
    /// Failed candidates; each label is `"reason (touch)"` and `reason` the reason's name.
    public var failures: [TrackMarker] = []
    /// For a multi-finger gesture (docs/design.md §4.5): `"3-finger swipe"`; `nil` for edge gestures,
    /// whose `edge` is then meaningful.
    public var multiFinger: String?

    /// Creates an empty lane.
    public init(gesture: String, edge: Edge) { self.gesture = gesture; self.edge = edge }

    /// `dock (bottom)`.
    public var name: String { "\(gesture) (\(multiFinger ?? edge.name))" }
}
