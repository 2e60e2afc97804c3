/*
 * bezel-touch-client: a full-screen xdg-shell client for the weston integration tests.
 * Prints one line per event it gets, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                          mapped, and the compositor has processed the commit
 *   <us> down id=N x=X y=Y time=T       wl_touch events (time = the event's own timestamp)
 *   <us> motion id=N ... / up id=N time=T / frame / cancel
 *   <us> honored_edges E / deferred_swipe E / gesture_taken E     bezel protocol events
 *   <us> back_edges E / back_began edge=E x=X y=Y / back_changed progress=P x=X y=Y /
 *        back_invoked / back_cancelled                          (with --back, version 4)
 *   <us> drag-started / source-cancelled / source-dnd-finished / source-drop-performed /
 *        source-target MIME / dd-enter / dd-leave / dd-drop       (with --drag)
 *   <us> on popup|main                  after each down: the surface it went down on
 *   <us> popup-mapped / popup-done      (with --popup)
 * It exits when the compositor goes away.
 *
 * usage: bezel-touch-client [--edges N] [--back] [--no-gesture-object] [--drag] [--popup]
 *                           [--windowed] [--app-id ID] [--subsurface [--lower-after MS] [--remap]]
 *   --edges N             defer these edges (default 0; a gesture object is created anyway)
 *   --back                bind the global at version 4 and handle the back gesture
 *                         (set_back_handling 1 before the first commit; without it the client
 *                         binds version 1)
 *   --no-gesture-object   do not create a bezel_gesture_surface_v1
 *   --drag                start a drag-and-drop session (text/plain) with the first touch
 *   --popup               the first touch-down opens a 400x400 xdg_popup below and right of
 *                         the finger, with an explicit grab (xdg_popup.grab) on that touch
 *   --windowed            do not ask for full screen (the shell decides; 1080x1920 unless
 *                         configured otherwise)
 *   --app-id ID           the toplevel's app_id (kiosk-shell places apps on outputs by it)
 *   --subsurface          a 400x400 subsurface at (340, 760), above the window
 *   --lower-after MS      MS milliseconds after "ready", restack that subsurface below the
 *                         window (wl_subsurface.place_below, then a commit of the window);
 *                         prints "subsurface-lowered"
 *   --remap               with --subsurface: the subsurface's parent is a 600x600 subsurface
 *                         at (240, 660) of the window (the 400x400 one stays at (340, 760) on
 *                         screen); before "ready" that parent unmaps (a null buffer commit;
 *                         prints "unmapped") and maps again (prints "remapped"), as a toolkit
 *                         hides and shows a panel (after new content for both); the inner
 *                         subsurface keeps its buffer and shows again with it
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "client-kit.h"

static struct kit kit;
static struct bezel_system_gestures_manager_v1 *gestures;
static struct wl_data_device_manager *ddm;
static struct wl_data_device *data_device;
static struct kit_toplevel top;
static bool want_drag, dragging, want_popup;
static struct wl_surface *popup_surface;
static struct wl_surface *sub_surface;
static struct wl_subsurface *subsurface;
static struct wl_surface *holder_surface; /* --remap: the subsurface's parent */

/* ---- bezel ---- */
static void g_honored(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("honored_edges %u", e); }
static void g_deferred(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("deferred_swipe %u", e); }
static void g_taken(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("gesture_taken %u", e); }
/* Version 2 only; never sent at version 1, nor at 4 unless asked (kept for the listener). */
static void g_honored_gestures(void *d, struct bezel_gesture_surface_v1 *g, uint32_t k) { (void)d; (void)g; kit_say("honored_gestures %u", k); }
/* Version 4 (--back): the back gesture the compositor gives this surface (R10). */
static void g_back_edges(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; kit_say("back_edges %u", e); }
static void g_back_began(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)g;
	kit_say("back_began edge=%u x=%.1f y=%.1f", e, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void g_back_changed(void *d, struct bezel_gesture_surface_v1 *g, wl_fixed_t p, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)g;
	kit_say("back_changed progress=%.3f x=%.1f y=%.1f", wl_fixed_to_double(p), wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void g_back_invoked(void *d, struct bezel_gesture_surface_v1 *g) { (void)d; (void)g; kit_say("back_invoked"); }
static void g_back_cancelled(void *d, struct bezel_gesture_surface_v1 *g) { (void)d; (void)g; kit_say("back_cancelled"); }
static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	g_honored, g_deferred, g_taken, g_honored_gestures,
	g_back_edges, g_back_began, g_back_changed, g_back_invoked, g_back_cancelled,
};

/* ---- data source / device ---- */
static void s_target(void *d, struct wl_data_source *s, const char *m) { (void)d; (void)s; kit_say("source-target %s", m ? m : "(none)"); }
static void s_send(void *d, struct wl_data_source *s, const char *m, int32_t fd) { (void)d; (void)s; (void)m; close(fd); kit_say("source-send"); }
static void s_cancelled(void *d, struct wl_data_source *s) { (void)d; kit_say("source-cancelled"); wl_data_source_destroy(s); dragging = false; }
static void s_drop(void *d, struct wl_data_source *s) { (void)d; (void)s; kit_say("source-drop-performed"); }
static void s_finished(void *d, struct wl_data_source *s) { (void)d; kit_say("source-dnd-finished"); wl_data_source_destroy(s); dragging = false; }
static void s_action(void *d, struct wl_data_source *s, uint32_t a) { (void)d; (void)s; (void)a; }
static const struct wl_data_source_listener source_listener = { s_target, s_send, s_cancelled, s_drop, s_finished, s_action };

static void o_offer(void *d, struct wl_data_offer *o, const char *m) { (void)d; (void)o; (void)m; }
static void o_actions(void *d, struct wl_data_offer *o, uint32_t a) { (void)d; (void)o; (void)a; }
static void o_action(void *d, struct wl_data_offer *o, uint32_t a) { (void)d; (void)o; (void)a; }
static const struct wl_data_offer_listener offer_listener = { o_offer, o_actions, o_action };
static void dd_offer(void *d, struct wl_data_device *dd, struct wl_data_offer *o) { (void)d; (void)dd; wl_data_offer_add_listener(o, &offer_listener, NULL); }
static void dd_enter(void *d, struct wl_data_device *dd, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y, struct wl_data_offer *o)
{
	(void)d; (void)dd; (void)s; (void)x; (void)y;
	kit_say("dd-enter");
	if (o) {
		wl_data_offer_accept(o, serial, "text/plain");
		wl_data_offer_set_actions(o, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
	}
}
static void dd_leave(void *d, struct wl_data_device *dd) { (void)d; (void)dd; kit_say("dd-leave"); }
static void dd_motion(void *d, struct wl_data_device *dd, uint32_t t, wl_fixed_t x, wl_fixed_t y) { (void)d; (void)dd; (void)t; (void)x; (void)y; }
static void dd_drop(void *d, struct wl_data_device *dd) { (void)d; (void)dd; kit_say("dd-drop"); }
static void dd_selection(void *d, struct wl_data_device *dd, struct wl_data_offer *o) { (void)d; (void)dd; (void)o; }
static const struct wl_data_device_listener dd_listener = { dd_offer, dd_enter, dd_leave, dd_motion, dd_drop, dd_selection };

/* ---- popup ---- */
static void px_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	(void)d;
	xdg_surface_ack_configure(xs, serial);
	kit_commit_buffer(popup_surface, kit_buffer(&kit, 400, 400, 0x60606060), 400, 400);
	kit_say("popup-mapped");
}
static const struct xdg_surface_listener px_listener = { px_configure };
static void pp_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h) { (void)d; (void)p; kit_say("popup-configure %d,%d %dx%d", x, y, w, h); }
static void pp_done(void *d, struct xdg_popup *p) { (void)d; (void)p; kit_say("popup-done"); }
static const struct xdg_popup_listener pp_listener = { .configure = pp_configure, .popup_done = pp_done };

/* A menu opened by a touch-down, as a long press would, with an explicit grab. */
static void open_popup(uint32_t serial, wl_fixed_t x, wl_fixed_t y)
{
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(kit.wm_base);
	xdg_positioner_set_size(pos, 400, 400);
	xdg_positioner_set_anchor_rect(pos, wl_fixed_to_int(x), wl_fixed_to_int(y), 1, 1);
	xdg_positioner_set_anchor(pos, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT);
	xdg_positioner_set_gravity(pos, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	popup_surface = wl_compositor_create_surface(kit.compositor);
	struct xdg_surface *pxs = xdg_wm_base_get_xdg_surface(kit.wm_base, popup_surface);
	xdg_surface_add_listener(pxs, &px_listener, NULL);
	struct xdg_popup *popup = xdg_surface_get_popup(pxs, top.xs, pos);
	xdg_popup_add_listener(popup, &pp_listener, NULL);
	xdg_popup_grab(popup, kit.seat, serial);
	xdg_positioner_destroy(pos);
	wl_surface_commit(popup_surface);
	kit_say("popup-requested");
}

/* ---- touch ---- */
static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	kit_say("down id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
	kit_say("on %s", s && s == popup_surface ? "popup" : s && s == sub_surface ? "sub" : "main");
	if (want_popup) {
		want_popup = false;
		open_popup(serial, x, y);
	}
	if (want_drag && !dragging && data_device) {
		struct wl_data_source *src = wl_data_device_manager_create_data_source(ddm);
		wl_data_source_add_listener(src, &source_listener, NULL);
		wl_data_source_offer(src, "text/plain");
		wl_data_source_set_actions(src, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
		wl_data_device_start_drag(data_device, src, s, NULL, serial);
		dragging = true;
		want_drag = false;
		kit_say("drag-started");
	}
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { (void)d; (void)t; (void)serial; kit_say("up id=%d time=%u", id, time); }
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	kit_say("motion id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; kit_say("frame"); }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; kit_say("cancel"); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = { .down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel, .shape = t_shape, .orientation = t_orient };


static bool frame_done;
static void frame_cb(void *d, struct wl_callback *cb, uint32_t t) { (void)d; (void)t; wl_callback_destroy(cb); frame_done = true; }
static const struct wl_callback_listener frame_listener = { frame_cb };

/* The inner subsurface's parent unmaps (a null buffer) and maps again; each state change of
 * a synchronized subsurface applies with its parent's commit, here the window's. The frame
 * after the new buffer says the compositor shows it again. */
static bool hide_and_show(void)
{
	/* First new content for both, shown: the compositor knows them as they are on screen. */
	kit_commit_buffer(sub_surface, kit_buffer(&kit, 400, 400, 0x60606060), 400, 400);
	kit_commit_buffer(holder_surface, kit_buffer(&kit, 600, 600, 0x60606060), 600, 600);
	wl_surface_commit(top.surface);
	wl_display_roundtrip(kit.display);
	wl_surface_attach(holder_surface, NULL, 0, 0);
	wl_surface_commit(holder_surface);
	wl_surface_commit(top.surface);
	wl_display_roundtrip(kit.display); /* the compositor has unmapped it */
	kit_say("unmapped");
	struct wl_buffer *buffer = kit_buffer(&kit, 600, 600, 0x60606060);
	if (!buffer)
		return false;
	kit_commit_buffer(holder_surface, buffer, 600, 600);
	frame_done = false;
	struct wl_callback *frame = wl_surface_frame(top.surface);
	wl_callback_add_listener(frame, &frame_listener, NULL);
	wl_surface_commit(top.surface);
	if (!kit_dispatch_until(&kit, &frame_done, KIT_CONFIGURE_MS) || !frame_done)
		return false;
	kit_say("remapped");
	return true;
}

int main(int argc, char **argv)
{
	uint32_t edges = 0;
	bool object = true, windowed = false, back = false;
	const char *app_id = NULL;
	int lower_after_ms = -1;
	bool with_subsurface = false, remap = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--edges") && i + 1 < argc)
			edges = (uint32_t)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--back"))
			back = true;
		else if (!strcmp(argv[i], "--no-gesture-object"))
			object = false;
		else if (!strcmp(argv[i], "--drag"))
			want_drag = true;
		else if (!strcmp(argv[i], "--popup"))
			want_popup = true;
		else if (!strcmp(argv[i], "--windowed"))
			windowed = true;
		else if (!strcmp(argv[i], "--app-id") && i + 1 < argc)
			app_id = argv[++i];
		else if (!strcmp(argv[i], "--subsurface"))
			with_subsurface = true;
		else if (!strcmp(argv[i], "--lower-after") && i + 1 < argc)
			lower_after_ms = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--remap"))
			remap = true;
		else {
			fprintf(stderr, "usage: %s [--edges N] [--back] [--no-gesture-object] [--drag] [--popup] "
				"[--windowed] [--app-id ID] [--subsurface] [--lower-after MS] [--remap]\n", argv[0]);
			return 2;
		}
	}
	const struct kit_global extra[] = {
		{ &bezel_system_gestures_manager_v1_interface, back ? 4 : 1, &gestures },
		{ &wl_data_device_manager_interface, 3, &ddm },
		{ NULL, 0, NULL },
	};
	kit.extra = extra;
	kit.touch_listener = &touch_listener;
	if (!kit_connect(&kit, 0) || !kit.compositor || !kit.shm || !kit.wm_base || !kit.seat ||
	    ((object || back) && !gestures)) {
		fprintf(stderr, kit.display ? "missing globals\n" : "cannot connect\n");
		return 1;
	}
	if (back && bezel_system_gestures_manager_v1_get_version(gestures) < 4) {
		fprintf(stderr, "--back: the compositor offers version %u of the gestures global, not 4\n",
			bezel_system_gestures_manager_v1_get_version(gestures));
		return 1;
	}
	if (ddm) {
		data_device = wl_data_device_manager_get_data_device(ddm, kit.seat);
		wl_data_device_add_listener(data_device, &dd_listener, NULL);
	}
	/* 1080x1920 unless configured otherwise */
	kit_toplevel_init(&kit, &top, 1080, 1920);
	if (app_id)
		xdg_toplevel_set_app_id(top.tl, app_id);
	if (!windowed)
		xdg_toplevel_set_fullscreen(top.tl, NULL);
	if (object || back) {
		struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(gestures, top.surface);
		bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(g, edges);
		if (back)
			bezel_gesture_surface_v1_set_back_handling(g, 1);
	}
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		fprintf(stderr, "no configure\n");
		return 1;
	}
	struct wl_buffer *buffer = kit_buffer(&kit, top.width, top.height, 0x60606060);
	if (!buffer) {
		fprintf(stderr, "no buffer\n");
		return 1;
	}
	if (with_subsurface && kit.subcompositor) {
		/* Synchronized: its state applies with the window's next commit, below. */
		struct wl_surface *parent = top.surface;
		int x = 340, y = 760;
		if (remap) {
			holder_surface = wl_compositor_create_surface(kit.compositor);
			struct wl_subsurface *holder = wl_subcompositor_get_subsurface(kit.subcompositor, holder_surface, top.surface);
			wl_subsurface_set_position(holder, 240, 660);
			parent = holder_surface;
			x = y = 100;
		}
		sub_surface = wl_compositor_create_surface(kit.compositor);
		subsurface = wl_subcompositor_get_subsurface(kit.subcompositor, sub_surface, parent);
		wl_subsurface_set_position(subsurface, x, y);
		kit_commit_buffer(sub_surface, kit_buffer(&kit, 400, 400, 0x60606060), 400, 400);
		if (holder_surface)
			kit_commit_buffer(holder_surface, kit_buffer(&kit, 600, 600, 0x60606060), 600, 600);
	}
	/* With a subsurface, "ready" waits for the first frame: weston gives a subsurface its view
	 * when it first paints it, and a touch before that finds only the window. The popup case
	 * waits too: it stacks this window over another one, and a touch that lands before weston
	 * has shown it can find (and, in kiosk-shell, raise) the window below. */
	struct wl_callback *frame = with_subsurface || want_popup ? wl_surface_frame(top.surface) : NULL;
	if (frame)
		wl_callback_add_listener(frame, &frame_listener, NULL);
	kit_commit_buffer(top.surface, buffer, top.width, top.height);
	wl_display_roundtrip(kit.display); /* the compositor has processed the commit */
	if (frame && (!kit_dispatch_until(&kit, &frame_done, KIT_CONFIGURE_MS) || !frame_done)) {
		fprintf(stderr, "no first frame\n");
		return 1;
	}
	if (remap && subsurface && !hide_and_show()) {
		fprintf(stderr, "not mapped again\n");
		return 1;
	}
	kit_say("ready %dx%d", top.width, top.height);
	if (lower_after_ms < 0 || !subsurface)
		return kit_run(&kit);
	if (!kit_dispatch_until(&kit, NULL, lower_after_ms))
		return 0;
	wl_subsurface_place_below(subsurface, top.surface);
	wl_surface_commit(top.surface);
	wl_display_flush(kit.display);
	kit_say("subsurface-lowered");
	return kit_run(&kit);
}
