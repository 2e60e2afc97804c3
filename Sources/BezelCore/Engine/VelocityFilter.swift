/// The low-pass velocity filter of docs/design.md E17: `v = α·v_prev + (1−α)·v_sample`, α = 0.75, with
/// one sample per input frame.
///
/// Several events at the same timestamp belong to one frame: a later one replaces the frame's
/// sample instead of adding another, so a two-finger frame counts once. Works on two
/// components; scalar users (pinch scale, rotation angle) use `x` only.
public struct VelocityFilter: Sendable {
    /// Weight of the previous velocity.
    public static let alpha = 0.75
    /// A velocity whose last sample is older than this at read time reads as zero: a finger that
    /// stopped is not flicking (docs/design.md §4.3).
    public static let staleAfter = Milliseconds(100)

    /// Filtered velocity, horizontal component, in units per second.
    public private(set) var x = 0.0
    /// Filtered velocity, vertical component, in units per second.
    public private(set) var y = 0.0

    private var frameTime = Milliseconds.zero
    private var frameX = 0.0, frameY = 0.0
    private var previousTime = Milliseconds.zero
    private var previousX = 0.0, previousY = 0.0
    private var previousVX = 0.0, previousVY = 0.0

    /// Creates a filter at rest.
    public init() {}

    /// Restarts at rest at position (`x`, `y`) and `time`.
    public mutating func reset(x px: Double, y py: Double, time: Milliseconds) {
        x = 0; y = 0
        frameTime = time; frameX = px; frameY = py
        previousTime = time; previousX = px; previousY = py
        previousVX = 0; previousVY = 0
    }

    /// Adds the position at `time`. Samples at the time of the current frame replace its sample.
    public mutating func sample(x px: Double, y py: Double, time: Milliseconds) {
        if time > frameTime {
            previousTime = frameTime; previousX = frameX; previousY = frameY
            previousVX = x; previousVY = y
            frameTime = time
        }
        frameX = px; frameY = py
        let dt_ms = (frameTime - previousTime).value
        guard dt_ms > 0 else { return }
        // Samples in units per second; written per millisecond first so that every user of the
        // filter rounds the same way.
        let sampleX = (px - previousX) / dt_ms * 1000, sampleY = (py - previousY) / dt_ms * 1000
        x = Self.alpha * previousVX + (1 - Self.alpha) * sampleX
        y = Self.alpha * previousVY + (1 - Self.alpha) * sampleY
    }

    /// Moves every stored position by (`dx`, `dy`) without touching the velocity; used when the
    /// set of fingers changes (E17) so the centroid jump is not read as motion.
    public mutating func shift(dx: Double, dy: Double) {
        frameX += dx; frameY += dy; previousX += dx; previousY += dy
    }

    /// The time of the latest sample.
    public var lastSampleTime: Milliseconds { frameTime }

    /// The velocity as seen at `time`: zero when the last sample is stale.
    public func velocity(at time: Milliseconds) -> Point {
        time - frameTime > Self.staleAfter ? .zero : Point(x: x, y: y)
    }
}
