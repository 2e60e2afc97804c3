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
#define _GNU_SOURCE
#include <stdarg.h>
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
static struct xdg_wm_base *wm_base;
static struct bezel_system_gestures_manager_v1 *gestures;
static struct wl_surface *main_surface, *popup_surface;
static int32_t width, height;
static bool configured, popup_configured;

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

static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
		   int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)serial;
	out("down id=%d x=%.1f y=%.1f time=%u on=%s", id, wl_fixed_to_double(x),
	    wl_fixed_to_double(y), time, s == popup_surface ? "popup" : "main");
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d; (void)t; (void)serial;
	out("up id=%d time=%u", id, time);
}
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	out("motion id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; out("frame"); }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; out("cancel"); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = {
	.down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel,
	.shape = t_shape, .orientation = t_orient,
};

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps)
{
	static struct wl_touch *touch;
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

static void xs_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	xdg_surface_ack_configure(xs, serial);
	*(bool *)d = true;
}
static const struct xdg_surface_listener xs_listener = { xs_configure };

static void tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s)
{
	(void)d; (void)t; (void)s;
	if (w > 0 && h > 0) { width = w; height = h; }
}
static void tl_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; }
static const struct xdg_toplevel_listener tl_listener = { .configure = tl_configure, .close = tl_close };

static void g_honored(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("honored_edges %u", e); }
static void g_deferred(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("deferred_swipe %u", e); }
static void g_taken(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; out("gesture_taken %u", e); }
/* Version 2 only; this client binds version 1, so it is never sent (kept for the listener). */
static void g_honored_gestures(void *d, struct bezel_gesture_surface_v1 *g, uint32_t k) { (void)d; (void)g; out("honored_gestures %u", k); }
static const struct bezel_gesture_surface_v1_listener gesture_listener = { g_honored, g_deferred, g_taken, g_honored_gestures };

static void p_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h)
{
	(void)d; (void)p; (void)x; (void)y; (void)w; (void)h;
}
static void p_done(void *d, struct xdg_popup *p) { (void)d; (void)p; out("popup-done"); }
static void p_repositioned(void *d, struct xdg_popup *p, uint32_t t) { (void)d; (void)p; (void)t; }
static const struct xdg_popup_listener popup_listener = { p_configure, p_done, p_repositioned };

static void reg_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name))
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, wl_seat_interface.name) && !seat) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	} else if (!strcmp(iface, bezel_system_gestures_manager_v1_interface.name)) {
		gestures = wl_registry_bind(r, name, &bezel_system_gestures_manager_v1_interface, 1);
	}
}
static void reg_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener reg_listener = { reg_global, reg_remove };

static struct wl_buffer *make_buffer(int w, int h, uint8_t shade)
{
	int stride = w * 4, size = stride * h;
	int fd = memfd_create("bezel-popup-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0)
		return NULL;
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	memset(p, shade, size);
	munmap(p, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

int main(int argc, char **argv)
{
	bool popup_mode = argc == 2 && !strcmp(argv[1], "--popup");
	bool windowed = argc == 3 && !strcmp(argv[1], "--windowed");
	if (!popup_mode && !windowed) {
		fprintf(stderr, "usage: %s --popup | --windowed EDGES\n", argv[0]);
		return 2;
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
	if (!compositor || !shm || !wm_base || !seat) {
		fprintf(stderr, "missing globals\n");
		return 1;
	}
	main_surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, main_surface);
	xdg_surface_add_listener(xs, &xs_listener, &configured);
	struct xdg_toplevel *tl = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(tl, &tl_listener, NULL);
	if (popup_mode) {
		xdg_toplevel_set_fullscreen(tl, NULL);
	} else {
		if (!gestures) {
			fprintf(stderr, "no bezel_system_gestures_manager_v1\n");
			return 1;
		}
		struct bezel_gesture_surface_v1 *g =
			bezel_system_gestures_manager_v1_get_gesture_surface(gestures, main_surface);
		bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(g, (uint32_t)strtoul(argv[2], NULL, 0));
	}
	wl_surface_commit(main_surface);
	while (!configured && wl_display_dispatch(display) >= 0)
		;
	if (width <= 0 || height <= 0) {
		width = 1080;
		height = 1920;
	}
	struct wl_buffer *buffer = make_buffer(width, height, 0x60);
	if (!buffer)
		return 1;
	wl_surface_attach(main_surface, buffer, 0, 0);
	wl_surface_commit(main_surface);
	wl_display_roundtrip(display);
	if (windowed) {
		out("ready %dx%d", width, height);
		while (wl_display_dispatch(display) >= 0)
			;
		return 0;
	}

	/* A menu-like popup with a grab: the seat's touch grab becomes the popup's. */
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(wm_base);
	xdg_positioner_set_size(pos, 400, 300);
	xdg_positioner_set_anchor_rect(pos, 340, 810, 1, 1);
	xdg_positioner_set_anchor(pos, XDG_POSITIONER_ANCHOR_TOP_LEFT);
	xdg_positioner_set_gravity(pos, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
	popup_surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *pxs = xdg_wm_base_get_xdg_surface(wm_base, popup_surface);
	xdg_surface_add_listener(pxs, &xs_listener, &popup_configured);
	struct xdg_popup *popup = xdg_surface_get_popup(pxs, xs, pos);
	xdg_popup_add_listener(popup, &popup_listener, NULL);
	xdg_popup_grab(popup, seat, 0);
	wl_surface_commit(popup_surface);
	while (!popup_configured && wl_display_dispatch(display) >= 0)
		;
	struct wl_buffer *pbuf = make_buffer(400, 300, 0xd0);
	if (!pbuf)
		return 1;
	wl_surface_attach(popup_surface, pbuf, 0, 0);
	wl_surface_commit(popup_surface);
	wl_display_roundtrip(display); /* the compositor has processed both commits */
	out("ready %dx%d", width, height);
	while (wl_display_dispatch(display) >= 0)
		;
	return 0;
}
