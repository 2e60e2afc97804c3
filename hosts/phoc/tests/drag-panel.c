/*
 * drag-panel: a shell panel as phosh makes its home bar and top panel, for the phoc tests. A
 * zwlr_layer_surface_v1 in the top layer anchored to three edges, made draggable with
 * zphoc_layer_shell_effects_v1: folded, only its handle shows at the edge; unfolded, all of it.
 * Prints one line per event, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                       mapped, draggable and at rest folded (after phoc's first
 *                                    drag_end)
 *   <us> dragged margin=M            the compositor moved it (a drag, or its slide)
 *   <us> drag_end folded|unfolded    where it came to rest
 *   <us> down|up ...                 wl_touch events on the panel itself (phoc's own path)
 * It exits when the compositor goes away.
 *
 * usage: drag-panel [--edge bottom|top] [--height H] [--handle N]
 *   --edge     the edge it is anchored to (default bottom: the home bar; top: the top panel)
 *   --height   its height in surface pixels (default 800)
 *   --handle   the part that shows when folded, and is the drag handle (default 40)
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

#include "phoc-layer-shell-effects-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct zwlr_layer_shell_v1 *layer_shell;
static struct zphoc_layer_shell_effects_v1 *effects;
static uint32_t width, height = 800, handle = 40;
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
	(void)d, (void)t, (void)serial, (void)s;
	say("down id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d, (void)t, (void)serial;
	say("up id=%d time=%u", id, time);
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x,
			 wl_fixed_t y)
{
	(void)d, (void)t, (void)time, (void)id, (void)x, (void)y;
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
	} else if (!strcmp(iface, zwlr_layer_shell_v1_interface.name))
		layer_shell = wl_registry_bind(r, name, &zwlr_layer_shell_v1_interface, v < 4 ? v : 4);
	else if (!strcmp(iface, zphoc_layer_shell_effects_v1_interface.name))
		effects = wl_registry_bind(r, name, &zphoc_layer_shell_effects_v1_interface, 1);
}
static void global_remove(void *d, struct wl_registry *r, uint32_t n) { (void)d, (void)r, (void)n; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

static void configure(void *d, struct zwlr_layer_surface_v1 *ls, uint32_t serial, uint32_t w,
		      uint32_t h)
{
	(void)d;
	width = w;
	if (h)
		height = h;
	zwlr_layer_surface_v1_ack_configure(ls, serial);
	configured = true;
}
static void closed(void *d, struct zwlr_layer_surface_v1 *ls) { (void)d, (void)ls; exit(0); }
static const struct zwlr_layer_surface_v1_listener layer_listener = { configure, closed };

static void dragged(void *d, struct zphoc_draggable_layer_surface_v1 *ds, int32_t margin)
{
	(void)d, (void)ds;
	say("dragged margin=%d", margin);
}
static int ends; /* drag_end events so far */
static void drag_end(void *d, struct zphoc_draggable_layer_surface_v1 *ds, uint32_t state)
{
	(void)d, (void)ds;
	ends++;
	say("drag_end %s", state == ZPHOC_DRAGGABLE_LAYER_SURFACE_V1_DRAG_END_STATE_UNFOLDED ? "unfolded" : "folded");
}
static const struct zphoc_draggable_layer_surface_v1_listener drag_listener = { dragged, drag_end };

static struct wl_buffer *make_buffer(uint32_t w, uint32_t h)
{
	size_t stride = (size_t)w * 4, size = stride * h;
	int fd = memfd_create("drag-panel", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0)
		return NULL;
	uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px == MAP_FAILED)
		return NULL;
	for (size_t i = 0; i < size / 4; i++)
		px[i] = 0xff3070c0;
	munmap(px, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, (int32_t)w, (int32_t)h, (int32_t)stride,
							WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

int main(int argc, char **argv)
{
	bool top = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--edge") && i + 1 < argc)
			top = !strcmp(argv[++i], "top");
		else if (!strcmp(argv[i], "--height") && i + 1 < argc)
			height = (uint32_t)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--handle") && i + 1 < argc)
			handle = (uint32_t)atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--edge bottom|top] [--height H] [--handle N]\n", argv[0]);
			return 2;
		}
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "drag-panel: cannot connect\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !layer_shell || !effects) {
		fprintf(stderr, "drag-panel: missing wl_compositor, wl_shm, zwlr_layer_shell_v1 or zphoc_layer_shell_effects_v1\n");
		return 1;
	}
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct zwlr_layer_surface_v1 *ls = zwlr_layer_shell_v1_get_layer_surface(
		layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "bezel-test-panel");
	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, NULL);
	uint32_t edge = top ? ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP : ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
	zwlr_layer_surface_v1_set_anchor(ls, edge | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
						 ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	zwlr_layer_surface_v1_set_size(ls, 0, height);
	int32_t folded = -(int32_t)(height - handle);
	if (top)
		zwlr_layer_surface_v1_set_margin(ls, folded, 0, 0, 0);
	else
		zwlr_layer_surface_v1_set_margin(ls, 0, 0, folded, 0);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, (int32_t)handle);
	wl_surface_commit(surface);
	while (!configured && wl_display_dispatch(display) != -1)
		;
	wl_surface_attach(surface, make_buffer(width ? width : 1, height), 0, 0);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	/* As phosh does: margins, exclusive zone, threshold, the handle. */
	struct zphoc_draggable_layer_surface_v1 *ds =
		zphoc_layer_shell_effects_v1_get_draggable_layer_surface(effects, ls);
	zphoc_draggable_layer_surface_v1_add_listener(ds, &drag_listener, NULL);
	zphoc_draggable_layer_surface_v1_set_margins(ds, folded, 0);
	zphoc_draggable_layer_surface_v1_set_exclusive(ds, handle);
	zphoc_draggable_layer_surface_v1_set_threshold(ds, wl_fixed_from_double(0.5));
	zphoc_draggable_layer_surface_v1_set_drag_mode(ds, ZPHOC_DRAGGABLE_LAYER_SURFACE_V1_DRAG_MODE_HANDLE);
	zphoc_draggable_layer_surface_v1_set_drag_handle(ds, handle);
	wl_surface_commit(surface);
	/* phoc slides a new draggable surface to its folded margin first, and says so: ready
	 * after that end, so that the tests' drag_end lines are the drags' own. */
	while (ends == 0 && wl_display_dispatch(display) != -1)
		;
	wl_display_roundtrip(display);
	say("ready");
	while (wl_display_dispatch(display) != -1)
		;
	return 0;
}
