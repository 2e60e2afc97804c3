/// The engine's injected clock (docs/design.md E18).
///
/// Nothing in the engine reads wall time. A host moves the clock from its event loop (the time of
/// each input event, and `wl_event_loop` timer callbacks through `GestureEngine.advance(to:)`);
/// tests move it by hand. Time never goes backwards: an earlier instant is ignored.
public final class ManualClock {
    /// The current instant.
    public private(set) var now: Milliseconds

    /// Creates a clock that starts at `start`.
    public init(start: Milliseconds = .zero) { now = start }

    /// Moves the clock forward to `time`. Earlier instants are ignored so that a late or
    /// reordered event cannot make a timer fire twice.
    public func advance(to time: Milliseconds) {
        if time > now { now = time }
    }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Milliseconds) {
        advance(to: now + duration)
    }
}
