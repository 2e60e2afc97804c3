/// What the router did with one touch event. Hosts turn anything but `accepted` into an error
/// code; the router has already logged why (docs/design.md §9 robustness).
public enum TouchInputResult: UInt8, Sendable {
    /// The event was routed.
    case accepted
    /// A coordinate was NaN or infinite: the event was dropped.
    case invalidPosition
    /// The down named an output the router does not know: dropped.
    case unknownOutput
    /// A down for an id that is already down: dropped.
    case alreadyDown
    /// A down while every touch slot is taken: dropped.
    case tooManyTouches
    /// Motion or up for an id that is not down (never was, or its output went away): dropped.
    case unknownTouch
    /// The down named a surface the tree does not hold: routed as over no surface.
    case unknownSurface
}

/// How a touch-down finds the surface under the finger.
public enum TouchTarget: Hashable, Sendable {
    /// Hit-test the router's surface tree at the touch's layout position.
    case hitTest
    /// The host hit-tested itself: this surface (`.none`: no surface).
    case surface(NodeTree.NodeID)
}
