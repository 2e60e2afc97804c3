/*
 * bezel-touch-client: a full-screen xdg-shell client for the weston integration tests.
 * Prints one line per event it gets, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                          mapped, and the compositor has processed the commit
 *   <us> down id=N x=X y=Y time=T       wl_touch events (time = the event's own timestamp)
 *   <us> motion id=N ... / up id=N time=T / frame / cancel
 *   <us> honored_edges E / deferred_swipe E / gesture_taken E     bezel protocol events
 *   <us> drag-started / source-cancelled / source-dnd-finished / source-drop-performed /
 *        source-target MIME / dd-enter / dd-leave / dd-drop       (with --drag)
 *   <us> on popup|main                  after each down: the surface it went down on
 *   <us> popup-mapped / popup-done      (with --popup)
 * It exits when the compositor goes away.
 *
 * usage: bezel-touch-client [--edges N] [--no-gesture-object] [--drag] [--popup]
 *                           [--windowed] [--app-id ID]
 *   --edges N             defer these edges (default 0; a gesture object is created anyway)
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
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct wl_touch *touch;
static struct xdg_wm_base *wm_base;
static struct bezel_system_gestures_manager_v1 *gestures;
static struct wl_data_device_manager *ddm;
static struct wl_data_device *data_device;
static struct wl_surface *surface;
static struct xdg_surface *main_xdg;
static int32_t width, height;
static bool configured, want_drag, dragging, want_popup;
static struct wl_surface *popup_surface;
static struct wl_subcompositor *subcompositor;
static struct wl_surface *sub_surface;
static struct wl_subsurface *subsurface;

static struct wl_buffer *make_buffer(int w, int h);

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
	struct timespec ts;
	va_list ap;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("%llu ", (unsigned long long)ts.tv_sec * 1000000ull + (unsigned long long)ts.tv_nsec / 1000);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* ---- bezel ---- */
static void g_honored(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("honored_edges %u", e); }
static void g_deferred(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("deferred_swipe %u", e); }
static void g_taken(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("gesture_taken %u", e); }
/* Version 2 only; this client binds version 1, so it is never sent (kept for the listener). */
static void g_honored_gestures(void *d, struct bezel_gesture_surface_v1 *g, uint32_t k) { (void)d; (void)g; out("honored_gestures %u", k); }
static const struct bezel_gesture_surface_v1_listener gesture_listener = { g_honored, g_deferred, g_taken, g_honored_gestures };

/* ---- data source / device ---- */
static void s_target(void *d, struct wl_data_source *s, const char *m) { (void)d; (void)s; out("source-target %s", m ? m : "(none)"); }
static void s_send(void *d, struct wl_data_source *s, const char *m, int32_t fd) { (void)d; (void)s; (void)m; close(fd); out("source-send"); }
static void s_cancelled(void *d, struct wl_data_source *s) { (void)d; out("source-cancelled"); wl_data_source_destroy(s); dragging = false; }
static void s_drop(void *d, struct wl_data_source *s) { (void)d; (void)s; out("source-drop-performed"); }
static void s_finished(void *d, struct wl_data_source *s) { (void)d; out("source-dnd-finished"); wl_data_source_destroy(s); dragging = false; }
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
	out("dd-enter");
	if (o) {
		wl_data_offer_accept(o, serial, "text/plain");
		wl_data_offer_set_actions(o, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
	}
}
static void dd_leave(void *d, struct wl_data_device *dd) { (void)d; (void)dd; out("dd-leave"); }
static void dd_motion(void *d, struct wl_data_device *dd, uint32_t t, wl_fixed_t x, wl_fixed_t y) { (void)d; (void)dd; (void)t; (void)x; (void)y; }
static void dd_drop(void *d, struct wl_data_device *dd) { (void)d; (void)dd; out("dd-drop"); }
static void dd_selection(void *d, struct wl_data_device *dd, struct wl_data_offer *o) { (void)d; (void)dd; (void)o; }
static const struct wl_data_device_listener dd_listener = { dd_offer, dd_enter, dd_leave, dd_motion, dd_drop, dd_selection };

/* ---- popup ---- */
static void px_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	(void)d;
	xdg_surface_ack_configure(xs, serial);
	struct wl_buffer *b = make_buffer(400, 400);
	if (b) {
		wl_surface_attach(popup_surface, b, 0, 0);
		wl_surface_damage(popup_surface, 0, 0, 400, 400);
	}
	wl_surface_commit(popup_surface);
	out("popup-mapped");
}
static const struct xdg_surface_listener px_listener = { px_configure };
static void pp_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h) { (void)d; (void)p; out("popup-configure %d,%d %dx%d", x, y, w, h); }
static void pp_done(void *d, struct xdg_popup *p) { (void)d; (void)p; out("popup-done"); }
static const struct xdg_popup_listener pp_listener = { .configure = pp_configure, .popup_done = pp_done };

/* A menu opened by a touch-down, as a long press would, with an explicit grab. */
static void open_popup(uint32_t serial, wl_fixed_t x, wl_fixed_t y)
{
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(wm_base);
	xdg_positioner_set_size(pos, 400, 400);
	xdg_positioner_set_anchor_rect(pos, wl_fixed_to_int(x), wl_fixed_to_int(y), 1, 1);
	xdg_positioner_set_anchor(pos, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT);
	xdg_positioner_set_gravity(pos, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	popup_surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *pxs = xdg_wm_base_get_xdg_surface(wm_base, popup_surface);
	xdg_surface_add_listener(pxs, &px_listener, NULL);
	struct xdg_popup *popup = xdg_surface_get_popup(pxs, main_xdg, pos);
	xdg_popup_add_listener(popup, &pp_listener, NULL);
	xdg_popup_grab(popup, seat, serial);
	xdg_positioner_destroy(pos);
	wl_surface_commit(popup_surface);
	out("popup-requested");
}

/* ---- touch ---- */
static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	out("down id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
	out("on %s", s && s == popup_surface ? "popup" : s && s == sub_surface ? "sub" : "main");
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
		out("drag-started");
	}
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { (void)d; (void)t; (void)serial; out("up id=%d time=%u", id, time); }
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	out("motion id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; out("frame"); }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; out("cancel"); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = { .down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel, .shape = t_shape, .orientation = t_orient };

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps)
{
	(void)d;
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
		touch = wl_seat_get_touch(s);
		wl_touch_add_listener(touch, &touch_listener, NULL);
	}
}
static void seat_name(void *d, struct wl_seat *s, const char *n) { (void)d; (void)s; (void)n; }
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { (void)d; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };
static void xs_configure(void *d, struct xdg_surface *xs, uint32_t serial) { (void)d; xdg_surface_ack_configure(xs, serial); configured = true; }
static bool frame_done;
static void frame_cb(void *d, struct wl_callback *cb, uint32_t t) { (void)d; (void)t; wl_callback_destroy(cb); frame_done = true; }
static const struct wl_callback_listener frame_listener = { frame_cb };
static const struct xdg_surface_listener xs_listener = { xs_configure };
static void tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s)
{
	(void)d; (void)t; (void)s;
	if (w > 0 && h > 0) { width = w; height = h; }
}
static void tl_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; }
static const struct xdg_toplevel_listener tl_listener = { .configure = tl_configure, .close = tl_close };

static void reg_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name))
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_subcompositor_interface.name))
		subcompositor = wl_registry_bind(r, name, &wl_subcompositor_interface, 1);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, wl_seat_interface.name) && !seat) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	} else if (!strcmp(iface, bezel_system_gestures_manager_v1_interface.name))
		gestures = wl_registry_bind(r, name, &bezel_system_gestures_manager_v1_interface, 1);
	else if (!strcmp(iface, wl_data_device_manager_interface.name))
		ddm = wl_registry_bind(r, name, &wl_data_device_manager_interface, version < 3 ? version : 3);
}
static void reg_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener reg_listener = { reg_global, reg_remove };

static struct wl_buffer *make_buffer(int w, int h)
{
	int stride = w * 4, size = stride * h;
	int fd = memfd_create("bezel-touch-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0)
		return NULL;
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	memset(p, 0x60, size);
	munmap(p, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

int main(int argc, char **argv)
{
	uint32_t edges = 0;
	bool object = true, windowed = false;
	const char *app_id = NULL;
	int lower_after_ms = -1;
	bool with_subsurface = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--edges") && i + 1 < argc)
			edges = (uint32_t)strtoul(argv[++i], NULL, 0);
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
		else {
			fprintf(stderr, "usage: %s [--edges N] [--no-gesture-object] [--drag] [--popup] "
				"[--windowed] [--app-id ID] [--subsurface] [--lower-after MS]\n", argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "cannot connect\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &reg_listener, NULL);
	wl_display_roundtrip(display);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !wm_base || !seat || (object && !gestures)) {
		fprintf(stderr, "missing globals\n");
		return 1;
	}
	if (ddm) {
		data_device = wl_data_device_manager_get_data_device(ddm, seat);
		wl_data_device_add_listener(data_device, &dd_listener, NULL);
	}
	surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
	main_xdg = xs;
	xdg_surface_add_listener(xs, &xs_listener, NULL);
	struct xdg_toplevel *tl = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(tl, &tl_listener, NULL);
	if (app_id)
		xdg_toplevel_set_app_id(tl, app_id);
	if (!windowed)
		xdg_toplevel_set_fullscreen(tl, NULL);
	if (object) {
		struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(gestures, surface);
		bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(g, edges);
	}
	wl_surface_commit(surface);
	while (!configured && wl_display_dispatch(display) >= 0)
		;
	if (width <= 0 || height <= 0) {
		width = 1080;
		height = 1920;
	}
	struct wl_buffer *buffer = make_buffer(width, height);
	if (!buffer) {
		fprintf(stderr, "no buffer\n");
		return 1;
	}
	if (with_subsurface && subcompositor) {
		/* Synchronized: its state applies with the window's next commit, below. */
		sub_surface = wl_compositor_create_surface(compositor);
		subsurface = wl_subcompositor_get_subsurface(subcompositor, sub_surface, surface);
		wl_subsurface_set_position(subsurface, 340, 760);
		struct wl_buffer *sb = make_buffer(400, 400);
		if (sb) {
			wl_surface_attach(sub_surface, sb, 0, 0);
			wl_surface_damage(sub_surface, 0, 0, 400, 400);
		}
		wl_surface_commit(sub_surface);
	}
	/* With a subsurface, "ready" waits for the first frame: weston gives a subsurface its view
	 * when it first paints it, and a touch before that finds only the window. The popup case
	 * waits too: it stacks this window over another one, and a touch that lands before weston
	 * has shown it can find (and, in kiosk-shell, raise) the window below. */
	struct wl_callback *frame = with_subsurface || want_popup ? wl_surface_frame(surface) : NULL;
	if (frame)
		wl_callback_add_listener(frame, &frame_listener, NULL);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage(surface, 0, 0, width, height);
	wl_surface_commit(surface);
	wl_display_roundtrip(display); /* the compositor has processed the commit */
	while (frame && !frame_done && wl_display_dispatch(display) >= 0)
		;
	out("ready %dx%d", width, height);
	if (lower_after_ms < 0 || !subsurface) {
		while (wl_display_dispatch(display) >= 0)
			;
		return 0;
	}
	/* Dispatch with a deadline: the usual prepare_read / poll / read_events loop. */
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	bool asked = false;
	for (;;) {
		while (wl_display_prepare_read(display) != 0)
			if (wl_display_dispatch_pending(display) < 0)
				return 0;
		wl_display_flush(display);
		clock_gettime(CLOCK_MONOTONIC, &now);
		long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
		int timeout = asked ? -1 : (int)(elapsed >= lower_after_ms ? 0 : lower_after_ms - elapsed);
		struct pollfd pfd = { .fd = wl_display_get_fd(display), .events = POLLIN };
		if (poll(&pfd, 1, timeout) > 0) {
			if (wl_display_read_events(display) < 0)
				return 0;
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0)
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &now);
		elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
		if (!asked && elapsed >= lower_after_ms) {
			asked = true;
			wl_subsurface_place_below(subsurface, surface);
			wl_surface_commit(surface);
			wl_display_flush(display);
			out("subsurface-lowered");
		}
	}
}
