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
        guard time >= now && time < deadlineLowerBound, let i = slots.index(ofTouch: id),
              slots[i].route == .client && !slots[i].hasCandidate, position.isFinite,
              pending.hasRoom, framePending.hasRoom else {
            return touchMotionInFull(id: id, at: position, time: time)
        }
        now = time
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

    /// The multi-finger side of a fast motion.
    @inline(never)
    private mutating func noteMultiFingerMotion(_ i: Int, _ position: Point, time: Milliseconds) {
        if let mf = multiFinger { feedMultiFinger(mf, .motion(position), slot: i, time: time) }
    }
}
