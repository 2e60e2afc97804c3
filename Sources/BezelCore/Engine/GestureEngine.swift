/// The gesture-recognizer engine (docs/design.md §3): hit-testing, recognizers, arbitration and the
/// responder's touch stream, on an injected clock.
///
/// Every touch event goes first to the recognizers that take part in its sequence, then the
/// engine settles what they asked for (exclusion, simultaneity, ties, failure requirements) and
/// delivers actions, and finally the responder (the client's touch stream) gets what it may see
/// (E4). Responder events are recorded in `deliveries` in delivery order.
///
/// The hot path allocates nothing once its buffers have grown: touches are values, lists are
/// preallocated `ContiguousArray`s emptied with `removeAll(keepingCapacity:)`, and no closure or
/// existential box is created per event.
///
/// The built-in recognizers (`BuiltIns/`: tap, long press, pan, swipe, pinch, rotation,
/// screen-edge pan) are public API for compositors that drive this engine directly: E13 makes
/// them part of the engine, and an author should not have to write a tap to use it. The system
/// router uses none of them (its multi-finger gestures are `MultiFingerRecognizer`), so they cost
/// the routing path nothing; the tests hold them to E1–E18, and `bezel bench --engine` loads them
/// through `BezelEngineBench`, which lives outside BezelCore.
public final class GestureEngine {
    /// The node tree touches are hit-tested against (E3). Add surfaces with `tree.add`.
    public var tree: NodeTree
    /// The output the touches arrive on; converts pixels to millimetres.
    public let output: OutputGeometry
    /// The injected clock (E18).
    public let clock: ManualClock
    /// Where log lines go.
    public var logger: Logger
    /// E1: trap on an illegal transition in debug builds (release builds always log and ignore).
    /// Tests that provoke illegal transitions on purpose turn it off.
    public var assertsOnIllegalTransition = true
    /// When `false`, responder events are counted but not stored in `deliveries`.
    public var recordsDeliveries = true
    /// When `false`, the engine keeps no responder stream at all (E14–E16 do not apply): the
    /// caller routes the touches itself and only wants the recognizers' decisions, as the
    /// router does for the multi-finger gestures of docs/design.md §4.5, whose recognizers never delay
    /// a touch (M2). Nothing is held, delivered or counted; the recognizers work as before.
    public var hasResponder = true

    /// Attached recognizers in attachment order.
    public private(set) var recognizers: ContiguousArray<GestureRecognizer> = []
    /// Responder events in the order they were delivered (E14–E16).
    public var deliveries: ContiguousArray<ResponderDelivery> { recordedDeliveries }
    /// The storage of `deliveries`, visible to inlined code so that `clearDeliveries()` costs a
    /// caller outside BezelCore no call.
    @usableFromInline var recordedDeliveries: ContiguousArray<ResponderDelivery> = []
    /// Touch events handled so far.
    public private(set) var eventCount = 0
    /// Recognitions published so far (a continuous `began` or a discrete `ended`).
    public internal(set) var recognitionCount = 0
    /// Responder events delivered so far.
    public internal(set) var deliveryCount = 0

    /// Engine-side state of one touch sequence, mostly about what the responder has seen.
    struct TouchRecord {
        var id: Int32
        var serial: UInt64
        var node: NodeTree.NodeID
        var type: TouchType
        var start: Point
        var start_mm: Point
        var location: Point
        var location_mm: Point
        var time: Milliseconds
        var downTime: Milliseconds
        var beganDelivered = false
        var finishedForResponder = false
        /// Taken from the responder (E14/E15): nothing more is delivered.
        var taken = false
        var physicallyEnded = false
        var heldCount = 0

        func touch(_ phase: TouchPhase) -> Touch {
            Touch(id: id, serial: serial, phase: phase, location: location, location_mm: location_mm,
                  startLocation: start, startLocation_mm: start_mm, timestamp: time, type: type,
                  node: node, startTimestamp: downTime)
        }
    }

    /// An action to run once the current event has settled.
    struct PendingAction {
        var recognizer: GestureRecognizer
        var state: GestureState
    }

    var records: ContiguousArray<TouchRecord> = []
    var held: ContiguousArray<ResponderDelivery> = []
    var requests: ContiguousArray<GestureRecognizer> = []
    var pendingActions: ContiguousArray<PendingAction> = []
    var timers = TimerQueue<GestureRecognizer>()
    var dispatchDepth = 0
    var needsResolve = false
    /// Some record is `physicallyEnded` (and so may be removed at the end of a dispatch).
    var hasEndedRecord = false
    var nextSerial: UInt64 = 1
    var nextAddedOrder: UInt64 = 1

    /// Creates an engine for one output. The tree's root covers the output.
    public init(output: OutputGeometry, clock: ManualClock = ManualClock(), logger: Logger = .silent) {
        self.output = output
        self.clock = clock
        self.logger = logger
        self.tree = NodeTree(bounds: output.bounds)
        recognizers.reserveCapacity(32)
        recordedDeliveries.reserveCapacity(256)
        records.reserveCapacity(16)
        held.reserveCapacity(64)
        requests.reserveCapacity(16)
        pendingActions.reserveCapacity(32)
    }

    // MARK: Recognizers

    /// Attaches `recognizer` to `node` (E3: it sees touches hit-tested to `node` or below).
    /// A recognizer belongs to one engine and one node at a time.
    public func add(_ recognizer: GestureRecognizer, to node: NodeTree.NodeID = .root) {
        if let other = recognizer.engine, other !== self { other.remove(recognizer) }
        if recognizer.engine === self { remove(recognizer) }
        recognizer.engine = self
        recognizer.node = node
        recognizer.addedOrder = nextAddedOrder
        nextAddedOrder += 1
        recognizers.append(recognizer)
    }

    /// Detaches `recognizer`. A tracking recognizer is cancelled or failed first, as when
    /// disabled.
    public func remove(_ recognizer: GestureRecognizer) {
        guard recognizer.engine === self,
              let i = recognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizerWasDisabled(recognizer)
        recognizers.remove(at: i)
        timers.cancel(owner: recognizer)
        recognizer.engine = nil
        recognizer.node = .none
        if recognizer.published.isTerminal { recognizer.reset() }
    }

    // MARK: Touch input

    /// A finger touched down at `location` (output logical px).
    public func touchDown(id: Int32, at location: Point, time: Milliseconds, type: TouchType = .direct) {
        advance(to: time)
        beginDispatch()
        eventCount += 1
        if let old = activeRecordIndex(id: id) {
            // The source reused a slot without lifting it; treat the old sequence as cancelled.
            logger.log(.warning, "touch \(id) went down twice; cancelling the first sequence")
            cancelTouch(at: old, time: time)
        }
        let hit = tree.hitTest(location)
        let mm = output.toMillimetres(location)
        let serial = nextSerial
        nextSerial += 1
        records.append(TouchRecord(id: id, serial: serial, node: hit, type: type, start: location,
                                   start_mm: mm, location: location, location_mm: mm, time: time,
                                   downTime: time))
        let touch = records[records.count - 1].touch(.began)
        var i = 0
        while i < recognizers.count {
            let r = recognizers[i]
            i += 1
            guard r.isEnabled, tree.contains(r.node), tree.isAncestor(r.node, of: hit) else { continue }
            if !isLive(r) {
                // E2: a finished recognizer sees nothing more of the sequence, but it keeps
                // count of the touch so that it is reset only once the whole sequence is up.
                if r.published != .possible || r.withheld != nil { r.activeTouches.append(touch) }
                continue
            }
            guard accepts(r, touch) else { continue }
            r.activeTouches.append(touch)
            r.sequenceSerials.append(serial)
            r.touchBegan(touch)
        }
        enqueueResponder(recordIndex: records.count - 1, phase: .began)
        endDispatch()
    }

    /// A finger moved to `location`.
    public func touchMoved(id: Int32, to location: Point, time: Milliseconds) {
        advance(to: time)
        guard let ri = activeRecordIndex(id: id) else { return }
        beginDispatch()
        eventCount += 1
        records[ri].location = location
        records[ri].location_mm = output.toMillimetres(location)
        records[ri].time = time
        let touch = records[ri].touch(.moved)
        var i = 0
        while i < recognizers.count {
            // Most recognizers do not track this touch: look without a retain first.
            unowned(unsafe) let candidate = recognizers[i]
            i += 1
            guard !candidate.activeTouches.isEmpty,
                  let k = candidate.activeTouches.firstIndex(where: { $0.serial == touch.serial }) else { continue }
            let r: GestureRecognizer = candidate
            // One uniqueness check for the whole update, not one per touch written.
            r.activeTouches.withUnsafeMutableBufferPointer { touches in
                for j in touches.indices where j != k { touches[j].phase = .stationary }
                touches[k] = touch
            }
            if isLive(r) { r.touchMoved(touch) }
        }
        enqueueResponder(recordIndex: ri, phase: .moved)
        endDispatch()
    }

    /// A finger lifted.
    public func touchUp(id: Int32, time: Milliseconds) {
        advance(to: time)
        guard let ri = activeRecordIndex(id: id) else { return }
        beginDispatch()
        eventCount += 1
        records[ri].time = time
        records[ri].physicallyEnded = true
        hasEndedRecord = true
        let touch = records[ri].touch(.ended)
        var i = 0
        while i < recognizers.count {
            // Most recognizers do not track this touch: look without a retain first.
            unowned(unsafe) let candidate = recognizers[i]
            i += 1
            guard !candidate.activeTouches.isEmpty,
                  let k = candidate.activeTouches.firstIndex(where: { $0.serial == touch.serial }) else { continue }
            let r: GestureRecognizer = candidate
            r.activeTouches.remove(at: k)
            if isLive(r) { r.touchEnded(touch) }
        }
        enqueueResponder(recordIndex: ri, phase: .ended)
        endDispatch()
    }

    /// The device cancelled one touch.
    public func touchCancelled(id: Int32, time: Milliseconds) {
        advance(to: time)
        guard let ri = activeRecordIndex(id: id) else { return }
        beginDispatch()
        eventCount += 1
        cancelTouch(at: ri, time: time)
        endDispatch()
    }

    /// The device cancelled every active touch (libinput TOUCH_CANCEL, device removal).
    public func cancelAllTouches(time: Milliseconds) {
        advance(to: time)
        beginDispatch()
        eventCount += 1
        var ri = 0
        while ri < records.count {
            if !records[ri].physicallyEnded { cancelTouch(at: ri, time: time) }
            ri += 1
        }
        endDispatch()
    }

    /// Feeds one `TouchInput` from a touch source.
    public func handle(_ input: TouchInput, type: TouchType = .direct) {
        switch input.kind {
        case .down: touchDown(id: input.id, at: input.position, time: input.time, type: type)
        case .motion: touchMoved(id: input.id, to: input.position, time: input.time)
        case .up: touchUp(id: input.id, time: input.time)
        case .cancel: cancelAllTouches(time: input.time)
        }
    }

    /// E18: fires every timer due at or before `time`, in due order, then moves the clock to
    /// `time`. Hosts call it from their event-loop timer armed for `nextDeadline`.
    public func advance(to time: Milliseconds) {
        while let due = timers.popDue(upTo: time) {
            clock.advance(to: due.deadline)
            beginDispatch()
            if isLive(due.owner) { due.owner.timerFired(tag: due.tag) }
            endDispatch()
        }
        clock.advance(to: time)
    }

    /// The earliest pending timer, or `.never`.
    public var nextDeadline: Milliseconds { timers.nextDeadline }

    /// Empties `deliveries`, keeping its storage.
    @inlinable
    public func clearDeliveries() {
        recordedDeliveries.removeAll(keepingCapacity: true)
    }

    /// Number of touch sequences the engine still keeps (down, or with events held back).
    public var trackedTouchCount: Int { records.count }

    // MARK: Dispatch internals

    private func cancelTouch(at ri: Int, time: Milliseconds) {
        records[ri].time = time
        records[ri].physicallyEnded = true
        hasEndedRecord = true
        let touch = records[ri].touch(.cancelled)
        var i = 0
        while i < recognizers.count {
            // Most recognizers do not track this touch: look without a retain first.
            unowned(unsafe) let candidate = recognizers[i]
            i += 1
            guard !candidate.activeTouches.isEmpty,
                  let k = candidate.activeTouches.firstIndex(where: { $0.serial == touch.serial }) else { continue }
            let r: GestureRecognizer = candidate
            r.activeTouches.remove(at: k)
            if isLive(r) { r.touchCancelled(touch) }
        }
        if records[ri].beganDelivered {
            enqueueResponder(recordIndex: ri, phase: .cancelled)
        } else {
            // The responder never saw this touch; it must not see a began and a cancel now.
            dropHeld(serial: touch.serial, recordIndex: ri)
            records[ri].taken = true
        }
    }

    /// E3: do the recognizer's own filters let it take part in the sequence of `touch`?
    private func accepts(_ r: GestureRecognizer, _ touch: Touch) -> Bool {
        guard r.allowedTouchTypes.allows(touch.type), r.shouldReceive(touch) else { return false }
        if r.hadDelegate, let d = r.delegate, !d.gestureRecognizer(r, shouldReceive: touch) { return false }
        return true
    }

    /// A recognizer that still gets touch events: not finished, internally or publicly.
    func isLive(_ r: GestureRecognizer) -> Bool {
        guard r.isEnabled, r.published == .possible || r.published.isActive else { return false }
        let s = r.internalState
        return s == .possible || s.isActive
    }

    private func activeRecordIndex(id: Int32) -> Int? {
        for i in records.indices where records[i].id == id && !records[i].physicallyEnded { return i }
        return nil
    }

    func recordIndex(serial: UInt64) -> Int? {
        for i in records.indices where records[i].serial == serial { return i }
        return nil
    }

    func beginDispatch() { dispatchDepth += 1 }

    func endDispatch() {
        dispatchDepth -= 1
        guard dispatchDepth == 0 else { return }
        dispatchDepth = 1  // notifications from actions must not start a nested finish
        finishDispatch()
        dispatchDepth = 0
    }

    /// Called by recognizers when their state changed outside a request; re-evaluates the
    /// failure requirements and the held responder events.
    func noteStateChange() {
        needsResolve = true
        if dispatchDepth == 0 { beginDispatch(); endDispatch() }
    }

    func enqueueRequest(_ r: GestureRecognizer) {
        requests.append(r)
        if dispatchDepth == 0 { beginDispatch(); endDispatch() }
    }

    func queueAction(_ r: GestureRecognizer, _ state: GestureState) {
        pendingActions.append(PendingAction(recognizer: r, state: state))
        if dispatchDepth == 0 { beginDispatch(); endDispatch() }
    }

    func scheduleTimer(_ r: GestureRecognizer, after duration: Milliseconds, tag: Int) {
        timers.schedule(at: clock.now + duration, owner: r, tag: tag)
    }

    func cancelTimers(of r: GestureRecognizer, tag: Int? = nil) {
        timers.cancel(owner: r, tag: tag)
    }

    /// E10: a disabled recognizer is cancelled (had begun) or failed (was tracking), and lets go
    /// of its touches for good.
    func recognizerWasDisabled(_ r: GestureRecognizer) {
        beginDispatch()
        if r.requested != nil || r.withheld != nil {
            r.publishFailure()
        } else if r.published.isActive {
            r.publishCancel()
        } else if r.published == .possible && !r.sequenceSerials.isEmpty {
            r.publishFailure()
        }
        r.activeTouches.removeAll(keepingCapacity: true)
        r.sequenceSerials.removeAll(keepingCapacity: true)
        timers.cancel(owner: r)
        needsResolve = true
        endDispatch()
    }
}
