/*
 * bezel-kwin: times between KWin and libbezel (clock.h).
 */
#include "clock.h"

#include <ctime>

namespace
{
uint64_t monotonicMs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000 + uint64_t(ts.tv_nsec) / 1000000;
}
} // namespace

// libinput times are CLOCK_MONOTONIC, as libbezel's; org_kde_kwin_fake_input's are wall-clock
// times. A time far from the monotonic clock is taken as "now".
uint32_t feedTime(std::chrono::microseconds time)
{
    const uint64_t now = monotonicMs();
    const int64_t ms = time.count() / 1000;
    if (ms > 0 && ms > int64_t(now) - 10000 && ms <= int64_t(now) + 1000) {
        return uint32_t(ms);
    }
    return uint32_t(now);
}

std::chrono::microseconds replayTime(uint32_t msec)
{
    const uint64_t now = monotonicMs();
    uint64_t full = (now & ~uint64_t(0xffffffff)) | msec;
    if (full > now + 0x80000000ull) {
        full -= 0x100000000ull;
    }
    return std::chrono::microseconds(full * 1000);
}
