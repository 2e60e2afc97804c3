/// The edge candidates of a touch (R2, R4, R5): created at the down for each bound edge in
/// reach, fed its motion, and turned into system decisions as they begin, fail, end or cancel.
extension RouterCore {
    /// Makes the candidates of the touch that just went down in slot `i`: one per bound edge
    /// whose zone holds the down (`position`, output-local), so two at most (a corner). A
    /// deferred edge gets a shadow (R3; its region is read at `layoutPosition`).
    mutating func createCandidates(_ i: Int, at position: Point, layout layoutPosition: Point, time: Milliseconds) {
        let o = slots[i].output
        let output = outputs[o].geometry
        let mm = output.toMillimetres(position)
        let distances = (top: mm.y, bottom: output.heightMm - mm.y, left: mm.x, right: output.widthMm - mm.x)
        // Most downs are in no edge's zone: one comparison instead of the loop over the edges.
        guard min(min(distances.top, distances.bottom), min(distances.left, distances.right)) <= edgeReach_mm else { return }
        var deferred: EdgeSet = []
        var deferringSurface = NodeTree.NodeID.none
        var lookedUp = false
        for e in 0..<4 {
            let edge = Edge.at(index: e)
            guard config.isBound(edge) else { continue }
            let t = config.thresholds[e]
            let distance: Double
            switch edge {
            case .top: distance = distances.top
            case .bottom: distance = distances.bottom
            case .left: distance = distances.left
            case .right: distance = distances.right
            }
            guard distance <= t.edgeZone_mm else { continue }
            let along = (edge == .top || edge == .bottom) ? position.x / output.widthPx : position.y / output.heightPx
            guard let gesture = config.gesture(on: edge, at: min(max(along, 0), 1)) else { continue }

            if isLocked && !config.gestures[gesture].whenLocked {
                emitFailure(gesture: gesture, edge: edge, reason: .locked, touch: slots[i].id, output: o)
                continue
            }
            if !lookedUp && slots[i].surface != .none {
                // The R3 lookup, made once for the whole touch (§4.3).
                deferringSurface = self.deferringSurface(for: slots[i].surface)
                if deferringSurface != .none { deferred = deferredEdgesAtDown(deferringSurface, output: o, at: layoutPosition) }
                slots[i].owner = deferringSurface
                lookedUp = true
            }
            if config.gestures[gesture].appHandled && slots[i].surface != .none && slots[i].backHandler == .none {
                // R10: the handler is looked up at the down, with the surfaces as they are now.
                slots[i].backHandler = backHandler(for: slots[i].surface)
            }
            var role = EdgeSwipeRecognizer.Role.live
            if deferred.contains(edge) && outputs[o].armedUntil[e] == .never {
                emitFailure(gesture: gesture, edge: edge, reason: .deferred, touch: slots[i].id, output: o)
                role = .shadow
            }
            let candidate = EdgeSwipeRecognizer(edge: edge, gesture: gesture, role: role, thresholds: t,
                                                downPosition_mm: mm, time: time)
            noteDeadline(candidate.stillDeadline)
            if !slots[i].hasCandidate {
                slots[i].firstCandidate = candidate
                slots.setHasCandidate(i, true)
            } else if !slots[i].hasSecondCandidate {
                slots[i].secondCandidate = candidate
                slots[i].hasSecondCandidate = true
            }
        }
    }

    mutating func handle(_ verdict: EdgeSwipeRecognizer.Verdict, slot i: Int, which: Int) {
        switch verdict {
        case .none:
            break
        case .failed(let reason):
            candidateFailed(i, which: which, reason: reason)
        case .began:
            candidateBegan(i, which: which)
        case .changed:
            // Read in place: binding the candidate would copy it (a few hundred bytes). A
            // verdict comes from a candidate that is there.
            let changed = which == 0 ? slots[i].firstCandidate.changedEvent : slots[i].secondCandidate.changedEvent
            emit(changed, output: outputID(ofSlot: i), appHandled: slots[i].backIsApps)
            if slots[i].backIsApps {
                // Into a local first: reading `slots` in the argument list would copy the table.
                let progress = which == 0 ? slots[i].firstCandidate.progress : slots[i].secondCandidate.progress
                emitBackChanged(i, progress: progress)
            }
        }
    }

    func candidate(_ i: Int, _ which: Int) -> EdgeSwipeRecognizer? {
        which == 0 ? slots[i].candidate0 : slots[i].candidate1
    }

    /// What the touch path needs of candidate `which` of slot `i`, read in place: `candidate`
    /// copies the whole recognizer (a few hundred bytes).
    func candidateState(_ i: Int, _ which: Int) -> EdgeSwipeRecognizer.State? {
        which == 0 ? (slots[i].hasCandidate ? slots[i].firstCandidate.state : nil)
            : (slots[i].hasSecondCandidate ? slots[i].secondCandidate.state : nil)
    }

    /// Fails candidate `which` of slot `i` if it is still possible.
    mutating func failCandidate(_ i: Int, which: Int, reason: FailureReason) {
        guard candidateState(i, which) == .possible else { return }
        // `candidateState` said it is there.
        let accepted = which == 0 ? slots[i].firstCandidate.fail(reason) : slots[i].secondCandidate.fail(reason)
        guard checkTransition(accepted, i, "fail") else { return }
        candidateFailed(i, which: which, reason: reason)
    }

    mutating func failPossibleCandidates(_ i: Int, reason: FailureReason, onlyIfMultiTouchRejects: Bool) {
        guard slots[i].hasCandidate else { return }
        if slots[i].firstCandidate.state == .possible,
           !onlyIfMultiTouchRejects || slots[i].firstCandidate.thresholds.multiTouchRejects {
            failCandidate(i, which: 0, reason: reason)
        }
        if slots[i].hasSecondCandidate, slots[i].secondCandidate.state == .possible,
           !onlyIfMultiTouchRejects || slots[i].secondCandidate.thresholds.multiTouchRejects {
            failCandidate(i, which: 1, reason: reason)
        }
    }

    /// After a candidate failed: report it (live ones only; a shadow's failure is not a system
    /// decision), and flush the held events once no live candidate is left deciding (R2).
    private mutating func candidateFailed(_ i: Int, which: Int, reason: FailureReason) {
        guard let c = candidate(i, which) else { return }
        if c.role == .live {
            emitFailure(gesture: c.gesture, edge: c.edge, reason: reason, touch: slots[i].id, output: slots[i].output)
        } else {
            logger.log(.debug, "touch \(slots[i].id): shadow \(c.edge) stopped watching (\(reason))")
        }
        if slots[i].route == .held && !slots.hasPossibleLiveCandidate(i) {
            flushHeld(i)
        }
    }

    private mutating func candidateBegan(_ i: Int, which: Int) {
        guard let c = candidate(i, which) else { return }
        if c.role == .shadow {
            deferredSwipe(i, which: which)
            return
        }
        let spec = config.gestures[c.gesture]
        if spec.modal && isDragActive && !dragCancelRequested {
            dragCancelRequested = true
            logger.log(.info, "\(spec.name) is modal: asking the host to cancel the drag session")
            emit(.dragCancel)
        }
        logger.log(.info, "touch \(slots[i].id): \(spec.name) began on the \(c.edge) edge")
        let o = slots[i].output
        let apps = spec.appHandled && chooseBackHandler(i)
        emit(.systemBegan(gesture: c.gesture, edge: c.edge), output: outputs[o].id, appHandled: apps)
        if outputs[o].armedUntil[c.edge.index] != .never {
            outputs[o].armedUntil[c.edge.index] = .never
            emit(.affordanceHidden(edge: c.edge), output: outputs[o].id)
        }

        switch slots[i].route {
        case .held:
            // The client never saw this touch and never will.
            slots[i].held.removeAll(keepingCapacity: true)
            slots[i].holdDeadline = .never
        case .client where slots[i].clientActive:
            // Too late to hide the touch: take it, and say why before cancelling (R2).
            let owner = slots[i].owner
            if hasGestureObject(surface: owner) { emit(.gestureTaken(surface: owner, edge: c.edge)) }
            cancelClient(slots[i].client)
        default:
            break
        }
        slots[i].route = .system
        // R10: the app hears of it after the client lost the touch, before the exclusion.
        if apps { emitBackBegan(i, edge: c.edge) }
        // E5 among candidates: the first to begin excludes the other edge of a corner. The
        // route is settled first, so this failure cannot flush the touch to the client.
        failCandidate(i, which: which == 0 ? 1 : 0, reason: .excluded)
    }

    /// A shadow candidate would have begun on a deferred edge (R3): show the affordance, tell
    /// the surface, and arm the edge for a second swipe.
    private mutating func deferredSwipe(_ i: Int, which: Int) {
        guard let c = candidate(i, which) else { return }
        let e = c.edge.index
        let o = slots[i].output
        let owner = slots[i].owner
        if outputs[o].armedUntil[e] == .never { emit(.affordanceShown(edge: c.edge), output: outputs[o].id) }
        if hasGestureObject(surface: owner) { emit(.deferredSwipe(surface: owner, edge: c.edge)) }
        outputs[o].armedUntil[e] = now + Milliseconds(c.thresholds.rearmWindow_ms)
        noteDeadline(outputs[o].armedUntil[e])
        logger.log(.info, "touch \(slots[i].id): deferred swipe on the \(c.edge) edge; armed for \(c.thresholds.rearmWindow_ms) ms")
        // The shadow has done its job; it watches no more.
        // The transition is taken into a local first: mutating `slots` inside the argument list
        // of a method on `self` copies the whole slot array (a heap allocation per swipe).
        let ended = which == 0 ? slots[i].firstCandidate.end() : slots[i].secondCandidate.end()
        checkTransition(ended, i, "end")
    }

    mutating func liftCandidate(_ i: Int, which: Int, time: Milliseconds) {
        // Most lifts are of a candidate still deciding (a tap): no copy of it for those.
        guard let state = candidateState(i, which) else { return }
        if state == .possible { return failCandidate(i, which: which, reason: .tap) }
        guard state == .began || state == .changed else { return }
        // Read in place, before `end()` changes it.
        // `candidateState` said it is there.
        let report = which == 0 ? slots[i].firstCandidate.liftReport(at: time) : slots[i].secondCandidate.liftReport(at: time)
        let ended = which == 0 ? slots[i].firstCandidate.end() : slots[i].secondCandidate.end()
        guard checkTransition(ended, i, "end") else { return }
        if report.live {
            logger.log(.info, "touch \(slots[i].id): \(config.gestures[report.gesture].name) ended, committed: \(report.committed)")
            emit(.systemEnded(gesture: report.gesture, edge: report.edge, committed: report.committed),
                 output: outputID(ofSlot: i), appHandled: slots[i].backIsApps)
            if slots[i].backIsApps { emitBackEnded(i, committed: report.committed) }
        }
    }

    mutating func cancelCandidate(_ i: Int, which: Int) {
        guard let c = candidate(i, which) else { return }
        switch c.state {
        case .possible:
            failCandidate(i, which: which, reason: .cancelled)
        case .began, .changed:
            let cancelled = which == 0 ? slots[i].firstCandidate.cancel() : slots[i].secondCandidate.cancel()
            guard checkTransition(cancelled, i, "cancel") else { return }
            if c.role == .live {
                emit(.systemCancelled(gesture: c.gesture, edge: c.edge), output: outputID(ofSlot: i),
                     appHandled: slots[i].backIsApps)
                if slots[i].backIsApps { emitBackEnded(i, committed: false) }
            }
        default:
            break
        }
    }

    /// E1: a transition the recognizer refused (`false`) is a bug. Debug builds stopped at the
    /// recognizer's assertion; release builds log it here and go on as if it had not been asked.
    /// - Returns: `true` if the transition was taken.
    @discardableResult
    private func checkTransition(_ accepted: Bool?, _ i: Int, _ what: StaticString) -> Bool {
        guard accepted == true else {
            logger.log(.error, "touch \(slots[i].id): illegal edge candidate transition '\(what)' ignored (E1)")
            return false
        }
        return true
    }

    /// Reports a failed candidate of a touch on output index `output`.
    private mutating func emitFailure(gesture: Int, edge: Edge, reason: FailureReason, touch: Int32, output: Int) {
        logger.log(.info, "touch \(touch): \(config.gestures[gesture].name) on the \(edge) edge failed (\(reason))")
        emit(.systemFailed(gesture: gesture, edge: edge, reason: reason), output: outputs[output].id)
    }

    /// The id of the output touch slot `i` is on.
    private func outputID(ofSlot i: Int) -> OutputID { outputs[slots[i].output].id }
}

extension EdgeSwipeRecognizer {
    /// The decision reporting this running candidate's progress.
    var changedEvent: RouterEvent {
        .systemChanged(gesture: gesture, edge: edge, travel_mm: travel_mm, progress: progress,
                       velocity_mm_s: velocity_mm_s)
    }
}
