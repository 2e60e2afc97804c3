/// What the router knows about one surface's edge deferral (docs/design.md §5, R3, R6).
struct SurfaceDeferral {
    /// The client created a `bezel_gesture_surface_v1` for the surface.
    var hasGestureObject = false
    /// The committed `set_deferred_edges` value.
    var requested: EdgeSet = []
    /// The host's policy mask: edges it is willing to honour for this surface.
    var policy: EdgeSet = .all
    /// The last `honored_edges` sent, or `nil` if none was sent since the object was created.
    var lastSentHonored: EdgeSet?

    /// The committed `set_deferred_gestures` value (version 2, docs/design.md §4.5 M4).
    var requestedKinds: GestureKindSet = []
    /// The host's policy mask for multi-finger gesture kinds.
    var policyKinds: GestureKindSet = .all
    /// The last `honored_gestures` sent, or `nil` if the surface never asked to defer kinds
    /// (version-1 clients and surfaces that only defer edges never get one).
    var lastSentHonoredKinds: GestureKindSet?

    /// The object was made by `set_back_handling` and has committed no deferral yet: it gets no
    /// `honored_edges` until its first `set_deferred_edges` commit (docs/design.md §4.6).
    var awaitsDeferralCommit = false
    /// The back handling of the surface (R10).
    var back = SurfaceBackHandling()

    /// The honoured kinds: the request, masked by policy, and nothing while locked (M4, R6).
    func honoredKinds(locked: Bool) -> GestureKindSet {
        guard hasGestureObject, !locked else { return [] }
        return requestedKinds.intersection(policyKinds)
    }

    /// The honoured set: the request, masked by policy, and nothing while locked (R6).
    func honored(locked: Bool) -> EdgeSet {
        guard hasGestureObject, !locked else { return [] }
        return requested.intersection(policy)
    }
}
