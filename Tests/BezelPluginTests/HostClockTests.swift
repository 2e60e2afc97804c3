import Testing
@testable import BezelCore
@testable import BezelPlugin

/// `HostClock` places the host's 32-bit millisecond touch times on the router's timeline
/// (docs/design.md E18) and never lets that timeline go backwards (docs/design.md §9: times going backwards).
/// The monotonic clock is a fake here, so each case is exact.
@Suite("HostClock: host times on one non-decreasing timeline (E18, §9)")
struct HostClockTests {
    /// A fake CLOCK_MONOTONIC the test moves by hand.
    final class FakeMonotonic: @unchecked Sendable {
        var ms: Double
        init(_ ms: Double) { self.ms = ms }
    }

    private func clock(at ms: Double) -> (HostClock, FakeMonotonic) {
        let fake = FakeMonotonic(ms)
        return (HostClock(monotonicMs: { fake.ms }), fake)
    }

    @Test("a host time on CLOCK_MONOTONIC is taken as given, past or slightly future")
    func plausibleTimes() {
        let (c, _) = clock(at: 50_000)
        #expect(c.instant(hostMsec: 49_900) == Milliseconds(49_900))
        #expect(c.lastAdjustment == .none)
        #expect(c.instant(hostMsec: 52_000) == Milliseconds(52_000))  // ahead, within 10 s
        #expect(c.lastAdjustment == .none)
    }

    @Test("a time before the latest one is placed just after it, and says how far back it was")
    func backwardsIsClamped() {
        let (c, _) = clock(at: 50_000)
        _ = c.instant(hostMsec: 50_000)
        let clamped = c.instant(hostMsec: 49_000)
        #expect(clamped == Milliseconds(50_000 + HostClock.clampStepMs))
        #expect(c.lastAdjustment == .clamped(byMs: 1000))
        #expect(c.instant(hostMsec: 50_010) == Milliseconds(50_010))
        #expect(c.lastAdjustment == .none)
    }

    @Test("R2: a touch clamped to a timer's now still goes out with the time the host gave it")
    func clampedTouchKeepsItsHostTime() {
        let (c, fake) = clock(at: 50_000.2)
        // The first touch arrives with no lag; a timer runs 1.5 ms later on the input's clock.
        #expect(c.instant(hostMsec: 50_000) == Milliseconds(50_000))
        fake.ms = 50_001.7
        let timerNow = c.now()
        // A down stamped 50_001 that reached the plugin 3 ms late is placed after the timer's
        // now, yet its wl_touch time is 50_001; so is a second clamped touch's own time.
        fake.ms = 50_004.1
        let down = c.instant(hostMsec: 50_001)
        let second = c.instant(hostMsec: 50_001)
        #expect(down > timerNow && second > down)
        #expect(c.hostMsec(down) == 50_001 && c.hostMsec(second) == 50_001)
        // An instant not clamped is its own time.
        let later = c.instant(hostMsec: 50_004)
        #expect(c.lastAdjustment == .none && c.hostMsec(later) == 50_004)
        #expect(c.hostMsec(Milliseconds(50_007.9)) == 50_007)
    }

    @Test("a time from another clock (further than 10 s away) is placed at now, on a half ms")
    func implausibleIsNow() {
        let (c, fake) = clock(at: 50_000)
        #expect(c.instant(hostMsec: 5) == Milliseconds(50_000.5))
        #expect(c.lastAdjustment == .implausible(hostMsec: 5))
        #expect(c.hostMsec(Milliseconds(50_000.5)) == 5)
        fake.ms = 50_020
        // A step of the host's that strays far from the monotonic clock's starts a new run.
        #expect(c.instant(hostMsec: 4_000_000_000) == Milliseconds(50_020.5))
        #expect(c.lastAdjustment == .implausible(hostMsec: 4_000_000_000))
        #expect(c.hostMsec(Milliseconds(50_020.5)) == 4_000_000_000)
    }

    @Test("R2: 200 touch events read 11 s after their stamps keep their host times and steps, all held at once")
    func lateRunKeepsHostTimes() {
        let (c, fake) = clock(at: 100_000)
        var instants: [Milliseconds] = []
        for i in 0..<200 {
            fake.ms = 100_000 + Double(i * 8) + Double(i % 4)  // read with 0 to 3 ms of jitter
            instants.append(c.instant(hostMsec: UInt32(89_000 + i * 8)))
            #expect(c.lastAdjustment == .implausible(hostMsec: UInt32(89_000 + i * 8)))
            #expect(c.now() <= instants[i])  // a timer never overtakes the run
        }
        for i in 0..<200 {
            #expect(instants[i] == Milliseconds(100_000.5 + Double(i * 8)))
            #expect(c.hostMsec(instants[i]) == UInt32(89_000 + i * 8))
        }
        // Two events with one host time have one instant, and that time.
        let again = c.instant(hostMsec: UInt32(89_000 + 199 * 8))
        #expect(again == instants[199] && c.hostMsec(again) == UInt32(89_000 + 199 * 8))
    }

    @Test("R2: a touch read more than 10 s after its stamp goes out with its host time, beside clamped and plausible ones")
    func implausibleTouchKeepsItsHostTime() {
        let (c, fake) = clock(at: 80_000)
        let down = c.instant(hostMsec: 69_000)  // 11 s behind: a compositor that fell behind
        #expect(down == Milliseconds(80_000.5))
        #expect(c.hostMsec(down) == 69_000)
        // A plausible time before it is clamped just after it, with its own time.
        let next = c.instant(hostMsec: 80_000)
        #expect(next > down && c.lastAdjustment == .clamped(byMs: 0.5))
        #expect(c.hostMsec(next) == 80_000 && c.hostMsec(down) == 69_000)
        // A late one after that starts a new run, after the clamped instant.
        let motion = c.instant(hostMsec: 69_008)
        #expect(motion > next && c.hostMsec(motion) == 69_008)
        // The host steps back 2 s: a new run again; the old runs still give their times.
        let back = c.instant(hostMsec: 67_010)
        #expect(back > motion && c.hostMsec(back) == 67_010)
        #expect(c.hostMsec(down) == 69_000 && c.hostMsec(motion) == 69_008)
        // Once input is on time again, instants are the host's times.
        fake.ms = 80_050
        let late = c.instant(hostMsec: 80_049)
        #expect(c.lastAdjustment == .none && late == Milliseconds(80_049) && c.hostMsec(late) == 80_049)
    }

    @Test("the 49-day wrap of 32-bit times: a time just before the wrap is 15 ms in the past")
    func wrap() {
        let wrap = 4_294_967_296.0
        let (c, _) = clock(at: wrap + 5)
        #expect(c.instant(hostMsec: UInt32.max - 9) == Milliseconds(wrap - 10))
        #expect(c.lastAdjustment == .none)
        #expect(HostClock.msec(Milliseconds(wrap + 7)) == 7)
    }

    @Test("now() never goes back, even if the monotonic source does")
    func nowNeverGoesBack() {
        let (c, fake) = clock(at: 1000)
        #expect(c.now() == Milliseconds(1000))
        fake.ms = 900
        #expect(c.now() == Milliseconds(1000))
        fake.ms = 1100
        #expect(c.now() == Milliseconds(1100))
    }

    @Test("a monotonic source that is not a number cannot trap the conversion")
    func garbageSource() {
        let (c, _) = clock(at: .nan)
        _ = c.instant(hostMsec: 123)
        let (d, _) = clock(at: .infinity)
        _ = d.instant(hostMsec: 123)
        let (e, _) = clock(at: -1e300)
        _ = e.instant(hostMsec: 123)
    }

    @Test("msec: instants that are not times give 0 instead of trapping")
    func msecOfGarbage() {
        #expect(HostClock.msec(Milliseconds(.nan)) == 0)
        #expect(HostClock.msec(Milliseconds(.infinity)) == 0)
        #expect(HostClock.msec(Milliseconds(-5)) == 0)
        #expect(HostClock.msec(Milliseconds(1e300)) == 0)
        #expect(HostClock.msec(Milliseconds(1234.9)) == 1234)
    }

    @Test("E18: now is on the input's clock: after a down read 300 ms late, its still timeout (250 ms) is due only 250 ms after the read")
    func lateInputDelaysTimers() {
        let (c, fake) = clock(at: 10_300)
        #expect(c.instant(hostMsec: 10_000) == Milliseconds(10_000))  // stamped 300 ms ago
        #expect(c.inputLagMs == 300)
        #expect(c.now() == Milliseconds(10_000))
        fake.ms = 10_540  // 240 ms after the read: the deadline 10,250 is not due yet
        #expect(c.now() == Milliseconds(10_240))  // without the lag: 10,540, past due
        fake.ms = 10_560
        #expect(c.now() >= Milliseconds(10_250))
    }

    @Test("E18: the lag follows the latest input, so once input is on time again so is now")
    func lagFollowsLatestInput() {
        let (c, fake) = clock(at: 20_300)
        _ = c.instant(hostMsec: 20_000)
        fake.ms = 20_310
        #expect(c.instant(hostMsec: 20_309) == Milliseconds(20_309))  // read 1 ms after its stamp
        #expect(c.inputLagMs == 1)
        #expect(c.now() == Milliseconds(20_309))
        _ = c.instant(hostMsec: 20_400)  // from 90 ms in the future: no lag
        #expect(c.inputLagMs == 0)
    }

    @Test("E18: a timer is at most 1 s late however late input is; an implausible time resets the lag")
    func lagIsBounded() {
        let (c, fake) = clock(at: 40_000)
        _ = c.instant(hostMsec: 35_000)  // 5 s late, still plausible
        #expect(c.inputLagMs == HostClock.maxInputLag)
        #expect(c.now() == Milliseconds(39_000))
        fake.ms = 40_100
        _ = c.instant(hostMsec: 7)  // another clock
        #expect(c.inputLagMs == 0)
        #expect(c.now() == Milliseconds(40_100.5))  // the run's first instant: now, on a half ms
        fake.ms = 40_300
        #expect(c.now() == Milliseconds(40_300))
    }
}
