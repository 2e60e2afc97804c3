/// Recognizes two fingers moving apart or together (docs/design.md E13). Continuous.
///
/// It begins when the distance between the first two fingers changed by `minimumSpanChange_mm`.
/// `scale` is the distance relative to the touch-down, cumulative, and resettable by the action
/// with `setScale(_:)`. `velocity_per_s` is the filtered change of scale per second (E17).
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Change of finger distance that begins the pinch, in millimetres.
    public var minimumSpanChange_mm = 2.0

    private var initialSpan_mm = 0.0
    private var rawScale = 1.0
    private var scaleBase = 1.0
    private var filter = VelocityFilter()

    /// Creates a pinch recognizer.
    public override init(name: String = "pinch") { super.init(name: name) }

    /// The current scale (1 at touch-down or after `setScale(1)`).
    public var scale: Double { rawScale / scaleBase }

    /// Sets the scale reported from now on.
    public func setScale(_ value: Double) {
        guard value > 0 else { return }
        scaleBase = rawScale / value
    }

    /// Filtered scale change per second; zero once the fingers rested for more than 100 ms.
    public var velocity_per_s: Double { filter.velocity(at: now).x / scaleBase }

    private var span_mm: Double {
        let a = activeTouches[0].location_mm, b = activeTouches[1].location_mm
        return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    public override func touchBegan(_ touch: Touch) {
        if numberOfTouches > 2 { return ignore(touch) }
        if numberOfTouches == 2 {
            initialSpan_mm = max(span_mm, 0.001)
            rawScale = 1; scaleBase = 1
            filter.reset(x: 1, y: 0, time: touch.timestamp)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        guard numberOfTouches == 2 else { return }
        let span = span_mm
        rawScale = span / initialSpan_mm
        filter.sample(x: rawScale, y: 0, time: touch.timestamp)
        switch internalState {
        case .possible:
            if abs(span - initialSpan_mm) >= minimumSpanChange_mm { begin() }
        case .began, .changed:
            change()
        default:
            break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        if internalState.isActive {
            if numberOfTouches < 2 { end() }
        } else if internalState == .possible && numberOfTouches == 0 {
            fail()
        } else if internalState == .possible && numberOfTouches < 2 && initialSpan_mm > 0 {
            fail()  // one of the pair lifted before the pinch began
        }
    }

    public override func didReset() {
        initialSpan_mm = 0; rawScale = 1; scaleBase = 1
        filter = VelocityFilter()
    }
}
