import BezelCore

/// The few evdev event types and codes (linux/input-event-codes.h) that the trace readers need.
///
/// Spelled out here rather than imported so that the readers stay pure Swift and build without
/// kernel headers.
public enum EvdevCode {
    /// `EV_SYN`: synchronisation events.
    public static let evSyn: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons.
    public static let evKey: UInt16 = 0x01
    /// `EV_ABS`: absolute axes.
    public static let evAbs: UInt16 = 0x03

    /// `SYN_REPORT`: ends one hardware frame.
    public static let synReport: UInt16 = 0x00
    /// `SYN_MT_REPORT`: ends one contact in multitouch protocol A.
    public static let synMtReport: UInt16 = 0x02
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let synDropped: UInt16 = 0x03

    /// `BTN_TOUCH`: a single-touch device is touched (1) or released (0).
    public static let btnTouch: UInt16 = 0x14a

    /// `ABS_X`: the single-touch (or pointer-emulation) horizontal position.
    public static let absX: UInt16 = 0x00
    /// `ABS_Y`: the single-touch (or pointer-emulation) vertical position.
    public static let absY: UInt16 = 0x01

    /// `ABS_MT_TOUCH_MAJOR`: the contact's size; 0 on a protocol A device means hovering.
    public static let absMtTouchMajor: UInt16 = 0x30
    /// The first multitouch contact axis (`ABS_MT_TOUCH_MAJOR`).
    public static let absMtFirst: UInt16 = 0x30
    /// The last multitouch contact axis mtdev reads (`ABS_MT_DISTANCE`).
    public static let absMtLastTracked: UInt16 = 0x3b

    /// `ABS_MT_SLOT`: selects the slot that the following `ABS_MT_*` events describe.
    public static let absMtSlot: UInt16 = 0x2f
    /// `ABS_MT_TOOL_TYPE`: finger, pen or palm.
    public static let absMtToolType: UInt16 = 0x37
    /// `ABS_MT_POSITION_X`: the slot's horizontal position in device units.
    public static let absMtPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`: the slot's vertical position in device units.
    public static let absMtPositionY: UInt16 = 0x36
    /// `ABS_MT_TRACKING_ID`: a new contact (≥ 0) or the end of the slot's contact (-1).
    public static let absMtTrackingId: UInt16 = 0x39

    /// `MT_TOOL_PALM`: value of `ABS_MT_TOOL_TYPE` for a palm, which libinput cancels.
    public static let mtToolPalm: Int32 = 2
}
