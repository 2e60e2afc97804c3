/// Recognizes one or more taps with a given number of fingers (docs/design.md E13). Discrete.
///
/// It fails when a finger travels more than `allowableMovement_mm` from where it came down, when
/// more fingers than `numberOfTouchesRequired` come down, when a tap had fewer fingers, or when
/// the next tap of a multi-tap does not come down within `maximumTapInterval_ms`.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (2 for a double tap).
    public var numberOfTapsRequired = 1
    /// Fingers per tap.
    public var numberOfTouchesRequired = 1
    /// Largest travel of a finger from its touch-down point, in millimetres.
    public var allowableMovement_mm = 4.0
    /// Longest wait between the lift of one tap and the touch-down of the next.
    public var maximumTapInterval_ms = Milliseconds(350)

    /// Taps completed in the current sequence.
    public private(set) var tapCount = 0
    private var fingersThisTap = 0
    private var waitingForNextTap = false

    private static let intervalTimer = 1

    /// Creates a tap recognizer.
    public init(name: String = "tap", taps: Int = 1, touches: Int = 1) {
        super.init(name: name)
        numberOfTapsRequired = taps
        numberOfTouchesRequired = touches
    }

    public override func touchBegan(_ touch: Touch) {
        if waitingForNextTap {
            waitingForNextTap = false
            cancelTimer(tag: Self.intervalTimer)
        }
        fingersThisTap = max(fingersThisTap, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { fail() }
    }

    public override func touchMoved(_ touch: Touch) {
        if touch.travel_mm > allowableMovement_mm { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        guard numberOfTouches == 0 else { return }
        guard fingersThisTap == numberOfTouchesRequired else { return fail() }
        fingersThisTap = 0
        tapCount += 1
        if tapCount >= numberOfTapsRequired {
            recognize()
        } else {
            waitingForNextTap = true
            startTimer(after: maximumTapInterval_ms, tag: Self.intervalTimer)
        }
    }

    public override func timerFired(tag: Int) {
        if tag == Self.intervalTimer && waitingForNextTap { fail() }
    }

    public override func didReset() {
        tapCount = 0
        fingersThisTap = 0
        waitingForNextTap = false
    }
}
