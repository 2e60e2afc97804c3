/// Arbitration (E5–E9), action delivery (E12), responder delivery (E14–E16) and reset (E2).
///
/// See docs/engine-state-machine.md for the diagrams.
extension GestureEngine {
    /// What a recognizer's failure requirements say right now (E8).
    enum RequirementStatus {
        /// No requirement is pending: it may recognize.
        case clear
        /// A required recognizer is still possible: withhold.
        case blocked
        /// A required recognizer recognized: fail.
        case requirementRecognized
    }

    /// Settles everything the current event or timer caused, then updates the responder and
    /// resets finished recognizers. Runs once per dispatch.
    func finishDispatch() {
        while true {
            settle()
            if !failIdleRecognizers() { break }
        }
        releaseHeld()
        removeFinishedRecords()
        resetFinishedRecognizers()
    }

    /// Resolves requests and failure requirements and delivers actions until nothing moves.
    private func settle() {
        while true {
            if !requests.isEmpty { resolveRequests(); continue }
            if needsResolve { needsResolve = false; resolveWithheld(); continue }
            if !pendingActions.isEmpty { deliverActions(); continue }
            break
        }
    }

    // MARK: Requests (E7, E9, E8)

    private func resolveRequests() {
        sortRequestsForTies()
        var i = 0
        while i < requests.count {
            let r = requests[i]
            i += 1
            guard let target = r.requested else { continue }
            let discrete = r.requestedDiscrete
            let endAfter = r.endAfterBegin
            // Excluded, disabled or failed since it asked: the request dies with it.
            guard r.published == .possible, r.isEnabled, r.engine === self else {
                r.requested = nil
                r.endAfterBegin = false
                continue
            }
            // E9: shouldBegin is asked when a recognizer tries to leave `possible`.
            let delegateSays = r.delegate.map { $0.gestureRecognizerShouldBegin(r) } ?? true
            if !r.shouldBegin() || !delegateSays {
                r.publishFailure()
                continue
            }
            r.requested = nil
            r.endAfterBegin = false
            switch requirementStatus(of: r) {
            case .requirementRecognized:
                r.publishFailure()
            case .blocked:
                // E8: it moves on internally; its actions wait for the other to fail.
                r.withheld = (endAfter && !discrete) ? .ended : target
                r.withheldDiscrete = discrete
                logger.log(.debug, "gesture \(r.name): withheld (\(target)) until its failure requirements fail")
            case .clear:
                publishRecognition(r, discrete: discrete, endAfterBegin: endAfter, unblocked: false)
            }
        }
        requests.removeAll(keepingCapacity: true)
    }

    /// E7: when several recognizers recognize on the same event, the deeper node goes first,
    /// then the most recently added. Insertion sort: the list is tiny and must not allocate.
    private func sortRequestsForTies() {
        guard requests.count > 1 else { return }
        for i in 1..<requests.count {
            let r = requests[i]
            var j = i - 1
            while j >= 0 && precedes(r, requests[j]) {
                requests[j + 1] = requests[j]
                j -= 1
            }
            requests[j + 1] = r
        }
    }

    private func precedes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        let da = tree.depth(of: a.node), db = tree.depth(of: b.node)
        if da != db { return da > db }
        return a.addedOrder > b.addedOrder
    }

    /// `r` leaves `possible` for the world: actions, exclusion (E5), failure of recognizers that
    /// required `r` to fail (E8) and cancellation of the responder's touches (E14).
    private func publishRecognition(_ r: GestureRecognizer, discrete: Bool, endAfterBegin: Bool,
                                    unblocked: Bool) {
        r.published = discrete ? .ended : .began
        queueAction(r, r.published)
        recognitionCount += 1
        logger.log(.debug, "gesture \(r.name): \(discrete ? "recognized" : "began")\(unblocked ? " (failure requirements met)" : "")")
        exclude(by: r)
        failRecognizers(requiring: r)
        if r.cancelsTouchesInView {
            for s in r.sequenceSerials { takeFromResponder(serial: s) }
        }
        if !discrete && endAfterBegin {
            r.published = .ended
            queueAction(r, .ended)
        }
        needsResolve = true
    }

    /// E5/E6: every recognizer sharing a touch with `winner` fails (or is cancelled if it had
    /// begun), unless the pair may recognize simultaneously.
    private func exclude(by winner: GestureRecognizer) {
        var i = 0
        while i < recognizers.count {
            let o = recognizers[i]
            i += 1
            guard o !== winner, o.published == .possible || o.published.isActive,
                  sharesTouch(winner, o), !canRecognizeSimultaneously(winner, o),
                  winner.canPrevent(o), o.canBePrevented(by: winner) else { continue }
            logger.log(.debug, "gesture \(o.name): excluded by \(winner.name)")
            if o.published == .possible { o.publishFailure() } else { o.publishCancel() }
        }
    }

    /// E8: if `b` recognized, everything that had to wait for `b` to fail fails now.
    private func failRecognizers(requiring b: GestureRecognizer) {
        var i = 0
        while i < recognizers.count {
            let a = recognizers[i]
            i += 1
            guard a !== b, a.published == .possible, !a.sequenceSerials.isEmpty || a.requested != nil,
                  a.requiresFailure(of: b) else { continue }
            logger.log(.debug, "gesture \(a.name): failed because \(b.name) recognized")
            a.publishFailure()
        }
    }

    /// E6: either side's delegate may allow the pair to recognize together.
    func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let d = a.delegate, d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) { return true }
        if let d = b.delegate, d.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) { return true }
        return false
    }

    private func sharesTouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for s in a.sequenceSerials where b.sequenceSerials.contains(s) { return true }
        return false
    }

    /// E8: the state of `a`'s failure requirements among the recognizers taking part in a
    /// sequence. A recognizer that is idle (no touches since its last reset) does not block.
    func requirementStatus(of a: GestureRecognizer) -> RequirementStatus {
        var blocked = false
        var i = 0
        while i < recognizers.count {
            let b = recognizers[i]
            i += 1
            guard b !== a, b.isEnabled, !b.sequenceSerials.isEmpty, a.requiresFailure(of: b) else { continue }
            switch b.published {
            case .possible: blocked = true
            case .began, .changed, .ended: return .requirementRecognized
            case .failed, .cancelled: break
            }
        }
        return blocked ? .blocked : .clear
    }

    /// E8: withheld recognizers whose requirements all failed deliver their first action (as
    /// `began` for a continuous gesture, whatever it reached internally); those whose
    /// requirement recognized fail.
    private func resolveWithheld() {
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < recognizers.count {
                let a = recognizers[i]
                i += 1
                guard let reached = a.withheld, a.published == .possible else { continue }
                switch requirementStatus(of: a) {
                case .blocked:
                    continue
                case .requirementRecognized:
                    a.publishFailure()
                case .clear:
                    a.withheld = nil
                    switch reached {
                    case .began, .changed:
                        publishRecognition(a, discrete: false, endAfterBegin: false, unblocked: true)
                    case .ended:
                        publishRecognition(a, discrete: a.withheldDiscrete, endAfterBegin: true, unblocked: true)
                    case .possible, .cancelled, .failed:
                        a.publishFailure()
                    }
                }
                changed = true
            }
        }
    }

    // MARK: Actions (E12)

    private func deliverActions() {
        var i = 0
        while i < pendingActions.count {
            let a = pendingActions[i]
            i += 1
            a.recognizer.deliver(a.state)
        }
        pendingActions.removeAll(keepingCapacity: true)
    }

    // MARK: Idle recognizers and reset (E2)

    /// A recognizer left in `possible` with no touches down, no timer and nothing withheld can
    /// never decide any more: fail it so that nothing waits on it forever.
    /// Returns `true` if one was failed.
    private func failIdleRecognizers() -> Bool {
        var any = false
        var i = 0
        while i < recognizers.count {
            // Looked at without a retain: the array keeps it alive, and the checks run no code
            // that could change the array. Most recognizers stop here on every event.
            unowned(unsafe) let candidate = recognizers[i]
            i += 1
            guard candidate.published == .possible, candidate.withheld == nil, candidate.requested == nil,
                  candidate.activeTouches.isEmpty, !candidate.sequenceSerials.isEmpty,
                  !timers.hasTimer(owner: candidate) else { continue }
            let r: GestureRecognizer = candidate
            logger.log(.debug, "gesture \(r.name): failed, idle with no touches")
            r.publishFailure()
            any = true
        }
        return any
    }

    /// E2: once its touches are all up, a recognizer in a terminal state goes back to `possible`.
    private func resetFinishedRecognizers() {
        var i = 0
        while i < recognizers.count {
            // Looked at without a retain, as in `failIdleRecognizers`.
            unowned(unsafe) let candidate = recognizers[i]
            i += 1
            guard candidate.published.isTerminal, candidate.activeTouches.isEmpty,
                  candidate.withheld == nil else { continue }
            let r: GestureRecognizer = candidate
            r.reset()
        }
    }

    // MARK: Responder (E4, E14–E16)

    func enqueueResponder(recordIndex ri: Int, phase: TouchPhase) {
        guard hasResponder, !records[ri].taken, !records[ri].finishedForResponder else { return }
        let r = records[ri]
        held.append(ResponderDelivery(touchID: r.id, serial: r.serial, phase: phase, node: r.node,
                                      location: r.location, eventTime: r.time,
                                      deliveredAt: clock.now))
        records[ri].heldCount += 1
    }

    func dropHeld(serial: UInt64, recordIndex ri: Int) {
        guard records[ri].heldCount > 0 else { return }
        var i = 0
        while i < held.count {
            if held[i].serial == serial { held.remove(at: i) } else { i += 1 }
        }
        records[ri].heldCount = 0
    }

    /// E14/E15: the responder loses the sequence. If it saw the began, it gets a cancel;
    /// if it saw nothing yet, it never sees anything.
    func takeFromResponder(serial: UInt64) {
        guard let ri = recordIndex(serial: serial), !records[ri].taken else { return }
        records[ri].taken = true
        dropHeld(serial: serial, recordIndex: ri)
        if records[ri].beganDelivered && !records[ri].finishedForResponder {
            let r = records[ri]
            emit(ResponderDelivery(touchID: r.id, serial: r.serial, phase: .cancelled, node: r.node,
                                   location: r.location, eventTime: clock.now, deliveredAt: clock.now),
                 recordIndex: ri)
        }
    }

    /// Hands held events to the responder once no recognizer holds them back any more.
    private func releaseHeld() {
        // Nothing held (always so without a responder): no record has anything to release.
        guard !held.isEmpty else { return }
        var ri = 0
        while ri < records.count {
            defer { ri += 1 }
            guard records[ri].heldCount > 0 else { continue }
            let serial = records[ri].serial
            // E15: nothing of the sequence until every delaying recognizer failed.
            if !records[ri].beganDelivered && isDelayed(serial: serial, began: true) { continue }
            var i = 0
            while i < held.count {
                guard held[i].serial == serial else { i += 1; continue }
                // E16: the ended waits until the recognizers decided.
                if held[i].phase == .ended && isDelayed(serial: serial, began: false) { break }
                let d = held.remove(at: i)
                records[ri].heldCount -= 1
                emit(d, recordIndex: ri)
            }
        }
    }

    private func isDelayed(serial: UInt64, began: Bool) -> Bool {
        var i = 0
        while i < recognizers.count {
            // A pure check: no retain needed while the array holds the recognizer.
            unowned(unsafe) let r = recognizers[i]
            i += 1
            guard r.isEnabled, r.published == .possible,
                  began ? r.delaysTouchesBegan : r.delaysTouchesEnded,
                  r.sequenceSerials.contains(serial) else { continue }
            return true
        }
        return false
    }

    private func emit(_ delivery: ResponderDelivery, recordIndex ri: Int) {
        var d = delivery
        d.deliveredAt = clock.now
        switch d.phase {
        case .began: records[ri].beganDelivered = true
        case .ended, .cancelled: records[ri].finishedForResponder = true
        case .moved, .stationary: break
        }
        deliveryCount += 1
        if recordsDeliveries { recordedDeliveries.append(d) }
    }

    private func removeFinishedRecords() {
        // Most dispatches end no touch: nothing to look for.
        guard hasEndedRecord else { return }
        var ended = false
        var i = 0
        while i < records.count {
            if records[i].physicallyEnded && records[i].heldCount == 0 {
                records.remove(at: i)
            } else {
                ended = ended || records[i].physicallyEnded
                i += 1
            }
        }
        hasEndedRecord = ended
    }
}
