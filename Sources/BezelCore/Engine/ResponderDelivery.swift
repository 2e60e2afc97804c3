/// One event handed to the responder, the client's touch stream (docs/design.md E4, E14–E16).
///
/// The engine records these in delivery order so that hosts can forward them and tests can
/// assert exact sequences.
public struct ResponderDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The source's touch identifier.
    public var touchID: Int32
    /// The engine's sequence number for the touch.
    public var serial: UInt64
    /// `began`, `moved`, `ended` or `cancelled`.
    public var phase: TouchPhase
    /// The node the touch was hit-tested to; its client is the receiver.
    public var node: NodeTree.NodeID
    /// Position in output logical pixels (the last known one for `ended` and `cancelled`).
    public var location: Point
    /// The time of the original touch event.
    public var eventTime: Milliseconds
    /// When the responder actually got it; later than `eventTime` when it was held back.
    public var deliveredAt: Milliseconds

    /// Creates a delivery record.
    public init(touchID: Int32, serial: UInt64, phase: TouchPhase, node: NodeTree.NodeID,
                location: Point, eventTime: Milliseconds, deliveredAt: Milliseconds) {
        self.touchID = touchID; self.serial = serial; self.phase = phase; self.node = node
        self.location = location; self.eventTime = eventTime; self.deliveredAt = deliveredAt
    }

    /// Compact form such as `0.began@16`, handy in test failure messages.
    public var description: String { "\(touchID).\(phase)@\(deliveredAt.value)" }
}
