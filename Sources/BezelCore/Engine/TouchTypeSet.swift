/// A set of touch types, used for a recognizer's allowed touch types (docs/design.md E3).
public struct TouchTypeSet: OptionSet, Hashable, Sendable {
    /// One bit per `TouchType`.
    public var rawValue: UInt8
    /// Creates a set from its raw bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Only direct touches.
    public static let direct = TouchTypeSet(rawValue: 1 << 0)
    /// Only indirect touches.
    public static let indirect = TouchTypeSet(rawValue: 1 << 1)
    /// Only stylus touches.
    public static let stylus = TouchTypeSet(rawValue: 1 << 2)
    /// Every touch type (the default of every recognizer).
    public static let all: TouchTypeSet = [.direct, .indirect, .stylus]

    /// The set holding just `type`.
    @inlinable public init(_ type: TouchType) { self.rawValue = 1 << type.rawValue }

    /// `true` if `type` is in the set.
    @inlinable public func allows(_ type: TouchType) -> Bool { rawValue & (1 << type.rawValue) != 0 }
}
