/// The directions a swipe may take, as a set (screen directions as the user sees them).
public struct SwipeDirection: OptionSet, Hashable, Sendable {
    /// One bit per direction.
    public var rawValue: UInt8
    /// Creates a set from its raw bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Towards growing x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Towards shrinking x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Towards shrinking y.
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Towards growing y.
    public static let down = SwipeDirection(rawValue: 1 << 3)
}
