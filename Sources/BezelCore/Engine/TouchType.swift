/// The kind of device that produced a touch (docs/design.md E3: recognizers can filter on it).
public enum TouchType: UInt8, Sendable, CustomStringConvertible {
    /// A finger on the screen itself.
    case direct
    /// A touch from an indirect device such as a touchpad driving the output.
    case indirect
    /// A pen or stylus.
    case stylus

    /// Lower-case name for logs.
    public var description: String {
        switch self {
        case .direct: return "direct"
        case .indirect: return "indirect"
        case .stylus: return "stylus"
        }
    }
}
