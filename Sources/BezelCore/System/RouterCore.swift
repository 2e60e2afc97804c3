/// The router's state and decision logic. `SystemGestureRouter` holds it behind a pointer, so
/// that no public call pays an exclusivity check, and the touch path's common cases
/// (`RouterCore+FastPath`) are inlinable into a host's loop.
///
/// The slot table and the output and client lists are classes, written in place without
/// copy-on-write checks; a copy of this value would share them, so the router holds the only one.
///
/// This file holds the state, the configuration and the decision queue. The logic lives in
/// extensions, one concern per file: `+Touches` (slots), `+Candidates`, `+Delivery`, `+Timers`,
/// `+Surfaces`, `+Deferral`, `+LockAndPolicy`, `+Drag`, `+Outputs`, `+MultiFinger` and `+Back`.
@usableFromInline
struct RouterCore {
    /// Decisions waiting for the host (`nextDecision()`, `drain`), in emission order.
    @usableFromInline let pending = DecisionQueue(capacity: 256)
    /// The surface tree used for hit-testing.
    var tree: NodeTree
    /// The active configuration.
    var config: SystemGestureConfig
    /// The outputs the touches arrive on: layout positions, sizes, armed edges.
    @usableFromInline var outputs: OutputLayout
    /// Where log lines go.
    var logger: Logger
    /// The most touches tracked at once; further touch-downs are dropped with a log line.
    let maxTouches: Int
    /// The router's current instant: the latest time it has been given.
    @usableFromInline var now: Milliseconds = .zero
    /// Whether the compositor is locked (R6).
    var isLocked = false
    /// Whether a drag-and-drop session is active (R7).
    var isDragActive = false

    /// One slot per possible touch, read and written in place.
    @usableFromInline let slots: TouchSlotTable
    var deferrals: [NodeTree.NodeID: SurfaceDeferral] = [:]
    /// Committed deferral regions (version 3), by surface; see `RouterCore+Regions`.
    var deferredRegions = DeferredRegionTable()
    var dragCancelRequested = false
    /// A lower bound on `nextDeadline`: no timer is due before it. Anything that adds a
    /// deadline lowers it; removing one leaves it conservative. It lets the touch path skip the
    /// timer scan on almost every event.
    @usableFromInline var deadlineLowerBound: Milliseconds = .never
    /// Clients that got events in the current batch and are owed one `clientFrame`.
    @usableFromInline var framePending = OwedFrames()
    /// Scratch list of clients to cancel, reused to avoid allocating.
    let cancelScratch = ReusableBuffer<ClientID>(capacity: 16)
    /// The multi-finger gestures (docs/design.md §4.5), or `nil` when `multi_finger` is empty.
    var multiFinger: MultiFingerGestures? {
        didSet { multiFingerRef = multiFinger.map(Unmanaged.passUnretained) }
    }
    /// `multiFinger` without ownership (it keeps the object alive): the motion path reads it
    /// with no retain and release, which cost a fifth of a motion.
    @usableFromInline var multiFingerRef: Unmanaged<MultiFingerGestures>?
    /// The widest edge zone of the bound edges (mm), or -∞: a down farther than this from
    /// every edge makes no candidate, which most downs learn with one comparison.
    var edgeReach_mm = -Double.infinity

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
        self.multiFingerRef = self.multiFinger.map(Unmanaged.passUnretained)
        self.edgeReach_mm = Self.edgeReach(of: config)
    }

    /// `edgeReach_mm` for `config`.
    static func edgeReach(of config: SystemGestureConfig) -> Double {
        var reach = -Double.infinity
        for e in 0..<4 where config.isBound(Edge.at(index: e)) { reach = max(reach, config.thresholds[e].edgeZone_mm) }
        return reach
    }

    /// Hands every pending decision to `body` in order and empties the queue (keeping its storage).
    mutating func drain(_ body: (RouterDecision) -> Void) {
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

    /// Replaces the configuration. Candidates already running keep the thresholds they began
    /// with, and every gesture of the old configuration keeps its index: a swipe still being
    /// decided names its gesture by an index into the old list.
    mutating func setConfig(_ config: SystemGestureConfig) {
        self.config = config.keepingGestureIndices(of: self.config)
        edgeReach_mm = Self.edgeReach(of: self.config)
        // A cap reads the regions' extents at every down from now on: built here, off the touch path.
        if self.config.hasDeferredCap { deferredRegions.buildExtents() }
        if !(multiFinger?.matches(self.config) ?? self.config.multiFinger.isEmpty) {
            replaceMultiFinger(with: self.config)
        }
        // The bindings may have changed where back is handled (§4.6 availability).
        for surface in deferrals.keys.sorted(by: { $0.index < $1.index }) { sendBackEdgesIfChanged(surface) }
    }

    /// Queues a decision. System and affordance events name the output they happen on.
    @inlinable @inline(__always)  // one per decision: built straight into the queue
    mutating func emit(_ event: RouterEvent, output: OutputID = 0, appHandled: Bool = false) {
        pending.append(RouterDecision(t: now, event: event, output: output, appHandled: appHandled))
    }
}
