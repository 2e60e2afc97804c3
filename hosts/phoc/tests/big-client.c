/*
 * big-client: a window bigger than the screen, for phoc's scale-to-fit. An xdg toplevel that
 * does not ask for full screen and keeps its own size (--size WxH, default 2160x3840) whatever
 * the compositor configures, so that phoc draws it scaled down. Prints one line per wl_touch
 * event, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                       mapped; the compositor has processed the commit
 *   <us> down id=N x=X y=Y / motion id=N x=X y=Y / up id=N / cancel
 * It exits when the compositor goes away.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

#include "client-kit.h"

static int32_t width = 2160, height = 3840;

static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time,
		       struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d, (void)t, (void)serial, (void)time, (void)s;
	kit_say("down id=%d x=%.1f y=%.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d, (void)t, (void)serial, (void)time;
	kit_say("up id=%d", id);
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x,
			 wl_fixed_t y)
{
	(void)d, (void)t, (void)time;
	kit_say("motion id=%d x=%.1f y=%.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_frame(void *d, struct wl_touch *t) { (void)d, (void)t; }
static void touch_cancel(void *d, struct wl_touch *t)
{
	(void)d, (void)t;
	kit_say("cancel");
}
static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, NULL, NULL,
};

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--size") && sscanf(argv[2], "%dx%d", &width, &height) == 2)
		;
	else if (argc != 1) {
		fprintf(stderr, "usage: %s [--size WxH]\n", argv[0]);
		return 2;
	}
	struct kit kit = { .touch_listener = &touch_listener };
	if (!kit_connect(&kit, 0) && !kit.display)
		return 1;
	if (!kit.compositor || !kit.shm || !kit.wm_base || !kit.seat) {
		fprintf(stderr, "big-client: missing globals\n");
		return 1;
	}
	/* keeps its own size whatever the compositor configures */
	struct kit_toplevel top;
	kit_toplevel_init(&kit, &top, width, height);
	xdg_toplevel_set_min_size(top.tl, width, height);
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		fprintf(stderr, "big-client: no configure\n");
		return 1;
	}
	kit_commit_buffer(top.surface, kit_buffer(&kit, width, height, 0xff406020), width, height);
	wl_display_roundtrip(kit.display);
	kit_say("ready");
	return kit_run(&kit);
}
