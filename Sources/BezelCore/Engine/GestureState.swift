/// The states of a gesture recognizer (docs/design.md E1).
///
/// Discrete recognizers go `possible → ended` (recognized) or `possible → failed`. Continuous ones
/// go `possible → began → changed* → ended | cancelled`, or `possible → failed`. Every terminal
/// state returns to `possible` through a reset (E2).
public enum GestureState: UInt8, Sendable, CustomStringConvertible {
    /// Still watching touches; nothing decided yet.
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture moved on.
    case changed
    /// The gesture finished (continuous) or was recognized (discrete).
    case ended
    /// A continuous gesture that had begun was cancelled.
    case cancelled
    /// The recognizer decided this is not its gesture.
    case failed

    /// Discrete recognizers report `ended` when they recognize, as in UIKit.
    public static let recognized = GestureState.ended

    /// `true` for `ended`, `cancelled` and `failed`.
    @inlinable public var isTerminal: Bool {
        self == .ended || self == .cancelled || self == .failed
    }

    /// `true` for `began` and `changed`.
    @inlinable public var isActive: Bool { self == .began || self == .changed }

    /// Lower-case name for logs and test output.
    public var description: String {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }
}
