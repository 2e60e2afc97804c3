/*
 * pointer-client: a toplevel whose client binds wl_pointer and never wl_touch, as an X11 or
 * pointer-only app is to the compositor: sway emulates a pointer for touches on it. Prints one
 * line per pointer event, each prefixed by CLOCK_MONOTONIC in microseconds:
 *   ready WxH | enter x=X y=Y | leave | motion x=X y=Y | button pressed|released | frame
 * Runs until the compositor goes away.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

#include "client-kit.h"

static void p_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)p; (void)serial; (void)s;
	kit_say("enter x=%.1f y=%.1f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void p_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s)
{
	(void)d; (void)p; (void)serial; (void)s;
	kit_say("leave");
}
static void p_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)p; (void)time;
	kit_say("motion x=%.1f y=%.1f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void p_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state)
{
	(void)d; (void)p; (void)serial; (void)button;
	kit_say("button %s time=%u", state == WL_POINTER_BUTTON_STATE_PRESSED ? "pressed" : "released", time);
}
static void p_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t v)
{
	(void)d; (void)p; (void)time; (void)axis; (void)v;
}
static void p_frame(void *d, struct wl_pointer *p) { (void)d; (void)p; kit_say("frame"); }
static void p_axis_source(void *d, struct wl_pointer *p, uint32_t s) { (void)d; (void)p; (void)s; }
static void p_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t a) { (void)d; (void)p; (void)t; (void)a; }
static void p_axis_discrete(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d; (void)p; (void)a; (void)v; }
static const struct wl_pointer_listener pointer_listener = {
	.enter = p_enter, .leave = p_leave, .motion = p_motion, .button = p_button, .axis = p_axis,
	.frame = p_frame, .axis_source = p_axis_source, .axis_stop = p_axis_stop,
	.axis_discrete = p_axis_discrete,
};


int main(void)
{
	/* Only the pointer: the touch capability is there, and deliberately not bound. */
	struct kit kit = { .pointer_listener = &pointer_listener };
	if (!kit_connect(&kit, 0) || !kit.compositor || !kit.shm || !kit.seat || !kit.wm_base) {
		fprintf(stderr, kit.display ? "missing globals\n" : "cannot connect\n");
		return 1;
	}
	/* 1080x1920 unless configured otherwise */
	struct kit_toplevel top;
	kit_toplevel_init(&kit, &top, 1080, 1920);
	xdg_toplevel_set_title(top.tl, "pointer-client");
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		fprintf(stderr, "no configure\n");
		return 1;
	}
	struct wl_buffer *buffer = kit_buffer(&kit, top.width, top.height, 0x60606060);
	if (!buffer) {
		fprintf(stderr, "no buffer: %s\n", strerror(errno));
		return 1;
	}
	kit_commit_buffer(top.surface, buffer, top.width, top.height);
	wl_display_roundtrip(kit.display);
	kit_say("ready %dx%d", top.width, top.height);
	return kit_run(&kit);
}
