import BezelCore

/// Decodes the evdev multitouch protocol B (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`,
/// `ABS_MT_POSITION_X/Y`, `SYN_REPORT`) into contact events for a `TouchFrameBuilder`, following
/// what libinput's touchscreen code does with the same stream:
/// - a slot's changes are collected until `SYN_REPORT`, then each changed slot, in slot order,
///   gives one down, motion or up;
/// - a slot that begins and ends within one frame gives nothing;
/// - `ABS_MT_TOOL_TYPE` = palm on a touching slot cancels touches; a contact that begins as a
///   palm is ignored;
/// - `ABS_MT_SLOT` beyond the device's slot count selects the last slot (libinput does the same).
///
/// It never traps: out-of-range values are passed on (the mapping clamps them) and logged once.
public struct MultitouchDecoder: Sendable {
    private enum SlotState: Sendable { case none, begin, update, end }

    private struct Slot: Sendable {
        var state: SlotState = .none
        var dirty = false
        var x: Int32 = 0
        var y: Int32 = 0
        var palm = false
        /// The builder was told about this contact (it went down).
        var delivered = false
    }

    /// The device's multitouch X axis.
    public let axisX: AbsAxisInfo
    /// The device's multitouch Y axis.
    public let axisY: AbsAxisInfo
    /// Identifies the device in the builder's contact keys.
    public let device: UInt
    private var slots: [Slot]
    private var currentSlot = 0
    private var pendingPalmCancel = false
    private var reportedRange = false
    private var reportedSlot = false
    private var logger: Logger

    /// Creates a decoder for a device with the given axes and slot count.
    public init(axisX: AbsAxisInfo, axisY: AbsAxisInfo, slotCount: Int, device: UInt = 0, logger: Logger = .silent) {
        self.axisX = axisX; self.axisY = axisY; self.device = device
        self.slots = [Slot](repeating: Slot(), count: max(1, slotCount))
        self.logger = logger
    }

    /// Feeds one event; at `SYN_REPORT` the frame is handed to `builder` and returned.
    public mutating func feed(_ event: EvdevEvent, into builder: inout TouchFrameBuilder) -> TouchFrame? {
        switch event.type {
        case EvdevCode.evAbs:
            absolute(event)
            return nil
        case EvdevCode.evSyn where event.code == EvdevCode.synReport:
            flush(into: &builder)
            return builder.endFrame(timeUs: event.timeUs)
        case EvdevCode.evSyn where event.code == EvdevCode.synDropped:
            // The recording lost events; what follows may contradict the slot state, which the
            // state machine tolerates. libinput resynchronises from the kernel here.
            logger.log(.warning, "trace: SYN_DROPPED at line \(event.line); events were lost while recording")
            return nil
        default:
            return nil
        }
    }

    private mutating func absolute(_ event: EvdevEvent) {
        if event.code == EvdevCode.absMtSlot {
            var value = Int(event.value)
            if value < 0 || value >= slots.count {
                if !reportedSlot {
                    logger.log(.warning, "trace: slot \(event.value) at line \(event.line) exceeds the device's \(slots.count) slots; using the last slot")
                    reportedSlot = true
                }
                value = value < 0 ? 0 : slots.count - 1
            }
            currentSlot = value
            return
        }
        switch event.code {
        case EvdevCode.absMtTrackingId:
            slots[currentSlot].state = event.value >= 0 ? .begin : .end
            if event.value >= 0 { slots[currentSlot].palm = false }
            slots[currentSlot].dirty = true
        case EvdevCode.absMtPositionX:
            checkRange(axisX, event)
            slots[currentSlot].x = event.value
            slots[currentSlot].dirty = true
        case EvdevCode.absMtPositionY:
            checkRange(axisY, event)
            slots[currentSlot].y = event.value
            slots[currentSlot].dirty = true
        case EvdevCode.absMtToolType:
            let palm = event.value == EvdevCode.mtToolPalm
            if palm && !slots[currentSlot].palm && slots[currentSlot].delivered { pendingPalmCancel = true }
            slots[currentSlot].palm = palm
            slots[currentSlot].dirty = true
        default:
            break
        }
    }

    private mutating func checkRange(_ axis: AbsAxisInfo, _ event: EvdevEvent) {
        if !axis.contains(event.value) && !reportedRange {
            logger.log(.info, "trace: value \(event.value) at line \(event.line) is outside the axis range \(axis.minimum)...\(axis.maximum)")
            reportedRange = true
        }
    }

    private mutating func flush(into builder: inout TouchFrameBuilder) {
        if pendingPalmCancel {
            pendingPalmCancel = false
            builder.cancelAll(reason: "palm detected")
            for i in slots.indices where slots[i].delivered { slots[i].delivered = false }
        }
        for i in slots.indices where slots[i].dirty {
            slots[i].dirty = false
            let key = TouchFrameBuilder.ContactKey(device: device, slot: Int32(i))
            let u = axisX.normalized(slots[i].x), v = axisY.normalized(slots[i].y)
            switch slots[i].state {
            case .begin:
                if slots[i].delivered {
                    // A new tracking id without -1 in between: the old contact ends first.
                    builder.up(key)
                    slots[i].delivered = false
                }
                if slots[i].palm {
                    slots[i].state = .none   // a contact that starts as a palm is never delivered
                } else {
                    builder.down(key, u: u, v: v)
                    slots[i].delivered = true
                    slots[i].state = .update
                }
            case .update:
                if slots[i].delivered && !slots[i].palm { builder.motion(key, u: u, v: v) }
            case .end:
                if slots[i].delivered { builder.up(key) }
                slots[i].delivered = false
                slots[i].state = .none
            case .none:
                break
            }
        }
    }
}
