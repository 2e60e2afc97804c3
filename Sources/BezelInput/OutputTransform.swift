import BezelCore

/// The output's `wl_output.transform`: how the panel's native axes relate to the screen as the
/// user sees it.
///
/// A touchscreen reports positions in the panel's native orientation. With normalized device
/// coordinates `(u, v)` in `0 ..< 1`, the point the user sees is, as a fraction of the logical
/// output size (weston's `weston_output_transform_coordinate`):
///
/// | transform | logical (x, y) |
/// | --- | --- |
/// | `normal` | (u, v) |
/// | `rotated90` | (v, 1 − u) |
/// | `rotated180` | (1 − u, 1 − v) |
/// | `rotated270` | (1 − v, u) |
/// | `flipped` | (1 − u, v) |
/// | `flipped90` | (1 − v, 1 − u) |
/// | `flipped180` | (u, 1 − v) |
/// | `flipped270` | (v, u) |
public enum OutputTransform: Int32, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `WL_OUTPUT_TRANSFORM_NORMAL`.
    case normal = 0
    /// `WL_OUTPUT_TRANSFORM_90`.
    case rotated90 = 1
    /// `WL_OUTPUT_TRANSFORM_180`.
    case rotated180 = 2
    /// `WL_OUTPUT_TRANSFORM_270`.
    case rotated270 = 3
    /// `WL_OUTPUT_TRANSFORM_FLIPPED`.
    case flipped = 4
    /// `WL_OUTPUT_TRANSFORM_FLIPPED_90`.
    case flipped90 = 5
    /// `WL_OUTPUT_TRANSFORM_FLIPPED_180`.
    case flipped180 = 6
    /// `WL_OUTPUT_TRANSFORM_FLIPPED_270`.
    case flipped270 = 7

    /// Parses the transform names (`normal`, `90`, `180`, `270`, `flipped`, `flipped-90`,
    /// `flipped-180`, `flipped-270`), and weston 10's `rotate-90` and `flipped-rotate-90` forms.
    public init?(name: String) {
        guard let value = OutputTransformName.value(name) else { return nil }
        self.init(rawValue: value)
    }

    /// The short spelling (weston's `--help` and the scenario format).
    public var description: String {
        switch self {
        case .normal: return "normal"
        case .rotated90: return "90"
        case .rotated180: return "180"
        case .rotated270: return "270"
        case .flipped: return "flipped"
        case .flipped90: return "flipped-90"
        case .flipped180: return "flipped-180"
        case .flipped270: return "flipped-270"
        }
    }

    /// `true` for the transforms that swap width and height.
    public var swapsAxes: Bool {
        switch self {
        case .rotated90, .rotated270, .flipped90, .flipped270: return true
        default: return false
        }
    }

    /// Applies the table above to normalized panel coordinates.
    @inlinable public func apply(u: Double, v: Double) -> (x: Double, y: Double) {
        switch self {
        case .normal: return (u, v)
        case .rotated90: return (v, 1 - u)
        case .rotated180: return (1 - u, 1 - v)
        case .rotated270: return (1 - v, u)
        case .flipped: return (1 - u, v)
        case .flipped90: return (1 - v, 1 - u)
        case .flipped180: return (u, 1 - v)
        case .flipped270: return (v, u)
        }
    }
}
