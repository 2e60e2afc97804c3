import BezelCore
import CBezel
import CWaylandServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One Bezel instance inside a compositor: the protocol server, the router and the bridge to
/// the host's callbacks (`bezel.h`).
///
/// Single-threaded: everything happens on the thread that dispatches the display's event loop.
/// The object is handed to C as an opaque `struct bezel_plugin *` and kept alive by one
/// unmanaged retain until `bezel_plugin_destroy`.
final class Plugin {
    /// What the plugin knows about one `wl_surface`: its node once the host added it, and its
    /// `bezel_gesture_surface_v1` with the double-buffered request.
    final class SurfaceRecord {
        /// The `wl_surface` resource (the key in `surfaces`).
        let resource: OpaquePointer
        /// Destroy listener on `resource`; `nil` once fired or cancelled.
        var watch: OpaquePointer?
        /// The router node, while the host has the surface added.
        var node: NodeTree.NodeID?
        /// The live gesture object, if any.
        var gesture: OpaquePointer?
        /// `set_deferred_edges` received since the last commit.
        var pendingEdges: EdgeSet?
        /// `set_deferred_gestures` (version 2) received since the last commit.
        var pendingKinds: GestureKindSet?
        /// The committed `set_deferred_gestures`, or `nil` if the client never sent one.
        var committedKinds: GestureKindSet?
        /// The gesture object was destroyed; its deferral is cleared at the next commit.
        var pendingDestroy = false
        /// The committed request, replayed when the host adds the surface later.
        var committedEdges: EdgeSet = []
        /// A committed gesture object exists (as the router should see it).
        var committedObject = false
        /// Host policy mask (R6), replayed when the surface is added again.
        var policy: EdgeSet = .all
        /// The host's policy mask of multi-finger gesture kinds (`bezel_surface_set_gesture_policy`).
        var gesturePolicy: GestureKindSet = .all

        init(resource: OpaquePointer) { self.resource = resource }
    }

    /// A Wayland client as the router sees it.
    struct ClientEntry {
        var id: ClientID
        var watch: OpaquePointer
    }

    let display: OpaquePointer
    let host: bezel_host_interface
    let hostData: UnsafeMutableRawPointer?
    let router: SystemGestureRouter

    /// The protocol server (global, resources, listeners); `nil` after destroy.
    var server: OpaquePointer?
    /// The event-loop timer armed for `router.nextDeadline`; `nil` once the display is gone.
    var timer: OpaquePointer?
    /// The instant the timer is armed for.
    var armedDeadline = Milliseconds.never
    /// `false` once the display has been destroyed.
    var displayAlive = true

    var surfaces: [OpaquePointer: SurfaceRecord] = [:]
    var surfaceByNode = NodeMap<OpaquePointer>()
    var surfaceByGesture: [OpaquePointer: OpaquePointer] = [:]
    var clients: [OpaquePointer: ClientEntry] = [:]
    var clientByID = ClientTable()
    var nextClientID: ClientID = 1

    /// `true` while decisions are handed to the host; nested calls only queue.
    var delivering = false
    /// Gesture names as C strings, by gesture index (allocated once, freed in `deinit`; `nil`
    /// if `strdup` failed, then reported as "unknown").
    var gestureNames: [UnsafeMutablePointer<CChar>?] = []
    let clock = HostClock()

    init(display: OpaquePointer, host: bezel_host_interface, hostData: UnsafeMutableRawPointer?) {
        self.display = display
        self.host = host
        self.hostData = hostData
        let sink = HostLogSink(log: host.log, data: hostData)
        var logger = Logger(threshold: .info)
        if host.log != nil {
            logger.sink = { @Sendable (level: LogLevel, message: String) in sink.write(level, message) }
        }
        router = SystemGestureRouter(
            output: OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121),
            logger: logger)
        refreshGestureNames()
    }

    deinit {
        for name in gestureNames { free(name) }
    }

    /// Rebuilds the C strings of the gesture names from the router's configuration.
    func refreshGestureNames() {
        for name in gestureNames { free(name) }
        gestureNames = router.config.gestures.map { strdup($0.name) }
    }

    // MARK: - Logging

    /// Logs through the host's `log` callback (and the router's threshold).
    func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        router.logger.log(level, "bezel: " + message())
    }

    // MARK: - Time

    /// The router instant for a host timestamp. A time the clock had to adjust is logged
    /// (debug: hosts with coarse or mixed clocks would otherwise flood the log).
    func time(_ msec: UInt32) -> Milliseconds {
        let t = clock.instant(hostMsec: msec)
        switch clock.lastAdjustment {
        case .none:
            break
        case .clamped(let by):
            log(.debug, "time \(msec) went backwards by \(by) ms; using the latest time instead")
        case .implausible:
            log(.debug, "time \(msec) is more than \(Int(HostClock.plausibleSkew)) ms from CLOCK_MONOTONIC; using now")
        }
        return t
    }

    /// The router instant for "now".
    func now() -> Milliseconds { clock.now() }

    // MARK: - Delivering decisions

    /// Hands every pending router decision to the host, then re-arms the timer.
    ///
    /// Callbacks may call back into the plugin; decisions made then are picked up by the loop
    /// below instead of being delivered from inside another delivery.
    func flush() {
        if delivering { return }
        delivering = true
        // Taken one at a time from the router's queue: no copy of the batch. What a callback
        // makes the router decide joins the end of the queue and comes out of this loop.
        while let output = router.nextOutput() { deliver(output) }
        delivering = false
        armTimer()
    }

    private func gestureName(_ index: Int) -> UnsafePointer<CChar> {
        if index >= 0 && index < gestureNames.count, let name = gestureNames[index] { return UnsafePointer(name) }
        return unknownGestureName
    }

    private func deliver(_ output: RouterOutput) {
        let d = hostData
        switch output.event {
        case let .clientDown(_, surface, id, p, t):
            guard let res = surfaceByNode[surface] else { return dropped("down", id) }
            host.touch_down?(d, res, id, p.x, p.y, HostClock.msec(t))
        case let .clientMotion(_, surface, id, p, t):
            guard let res = surfaceByNode[surface] else { return dropped("motion", id) }
            host.touch_motion?(d, res, id, p.x, p.y, HostClock.msec(t))
        case let .clientUp(_, surface, id, t):
            guard let res = surfaceByNode[surface] else { return dropped("up", id) }
            host.touch_up?(d, res, id, HostClock.msec(t))
        case let .clientFrame(client):
            // A client that disconnected is no longer in the table: nothing to send.
            guard let c = clientByID[client] else { return }
            host.touch_frame?(d, c)
        case let .clientCancel(client):
            guard let c = clientByID[client] else { return }
            host.touch_cancel?(d, c)
        case .systemBegan, .systemChanged, .systemEnded, .systemCancelled, .systemFailed:
            deliverGesture(output)
        case let .affordanceShown(edge):
            if let fn = host.affordance { fn(d, output.output, edge.rawValue, true) }
            else { host.affordance_shown?(d, edge.rawValue) }
        case let .affordanceHidden(edge):
            if let fn = host.affordance { fn(d, output.output, edge.rawValue, false) }
            else { host.affordance_hidden?(d, edge.rawValue) }
        case let .honoredEdges(surface, edges):
            if let g = gestureResource(of: surface) { bzl_gesture_send_honored_edges(g, edges.rawValue) }
        case let .deferredSwipe(surface, edge):
            if let g = gestureResource(of: surface) { bzl_gesture_send_deferred_swipe(g, edge.rawValue) }
        case let .gestureTaken(surface, edge):
            if let g = gestureResource(of: surface) { bzl_gesture_send_gesture_taken(g, edge.rawValue) }
        case .dragCancel:
            host.cancel_drag?(d)
        case .multiFingerBegan, .multiFingerChanged, .multiFingerEnded, .multiFingerCancelled, .multiFingerFailed:
            deliverMultiFinger(output)
        case let .multiFingerTaken(surface, _):
            // gesture_taken(0) exists from version 2 on; a version-1 client gets only the cancel.
            if let g = gestureResource(of: surface), wl_resource_get_version(g) >= 2 {
                bzl_gesture_send_gesture_taken(g, 0)
            }
        case let .honoredGestures(surface, kinds):
            if let g = gestureResource(of: surface), wl_resource_get_version(g) >= 2 {
                bzl_gesture_send_honored_gestures(g, kinds.rawValue)
            }
        }
    }

    /// A multi-finger gesture event (DESIGN §4.5). Only the version 2 `gesture_event` callback
    /// can say what it is (kind, fingers, scale); a host without it gets a debug log line.
    private func deliverMultiFinger(_ output: RouterOutput) {
        guard let fn = host.gesture_event else {
            log(.debug, "multi-finger gesture event dropped: the host has no gesture_event callback")
            return
        }
        var e = bezel_gesture_event()
        e.output_id = output.output
        e.edge = 0
        e.scale = 1
        let m: MultiFingerGestureRef
        switch output.event {
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
        withUnsafePointer(to: &e) { fn(hostData, $0) }
    }

    /// A system gesture event: through the version 2 `gesture_event` callback if the host has
    /// one, else through the version 1 callback of its phase.
    private func deliverGesture(_ output: RouterOutput) {
        let d = hostData
        guard let fn = host.gesture_event else {
            switch output.event {
            case let .systemBegan(g, edge):
                host.gesture_began?(d, gestureName(g), edge.rawValue)
            case let .systemChanged(g, edge, travel, progress, velocity):
                host.gesture_changed?(d, gestureName(g), edge.rawValue, travel, progress, velocity)
            case let .systemEnded(g, edge, committed):
                host.gesture_ended?(d, gestureName(g), edge.rawValue, committed)
            case let .systemCancelled(g, edge):
                host.gesture_cancelled?(d, gestureName(g), edge.rawValue)
            case let .systemFailed(g, edge, reason):
                host.gesture_failed?(d, gestureName(g), edge.rawValue, reasonName(reason))
            default:
                break
            }
            return
        }
        var e = bezel_gesture_event()
        e.output_id = output.output
        e.kind = UInt32(BEZEL_GESTURE_KIND_EDGE.rawValue)
        e.fingers = 1
        e.scale = 1
        switch output.event {
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
        withUnsafePointer(to: &e) { fn(d, $0) }
    }

    private func dropped(_ what: String, _ id: Int32) {
        log(.debug, "touch \(id): \(what) for a surface that is gone, dropped")
    }

    private func gestureResource(of node: NodeTree.NodeID) -> OpaquePointer? {
        guard let res = surfaceByNode[node] else { return nil }
        return surfaces[res]?.gesture
    }

    // MARK: - Timer

    /// Arms the event-loop timer for the router's next deadline (or disarms it).
    func armTimer() {
        guard let timer else { return }
        let deadline = router.nextDeadline
        if deadline == armedDeadline { return }
        armedDeadline = deadline
        if deadline == .never {
            wl_event_source_timer_update(timer, 0)
            return
        }
        // Round up: firing a little late is harmless, firing early would find nothing due.
        let delay = (deadline - now()).value.rounded(.up)
        // `min`/`max` keep the conversion in range; a NaN (never expected) becomes 1 ms.
        let ms = delay.isNaN ? 1 : max(1, min(delay, 3_600_000))
        wl_event_source_timer_update(timer, Int32(ms))
    }

    /// The timer fired: let the router fire everything due by now.
    func timerFired() {
        armedDeadline = .never
        let deadline = router.nextDeadline
        var t = now()
        // The timer may fire a hair early relative to our clock; the deadline is what is due.
        if deadline != .never && deadline > t && (deadline - t).value < 2 { t = deadline }
        clock.note(t)
        router.advance(to: t)
        flush()
    }

    /// The router node of an added surface, or `nil` with a warning naming `call`.
    func node(of surface: OpaquePointer, _ call: String) -> NodeTree.NodeID? {
        if let node = surfaces[surface]?.node { return node }
        log(.warning, "\(call): wl_surface@\(wl_resource_get_id(surface)) was not added")
        return nil
    }

    // MARK: - Clients

    /// The router's id for `client`, registering it (with a destroy listener) on first use.
    func clientID(for client: OpaquePointer) -> ClientID? {
        if let entry = clients[client] { return entry.id }
        guard let server, let watch = bzl_watch_client(server, client) else { return nil }
        let id = nextClientID
        nextClientID &+= 1
        clients[client] = ClientEntry(id: id, watch: watch)
        clientByID[id] = client
        return id
    }

    // MARK: - Surfaces

    /// The record of `surface`, created (with a destroy listener) if needed.
    func record(for surface: OpaquePointer) -> SurfaceRecord? {
        if let r = surfaces[surface] { return r }
        guard let server, let watch = bzl_watch_resource(server, surface) else { return nil }
        let r = SurfaceRecord(resource: surface)
        r.watch = watch
        surfaces[surface] = r
        return r
    }

    /// Drops a record that no longer holds anything.
    func dropIfUnused(_ r: SurfaceRecord) {
        guard r.node == nil, r.gesture == nil, !r.committedObject, !r.pendingDestroy,
              r.policy == .all, r.gesturePolicy == .all else { return }
        if let w = r.watch { bzl_watch_cancel(w) }
        r.watch = nil
        surfaces[r.resource] = nil
    }

    /// Removes `r`'s node (and its subtree) from the router and forgets the nodes that went.
    func removeNode(of r: SurfaceRecord, time: Milliseconds) {
        guard let node = r.node else { return }
        // Subsurfaces go with it: the router names each node that went, so forgetting them
        // costs what was removed, not every surface of every client.
        router.removeSurface(node, time: time) { gone in
            if let res = surfaceByNode.removeValue(forKey: gone) { surfaces[res]?.node = nil }
        }
        r.node = nil
    }

    /// Sends the committed state of `r` to the router (after the host added the surface).
    func replay(_ r: SurfaceRecord, time: Milliseconds) {
        guard let node = r.node else { return }
        if r.policy != .all { router.setPolicyMask(r.policy, surface: node, time: time) }
        if r.gesturePolicy != .all { router.setGesturePolicyMask(r.gesturePolicy, surface: node, time: time) }
        if r.committedObject { router.commitDeferredEdges(r.committedEdges, surface: node, time: time) }
        if r.committedObject, let kinds = r.committedKinds { router.commitDeferredGestures(kinds, surface: node, time: time) }
    }

    /// Applies the double-buffered state of `surface` (its `wl_surface.commit`).
    func commit(surface: OpaquePointer, time: Milliseconds) {
        guard let r = surfaces[surface] else { return }
        if r.pendingDestroy {
            r.pendingDestroy = false
            r.committedObject = false
            r.committedEdges = []
            r.committedKinds = nil
            if let node = r.node { router.destroyGestureObject(surface: node, time: time) }
        }
        if r.gesture != nil, let edges = r.pendingEdges {
            r.pendingEdges = nil
            r.committedEdges = edges
            r.committedObject = true
            if let node = r.node { router.commitDeferredEdges(edges, surface: node, time: time) }
        }
        if r.gesture != nil, let kinds = r.pendingKinds {
            r.pendingKinds = nil
            r.committedKinds = kinds
            r.committedObject = true
            if let node = r.node { router.commitDeferredGestures(kinds, surface: node, time: time) }
        }
        flush()
    }

    /// The `wl_surface` resource is being destroyed.
    func surfaceDestroyed(_ r: SurfaceRecord) {
        r.watch = nil // freed by the shim after this call
        if let g = r.gesture {
            // The object stays with the client, inert, until it destroys it.
            bzl_gesture_make_inert(g)
            surfaceByGesture[g] = nil
            r.gesture = nil
        }
        let t = now()
        if let node = r.node {
            surfaceByNode[node] = nil
            removeNode(of: r, time: t)
        }
        surfaces[r.resource] = nil
        flush()
    }

    // MARK: - Teardown

    /// The display is being destroyed: drop the timer while the event loop still exists.
    func displayDestroyed() {
        displayAlive = false
        if let timer { wl_event_source_remove(timer) }
        timer = nil
    }

    /// Frees every Wayland-side resource of the plugin. No callback is invoked.
    func teardown() {
        if let timer { wl_event_source_remove(timer) }
        timer = nil
        // The shim cancels every watch and makes every resource inert.
        if let server { bzl_server_destroy(server) }
        server = nil
        surfaces.removeAll()
        surfaceByNode.removeAll()
        surfaceByGesture.removeAll()
        clients.removeAll()
        clientByID.removeAll()
    }
}

/// Forwards router log lines to the host's `log` callback.
///
/// `@unchecked Sendable`: the logger's sink must be `Sendable`, but the plugin is used on the
/// compositor's thread only, so the host pointer never crosses threads.
struct HostLogSink: @unchecked Sendable {
    let log: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?
    let data: UnsafeMutableRawPointer?

    func write(_ level: LogLevel, _ message: String) {
        guard let log else { return }
        message.withCString { log(data, Int32(level.rawValue), $0) }
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
