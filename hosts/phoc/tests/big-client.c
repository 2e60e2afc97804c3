/*
 * big-client: a window bigger than the screen, for phoc's scale-to-fit. An xdg toplevel that
 * does not ask for full screen and keeps its own size (--size WxH, default 2160x3840) whatever
 * the compositor configures, so that phoc draws it scaled down. Prints one line per wl_touch
 * event, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                       mapped; the compositor has processed the commit
 *   <us> down id=N x=X y=Y / motion id=N x=X y=Y / up id=N / cancel
 * It exits when the compositor goes away.
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

#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct xdg_wm_base *wm_base;
static int32_t width = 2160, height = 3840;
static bool configured;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("%lld ", (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time,
		       struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d, (void)t, (void)serial, (void)time, (void)s;
	say("down id=%d x=%.1f y=%.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d, (void)t, (void)serial, (void)time;
	say("up id=%d", id);
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x,
			 wl_fixed_t y)
{
	(void)d, (void)t, (void)time;
	say("motion id=%d x=%.1f y=%.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_frame(void *d, struct wl_touch *t) { (void)d, (void)t; }
static void touch_cancel(void *d, struct wl_touch *t)
{
	(void)d, (void)t;
	say("cancel");
}
static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, NULL, NULL,
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
static void seat_name(void *d, struct wl_seat *s, const char *n) { (void)d, (void)s, (void)n; }
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

static void ping(void *d, struct xdg_wm_base *b, uint32_t serial)
{
	(void)d;
	xdg_wm_base_pong(b, serial);
}
static const struct xdg_wm_base_listener wm_listener = { ping };

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t v)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name))
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, wl_seat_interface.name) && !seat) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, v < 5 ? v : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	}
}
static void global_remove(void *d, struct wl_registry *r, uint32_t n) { (void)d, (void)r, (void)n; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

static void xdg_configure(void *d, struct xdg_surface *s, uint32_t serial)
{
	(void)d;
	xdg_surface_ack_configure(s, serial);
	configured = true;
}
static const struct xdg_surface_listener xdg_listener = { xdg_configure };
static void tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s)
{
	(void)d, (void)t, (void)w, (void)h, (void)s; /* keeps its own size */
}
static void tl_close(void *d, struct xdg_toplevel *t) { (void)d, (void)t; }
static const struct xdg_toplevel_listener tl_listener = { .configure = tl_configure, .close = tl_close };

static struct wl_buffer *make_buffer(void)
{
	size_t stride = (size_t)width * 4, size = stride * (size_t)height;
	int fd = memfd_create("big-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0)
		return NULL;
	uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px == MAP_FAILED)
		return NULL;
	for (size_t i = 0; i < size / 4; i++)
		px[i] = 0xff406020;
	munmap(px, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, width, height, (int32_t)stride,
							WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--size") && sscanf(argv[2], "%dx%d", &width, &height) == 2)
		;
	else if (argc != 1) {
		fprintf(stderr, "usage: %s [--size WxH]\n", argv[0]);
		return 2;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display)
		return 1;
	wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !wm_base || !seat) {
		fprintf(stderr, "big-client: missing globals\n");
		return 1;
	}
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg, &xdg_listener, NULL);
	struct xdg_toplevel *tl = xdg_surface_get_toplevel(xdg);
	xdg_toplevel_add_listener(tl, &tl_listener, NULL);
	xdg_toplevel_set_min_size(tl, width, height);
	wl_surface_commit(surface);
	while (!configured && wl_display_dispatch(display) != -1)
		;
	wl_surface_attach(surface, make_buffer(), 0, 0);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	say("ready");
	while (wl_display_dispatch(display) != -1)
		;
	return 0;
}
