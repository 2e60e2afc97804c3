/// The commit decision of docs/design.md §4.1 at a lift, shared by the edge swipes and the
/// multi-finger swipes and pinches (§4.5, M3): far enough, or flicked the right way, and a flick
/// backwards never commits however far the finger went.
public struct CommitRule: Sendable {
    /// Progress at or past which a lift commits (`commit_progress`).
    public var commitProgress: Double
    /// Speed along the gesture at or past which a lift commits; the same speed backwards
    /// cancels (`flick_velocity_mm_s`).
    public var flickVelocity_mm_s: Double

    /// A rule with these thresholds.
    public init(commitProgress: Double, flickVelocity_mm_s: Double) {
        self.commitProgress = commitProgress
        self.flickVelocity_mm_s = flickVelocity_mm_s
    }

    /// Whether a lift at `progress` with the filtered velocity `velocity_mm_s` along the gesture
    /// (positive forward; zero once the fingers rested, see `VelocityFilter.staleAfter`) commits.
    public func isCommitted(progress: Double, velocity_mm_s: Double) -> Bool {
        if velocity_mm_s <= -flickVelocity_mm_s { return false }
        return progress >= commitProgress || velocity_mm_s >= flickVelocity_mm_s
    }
}
