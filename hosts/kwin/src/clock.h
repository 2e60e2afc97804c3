/*
 * bezel-kwin: times between KWin and libbezel. KWin stamps touch events in microseconds
 * (libinput's CLOCK_MONOTONIC, or wall-clock times from org_kde_kwin_fake_input); libbezel
 * takes and hands back 32-bit milliseconds of CLOCK_MONOTONIC.
 */
#pragma once

#include <chrono>
#include <cstdint>

// The libbezel time of a KWin event time; a time far from the monotonic clock is taken as now.
uint32_t feedTime(std::chrono::microseconds time);

// The 32-bit millisecond time libbezel hands back, as the microseconds KWin's seat stamps on
// wl_touch events (clients see the time the event happened, not the time it was released).
std::chrono::microseconds replayTime(uint32_t msec);
