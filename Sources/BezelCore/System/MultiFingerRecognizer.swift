/// A multi-finger system gesture (docs/design.md §4.5) as a recognizer of the §3 engine, attached to the
/// root node so that it sees every touch (E3).
///
/// It waits, silently, until the `fingers`-th finger lands while exactly that many are down on
/// its output and all of their downs lie within `mf_window_ms` (M1, read per screen). Those
/// fingers are its set and it becomes a candidate. From then on:
///
///     candidate ──swipe: centroid travel ≥ mf_begin_mm inside the cone──────────► began
///               ──pinch: |mean spread change| ≥ mf_pinch_begin the bound way──► began
///               ──hold: stayed within slop_mm for mf_hold_ms───────────────────► began
///               ──another finger lands on its screen──► failed (multi_touch)
///               ──a finger lifts────────► failed (lifted)
///               ──wrong way / moved (hold)──► failed (lateral)
///     began ──changed*──► ended at the first lift (committed by the 4.1 rule) | cancelled (R8)
///
/// The engine settles the rest: exclusion among candidates sharing touches (E5) and ties on the
/// same event (E7). It never holds touches (M2): `delaysTouchesBegan` and
/// `delaysTouchesEnded` are off. Reports go to a `MultiFingerReports` sink, from actions (E12)
/// and from `didFail`, so the router can turn them into decisions.
public final class MultiFingerRecognizer: GestureRecognizer {
    /// What it recognizes.
    public let binding: MultiFingerBinding
    /// Its position in `SystemGestureConfig.multiFinger`.
    public let index: Int
    /// The thresholds it was created with.
    public let thresholds: MultiFingerThresholds
    unowned let reports: MultiFingerReports
    unowned let screens: TouchScreens

    /// `true` once its set formed (M1), until it is reset.
    public private(set) var isCandidate = false
    /// `false` while `MultiFingerGestures` hands the engine downs it kept back: those fingers
    /// landed when no set could form, so their downs only count fingers now.
    var formsSets = true
    /// Travel along the gesture: the swipe's centroid travel along its direction, or the
    /// pinch's change of mean spread towards its direction, in millimetres.
    public private(set) var travel_mm = 0.0
    /// `travel_mm / mf_full_distance_mm` for a swipe, `|scale − 1| / 0.5` for a pinch, 0 and up.
    public private(set) var progress = 0.0
    /// A pinch's mean spread over its value when the set formed; 1 for the other kinds.
    public private(set) var scale = 1.0
    /// The output its set is on, fixed when the set formed; decisions about it name this output.
    public private(set) var screen: OutputID = 0
    /// Whether the gesture counted as committed when it ended.
    public private(set) var committed = false

    private var failureReason: FailureReason?
    private var origin_mm = Point.zero
    private var spread0_mm = 0.0
    private var filter = VelocityFilter()
    private let cosCone: Double
    private static let holdTimer = 1

    /// Creates the recognizer of `binding`, entry `index` of the configuration's `multi_finger`.
    init(binding: MultiFingerBinding, index: Int, name: String, thresholds: MultiFingerThresholds,
         reports: MultiFingerReports, screens: TouchScreens) {
        self.binding = binding
        self.index = index
        self.thresholds = thresholds
        self.reports = reports
        self.screens = screens
        self.cosCone = SwipeGestureRecognizer.cosine(degrees: thresholds.cone_deg)
        super.init(name: name)
        // M2: nothing is held back from the clients on this recognizer's account.
        delaysTouchesBegan = false
        delaysTouchesEnded = false
    }

    /// Filtered velocity along the gesture, mm/s; zero once the fingers rested for 100 ms.
    public var velocity_mm_s: Double { filter.velocity(at: now).x }

    /// Fails a candidate with `reason` (logged and reported by `didFail`).
    func fail(_ reason: FailureReason) {
        guard internalState == .possible, requested == nil, withheld == nil else { return }
        failureReason = reason
        fail()
    }

    // MARK: Touches

    public override func touchBegan(_ touch: Touch) {
        // While every finger is on one screen (the common case) no lookup is needed.
        let spans = screens.spansScreens
        if isCandidate {
            if spans && screens.output(of: touch.id) != screen {
                ignore(touch)            // another screen's finger is another hand
            } else if internalState == .possible {
                fail(.multiTouch)        // M1: the set changed while deciding
            } else {
                ignore(touch)            // a running gesture keeps its set; the new finger is the client's
            }
            return
        }
        guard internalState == .possible, formsSets else { return }
        // M1, read per screen: the fingers down on the screen this one landed on must be exactly
        // N, all landed within the window of the first of them (touches are in down order).
        let landedOn = spans ? screens.output(of: touch.id) : nil
        var onScreen = numberOfTouches
        var firstDown = activeTouches[0].startTimestamp
        if spans {
            onScreen = 0
            for t in activeTouches where screens.output(of: t.id) == landedOn {
                if onScreen == 0 { firstDown = t.startTimestamp }
                onScreen += 1
            }
        }
        guard onScreen == binding.fingers,
              touch.startTimestamp - firstDown <= Milliseconds(thresholds.window_ms) else { return }
        // The set is those fingers: the other screens' fingers are not followed (E11) while
        // this set lives, so that they never move its centroid.
        if spans {
            while let other = activeTouches.first(where: { screens.output(of: $0.id) != landedOn }) { ignore(other) }
        }
        isCandidate = true
        screen = screens.output(of: touch.id) ?? 0
        origin_mm = centroid_mm
        spread0_mm = max(spread_mm(around: origin_mm), 0.001)
        filter.reset(x: 0, y: 0, time: touch.timestamp)
        reports.candidate(self)
        if binding.kind == .hold { startTimer(after: Milliseconds(thresholds.hold_ms), tag: Self.holdTimer) }
    }

    public override func touchMoved(_ touch: Touch) {
        guard isCandidate else { return }
        let c = centroid_mm
        let dx = c.x - origin_mm.x, dy = c.y - origin_mm.y
        switch binding.kind {
        case .swipe:
            let u = binding.direction.unit
            let along = dx * u.x + dy * u.y
            filter.sample(x: along, y: 0, time: touch.timestamp)
            if internalState == .possible {
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance >= thresholds.begin_mm else { return }
                if along >= distance * cosCone { begin() } else { fail(.lateral) }
            } else if internalState.isActive {
                travel_mm = along
                progress = max(along, 0) / thresholds.fullDistance_mm
                change()
            }
        case .pinch:
            let spread = spread_mm(around: c)
            let toward = binding.direction == .pinchIn ? spread0_mm - spread : spread - spread0_mm
            filter.sample(x: toward, y: 0, time: touch.timestamp)
            let s = spread / spread0_mm
            if internalState == .possible {
                guard abs(s - 1) >= thresholds.pinchBegin else { return }
                if toward > 0 { begin() } else { fail(.lateral) }
            } else if internalState.isActive {
                scale = s
                travel_mm = toward
                progress = abs(s - 1) / 0.5
                change()
            }
        case .hold:
            guard internalState == .possible else { return }
            let moved = (dx * dx + dy * dy).squareRoot()
            if moved > thresholds.slop_mm || abs(spread_mm(around: c) - spread0_mm) > thresholds.slop_mm {
                fail(.lateral)
            }
        }
    }

    public override func touchEnded(_ touch: Touch) {
        // Not a candidate: forget the touch (E11), so the sequence's bookkeeping stays as small
        // as the fingers down even if the screen never empties.
        guard isCandidate else { return ignore(touch) }
        if internalState == .possible {
            fail(.lifted)                // M1: a finger lifted before it began
        } else if internalState.isActive {
            committed = isCommitted(at: touch.timestamp)
            end()
        }
    }

    public override func touchCancelled(_ touch: Touch) {
        guard isCandidate else { return ignore(touch) }
        if internalState == .possible { fail(.cancelled) } else if internalState.isActive { cancel() }
    }

    public override func timerFired(tag: Int) {
        if tag == Self.holdTimer, isCandidate, internalState == .possible { begin() }
    }

    public override func didFail() {
        if isCandidate { reports.failed(self, reason: failureReason ?? .excluded) }
        failureReason = nil
    }

    public override func didReset() {
        isCandidate = false
        failureReason = nil
        travel_mm = 0; progress = 0; scale = 1; committed = false
        filter = VelocityFilter()
    }

    // MARK: Helpers

    /// The 4.1 commit rule: far enough, or flicked the right way; a flick backwards never commits.
    private func isCommitted(at time: Milliseconds) -> Bool {
        if binding.kind == .hold { return true }
        return CommitRule(commitProgress: thresholds.commitProgress, flickVelocity_mm_s: thresholds.flickVelocity_mm_s)
            .isCommitted(progress: progress, velocity_mm_s: filter.velocity(at: time).x)
    }

    /// Mean distance of the tracked fingers to `center`, in millimetres.
    private func spread_mm(around center: Point) -> Double {
        guard !activeTouches.isEmpty else { return 0 }
        var sum = 0.0
        for t in activeTouches {
            let dx = t.location_mm.x - center.x, dy = t.location_mm.y - center.y
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(activeTouches.count)
    }
}
