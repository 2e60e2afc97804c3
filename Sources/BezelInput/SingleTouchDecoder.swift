import BezelCore

/// Decodes a touchscreen without slots into contact events for a `TouchFrameBuilder`, the way
/// libinput's fallback path reads one (docs/design.md §7):
/// - `BTN_TOUCH` 1 puts the one contact down at the latest `ABS_X`/`ABS_Y`, `BTN_TOUCH` 0 lifts
///   it, and `ABS_X`/`ABS_Y` changes move it while it is down;
/// - changes are collected until `SYN_REPORT`; a frame gives its motion first, then the down,
///   then the up.
///
/// A multitouch protocol A device (`ABS_MT_*` with `SYN_MT_REPORT`) goes to `ProtocolADecoder`.
///
/// It never traps: out-of-range values are passed on (the mapping clamps them) and logged once.
public struct SingleTouchDecoder: Sendable {
    /// The device's `ABS_X` axis.
    public let axisX: AbsAxisInfo
    /// The device's `ABS_Y` axis.
    public let axisY: AbsAxisInfo
    /// Identifies the device in the builder's contact keys.
    public let device: UInt
    private var x: Int32 = 0
    private var y: Int32 = 0
    private var moved = false
    private var pressed = false
    private var released = false
    /// The builder was told about the contact (it went down).
    private var isDown = false
    private var reportedRange = false
    private var logger: Logger

    /// Creates a decoder for a device with the given `ABS_X`/`ABS_Y` axes.
    public init(axisX: AbsAxisInfo, axisY: AbsAxisInfo, device: UInt = 0, logger: Logger = .silent) {
        self.axisX = axisX; self.axisY = axisY; self.device = device; self.logger = logger
        // Until the first report, the contact would go down at the axis minimum (as libinput's
        // zero-initialised state does, clamped to the axis).
        self.x = axisX.minimum; self.y = axisY.minimum
    }

    /// Feeds one event; at `SYN_REPORT` the frame is handed to `builder` and returned.
    public mutating func feed(_ event: EvdevEvent, into builder: inout TouchFrameBuilder) -> TouchFrame? {
        switch (event.type, event.code) {
        case (EvdevCode.evAbs, EvdevCode.absX):
            checkRange(axisX, event)
            x = event.value; moved = true
        case (EvdevCode.evAbs, EvdevCode.absY):
            checkRange(axisY, event)
            y = event.value; moved = true
        case (EvdevCode.evKey, EvdevCode.btnTouch):
            // 2 is a key repeat, which says nothing new.
            if event.value == 1 { pressed = true } else if event.value == 0 { released = true }
        case (EvdevCode.evSyn, EvdevCode.synReport):
            flush(into: &builder)
            return builder.endFrame(timeUs: event.timeUs)
        case (EvdevCode.evSyn, EvdevCode.synDropped):
            logger.log(.warning, "trace: SYN_DROPPED at line \(event.line); events were lost while recording")
        default:
            break   // pressure, other keys
        }
        return nil
    }

    private mutating func checkRange(_ axis: AbsAxisInfo, _ event: EvdevEvent) {
        if !axis.contains(event.value) && !reportedRange {
            logger.log(.info, "trace: value \(event.value) at line \(event.line) is outside the axis range \(axis.minimum)...\(axis.maximum)")
            reportedRange = true
        }
    }

    private mutating func flush(into builder: inout TouchFrameBuilder) {
        let key = TouchFrameBuilder.ContactKey(device: device, slot: 0)
        let u = axisX.normalized(x), v = axisY.normalized(y)
        if moved && isDown { builder.motion(key, u: u, v: v) }
        if pressed && !isDown {
            builder.down(key, u: u, v: v)
            isDown = true
        }
        if released && isDown {
            builder.up(key)
            isDown = false
        }
        moved = false; pressed = false; released = false
    }
}
