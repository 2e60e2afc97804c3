/// Recognizes two fingers turning around each other (docs/design.md E13). Continuous.
///
/// It begins when the line through the first two fingers turned by `minimumRotation_deg`.
/// `rotation_rad` is cumulative (turns past ±π keep counting), positive clockwise on screen,
/// and resettable by the action with `setRotation(_:)`. `velocity_rad_s` is filtered (E17).
public final class RotationGestureRecognizer: GestureRecognizer {
    /// Turn that begins the gesture, in degrees.
    public var minimumRotation_deg = 5.0

    private var lastAngle = 0.0
    private var rawRotation = 0.0
    private var offset = 0.0
    private var paired = false
    private var filter = VelocityFilter()

    /// Creates a rotation recognizer.
    public override init(name: String = "rotation") { super.init(name: name) }

    /// Rotation in radians since touch-down or the last `setRotation`.
    public var rotation_rad: Double { rawRotation - offset }

    /// Sets the rotation reported from now on.
    public func setRotation(_ value_rad: Double) { offset = rawRotation - value_rad }

    /// Filtered angular velocity in radians per second.
    public var velocity_rad_s: Double { filter.velocity(at: now).x }

    private var angle: Double {
        let a = activeTouches[0].location_mm, b = activeTouches[1].location_mm
        return PlanarAngle.atan2(b.y - a.y, b.x - a.x)
    }

    public override func touchBegan(_ touch: Touch) {
        if numberOfTouches > 2 { return ignore(touch) }
        if numberOfTouches == 2 {
            lastAngle = angle
            rawRotation = 0; offset = 0; paired = true
            filter.reset(x: 0, y: 0, time: touch.timestamp)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        guard numberOfTouches == 2 else { return }
        let a = angle
        rawRotation += PlanarAngle.normalized(a - lastAngle)
        lastAngle = a
        filter.sample(x: rawRotation, y: 0, time: touch.timestamp)
        switch internalState {
        case .possible:
            if abs(rawRotation) >= PlanarAngle.radians(degrees: minimumRotation_deg) { begin() }
        case .began, .changed:
            change()
        default:
            break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        if internalState.isActive {
            if numberOfTouches < 2 { end() }
        } else if internalState == .possible && (numberOfTouches == 0 || paired) {
            fail()
        }
    }

    public override func didReset() {
        lastAngle = 0; rawRotation = 0; offset = 0; paired = false
        filter = VelocityFilter()
    }
}
