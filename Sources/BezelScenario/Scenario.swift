import BezelCore

/// A scenario file (docs/design.md §8): an output, a configuration, surfaces, a timeline of input, and
/// optional expectations on the decisions.
public struct Scenario: Sendable {
    /// One surface of the scenario.
    public struct Surface: Sendable {
        /// The surface's name, used by timeline entries and in output lines.
        public var id: String
        /// The client's name.
        public var client: String
        /// Position and size in output logical px.
        public var rect: Rect
        /// The parent surface's name, for subsurfaces.
        public var parent: String?
        /// If present, the surface has a gesture object with these deferred edges, committed at t = 0.
        public var deferredEdges: EdgeSet?
        /// If present, the surface defers these multi-finger gesture kinds, committed at t = 0
        /// (protocol version 2, docs/design.md §4.5 M4).
        public var deferredGestures: GestureKindSet?
        /// If present, the surface's deferred region (surface-local rectangles, their union),
        /// committed at t = 0 (protocol version 3); absent means the whole surface.
        public var deferredRegion: [Rect]? = nil
        /// If present, the surface's back handling (protocol version 4, R10), committed at t = 0.
        public var backHandling: Bool? = nil
        /// 1-based line of the entry.
        public var line: Int?
    }

    /// An output besides output 0 (`outputs:`), at a position in the layout.
    public struct Output: Sendable {
        /// The output's id (not 0: output 0 is `output:`).
        public var id: OutputID
        /// Top-left corner in layout px.
        public var origin: Point
        /// Size in px and mm.
        public var geometry: OutputGeometry
        /// 1-based line of the entry.
        public var line: Int?
    }

    /// What a timeline entry does.
    public enum Action: Sendable {
        case down(id: Int32, position: Point)
        /// A down on an output other than 0, at output-local coordinates.
        case downOnOutput(output: OutputID, id: Int32, position: Point)
        /// The output was unplugged (R8).
        case removeOutput(OutputID)
        /// The output was turned to a `wl_output.transform` (a Bezel extension, `rotate:`); what
        /// its touches carried is cancelled as for a removal (R8) and its size swaps on a
        /// quarter turn.
        case rotateOutput(OutputID, transform: Int32)
        case motion(id: Int32, position: Point)
        case up(id: Int32)
        case cancel
        case deferEdges(surface: String, edges: EdgeSet)
        /// A committed request that defers multi-finger gesture kinds (and, if given, edges).
        case deferGestures(surface: String, edges: EdgeSet?, kinds: GestureKindSet)
        /// A committed request that sets the deferred region (protocol version 3): `region`, or
        /// `nil` (`region: null`) for the whole surface. Edges and kinds, if given, come with it.
        case deferRegion(surface: String, edges: EdgeSet?, kinds: GestureKindSet?, region: [Rect]?)
        /// The host's policy (R6): the edges and, if given, the multi-finger kinds the surface
        /// may defer; an omitted part is left as it was.
        case policy(surface: String, edges: EdgeSet?, kinds: GestureKindSet?)
        case dragStart(id: Int32)
        case dragEnd
        case lock(Bool)
        /// A committed `set_back_handling` (protocol version 4, R10).
        case backHandling(surface: String, on: Bool)
        case remove(surface: String)
        /// The host moved or resized the surface (output logical px).
        case move(surface: String, rect: Rect)
        case advance
    }

    /// One timeline entry.
    public struct Entry: Sendable {
        /// Time in ms from 0.
        public var t: Double
        /// What happens.
        public var action: Action
        /// 1-based line of the entry.
        public var line: Int?
    }

    /// The geometry of output 0.
    public var output: OutputGeometry
    /// Further outputs, in the layout coordinates surfaces are given in.
    public var outputs: [Output] = []
    /// The configuration (defaults plus the file's `config`).
    public var config: SystemGestureConfig
    /// Surfaces, bottom-most first.
    public var surfaces: [Surface]
    /// The timeline, in time order.
    public var timeline: [Entry]
    /// The expectations, if any.
    public var expect: Expectation?
    /// The file's name as given, for messages.
    public var file: String
}
