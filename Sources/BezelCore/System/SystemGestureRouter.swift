/// Routes every touch either to the client under the finger or to a system edge gesture
/// (docs/design.md §4).
///
/// The router is the single decision point of Bezel. A host (the weston module, the C
/// interface, the scenario runner) feeds it touches, surface changes and time, then drains the
/// decisions from `pending`. It never reads a clock: every entry point carries its instant, and
/// timers (hold window, still timeout, re-arm window) fire from `advance(to:)` or from the next
/// input at or after their due time (E18).
///
/// The touch path (down, motion, up, frame) works on a fixed array of slots and a reused output
/// buffer, so it performs no heap allocation once warmed up. The state lives in one
/// `RouterCore` value behind a pointer, so that a call costs no exclusivity check.
///
/// Single-threaded: call it from the compositor's event loop only.
public final class SystemGestureRouter {
    /// The router's state, in its own allocation: reached through a pointer, a call costs no
    /// exclusivity check, and the inlinable touch path can be compiled into a host's loop.
    /// The router is single-threaded and never calls back into itself.
    @usableFromInline let corePointer: UnsafeMutablePointer<RouterCore>
    var core: RouterCore {
        unsafeAddress { UnsafePointer(corePointer) }
        unsafeMutableAddress { corePointer }
    }
    /// The router's decision queue (the same object as `core.pending`), held here by a `let` so
    /// that the inlinable `nextDecision()` reaches it without going through `core`.
    @usableFromInline let decisions: DecisionQueue

    /// Creates a router for one output.
    ///
    /// - Parameters:
    ///   - output: size of the output in logical px and mm.
    ///   - config: thresholds, bindings and gestures.
    ///   - maxTouches: how many touches are tracked at once; further touch-downs are dropped
    ///     with a log line.
    ///   - logger: where decisions and dropped input are logged.
    public init(output: OutputGeometry, config: SystemGestureConfig = SystemGestureConfig(),
                maxTouches: Int = 16, logger: Logger = .silent) {
        corePointer = .allocate(capacity: 1)
        corePointer.initialize(to: RouterCore(output: output, config: config, maxTouches: maxTouches, logger: logger))
        decisions = corePointer.pointee.pending
    }

    deinit {
        corePointer.deinitialize(count: 1)
        corePointer.deallocate()
    }

    // MARK: State

    /// Decisions made since the last `drain`, in emission order.
    public var pending: ContiguousArray<RouterDecision> { decisions.untaken }
    /// The surface tree used for hit-testing.
    public var tree: NodeTree { core.tree }
    /// The active configuration.
    public var config: SystemGestureConfig { core.config }
    /// Output 0's geometry (see `outputIDs` and `placement(of:)` for the others).
    public var output: OutputGeometry { core.output }
    /// Where log lines go.
    public var logger: Logger {
        get { core.logger }
        set { core.logger = newValue }
    }
    /// The most touches tracked at once.
    public var maxTouches: Int { core.maxTouches }
    /// The router's current instant: the latest time it has been given.
    public var now: Milliseconds { core.now }
    /// Whether the compositor is locked (R6).
    public var isLocked: Bool { core.isLocked }
    /// Whether a drag-and-drop session is active (R7).
    public var isDragActive: Bool { core.isDragActive }
    /// The earliest pending timer, or `.never`. Hosts arm their event-loop timer for it and call
    /// `advance(to:)` when it fires.
    public var nextDeadline: Milliseconds { core.nextDeadline }

    // MARK: Output

    /// Hands every pending decision to `body` in order and empties the queue (keeping its storage).
    public func drain(_ body: (RouterDecision) -> Void) { core.drain(body) }
    /// The oldest decision not taken yet, or `nil` once all are taken (the queue is then empty).
    /// Hosts deliver with `while let decision = router.nextDecision() { ... }`: no closure and no
    /// copy of the batch, and a decision made while one is being delivered (a host callback
    /// calling back into the router) comes out of the same loop, in order.
    @inlinable public func nextDecision() -> RouterDecision? { decisions.takeNext() }
    /// Every decision not taken yet, in order, read in place, or `nil` once all are taken (the
    /// queue is then empty). Hosts deliver with
    /// `while let batch = router.nextDecisions() { for decision in batch { ... } }`: the cheapest
    /// way to take each decision. The buffer stays valid until the next `nextDecisions()` or
    /// `nextDecision()` that returns `nil`; a decision made while one is being delivered (a host
    /// callback calling back into the router) comes out of the next batch, in order.
    @inlinable public func nextDecisions() -> UnsafeBufferPointer<RouterDecision>? { decisions.takeAll() }
    /// Discards pending decisions without looking at them.
    public func discardPending() { core.discardPending() }

    // MARK: Output and configuration

    /// Replaces the output geometry (a mode change or rotation). Candidates already deciding
    /// keep the geometry they started in.
    public func setOutput(_ output: OutputGeometry) { core.setOutput(output) }
    /// Replaces the configuration. Candidates already deciding keep their thresholds.
    public func setConfig(_ config: SystemGestureConfig) { core.setConfig(config) }

    // MARK: Surfaces and deferral

    /// Adds a surface of `client` on top of its siblings (layout coordinates). `parent == nil`
    /// makes it top-level.
    /// - Returns: the surface's node, or `nil` if `parent` does not exist.
    public func addSurface(client: ClientID, rect: Rect, parent: NodeTree.NodeID? = nil) -> NodeTree.NodeID? {
        core.addSurface(client: client, rect: rect, parent: parent)
    }
    /// Moves or resizes a surface (layout coordinates). Events delivered from now on, held ones
    /// included, are made local to the new position (§4.3).
    public func setSurfaceRect(_ rect: Rect, surface: NodeTree.NodeID) { core.setSurfaceRect(rect, surface: surface) }
    /// The client that owns `surface`, or -1.
    public func client(of surface: NodeTree.NodeID) -> ClientID { core.client(of: surface) }
    /// Removes a surface and its subsurfaces. Held events for them are dropped, and a client
    /// that had received a touch there gets `clientCancel`. Running system gestures continue.
    /// `removed` is called with every node that went (the surface and its subsurfaces, deepest
    /// first) so that a host can forget them at the cost of what was removed; it must not call
    /// back into the router.
    public func removeSurface(_ surface: NodeTree.NodeID, time: Milliseconds,
                              removed: (NodeTree.NodeID) -> Void = { _ in }) {
        core.removeSurface(surface, time: time, removed: removed)
    }
    /// Applies a committed `set_deferred_edges`, creating the surface's gesture object if it
    /// has none. `honoredEdges` is emitted when the honoured set changes (or on creation).
    public func commitDeferredEdges(_ edges: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitDeferredEdges(edges, surface: surface, time: time)
    }
    /// Applies a committed `set_deferred_gestures` (protocol version 2): the multi-finger
    /// gesture kinds the surface defers (docs/design.md §4.5 M4). Creates the gesture object if needed.
    public func commitDeferredGestures(_ kinds: GestureKindSet, surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitDeferredGestures(kinds, surface: surface, time: time)
    }
    /// Host policy: the multi-finger gesture kinds `surface` may defer (R6). Defaults to all.
    public func setGesturePolicyMask(_ mask: GestureKindSet, surface: NodeTree.NodeID, time: Milliseconds) {
        core.setGesturePolicyMask(mask, surface: surface, time: time)
    }
    /// The multi-finger gesture kinds currently honoured for `surface`.
    public func honoredGestureKinds(surface: NodeTree.NodeID) -> GestureKindSet {
        core.honoredGestureKinds(surface: surface)
    }
    /// The client destroyed the surface's gesture object; the surface defers nothing any more.
    public func destroyGestureObject(surface: NodeTree.NodeID, time: Milliseconds) {
        core.destroyGestureObject(surface: surface, time: time)
    }
    /// Whether `surface` has a gesture object.
    public func hasGestureObject(surface: NodeTree.NodeID) -> Bool { core.hasGestureObject(surface: surface) }

    /// Applies a committed `set_back_handling` (protocol version 4, R10), creating the
    /// surface's gesture object if it has none; turning handling on sends `backEdges`.
    public func commitBackHandling(_ on: Bool, surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitBackHandling(on, surface: surface, time: time)
    }

    /// Whether `surface` has back handling on (R10).
    public func backHandling(surface: NodeTree.NodeID) -> Bool { core.backHandling(surface: surface) }
    /// Host policy: the edges this surface may defer (R6). Defaults to all edges.
    public func setPolicyMask(_ mask: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        core.setPolicyMask(mask, surface: surface, time: time)
    }
    /// The edges currently honoured for `surface`.
    public func honoredEdges(surface: NodeTree.NodeID) -> EdgeSet { core.honoredEdges(surface: surface) }
    /// Locks or unlocks the compositor (R6). While locked no deferral is honoured and only
    /// `when_locked` gestures start. A lock fails the still-deciding candidates of the other
    /// gestures (`locked`) and flushes a touch left with none to its client (§4.3 Lock).
    public func setLocked(_ locked: Bool, time: Milliseconds) { core.setLocked(locked, time: time) }

    // MARK: Touches

    /// A finger touched down on output 0 at layout `position` (logical px) at `time`.
    @discardableResult
    public func touchDown(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        core.touchDown(id: id, at: position, time: time)
    }
    /// A finger moved to layout `position` at `time`.
    @discardableResult
    @inlinable @inline(__always)
    public func touchMotion(id: Int32, at position: Point, time: Milliseconds) -> TouchInputResult {
        corePointer.pointee.touchMotion(id: id, at: position, time: time)
    }
    /// A finger lifted at `time`.
    @discardableResult
    public func touchUp(id: Int32, time: Milliseconds) -> TouchInputResult { core.touchUp(id: id, time: time) }
    /// The end of one input frame: every client that got events in this batch gets exactly
    /// one `clientFrame`, after those events.
    @inlinable @inline(__always)
    public func frame(time: Milliseconds) { corePointer.pointee.frame(time: time) }
    /// The device cancelled every touch (R8): running gestures report `systemCancelled`,
    /// deciding candidates fail `cancelled`, held events are dropped, and every client with
    /// active touches gets `clientCancel`.
    public func cancelAll(time: Milliseconds) { core.cancelAll(time: time) }
    /// Feeds one source frame: its events, then the frame end.
    public func handle(_ frame: TouchFrame) {
        for e in frame.events {
            switch e.kind {
            case .down: core.touchDown(id: e.id, at: e.position, time: e.time)
            case .motion: core.touchMotion(id: e.id, at: e.position, time: e.time)
            case .up: core.touchUp(id: e.id, time: e.time)
            case .cancel: core.cancelAll(time: e.time)
            }
        }
        core.frame(time: frame.time)
    }

    // MARK: Drag and time

    /// A client started a drag-and-drop session with touch `id` (R7). The touch's candidates
    /// fail `drag` and the drag owns the touch from now on. A drag on a touch the system owns
    /// is ignored: the client never had it.
    public func dragStart(touch id: Int32, time: Milliseconds) { core.dragStart(touch: id, time: time) }
    /// The drag-and-drop session ended (dropped or cancelled).
    public func dragEnd(time: Milliseconds) { core.dragEnd(time: time) }
    /// Fires every timer due at or before `time`, in due order. Timers due at the same instant
    /// form one batch, closed with its client frames.
    public func advance(to time: Milliseconds) { core.advance(to: time) }
}
