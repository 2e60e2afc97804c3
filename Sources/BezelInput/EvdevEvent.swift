import BezelCore

/// One raw evdev event from a trace (`struct input_event`).
public struct EvdevEvent: Hashable, Sendable {
    /// Seconds part of the timestamp.
    public var seconds: Int64
    /// Microseconds part of the timestamp (0 ..< 1 000 000 in well-formed files).
    public var microseconds: Int64
    /// Event type (`EV_SYN`, `EV_ABS`, ...).
    public var type: UInt16
    /// Event code (`SYN_REPORT`, `ABS_MT_SLOT`, ...).
    public var code: UInt16
    /// Event value.
    public var value: Int32
    /// 1-based line of the file the event came from (0 when it did not come from a file).
    public var line: Int

    /// Creates an event.
    public init(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
        self.seconds = seconds; self.microseconds = microseconds
        self.type = type; self.code = code; self.value = value; self.line = line
    }

    /// The timestamp in microseconds, as libinput's `*_get_time_usec` reports it.
    @inlinable public var timeUs: Int64 { seconds &* 1_000_000 &+ microseconds }

    /// The timestamp in milliseconds, computed as the live source computes it from microseconds,
    /// so that both give bit-identical values.
    @inlinable public var time: Milliseconds { Milliseconds(Double(timeUs) / 1000) }
}
