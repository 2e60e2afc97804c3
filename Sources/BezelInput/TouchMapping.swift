import BezelCore

/// Maps normalized touchscreen coordinates onto an output in logical pixels as the user sees
/// it: calibration first (in device space, as libinput does), then the output transform, then
/// the output's logical size. Shared by the trace readers and the live libinput source so that
/// both give identical positions for identical events.
public struct TouchMapping: Hashable, Sendable {
    /// The output the touchscreen covers (logical size as the user sees it, and its mm size).
    public var output: OutputGeometry
    /// The output's transform.
    public var transform: OutputTransform
    /// The calibration matrix, applied to normalized device coordinates.
    public var calibration: CalibrationMatrix

    /// Creates a mapping.
    public init(output: OutputGeometry, transform: OutputTransform = .normal,
                calibration: CalibrationMatrix = .identity) {
        self.output = output; self.transform = transform; self.calibration = calibration
    }

    /// The result of mapping one point.
    public struct Mapped: Equatable, Sendable {
        /// Creates a result.
        @inlinable public init(position: Point, clamped: Bool) { self.position = position; self.clamped = clamped }
        /// The position in logical pixels, inside the output.
        public var position: Point
        /// `true` if the raw result lay outside the output and was moved onto its border.
        public var clamped: Bool
    }

    /// Maps normalized device coordinates (`0 ..< 1` for in-range values; see
    /// `AbsAxisInfo.normalized`) to output logical pixels. Points outside the output are clamped
    /// onto it (a finger past the panel edge is at the edge). Returns `nil` when the result is
    /// NaN or infinite (NaN input, a broken calibration matrix).
    @inlinable public func map(u: Double, v: Double) -> Mapped? {
        let calibrated = calibration.isIdentity ? (u: u, v: v) : calibration.apply(u: u, v: v)
        let fraction = transform.apply(u: calibrated.u, v: calibrated.v)
        let x = fraction.x * output.widthPx
        let y = fraction.y * output.heightPx
        guard x.isFinite, y.isFinite else { return nil }
        // Keep clamped points inside the half-open output rectangle.
        let maxX = output.widthPx.nextDown, maxY = output.heightPx.nextDown
        let cx = min(max(x, 0), maxX), cy = min(max(y, 0), maxY)
        // Exactly on the far border is a legal result of a flipped axis, not an overshoot.
        let outside = x < 0 || y < 0 || x > output.widthPx || y > output.heightPx
        return Mapped(position: Point(x: cx, y: cy), clamped: outside)
    }
}
