import BezelCore

/// One input sample of a touch (a down, a motion or an up) and who owned it.
public struct TouchSample: Sendable {
    /// What kind of input sample this is.
    public enum Kind: String, Sendable {
        case down, motion, up
    }

    /// When the sample arrived, in ms.
    public var t: Double
    /// Where, in output logical px (an up repeats the last position).
    public var position: Point
    /// Down, motion or up.
    public var kind: Kind
    /// Who owned the sample.
    public var owner: SampleOwner

    /// Creates a sample.
    public init(t: Double, position: Point, kind: Kind, owner: SampleOwner) {
        self.t = t; self.position = position; self.kind = kind; self.owner = owner
    }
}
