/// The kinds of multi-finger system gesture (docs/design.md §4.5). The raw values are the bits of the
/// protocol's `gesture_kind` enum (version 2) and of `enum bezel_gesture_kind`.
public enum MultiFingerKind: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    /// The set's centroid travels in one direction.
    case swipe = 1
    /// The fingers move towards or away from their centroid.
    case pinch = 2
    /// The set stays still.
    case hold = 4

    /// The kind's name in configuration and scenario files.
    public var name: String {
        switch self {
        case .swipe: return "swipe"
        case .pinch: return "pinch"
        case .hold: return "hold"
        }
    }

    /// The kind called `name`, if any.
    public init?(name: String) {
        guard let k = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = k
    }

    public var description: String { name }
}

/// A set of multi-finger gesture kinds: the protocol's `gesture_kind` bitfield.
public struct GestureKindSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let swipe = GestureKindSet(rawValue: MultiFingerKind.swipe.rawValue)
    public static let pinch = GestureKindSet(rawValue: MultiFingerKind.pinch.rawValue)
    public static let hold = GestureKindSet(rawValue: MultiFingerKind.hold.rawValue)
    /// Every kind.
    public static let all: GestureKindSet = [.swipe, .pinch, .hold]

    /// The set holding only `kind`.
    public init(_ kind: MultiFingerKind) { self.init(rawValue: kind.rawValue) }

    /// Whether bits outside `all` are set (a protocol error for clients).
    @inlinable public var hasUnknownBits: Bool { rawValue & ~GestureKindSet.all.rawValue != 0 }

    /// The kinds in the set, in the order swipe, pinch, hold.
    public var kinds: [MultiFingerKind] { MultiFingerKind.allCases.filter { contains(GestureKindSet($0)) } }
}

/// The direction a multi-finger gesture is bound for: a swipe's `up`, `down`, `left`, `right`,
/// a pinch's `in` (fingers together) or `out`, and `none` for a hold.
public enum MultiFingerDirection: UInt8, Sendable, CaseIterable {
    case up, down, left, right, pinchIn, pinchOut, none

    /// The direction's name in configuration files.
    public var name: String {
        switch self {
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .pinchIn: return "in"
        case .pinchOut: return "out"
        case .none: return "none"
        }
    }

    /// The unit vector of a swipe direction in screen coordinates (y grows downwards).
    var unit: (x: Double, y: Double) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .pinchIn, .pinchOut, .none: return (0, 0)
        }
    }
}

/// One entry of `multi_finger`: a gesture made with `fingers` fingers anywhere on the screen.
public struct MultiFingerBinding: Hashable, Sendable {
    /// Index into `SystemGestureConfig.gestures` (its flags: `modal`, `when_locked`).
    public var gesture: Int
    /// Swipe, pinch or hold.
    public var kind: MultiFingerKind
    /// Number of fingers, 3…5.
    public var fingers: Int
    /// The bound direction (`none` for a hold).
    public var direction: MultiFingerDirection

    /// Creates a binding.
    public init(gesture: Int, kind: MultiFingerKind, fingers: Int, direction: MultiFingerDirection) {
        self.gesture = gesture; self.kind = kind; self.fingers = fingers; self.direction = direction
    }
}

/// The thresholds of §4.5 (`mf_*` keys), plus the §4.1 keys multi-finger gestures share with the
/// edges (`slop_mm`, `commit_progress`, `flick_velocity_mm_s`, taken from the top level).
public struct MultiFingerThresholds: Hashable, Sendable {
    /// The fingers of a set must all land within this time of the set's first down (M1).
    public var window_ms = 150.0
    /// Centroid travel at which a swipe begins.
    public var begin_mm = 8.0
    /// A swipe's centroid motion must lie within this angle of its direction (`lateral`).
    public var cone_deg = 30.0
    /// Swipe travel that counts as progress 1.0.
    public var fullDistance_mm = 40.0
    /// Relative change of the fingers' mean distance to their centroid that begins a pinch.
    public var pinchBegin = 0.15
    /// A hold begins when the set stayed within `slop_mm` this long.
    public var hold_ms = 500.0
    /// Travel that a hold may not exceed (the top-level `slop_mm`).
    public var slop_mm = 2.0
    /// At lift, committed if progress ≥ this (the top-level `commit_progress`)…
    public var commitProgress = 0.5
    /// …or if the velocity along the gesture ≥ this; backwards ≥ this never commits.
    public var flickVelocity_mm_s = 150.0

    /// The defaults of docs/design.md §4.5.
    public init() {}

    /// The `mf_*` keys and their accepted ranges.
    public static let ranges: [(key: String, range: ClosedRange<Double>)] = [
        ("mf_window_ms", 0...2_000),
        ("mf_begin_mm", 0.5...200),
        ("mf_cone_deg", 0...90),
        ("mf_full_distance_mm", 1...500),
        ("mf_pinch_begin", 0.01...0.95),
        ("mf_hold_ms", 0...10_000),
    ]

    /// Sets the value of an `mf_*` key; returns `false` for an unknown key.
    mutating func set(_ key: String, _ v: Double) -> Bool {
        switch key {
        case "mf_window_ms": window_ms = v
        case "mf_begin_mm": begin_mm = v
        case "mf_cone_deg": cone_deg = v
        case "mf_full_distance_mm": fullDistance_mm = v
        case "mf_pinch_begin": pinchBegin = v
        case "mf_hold_ms": hold_ms = v
        default: return false
        }
        return true
    }
}
