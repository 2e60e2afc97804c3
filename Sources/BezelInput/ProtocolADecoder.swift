import BezelCore

/// Decodes a multitouch protocol A device (`ABS_MT_*` contacts each closed by `SYN_MT_REPORT`,
/// no `ABS_MT_SLOT`) into contact events for a `TouchFrameBuilder`, with every contact, the way
/// libinput reads such a device through mtdev (docs/design.md §7).
///
/// Protocol A reports carry no identity: each report lists the contacts present, in any order.
/// The decoder keeps slots with tracking ids, as mtdev does, and at each `SYN_REPORT`:
/// - takes the report's contacts: a contact counts if it has both `ABS_MT_POSITION_X` and
///   `ABS_MT_POSITION_Y` before its `SYN_MT_REPORT`; at most `contactsPerReport` per report;
/// - pairs them with the touching slots so that the summed squared distance is least
///   (`ContactAssignment`, exact, as mtdev's own solver); no distance is too far to pair;
/// - a paired contact keeps its slot and tracking id and moves it; a contact without partner
///   begins a touch in the lowest slot that was free before this report (a slot freed by this
///   report is reused from the next one, as in mtdev); a touching slot without partner ends;
/// - a report with no contact (a lone `SYN_MT_REPORT`, or `BTN_TOUCH` 0 alone) ends every
///   touch; a report with no `ABS_MT_*`, `SYN_MT_REPORT` or `BTN_TOUCH` at all changes nothing;
/// - the changed slots then give, in slot order, one down, motion or up each, exactly as for a
///   protocol B device; a contact that did not move gives no motion.
///
/// Like mtdev it smooths a continuing contact's position with the kernel's hysteresis (the
/// axis fuzz, or a 250th of the axis range when the axis says 0), honours
/// `ABS_MT_TOUCH_MAJOR` 0 as a hovering contact (not a touch) on devices that have that axis,
/// and uses the device's own `ABS_MT_TRACKING_ID`s instead of pairing when it has them.
///
/// Where it differs from libinput: libinput gives protocol A devices `libinputSlotCount` slots
/// and folds mtdev's higher slots into its last one (a "libinput bug" log line, positions
/// overwritten); here a contact that finds no free slot is dropped, logged once, and tried
/// again at the next report. Exact ties in pairing may resolve differently from mtdev.
///
/// It never traps. Buffers are allocated at `init`; feeding events allocates nothing.
public struct ProtocolADecoder: Sendable {
    /// The slots libinput gives a protocol A device.
    public static let libinputSlotCount = 10
    /// mtdev's most contacts in one report; later ones are ignored.
    public static let contactsPerReport = 32

    /// Where the report parser is between two `SYN_REPORT`s.
    public enum ReportPhase: Sendable, Equatable {
        /// Nothing multitouch since the last `SYN_REPORT`: the next one changes no contact.
        case idle
        /// `ABS_MT_*`, `SYN_MT_REPORT` or `BTN_TOUCH` seen: the next `SYN_REPORT` replaces the
        /// set of contacts with this report's.
        case collecting
    }

    /// What a slot holds between reports.
    public enum SlotPhase: Sendable, Equatable {
        /// No contact.
        case free
        /// A contact is down, known by its tracking id.
        case touching(trackingId: Int32)
    }

    /// One contact of the report being read.
    private struct Contact: Sendable {
        var x: Int32 = 0, y: Int32 = 0
        var hasX = false, hasY = false
        var touchMajor: Int32?
        var trackingId: Int32?
    }

    /// What the report decided for a slot; applied in slot order.
    private enum Pending: Sendable, Equatable {
        case none
        case begin(contact: Int, trackingId: Int32)
        case track(contact: Int)
        case end
    }

    private struct Slot: Sendable {
        var phase: SlotPhase = .free
        /// The last position passed on (after smoothing), which pairing measures from.
        var x: Int32 = 0, y: Int32 = 0
        var pending: Pending = .none
    }

    /// The device's multitouch X axis.
    public let axisX: AbsAxisInfo
    /// The device's multitouch Y axis.
    public let axisY: AbsAxisInfo
    /// Identifies the device in the builder's contact keys.
    public let device: UInt
    /// The device has `ABS_MT_TOUCH_MAJOR`, so 0 there means hovering.
    public let hasTouchMajor: Bool
    /// The device reports `ABS_MT_TRACKING_ID`, so contacts are identified by it, not paired.
    public let hasTrackingId: Bool
    /// The report parser's phase.
    public private(set) var phase: ReportPhase = .idle
    /// Reports that changed the set of contacts (had multitouch events).
    public private(set) var reportCount = 0
    /// Contacts read (with X and Y), over all reports.
    public private(set) var contactCount = 0
    /// Contacts that were touches (not hovering), over all reports.
    public private(set) var touchingContactCount = 0

    private let fuzzX: Int32, fuzzY: Int32
    private var slots: [Slot]
    private var contacts: [Contact]
    private var closedContacts = 0
    /// Touching slots in slot order, the columns of the pairing problem.
    private var pairedSlots: [Int]
    private var newContacts: [Int]
    private var newContactCount = 0
    private var assignment: ContactAssignment
    private var nextTrackingId: Int32 = 0
    private var logger: Logger
    private var reportedRange = false, reportedOverflow = false, reportedNoSlot = false

    /// Creates a decoder for a device with the given multitouch axes.
    /// - Parameters:
    ///   - slotCount: the most contacts down at once; more are dropped until a slot frees.
    ///   - hasTouchMajor: the device has `ABS_MT_TOUCH_MAJOR`.
    ///   - hasTrackingId: the device has `ABS_MT_TRACKING_ID`.
    public init(axisX: AbsAxisInfo, axisY: AbsAxisInfo, slotCount: Int = ProtocolADecoder.libinputSlotCount,
                hasTouchMajor: Bool = false, hasTrackingId: Bool = false, device: UInt = 0, logger: Logger = .silent) {
        self.axisX = axisX; self.axisY = axisY; self.device = device
        self.hasTouchMajor = hasTouchMajor; self.hasTrackingId = hasTrackingId
        self.logger = logger
        // mtdev's default when the axis declares no fuzz: a 250th of the range.
        func fuzz(_ axis: AbsAxisInfo) -> Int32 {
            axis.fuzz != 0 ? axis.fuzz : Int32(clamping: (Int64(axis.maximum) - Int64(axis.minimum)) / 250)
        }
        fuzzX = fuzz(axisX); fuzzY = fuzz(axisY)
        let count = min(max(1, slotCount), Self.contactsPerReport)
        slots = [Slot](repeating: Slot(), count: count)
        contacts = [Contact](repeating: Contact(), count: Self.contactsPerReport)
        pairedSlots = [Int](repeating: 0, count: count)
        newContacts = [Int](repeating: 0, count: Self.contactsPerReport)
        assignment = ContactAssignment(capacity: Self.contactsPerReport)
    }

    /// Each slot's phase, in slot order (for tests and diagnostics).
    public var slotPhases: [SlotPhase] { slots.map(\.phase) }

    /// Feeds one event; at `SYN_REPORT` the frame is handed to `builder` and returned.
    public mutating func feed(_ event: EvdevEvent, into builder: inout TouchFrameBuilder) -> TouchFrame? {
        switch (event.type, event.code) {
        case (EvdevCode.evAbs, EvdevCode.absMtFirst...EvdevCode.absMtLastTracked):
            receiveValue(event)
        case (EvdevCode.evSyn, EvdevCode.synMtReport):
            closeContact()
        case (EvdevCode.evKey, EvdevCode.btnTouch):
            noteTouchKey()
        case (EvdevCode.evSyn, EvdevCode.synReport):
            endReport(into: &builder)
            return builder.endFrame(timeUs: event.timeUs)
        case (EvdevCode.evSyn, EvdevCode.synDropped):
            logger.log(.warning, "trace: SYN_DROPPED at line \(event.line); events were lost while recording")
        default:
            break   // ABS_X/ABS_Y pointer emulation, pressure, other keys: libinput ignores them here
        }
        return nil
    }

    // MARK: Report parser transitions (idle → collecting → idle)

    /// An `ABS_MT_*` value for the contact being read.
    private mutating func receiveValue(_ event: EvdevEvent) {
        guard closedContacts < Self.contactsPerReport else { return }
        phase = .collecting
        switch event.code {
        case EvdevCode.absMtPositionX:
            checkRange(axisX, event)
            contacts[closedContacts].x = event.value; contacts[closedContacts].hasX = true
        case EvdevCode.absMtPositionY:
            checkRange(axisY, event)
            contacts[closedContacts].y = event.value; contacts[closedContacts].hasY = true
        case EvdevCode.absMtTouchMajor:
            contacts[closedContacts].touchMajor = event.value
        case EvdevCode.absMtTrackingId:
            contacts[closedContacts].trackingId = event.value
        default:
            break
        }
    }

    /// `SYN_MT_REPORT`: the contact being read is complete; one without X and Y is dropped.
    private mutating func closeContact() {
        phase = .collecting
        guard closedContacts < Self.contactsPerReport else {
            if !reportedOverflow {
                logger.log(.warning, "trace: more than \(Self.contactsPerReport) contacts in one report; the rest are ignored (as mtdev does)")
                reportedOverflow = true
            }
            return
        }
        if contacts[closedContacts].hasX && contacts[closedContacts].hasY {
            closedContacts += 1
        }
        if closedContacts < Self.contactsPerReport { contacts[closedContacts] = Contact() }
    }

    /// `BTN_TOUCH`: it makes the report a multitouch one, so a `BTN_TOUCH` 0 alone lifts all.
    private mutating func noteTouchKey() {
        phase = .collecting
    }

    /// `SYN_REPORT`: replaces the slots' contacts with this report's and emits the changes.
    private mutating func endReport(into builder: inout TouchFrameBuilder) {
        defer {
            closedContacts = 0
            contacts[0] = Contact()
            phase = .idle
        }
        guard phase == .collecting else { return }
        reportCount += 1
        contactCount += closedContacts
        newContactCount = 0
        if hasTrackingId { identifyByTrackingId() } else { pairByDistance() }
        for s in slots.indices {
            if case .touching = slots[s].phase, slots[s].pending == .none { slots[s].pending = .end }
        }
        placeNewContacts()
        for s in slots.indices {
            switch slots[s].pending {
            case .none: break
            case .begin(let contact, let id): begin(slot: s, contact: contact, trackingId: id, into: &builder)
            case .track(let contact): track(slot: s, contact: contact, into: &builder)
            case .end: end(slot: s, into: &builder)
            }
            slots[s].pending = .none
        }
    }

    // MARK: Pairing

    private func isTouch(_ contact: Contact) -> Bool {
        !hasTouchMajor || (contact.touchMajor ?? 1) != 0
    }

    /// mtdev's way for devices without tracking ids: the least summed squared distance between
    /// this report's contacts and the touching slots. Hovering contacts take part in the
    /// pairing (and may take a slot's partner, which then ends) but never touch.
    private mutating func pairByDistance() {
        var columns = 0
        for s in slots.indices where slots[s].phase != .free {
            pairedSlots[columns] = s; columns += 1
        }
        assignment.reset(rows: closedContacts, cols: columns)
        for i in 0..<closedContacts {
            for j in 0..<columns {
                let slot = slots[pairedSlots[j]]
                assignment.setCost(row: i, col: j, Self.squaredDistance(contacts[i].x, contacts[i].y, slot.x, slot.y))
            }
        }
        assignment.solve()
        for i in 0..<closedContacts where isTouch(contacts[i]) {
            touchingContactCount += 1
            let j = assignment.rowToCol[i]
            if j >= 0 {
                slots[pairedSlots[j]].pending = .track(contact: i)
            } else {
                newContacts[newContactCount] = i; newContactCount += 1
            }
        }
    }

    /// Devices that report `ABS_MT_TRACKING_ID`: a contact continues the slot with its id.
    private mutating func identifyByTrackingId() {
        for i in 0..<closedContacts {
            guard let id = contacts[i].trackingId, id >= 0 else { continue }
            touchingContactCount += 1
            if let s = slots.indices.first(where: { slots[$0].phase == .touching(trackingId: id) }) {
                if slots[s].pending == .none { slots[s].pending = .track(contact: i) }
            } else {
                newContacts[newContactCount] = i; newContactCount += 1
            }
        }
    }

    /// New contacts, in report order, take the lowest slots free before this report.
    private mutating func placeNewContacts() {
        var s = 0
        for k in 0..<newContactCount {
            while s < slots.count && !(slots[s].phase == .free && slots[s].pending == .none) { s += 1 }
            guard s < slots.count else {
                if !reportedNoSlot {
                    logger.log(.warning, "trace: more than \(slots.count) contacts down at once; dropping \(newContactCount - k) until a slot frees")
                    reportedNoSlot = true
                }
                return
            }
            let contact = newContacts[k]
            let id: Int32
            if hasTrackingId {
                id = contacts[contact].trackingId ?? 0
            } else {
                id = nextTrackingId
                nextTrackingId = (nextTrackingId + 1) & 0xffff   // mtdev's id range
            }
            slots[s].pending = .begin(contact: contact, trackingId: id)
            s += 1
        }
    }

    /// mtdev's pairing cost: squared distance with each offset clamped to 15 bits.
    static func squaredDistance(_ x1: Int32, _ y1: Int32, _ x2: Int32, _ y2: Int32) -> Int {
        let dx = min(max(Int(x1) - Int(x2), -32767), 32767)
        let dy = min(max(Int(y1) - Int(y2), -32767), 32767)
        return dx * dx + dy * dy
    }

    // MARK: Slot transitions (free → touching → free)

    /// free → touching: a contact without partner begins a touch.
    private mutating func begin(slot s: Int, contact c: Int, trackingId: Int32, into builder: inout TouchFrameBuilder) {
        slots[s].phase = .touching(trackingId: trackingId)
        slots[s].x = contacts[c].x; slots[s].y = contacts[c].y
        builder.down(key(s), u: axisX.normalized(slots[s].x), v: axisY.normalized(slots[s].y))
    }

    /// touching → touching: the paired contact moves the touch, smoothed; no move, no motion.
    private mutating func track(slot s: Int, contact c: Int, into builder: inout TouchFrameBuilder) {
        let x = Self.hysteresis(contacts[c].x, previous: slots[s].x, fuzz: fuzzX)
        let y = Self.hysteresis(contacts[c].y, previous: slots[s].y, fuzz: fuzzY)
        guard x != slots[s].x || y != slots[s].y else { return }
        slots[s].x = x; slots[s].y = y
        builder.motion(key(s), u: axisX.normalized(x), v: axisY.normalized(y))
    }

    /// touching → free: the slot's contact is missing from the report.
    private mutating func end(slot s: Int, into builder: inout TouchFrameBuilder) {
        slots[s].phase = .free
        builder.up(key(s))
    }

    private func key(_ slot: Int) -> TouchFrameBuilder.ContactKey {
        TouchFrameBuilder.ContactKey(device: device, slot: Int32(slot))
    }

    /// The kernel's input hysteresis, which mtdev applies to protocol A contacts: moves within
    /// half the fuzz are ignored, within the fuzz a quarter is taken, within twice the fuzz half.
    static func hysteresis(_ value: Int32, previous: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let v = Int64(value), old = Int64(previous), f = Int64(fuzz)
        if v > old - f / 2 && v < old + f / 2 { return previous }
        if v > old - f && v < old + f { return Int32(clamping: (old * 3 + v) / 4) }
        if v > old - f * 2 && v < old + f * 2 { return Int32(clamping: (old + v) / 2) }
        return value
    }

    private mutating func checkRange(_ axis: AbsAxisInfo, _ event: EvdevEvent) {
        if !axis.contains(event.value) && !reportedRange {
            logger.log(.info, "trace: value \(event.value) at line \(event.line) is outside the axis range \(axis.minimum)...\(axis.maximum)")
            reportedRange = true
        }
    }
}
