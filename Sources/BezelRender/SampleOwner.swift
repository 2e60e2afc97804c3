/// Who owned one input sample of a touch: what the routing decision was for it.
public enum SampleOwner: String, Sendable, CaseIterable {
    /// The client under the finger got the sample when it arrived.
    case client
    /// The sample was held (R2): the client got it later, at a flush, or never.
    case held
    /// A system gesture owned the touch (R5).
    case system
    /// A client's drag-and-drop session owned the touch (R7).
    case drag
    /// Nobody: the client's touches were cancelled, or no surface was under the finger.
    case dropped

    /// A short human description, used in the legend.
    public var legend: String {
        switch self {
        case .client: return "client got it at once"
        case .held: return "held (flushed later or dropped)"
        case .system: return "system gesture"
        case .drag: return "drag session"
        case .dropped: return "nobody (after cancel)"
        }
    }
}
