import Testing
@testable import BezelCore

/// `EdgeSwipeRecognizer` on its own, without the router: the E1 transitions of one edge
/// candidate, the §4.3 boundaries it judges, and the §4.1 commit rule.
@Suite("EdgeSwipeRecognizer (E1, §4.1, §4.3)")
struct EdgeSwipeRecognizerTests {
    /// Default thresholds: slop 2 mm, begin 4 mm, cone 40°, still 250 ms, full 25 mm.
    let thresholds = EdgeThresholds()

    /// A bottom-edge candidate that came down at (34 mm, 146 mm) at t = 0. Inward is up (−y).
    func bottom(role: EdgeSwipeRecognizer.Role = .live) -> EdgeSwipeRecognizer {
        EdgeSwipeRecognizer(edge: .bottom, gesture: 0, role: role, thresholds: thresholds,
                            downPosition_mm: Point(x: 34, y: 146), time: .zero)
    }

    /// A point `inward` mm up from the down point and `lateral` mm to the right.
    func at(inward: Double, lateral: Double = 0) -> Point { Point(x: 34 + lateral, y: 146 - inward) }

    // MARK: E1 legal paths

    @Test("E1: possible → began → changed → ended along inward motion")
    func continuousPath() {
        var r = bottom()
        #expect(r.state == .possible)
        let v1 = r.motion(to: at(inward: 1), time: Milliseconds(8))
        #expect(v1 == .none)
        let v2 = r.motion(to: at(inward: 4), time: Milliseconds(16))
        #expect(v2 == .began)
        #expect(r.state == .began)
        let v3 = r.motion(to: at(inward: 10), time: Milliseconds(24))
        #expect(v3 == .changed)
        #expect(r.state == .changed)
        let v4 = r.end()
        #expect(v4)
        #expect(r.state == .ended)
        #expect(r.illegalTransitionCount == 0)
    }

    @Test("E1: possible → failed keeps its reason; a running gesture can be cancelled (R8)")
    func failAndCancel() {
        var failed = bottom()
        let v5 = failed.fail(.tap)
        #expect(v5)
        #expect(failed.state == .failed)
        #expect(failed.failureReason == .tap)

        var running = bottom()
        _ = running.motion(to: at(inward: 5), time: Milliseconds(16))
        let v6 = running.cancel()
        #expect(v6)
        #expect(running.state == .cancelled)
    }

    // MARK: E1 illegal transitions: what a release build does

    @Test("E1: illegal transitions are refused, counted and leave the state alone (release behaviour)")
    func illegalTransitionsAreIgnored() {
        // Debug builds assert on these; turning the assertion off shows the release path.
        var r = bottom()
        r.assertsOnIllegalTransition = false
        let v7 = r.end()
        #expect(v7 == false, "possible → ended is not a transition")
        let v8 = r.cancel()
        #expect(v8 == false, "possible → cancelled is not a transition")
        let v9 = r.change()
        #expect(v9 == false, "possible → changed is not a transition")
        #expect(r.state == .possible)
        #expect(r.illegalTransitionCount == 3)

        let v10 = r.fail(.lateral)
        #expect(v10)
        let v11 = r.fail(.still)
        #expect(v11 == false, "failed → failed is not a transition")
        let v12 = r.begin()
        #expect(v12 == false, "failed → began is not a transition")
        #expect(r.state == .failed)
        #expect(r.failureReason == .lateral, "a refused fail does not overwrite the first reason")
        #expect(r.illegalTransitionCount == 5)

        var ended = bottom()
        ended.assertsOnIllegalTransition = false
        _ = ended.motion(to: at(inward: 5), time: Milliseconds(16))
        let v13 = ended.end()
        #expect(v13)
        let v14 = ended.begin() == false && ended.change() == false && ended.end()
        #expect(v14 == false)
        #expect(ended.state == .ended)
        // A terminal recognizer ignores samples without a transition (E2: no more touches).
        let v15 = ended.motion(to: at(inward: 30), time: Milliseconds(32))
        #expect(v15 == .none)
        #expect(ended.illegalTransitionCount == 3)
    }

    // MARK: §4.3 boundaries

    @Test("§4.3: the gesture begins when inward travel is ≥ begin_distance_mm, not before")
    func beginBoundary() {
        var r = bottom()
        let v16 = r.motion(to: at(inward: 3.999), time: Milliseconds(8))
        #expect(v16 == .none)
        let v17 = r.motion(to: at(inward: 4.0), time: Milliseconds(16))
        #expect(v17 == .began)
    }

    @Test("§4.3: direction is judged only past the slop (> slop_mm), on every sample")
    func lateralOnlyPastSlop() {
        var r = bottom()
        // Sideways but within the slop: not judged yet.
        let v18 = r.motion(to: at(inward: 0, lateral: 2.0), time: Milliseconds(8))
        #expect(v18 == .none)
        #expect(!r.isPastSlop)
        // Past the slop and 90° off the inward normal: lateral.
        let v19 = r.motion(to: at(inward: 0, lateral: 2.5), time: Milliseconds(16)) == .failed(.lateral)
        #expect(v19)
        #expect(r.failureReason == .lateral)

        // 30° off the normal is inside the 40° cone and goes on to begin.
        var inCone = bottom()
        let v20 = inCone.motion(to: at(inward: 4.33, lateral: 2.5), time: Milliseconds(16))
        #expect(v20 == .began)
    }

    @Test("§4.1: still_timeout_ms is due 250 ms after the down")
    func stillDeadline() {
        #expect(bottom().stillDeadline == Milliseconds(250))
    }

    @Test("R3: a shadow runs the same judgement as a live candidate")
    func shadowJudgesAlike() {
        var live = bottom(), shadow = bottom(role: .shadow)
        for (k, inward) in [1.0, 2.5, 4.5].enumerated() {
            let t = Milliseconds(Double(k + 1) * 8)
            let v21 = live.motion(to: at(inward: inward), time: t) == shadow.motion(to: at(inward: inward), time: t)
            #expect(v21)
        }
        #expect(shadow.state == .began)
    }

    // MARK: §4.1 commit rule and §4.3 velocity

    @Test("§4.3: progress is travel / full_distance_mm, clamped at 0, with no upper bound")
    func progress() {
        var r = bottom()
        _ = r.motion(to: at(inward: 5), time: Milliseconds(16))
        _ = r.motion(to: at(inward: 50), time: Milliseconds(32))
        #expect(r.travel_mm == 50)
        #expect(r.progress == 2)
        _ = r.motion(to: at(inward: -3), time: Milliseconds(48))
        #expect(r.progress == 0)
    }

    @Test("§4.1: committed at progress ≥ commit_progress; a slow short swipe is not")
    func commitByProgress() {
        var far = bottom()
        _ = far.motion(to: at(inward: 5), time: Milliseconds(100))
        _ = far.motion(to: at(inward: 12.5), time: Milliseconds(200))
        // Lifted 150 ms after the last motion: velocity 0, progress 0.5 decides.
        #expect(far.liftVelocity(at: Milliseconds(350)) == 0)
        #expect(far.isCommitted(liftAt: Milliseconds(350)))

        var short = bottom()
        _ = short.motion(to: at(inward: 5), time: Milliseconds(100))
        #expect(!short.isCommitted(liftAt: Milliseconds(300)))
    }

    @Test("E17 + §4.1: an inward flick commits, an outward flick never does")
    func flicks() {
        var inward = bottom()
        // 4 mm in 8 ms: one sample of 500 mm/s, filtered to 125 mm/s; a second gives 218.75.
        _ = inward.motion(to: at(inward: 4), time: Milliseconds(8))
        _ = inward.motion(to: at(inward: 8), time: Milliseconds(16))
        #expect(abs(inward.velocity_mm_s - 218.75) < 1e-9)
        #expect(inward.isCommitted(liftAt: Milliseconds(20)))

        var outward = bottom()
        _ = outward.motion(to: at(inward: 30), time: Milliseconds(100))
        _ = outward.motion(to: at(inward: 24), time: Milliseconds(108))
        _ = outward.motion(to: at(inward: 20), time: Milliseconds(116))
        #expect(outward.progress >= thresholds.commitProgress)
        #expect(outward.velocity_mm_s <= -thresholds.flickVelocity_mm_s)
        #expect(!outward.isCommitted(liftAt: Milliseconds(120)))
    }

    @Test("E17: one sample per instant: a duplicate timestamp replaces its instant's sample, a backwards one counts as that instant")
    func sameInstantReplacesSample() {
        // The edge candidate uses the engine's VelocityFilter, so this is the rule of both paths.
        var r = bottom()
        _ = r.motion(to: at(inward: 4), time: Milliseconds(8))
        #expect(abs(r.velocity_mm_s - 125) < 1e-9)          // 0.25 × 4 mm / 8 ms
        _ = r.motion(to: at(inward: 6), time: Milliseconds(8))
        #expect(abs(r.velocity_mm_s - 187.5) < 1e-9)        // 0.25 × 6 mm / 8 ms, not a second sample
        // The router clamps time that goes backwards to its current instant (R9); the
        // recognizer reads such a sample the same way.
        _ = r.motion(to: at(inward: 7), time: Milliseconds(2))
        #expect(abs(r.velocity_mm_s - 218.75) < 1e-9)
        #expect(r.lastMotionTime == Milliseconds(8))
        _ = r.motion(to: at(inward: 9), time: Milliseconds(16))
        // The next instant filters against the instant before it: 0.75 × 218.75 + 0.25 × 250.
        #expect(abs(r.velocity_mm_s - 226.5625) < 1e-9)
    }

    @Test("§4.1: the commit rule is one function for edge and multi-finger gestures")
    func commitRule() {
        let rule = CommitRule(commitProgress: 0.5, flickVelocity_mm_s: 150)
        #expect(rule.isCommitted(progress: 0.5, velocity_mm_s: 0))
        #expect(!rule.isCommitted(progress: 0.49, velocity_mm_s: 149))
        #expect(rule.isCommitted(progress: 0.1, velocity_mm_s: 150))
        #expect(!rule.isCommitted(progress: 3, velocity_mm_s: -150))   // a flick back always cancels
    }
}
