/// The host's say over deferral (R6): the per-surface policy mask, and the lock, under which no
/// deferral is honoured and only `when_locked` gestures begin.
extension RouterCore {
    /// Host policy: the edges this surface may defer (R6). Defaults to all edges.
    mutating func setPolicyMask(_ mask: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard tree.contains(surface), surface != .root else { return }
        var d = deferrals[surface] ?? SurfaceDeferral()
        d.policy = mask.intersection(.all)
        deferrals[surface] = d
        sendHonoredIfChanged(surface)
    }

    /// Locks or unlocks the compositor (R6). While locked no deferral is honoured and only
    /// `when_locked` gestures start.
    mutating func setLocked(_ locked: Bool, time: Milliseconds) {
        beginInstant(time)
        guard locked != isLocked else { return }
        isLocked = locked
        logger.log(.info, locked ? "locked: deferrals suspended" : "unlocked")
        // Dictionary order is unspecified; sort so hosts and tests see a stable order.
        // Each surface's honoured edges, then its back edges (§4.6), before any failure.
        for surface in deferrals.keys.sorted(by: { $0.index < $1.index }) {
            sendHonoredIfChanged(surface)
            sendBackEdgesIfChanged(surface)
        }
        if locked {
            failCandidatesOffWhileLocked()
            let gestures = config.gestures
            failMultiFingerCandidates(reason: .locked) { !gestures[$0.binding.gesture].whenLocked }
            // A flush caused by the lock is a batch of its own: close it with its frames.
            endBatch()
        }
    }

    /// §4.3 Lock: nothing that is off while locked begins after the lock. Its candidates that
    /// are still possible fail `locked` now, and a touch left with no live candidate is flushed
    /// to its client (R2). Gestures that already began keep their touch.
    private mutating func failCandidatesOffWhileLocked() {
        for i in slots.indices where slots[i].active {
            for which in 0..<2 {
                guard let c = candidate(i, which), c.state == .possible,
                      !config.gestures[c.gesture].whenLocked else { continue }
                failCandidate(i, which: which, reason: .locked)
            }
        }
    }
}
