/// The back gesture handled by the app (docs/design.md §4.6, R10): each surface's back
/// handling, the `back_edges` it is told, the handler found at the down and chosen at the
/// begin, and the back events that follow the gesture's own.
extension RouterCore {
    /// Applies a committed `set_back_handling`, creating the surface's gesture object if it has
    /// none. Turning handling on sends `back_edges`, even an empty set; leaving it on or turning
    /// it off sends nothing.
    mutating func commitBackHandling(_ on: Bool, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard acceptsDeferral(surface, request: "back handling") else { return }
        var d = deferrals[surface] ?? SurfaceDeferral()
        if !d.hasGestureObject {
            // Counts for R3 at once, deferring nothing; says nothing of edges until it defers.
            d.hasGestureObject = true
            d.awaitsDeferralCommit = true
        }
        let turnedOn = on && !d.back.on
        d.back.on = on
        if !on { d.back.lastSentEdges = nil }
        deferrals[surface] = d
        if turnedOn { sendBackEdgesIfChanged(surface) }
    }

    /// Whether `surface` handles back now (its committed value; the lock is not looked at).
    func backHandling(surface: NodeTree.NodeID) -> Bool {
        deferrals[surface]?.back.on ?? false
    }

    /// Sends `back_edges` to a surface whose handling is on, if the set differs from the last
    /// one sent since handling was turned on.
    mutating func sendBackEdgesIfChanged(_ surface: NodeTree.NodeID) {
        guard var d = deferrals[surface], d.hasGestureObject, d.back.on else { return }
        let edges = isLocked ? EdgeSet() : config.appHandledEdges
        guard d.back.lastSentEdges != edges else { return }
        d.back.lastSentEdges = edges
        deferrals[surface] = d
        emit(.backEdges(surface: surface, edges: edges))
    }

    /// The R10 lookup at the down: from `surface` up through its parents, the deepest surface
    /// whose back handling is on, or `.none` (always while locked).
    func backHandler(for surface: NodeTree.NodeID) -> NodeTree.NodeID {
        guard !isLocked, !deferrals.isEmpty else { return .none }
        var cursor: NodeTree.NodeID? = surface
        while let c = cursor, c != .root {
            if let d = deferrals[c], d.hasGestureObject, d.back.on { return c }
            cursor = tree.parent(of: c)
        }
        return .none
    }

    /// At the begin of an app-handled gesture on slot `i`: whether the surface found at the down
    /// takes it. It must still exist, still handle back, have none running, and the compositor
    /// must not be locked; otherwise the gesture is the host's (no other surface is tried).
    mutating func chooseBackHandler(_ i: Int) -> Bool {
        let h = slots[i].backHandler
        guard h != .none, !isLocked, tree.contains(h), let d = deferrals[h], d.hasGestureObject, d.back.on,
              !isRunningBack(h) else { return false }
        slots[i].backIsApps = true
        return true
    }

    /// Whether `surface` has a back running: a touch whose gesture it took. Read from the slots,
    /// so that the touch path writes nothing into the surface table (a write there allocates).
    private func isRunningBack(_ surface: NodeTree.NodeID) -> Bool {
        for j in slots.indices where slots[j].active && slots[j].backIsApps && slots[j].backHandler == surface {
            return true
        }
        return false
    }

    /// The touch's latest position, local to the handling surface where it is now (§4.3).
    private func backPosition(_ i: Int, _ h: NodeTree.NodeID) -> Point {
        let r = tree.rect(of: h)
        return Point(x: slots[i].lastPosition.x - r.x, y: slots[i].lastPosition.y - r.y)
    }

    /// The handler of slot `i`'s app-handled gesture, if it is still there to be told.
    private func liveBackHandler(_ i: Int) -> NodeTree.NodeID? {
        let h = slots[i].backHandler
        guard slots[i].backIsApps, tree.contains(h), deferrals[h]?.hasGestureObject == true else { return nil }
        return h
    }

    /// `back_began` for slot `i`'s gesture on `edge`.
    mutating func emitBackBegan(_ i: Int, edge: Edge) {
        guard let h = liveBackHandler(i) else { return }
        emit(.backBegan(surface: h, edge: edge, position: backPosition(i, h)))
    }

    /// `back_changed` after a `systemChanged` of progress `progress`.
    mutating func emitBackChanged(_ i: Int, progress: Double) {
        guard let h = liveBackHandler(i) else { return }
        emit(.backChanged(surface: h, progress: min(max(progress, 0), 1), position: backPosition(i, h)))
    }

    /// `back_invoked` (committed) or `back_cancelled` after the gesture's end; the surface may
    /// then run the next one.
    mutating func emitBackEnded(_ i: Int, committed: Bool) {
        defer { slots[i].backIsApps = false }
        guard let h = liveBackHandler(i) else { return }
        emit(committed ? .backInvoked(surface: h) : .backCancelled(surface: h))
    }
}
