import BezelCore
import CBezel
import CWaylandServer

/// Delivering the router's decisions to the host's callbacks and to clients' gesture objects,
/// with the event-log line of each (section 5 of bezel.h).
extension Plugin {
    /// Hands every pending router decision to the host, then re-arms the timer.
    ///
    /// Callbacks may call back into the plugin; decisions made then are picked up by the loop
    /// below instead of being delivered from inside another delivery.
    func deliverDecisions() {
        if delivering { return }
        delivering = true
        // Taken one at a time from the router's queue: no copy of the batch. What a callback
        // makes the router decide joins the end of the queue and comes out of this loop.
        while let decision = router.nextDecision() { deliver(decision) }
        delivering = false
        freeRetiredGestureNames()
        armTimer()
    }

    /// A fixed event-log line (no allocation: the text is static).
    func logEvent(_ text: StaticString) {
        guard let eventLog else { return }
        bzl_evlog_text(eventLog, UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self))
    }

    /// The C string of gesture `index` (a static "unknown" when it has none).
    func gestureName(_ index: Int) -> UnsafePointer<CChar> {
        if index >= 0 && index < gestureNames.count, let name = gestureNames[index] { return UnsafePointer(name) }
        return unknownGestureName
    }

    private func deliver(_ decision: RouterDecision) {
        let d = hostData
        switch decision.event {
        case let .clientDown(_, surface, id, p, t):
            guard let res = surfaceByNode[surface] else { return dropped("down", id) }
            deliverDown(res, id, p, clock.hostMsec(t))
        case let .clientMotion(_, surface, id, p, t):
            guard let res = surfaceByNode[surface] else { return dropped("motion", id) }
            if isRefused(id) { return }
            host.touch_motion?(d, res, id, p.x, p.y, clock.hostMsec(t))
            bzl_evlog_touch(eventLog, 1, Int32(BZL_EVLOG_MOTION.rawValue), id, p.x, p.y, clock.hostMsec(t))
        case let .clientUp(_, surface, id, t):
            guard let res = surfaceByNode[surface] else { return dropped("up", id) }
            if forgetRefused(id) { return }
            host.touch_up?(d, res, id, clock.hostMsec(t))
            bzl_evlog_touch(eventLog, 1, Int32(BZL_EVLOG_UP.rawValue), id, 0, 0, clock.hostMsec(t))
        case let .clientFrame(client):
            // A client that disconnected is no longer in the table: nothing to send.
            guard let c = clientByID[client] else { return }
            host.touch_frame?(d, c)
            logEvent("send frame")
        case let .clientCancel(client):
            guard let c = clientByID[client] else { return }
            host.touch_cancel?(d, c)
            logEvent("send cancel")
        case .systemBegan, .systemChanged, .systemEnded, .systemCancelled, .systemFailed:
            deliverGesture(decision)
        case let .affordanceShown(edge):
            bzl_evlog_affordance(eventLog, decision.output, edge.rawValue, 1)
            if let fn = host.affordance { fn(d, decision.output, edge.rawValue, true) }
            else { host.affordance_shown?(d, edge.rawValue) }
        case let .affordanceHidden(edge):
            bzl_evlog_affordance(eventLog, decision.output, edge.rawValue, 0)
            if let fn = host.affordance { fn(d, decision.output, edge.rawValue, false) }
            else { host.affordance_hidden?(d, edge.rawValue) }
        case let .honoredEdges(surface, edges):
            if let g = gestureResource(of: surface) { bzl_gesture_send_honored_edges(g, edges.rawValue) }
        case let .deferredSwipe(surface, edge):
            if let g = gestureResource(of: surface) { bzl_gesture_send_deferred_swipe(g, edge.rawValue) }
        case let .gestureTaken(surface, edge):
            if let g = gestureResource(of: surface) { bzl_gesture_send_gesture_taken(g, edge.rawValue) }
        case .dragCancel:
            logEvent("drag cancelled")
            host.cancel_drag?(d)
        case .multiFingerBegan, .multiFingerChanged, .multiFingerEnded, .multiFingerCancelled, .multiFingerFailed:
            deliverMultiFinger(decision)
        case let .multiFingerTaken(surface, _):
            // gesture_taken(0) exists from version 2 on; a version-1 client gets only the cancel.
            if let g = gestureResource(of: surface), wl_resource_get_version(g) >= 2 {
                bzl_gesture_send_gesture_taken(g, 0)
            }
        case let .honoredGestures(surface, kinds):
            if let g = gestureResource(of: surface), wl_resource_get_version(g) >= 2 {
                bzl_gesture_send_honored_gestures(g, kinds.rawValue)
            }
        case let .backEdges(surface, edges):
            if let g = gestureResource(of: surface) { bzl_gesture_send_back_edges(g, edges.rawValue) }
        case let .backBegan(surface, edge, p):
            if let g = gestureResource(of: surface) { bzl_gesture_send_back_began(g, edge.rawValue, p.x, p.y) }
        case let .backChanged(surface, progress, p):
            if let g = gestureResource(of: surface) { bzl_gesture_send_back_changed(g, progress, p.x, p.y) }
        case let .backInvoked(surface):
            if let g = gestureResource(of: surface) { bzl_gesture_send_back_ended(g, true) }
        case let .backCancelled(surface):
            if let g = gestureResource(of: surface) { bzl_gesture_send_back_ended(g, false) }
        }
    }

    /// A down for a client. The host may refuse it from inside the call (bezel_touch_refused):
    /// then nothing more of that touch goes to the client, and no `send down` line is written.
    private func deliverDown(_ res: OpaquePointer, _ id: Int32, _ p: Point, _ time: UInt32) {
        _ = forgetRefused(id) // a new touch with this id
        let outer = (deliveringDown, downRefused)
        deliveringDown = id
        downRefused = false
        host.touch_down?(hostData, res, id, p.x, p.y, time)
        let refused = downRefused
        (deliveringDown, downRefused) = outer
        if refused {
            if refusedTouches.count < 64 { refusedTouches.append(id) }
            return
        }
        bzl_evlog_touch(eventLog, 1, Int32(BZL_EVLOG_DOWN.rawValue), id, p.x, p.y, time)
    }

    /// The host refused the down of touch `id`.
    private func isRefused(_ id: Int32) -> Bool {
        !refusedTouches.isEmpty && refusedTouches.contains(id)
    }

    /// Forgets that touch `id` was refused; `true` if it was.
    private func forgetRefused(_ id: Int32) -> Bool {
        guard !refusedTouches.isEmpty, let i = refusedTouches.firstIndex(of: id) else { return false }
        refusedTouches.remove(at: i)
        return true
    }

    /// A multi-finger gesture event (docs/design.md §4.5). Only the version 2 `gesture_event` callback
    /// can say what it is (kind, fingers, scale); a host without it gets a debug log line.
    private func deliverMultiFinger(_ decision: RouterDecision) {
        var e = bezel_gesture_event()
        e.output_id = decision.output
        e.edge = 0
        e.scale = 1
        let m: MultiFingerGestureRef
        switch decision.event {
        case let .multiFingerBegan(g):
            m = g; e.phase = UInt32(BEZEL_GESTURE_BEGAN.rawValue)
        case let .multiFingerChanged(g, travel, progress, velocity, scale):
            m = g; e.phase = UInt32(BEZEL_GESTURE_CHANGED.rawValue)
            e.travel_mm = travel; e.progress = progress; e.velocity_mm_s = velocity; e.scale = scale
        case let .multiFingerEnded(g, committed):
            m = g; e.phase = UInt32(BEZEL_GESTURE_ENDED.rawValue); e.committed = committed
        case let .multiFingerCancelled(g):
            m = g; e.phase = UInt32(BEZEL_GESTURE_CANCELLED.rawValue)
        case let .multiFingerFailed(g, reason):
            m = g; e.phase = UInt32(BEZEL_GESTURE_FAILED.rawValue); e.reason = reasonName(reason)
        default:
            return
        }
        e.gesture = gestureName(m.gesture)
        e.kind = m.kind.rawValue
        e.fingers = UInt32(m.fingers)
        withUnsafePointer(to: &e) { bzl_evlog_gesture(eventLog, $0) }
        guard let fn = host.gesture_event else {
            log(.debug, "multi-finger gesture event dropped: the host has no gesture_event callback")
            return
        }
        withUnsafePointer(to: &e) { fn(hostData, $0) }
    }

    /// A system gesture event: through the version 2 `gesture_event` callback if the host has
    /// one, else through the version 1 callback of its phase.
    private func deliverGesture(_ decision: RouterDecision) {
        let d = hostData
        var e = bezel_gesture_event()
        e.output_id = decision.output
        e.kind = UInt32(BEZEL_GESTURE_KIND_EDGE.rawValue)
        e.fingers = 1
        e.scale = 1
        switch decision.event {
        case let .systemBegan(g, edge):
            e.phase = UInt32(BEZEL_GESTURE_BEGAN.rawValue)
            e.gesture = gestureName(g); e.edge = edge.rawValue
        case let .systemChanged(g, edge, travel, progress, velocity):
            e.phase = UInt32(BEZEL_GESTURE_CHANGED.rawValue)
            e.gesture = gestureName(g); e.edge = edge.rawValue
            e.travel_mm = travel; e.progress = progress; e.velocity_mm_s = velocity
        case let .systemEnded(g, edge, committed):
            e.phase = UInt32(BEZEL_GESTURE_ENDED.rawValue)
            e.gesture = gestureName(g); e.edge = edge.rawValue
            e.committed = committed
        case let .systemCancelled(g, edge):
            e.phase = UInt32(BEZEL_GESTURE_CANCELLED.rawValue)
            e.gesture = gestureName(g); e.edge = edge.rawValue
        case let .systemFailed(g, edge, reason):
            e.phase = UInt32(BEZEL_GESTURE_FAILED.rawValue)
            e.gesture = gestureName(g); e.edge = edge.rawValue
            e.reason = reasonName(reason)
        default:
            return
        }
        e.app_handled = decision.appHandled
        withUnsafePointer(to: &e) { bzl_evlog_gesture(eventLog, $0) }
        if let fn = host.gesture_event {
            withUnsafePointer(to: &e) { fn(d, $0) }
            return
        }
        // The version 1 callbacks cannot say "the app's": such a host is not told (bezel.h).
        if e.app_handled { return }
        switch e.phase {
        case UInt32(BEZEL_GESTURE_BEGAN.rawValue):
            host.gesture_began?(d, e.gesture, e.edge)
        case UInt32(BEZEL_GESTURE_CHANGED.rawValue):
            host.gesture_changed?(d, e.gesture, e.edge, e.travel_mm, e.progress, e.velocity_mm_s)
        case UInt32(BEZEL_GESTURE_ENDED.rawValue):
            host.gesture_ended?(d, e.gesture, e.edge, e.committed)
        case UInt32(BEZEL_GESTURE_CANCELLED.rawValue):
            host.gesture_cancelled?(d, e.gesture, e.edge)
        default:
            host.gesture_failed?(d, e.gesture, e.edge, e.reason)
        }
    }

    private func dropped(_ what: String, _ id: Int32) {
        log(.debug, "touch \(id): \(what) for a surface that is gone, dropped")
    }

    private func gestureResource(of node: NodeTree.NodeID) -> OpaquePointer? {
        guard let res = surfaceByNode[node] else { return nil }
        return surfaces[res]?.gesture
    }
}

/// Name passed for a gesture index the configuration does not have (never expected).
private var unknownGestureName: UnsafePointer<CChar> {
    UnsafeRawPointer(("unknown" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}

/// A failure reason's name as a static C string (no allocation on the way to the host).
private func reasonName(_ reason: FailureReason) -> UnsafePointer<CChar> {
    let name: StaticString
    switch reason {
    case .tap: name = "tap"
    case .lateral: name = "lateral"
    case .still: name = "still"
    case .multiTouch: name = "multi_touch"
    case .excluded: name = "excluded"
    case .deferred: name = "deferred"
    case .drag: name = "drag"
    case .locked: name = "locked"
    case .cancelled: name = "cancelled"
    case .lifted: name = "lifted"
    }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}
