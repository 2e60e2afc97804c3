/*
 * bezel-defer-client: a full-screen (or, with --windowed, a plain) Wayland client that asks the
 * compositor to defer the system gesture on the bottom edge (protocol bezel-system-gestures-v1) and prints, one line
 * each, what it is told: honored_edges, deferred_swipe, gesture_taken and its wl_touch events.
 *
 * Build (the scanner step generates the protocol glue from the installed XML):
 *   XML=$(pkg-config --variable=pkgdatadir bezel)/bezel-system-gestures-v1.xml
 *   XDG=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
 *   wayland-scanner client-header $XML bezel-system-gestures-v1-client-protocol.h
 *   wayland-scanner private-code  $XML bezel-system-gestures-v1-protocol.c
 *   wayland-scanner client-header $XDG xdg-shell-client-protocol.h
 *   wayland-scanner private-code  $XDG xdg-shell-protocol.c
 *   cc -o bezel-defer-client bezel-defer-client.c bezel-system-gestures-v1-protocol.c \
 *      xdg-shell-protocol.c -I. $(pkg-config --cflags --libs wayland-client)
 *
 * Usage: bezel-defer-client [--edges N] [--gestures LIST] [--region X,Y,W,H]... [--version V]
 *                           [--windowed] [--seconds S]
 *   --edges N         the edge set to defer (bitfield: top 1, bottom 2, left 4, right 8; default 2)
 *   --gestures LIST   also defer these multi-finger gesture kinds, e.g. "swipe,pinch" or "none"
 *                     (protocol version 2; needs --version 2, the default when the compositor
 *                     offers it)
 *   --region X,Y,W,H  defer the edges only over this rectangle of the surface (surface-local;
 *                     given more than once, their union; protocol version 3). A swipe from a
 *                     deferred edge outside it goes to the system gesture.
 *   --version V       bind the global at version V (1 to 3; default: the highest both know)
 *   --windowed        do not ask for full screen: a plain window, 1080x1920 unless the
 *                     compositor sizes it (by default, R6, a compositor honours deferrals of
 *                     full-screen windows only, so this one is told honored_edges/gestures 0)
 *   --seconds S       exit after S seconds (default: run until the compositor goes away)
 */
#define _POSIX_C_SOURCE 200809L
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
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static int32_t width = 0, height = 0;
static bool configured, running = true, windowed = false;
/* The version to bind the manager at: asked with --version, else the highest both sides know. */
static uint32_t wanted_version = 0;

static const char *edge_names(uint32_t edges, char *out, size_t size)
{
	static const char *names[] = { "top", "bottom", "left", "right" };
	out[0] = '\0';
	for (int i = 0; i < 4; i++)
		if (edges & (1u << i))
			snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? "," : "", names[i]);
	if (out[0] == '\0')
		snprintf(out, size, "none");
	return out;
}

/* ---- bezel_gesture_surface_v1 ---- */

static void on_honored_edges(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edges)
{
	(void)data; (void)g;
	char buf[64];
	printf("honored_edges %s (%u)\n", edge_names(edges, buf, sizeof buf), edges);
}

static void on_deferred_swipe(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edge)
{
	(void)data; (void)g;
	char buf[64];
	printf("deferred_swipe %s\n", edge_names(edge, buf, sizeof buf));
}

static void on_gesture_taken(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edge)
{
	(void)data; (void)g;
	char buf[64];
	/* Version 2: edge 0 is a gesture of no edge, a multi-finger one. */
	if (edge == 0)
		printf("gesture_taken 0 (multi-finger)\n");
	else
		printf("gesture_taken %s\n", edge_names(edge, buf, sizeof buf));
}

static const char *kind_names(uint32_t kinds, char *out, size_t size)
{
	static const char *names[] = { "swipe", "pinch", "hold" };
	out[0] = '\0';
	for (int i = 0; i < 3; i++)
		if (kinds & (1u << i))
			snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? "," : "", names[i]);
	if (out[0] == '\0')
		snprintf(out, size, "none");
	return out;
}

/* Version 2: sent only after this surface asked to defer gesture kinds. */
static void on_honored_gestures(void *data, struct bezel_gesture_surface_v1 *g, uint32_t kinds)
{
	(void)data; (void)g;
	char buf[64];
	printf("honored_gestures %s (%u)\n", kind_names(kinds, buf, sizeof buf), kinds);
}

static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	.honored_edges = on_honored_edges, .deferred_swipe = on_deferred_swipe,
	.gesture_taken = on_gesture_taken, .honored_gestures = on_honored_gestures,
}; /* named: version 4's back events are not handled here */

/* "swipe,pinch" -> the gesture_kind bits; "none" -> 0; anything else -> -1. */
static long parse_kinds(const char *list)
{
	if (strcmp(list, "none") == 0)
		return 0;
	long kinds = 0;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", list);
	for (char *save = NULL, *w = strtok_r(buf, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		if (strcmp(w, "swipe") == 0)
			kinds |= BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_SWIPE;
		else if (strcmp(w, "pinch") == 0)
			kinds |= BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_PINCH;
		else if (strcmp(w, "hold") == 0)
			kinds |= BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_HOLD;
		else
			return -1;
	}
	return kinds;
}

/* ---- wl_touch ---- */

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time,
		       struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)t; (void)serial; (void)s;
	printf("touch down id=%d x=%.1f y=%.1f time=%u\n", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)data; (void)t; (void)serial;
	printf("touch up id=%d time=%u\n", id, time);
}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)t;
	printf("touch motion id=%d x=%.1f y=%.1f time=%u\n", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void touch_frame(void *data, struct wl_touch *t) { (void)data; (void)t; printf("touch frame\n"); }
static void touch_cancel(void *data, struct wl_touch *t) { (void)data; (void)t; printf("touch cancel\n"); }
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor)
{ (void)data; (void)t; (void)id; (void)major; (void)minor; }
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t o)
{ (void)data; (void)t; (void)id; (void)o; }

static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

static void seat_capabilities(void *data, struct wl_seat *s, uint32_t caps)
{
	(void)data;
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && touch == NULL) {
		touch = wl_seat_get_touch(s);
		wl_touch_add_listener(touch, &touch_listener, NULL);
	}
}
static void seat_name(void *data, struct wl_seat *s, const char *name) { (void)data; (void)s; (void)name; }
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

/* ---- xdg-shell ---- */

static void wm_ping(void *data, struct xdg_wm_base *wm, uint32_t serial) { (void)data; xdg_wm_base_pong(wm, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void xdg_surface_configure(void *data, struct xdg_surface *xs, uint32_t serial)
{
	(void)data;
	xdg_surface_ack_configure(xs, serial);
	configured = true;
}
static const struct xdg_surface_listener xdg_surface_listener = { xdg_surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states)
{
	(void)data; (void)t; (void)states;
	if (w > 0 && h > 0) {
		width = w;
		height = h;
	}
}
static void toplevel_close(void *data, struct xdg_toplevel *t) { (void)data; (void)t; running = false; }
static void toplevel_bounds(void *data, struct xdg_toplevel *t, int32_t w, int32_t h) { (void)data; (void)t; (void)w; (void)h; }
static void toplevel_caps(void *data, struct xdg_toplevel *t, struct wl_array *caps) { (void)data; (void)t; (void)caps; }
static const struct xdg_toplevel_listener toplevel_listener = {
	toplevel_configure, toplevel_close, toplevel_bounds, toplevel_caps,
};

/* ---- registry ---- */

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)data;
	if (strcmp(iface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (strcmp(iface, wl_shm_interface.name) == 0)
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (strcmp(iface, wl_seat_interface.name) == 0 && seat == NULL) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (strcmp(iface, xdg_wm_base_interface.name) == 0) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	} else if (strcmp(iface, bezel_system_gestures_manager_v1_interface.name) == 0)
	{
		uint32_t mine = (uint32_t)bezel_system_gestures_manager_v1_interface.version;
		uint32_t v = wanted_version ? wanted_version : (version < mine ? version : mine);
		gestures = wl_registry_bind(r, name, &bezel_system_gestures_manager_v1_interface, v);
	}
}
static void registry_remove(void *data, struct wl_registry *r, uint32_t name) { (void)data; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

/* A dark, opaque buffer of the configured size in an anonymous shared-memory file. */
static struct wl_buffer *make_buffer(int32_t w, int32_t h)
{
	int32_t stride = w * 4;
	size_t size = (size_t)stride * (size_t)h;
	/* Anonymous shared memory: a POSIX shm object unlinked as soon as it is open, so
	 * nothing is left behind and no directory needs to be writable. */
	char name[64];
	int fd = -1;
	for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
		snprintf(name, sizeof name, "/bezel-defer-client-%ld-%d", (long)getpid(), attempt);
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd < 0 && errno != EEXIST)
			return NULL;
	}
	if (fd < 0)
		return NULL;
	shm_unlink(name);
	if (ftruncate(fd, (off_t)size) < 0) {
		close(fd);
		return NULL;
	}
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) {
		close(fd);
		return NULL;
	}
	for (size_t i = 0; i < size / 4; i++)
		pixels[i] = 0xff202830;
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

int main(int argc, char **argv)
{
	uint32_t edges = BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM;
	double seconds = -1;
	long kinds = -1; /* -1: do not send set_deferred_gestures */
	int32_t region[8][4]; /* --region rectangles */
	int nregion = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--edges") == 0 && i + 1 < argc)
			edges = (uint32_t)strtoul(argv[++i], NULL, 0);
		else if (strcmp(argv[i], "--gestures") == 0 && i + 1 < argc) {
			kinds = parse_kinds(argv[++i]);
			if (kinds < 0) {
				fprintf(stderr, "--gestures: a comma-separated list of swipe, pinch, hold (or none)\n");
				return 2;
			}
		} else if (strcmp(argv[i], "--region") == 0 && i + 1 < argc) {
			int32_t *r = region[nregion];
			if (nregion == 8 || sscanf(argv[++i], "%d,%d,%d,%d", &r[0], &r[1], &r[2], &r[3]) != 4 ||
			    r[2] <= 0 || r[3] <= 0) {
				fprintf(stderr, "--region: X,Y,W,H with a positive width and height (at most 8)\n");
				return 2;
			}
			nregion++;
		} else if (strcmp(argv[i], "--version") == 0 && i + 1 < argc) {
			wanted_version = (uint32_t)strtoul(argv[++i], NULL, 0);
			if (wanted_version < 1 || wanted_version > 3) {
				fprintf(stderr, "--version: 1, 2 or 3\n");
				return 2;
			}
		}
		else if (strcmp(argv[i], "--windowed") == 0)
			windowed = true;
		else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
			seconds = atof(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--edges N] [--gestures LIST] [--region X,Y,W,H]... [--version V] [--windowed] [--seconds S]\n", argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct wl_display *display = wl_display_connect(NULL);
	if (display == NULL) {
		fprintf(stderr, "cannot connect to a Wayland compositor\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (compositor == NULL || shm == NULL || wm_base == NULL) {
		fprintf(stderr, "compositor lacks wl_compositor, wl_shm or xdg_wm_base\n");
		return 1;
	}
	if (gestures == NULL) {
		fprintf(stderr, "compositor does not support bezel_system_gestures_manager_v1\n");
		return 1;
	}

	surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(toplevel, "bezel-defer-client");
	/* --windowed: a plain toplevel, neither full-screen nor maximized. Each host the tests
	 * run puts it over the middle of a 1080x1920 screen, where multi-finger touches land:
	 * weston's desktop-shell at (0, 0), bezel-compositor at the output's origin and size,
	 * Wayfire (no placement plugin loaded) at (100, 100), running off the bottom right. So a
	 * plain window is enough, and it keeps the case about the one thing R6 looks at (full
	 * screen or not); maximized would add a state bezel-compositor does not handle. */
	if (!windowed)
		xdg_toplevel_set_fullscreen(toplevel, NULL);

	/* The deferral is double-buffered: it takes effect with the commit below. */
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(gestures, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
	bezel_gesture_surface_v1_set_deferred_edges(g, edges);
	uint32_t bound = bezel_gesture_surface_v1_get_version(g);
	if (kinds >= 0) {
		/* A version 1 object has no such request; sending it would be a client bug. */
		if (bound < BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_GESTURES_SINCE_VERSION) {
			fprintf(stderr, "--gestures needs protocol version 2; bound at %u\n", bound);
			return 1;
		}
		bezel_gesture_surface_v1_set_deferred_gestures(g, (uint32_t)kinds);
	}
	if (nregion > 0) {
		if (bound < BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_REGION_SINCE_VERSION) {
			fprintf(stderr, "--region needs protocol version 3; bound at %u\n", bound);
			return 1;
		}
		/* The region is copied by the request: it can be destroyed at once. */
		struct wl_region *wr = wl_compositor_create_region(compositor);
		for (int k = 0; k < nregion; k++) {
			wl_region_add(wr, region[k][0], region[k][1], region[k][2], region[k][3]);
			printf("deferred region %d,%d %dx%d\n", region[k][0], region[k][1], region[k][2], region[k][3]);
		}
		bezel_gesture_surface_v1_set_deferred_region(g, wr);
		wl_region_destroy(wr);
	}
	wl_surface_commit(surface);
	printf("bound at version %u\n", bound);

	while (!configured && wl_display_dispatch(display) >= 0)
		;
	if (width <= 0 || height <= 0) {
		width = 1080; /* the compositor left the size to us */
		height = 1920;
	}
	buffer = make_buffer(width, height);
	if (buffer == NULL) {
		fprintf(stderr, "cannot allocate a %dx%d shm buffer: %s\n", width, height, strerror(errno));
		return 1;
	}
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage(surface, 0, 0, width, height);
	wl_surface_commit(surface);
	printf("surface %dx%d committed, deferring edges %u\n", width, height, edges);

	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	struct pollfd pfd = { .fd = wl_display_get_fd(display), .events = POLLIN };
	while (running) {
		wl_display_flush(display);
		int timeout = -1;
		if (seconds >= 0) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			double left = seconds - (double)(now.tv_sec - start.tv_sec) - (double)(now.tv_nsec - start.tv_nsec) / 1e9;
			if (left <= 0)
				break;
			timeout = (int)(left * 1000) + 1;
		}
		if (poll(&pfd, 1, timeout) < 0 && errno != EINTR)
			break;
		if ((pfd.revents & POLLIN) && wl_display_dispatch(display) < 0)
			break;
		if (pfd.revents & (POLLERR | POLLHUP))
			break;
	}
	bezel_gesture_surface_v1_destroy(g);
	xdg_toplevel_destroy(toplevel);
	xdg_surface_destroy(xs);
	wl_buffer_destroy(buffer);
	wl_surface_destroy(surface);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return 0;
}
