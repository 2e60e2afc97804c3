/// The base of every gesture recognizer (docs/design.md §3), modelled on UIKit's.
///
/// A subclass overrides the `touchBegan`/`touchMoved`/`touchEnded`/`touchCancelled` and
/// `timerFired` hooks and drives its state with one function per transition (E1): `begin()`,
/// `change()`, `end()`, `cancel()` for continuous gestures, `recognize()` for discrete ones and
/// `fail()` for both. The engine (`GestureEngine`) decides what those requests mean for everyone
/// else: exclusion, simultaneity, failure requirements, delayed delivery to the responder.
///
/// Two states are kept apart:
/// - `state` is what the world sees and what actions see. It follows E1 exactly.
/// - `internalState` is how far the recognizer itself got. It runs ahead of `state` while the
///   recognizer's actions are withheld by a failure requirement (E8).
open class GestureRecognizer {
    /// Name used in logs (E12).
    public var name: String
    /// The delegate (held weakly).
    public weak var delegate: (any GestureRecognizerDelegate)? {
        didSet { if delegate != nil { hadDelegate = true } }
    }
    /// A delegate was set at some point: until then, the per-touch checks skip loading the weak
    /// reference (it can only be `nil`).
    var hadDelegate = false
    /// E14: cancel the responder's touches of the sequence when this recognizes. Default on.
    public var cancelsTouchesInView = true
    /// E15: hide the sequence from the responder until this fails. Default off.
    public var delaysTouchesBegan = false
    /// E16: hold the responder's `ended` until this recognizes or fails. Default on.
    public var delaysTouchesEnded = true
    /// E3: the touch types this recognizer accepts. Default: all.
    public var allowedTouchTypes: TouchTypeSet = .all

    /// E10: a disabled recognizer gets no touches. Disabling one that is tracking touches cancels
    /// it (if it had begun) or fails it, and it drops those touches for good.
    public var isEnabled: Bool = true {
        didSet {
            guard oldValue != isEnabled else { return }
            if !isEnabled { engine?.recognizerWasDisabled(self) }
        }
    }

    /// The node this recognizer is attached to, or `.none`.
    public internal(set) var node: NodeTree.NodeID = .none
    /// The engine it is attached to.
    public internal(set) weak var engine: GestureEngine?
    /// Order of attachment; later means more recent (E7 ties).
    var addedOrder: UInt64 = 0

    // MARK: State (E1)

    var published: GestureState = .possible
    /// How far the recognizer got while its actions are withheld (E8); `nil` when not blocked.
    var withheld: GestureState?
    /// `true` when `withheld == .ended` came from `recognize()` (a discrete gesture).
    var withheldDiscrete = false
    /// A request to leave `possible` made during the current dispatch; the engine settles it.
    var requested: GestureState?
    var requestedDiscrete = false
    var endAfterBegin = false
    /// The state reported to actions while they run (E12: actions see a consistent state).
    var deliveringState: GestureState?

    /// The state as the world and the actions see it (E1).
    public var state: GestureState { deliveringState ?? published }

    /// The state the recognizer itself reached. Differs from `state` only while a request is
    /// pending in the current event or while its actions are withheld by a failure requirement.
    public var internalState: GestureState { requested ?? withheld ?? published }

    /// `true` while the recognizer moved on but its actions are withheld (E8).
    public var isWithheld: Bool { withheld != nil }

    /// Number of illegal transitions attempted by this recognizer (logged and ignored, E1).
    public private(set) var illegalTransitionCount = 0

    // MARK: Touches

    /// Touches currently down that this recognizer tracks, in touch-down order.
    public internal(set) var activeTouches: ContiguousArray<Touch> = []
    /// Serials of every touch of the current sequence (down or lifted) not ignored; cleared by
    /// reset. Exclusion (E5) and delayed delivery (E15, E16) are decided on these.
    var sequenceSerials: ContiguousArray<UInt64> = []

    var failureRequirements: ContiguousArray<GestureRecognizer> = []
    @usableFromInline var actions: ContiguousArray<GestureAction> = []

    /// Creates a recognizer with a name for logs.
    public init(name: String) {
        self.name = name
        activeTouches.reserveCapacity(10)
        sequenceSerials.reserveCapacity(16)
    }

    // MARK: Hooks for subclasses

    /// A touch came down; it is already in `activeTouches`.
    open func touchBegan(_ touch: Touch) {}
    /// A tracked touch moved; `activeTouches` holds its new position.
    open func touchMoved(_ touch: Touch) {}
    /// A tracked touch lifted; it is no longer in `activeTouches`.
    open func touchEnded(_ touch: Touch) {}
    /// A tracked touch was cancelled by the device; it is no longer in `activeTouches`.
    /// The default cancels a begun gesture and fails a possible one.
    open func touchCancelled(_ touch: Touch) {
        if internalState.isActive { cancel() } else if internalState == .possible { fail() }
    }
    /// A timer started with `startTimer(after:tag:)` fired.
    open func timerFired(tag: Int) {}
    /// Called after the recognizer went back to `possible` (E2). Clear per-sequence values here.
    open func didReset() {}
    /// Called once the recognizer failed, whatever failed it: its own `fail()`, exclusion (E5),
    /// a failure requirement (E8), `shouldBegin` (E9), disabling (E10) or idleness. Failures
    /// have no action (E12), so a recognizer that must report why it failed does it here.
    open func didFail() {}
    /// E9: the subclass's own veto when it tries to leave `possible`.
    open func shouldBegin() -> Bool { true }
    /// E6: `false` lets `other` go on although this recognized.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// E6: `false` keeps this going although `other` recognized.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// E8 (subclass direction): `true` makes this wait for `other` to fail.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// E8 (subclass, other direction): `true` makes `other` wait for this to fail.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// E3: the subclass's own filter at touch-down.
    open func shouldReceive(_ touch: Touch) -> Bool { true }

    // MARK: Transitions (E1): one function per transition

    /// possible → began (continuous). The engine settles it at the end of the current event.
    public final func begin() {
        guard requested == nil, withheld == nil, published == .possible else {
            return illegal("begin", to: .began)
        }
        request(.began, discrete: false)
    }

    /// began|changed → changed (continuous).
    public final func change() {
        if requested == .began { return }  // the pending begin reports the current values
        guard internalState.isActive else { return illegal("change", to: .changed) }
        if withheld != nil { withheld = .changed; return }
        published = .changed
        engine?.queueAction(self, .changed)
    }

    /// began|changed → ended (continuous).
    public final func end() {
        if requested == .began { endAfterBegin = true; return }
        guard internalState.isActive else { return illegal("end", to: .ended) }
        if withheld != nil { withheld = .ended; withheldDiscrete = false; return }
        published = .ended
        engine?.queueAction(self, .ended)
        engine?.noteStateChange()
    }

    /// possible → ended (discrete: recognized). Settled at the end of the current event.
    public final func recognize() {
        guard requested == nil, withheld == nil, published == .possible else {
            return illegal("recognize", to: .ended)
        }
        request(.ended, discrete: true)
    }

    /// began|changed → cancelled (continuous).
    public final func cancel() {
        if requested == .began || withheld != nil {
            // The world never saw it begin, so for everyone else it simply failed.
            guard internalState.isActive else { return illegal("cancel", to: .cancelled) }
            publishFailure()
            return
        }
        guard published.isActive else { return illegal("cancel", to: .cancelled) }
        publishCancel()
    }

    /// possible → failed.
    public final func fail() {
        guard requested == nil, withheld == nil, published == .possible else {
            return illegal("fail", to: .failed)
        }
        publishFailure()
    }

    /// terminal → possible (E2). The engine calls it once the sequence is over; it is also safe to
    /// call on a recognizer that is not attached.
    public final func reset() {
        guard published.isTerminal || published == .possible else {
            return illegal("reset", to: .possible)
        }
        published = .possible
        withheld = nil
        requested = nil
        endAfterBegin = false
        activeTouches.removeAll(keepingCapacity: true)
        sequenceSerials.removeAll(keepingCapacity: true)
        engine?.cancelTimers(of: self)
        didReset()
    }

    private func request(_ target: GestureState, discrete: Bool) {
        guard let engine else {
            // Not attached: nobody to arbitrate with, the request takes effect at once.
            published = target
            deliver(target)
            if endAfterBegin { endAfterBegin = false; published = .ended; deliver(.ended) }
            return
        }
        requested = target
        requestedDiscrete = discrete
        engine.enqueueRequest(self)
    }

    func publishFailure() {
        published = .failed
        withheld = nil
        requested = nil
        endAfterBegin = false
        engine?.cancelTimers(of: self)
        didFail()
        engine?.noteStateChange()
    }

    func publishCancel() {
        published = .cancelled
        withheld = nil
        engine?.cancelTimers(of: self)
        if let engine { engine.queueAction(self, .cancelled); engine.noteStateChange() } else { deliver(.cancelled) }
    }

    private func illegal(_ transition: StaticString, to target: GestureState) {
        illegalTransitionCount += 1
        let from = internalState
        if let engine {
            engine.logger.log(.warning, "gesture \(self.name): illegal transition \(transition) from \(from) to \(target) ignored")
            if engine.assertsOnIllegalTransition {
                assertionFailure("illegal gesture transition \(transition) from \(from)")
            }
        } else {
            assertionFailure("illegal gesture transition \(transition) from \(from)")
        }
    }

    // MARK: Failure requirements (E8)

    /// Makes this recognizer wait for `other` to fail before its actions are delivered.
    public final func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }

    /// `true` if this recognizer has to wait for `other` to fail, from any source (E8).
    public final func requiresFailure(of other: GestureRecognizer) -> Bool {
        for r in failureRequirements where r === other { return true }
        if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return true }
        if let d = delegate, d.gestureRecognizer(self, shouldRequireFailureOf: other) { return true }
        if let d = other.delegate, d.gestureRecognizer(other, shouldBeRequiredToFailBy: self) { return true }
        return false
    }

    // MARK: Target-action (E12)

    /// Adds an action on `target`, held weakly. The action runs on every published state change
    /// except `failed`, and reads the state from the recognizer. Inlinable so that a caller in
    /// another module gets the thunk specialized for its target type, as callers inside do.
    @inlinable
    public final func addTarget<T: AnyObject>(_ target: T,
                                              action: @escaping (T, GestureRecognizer) -> Void) {
        actions.append(GestureAction(target: target, hasTarget: true, thunk: { t, r in
            action(unsafeDowncast(t!, to: T.self), r)
        }))
    }

    /// Adds a closure action (no target).
    public final func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(GestureAction(target: nil, hasTarget: false, thunk: { _, r in action(r) }))
    }

    /// Removes every action whose target is `target`.
    public final func removeTarget(_ target: AnyObject) {
        actions.removeAll { $0.hasTarget && $0.target === target }
    }

    /// Runs every action with `state` reported as the current state.
    func deliver(_ reported: GestureState) {
        deliveringState = reported
        var i = 0
        while i < actions.count {
            let a = actions[i]
            i += 1
            if a.hasTarget {
                guard let t = a.target else { continue }
                a.thunk(t, self)
            } else {
                a.thunk(nil, self)
            }
        }
        deliveringState = nil
    }

    // MARK: Touch helpers (E11, E17) and timers (E18)

    /// E11: stop receiving `touch`. It is no longer held back from the responder on this
    /// recognizer's account, and it no longer counts for exclusion.
    public final func ignore(_ touch: Touch) {
        ignore(serial: touch.serial)
    }

    func ignore(serial: UInt64) {
        if let i = activeTouches.firstIndex(where: { $0.serial == serial }) { activeTouches.remove(at: i) }
        if let i = sequenceSerials.firstIndex(of: serial) { sequenceSerials.remove(at: i) }
        engine?.noteStateChange()
    }

    /// Number of tracked touches currently down.
    public final var numberOfTouches: Int { activeTouches.count }

    /// Centroid of the tracked touches in output logical pixels (`.zero` with none).
    public final var centroid: Point {
        guard !activeTouches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for t in activeTouches { x += t.location.x; y += t.location.y }
        let n = Double(activeTouches.count)
        return Point(x: x / n, y: y / n)
    }

    /// Centroid of the tracked touches in millimetres.
    public final var centroid_mm: Point {
        guard !activeTouches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for t in activeTouches { x += t.location_mm.x; y += t.location_mm.y }
        let n = Double(activeTouches.count)
        return Point(x: x / n, y: y / n)
    }

    /// The current instant of the engine's clock (E18); zero when not attached.
    public final var now: Milliseconds { engine?.clock.now ?? .zero }

    /// The output geometry of the engine, for converting between pixels and millimetres.
    public final var output: OutputGeometry {
        engine?.output ?? OutputGeometry(widthPx: 1, heightPx: 1, widthMm: 0, heightMm: 0)
    }

    /// Starts a one-shot timer on the engine's clock; `timerFired(tag:)` is called when it fires.
    /// Timers are cancelled when the recognizer fails, is cancelled, disabled or reset.
    public final func startTimer(after duration: Milliseconds, tag: Int = 0) {
        engine?.scheduleTimer(self, after: duration, tag: tag)
    }

    /// Cancels this recognizer's timers with `tag` (all of them when `tag` is `nil`).
    public final func cancelTimer(tag: Int? = nil) {
        engine?.cancelTimers(of: self, tag: tag)
    }

    /// `true` if a timer with `tag` (any when `nil`) is pending.
    public final func hasTimer(tag: Int? = nil) -> Bool {
        engine?.timers.hasTimer(owner: self, tag: tag) ?? false
    }
}
