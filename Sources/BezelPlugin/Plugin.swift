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
        /// `set_deferred_region` (version 3) received since the last commit, already copied.
        var pendingRegion: DeferredRegionRequest?
        /// The committed region (surface-local rects, as read), or `nil` for the whole surface.
        /// The router shares its storage (`commitDeferredRegion(pixelRects:)`): no copy of it.
        var committedRegion: ContiguousArray<DeferredRegion.PixelRect>?
        /// Where the host's reader writes a `set_deferred_region`'s rectangles (those of a pending
        /// `.rects` region): the storage of the region committed before the last one, reused
        /// (`commitRegion` trades it with the committed one).
        var pendingRects: ContiguousArray<DeferredRegion.PixelRect> = []
        /// The boxes a boxes reader lent for the pending and the committed region (traded with
        /// the rectangles), so that a region sent again is compared as it was lent; `nil` when
        /// the region did not come from a boxes reader.
        var pendingBoxes: ContiguousArray<bezel_box>?
        var committedBoxes: ContiguousArray<bezel_box>?
        /// `set_back_handling` (version 4) received since the last commit.
        var pendingBack: Bool?
        /// The committed back handling (R10), replayed when the host adds the surface later.
        var committedBack = false
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
        /// The top-level surface's node (this surface's own for a top-level one), while added:
        /// whose full-screen fact decides this surface's policy (Plugin+Policy).
        var topLevel: NodeTree.NodeID?
        /// The host's fact for a top-level surface (`bezel_surface_set_fullscreen`); `nil`
        /// until given, and again once the surface is removed.
        var fullscreen: Bool?
        /// The router has this surface's policy masks and its committed deferral: the policy
        /// is known. Until then its requests wait here and nothing is honoured or sent.
        var applied = false
        /// The masks last written as a `surface policy` event-log line.
        var loggedPolicy: (edges: EdgeSet, kinds: GestureKindSet)?

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
    /// The touch whose down the host is being asked to deliver (for `bezel_touch_refused`).
    var deliveringDown: Int32?
    /// That down was refused by the host.
    var downRefused = false
    /// Touches whose down a host refused: nothing more of them goes to the client.
    var refusedTouches: ContiguousArray<Int32> = []

    /// The plugin decides each surface's policy (`bezel_plugin_decide_policy`).
    var decidesPolicy = false
    /// The `[bezel]` settings in force (HostSettings), canonical values by key.
    var settings = HostSettings.defaults
    /// The gesture settings of the configuration in force, as written (for `set_setting`).
    var gestureEntries: [(key: String, value: String)] = []
    /// The event log (`struct bezel_event_log *`), or `nil`.
    var eventLog: OpaquePointer?
    /// The host's wl_region reader (`bezel_plugin_set_region_reader`) and its data.
    var regionReader: bezel_region_reader?
    /// The host's boxes reader (`bezel_plugin_set_region_boxes_reader`), used instead when set.
    var regionBoxesReader: bezel_region_boxes_reader?
    /// The data passed to whichever reader is registered.
    var regionReaderData: UnsafeMutableRawPointer?
    /// A version 3 region came without a reader: logged once.
    var warnedNoRegionReader = false
    /// The outputs as the host described them (by id), before `output-*-mm` apply: where a
    /// layout touch lands, and what to re-apply when those settings change.
    var hostOutputs: ContiguousArray<HostOutput> = [HostOutput(id: 0, x: 0, y: 0, width: 1080, height: 1920,
                                                               widthMm: 68, heightMm: 121, transform: 0)]
    /// Gesture names as C strings, by gesture index (`nil` if `strdup` failed, then reported as
    /// "unknown"). Replaced when the configuration changes; freed in `deinit`.
    var gestureNames: [UnsafeMutablePointer<CChar>?] = []
    /// Names replaced while a delivery ran: a callback may still read its `event->gesture`
    /// after reconfiguring, so they are freed only once the delivery returns (`flush`).
    var retiredGestureNames: [UnsafeMutablePointer<CChar>?] = []
    /// Busy while the host's `log` callback runs (no call may re-enter the plugin then).
    let logGate: LogGate
    let clock = HostClock()

    init(display: OpaquePointer, host: bezel_host_interface, hostData: UnsafeMutableRawPointer?) {
        self.display = display
        self.host = host
        self.hostData = hostData
        logGate = LogGate()
        let sink = HostLogSink(log: host.log, data: hostData, gate: logGate)
        var logger = Logger(threshold: .info)
        if host.log != nil {
            logger.sink = { @Sendable (level: LogLevel, message: String) in sink.write(level, message) }
        }
        router = SystemGestureRouter(
            output: OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121),
            logger: logger)
        refreshGestureNames()
        refusedTouches.reserveCapacity(16)
    }

    deinit {
        for name in gestureNames { free(name) }
        for name in retiredGestureNames { free(name) }
        if let eventLog { bezel_event_log_close(eventLog) }
    }

    /// Rebuilds the C strings of the gesture names from the router's configuration. During a
    /// delivery the old ones are retired, not freed: the callback may be holding one.
    func refreshGestureNames() {
        if delivering { retiredGestureNames.append(contentsOf: gestureNames) }
        else { for name in gestureNames { free(name) } }
        gestureNames = router.config.gestures.map { strdup($0.name) }
    }

    /// Frees the names retired during the delivery that just returned.
    func freeRetiredGestureNames() {
        if retiredGestureNames.isEmpty { return }
        for name in retiredGestureNames { free(name) }
        retiredGestureNames.removeAll()
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
            log(.debug, "time \(msec) is more than \(Int(HostClock.plausibleSkew)) ms from CLOCK_MONOTONIC; placed at now, or at the host's step from the run of such times it continues")
        }
        return t
    }

    /// The router instant for "now".
    func now() -> Milliseconds { clock.now() }

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
        deliverDecisions()
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
            if let res = surfaceByNode.removeValue(forKey: gone), let gr = surfaces[res] { gr.forgetNode() }
        }
        r.forgetNode()
    }

    /// Sends the committed state of `r` to the router, once its policy is known (after the
    /// host added the surface, or gave the fact that decides its policy).
    func replay(_ r: SurfaceRecord, time: Milliseconds) {
        guard let node = r.node else { return }
        if r.committedObject { router.commitDeferredEdges(r.committedEdges, surface: node, time: time) }
        if r.committedObject, let kinds = r.committedKinds { router.commitDeferredGestures(kinds, surface: node, time: time) }
        if r.committedObject, let region = r.committedRegion { sendRegion(region, surface: node, time: time) }
        if r.committedObject, r.committedBack { router.commitBackHandling(true, surface: node, time: time) }
    }

    /// Applies the double-buffered state of `surface` (its `wl_surface.commit`). The router
    /// hears of it only while the surface's policy is known (`applied`); until then it waits
    /// in the record and `replay` sends it.
    func commit(surface: OpaquePointer, time: Milliseconds) {
        guard let r = surfaces[surface] else { return }
        let node = r.applied ? r.node : nil
        if r.pendingDestroy {
            r.pendingDestroy = false
            r.committedObject = false
            r.committedEdges = []
            r.committedKinds = nil
            r.committedRegion = nil
            r.committedBoxes = nil
            r.committedBack = false
            if let node { router.destroyGestureObject(surface: node, time: time) }
        }
        if r.gesture != nil, let region = r.pendingRegion { commitRegion(region, of: r, node: node, time: time) }
        if r.gesture != nil, let edges = r.pendingEdges {
            r.pendingEdges = nil
            r.committedEdges = edges
            r.committedObject = true
            if let node { router.commitDeferredEdges(edges, surface: node, time: time) }
        }
        if r.gesture != nil, let kinds = r.pendingKinds {
            r.pendingKinds = nil
            r.committedKinds = kinds
            r.committedObject = true
            if let node { router.commitDeferredGestures(kinds, surface: node, time: time) }
        }
        // After the deferral: at one commit, honored_edges comes before back_edges (§4.6).
        if r.gesture != nil, let back = r.pendingBack {
            r.pendingBack = nil
            r.committedBack = back
            r.committedObject = true
            if let node { router.commitBackHandling(back, surface: node, time: time) }
        }
        deliverDecisions()
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
            bzl_evlog_text(eventLog, "surface destroyed")
            surfaceByNode[node] = nil
            removeNode(of: r, time: t)
        }
        surfaces[r.resource] = nil
        deliverDecisions()
    }

    // MARK: - Teardown

    /// The display is being destroyed: drop the timer while the event loop still exists.
    func displayDestroyed() {
        displayAlive = false
        attachEventLog() // its idle flush goes with the loop
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

extension Plugin.SurfaceRecord {
    /// The node went (removed by the host, or with an ancestor): what was tied to it goes too.
    func forgetNode() {
        node = nil
        topLevel = nil
        fullscreen = nil
        applied = false
        loggedPolicy = nil
    }
}

/// An output as the host described it, before `output-width-mm` / `-height-mm` apply.
struct HostOutput {
    var id: UInt32
    var x: Int32, y: Int32, width: Int32, height: Int32, widthMm: Int32, heightMm: Int32, transform: Int32
}

/// Forwards router log lines to the host's `log` callback.
///
/// `@unchecked Sendable`: the logger's sink must be `Sendable`, but the plugin is used on the
/// compositor's thread only, so the host pointer never crosses threads.
struct HostLogSink: @unchecked Sendable {
    let log: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?
    let data: UnsafeMutableRawPointer?
    let gate: LogGate

    func write(_ level: LogLevel, _ message: String) {
        guard let log else { return }
        gate.depth += 1
        defer { gate.depth -= 1 }
        message.withCString { log(data, Int32(level.rawValue), $0) }
    }
}

/// Counts the host's `log` calls in progress. A line is written from wherever the router
/// is, often halfway through a change, so while one runs every call into the plugin is
/// refused with `BEZEL_ERROR_BUSY` (bezel.h, "Callbacks").
///
/// `@unchecked Sendable`: used on the compositor's thread only, like the plugin.
final class LogGate: @unchecked Sendable {
    var depth = 0
    /// A `log` call is running.
    var busy: Bool { depth > 0 }
}

