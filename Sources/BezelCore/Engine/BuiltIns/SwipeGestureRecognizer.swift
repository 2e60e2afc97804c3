/// Recognizes a quick straight stroke in one of `direction` (docs/design.md E13). Discrete.
///
/// It recognizes once the fingers' mean travel reaches `minimumDistance_mm` within
/// `maximumDuration_ms` of the first touch-down, with the motion inside `directionCone_deg` of an
/// allowed direction. Any other outcome fails it.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// Allowed directions.
    public var direction: SwipeDirection = .right
    /// Fingers that must take part.
    public var numberOfTouchesRequired = 1
    /// Travel that recognizes, in millimetres.
    public var minimumDistance_mm = 8.0
    /// Time allowed from the first touch-down.
    public var maximumDuration_ms = Milliseconds(500)
    /// Largest angle between the motion and the allowed direction, in degrees.
    public var directionCone_deg = 30.0

    private static let durationTimer = 1

    /// Creates a swipe recognizer.
    public init(name: String = "swipe", direction: SwipeDirection = .right, touches: Int = 1) {
        super.init(name: name)
        self.direction = direction
        numberOfTouchesRequired = touches
    }

    public override func touchBegan(_ touch: Touch) {
        if numberOfTouches > numberOfTouchesRequired { return fail() }
        if numberOfTouches == 1 { startTimer(after: maximumDuration_ms, tag: Self.durationTimer) }
    }

    public override func touchMoved(_ touch: Touch) {
        guard internalState == .possible, numberOfTouches == numberOfTouchesRequired else { return }
        var dx = 0.0, dy = 0.0
        for t in activeTouches {
            dx += t.location_mm.x - t.startLocation_mm.x
            dy += t.location_mm.y - t.startLocation_mm.y
        }
        dx /= Double(numberOfTouches); dy /= Double(numberOfTouches)
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= minimumDistance_mm else { return }
        let along: Double
        let dir: SwipeDirection
        if abs(dx) >= abs(dy) {
            dir = dx > 0 ? .right : .left; along = abs(dx)
        } else {
            dir = dy > 0 ? .down : .up; along = abs(dy)
        }
        let cosLimit = Self.cosine(degrees: directionCone_deg)
        if direction.contains(dir) && along >= distance * cosLimit { recognize() } else { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        if internalState == .possible { fail() }
    }

    public override func timerFired(tag: Int) {
        if tag == Self.durationTimer { fail() }
    }

    /// Cosine of an angle in degrees, without libm.
    static func cosine(degrees: Double) -> Double {
        let a = PlanarAngle.radians(degrees: degrees)
        // Taylor series; cones are below 90°, where 10 terms are exact to double precision.
        var term = 1.0, sum = 1.0
        for n in 1...10 {
            term *= -a * a / Double((2 * n - 1) * (2 * n))
            sum += term
        }
        return sum
    }
}
