/*
 * Protocol version 4 (the back gesture, docs/design.md §4.6, R10) over a real Wayland socket
 * ($WAYLAND_DISPLAY), against tests/protocol/test-compositor.c.
 *
 *   back-client versions           the global is advertised at 4; managers bound at 1, 2, 3
 *                                  and 4 make objects of exactly those versions; set_back_handling
 *                                  is double-buffered: back_edges after the commit that turns
 *                                  it on (0: nothing binds back here), never again while it
 *                                  stays on, never while it is off; objects below 4 get nothing
 *   back-client invalid            set_back_handling(2): the invalid_back_handling error
 *   back-client v3-request         a version 3 object sends set_back_handling (raw): not in
 *                                  version 3, so libwayland answers wl_display.invalid_method
 *   back-client swipes SECONDS [slow]
 *                                  with test-compositor --demo-back-swipes: handling on, then
 *                                  the compositor's two swipes in from the left edge; prints
 *                                  what came, in order, as one line "sequence ..." (E back_edges
 *                                  left, B back_began left, C back_changed (repeats folded),
 *                                  I back_invoked, X back_cancelled, d down, u up, T
 *                                  gesture_taken left, c wl_touch.cancel; motions and frames left
 *                                  out) and checks each back event's values; "slow" (a
 *                                  compositor under memcheck) takes either swipe in either form:
 *                                  begun on time, or late after the hold window gave the client
 *                                  its touch (down, gesture_taken, cancel first)
 *
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "check.h"

#define LEFT BEZEL_GESTURE_SURFACE_V1_EDGE_LEFT

static struct wl_display *display;
static struct wl_compositor *compositor;
static struct wl_seat *seat;
static uint32_t advertised, manager_name;
static struct wl_registry *registry;

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)data;
	if (strcmp(iface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (strcmp(iface, wl_seat_interface.name) == 0 && seat == NULL)
		seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
	else if (strcmp(iface, bezel_system_gestures_manager_v1_interface.name) == 0) {
		advertised = version;
		manager_name = name;
	}
}
static void registry_remove(void *data, struct wl_registry *r, uint32_t name) { (void)data; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

static void connect_globals(void)
{
	display = wl_display_connect(NULL);
	if (display == NULL) {
		printf("FAIL cannot connect to the compositor\n");
		exit(1);
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (compositor == NULL || manager_name == 0) {
		printf("FAIL globals missing\n");
		exit(1);
	}
}

static struct bezel_system_gestures_manager_v1 *bind_manager(uint32_t version)
{
	return wl_registry_bind(registry, manager_name, &bezel_system_gestures_manager_v1_interface, version);
}

/* ---- what a gesture object is sent ---- */

struct back_state {
	char sequence[256];
	size_t len;
	int edges_count;
	uint32_t edges;
	int other_count; /* events of versions 1 to 3 but gesture_taken */
	double last_progress;
	bool bad_value; /* a position or progress out of range */
};

static void add(struct back_state *s, char c)
{
	/* Repeated back_changed are folded into one letter. */
	if (c == 'C' && s->len > 0 && s->sequence[s->len - 1] == 'C')
		return;
	if (s->len + 1 < sizeof s->sequence)
		s->sequence[s->len++] = c;
	s->sequence[s->len] = '\0';
}

static void on_honored(void *d, struct bezel_gesture_surface_v1 *g, uint32_t v) { (void)g; (void)v; ((struct back_state *)d)->other_count++; }
static void on_taken(void *d, struct bezel_gesture_surface_v1 *g, uint32_t edge)
{
	(void)g;
	struct back_state *s = d;
	add(s, edge == LEFT ? 'T' : '?');
}
static void on_back_edges(void *d, struct bezel_gesture_surface_v1 *g, uint32_t edges)
{
	(void)g;
	struct back_state *s = d;
	s->edges_count++;
	s->edges = edges;
	if (edges == LEFT)
		add(s, 'E');
}
/* The compositor's output is 1080x1920 and the surface covers it: x, y within it. */
static void check_position(struct back_state *s, wl_fixed_t x, wl_fixed_t y)
{
	double fx = wl_fixed_to_double(x), fy = wl_fixed_to_double(y);
	if (fx < 0 || fx > 1080 || fy < 950 || fy > 970)
		s->bad_value = true;
}
static void on_back_began(void *d, struct bezel_gesture_surface_v1 *g, uint32_t edge, wl_fixed_t x, wl_fixed_t y)
{
	(void)g;
	struct back_state *s = d;
	add(s, edge == LEFT ? 'B' : '?');
	check_position(s, x, y);
}
static void on_back_changed(void *d, struct bezel_gesture_surface_v1 *g, wl_fixed_t p, wl_fixed_t x, wl_fixed_t y)
{
	(void)g;
	struct back_state *s = d;
	add(s, 'C');
	s->last_progress = wl_fixed_to_double(p);
	if (s->last_progress < 0 || s->last_progress > 1)
		s->bad_value = true;
	check_position(s, x, y);
}
static void on_back_invoked(void *d, struct bezel_gesture_surface_v1 *g) { (void)g; add(d, 'I'); }
static void on_back_cancelled(void *d, struct bezel_gesture_surface_v1 *g) { (void)g; add(d, 'X'); }
static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	.honored_edges = on_honored, .deferred_swipe = on_honored, .gesture_taken = on_taken,
	.honored_gestures = on_honored, .back_edges = on_back_edges, .back_began = on_back_began,
	.back_changed = on_back_changed, .back_invoked = on_back_invoked, .back_cancelled = on_back_cancelled,
};

/* ---- modes ---- */

static int mode_versions(void)
{
	connect_globals();
	CHECK(advertised == 4, "the global is advertised at version %u (4 expected)", advertised);
	struct back_state st[5] = { 0 };
	struct bezel_gesture_surface_v1 *g[5] = { 0 };
	struct wl_surface *surface[5] = { 0 };
	for (uint32_t v = 1; v <= 4; v++) {
		surface[v] = wl_compositor_create_surface(compositor);
		g[v] = bezel_system_gestures_manager_v1_get_gesture_surface(bind_manager(v), surface[v]);
		bezel_gesture_surface_v1_add_listener(g[v], &gesture_listener, &st[v]);
		CHECK(bezel_gesture_surface_v1_get_version(g[v]) == v, "an object from the version %u manager is at version %u",
		      v, bezel_gesture_surface_v1_get_version(g[v]));
		wl_surface_commit(surface[v]);
	}
	wl_display_roundtrip(display);
	bezel_gesture_surface_v1_set_back_handling(g[4], 1);
	wl_display_roundtrip(display);
	CHECK(st[4].edges_count == 0, "no back_edges before the commit (double-buffered), got %d", st[4].edges_count);
	wl_surface_commit(surface[4]);
	wl_display_roundtrip(display);
	CHECK(st[4].edges_count == 1 && st[4].edges == 0,
	      "back_edges(0) after the commit that turns handling on, nothing binding back (got %d, edges %u)",
	      st[4].edges_count, st[4].edges);
	wl_surface_commit(surface[4]);
	bezel_gesture_surface_v1_set_back_handling(g[4], 1);
	wl_surface_commit(surface[4]);
	wl_display_roundtrip(display);
	CHECK(st[4].edges_count == 1, "commits that leave handling on send nothing (got %d)", st[4].edges_count);
	bezel_gesture_surface_v1_set_back_handling(g[4], 0);
	wl_surface_commit(surface[4]);
	wl_display_roundtrip(display);
	CHECK(st[4].edges_count == 1, "turning handling off sends nothing (got %d)", st[4].edges_count);
	bezel_gesture_surface_v1_set_back_handling(g[4], 1);
	wl_surface_commit(surface[4]);
	wl_display_roundtrip(display);
	CHECK(st[4].edges_count == 2 && st[4].edges == 0, "turned on again: back_edges again (got %d)", st[4].edges_count);
	for (uint32_t v = 1; v <= 3; v++)
		CHECK(st[v].edges_count == 0 && st[v].len == 0, "the version %u object got no version 4 event", v);
	CHECK(wl_display_get_error(display) == 0, "no protocol error");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_invalid(void)
{
	connect_globals();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g =
		bezel_system_gestures_manager_v1_get_gesture_surface(bind_manager(4), surface);
	bezel_gesture_surface_v1_set_back_handling(g, 2);
	int rc = wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	const struct wl_interface *got = NULL;
	uint32_t code = err == EPROTO ? wl_display_get_protocol_error(display, &got, NULL) : 0;
	CHECK(rc < 0 && err == EPROTO && got == &bezel_gesture_surface_v1_interface &&
	      code == BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_BACK_HANDLING,
	      "set_back_handling(2): protocol error bezel_gesture_surface_v1.invalid_back_handling (got rc %d, errno %d, %s.%u)",
	      rc, err, got ? got->name : "none", code);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_v3_request(void)
{
	connect_globals();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g =
		bezel_system_gestures_manager_v1_get_gesture_surface(bind_manager(3), surface);
	wl_display_roundtrip(display);
	/* set_back_handling is opcode 4 of bezel_gesture_surface_v1, new in version 4. */
	uint32_t msg[3] = { wl_proxy_get_id((struct wl_proxy *)g), (12u << 16) | 4u, 1 };
	wl_display_flush(display);
	ssize_t n = send(wl_display_get_fd(display), msg, sizeof msg, MSG_NOSIGNAL);
	(void)n;
	int rc = wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	CHECK(rc < 0 && err == EINVAL, "set_back_handling on a version 3 object: the connection ends with "
	      "wl_display.invalid_method (got rc %d, errno %d)", rc, err);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

/* ---- swipes: the touches as they come ---- */

static struct back_state swipes;
static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)serial; (void)time; (void)s; (void)id; (void)x; (void)y;
	add(&swipes, 'd');
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { (void)d; (void)t; (void)serial; (void)time; (void)id; add(&swipes, 'u'); }
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) { (void)d; (void)t; (void)time; (void)id; (void)x; (void)y; }
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; add(&swipes, 'c'); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = {
	.down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel,
	.shape = t_shape, .orientation = t_orient,
};

static int ends(void)
{
	int n = 0;
	for (size_t i = 0; i < swipes.len; i++)
		n += swipes.sequence[i] == 'I' || swipes.sequence[i] == 'X';
	return n;
}

static int mode_swipes(int seconds, bool slow)
{
	connect_globals();
	if (seat == NULL) {
		printf("FAIL no wl_seat\n");
		return 1;
	}
	/* The touch first: the compositor plays its swipes at the surface's first commit. */
	struct wl_touch *touch = wl_seat_get_touch(seat);
	wl_touch_add_listener(touch, &touch_listener, NULL);
	wl_display_roundtrip(display);
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g =
		bezel_system_gestures_manager_v1_get_gesture_surface(bind_manager(4), surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &swipes);
	bezel_gesture_surface_v1_set_back_handling(g, 1);
	wl_surface_commit(surface);
	wl_display_flush(display);
	/* Bounded: until both swipes ended (two back ends) or SECONDS passed. */
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		long left = (long)seconds * 1000 - ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000);
		if (ends() >= 2 || left <= 0)
			break;
		struct pollfd pfd = { wl_display_get_fd(display), POLLIN, 0 };
		wl_display_flush(display);
		if (poll(&pfd, 1, (int)left) > 0 && wl_display_dispatch(display) < 0)
			break;
	}
	printf("sequence %s\n", swipes.sequence);
	CHECK(ends() >= 2, "both back gestures ended within %d s", seconds);
	/* The first swipe: the app's from its begin, no touch. The second: the held touch reached
	 * the client, then gesture_taken and wl_touch.cancel, then the back events (R10, R2). */
	/* Slowed down, the hold window may run out before either swipe moves (a late begin) or not
	 * at all before the second one does: each swipe is then one of the two forms. */
	bool slow_ok = false;
	static const char *const forms[] = { "BCI", "dTcBCI" };
	for (int a = 0; slow && a < 2; a++)
		for (int b = 0; b < 2; b++) {
			char want[32];
			snprintf(want, sizeof want, "E%s%s", forms[a], forms[b]);
			slow_ok = slow_ok || strcmp(swipes.sequence, want) == 0;
		}
	CHECK(strcmp(swipes.sequence, "EBCIdTcBCI") == 0 || slow_ok,
	      "back_edges left; back_began, back_changed, back_invoked and no touch; then down, "
	      "gesture_taken left, cancel, back_began, back_changed, back_invoked%s (sequence %s)",
	      slow ? " (slowed: each swipe either form)" : "", swipes.sequence);
	CHECK(!swipes.bad_value && swipes.last_progress > 0.5,
	      "positions surface-local on the swipe's line, progress within [0, 1] (last %.3f)", swipes.last_progress);
	CHECK(wl_display_get_error(display) == 0, "no protocol error");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "versions") == 0)
		return mode_versions();
	if (strcmp(mode, "invalid") == 0)
		return mode_invalid();
	if (strcmp(mode, "v3-request") == 0)
		return mode_v3_request();
	if (strcmp(mode, "swipes") == 0 && argc > 2)
		return mode_swipes(atoi(argv[2]), argc > 3 && strcmp(argv[3], "slow") == 0);
	fprintf(stderr, "usage: %s versions|invalid|v3-request|swipes SECONDS [slow]\n", argv[0]);
	return 2;
}
