/// Something that happened to a touch at one instant: drawn as a marker on its path and as a
/// tick on its timeline lane.
public struct TrackMarker: Sendable {
    /// The kind of marker.
    public enum Kind: String, Sendable, CaseIterable {
        /// The finger touched down.
        case down
        /// The finger lifted.
        case up
        /// Held events were released to the client (R2).
        case flush
        /// The client got `wl_touch.cancel`, or the device cancelled the touch (R2, R8).
        case cancel
        /// A system gesture began on the touch.
        case begin
        /// The system gesture on the touch ended (committed or not) or was cancelled.
        case end
        /// An edge candidate of the touch failed; `label` names the gesture and the reason.
        case fail
        /// A deferred swipe: the shadow recognizer would have begun (R3).
        case deferredSwipe = "deferred-swipe"
        /// The client started a drag-and-drop session with the touch (R7).
        case drag
    }

    /// The kind of marker.
    public var kind: Kind
    /// When it happened, in ms.
    public var t: Double
    /// A short text: for `fail`, `"gesture: reason"`; for `end`, the outcome.
    public var label: String
    /// For `fail`: the reason's name (`tap`, `lateral`, …).
    public var reason: String?

    /// Creates a marker.
    public init(kind: Kind, t: Double, label: String = "", reason: String? = nil) {
        self.kind = kind; self.t = t; self.label = label; self.reason = reason
    }
}
