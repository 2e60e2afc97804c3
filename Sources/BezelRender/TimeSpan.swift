/// An interval on the timeline, in ms.
public struct TimeSpan: Sendable {
    /// Start, in ms.
    public var t0: Double
    /// End, in ms.
    public var t1: Double
    /// A short text (a gesture's outcome, a touch's name).
    public var label: String
    /// `true` if the span had not ended when the run ended.
    public var open: Bool

    /// Creates a span.
    public init(t0: Double, t1: Double, label: String = "", open: Bool = false) {
        self.t0 = t0; self.t1 = t1; self.label = label; self.open = open
    }
}
