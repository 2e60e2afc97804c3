/// The router's side of the multi-finger system gestures (docs/design.md §4.5): feeding the engine,
/// and turning its recognizers' reports into decisions. None of this runs when `multi_finger`
/// is empty (`multiFinger == nil`).
extension RouterCore {
    /// What happened to a touch, for `feedMultiFinger`.
    enum MultiFingerInput {
        case down(Point), motion(Point), up, cancel
    }

    /// Feeds one touch event of slot `i` to the engine (px: a down output-local, a motion in
    /// layout coordinates) and acts on what its recognizers did.
    mutating func feedMultiFinger(_ mf: MultiFingerGestures, _ input: MultiFingerInput, slot i: Int, time: Milliseconds) {
        let id = slots[i].id
        // The router's instant, not the event's: a time that went backwards was clamped (§9).
        let time = max(time, now)
        switch input {
        case .down(let p):
            let output = outputs[slots[i].output]
            mf.down(slot: i, id: id, at: output.geometry.toMillimetres(p), output: output.id,
                    mmPerPx: output.geometry.mmPerPx, originPx: output.origin, time: time)
        case .motion(let p):
            // Nothing is deciding: the motion is only recorded (see `MultiFingerGestures.tracking`).
            guard mf.motion(slot: i, px: p, time: time) else { return }
        case .up:
            mf.end(slot: i, time: time, cancelled: false)
        case .cancel:
            mf.end(slot: i, time: time, cancelled: true)
        }
        processMultiFingerReports(mf)
    }

    /// Emits the `changed` recognizer `r` reported in this frame, if any.
    mutating func flushMultiFingerChange(_ mf: MultiFingerGestures, _ r: Int) {
        guard let e = mf.pendingChange[r] else { return }
        mf.pendingChange[r] = nil
        emit(e, output: mf.recognizers[r].screen)
    }

    /// The end of an input frame: one `changed` per running gesture that moved.
    mutating func flushMultiFingerChanges(_ mf: MultiFingerGestures) {
        guard mf.hasPendingChange else { return }
        mf.hasPendingChange = false
        for r in mf.pendingChange.indices { flushMultiFingerChange(mf, r) }
    }

    /// A new configuration binds other multi-finger gestures: the running ones are cancelled
    /// and the deciding ones fail `cancelled` (as R8), then the new gestures start with the
    /// next touches. Touches already down stay unknown to them.
    mutating func replaceMultiFinger(with config: SystemGestureConfig) {
        if let old = multiFinger {
            old.engine.cancelAllTouches(time: now)
            processMultiFingerReports(old)
            flushMultiFingerChanges(old)
        }
        multiFinger = MultiFingerGestures(config: config, slotCount: maxTouches, logger: logger)
    }

    /// Fires the engine's timers due up to `time` (a hold's `mf_hold_ms`).
    mutating func advanceMultiFinger(_ mf: MultiFingerGestures, to time: Milliseconds) {
        mf.advance(to: time)
        processMultiFingerReports(mf)
    }

    /// Fails the possible candidates that `shouldFail` picks with `reason`, and reports them.
    mutating func failMultiFingerCandidates(reason: FailureReason, where shouldFail: (MultiFingerRecognizer) -> Bool) {
        guard let mf = multiFinger else { return }
        mf.failCandidates(reason: reason, where: shouldFail)
        processMultiFingerReports(mf)
    }

    /// Turns the reports into decisions. Acting on a report may fail further recognizers,
    /// whose reports are appended and handled in the same loop.
    mutating func processMultiFingerReports(_ mf: MultiFingerGestures) {
        // Most engine calls decide nothing: only a hold's timer may have moved.
        guard !mf.reports.items.isEmpty else { return noteDeadline(mf.engine.nextDeadline) }
        // The engine fails the losers of an exclusion (E5) before it delivers the winner's
        // `began` action; decisions list them after it, as for edges (a corner's `excluded`).
        var excludedPass = false
        var k = 0
        while true {
            if k == mf.reports.items.count {
                if excludedPass { break }
                excludedPass = true
                k = 0
                continue
            }
            let report = mf.reports.items[k]
            k += 1
            if case .failed(_, .excluded) = report {
                if !excludedPass { continue }
            } else if excludedPass {
                continue
            }
            switch report {
            case .candidate(let r):
                multiFingerCandidate(mf, mf.recognizers[r])
            case .began(let r):
                multiFingerBegan(mf, mf.recognizers[r])
            case let .changed(r, travel, progress, velocity, scale):
                mf.pendingChange[r] = .multiFingerChanged(mf.ref(r), travel_mm: travel, progress: progress,
                                                          velocity_mm_s: velocity, scale: scale)
                mf.hasPendingChange = true
            case let .ended(r, committed):
                flushMultiFingerChange(mf, r)
                logger.log(.info, "\(mf.recognizers[r].name) (\(mf.ref(r).fingers)-finger \(mf.ref(r).kind)) ended, committed: \(committed)")
                emit(.multiFingerEnded(mf.ref(r), committed: committed), output: mf.recognizers[r].screen)
            case .cancelled(let r):
                flushMultiFingerChange(mf, r)
                emit(.multiFingerCancelled(mf.ref(r)), output: mf.recognizers[r].screen)
            case let .failed(r, reason):
                logger.log(.info, "\(mf.recognizers[r].name) (\(mf.ref(r).fingers)-finger \(mf.ref(r).kind)) failed (\(reason))")
                emit(.multiFingerFailed(mf.ref(r), reason: reason), output: mf.recognizers[r].screen)
            }
        }
        mf.reports.removeAll()
        noteDeadline(mf.engine.nextDeadline)
    }

    /// M1 made a set: decide at once what the engine cannot know. An edge gesture already
    /// owning one of the touches began first (E5: `excluded`); while locked only `when_locked`
    /// gestures work (`locked`); a surface under the first finger that defers the kind keeps
    /// every touch (M4: `deferred`).
    private mutating func multiFingerCandidate(_ mf: MultiFingerGestures, _ r: MultiFingerRecognizer) {
        var ownedBySystem = false, dragged = false
        for t in r.activeTouches {
            guard let j = slotIndex(of: t.id) else { continue }
            if slots[j].route == .system { ownedBySystem = true }
            if slots[j].route == .dragged { dragged = true }
        }
        if ownedBySystem { return r.fail(.excluded) }
        // R7: a drag owns its touch; no system gesture is made with it.
        if dragged { return r.fail(.drag) }
        if isLocked && !config.gestures[r.binding.gesture].whenLocked { return r.fail(.locked) }
        // The set's first finger decides, with the R3 lookup made for its surface.
        if let first = r.activeTouches.first, let j = slotIndex(of: first.id), slots[j].surface != .none {
            let owner = deferringSurface(for: slots[j].surface)
            if owner != .none, let d = deferrals[owner],
               d.honoredKinds(locked: isLocked).contains(GestureKindSet(r.binding.kind)) {
                return r.fail(.deferred)
            }
        }
        logger.log(.debug, "\(r.name): \(r.binding.fingers)-finger \(r.binding.kind) candidate")
    }

    /// M3: the gesture takes its touches. Every client that has one of them gets
    /// `gesture_taken` (edge 0) and then `wl_touch.cancel`, and nothing more for them.
    private mutating func multiFingerBegan(_ mf: MultiFingerGestures, _ r: MultiFingerRecognizer) {
        let spec = config.gestures[r.binding.gesture]
        if spec.modal && isDragActive && !dragCancelRequested {
            dragCancelRequested = true
            logger.log(.info, "\(spec.name) is modal: asking the host to cancel the drag session")
            emit(.dragCancel)
        }
        logger.log(.info, "\(spec.name): \(r.binding.fingers)-finger \(r.binding.kind) began")
        emit(.multiFingerBegan(mf.ref(r.index)), output: r.screen)
        cancelScratch.removeAll(keepingCapacity: true)
        for t in r.activeTouches {
            guard let j = slotIndex(of: t.id) else { continue }
            if slots[j].route == .held {
                // Still held for an edge candidate: the client never sees it.
                slots[j].held.removeAll(keepingCapacity: true)
                slots[j].holdDeadline = .never
            }
            let hadClient = slots[j].clientActive
            slots[j].route = .system
            // E5 against edge candidates left on these touches (multi_touch_rejects off).
            failPossibleCandidates(j, reason: .excluded, onlyIfMultiTouchRejects: false)
            if hadClient && !cancelScratch.contains(slots[j].client) { cancelScratch.append(slots[j].client) }
        }
        var c = 0
        while c < cancelScratch.count {
            let client = cancelScratch[c]
            c += 1
            // Close what the client already got in this batch first, so that gesture_taken
            // comes right before the cancel it explains.
            if let f = framePending.firstIndex(of: client) {
                framePending.remove(at: f)
                emit(.clientFrame(client: client))
            }
            // gesture_taken goes to the surface the R3 lookup finds for the client's first touch.
            for t in r.activeTouches {
                guard let j = slotIndex(of: t.id), slots[j].client == client, slots[j].surface != .none else { continue }
                let owner = deferringSurface(for: slots[j].surface)
                if hasGestureObject(surface: owner) { emit(.multiFingerTaken(surface: owner, gesture: mf.ref(r.index))) }
                break
            }
            cancelClient(client)
        }
    }
}

/// Deferral of multi-finger gesture kinds (protocol version 2, docs/design.md §4.5 M4, R6).
extension RouterCore {
    /// Applies a committed `set_deferred_gestures`, creating the surface's gesture object if it
    /// has none. `honoredGestures` is emitted when the honoured kinds change (or on the first
    /// request).
    mutating func commitDeferredGestures(_ kinds: GestureKindSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard acceptsDeferral(surface, request: "defer gestures") else { return }
        var requested = kinds
        if requested.hasUnknownBits {
            logger.log(.warning, "defer gestures: unknown kind bits 0x\(String(kinds.rawValue, radix: 16)) ignored")
            requested = requested.intersection(.all)
        }
        var d = deferrals[surface] ?? SurfaceDeferral()
        if !d.hasGestureObject {
            // A new object defers no edge: nothing to tell about edges until that changes.
            d.hasGestureObject = true
            d.lastSentHonored = d.honored(locked: isLocked)
        }
        d.requestedKinds = requested
        if d.lastSentHonoredKinds == nil { d.lastSentHonoredKinds = GestureKindSet(rawValue: UInt32.max) }
        deferrals[surface] = d
        sendHonoredKindsIfChanged(surface)
    }

    /// Host policy: the multi-finger kinds this surface may defer (R6). Defaults to all.
    mutating func setGesturePolicyMask(_ mask: GestureKindSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard tree.contains(surface), surface != .root else { return }
        var d = deferrals[surface] ?? SurfaceDeferral()
        d.policyKinds = mask.intersection(.all)
        deferrals[surface] = d
        sendHonoredKindsIfChanged(surface)
    }

    /// The multi-finger kinds currently honoured for `surface`.
    func honoredGestureKinds(surface: NodeTree.NodeID) -> GestureKindSet {
        deferrals[surface]?.honoredKinds(locked: isLocked) ?? []
    }

    /// Sends `honored_gestures` if the surface ever asked to defer kinds and the set changed.
    mutating func sendHonoredKindsIfChanged(_ surface: NodeTree.NodeID) {
        guard var d = deferrals[surface], d.hasGestureObject, let last = d.lastSentHonoredKinds else { return }
        let honored = d.honoredKinds(locked: isLocked)
        guard last != honored else { return }
        d.lastSentHonoredKinds = honored
        deferrals[surface] = d
        emit(.honoredGestures(surface: surface, kinds: honored))
    }
}
