/// The recognizer behind one edge candidate: a touch that came down in an edge's zone
/// (docs/design.md §4.1, §4.3).
///
/// It is a continuous recognizer in the sense of E1 and moves only along these transitions:
///
///     possible ──begin()──► began ──change()──► changed ──┬─ end(committed) ──► ended
///        │                    │                   ▲  │     └─ cancel() ─────────► cancelled
///        │                    └───────────────────┘  └─change()─┘
///        └──fail(reason)──► failed
///
/// A `shadow` recognizer (R3, a deferred edge) runs the same judgement but never owns the
/// touch: when it would begin, the router shows the affordance instead.
///
/// The struct holds plain values only, so a touch slot can own two of them (a corner) without a
/// heap allocation.
public struct EdgeSwipeRecognizer: Sendable {
    /// Recognizer states (E1).
    public enum State: UInt8, Sendable {
        case possible, began, changed, ended, failed, cancelled

        /// `true` for began and changed.
        public var isRunning: Bool { self == .began || self == .changed }
        /// `true` for ended, failed and cancelled.
        public var isTerminal: Bool { self == .ended || self == .failed || self == .cancelled }
    }

    /// Whether the recognizer may take the touch or only watches it.
    public enum Role: UInt8, Sendable {
        /// A live candidate: beginning takes the touch from the client.
        case live
        /// A deferred edge's shadow: beginning only reports a deferred swipe.
        case shadow
    }

    /// What one motion sample did to the recognizer.
    public enum Verdict: Equatable, Sendable {
        /// Nothing visible: still possible, or already terminal.
        case none
        /// The candidate failed for this reason.
        case failed(FailureReason)
        /// The gesture began on this sample.
        case began
        /// The running gesture moved.
        case changed
    }

    /// Current state.
    public private(set) var state: State = .possible
    /// Illegal transitions asked of this recognizer and ignored (E1). Saturates at 255.
    public private(set) var illegalTransitionCount: UInt8 = 0
    /// E1: stop at an assertion on an illegal transition in debug builds. Release builds never
    /// stop: they leave the state as it was and the caller logs the refusal. Tests that ask for
    /// illegal transitions on purpose turn it off to see what a release build does.
    public var assertsOnIllegalTransition = true
    /// Why it failed, once it has.
    public private(set) var failureReason: FailureReason?
    /// The edge this candidate swipes in from.
    public let edge: Edge
    /// Index of the bound gesture in the configuration.
    public let gesture: Int
    /// Live or shadow.
    public let role: Role
    /// The thresholds of `edge`.
    public let thresholds: EdgeThresholds

    /// Where the touch came down, in mm from the output's top-left corner.
    public let downPosition_mm: Point
    /// The latest sample, in mm.
    public private(set) var lastPosition_mm: Point
    /// The inward velocity, through the engine's own filter (E17): one filter serves the edge
    /// candidates and the engine's recognizers, so a flick means the same on both paths. It is
    /// fed the inward coordinate of each sample (`inward(dx: x, dy: y)` of the position).
    private var filter = VelocityFilter()
    /// Time of the latest motion sample (the down counts as the first).
    public var lastMotionTime: Milliseconds { filter.lastSampleTime }
    /// Low-pass filtered inward velocity (E17, α = 0.75), signed: positive is inward.
    public var velocity_mm_s: Double { filter.x }
    /// The candidate fails `still` if it has not passed the slop by then.
    public let stillDeadline: Milliseconds
    /// cos(direction_cone_deg), computed once: past the slop, motion whose cosine with the
    /// inward normal is below this leaves the cone.
    let coneCosine: Double

    /// Starts a candidate at touch-down.
    public init(edge: Edge, gesture: Int, role: Role, thresholds: EdgeThresholds,
                downPosition_mm: Point, time: Milliseconds) {
        self.edge = edge
        self.gesture = gesture
        self.role = role
        self.thresholds = thresholds
        self.downPosition_mm = downPosition_mm
        self.lastPosition_mm = downPosition_mm
        self.stillDeadline = time + Milliseconds(thresholds.stillTimeout_ms)
        self.coneCosine = Self.cos(thresholds.directionCone_deg * .pi / 180)
        filter.reset(x: inward(dx: downPosition_mm.x, dy: downPosition_mm.y), y: 0, time: time)
    }

    // MARK: Geometry

    /// Inward component of a displacement, for this edge.
    func inward(dx: Double, dy: Double) -> Double {
        switch edge {
        case .top: return dy
        case .bottom: return -dy
        case .left: return dx
        case .right: return -dx
        }
    }

    /// Inward travel from the down point to the latest sample, in mm (can be negative).
    public var travel_mm: Double {
        inward(dx: lastPosition_mm.x - downPosition_mm.x, dy: lastPosition_mm.y - downPosition_mm.y)
    }

    /// `travel_mm / full_distance_mm`, clamped at 0 with no upper bound.
    public var progress: Double {
        let full = thresholds.fullDistance_mm > 0 ? thresholds.fullDistance_mm : 1
        return max(0, travel_mm / full)
    }

    // MARK: Samples

    /// Feeds one motion sample. Judges direction and distance while possible (§4.3), and
    /// reports progress while running.
    public mutating func motion(to position_mm: Point, time: Milliseconds) -> Verdict {
        guard !state.isTerminal else { return .none }
        filter.sample(x: inward(dx: position_mm.x, dy: position_mm.y), y: 0, time: time)
        lastPosition_mm = position_mm

        if state.isRunning {
            change()
            return .changed
        }
        // Possible: judge the direction on every sample past the slop, then the distance.
        let dx = position_mm.x - downPosition_mm.x, dy = position_mm.y - downPosition_mm.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let inwardTravel = inward(dx: dx, dy: dy)
        if distance > thresholds.slop_mm {
            let cosine = inwardTravel / distance
            if cosine < coneCosine {
                fail(.lateral)
                return .failed(.lateral)
            }
        }
        if inwardTravel >= thresholds.beginDistance_mm {
            begin()
            return .began
        }
        return .none
    }

    /// Whether the candidate has passed the slop by now (used by the still timer).
    public var isPastSlop: Bool {
        let dx = lastPosition_mm.x - downPosition_mm.x, dy = lastPosition_mm.y - downPosition_mm.y
        return (dx * dx + dy * dy).squareRoot() > thresholds.slop_mm
    }

    /// The velocity at a lift at `time`: 0 if the finger had stopped (§4.3).
    public func liftVelocity(at time: Milliseconds) -> Double {
        filter.velocity(at: time).x
    }

    /// The still timeout's deadline while it can still fail the candidate (possible, not past
    /// the slop), or `nil`. Read in place by the timers: binding the recognizer copies it.
    var pendingStillDeadline: Milliseconds? {
        state == .possible && !isPastSlop ? stillDeadline : nil
    }

    /// What the router reports of a lift at `time`, read where the recognizer is: binding the
    /// recognizer to read its fields copies it (a few hundred bytes).
    func liftReport(at time: Milliseconds) -> (committed: Bool, live: Bool, gesture: Int, edge: Edge) {
        (isCommitted(liftAt: time), role == .live, gesture, edge)
    }

    /// The commit decision of §4.1 for a lift at `time`.
    public func isCommitted(liftAt time: Milliseconds) -> Bool {
        CommitRule(commitProgress: thresholds.commitProgress, flickVelocity_mm_s: thresholds.flickVelocity_mm_s)
            .isCommitted(progress: progress, velocity_mm_s: liftVelocity(at: time))
    }

    /// cos(x) by its Taylor series after folding x into [0, π]; BezelCore avoids Foundation.
    static func cos(_ x: Double) -> Double {
        var r = x.magnitude
        if r > .pi { r = 2 * .pi - r }
        // cos(r) = 1 - r²/2! + r⁴/4! - …, summed until terms vanish.
        let r2 = r * r
        var term = 1.0, sum = 1.0, n = 0.0
        while term.magnitude > 1e-16 {
            n += 2
            term *= -r2 / (n * (n - 1))
            sum += term
        }
        return sum
    }

    // MARK: Transitions (one function each, E1)
    //
    // Each returns `false` when the transition is illegal from the current state: the state is
    // left as it was, and the caller (the router) logs it.

    /// possible → began.
    @discardableResult
    public mutating func begin() -> Bool { transition(from: Self.fromPossible, to: .began) }

    /// began|changed → changed.
    @discardableResult
    public mutating func change() -> Bool { transition(from: Self.fromRunning, to: .changed) }

    /// began|changed → ended.
    @discardableResult
    public mutating func end() -> Bool { transition(from: Self.fromRunning, to: .ended) }

    /// began|changed → cancelled.
    @discardableResult
    public mutating func cancel() -> Bool { transition(from: Self.fromRunning, to: .cancelled) }

    /// possible → failed, remembering why.
    @discardableResult
    public mutating func fail(_ reason: FailureReason) -> Bool {
        guard transition(from: Self.fromPossible, to: .failed) else { return false }
        failureReason = reason
        return true
    }

    private mutating func transition(from allowed: UInt8, to next: State) -> Bool {
        guard allowed & Self.bit(state) != 0 else {
            // E1: an illegal transition is a bug. Debug builds stop here; release builds ignore it.
            if illegalTransitionCount < .max { illegalTransitionCount += 1 }
            if assertsOnIllegalTransition {
                assertionFailure("EdgeSwipeRecognizer: illegal transition \(state) → \(next)")
            }
            return false
        }
        state = next
        return true
    }

    // State sets as bit masks: an array literal here would allocate on every sample.
    private static func bit(_ s: State) -> UInt8 { 1 << s.rawValue }
    private static let fromPossible = bit(.possible)
    private static let fromRunning = bit(.began) | bit(.changed)
}
