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
    /// `touchMotion`: the full path is `touchMotionInFull` (RouterCore+Touches).
    @discardableResult
    @inline(__always)
    mutating func touchMotion(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        guard time >= now && time < deadlineLowerBound, let i = slots.index(ofTouch: id) else {
            return touchMotionInFull(id: id, at: position, time: time)
        }
        now = time
        // Held, with candidates, the system's: the rest of the full path, from the slot on.
        guard slots[i].route == .client && !slots[i].hasCandidate, position.isFiniteBySubtraction,
              pending.hasRoom, framePending.hasRoom else {
            return touchMotion(slot: i, at: position, time: time)
        }
        let client = slots[i].client
        pending.appendWithoutGrowing(RouterOutput(t: now, event: motionEvent(i, position, time: time), output: 0))
        if !framePending.contains(client) { framePending.appendWithoutGrowing(client) }
        // The multi-finger gestures record where the finger is (out of line: most hosts bind none).
        if multiFinger != nil { noteMultiFingerMotion(i, position, time: time) }
        return .accepted
    }

    /// `frame`: the full path is `frameInFull` (RouterCore+Touches).
    @inline(__always)
    mutating func frame(time: Milliseconds) {
        guard time >= now && time < deadlineLowerBound, multiFinger?.hasPendingChange != true,
              framePending.count <= 1, pending.hasRoom else {
            return frameInFull(time: time)
        }
        now = time
        // A batch for one client, the common case: its one `clientFrame` (`endBatch`).
        if framePending.count == 1 {
            pending.appendWithoutGrowing(RouterOutput(t: now, event: .clientFrame(client: framePending[0]), output: 0))
            framePending.removeAll(keepingCapacity: true)
        }
    }

    /// The multi-finger side of a motion (`feedMultiFinger(mf, .motion(position), ...)`).
    /// While no set is deciding, the gestures only record where the finger is.
    @inline(never)
    mutating func noteMultiFingerMotion(_ i: Int, _ position: Point, time: Milliseconds) {
        guard let ref = multiFingerRef else { return }
        let p = outputs[slots[i].output].geometry.toMillimetres(position)
        // The router's instant, not the event's: a time that went backwards was clamped (§9).
        let t = max(time, now)
        guard ref._withUnsafeGuaranteedRef({ $0.motion(slot: i, to: p, time: t) }) else { return }
        if let mf = multiFinger { processMultiFingerReports(mf) }
    }
}

extension Point {
    /// `isFinite` as one comparison: x − x is 0 for a finite x and NaN for an infinite or NaN
    /// one, and NaN compares unequal to everything (the bit tests of `isFinite` cost twice more).
    @inline(__always)
    var isFiniteBySubtraction: Bool { (x - x) + (y - y) == 0 }
}
