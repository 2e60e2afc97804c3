/*
 * bezel-shell-client: an xdg-shell client for the wlroots integration tests, in one of two shapes:
 *   --popup            full-screen, and opens an xdg_popup with a grab (as a menu does)
 *   --windowed EDGES   a window that is NOT full-screen, asking to defer EDGES (R6 policy)
 * Prints one line per event, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                      mapped (and the popup too), after a roundtrip
 *   <us> honored_edges E            bezel protocol (--windowed)
 *   <us> down id=N x=X y=Y time=T on=popup|main
 *   <us> motion id=N ... / up id=N time=T / frame / cancel
 *   <us> popup-done                 the compositor dismissed the popup (its grab ended)
 * The popup is 400x300 at (340, 810) of the toplevel. It exits when the compositor goes away.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "client-kit.h"

static struct kit kit;
static struct bezel_system_gestures_manager_v1 *gestures;
static struct wl_surface *popup_surface;
static bool popup_configured;

static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
		   int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)serial;
	kit_say("down id=%d x=%.1f y=%.1f time=%u on=%s", id, wl_fixed_to_double(x),
		wl_fixed_to_double(y), time, s == popup_surface ? "popup" : "main");
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d; (void)t; (void)serial;
	kit_say("up id=%d time=%u", id, time);
}
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	kit_say("motion id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; kit_say("frame"); }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; kit_say("cancel"); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = {
	.down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel,
	.shape = t_shape, .orientation = t_orient,
};

static void g_honored(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("honored_edges %u", e); }
static void g_deferred(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("deferred_swipe %u", e); }
static void g_taken(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("gesture_taken %u", e); }
/* Version 2 only; this client binds version 1, so it is never sent (kept for the listener). */
static void g_honored_gestures(void *d, struct bezel_gesture_surface_v1 *g, uint32_t k) { (void)d; (void)g; kit_say("honored_gestures %u", k); }
static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	.honored_edges = g_honored, .deferred_swipe = g_deferred, .gesture_taken = g_taken,
	.honored_gestures = g_honored_gestures,
};

static void p_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h)
{
	(void)d; (void)p; (void)x; (void)y; (void)w; (void)h;
}
static void p_done(void *d, struct xdg_popup *p) { (void)d; (void)p; kit_say("popup-done"); }
static void p_repositioned(void *d, struct xdg_popup *p, uint32_t t) { (void)d; (void)p; (void)t; }
static const struct xdg_popup_listener popup_listener = { p_configure, p_done, p_repositioned };
static void px_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	(void)d;
	xdg_surface_ack_configure(xs, serial);
	popup_configured = true;
}
static const struct xdg_surface_listener px_listener = { px_configure };

int main(int argc, char **argv)
{
	bool popup_mode = argc == 2 && !strcmp(argv[1], "--popup");
	bool windowed = argc == 3 && !strcmp(argv[1], "--windowed");
	if (!popup_mode && !windowed) {
		fprintf(stderr, "usage: %s --popup | --windowed EDGES\n", argv[0]);
		return 2;
	}
	static const struct kit_global extra[] = {
		{ &bezel_system_gestures_manager_v1_interface, 1, &gestures },
		{ NULL, 0, NULL },
	};
	kit.extra = extra;
	kit.touch_listener = &touch_listener;
	if (!kit_connect(&kit, 0) || !kit.compositor || !kit.shm || !kit.wm_base || !kit.seat) {
		fprintf(stderr, kit.display ? "missing globals\n" : "cannot connect\n");
		return 1;
	}
	/* 1080x1920 unless configured otherwise */
	struct kit_toplevel top;
	kit_toplevel_init(&kit, &top, 1080, 1920);
	if (popup_mode) {
		xdg_toplevel_set_fullscreen(top.tl, NULL);
	} else {
		if (!gestures) {
			fprintf(stderr, "no bezel_system_gestures_manager_v1\n");
			return 1;
		}
		struct bezel_gesture_surface_v1 *g =
			bezel_system_gestures_manager_v1_get_gesture_surface(gestures, top.surface);
		bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(g, (uint32_t)strtoul(argv[2], NULL, 0));
	}
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		fprintf(stderr, "no configure\n");
		return 1;
	}
	struct wl_buffer *buffer = kit_buffer(&kit, top.width, top.height, 0x60606060);
	if (!buffer)
		return 1;
	kit_commit_buffer(top.surface, buffer, top.width, top.height);
	wl_display_roundtrip(kit.display);
	if (windowed) {
		kit_say("ready %dx%d", top.width, top.height);
		return kit_run(&kit);
	}

	/* A menu-like popup with a grab: the seat's touch grab becomes the popup's. */
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(kit.wm_base);
	xdg_positioner_set_size(pos, 400, 300);
	xdg_positioner_set_anchor_rect(pos, 340, 810, 1, 1);
	xdg_positioner_set_anchor(pos, XDG_POSITIONER_ANCHOR_TOP_LEFT);
	xdg_positioner_set_gravity(pos, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	popup_surface = wl_compositor_create_surface(kit.compositor);
	struct xdg_surface *pxs = xdg_wm_base_get_xdg_surface(kit.wm_base, popup_surface);
	xdg_surface_add_listener(pxs, &px_listener, NULL);
	struct xdg_popup *popup = xdg_surface_get_popup(pxs, top.xs, pos);
	xdg_popup_add_listener(popup, &popup_listener, NULL);
	xdg_popup_grab(popup, kit.seat, 0);
	wl_surface_commit(popup_surface);
	if (!kit_dispatch_until(&kit, &popup_configured, KIT_CONFIGURE_MS) || !popup_configured) {
		fprintf(stderr, "no popup configure\n");
		return 1;
	}
	struct wl_buffer *pbuf = kit_buffer(&kit, 400, 300, 0xd0d0d0d0);
	if (!pbuf)
		return 1;
	kit_commit_buffer(popup_surface, pbuf, 400, 300);
	wl_display_roundtrip(kit.display); /* the compositor has processed both commits */
	kit_say("ready %dx%d", top.width, top.height);
	return kit_run(&kit);
}
