/// Time (§4.3): the router's clock moves only with the times it is given. Hold windows, still
/// timeouts and armed edges fire in due order; the touch path skips the scan on almost every event.
extension RouterCore {
    /// Fires every timer due at or before `time`, in due order. Timers due at the same instant
    /// form one batch, closed with its client frames.
    mutating func advance(to time: Milliseconds) {
        if time >= deadlineLowerBound {
            while true {
                let due = nextDeadline
                deadlineLowerBound = due
                guard due <= time, due != .never else { break }
                if due > now { now = due }
                fireTimers(due: due)
                endBatch()
            }
        }
        if time > now { now = time }
    }

    /// Notes a new deadline so that `advance` does not skip it.
    mutating func noteDeadline(_ due: Milliseconds) {
        if due < deadlineLowerBound { deadlineLowerBound = due }
    }

    /// The earliest pending timer, or `.never`. Hosts arm their event-loop timer for it.
    var nextDeadline: Milliseconds {
        var d = Milliseconds.never
        for i in slots.indices where slots[i].active {
            if slots[i].route == .held { d = min(d, slots[i].holdDeadline) }
            // A slot with no candidate has neither (`hasCandidate`): no look at the optionals.
            guard slots[i].hasCandidate else { continue }
            if let s = slots[i].firstCandidate.pendingStillDeadline { d = min(d, s) }
            if slots[i].hasSecondCandidate, let s = slots[i].secondCandidate.pendingStillDeadline { d = min(d, s) }
        }
        for o in outputs.entries { d = min(d, o.armedUntil.earliest) }
        if let mf = multiFinger { d = min(d, mf.engine.nextDeadline) }
        return d
    }

    private mutating func fireTimers(due: Milliseconds) {
        if let mf = multiFinger, mf.engine.nextDeadline <= due { advanceMultiFinger(mf, to: due) }
        for i in slots.indices where slots[i].active {
            // Read in place (`pendingStillDeadline` is `nil` unless the timeout can fail it).
            if slots[i].hasCandidate, let s = slots[i].firstCandidate.pendingStillDeadline, s <= due {
                failCandidate(i, which: 0, reason: .still)
            }
            if slots[i].hasSecondCandidate, let s = slots[i].secondCandidate.pendingStillDeadline, s <= due {
                failCandidate(i, which: 1, reason: .still)
            }
            if slots[i].route == .held, slots[i].holdDeadline <= due {
                logger.log(.debug, "touch \(slots[i].id): hold window over, flushing \(slots[i].held.count) events")
                flushHeld(i)
            }
        }
        for o in 0..<outputs.count {
            for e in 0..<4 where outputs[o].armedUntil[e] <= due {
                outputs[o].armedUntil[e] = .never
                emit(.affordanceHidden(edge: Edge.at(index: e)), output: outputs[o].id)
            }
        }
    }

    /// Fires timers due up to `time`, then makes `time` the current instant. Times that go
    /// backwards are clamped: decisions never travel back in time.
    @inline(__always)
    mutating func beginInstant(_ time: Milliseconds) {
        // Almost every event: time moves forward and no timer is due yet.
        if time >= now && time < deadlineLowerBound {
            now = time
            return
        }
        beginInstantSlowly(time)
    }

    /// `beginInstant` when a timer may be due, or time went backwards or is not finite. Kept
    /// out of line so that the touch path stays small.
    @inline(never)
    private mutating func beginInstantSlowly(_ time: Milliseconds) {
        guard time.value.isFinite else { return }
        if time < now {
            logger.log(.debug, "time went backwards (\(time.value) < \(now.value)); using \(now.value)")
            return
        }
        advance(to: time)
    }
}
