/// The router's state and decision logic. `SystemGestureRouter` wraps it so that each public
/// call costs one exclusivity check instead of one per field access on the touch path.
///
/// The slot table and the output and client lists are classes, written in place without
/// copy-on-write checks; a copy of this value would share them, so the router holds the only one.
struct RouterCore {
    /// Decisions waiting for the host (`nextOutput()`, `drain`), in emission order.
    let pending = OutputQueue(capacity: 256)
    /// The surface tree used for hit-testing.
    var tree: NodeTree
    /// The active configuration.
    var config: SystemGestureConfig
    /// The outputs the touches arrive on: layout positions, sizes, armed edges.
    var outputs: OutputLayout
    /// Where log lines go.
    var logger: Logger
    /// The most touches tracked at once; further touch-downs are dropped with a log line.
    let maxTouches: Int
    /// The router's current instant: the latest time it has been given.
    var now: Milliseconds = .zero
    /// Whether the compositor is locked (R6).
    var isLocked = false
    /// Whether a drag-and-drop session is active (R7).
    var isDragActive = false

    /// One slot per possible touch, read and written in place.
    let slots: TouchSlotTable
    var deferrals: [NodeTree.NodeID: SurfaceDeferral] = [:]
    var dragCancelRequested = false
    /// A lower bound on `nextDeadline`: no timer is due before it. Anything that adds a
    /// deadline lowers it; removing one leaves it conservative. It lets the touch path skip the
    /// timer scan on almost every event.
    var deadlineLowerBound: Milliseconds = .never
    /// Clients that got events in the current batch and are owed one `clientFrame`.
    let framePending = ReusableBuffer<ClientID>(capacity: 16)
    /// Scratch list of clients to cancel, reused to avoid allocating.
    let cancelScratch = ReusableBuffer<ClientID>(capacity: 16)
    /// The multi-finger gestures (DESIGN §4.5), or `nil` when `multi_finger` is empty.
    var multiFinger: MultiFingerGestures?

    /// Creates a router for one output.
    ///
    /// - Parameters:
    ///   - output: size of the output in logical px and mm.
    ///   - config: thresholds, bindings and gestures.
    ///   - maxTouches: how many touches are tracked at once.
    ///   - logger: where decisions and dropped input are logged.
    init(output: OutputGeometry, config: SystemGestureConfig = SystemGestureConfig(),
                maxTouches: Int = 16, logger: Logger = .silent) {
        self.outputs = OutputLayout(output0: output)
        self.config = config
        self.logger = logger
        self.maxTouches = max(1, maxTouches)
        self.tree = NodeTree(bounds: output.bounds)
        self.slots = TouchSlotTable(count: self.maxTouches)
        self.multiFinger = MultiFingerGestures(config: config, slotCount: self.maxTouches, logger: logger)
    }

    /// Hands every pending decision to `body` in order and empties the queue (keeping its storage).
    mutating func drain(_ body: (RouterOutput) -> Void) {
        while let o = pending.takeNext() { body(o) }
    }

    /// Discards pending decisions without looking at them (benchmarks).
    mutating func discardPending() { pending.removeAll() }

    /// Replaces output 0's geometry (a mode change or rotation). Active touches keep their
    /// candidates, which were judged in the old geometry. Does nothing if output 0 was removed.
    mutating func setOutput(_ output: OutputGeometry) {
        guard let k = outputs.index(of: 0) else { return }
        _ = updateOutput(0, origin: outputs[k].origin, geometry: output)
    }

    /// Replaces the configuration. Candidates already running keep the thresholds they began with.
    /// Replaces the configuration, keeping every gesture of the old one at its index: a swipe
    /// still being decided names its gesture by an index into the old list.
    mutating func setConfig(_ config: SystemGestureConfig) {
        self.config = config.keepingGestureIndices(of: self.config)
        if !(multiFinger?.matches(self.config) ?? self.config.multiFinger.isEmpty) {
            replaceMultiFinger(with: self.config)
        }
    }

    // MARK: - Surfaces and deferral

    /// Adds a surface of `client` on top of its siblings. `parent == nil` makes it top-level.
    /// - Returns: the surface's node, or `nil` if `parent` does not exist.
    mutating func addSurface(client: ClientID, rect: Rect, parent: NodeTree.NodeID? = nil) -> NodeTree.NodeID? {
        tree.add(rect: rect, parent: parent ?? .root, tag: client)
    }

    /// Moves or resizes a surface (output coordinates).
    mutating func setSurfaceRect(_ rect: Rect, surface: NodeTree.NodeID) {
        tree.setRect(rect, of: surface)
    }

    /// The client that owns `surface`, or -1.
    func client(of surface: NodeTree.NodeID) -> ClientID { tree.tag(of: surface) }

    /// Removes a surface and its subsurfaces. Held events for them are dropped, and a client
    /// that had received a touch there gets `clientCancel`. Running system gestures continue.
    /// `removed` is called with every node that went, deepest first; it must not call back into
    /// the router.
    ///
    /// Costs the size of the removed subtree plus the touch slots, never the size of the tree.
    mutating func removeSurface(_ surface: NodeTree.NodeID, time: Milliseconds,
                                removed: (NodeTree.NodeID) -> Void = { _ in }) {
        beginInstant(time)
        cancelScratch.removeAll(keepingCapacity: true)
        // The walk mutates `tree`, so the closure may not touch `self`: the deferrals are moved
        // out for its duration (no copy, the table stays uniquely referenced).
        var deferrals = self.deferrals
        self.deferrals = [:]
        tree.remove(surface) { node in
            if !deferrals.isEmpty { deferrals[node] = nil }
            removed(node)
        }
        self.deferrals = deferrals
        // A touch on a surface that went is no longer in the tree: one look per slot.
        for i in slots.indices where slots[i].active && slots[i].surface != .none
            && !tree.contains(slots[i].surface) {
            if slots[i].route == .held {
                logger.log(.debug, "touch \(slots[i].id): surface removed, \(slots[i].held.count) held events dropped")
                slots[i].held.removeAll(keepingCapacity: true)
                slots[i].route = .swallowed
                slots[i].holdDeadline = .never
            }
            if slots[i].clientActive, !cancelScratch.contains(slots[i].client) {
                cancelScratch.append(slots[i].client)
            }
            slots[i].surface = .none
        }
        var k = 0
        while k < cancelScratch.count {
            cancelClient(cancelScratch[k])
            k += 1
        }
    }

    /// Applies a committed `set_deferred_edges`, creating the surface's gesture object if it
    /// has none. `honoredEdges` is emitted when the honoured set changes (or on creation).
    mutating func commitDeferredEdges(_ edges: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard acceptsDeferral(surface, request: "defer") else { return }
        var requested = edges
        if requested.hasUnknownBits {
            logger.log(.warning, "defer: unknown edge bits 0x\(String(edges.rawValue, radix: 16)) ignored")
            requested = requested.intersection(.all)
        }
        var d = deferrals[surface] ?? SurfaceDeferral()
        d.hasGestureObject = true
        d.requested = requested
        deferrals[surface] = d
        sendHonoredIfChanged(surface)
    }

    /// Whether a client's deferral request may apply to `surface`: a surface the router knows,
    /// never the root. A refused request is logged, prefixed with `request`.
    func acceptsDeferral(_ surface: NodeTree.NodeID, request: String) -> Bool {
        guard tree.contains(surface), surface != .root else {
            logger.log(.warning, "\(request): unknown surface \(surface), ignored")
            return false
        }
        return true
    }

    /// The client destroyed the surface's gesture object; the surface defers nothing any more.
    mutating func destroyGestureObject(surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard var d = deferrals[surface] else { return }
        d.hasGestureObject = false
        d.requested = []
        d.lastSentHonored = nil
        d.requestedKinds = []
        d.lastSentHonoredKinds = nil
        deferrals[surface] = d
    }

    /// Whether `surface` has a gesture object.
    func hasGestureObject(surface: NodeTree.NodeID) -> Bool {
        deferrals[surface]?.hasGestureObject ?? false
    }

    /// Host policy: the edges this surface may defer (R6). Defaults to all edges.
    mutating func setPolicyMask(_ mask: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard tree.contains(surface), surface != .root else { return }
        var d = deferrals[surface] ?? SurfaceDeferral()
        d.policy = mask.intersection(.all)
        deferrals[surface] = d
        sendHonoredIfChanged(surface)
    }

    /// The edges currently honoured for `surface`.
    func honoredEdges(surface: NodeTree.NodeID) -> EdgeSet {
        deferrals[surface]?.honored(locked: isLocked) ?? []
    }

    /// Locks or unlocks the compositor (R6). While locked no deferral is honoured and only
    /// `when_locked` gestures start.
    mutating func setLocked(_ locked: Bool, time: Milliseconds) {
        beginInstant(time)
        guard locked != isLocked else { return }
        isLocked = locked
        logger.log(.info, locked ? "locked: deferrals suspended" : "unlocked")
        // Dictionary order is unspecified; sort so hosts and tests see a stable order.
        for surface in deferrals.keys.sorted(by: { $0.index < $1.index }) {
            sendHonoredIfChanged(surface)
        }
        if locked {
            failCandidatesOffWhileLocked()
            let gestures = config.gestures
            failMultiFingerCandidates(reason: .locked) { !gestures[$0.binding.gesture].whenLocked }
            // A flush caused by the lock is a batch of its own: close it with its frames.
            endBatch()
        }
    }

    /// §4.3 Lock: nothing that is off while locked begins after the lock. Its candidates that
    /// are still possible fail `locked` now, and a touch left with no live candidate is flushed
    /// to its client (R2). Gestures that already began keep their touch.
    private mutating func failCandidatesOffWhileLocked() {
        for i in slots.indices where slots[i].active {
            for which in 0..<2 {
                guard let c = candidate(i, which), c.state == .possible,
                      !config.gestures[c.gesture].whenLocked else { continue }
                failCandidate(i, which: which, reason: .locked)
            }
        }
    }

    private mutating func sendHonoredIfChanged(_ surface: NodeTree.NodeID) {
        guard var d = deferrals[surface], d.hasGestureObject else { return }
        let honored = d.honored(locked: isLocked)
        if d.lastSentHonored != honored {
            d.lastSentHonored = honored
            deferrals[surface] = d
            emit(.honoredEdges(surface: surface, edges: honored))
        }
        sendHonoredKindsIfChanged(surface)
    }

    /// R3 lookup: from `surface` up through its parents, the deepest surface with a gesture
    /// object decides. Returns it, or `.none`.
    func deferringSurface(for surface: NodeTree.NodeID) -> NodeTree.NodeID {
        guard !deferrals.isEmpty else { return .none }
        var cursor: NodeTree.NodeID? = surface
        while let c = cursor, c != .root {
            if let d = deferrals[c], d.hasGestureObject { return c }
            cursor = tree.parent(of: c)
        }
        return .none
    }

    // MARK: - Touches

    /// A finger touched down at `position` (output 0's logical px) at `time`.
    @discardableResult
    mutating func touchDown(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        touchDown(id: id, at: position, output: 0, target: .hitTest, time: time)
    }

    /// A finger touched down on `output` at output-local `position` at `time`. Edge zones and
    /// millimetres come from that output; `target` finds the surface (hit-testing happens at
    /// the layout position, the output's origin plus `position`).
    @discardableResult
    mutating func touchDown(id: Int32, at position: Point, output: OutputID, target: TouchTarget,
                            time: Milliseconds) -> TouchInputResult {
        beginInstant(time)
        guard position.isFinite else {
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
        guard let i = slots.firstIndex(where: { !$0.active }) else {
            logger.log(.warning, "touch \(id): more than \(maxTouches) touches, down dropped")
            return .tooManyTouches
        }
        // A new finger fails every candidate that is still deciding (multi_touch).
        for j in slots.indices where slots[j].active {
            failPossibleCandidates(j, reason: .multiTouch, onlyIfMultiTouchRejects: true)
        }

        let origin = outputs[o].origin
        let layoutPosition = Point(x: origin.x + position.x, y: origin.y + position.y)
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
        slots[i].active = true
        slots[i].id = id
        slots.noteTouch(id, inSlot: i)
        slots[i].clientActive = false
        slots[i].holdDeadline = .never
        if slots[i].hasCandidate {  // otherwise both are nil already
            slots[i].candidate0 = nil
            slots[i].candidate1 = nil
            slots[i].hasCandidate = false
        }
        slots[i].owner = .none
        if surface != .root {
            slots[i].surface = surface
            slots[i].client = tree.tag(of: surface)
        } else {
            slots[i].surface = .none
            slots[i].client = -1
        }

        createCandidates(i, at: position, time: time)

        if slots[i].hasPossibleLiveCandidate {
            slots[i].route = .held
            slots[i].held.append(.init(kind: .down, position: layoutPosition, time: time))
            var window = Double.infinity
            if let c = slots[i].candidate0, c.role == .live { window = min(window, c.thresholds.holdWindow_ms) }
            if let c = slots[i].candidate1, c.role == .live { window = min(window, c.thresholds.holdWindow_ms) }
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

    /// A finger moved to `position` (local to the output it went down on) at `time`.
    @discardableResult
    mutating func touchMotion(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        beginInstant(time)
        guard let i = slotIndex(of: id) else {
            logger.log(.debug, "touch \(id): motion for an unknown touch dropped")
            return .unknownTouch
        }
        guard position.isFinite else {
            logger.log(.warning, "touch \(id): motion to a non-finite position dropped")
            return .invalidPosition
        }
        let o = slots[i].output
        let origin = outputs[o].origin
        let layoutPosition = Point(x: origin.x + position.x, y: origin.y + position.y)
        let wasHeld = slots[i].route == .held
        if wasHeld { slots[i].held.append(.init(kind: .motion, position: layoutPosition, time: time)) }

        if slots[i].hasCandidate {
            let position_mm = outputs[o].geometry.toMillimetres(position)
            // Optional chaining mutates in place and cannot trap.
            if let verdict = slots[i].candidate0?.motion(to: position_mm, time: time) {
                handle(verdict, slot: i, which: 0)
            }
            if let verdict = slots[i].candidate1?.motion(to: position_mm, time: time) {
                handle(verdict, slot: i, which: 1)
            }
        }
        // A held motion reached the client with the flush, if there was one.
        if !wasHeld && slots[i].route == .client {
            deliver(i, .motion, position: layoutPosition, time: time)
        }
        if let mf = multiFinger { feedMultiFinger(mf, .motion(position), slot: i, time: time) }
        return .accepted
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
            liftCandidate(i, which: 1, time: time)
        }
        if !wasHeld && slots[i].route == .client {
            deliver(i, .up, position: .zero, time: time)
        }
        if let mf = multiFinger { feedMultiFinger(mf, .up, slot: i, time: time) }
        release(i)
        return .accepted
    }

    /// The end of one input frame: every client that got events in this batch gets exactly
    /// one `clientFrame`, after those events.
    mutating func frame(time: Milliseconds) {
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

    /// A client started a drag-and-drop session with touch `id` (R7). The touch's candidates
    /// fail `drag` and the drag owns the touch from now on. A drag on a touch the system owns
    /// is ignored: the client never had it.
    mutating func dragStart(touch id: Int32, time: Milliseconds) {
        beginInstant(time)
        guard let i = slotIndex(of: id) else {
            logger.log(.warning, "drag_start: touch \(id) is not down; drag session noted")
            isDragActive = true
            dragCancelRequested = false
            return
        }
        guard slots[i].route != .system else {
            logger.log(.warning, "drag_start: touch \(id) belongs to a system gesture, ignored")
            return
        }
        if slots[i].route == .held {
            logger.log(.warning, "drag_start: touch \(id) was still held; the client never saw it")
            slots[i].held.removeAll(keepingCapacity: true)
        }
        slots[i].route = .dragged
        slots[i].clientActive = false
        slots[i].holdDeadline = .never
        failPossibleCandidates(i, reason: .drag, onlyIfMultiTouchRejects: false)
        if multiFinger != nil { failMultiFingerCandidates(reason: .drag) { MultiFingerGestures.has($0, touch: id) } }
        isDragActive = true
        dragCancelRequested = false
        logger.log(.info, "drag session started with touch \(id)")
    }

    /// The drag-and-drop session ended (dropped or cancelled).
    mutating func dragEnd(time: Milliseconds) {
        beginInstant(time)
        isDragActive = false
        dragCancelRequested = false
    }

    // MARK: - Time

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
            if let c = slots[i].candidate0, c.state == .possible, !c.isPastSlop { d = min(d, c.stillDeadline) }
            if let c = slots[i].candidate1, c.state == .possible, !c.isPastSlop { d = min(d, c.stillDeadline) }
        }
        for o in outputs.entries { d = min(d, o.armedUntil.earliest) }
        if let mf = multiFinger { d = min(d, mf.engine.nextDeadline) }
        return d
    }

    private mutating func fireTimers(due: Milliseconds) {
        if let mf = multiFinger, mf.engine.nextDeadline <= due { advanceMultiFinger(mf, to: due) }
        for i in slots.indices where slots[i].active {
            if let c = slots[i].candidate0, c.state == .possible, !c.isPastSlop, c.stillDeadline <= due {
                failCandidate(i, which: 0, reason: .still)
            }
            if let c = slots[i].candidate1, c.state == .possible, !c.isPastSlop, c.stillDeadline <= due {
                failCandidate(i, which: 1, reason: .still)
            }
            if slots[i].route == .held, slots[i].holdDeadline <= due {
                logger.log(.debug, "touch \(slots[i].id): hold window over, flushing \(slots[i].held.count) events")
                flush(i)
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

    // MARK: - Candidates

    private mutating func createCandidates(_ i: Int, at position: Point, time: Milliseconds) {
        let o = slots[i].output
        let output = outputs[o].geometry
        let mm = output.toMillimetres(position)
        let distances = (top: mm.y, bottom: output.heightMm - mm.y, left: mm.x, right: output.widthMm - mm.x)
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
                if deferringSurface != .none { deferred = honoredEdges(surface: deferringSurface) }
                slots[i].owner = deferringSurface
                lookedUp = true
            }
            var role = EdgeSwipeRecognizer.Role.live
            if deferred.contains(edge) && outputs[o].armedUntil[e] == .never {
                emitFailure(gesture: gesture, edge: edge, reason: .deferred, touch: slots[i].id, output: o)
                role = .shadow
            }
            let candidate = EdgeSwipeRecognizer(edge: edge, gesture: gesture, role: role, thresholds: t,
                                                downPosition_mm: mm, time: time)
            noteDeadline(candidate.stillDeadline)
            slots[i].hasCandidate = true
            if slots[i].candidate0 == nil {
                slots[i].candidate0 = candidate
            } else if slots[i].candidate1 == nil {
                slots[i].candidate1 = candidate
            }
        }
    }

    private mutating func handle(_ verdict: EdgeSwipeRecognizer.Verdict, slot i: Int, which: Int) {
        switch verdict {
        case .none:
            break
        case .failed(let reason):
            candidateFailed(i, which: which, reason: reason)
        case .began:
            candidateBegan(i, which: which)
        case .changed:
            if let c = candidate(i, which) {
                emit(.systemChanged(gesture: c.gesture, edge: c.edge, travel_mm: c.travel_mm,
                                    progress: c.progress, velocity_mm_s: c.velocity_mm_s),
                     output: outputID(ofSlot: i))
            }
        }
    }

    private func candidate(_ i: Int, _ which: Int) -> EdgeSwipeRecognizer? {
        which == 0 ? slots[i].candidate0 : slots[i].candidate1
    }

    /// Fails candidate `which` of slot `i` if it is still possible.
    private mutating func failCandidate(_ i: Int, which: Int, reason: FailureReason) {
        guard candidate(i, which)?.state == .possible else { return }
        let accepted = which == 0 ? slots[i].candidate0?.fail(reason) : slots[i].candidate1?.fail(reason)
        guard checkTransition(accepted, i, "fail") else { return }
        candidateFailed(i, which: which, reason: reason)
    }

    mutating func failPossibleCandidates(_ i: Int, reason: FailureReason, onlyIfMultiTouchRejects: Bool) {
        guard slots[i].hasCandidate else { return }
        if let c = slots[i].candidate0, c.state == .possible,
           !onlyIfMultiTouchRejects || c.thresholds.multiTouchRejects {
            failCandidate(i, which: 0, reason: reason)
        }
        if let c = slots[i].candidate1, c.state == .possible,
           !onlyIfMultiTouchRejects || c.thresholds.multiTouchRejects {
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
        if slots[i].route == .held && !slots[i].hasPossibleLiveCandidate {
            flush(i)
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
        emit(.systemBegan(gesture: c.gesture, edge: c.edge), output: outputs[o].id)
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
        let ended = which == 0 ? slots[i].candidate0?.end() : slots[i].candidate1?.end()
        checkTransition(ended, i, "end")
    }

    private mutating func liftCandidate(_ i: Int, which: Int, time: Milliseconds) {
        guard let c = candidate(i, which) else { return }
        switch c.state {
        case .possible:
            failCandidate(i, which: which, reason: .tap)
        case .began, .changed:
            let committed = c.isCommitted(liftAt: time)
            let ended = which == 0 ? slots[i].candidate0?.end() : slots[i].candidate1?.end()
            guard checkTransition(ended, i, "end") else { return }
            if c.role == .live {
                logger.log(.info, "touch \(slots[i].id): \(config.gestures[c.gesture].name) ended, committed: \(committed)")
                emit(.systemEnded(gesture: c.gesture, edge: c.edge, committed: committed), output: outputID(ofSlot: i))
            }
        default:
            break
        }
    }

    private mutating func cancelCandidate(_ i: Int, which: Int) {
        guard let c = candidate(i, which) else { return }
        switch c.state {
        case .possible:
            failCandidate(i, which: which, reason: .cancelled)
        case .began, .changed:
            let cancelled = which == 0 ? slots[i].candidate0?.cancel() : slots[i].candidate1?.cancel()
            guard checkTransition(cancelled, i, "cancel") else { return }
            if c.role == .live { emit(.systemCancelled(gesture: c.gesture, edge: c.edge), output: outputID(ofSlot: i)) }
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

    // MARK: - Client delivery

    /// Sends the held events of slot `i` to its client in order, with their original times.
    private mutating func flush(_ i: Int) {
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

    private mutating func deliver(_ i: Int, _ kind: TouchSlot.HeldEvent.Kind, position: Point, time: Milliseconds) {
        let client = slots[i].client, surface = slots[i].surface, id = slots[i].id
        // Surface-local from where the surface is now, not where it was at the down (§4.3).
        let origin = tree.rect(of: surface)
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
        if !framePending.contains(client) { framePending.append(client) }
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

    @inline(__always)
    private mutating func endBatch() {
        if !framePending.isEmpty { sendFrames() }
    }

    /// Emits the `clientFrame` each client of this batch is owed, in the order they got events.
    private mutating func sendFrames() {
        var k = 0
        while k < framePending.count {
            emit(.clientFrame(client: framePending[k]))
            k += 1
        }
        framePending.removeAll(keepingCapacity: true)
    }

    private mutating func release(_ i: Int) {
        slots.forgetTouch(inSlot: i)
        slots[i].active = false
        slots[i].route = .swallowed
        slots[i].clientActive = false
        if slots[i].hasCandidate {  // otherwise both are nil already
            slots[i].candidate0 = nil
            slots[i].candidate1 = nil
            slots[i].hasCandidate = false
        }
        slots[i].holdDeadline = .never
        if !slots[i].held.isEmpty { slots[i].held.removeAll(keepingCapacity: true) }
    }

    @inline(__always)
    func slotIndex(of id: Int32) -> Int? { slots.index(ofTouch: id) }

    /// Queues a decision. System and affordance events name the output they happen on.
    @inline(__always)  // one per decision: built straight into the queue
    mutating func emit(_ event: RouterEvent, output: OutputID = 0) {
        pending.append(RouterOutput(t: now, event: event, output: output))
    }
}
