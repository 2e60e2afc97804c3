/// One finger (or stylus) as the gesture engine sees it at one instant.
///
/// A value type: recognizers get a copy per event, so nothing is shared or retained on the hot
/// path.
public struct Touch: Hashable, Sendable {
    /// The source's touch identifier (a libinput slot); reused by later sequences.
    public var id: Int32
    /// Engine-wide unique number of this touch sequence. Unlike `id` it is never reused, so it
    /// is what recognizers and the responder use to tell sequences apart.
    public var serial: UInt64
    /// The phase of the event this value describes.
    public var phase: TouchPhase
    /// Position in output logical pixels.
    public var location: Point
    /// The same position in millimetres from the output's top-left corner.
    public var location_mm: Point
    /// Where the touch came down, in output logical pixels.
    public var startLocation: Point
    /// Where the touch came down, in millimetres.
    public var startLocation_mm: Point
    /// Time of the event on the injected clock.
    public var timestamp: Milliseconds
    /// The device kind.
    public var type: TouchType
    /// The node the touch was hit-tested to at touch-down (E3).
    public var node: NodeTree.NodeID
    /// When the touch came down; recognizers of finger sets compare these (docs/design.md §4.5 M1).
    public var startTimestamp: Milliseconds

    /// Creates a touch value.
    public init(id: Int32, serial: UInt64, phase: TouchPhase, location: Point, location_mm: Point,
                startLocation: Point, startLocation_mm: Point, timestamp: Milliseconds,
                type: TouchType, node: NodeTree.NodeID, startTimestamp: Milliseconds = .zero) {
        self.id = id; self.serial = serial; self.phase = phase
        self.location = location; self.location_mm = location_mm
        self.startLocation = startLocation; self.startLocation_mm = startLocation_mm
        self.timestamp = timestamp; self.type = type; self.node = node
        self.startTimestamp = startTimestamp
    }

    /// Straight-line distance from the touch-down point, in millimetres.
    @inlinable public var travel_mm: Double {
        let dx = location_mm.x - startLocation_mm.x, dy = location_mm.y - startLocation_mm.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
