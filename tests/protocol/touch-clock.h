/*
 * The in-process C tests' touch clock: `clock_ms` is the time of the next touch event. The
 * plugin reads CLOCK_MONOTONIC too and never lets time go backwards, so times behind it would be
 * clamped and a slow run (valgrind, a loaded machine) would squash a swipe's 10 ms steps
 * together. `start_gesture` moves the clock 2 s ahead of CLOCK_MONOTONIC (if it is not already):
 * within the plugin's 10 s plausibility window, such times are taken as given.
 */
#ifndef BEZEL_TEST_TOUCH_CLOCK_H
#define BEZEL_TEST_TOUCH_CLOCK_H

#include <stdint.h>
#include <time.h>

static uint32_t clock_ms;

/* CLOCK_MONOTONIC in milliseconds, wrapped to 32 bits as Wayland's times are. */
static inline uint32_t now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

static inline void start_gesture(void)
{
	uint32_t ahead = now_msec() + 2000;
	if ((int32_t)(ahead - clock_ms) > 0)
		clock_ms = ahead;
}

#endif
