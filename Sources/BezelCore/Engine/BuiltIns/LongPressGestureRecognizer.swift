/// Recognizes fingers held still for a while (docs/design.md E13). Continuous: it begins when the press
/// has lasted `minimumPressDuration_ms`, changes as the fingers move and ends when they lift.
///
/// `numberOfTapsRequired` quick taps may have to come first (a "tap and a half" with 1).
/// Before it begins, travel beyond `allowableMovement_mm` fails it.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must stay down.
    public var minimumPressDuration_ms = Milliseconds(500)
    /// Largest travel of a finger before the press begins, in millimetres.
    public var allowableMovement_mm = 1.5
    /// Fingers that must be down.
    public var numberOfTouchesRequired = 1
    /// Taps that must come before the press.
    public var numberOfTapsRequired = 0
    /// Longest wait between the lift of one of those taps and the next touch-down.
    public var maximumTapInterval_ms = Milliseconds(350)

    private var tapsDone = 0
    private var waitingForNextTap = false
    private var pressing = false

    private static let pressTimer = 1
    private static let intervalTimer = 2

    /// Creates a long-press recognizer.
    public init(name: String = "long-press", minimumPressDuration_ms: Milliseconds = Milliseconds(500)) {
        super.init(name: name)
        self.minimumPressDuration_ms = minimumPressDuration_ms
    }

    public override func touchBegan(_ touch: Touch) {
        if internalState.isActive {
            ignore(touch)  // extra fingers do not join a running press
            return
        }
        if waitingForNextTap {
            waitingForNextTap = false
            cancelTimer(tag: Self.intervalTimer)
        }
        if numberOfTouches > numberOfTouchesRequired { return fail() }
        if numberOfTouches == 1 && !pressing {
            // In the tap phase the same timer fails a "tap" held as long as a press.
            pressing = tapsDone == numberOfTapsRequired
            startTimer(after: minimumPressDuration_ms, tag: Self.pressTimer)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        if internalState == .possible {
            if touch.travel_mm > allowableMovement_mm { fail() }
        } else if internalState.isActive {
            change()
        }
    }

    public override func touchEnded(_ touch: Touch) {
        if internalState.isActive {
            if numberOfTouches == 0 { end() }
            return
        }
        guard internalState == .possible else { return }
        if pressing {
            fail()  // lifted before the press lasted long enough
        } else if numberOfTouches == 0 {
            cancelTimer(tag: Self.pressTimer)
            tapsDone += 1
            waitingForNextTap = true
            startTimer(after: maximumTapInterval_ms, tag: Self.intervalTimer)
        }
    }

    public override func timerFired(tag: Int) {
        guard internalState == .possible else { return }
        switch tag {
        case Self.pressTimer:
            if pressing && numberOfTouches == numberOfTouchesRequired { begin() } else { fail() }
        case Self.intervalTimer:
            if waitingForNextTap { fail() }
        default:
            break
        }
    }

    public override func didReset() {
        tapsDone = 0
        waitingForNextTap = false
        pressing = false
    }
}
