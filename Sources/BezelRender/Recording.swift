import BezelCore

/// Everything `bezel render` draws: the output and its zones, the surfaces, every touch with the
/// owner of each sample, and the timeline of the system gestures and edges.
public struct Recording: Sendable {
    /// A surface of the run, drawn as a faint outline.
    public struct Surface: Sendable {
        /// The surface's name.
        public var name: String
        /// Its rectangle in output logical px.
        public var rect: Rect
        /// Its committed deferred regions (protocol version 3), in commit order.
        public var deferredRegions: [RegionCommit] = []
    }

    /// A committed deferred region: surface-local rectangles, or `nil` for the whole surface.
    public struct RegionCommit: Sendable {
        /// When it was committed, in ms.
        public var t: Double
        /// The rectangles (surface-local px), or `nil`: the whole surface again.
        public var rects: [Rect]?
    }

    /// A title (the file the run came from).
    public var title: String
    /// The output.
    public var output: OutputGeometry
    /// The configuration (zones, segments, thresholds).
    public var config: SystemGestureConfig
    /// The surfaces, bottom-most first.
    public var surfaces: [Surface]
    /// Touch sequences, in order of their downs.
    public var tracks: [TouchTrack]
    /// One lane per system gesture and edge that did anything, in order of first appearance.
    public var gestureLanes: [GestureLane]
    /// One lane per edge that showed an affordance or was armed.
    public var edgeLanes: [EdgeLane]
    /// The first instant of the run, in ms.
    public var startTime: Double
    /// The last instant of the run, in ms.
    public var endTime: Double
}
