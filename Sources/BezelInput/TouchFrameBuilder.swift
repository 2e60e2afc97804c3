import BezelCore

/// Assembles `TouchFrame`s from per-contact events, the same way for every touch source.
///
/// The trace readers (through `MultitouchDecoder`) and `LibinputTouchSource` both feed it, so
/// that identical device events give identical frames. It
/// - gives each contact the lowest free touch id below `slotLimit` (as libinput's seat slots
///   are allocated), and drops contacts beyond the limit with a log line;
/// - maps normalized device coordinates through the shared `TouchMapping`, clamps points
///   outside the output and drops non-finite ones, with a log line;
/// - keeps frame times monotonic: a time earlier than the previous frame's is replaced by the
///   previous frame's time, with a log line; equal times are kept;
/// - turns a device cancel or removal into one `.cancel` event and swallows the later events of
///   the contacts that were cancelled, until they lift.
public struct TouchFrameBuilder: Sendable {
    /// Identifies a contact: a device (any stable number) and its slot on that device.
    public struct ContactKey: Hashable, Sendable {
        /// The device the contact is on.
        public var device: UInt
        /// The slot (evdev slot, libinput seat slot) of the contact.
        public var slot: Int32
        /// Creates a key.
        public init(device: UInt, slot: Int32) { self.device = device; self.slot = slot }
    }

    /// The default number of simultaneous touches (`slotLimit`).
    public static let defaultSlotLimit = 10

    /// The mapping from device coordinates to the output.
    public var mapping: TouchMapping
    /// The most touch ids in use at once; contacts beyond it are dropped.
    public let slotLimit: Int
    /// Where drops and repairs are reported.
    public var logger: Logger

    private var active: [ContactKey: Int32] = [:]
    private var idInUse: [Bool]
    /// Contacts whose events are swallowed until they lift (dropped or cancelled).
    private var ignored: Set<ContactKey> = []
    private var pending: [TouchInput] = []
    private var pendingCancel = false
    private var lastTimeUs: Int64?
    private var backwardsCount = 0
    private var clampCount = 0

    /// Creates a builder.
    public init(mapping: TouchMapping, slotLimit: Int = TouchFrameBuilder.defaultSlotLimit, logger: Logger = .silent) {
        self.mapping = mapping
        self.slotLimit = max(1, slotLimit)
        self.logger = logger
        self.idInUse = [Bool](repeating: false, count: max(1, slotLimit))
    }

    /// Number of contacts currently down and delivered.
    public var activeCount: Int { active.count }

    /// `true` if `key` is a delivered contact that is still down.
    public func isActive(_ key: ContactKey) -> Bool { active[key] != nil }

    /// A contact touched down at normalized device coordinates `(u, v)`.
    public mutating func down(_ key: ContactKey, u: Double, v: Double) {
        ignored.remove(key)
        if let old = active[key] {
            // A second down without an up: end the old contact so its id is not leaked.
            logger.log(.warning, "touch source: contact \(key.slot) went down twice; ending the first one")
            pending.append(TouchInput(kind: .up, id: old, time: .zero))
            release(key)
        }
        guard let id = lowestFreeId() else {
            logger.log(.warning, "touch source: more than \(slotLimit) touches; dropping contact \(key.slot) of device \(key.device)")
            ignored.insert(key)
            return
        }
        guard let position = map(u: u, v: v, key: key) else {
            logger.log(.warning, "touch source: contact \(key.slot) touched down at a non-finite position; dropping it")
            ignored.insert(key)
            return
        }
        active[key] = id
        idInUse[Int(id)] = true
        pending.append(TouchInput(kind: .down, id: id, position: position, time: .zero))
    }

    /// A contact moved to normalized device coordinates `(u, v)`.
    public mutating func motion(_ key: ContactKey, u: Double, v: Double) {
        guard let id = active[key] else {
            if !ignored.contains(key) {
                logger.log(.debug, "touch source: motion for contact \(key.slot) that is not down; ignored")
            }
            return
        }
        guard let position = map(u: u, v: v, key: key) else {
            logger.log(.warning, "touch source: contact \(key.slot) moved to a non-finite position; sample dropped")
            return
        }
        pending.append(TouchInput(kind: .motion, id: id, position: position, time: .zero))
    }

    /// A contact lifted.
    public mutating func up(_ key: ContactKey) {
        if ignored.remove(key) != nil { return }
        guard let id = active[key] else {
            logger.log(.debug, "touch source: lift of contact \(key.slot) that is not down; ignored")
            return
        }
        pending.append(TouchInput(kind: .up, id: id, time: .zero))
        release(key)
    }

    /// The device cancelled its touches (libinput TOUCH_CANCEL, a palm, device removal): every
    /// delivered contact ends with one `.cancel`, and their later events are swallowed.
    /// `reason` goes into the log line.
    public mutating func cancelAll(reason: String) {
        guard !active.isEmpty else { return }
        logger.log(.info, "touch source: \(reason); cancelling \(active.count) touch(es)")
        for key in active.keys { ignored.insert(key) }
        active.removeAll()
        for i in idInUse.indices { idInUse[i] = false }
        // Events already queued for this frame stay; the cancel follows them.
        pendingCancel = true
    }

    /// Forgets every contact of `device` that is not down any more from the device's point of
    /// view (after a removal nothing of it will ever lift).
    public mutating func forget(device: UInt) {
        ignored = ignored.filter { $0.device != device }
    }

    /// Ends the hardware frame at `timeUs` (microseconds on the source's clock) and returns the
    /// frame, or `nil` if nothing was delivered in it.
    public mutating func endFrame(timeUs: Int64) -> TouchFrame? {
        // Like libinput, a hardware frame that delivered nothing is no frame at all.
        if pending.isEmpty && !pendingCancel { return nil }
        var t = timeUs
        if let last = lastTimeUs, t < last {
            backwardsCount += 1
            let level: LogLevel = backwardsCount == 1 ? .info : .debug
            logger.log(level, "touch source: time went backwards by \(Double(last - t) / 1000) ms; using the previous frame's time")
            t = last
        }
        lastTimeUs = t
        let time = Milliseconds(Double(t) / 1000)
        var events = pending
        for i in events.indices { events[i].time = time }
        if pendingCancel { events.append(TouchInput(kind: .cancel, id: -1, time: time)) }
        pending.removeAll(keepingCapacity: true)
        pendingCancel = false
        return TouchFrame(time: time, events: events)
    }

    private mutating func release(_ key: ContactKey) {
        if let id = active.removeValue(forKey: key) { idInUse[Int(id)] = false }
    }

    private func lowestFreeId() -> Int32? {
        for (i, used) in idInUse.enumerated() where !used { return Int32(i) }
        return nil
    }

    private mutating func map(u: Double, v: Double, key: ContactKey) -> Point? {
        guard let mapped = mapping.map(u: u, v: v) else { return nil }
        if mapped.clamped {
            clampCount += 1
            let level: LogLevel = clampCount == 1 ? .info : .debug
            logger.log(level, "touch source: contact \(key.slot) outside the output; clamped to its border")
        }
        return mapped.position
    }
}
