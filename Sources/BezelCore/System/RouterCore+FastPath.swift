/// The two most common calls of a touch stream, inlined into the router's entry points: a
/// motion of a touch its client already has, and the frame that closes it (issue: most events
/// of a stream are exactly that pair).
///
/// Each first checks that nothing but delivery is to be done: time moves forward with no timer
/// due (`beginInstant`'s own first case), the touch is the client's with no edge candidate, and
/// the decision queue and the frame list have room. Then it makes the same decisions the full
/// path makes, with no call and so no registers to save. Anything else goes to the full path,
/// which starts from the top: these checks change nothing before they hand over.
extension RouterCore {
    /// `touchMotion`: the full path is `touchMotionInFull` (RouterCore+Touches). Inlinable, so
    /// that a host's call compiles into its own loop (`SystemGestureRouter.touchMotion`).
    @discardableResult
    @inlinable @inline(__always)
    mutating func touchMotion(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        guard time >= now && time < deadlineLowerBound, let i = slots.index(ofTouch: id) else {
            return touchMotionInFull(id: id, at: position, time: time)
        }
        now = time
        // Held, with candidates, the system's: the rest of the full path, from the slot on.
        guard slots[i].goesStraightToClient, position.isFiniteBySubtraction else {
            return touchMotion(slot: i, at: position, time: time)
        }
        let client = slots[i].client
        // The full path's appends: they grow the lists (allocating) only past their largest batch.
        pending.append(RouterDecision(t: now, event: motionEvent(i, position, time: time), output: 0))
        // Most motions are the first event of their batch: the client is stored inline, with
        // nothing looked up.
        framePending.note(client)
        // The multi-finger gestures record where the finger is, in place and with no retain;
        // only a motion the engine saw (a set deciding) goes out of line.
        if let ref = multiFingerRef,
           ref._withUnsafeGuaranteedRef({ $0.motion(slot: i, px: position, time: time) }) {
            multiFingerMoved()
        }
        return .accepted
    }

    /// `frame`: the full path is `frameInFull` (RouterCore+Touches). Inlinable, as `touchMotion`.
    @inlinable @inline(__always)
    mutating func frame(time: Milliseconds) {
        guard time >= now && time < deadlineLowerBound, framePending.count <= 1,
              multiFingerRef?._withUnsafeGuaranteedRef({ $0.hasPendingChange }) != true else {
            return frameInFull(time: time)
        }
        now = time
        // A batch for one client, the common case: its one `clientFrame` (`endBatch`).
        if framePending.count == 1 {
            pending.append(RouterDecision(t: now, event: .clientFrame(client: framePending.first), output: 0))
            framePending.count = 0
        }
    }

    /// The multi-finger side of a motion to layout `position` (`feedMultiFinger(mf, .motion(position), ...)`).
    /// While no set is deciding, the gestures only record where the finger is.
    @inline(never)
    mutating func noteMultiFingerMotion(_ i: Int, _ position: Point, time: Milliseconds) {
        guard let ref = multiFingerRef else { return }
        // The router's instant, not the event's: a time that went backwards was clamped (§9).
        let t = max(time, now)
        guard ref._withUnsafeGuaranteedRef({ $0.motion(slot: i, px: position, time: t) }) else { return }
        multiFingerMoved()
    }

    /// The engine saw a motion: act on what its recognizers reported.
    @usableFromInline @inline(never)
    mutating func multiFingerMoved() {
        if let mf = multiFinger { processMultiFingerReports(mf) }
    }
}

extension Point {
    /// `isFinite` as one comparison: x − x is 0 for a finite x and NaN for an infinite or NaN
    /// one, and NaN compares unequal to everything, itself included (the bit tests of
    /// `isFinite` cost twice more).
    @inlinable @inline(__always)
    var isFiniteBySubtraction: Bool { (x - x) == (y - y) }
}
