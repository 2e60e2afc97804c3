/*
 * touch-rig: bezel-compositor's test-rig touch input. It reads one touchscreen node through
 * libinput (path backend; under umockdev in the tests, see DESIGN §7) and hands its events to
 * a listener shaped like bezel.h's bezel_input_listener. It is not part of libbezel-wlroots: a
 * real compositor gets its touches from its own backend.
 */
#ifndef BEZEL_TOUCH_RIG_H
#define BEZEL_TOUCH_RIG_H

#include <stdint.h>
#include <stdio.h>

struct wl_event_loop;

struct touch_rig_listener {
	/* positions: 0..1 of the device's range, as wlr_touch events carry them */
	void (*down)(void *data, int32_t id, double x, double y, uint32_t time_msec);
	void (*motion)(void *data, int32_t id, double x, double y, uint32_t time_msec);
	void (*up)(void *data, int32_t id, uint32_t time_msec);
	void (*frame)(void *data, uint32_t time_msec);
	void (*cancel)(void *data, uint32_t time_msec);
};

struct touch_rig;

/* Creates the libinput context on `loop`; the device opens with touch_rig_open. `event_log`
 * (may be NULL) gets "libinput down|motion|up id=N time_us=U" and "touch device opened NODE". */
struct touch_rig *touch_rig_create(struct wl_event_loop *loop, const char *node,
				   const struct touch_rig_listener *listener, void *data,
				   FILE *event_log);
int touch_rig_open(struct touch_rig *rig);
void touch_rig_destroy(struct touch_rig *rig);

#endif
