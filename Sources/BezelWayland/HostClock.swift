import BezelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns the host's 32-bit millisecond timestamps into router instants (DESIGN E18).
///
/// The router needs one non-decreasing timeline for touches and timers. Timers run on the
/// event loop, whose clock is CLOCK_MONOTONIC, and wl_touch times are CLOCK_MONOTONIC in
/// milliseconds truncated to 32 bits, so a host time is placed on the monotonic timeline next
/// to "now". A time that is implausibly far from now (another clock, garbage) is replaced by
/// now, and a time before the last one is clamped, so the timeline never goes backwards.
final class HostClock {
    /// Host times further than this from the monotonic clock are not trusted.
    static let plausibleSkew = 10_000.0
    private var last = Milliseconds.zero

    /// CLOCK_MONOTONIC in milliseconds.
    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// The current instant (never before the last instant handed out).
    func now() -> Milliseconds {
        note(Milliseconds(HostClock.monotonic()))
    }

    /// Records `t` as the latest instant, clamped to be non-decreasing; returns the result.
    @discardableResult
    func note(_ t: Milliseconds) -> Milliseconds {
        if t > last { last = t }
        return last
    }

    /// The instant of a host timestamp.
    func instant(hostMsec: UInt32) -> Milliseconds {
        let mono = HostClock.monotonic().rounded(.down)
        let monoLow = UInt32(truncatingIfNeeded: Int64(mono))
        // How far in the past the host time is, modulo 2^32 (handles the 49-day wrap).
        let age = Double(Int32(bitPattern: monoLow &- hostMsec))
        let t = abs(age) <= HostClock.plausibleSkew ? mono - age : mono
        return note(Milliseconds(t))
    }

    /// A router instant as a wl_touch timestamp.
    static func msec(_ t: Milliseconds) -> UInt32 {
        guard t.value.isFinite, t.value >= 0 else { return 0 }
        return UInt32(truncatingIfNeeded: Int64(t.value))
    }
}
