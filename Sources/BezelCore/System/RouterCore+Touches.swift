/// One touch's life in its slot: down (hit-test, candidates, route), motion, up, the frame that
/// closes a batch, and device cancels (R2, R8). Slots are reused in place; nothing allocates.
extension RouterCore {
    /// A finger touched down on output 0 at layout `position` at `time`.
    @discardableResult
    mutating func touchDown(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        touchDown(id: id, at: position, output: 0, target: .hitTest, time: time)
    }

    /// A finger touched down on `output` at layout `position` at `time`. Edge zones and
    /// millimetres come from that output, local to its origin; `target` finds the surface
    /// (hit-testing happens at `position`).
    @discardableResult
    mutating func touchDown(id: Int32, at layoutPosition: Point, output: OutputID, target: TouchTarget,
                            time: Milliseconds) -> TouchInputResult {
        beginInstant(time)
        guard layoutPosition.isFiniteBySubtraction else {
            logger.log(.warning, "touch \(id): down at a non-finite position dropped")
            return .invalidPosition
        }
        guard let o = outputs.index(of: output) else {
            logger.log(.warning, "touch \(id): down on unknown output \(output) dropped")
            return .unknownOutput
        }
        guard slots.index(ofTouch: id) == nil else {
            logger.log(.warning, "touch \(id): down for an id that is already down, dropped")
            return .alreadyDown
        }
        guard let i = slots.firstFreeIndex() else {
            logger.log(.warning, "touch \(id): more than \(maxTouches) touches, down dropped")
            return .tooManyTouches
        }
        // A new finger fails every candidate that is still deciding (multi_touch).
        slots.forEachSlotWithCandidates { j in
            failPossibleCandidates(j, reason: .multiTouch, onlyIfMultiTouchRejects: true)
        }

        let origin = outputs[o].origin
        // Edge zones are the output's own: local to its origin.
        let position = Point(x: layoutPosition.x - origin.x, y: layoutPosition.y - origin.y)
        var result = TouchInputResult.accepted
        let surface: NodeTree.NodeID
        switch target {
        case .hitTest:
            surface = tree.hitTest(layoutPosition)
        case .surface(let named) where named == .none:
            surface = .root
        case .surface(let named):
            if named != .root && tree.contains(named) {
                surface = named
            } else {
                logger.log(.warning, "touch \(id): down on unknown surface \(named), taken as over no surface")
                surface = .root
                result = .unknownSurface
            }
        }
        slots[i].output = o
        slots[i].outputOrigin = origin
        slots[i].active = true
        slots[i].id = id
        slots.noteTouch(id, inSlot: i)
        slots[i].clientActive = false
        slots[i].holdDeadline = .never
        slots.forgetCandidates(i)
        slots[i].owner = .none
        slots[i].backHandler = .none
        slots[i].backIsApps = false
        slots[i].lastPosition = layoutPosition
        if surface != .root {
            slots[i].surface = surface
            slots[i].client = tree.tag(of: surface)
            let rect = tree.rect(of: surface)
            slots[i].surfaceOrigin = Point(x: rect.x, y: rect.y)
        } else {
            slots[i].surface = .none
            slots[i].client = -1
            slots[i].surfaceOrigin = .zero
        }

        createCandidates(i, at: position, layout: layoutPosition, time: time)

        if slots.hasPossibleLiveCandidate(i) {
            slots[i].route = .held
            slots[i].held.append(.init(kind: .down, position: layoutPosition, time: time))
            var window = Double.infinity
            // Read in place: binding a candidate would copy it.
            if slots[i].firstCandidate.role == .live {
                window = min(window, slots[i].firstCandidate.thresholds.holdWindow_ms)
            }
            if slots[i].hasSecondCandidate, slots[i].secondCandidate.role == .live {
                window = min(window, slots[i].secondCandidate.thresholds.holdWindow_ms)
            }
            slots[i].holdDeadline = time + Milliseconds(window)
            noteDeadline(slots[i].holdDeadline)
        } else if slots[i].surface != .none {
            slots[i].route = .client
            deliver(i, .down, position: layoutPosition, time: time)
        } else {
            slots[i].route = .swallowed
        }
        if let mf = multiFinger { feedMultiFinger(mf, .down(position), slot: i, time: time) }
        return result
    }

    /// A finger moved to layout `position` at `time`. The common case takes `touchMotion`
    /// (RouterCore+FastPath); this is everything else.
    @discardableResult
    @usableFromInline @inline(never)
    mutating func touchMotionInFull(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        beginInstant(time)
        guard let i = slotIndex(of: id) else { return Self.dropMotion(id, unknown: true, logger) }
        if slots[i].route == .client && !slots[i].hasCandidate && position.isFiniteBySubtraction {
            deliverMotion(i, position, time: time)
            if multiFinger != nil { noteMultiFingerMotion(i, position, time: time) }
            return .accepted
        }
        return touchMotion(slot: i, at: position, time: time)
    }

    /// `touchMotion` for a touch that is held, has candidates, or is not the client's.
    @usableFromInline @inline(never)
    mutating func touchMotion(slot i: Int, at layoutPosition: Point, time: Milliseconds) -> TouchInputResult {
        guard layoutPosition.isFiniteBySubtraction else { return Self.dropMotion(slots[i].id, unknown: false, logger) }
        let o = slots[i].output
        let wasHeld = slots[i].route == .held
        if wasHeld { slots[i].held.append(.init(kind: .motion, position: layoutPosition, time: time)) }

        if slots[i].hasCandidate {
            slots[i].lastPosition = layoutPosition
            let position_mm = outputs[o].geometry.toMillimetres(slots[i].outputLocal(layoutPosition))
            // Updated in place. Most samples change nothing visible (`.none`): no call for those.
            let verdict = slots[i].firstCandidate.motion(to: position_mm, time: time)
            if verdict != .none {
                handle(verdict, slot: i, which: 0)
            }
            if slots[i].hasSecondCandidate, case let verdict = slots[i].secondCandidate.motion(to: position_mm, time: time),
               verdict != .none {
                handle(verdict, slot: i, which: 1)
            }
        }
        // A held motion reached the client with the flush, if there was one.
        if !wasHeld && slots[i].route == .client {
            deliver(i, .motion, position: layoutPosition, time: time)
        }
        if multiFinger != nil { noteMultiFingerMotion(i, layoutPosition, time: time) }
        return .accepted
    }

    /// Logs a dropped motion: of an unknown touch, or to a non-finite position. Static, so that
    /// the touch path does not pass a copy of the router to it.
    @inline(never)
    private static func dropMotion(_ id: Int32, unknown: Bool, _ logger: Logger) -> TouchInputResult {
        if unknown {
            logger.log(.debug, "touch \(id): motion for an unknown touch dropped")
            return .unknownTouch
        }
        logger.log(.warning, "touch \(id): motion to a non-finite position dropped")
        return .invalidPosition
    }

    /// A finger lifted at `time`.
    @discardableResult
    mutating func touchUp(id: Int32, time: Milliseconds) -> TouchInputResult {
        beginInstant(time)
        guard let i = slotIndex(of: id) else {
            logger.log(.debug, "touch \(id): up for an unknown touch dropped")
            return .unknownTouch
        }
        let wasHeld = slots[i].route == .held
        if wasHeld { slots[i].held.append(.init(kind: .up, position: .zero, time: time)) }
        if slots[i].hasCandidate {
            liftCandidate(i, which: 0, time: time)
            if slots[i].hasSecondCandidate { liftCandidate(i, which: 1, time: time) }
        }
        if !wasHeld && slots[i].route == .client {
            deliver(i, .up, position: .zero, time: time)
        }
        if let mf = multiFinger { feedMultiFinger(mf, .up, slot: i, time: time) }
        release(i)
        return .accepted
    }

    /// The end of one input frame: every client that got events in this batch gets exactly
    /// one `clientFrame`, after those events. The common case takes `frameFast`.
    @usableFromInline @inline(never)
    mutating func frameInFull(time: Milliseconds) {
        beginInstant(time)
        // Looked at before binding: most frames carry no multi-finger progress.
        if multiFinger?.hasPendingChange == true, let mf = multiFinger { flushMultiFingerChanges(mf) }
        endBatch()
    }

    /// The device cancelled every touch (R8): running gestures report `systemCancelled`,
    /// deciding candidates fail `cancelled`, held events are dropped, and every client with
    /// active touches gets `clientCancel`.
    mutating func cancelAll(time: Milliseconds) {
        beginInstant(time)
        cancelTouches(onOutput: nil)
    }

    /// Cancels the active touches on output index `output` (every touch when `nil`), as a
    /// device cancel does (R8), and frees their slots.
    mutating func cancelTouches(onOutput output: Int?) {
        if let mf = multiFinger {
            for i in slots.indices where slots[i].active && (output == nil || slots[i].output == output) {
                feedMultiFinger(mf, .cancel, slot: i, time: now)
            }
        }
        cancelScratch.removeAll(keepingCapacity: true)
        for i in slots.indices where slots[i].active && (output == nil || slots[i].output == output) {
            // Held events are dropped first, so that failing the candidates cannot flush them.
            if slots[i].route == .held {
                slots[i].held.removeAll(keepingCapacity: true)
                slots[i].route = .swallowed
                slots[i].holdDeadline = .never
            }
            cancelCandidate(i, which: 0)
            cancelCandidate(i, which: 1)
            if slots[i].clientActive, !cancelScratch.contains(slots[i].client) {
                cancelScratch.append(slots[i].client)
            }
        }
        var k = 0
        while k < cancelScratch.count {
            cancelClient(cancelScratch[k])
            k += 1
        }
        for i in slots.indices where slots[i].active && (output == nil || slots[i].output == output) {
            release(i)
        }
    }

    private mutating func release(_ i: Int) {
        slots.forgetTouch(inSlot: i)
        slots[i].active = false
        slots[i].route = .swallowed
        slots[i].clientActive = false
        slots.forgetCandidates(i)
        slots[i].holdDeadline = .never
        if !slots[i].held.isEmpty { slots[i].held.removeAll(keepingCapacity: true) }
    }

    @inline(__always)
    func slotIndex(of id: Int32) -> Int? { slots.index(ofTouch: id) }
}
