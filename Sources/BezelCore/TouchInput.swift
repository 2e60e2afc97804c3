/// One touch event as delivered by a touch source (libinput, a host compositor, a trace).
///
/// Positions are output logical pixels as the user sees the screen; sources apply the device
/// range, calibration and output transform before building these.
public struct TouchInput: Hashable, Sendable {
    /// What happened to the touch.
    public enum Kind: UInt8, Sendable {
        /// A finger touched the screen.
        case down
        /// A finger moved.
        case motion
        /// A finger lifted.
        case up
        /// The device cancelled every active touch (libinput TOUCH_CANCEL, device removal).
        case cancel
    }

    /// The event kind.
    public var kind: Kind
    /// The touch identifier (libinput seat slot or trace slot). Unused for `.cancel`.
    public var id: Int32
    /// Position in output logical pixels. Unused for `.up` and `.cancel`.
    public var position: Point
    /// Event time on the source's monotonic clock.
    public var time: Milliseconds

    /// Creates a touch event.
    public init(kind: Kind, id: Int32, position: Point = .zero, time: Milliseconds) {
        self.kind = kind; self.id = id; self.position = position; self.time = time
    }
}

/// A group of touch events that belong to one hardware frame (`SYN_REPORT`,
/// `LIBINPUT_EVENT_TOUCH_FRAME`). Everything in a frame happened at the same instant.
public struct TouchFrame: Hashable, Sendable {
    /// The frame's time.
    public var time: Milliseconds
    /// The frame's events, in the order the device reported them.
    public var events: [TouchInput]

    /// Creates a frame.
    public init(time: Milliseconds, events: [TouchInput]) {
        self.time = time; self.events = events
    }
}
