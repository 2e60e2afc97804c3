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
    /// Runs an app took (docs/design.md §4.6, R10): from `back_began` to `back_invoked` or
    /// `back_cancelled`, with the progress the app was told.
    public var backRuns: [BackRun] = []
    /// For a multi-finger gesture (docs/design.md §4.5): `"3-finger swipe"`; `nil` for edge gestures,
    /// whose `edge` is then meaningful.
    public var multiFinger: String?

    /// Creates an empty lane.
    public init(gesture: String, edge: Edge) { self.gesture = gesture; self.edge = edge }

    /// One back gesture as its app saw it.
    public struct BackRun: Sendable {
        /// From `back_began` to the end; the label is the handling surface and the outcome.
        public var span: TimeSpan
        /// Each `back_changed`: when, and the progress (0…1).
        public var progress: [(t: Double, progress: Double)] = []
    }

    /// `dock (bottom)`.
    public var name: String { "\(gesture) (\(multiFinger ?? edge.name))" }
}
