/// Recognizes fingers dragging (docs/design.md E13). Continuous.
///
/// It begins once the centroid of `minimumNumberOfTouches…maximumNumberOfTouches` fingers has
/// travelled `minimumTranslation_mm`, changes with every move and ends when the last finger lifts
/// (or fewer than the minimum remain).
///
/// `translation` is cumulative from the touch-down and can be reset by the action with
/// `setTranslation(_:)`. When fingers come down or lift, the centroid would jump; the jump is
/// absorbed so that neither translation nor velocity move (E17). Velocity is filtered per frame
/// (`VelocityFilter`).
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that can pan.
    public var minimumNumberOfTouches = 1
    /// Most fingers that can pan; more fail a possible pan, and a running pan ignores extras.
    public var maximumNumberOfTouches = Int.max
    /// Centroid travel that begins the pan, in millimetres.
    public var minimumTranslation_mm = 1.5

    /// What a subclass decides when the pan has moved but not begun.
    public enum StartDecision: Sendable {
        /// Keep watching.
        case wait
        /// Begin now.
        case begin
        /// This is not the subclass's gesture.
        case fail
    }

    /// Compensated centroid travel since touch-down, in px; never changed by `setTranslation`.
    private var travel = Point.zero
    /// Centroid minus `travel`; moved when fingers are added or removed (E17).
    private var anchor = Point.zero
    /// What `setTranslation` subtracted.
    private var userOffset = Point.zero
    private var filter = VelocityFilter()

    /// Creates a pan recognizer.
    public init(name: String = "pan", minimumTouches: Int = 1, maximumTouches: Int = .max) {
        super.init(name: name)
        minimumNumberOfTouches = minimumTouches
        maximumNumberOfTouches = maximumTouches
    }

    /// Translation of the fingers' centroid in output logical px, cumulative since the touch-down
    /// or the last `setTranslation`.
    public final var translation: Point {
        Point(x: travel.x - userOffset.x, y: travel.y - userOffset.y)
    }

    /// `translation` in millimetres.
    public final var translation_mm: Point {
        let t = translation
        return Point(x: t.x * output.mmPerPxX, y: t.y * output.mmPerPxY)
    }

    /// Sets the translation reported from now on (UIKit's `setTranslation`; actions reset it
    /// to zero to get per-event deltas).
    public final func setTranslation(_ value: Point) {
        userOffset = Point(x: travel.x - value.x, y: travel.y - value.y)
    }

    /// Filtered velocity of the centroid in px per second; zero once the fingers rested for more
    /// than 100 ms.
    public final var velocity_px_s: Point { filter.velocity(at: now) }

    /// `velocity_px_s` in millimetres per second.
    public final var velocity_mm_s: Point {
        let v = velocity_px_s
        return Point(x: v.x * output.mmPerPxX, y: v.y * output.mmPerPxY)
    }

    /// Decides whether a pan that moved `travel_mm` may begin. Subclasses narrow it (screen-edge
    /// pan); the default begins past `minimumTranslation_mm`.
    open func startDecision(travel_mm: Point) -> StartDecision {
        let d = (travel_mm.x * travel_mm.x + travel_mm.y * travel_mm.y).squareRoot()
        return d >= minimumTranslation_mm ? .begin : .wait
    }

    open override func touchBegan(_ touch: Touch) {
        if numberOfTouches > maximumNumberOfTouches {
            if internalState == .possible { return fail() }
            ignore(touch)
            return
        }
        if numberOfTouches == 1 {
            travel = .zero
            userOffset = .zero
            anchor = centroid
            filter.reset(x: 0, y: 0, time: touch.timestamp)
        } else {
            rebaseAnchor()
        }
    }

    open override func touchMoved(_ touch: Touch) {
        let c = centroid
        travel = Point(x: c.x - anchor.x, y: c.y - anchor.y)
        filter.sample(x: travel.x, y: travel.y, time: touch.timestamp)
        switch internalState {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches else { return }
            let mm = Point(x: travel.x * output.mmPerPxX, y: travel.y * output.mmPerPxY)
            switch startDecision(travel_mm: mm) {
            case .wait: break
            case .begin: begin()
            case .fail: fail()
            }
        case .began, .changed:
            change()
        default:
            break
        }
    }

    open override func touchEnded(_ touch: Touch) {
        if numberOfTouches == 0 {
            if internalState.isActive { end() } else if internalState == .possible { fail() }
            return
        }
        rebaseAnchor()
        if internalState.isActive && numberOfTouches < minimumNumberOfTouches { end() }
    }

    open override func touchCancelled(_ touch: Touch) {
        if internalState.isActive { cancel() } else if internalState == .possible { fail() }
    }

    /// E17: the finger set changed; keep `travel` where it was by moving the anchor.
    private func rebaseAnchor() {
        let c = centroid
        anchor = Point(x: c.x - travel.x, y: c.y - travel.y)
    }

    open override func didReset() {
        travel = .zero
        anchor = .zero
        userOffset = .zero
        filter = VelocityFilter()
    }
}
