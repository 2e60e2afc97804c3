/// Client delivery (R2): held events flushed in order, surface-local positions, one
/// `clientFrame` per client and batch, and `wl_touch.cancel`.
extension RouterCore {
    /// Sends the held events of slot `i` to its client in order, with their original times.
    mutating func flushHeld(_ i: Int) {
        slots[i].holdDeadline = .never
        guard slots[i].route == .held else { return }
        slots[i].route = slots[i].surface != .none ? .client : .swallowed
        if slots[i].route == .client {
            var k = 0
            while k < slots[i].held.count {
                let e = slots[i].held[k]
                switch e.kind {
                case .down: deliver(i, .down, position: e.position, time: e.time)
                case .motion: deliver(i, .motion, position: e.position, time: e.time)
                case .up: deliver(i, .up, position: e.position, time: e.time)
                }
                k += 1
            }
        }
        slots[i].held.removeAll(keepingCapacity: true)
    }

    mutating func deliver(_ i: Int, _ kind: TouchSlot.HeldEvent.Kind, position: Point, time: Milliseconds) {
        let client = slots[i].client, surface = slots[i].surface, id = slots[i].id
        // Surface-local from where the surface is now, not where it was at the down (§4.3).
        let origin = slots[i].surfaceOrigin
        let local = Point(x: position.x - origin.x, y: position.y - origin.y)
        switch kind {
        case .down:
            slots[i].clientActive = true
            emit(.clientDown(client: client, surface: surface, id: id, position: local, time: time))
        case .motion:
            emit(.clientMotion(client: client, surface: surface, id: id, position: local, time: time))
        case .up:
            slots[i].clientActive = false
            emit(.clientUp(client: client, surface: surface, id: id, time: time))
        }
        oweFrame(client)
    }

    /// `deliver(i, .motion, ...)` for a motion at layout `position`: the most common event of
    /// all. Same arithmetic as `deliver`: surface-local from the layout position.
    @inlinable @inline(__always)
    mutating func deliverMotion(_ i: Int, _ position: Point, time: Milliseconds) {
        let client = slots[i].client
        emit(motionEvent(i, position, time: time))
        oweFrame(client)
    }

    /// The `clientMotion` of slot `i` for a motion at layout `position`.
    @inlinable @inline(__always)
    func motionEvent(_ i: Int, _ position: Point, time: Milliseconds) -> RouterEvent {
        let surfaceOrigin = slots[i].surfaceOrigin
        let local = Point(x: position.x - surfaceOrigin.x, y: position.y - surfaceOrigin.y)
        return .clientMotion(client: slots[i].client, surface: slots[i].surface, id: slots[i].id,
                             position: local, time: time)
    }

    /// Notes that `client` got an event in this batch and is owed a `clientFrame`.
    @inlinable @inline(__always)
    mutating func oweFrame(_ client: ClientID) {
        framePending.note(client)
    }

    /// `wl_touch.cancel` ends every touch of `client`; none of them gets another event.
    mutating func cancelClient(_ client: ClientID) {
        if let k = framePending.firstIndex(of: client) {
            // Close what the client already got in this batch, so nothing follows the cancel.
            framePending.remove(at: k)
            emit(.clientFrame(client: client))
        }
        emit(.clientCancel(client: client))
        logger.log(.info, "client \(client): touches cancelled")
        for j in slots.indices where slots[j].active && slots[j].client == client && slots[j].clientActive {
            slots[j].clientActive = false
            if slots[j].route == .client { slots[j].route = .swallowed }
        }
    }

    /// Closes the batch: every client that got events in it gets its `clientFrame`. Most
    /// batches have one client, which is done here without a call.
    @inline(__always)
    mutating func endBatch() {
        switch framePending.count {
        case 0:
            return
        case 1:
            emit(.clientFrame(client: framePending.first))
            framePending.count = 0
        default:
            sendFrames()
        }
    }

    /// Emits the `clientFrame` each client of this batch is owed, in the order they got events.
    @inline(never)
    private mutating func sendFrames() {
        var k = 0
        while k < framePending.count {
            emit(.clientFrame(client: framePending[k]))
            k += 1
        }
        framePending.removeAll()
    }
}
