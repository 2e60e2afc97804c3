/// Where a touch is in its life, as recognizers and the responder see it.
public enum TouchPhase: UInt8, Sendable, CustomStringConvertible {
    /// The finger came down.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move in the latest event (another finger did).
    case stationary
    /// The finger lifted.
    case ended
    /// The touch was taken away (device cancel, or a recognizer cancelled it for the responder).
    case cancelled

    /// Lower-case name for logs and test output.
    public var description: String {
        switch self {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
