import BezelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns the host's 32-bit millisecond timestamps into router instants (docs/design.md E18).
///
/// The router needs one non-decreasing timeline for touches and timers. Timers run on the
/// event loop, whose clock is CLOCK_MONOTONIC, and wl_touch times are CLOCK_MONOTONIC in
/// milliseconds truncated to 32 bits, so a host time is placed on the monotonic timeline next
/// to "now". A time that is implausibly far from now (another clock, garbage) is replaced by
/// now, and a time before the last one is clamped, so the timeline never goes backwards. What
/// was done to the last time is kept in `lastAdjustment`, for the caller to log.
///
/// "Now" is read on the input's clock: when the latest host time reached us L ms after it was
/// stamped (a compositor behind on its input, a device that delivers late), now is L ms behind
/// CLOCK_MONOTONIC, at most `maxInputLag` (docs/design.md E18). So a timer never overtakes input
/// stamped before its deadline that is still on its way: a finger that moved 8 ms after its
/// down does not fail `still` because the down was read 300 ms late.
///
/// A clamped or implausible time still goes out to clients as the host stamped it (R2: a held
/// touch keeps its original time); `hostMsec(_:)` gives an instant's host time back.
/// - Now can run ahead of a touch that arrives later than the one before it (its lag is
///   larger), so its instant is clamped to a timer's now. Each clamped instant is made unique
///   (1 µs after the latest) and kept in a small ring with its host time.
/// - Times further than `plausibleSkew` from the monotonic clock (a compositor that fell that
///   far behind, or one on another clock) form a run: its first is placed at now, on a half
///   millisecond, and the rest keep the host's own steps from it. One offset then gives every
///   instant of the run its host time, however many are held.
final class HostClock {
    /// What `instant(hostMsec:)` had to do to the host's time.
    enum Adjustment: Equatable {
        /// Taken as given.
        case none
        /// Further than `plausibleSkew` from the monotonic clock: placed in a run that starts at
        /// now (docs/design.md E18).
        case implausible(hostMsec: UInt32)
        /// Before the latest instant handed out (by this many ms): placed just after it.
        case clamped(byMs: Double)
    }

    /// Host times further than this from the monotonic clock are not trusted.
    static let plausibleSkew = 10_000.0
    /// The most that now() lags behind the monotonic clock: a timer fires at most this late.
    static let maxInputLag = 1_000.0
    private var last = Milliseconds.zero
    /// How late the latest plausible host time arrived (ms, 0...maxInputLag).
    private(set) var inputLagMs = 0.0
    /// The monotonic clock in ms: CLOCK_MONOTONIC, or a fake in tests.
    private let monotonicMs: () -> Double
    /// What happened to the last host time given to `instant(hostMsec:)`.
    private(set) var lastAdjustment = Adjustment.none
    /// How far after the latest instant a clamped time is placed, so it names one host time.
    static let clampStepMs = 0.001
    /// The latest clamped instants with the host times they stand for, in a ring: a clamped
    /// touch is delivered within a hold window, long before this many more clamps happen.
    private var clampedInstants = [Double](repeating: -.infinity, count: 16)
    private var clampedHostMsec = [UInt32](repeating: 0, count: 16)
    private var nextClamped = 0
    private var anyClamped = false
    /// Whether `last` is an instant in the ring: a later time equal to it must not take it too.
    private var lastIsRecorded = false

    /// Instants `first...last` of a run of implausible host times; each one's host time is
    /// `msec(instant) &+ offset`, exactly, because `first` is a whole ms plus a half and the
    /// others are `first` plus whole ms.
    struct Run {
        var first = Double.infinity
        var last = -Double.infinity
        var firstHostMsec: UInt32 = 0
        var offset: UInt32 = 0
    }
    /// The latest runs, in a ring (a new one starts when a time of another kind came between,
    /// or the host's steps strayed more than `maxInputLag` from the monotonic clock's).
    private var runs = [Run](repeating: Run(), count: 4)
    private var currentRun = -1
    private var nextRun = 0
    private var anyRun = false
    /// Whether `last` is an instant of the current run (a second time equal to it is the same
    /// host time, so it may have the same instant).
    private var lastIsRun = false

    /// A clock reading `monotonicMs` (CLOCK_MONOTONIC by default).
    init(monotonicMs: @escaping () -> Double = HostClock.monotonic) {
        self.monotonicMs = monotonicMs
    }

    /// CLOCK_MONOTONIC in milliseconds.
    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// The current instant on the input's clock (never before the last instant handed out).
    func now() -> Milliseconds {
        note(Milliseconds(monotonicMs() - inputLagMs))
    }

    /// Records `t` as the latest instant, clamped to be non-decreasing; returns the result.
    @discardableResult
    func note(_ t: Milliseconds) -> Milliseconds {
        if t > last {
            last = t
            lastIsRecorded = false
            lastIsRun = false
        }
        return last
    }

    /// The instant of a host timestamp.
    func instant(hostMsec: UInt32) -> Milliseconds {
        let mono = monotonicMs().rounded(.down)
        // Only the low 32 bits matter; a clock that is not a finite number gives 0.
        let monoLow = mono.isFinite && mono.magnitude < 9e18 ? UInt32(truncatingIfNeeded: Int64(mono)) : 0
        // How far in the past the host time is, modulo 2^32 (handles the 49-day wrap).
        let age = Double(Int32(bitPattern: monoLow &- hostMsec))
        if age.magnitude > HostClock.plausibleSkew {
            lastAdjustment = .implausible(hostMsec: hostMsec)
            return inRun(hostMsec, mono: mono)
        }
        currentRun = -1
        let t = Milliseconds(mono - age)
        inputLagMs = min(max(age, 0), HostClock.maxInputLag)
        if t > last || (t == last && !lastIsRecorded && !lastIsRun) {
            lastAdjustment = .none
            return note(t)
        }
        lastAdjustment = .clamped(byMs: (last - t).value)
        return record(hostMsec)
    }

    /// Places a time before the latest instant just after it, and remembers which host time
    /// that instant stands for.
    private func record(_ hostMsec: UInt32) -> Milliseconds {
        let result = note(Milliseconds(last.value + HostClock.clampStepMs))
        clampedInstants[nextClamped] = result.value
        clampedHostMsec[nextClamped] = hostMsec
        nextClamped = (nextClamped + 1) % clampedInstants.count
        anyClamped = true
        lastIsRecorded = true
        return result
    }

    /// The instant of an implausible host time: the host's step from the current run's first
    /// time, or the first of a new run at now. Input is then late by however far the run is
    /// behind the monotonic clock (at most `maxInputLag`, as for a plausible time).
    private func inRun(_ hostMsec: UInt32, mono: Double) -> Milliseconds {
        if currentRun >= 0 {
            let run = runs[currentRun]
            let t = run.first + Double(Int32(bitPattern: hostMsec &- run.firstHostMsec))
            if (t > last.value || (t == last.value && lastIsRun)) && t >= mono - HostClock.maxInputLag
                && t <= mono + HostClock.maxInputLag {
                runs[currentRun].last = max(run.last, t)
                inputLagMs = min(max(mono - t, 0), HostClock.maxInputLag)
                note(Milliseconds(t))
                lastIsRun = true
                return last
            }
        }
        // A new run, at now or just after the latest instant, on a half millisecond.
        let after = max(mono, last.value + HostClock.clampStepMs)
        var first = after.rounded(.down) + 0.5
        if first < after { first += 1 }
        currentRun = nextRun
        nextRun = (nextRun + 1) % runs.count
        anyRun = true
        runs[currentRun] = Run(first: first, last: first, firstHostMsec: hostMsec,
                               offset: hostMsec &- HostClock.msec(Milliseconds(first)))
        inputLagMs = 0
        note(Milliseconds(first))
        lastIsRun = true
        return last
    }

    /// The wl_touch timestamp of a touch at instant `t`: the host's own time if `t` is a time
    /// this clock clamped or replaced, else `t`'s low 32 bits (`msec(_:)`).
    func hostMsec(_ t: Milliseconds) -> UInt32 {
        if anyClamped {
            for i in 0..<clampedInstants.count where clampedInstants[i] == t.value {
                return clampedHostMsec[i]
            }
        }
        if anyRun {
            for run in runs where run.first <= t.value && t.value <= run.last {
                return HostClock.msec(t) &+ run.offset
            }
        }
        return HostClock.msec(t)
    }

    /// A router instant as a wl_touch timestamp (its low 32 bits; 0 for a negative or
    /// non-finite instant).
    static func msec(_ t: Milliseconds) -> UInt32 {
        guard t.value.isFinite, t.value >= 0, t.value < 9e18 else { return 0 }
        return UInt32(truncatingIfNeeded: Int64(t.value))
    }
}
