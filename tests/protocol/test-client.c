/*
 * Test client for bezel-system-gestures-v1 over a real Wayland socket ($WAYLAND_DISPLAY).
 *
 *   test-client basic               bind, defer bottom, see honored_edges; destroy the
 *                                   wl_surface, check the object is inert and safe to destroy
 *   test-client already-constructed expect the already_constructed protocol error
 *   test-client invalid-edges       expect the invalid_edges protocol error
 *   test-client v2-basic            bind at version 2: set_deferred_gestures is double-buffered
 *                                   and answered by honored_gestures; version 1 objects of the
 *                                   same client never get it
 *   test-client invalid-gesture-kinds  expect the invalid_gesture_kinds protocol error (v2)
 *   test-client v3-region           bind at version 3: set_deferred_region with a region that is
 *                                   destroyed at once, the same region again, one with its
 *                                   second rectangle changed, then null, each followed by a commit
 *                                   (the compositor prints what it applied and when); a second
 *                                   object bound at version 1 and one at 2 see their versions
 *   test-client v2-region           a version 2 object sends set_deferred_region (raw): it is not
 *                                   in version 2, so libwayland answers wl_display.invalid_method
 *   test-client hostile SEED OPS    OPS random requests (valid, wrong, stale ids, bad bits,
 *                                   surfaces destroyed mid-way); any protocol error is fine,
 *                                   a dead compositor is not
 *   test-client rawfuzz SEED        random raw messages written on the socket
 *                                   (both: a connection reset prints "reset pid PID ...",
 *                                   which the runner checks against the compositor's log)
 *   test-client bystander SECONDS   a well-behaved client that keeps checking its own state
 *                                   while others misbehave
 *
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "check.h"

static struct wl_display *display;
static struct wl_compositor *compositor;
static struct bezel_system_gestures_manager_v1 *manager;
static struct bezel_system_gestures_manager_v1 *manager_v1; /* v2-basic: a second bind at 1 */
static struct bezel_system_gestures_manager_v1 *manager_v2; /* v3-region: a third bind at 2 */
static uint32_t bind_version = 1;

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
			    const char *interface, uint32_t version)
{
	(void)data; (void)version;
	if (strcmp(interface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (strcmp(interface, bezel_system_gestures_manager_v1_interface.name) == 0)
	{
		if (bind_version >= 2)
			CHECK(version == 4, "the global is advertised at version %u (4 expected)", version);
		manager = wl_registry_bind(registry, name, &bezel_system_gestures_manager_v1_interface, bind_version);
		if (bind_version >= 2)
			manager_v1 = wl_registry_bind(registry, name, &bezel_system_gestures_manager_v1_interface, 1);
		if (bind_version >= 3)
			manager_v2 = wl_registry_bind(registry, name, &bezel_system_gestures_manager_v1_interface, 2);
	}
}

static void registry_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

struct gesture_state {
	int honored_count;
	uint32_t honored;
	int honored_gestures_count;
	uint32_t honored_gestures;
};

static void on_honored(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edges)
{
	(void)g;
	struct gesture_state *s = data;
	s->honored_count++;
	s->honored = edges;
}
static void on_swipe(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edge) { (void)data; (void)g; (void)edge; }
static void on_taken(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edge) { (void)data; (void)g; (void)edge; }
static void on_honored_gestures(void *data, struct bezel_gesture_surface_v1 *g, uint32_t kinds)
{
	(void)g;
	struct gesture_state *s = data;
	s->honored_gestures_count++;
	s->honored_gestures = kinds;
}
/* Version 4 events (the hostile client turns back handling on at random): counted nowhere. */
static void on_back_edges(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edges) { (void)data; (void)g; (void)edges; }
static void on_back_began(void *data, struct bezel_gesture_surface_v1 *g, uint32_t edge, wl_fixed_t x, wl_fixed_t y) { (void)data; (void)g; (void)edge; (void)x; (void)y; }
static void on_back_changed(void *data, struct bezel_gesture_surface_v1 *g, wl_fixed_t p, wl_fixed_t x, wl_fixed_t y) { (void)data; (void)g; (void)p; (void)x; (void)y; }
static void on_back_ended(void *data, struct bezel_gesture_surface_v1 *g) { (void)data; (void)g; }
static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	on_honored, on_swipe, on_taken, on_honored_gestures,
	on_back_edges, on_back_began, on_back_changed, on_back_ended, on_back_ended,
};

static void connect_and_bind(void)
{
	display = wl_display_connect(NULL);
	if (display == NULL) {
		printf("FAIL cannot connect to the compositor\n");
		exit(1);
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (compositor == NULL || manager == NULL) {
		printf("FAIL globals missing (wl_compositor %p, manager %p)\n", (void *)compositor, (void *)manager);
		exit(1);
	}
}

/* The protocol error the connection died of, as "interface code", or "none". */
static void expect_protocol_error(const struct wl_interface *iface, uint32_t code, const char *what)
{
	int rc = wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	const struct wl_interface *got = NULL;
	uint32_t id = 0;
	uint32_t got_code = err == EPROTO ? wl_display_get_protocol_error(display, &got, &id) : 0;
	CHECK(rc < 0 && err == EPROTO && got == iface && got_code == code,
	      "%s: protocol error %s.%u (got rc %d, errno %d, %s.%u on object %u)", what,
	      iface->name, code, rc, err, got ? got->name : "none", got_code, id);
}

static int mode_basic(void)
{
	connect_and_bind();
	CHECK(1, "bound %s", bezel_system_gestures_manager_v1_interface.name);
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct gesture_state st = { 0 };
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st);
	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM);
	wl_display_roundtrip(display);
	CHECK(st.honored_count == 0, "no honored_edges before commit (double-buffered), got %d", st.honored_count);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st.honored_count == 1 && st.honored == BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM,
	      "honored_edges(bottom) after commit (got %d events, edges %u)", st.honored_count, st.honored);

	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM | BEZEL_GESTURE_SURFACE_V1_EDGE_TOP);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st.honored_count == 2 && st.honored == 3, "honored_edges(top|bottom) after the second commit (edges %u)", st.honored);

	/* Destroy the surface: the object must become inert and stay safe to use and destroy. */
	wl_surface_destroy(surface);
	wl_display_roundtrip(display);
	int before = st.honored_count;
	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_LEFT);
	wl_display_roundtrip(display);
	CHECK(wl_display_get_error(display) == 0 && st.honored_count == before,
	      "inert object: set_deferred_edges after the surface is gone is ignored (error %d)", wl_display_get_error(display));
	bezel_gesture_surface_v1_destroy(g);
	wl_display_roundtrip(display);
	CHECK(wl_display_get_error(display) == 0, "inert object destroyed without error");

	/* A new surface can get a new object, and destroy + re-create before commit works. */
	surface = wl_compositor_create_surface(compositor);
	struct gesture_state st2 = { 0 };
	g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st2);
	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_RIGHT);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st2.honored == BEZEL_GESTURE_SURFACE_V1_EDGE_RIGHT, "second surface: honored_edges(right) (edges %u)", st2.honored);
	bezel_gesture_surface_v1_destroy(g);
	g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	struct gesture_state st3 = { 0 };
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st3);
	wl_display_roundtrip(display);
	CHECK(wl_display_get_error(display) == 0, "get_gesture_surface again after destroy is allowed");
	bezel_gesture_surface_v1_destroy(g);
	wl_surface_destroy(surface);
	bezel_system_gestures_manager_v1_destroy(manager);
	wl_display_roundtrip(display);
	CHECK(wl_display_get_error(display) == 0, "manager destroyed without error");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_already_constructed(void)
{
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	expect_protocol_error(&bezel_system_gestures_manager_v1_interface,
			      BEZEL_SYSTEM_GESTURES_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED,
			      "second get_gesture_surface on one wl_surface");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_invalid_edges(void)
{
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_set_deferred_edges(g, 16);
	expect_protocol_error(&bezel_gesture_surface_v1_interface,
			      BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES, "set_deferred_edges(16)");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_v2_basic(void)
{
	bind_version = 2;
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct gesture_state st = { 0 };
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st);
	CHECK(bezel_gesture_surface_v1_get_version(g) == 2, "gesture object at version %u", bezel_gesture_surface_v1_get_version(g));
	bezel_gesture_surface_v1_set_deferred_gestures(g, BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_SWIPE |
							  BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_PINCH);
	wl_display_roundtrip(display);
	CHECK(st.honored_gestures_count == 0, "no honored_gestures before commit (double-buffered), got %d", st.honored_gestures_count);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st.honored_gestures_count == 1 && st.honored_gestures == 3,
	      "honored_gestures(swipe|pinch) after commit (got %d events, kinds %u)", st.honored_gestures_count, st.honored_gestures);
	CHECK(st.honored_count == 1 && st.honored == 0, "honored_edges(none) for the new object (got %d, edges %u)", st.honored_count, st.honored);
	/* The same value again changes nothing: no event. */
	bezel_gesture_surface_v1_set_deferred_gestures(g, 3);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st.honored_gestures_count == 1, "an unchanged set sends no honored_gestures (got %d)", st.honored_gestures_count);
	bezel_gesture_surface_v1_set_deferred_gestures(g, BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_HOLD);
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	CHECK(st.honored_gestures_count == 2 && st.honored_gestures == BEZEL_GESTURE_SURFACE_V1_GESTURE_KIND_HOLD,
	      "honored_gestures(hold) after the second commit (kinds %u)", st.honored_gestures);

	/* A version 1 object of the same client: v1 requests work, no v2 event ever arrives. */
	struct wl_surface *surface1 = wl_compositor_create_surface(compositor);
	struct gesture_state st1 = { 0 };
	struct bezel_gesture_surface_v1 *g1 = bezel_system_gestures_manager_v1_get_gesture_surface(manager_v1, surface1);
	bezel_gesture_surface_v1_add_listener(g1, &gesture_listener, &st1);
	CHECK(bezel_gesture_surface_v1_get_version(g1) == 1, "object from the version 1 manager is at version %u",
	      bezel_gesture_surface_v1_get_version(g1));
	bezel_gesture_surface_v1_set_deferred_edges(g1, BEZEL_GESTURE_SURFACE_V1_EDGE_TOP);
	wl_surface_commit(surface1);
	wl_display_roundtrip(display);
	CHECK(st1.honored_count == 1 && st1.honored == BEZEL_GESTURE_SURFACE_V1_EDGE_TOP && st1.honored_gestures_count == 0,
	      "version 1 object: honored_edges(top) and no honored_gestures (got %d)", st1.honored_gestures_count);
	CHECK(wl_display_get_error(display) == 0, "no protocol error");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_invalid_gesture_kinds(void)
{
	bind_version = 2;
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_set_deferred_gestures(g, 8);
	expect_protocol_error(&bezel_gesture_surface_v1_interface,
			      BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_GESTURE_KINDS, "set_deferred_gestures(8)");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static void mark(const char *what)
{
	/* A roundtrip first: every request before it has been handled when the line is printed. */
	wl_display_roundtrip(display);
	printf("mark %s\n", what);
	fflush(stdout);
}

/* set_deferred_region with the two rectangles of mode_v3_region, the second `h` px high. */
static void send_region(struct bezel_gesture_surface_v1 *g, int32_t h)
{
	struct wl_region *region = wl_compositor_create_region(compositor);
	wl_region_add(region, 0, 1000, 540, 920);
	wl_region_add(region, 600, 1800, 100, h);
	bezel_gesture_surface_v1_set_deferred_region(g, region);
	wl_region_destroy(region);
}

static int mode_v3_region(void)
{
	bind_version = 3;
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct gesture_state st = { 0 };
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st);
	CHECK(bezel_gesture_surface_v1_get_version(g) == 3, "gesture object at version %u", bezel_gesture_surface_v1_get_version(g));
	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM);
	wl_surface_commit(surface);
	mark("edges committed");
	CHECK(st.honored_count == 1 && st.honored == BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM,
	      "honored_edges(bottom) (got %d events, edges %u)", st.honored_count, st.honored);
	/* Copied when made: the wl_region is gone before the commit. */
	struct wl_region *region = wl_compositor_create_region(compositor);
	wl_region_add(region, 0, 1000, 540, 920);
	wl_region_add(region, 600, 1800, 100, 120);
	bezel_gesture_surface_v1_set_deferred_region(g, region);
	wl_region_destroy(region);
	mark("region sent and destroyed");
	wl_surface_commit(surface);
	mark("region committed");
	/* The same rectangles again change nothing; then only the second one changes. */
	send_region(g, 120);
	mark("same region sent");
	wl_surface_commit(surface);
	mark("same region committed");
	send_region(g, 60);
	mark("changed region sent");
	wl_surface_commit(surface);
	mark("changed region committed");
	bezel_gesture_surface_v1_set_deferred_region(g, NULL);
	mark("null sent");
	wl_surface_commit(surface);
	mark("null committed");
	CHECK(st.honored_count == 1, "a region sends no honored_edges (got %d events)", st.honored_count);

	/* Objects of the same client bound at versions 1 and 2 are at those versions. */
	struct wl_surface *s1 = wl_compositor_create_surface(compositor);
	struct wl_surface *s2 = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g1 = bezel_system_gestures_manager_v1_get_gesture_surface(manager_v1, s1);
	struct bezel_gesture_surface_v1 *g2 = bezel_system_gestures_manager_v1_get_gesture_surface(manager_v2, s2);
	CHECK(bezel_gesture_surface_v1_get_version(g1) == 1 && bezel_gesture_surface_v1_get_version(g2) == 2,
	      "objects from the version 1 and 2 managers are at versions %u and %u",
	      bezel_gesture_surface_v1_get_version(g1), bezel_gesture_surface_v1_get_version(g2));
	wl_display_roundtrip(display);
	CHECK(wl_display_get_error(display) == 0, "no protocol error");
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

/* Writes one raw request on the socket, bypassing libwayland-client's bookkeeping. */
static void raw_request(uint32_t object, uint16_t opcode, const uint32_t *args, int nargs);

static int mode_v2_region(void)
{
	bind_version = 2;
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	struct wl_region *region = wl_compositor_create_region(compositor);
	wl_display_roundtrip(display);
	/* set_deferred_region is opcode 3 of bezel_gesture_surface_v1, new in version 3. */
	uint32_t arg = wl_proxy_get_id((struct wl_proxy *)region);
	raw_request(wl_proxy_get_id((struct wl_proxy *)g), 3, &arg, 1);
	/* libwayland-server posts invalid_method on wl_display itself, which libwayland-client
	 * reports as EINVAL with no protocol error details (its log line names the method). */
	int rc = wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	CHECK(rc < 0 && err == EINVAL, "set_deferred_region on a version 2 object: the connection ends with "
	      "wl_display.invalid_method (got rc %d, errno %d)", rc, err);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

/* Writes one raw request on the socket, bypassing libwayland-client's bookkeeping. */
static void raw_request(uint32_t object, uint16_t opcode, const uint32_t *args, int nargs)
{
	uint32_t msg[16];
	if (nargs > 14)
		nargs = 14;
	msg[0] = object;
	msg[1] = (uint32_t)((8 + 4 * nargs) << 16) | opcode;
	memcpy(&msg[2], args, sizeof(uint32_t) * (size_t)nargs);
	wl_display_flush(display);
	/* MSG_NOSIGNAL: the compositor may already have disconnected us (no SIGPIPE wanted). */
	ssize_t n = send(wl_display_get_fd(display), msg, (size_t)(8 + 4 * nargs), MSG_NOSIGNAL);
	(void)n;
}

/* Judges how a hostile or raw-fuzz client ended (errno err). A protocol error (EPROTO, or
 * EINVAL for wl_display's own) is a fine end; EPIPE, the compositor gone, is not. ECONNRESET
 * means the compositor closed the connection with requests of this client still unread:
 * libwayland-client 1.23 then drops the error event it had already read (1.21 delivered it),
 * so the client cannot tell a provoked disconnection from a compositor gone wrong. It prints
 * "reset pid PID" and the runner requires the compositor's log to show a protocol error sent
 * to that pid. */
static void check_ending(int err, const char *what)
{
	if (err == ECONNRESET)
		printf("reset pid %d: %s (errno %d)\n", (int)getpid(), what, err);
	else
		CHECK(err != EPIPE, "%s (errno %d)", what, err);
	fflush(stdout);
}

#define POOL 8

static int mode_hostile(unsigned seed, int ops)
{
	srand(seed);
	bind_version = 4; /* every request of every version */
	connect_and_bind();
	struct wl_surface *surfaces[POOL] = { 0 };
	struct bezel_gesture_surface_v1 *gestures[POOL] = { 0 };
	uint32_t stale[64];
	int nstale = 0;
	struct gesture_state st = { 0 };
	int done = 0;
	for (; done < ops && wl_display_get_error(display) == 0; done++) {
		int i = rand() % POOL;
		/* Weighted so that most runs go deep before a deliberate error ends them. */
		static const int weights[11] = { 12, 12, 16, 12, 12, 8, 8, 2, 1, 1, 16 };
		int pick = rand() % 100, op = 0;
		while (op < 10 && pick >= weights[op])
			pick -= weights[op++];
		switch (op) {
		case 0: /* new surface */
			if (surfaces[i] == NULL)
				surfaces[i] = wl_compositor_create_surface(compositor);
			break;
		case 1: /* gesture object, sometimes a second one on the same surface */
			if (surfaces[i] != NULL && (gestures[i] == NULL || rand() % 10 == 0)) {
				struct bezel_gesture_surface_v1 *g =
					bezel_system_gestures_manager_v1_get_gesture_surface(manager, surfaces[i]);
				bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st);
				if (gestures[i] == NULL)
					gestures[i] = g;
			}
			break;
		case 2: /* edges, mostly valid, or a region (version 3): null, empty, wild rectangles,
			 * or back handling (version 4), now and then neither 0 nor 1 */
			if (gestures[i] != NULL && rand() % 4 == 0) {
				bezel_gesture_surface_v1_set_back_handling(gestures[i],
					rand() % 40 == 0 ? 2 + (uint32_t)rand() % 1000 : (uint32_t)(rand() % 2));
			} else if (gestures[i] != NULL && rand() % 3 == 0) {
				struct wl_region *region = NULL;
				if (rand() % 4 != 0) {
					region = wl_compositor_create_region(compositor);
					for (int n = rand() % 6; n > 0; n--)
						wl_region_add(region, rand() % 3 == 0 ? rand() - RAND_MAX / 2 : rand() % 1200,
							      rand() % 2400, rand() % 3 == 0 ? -rand() % 50 : rand() % 1200,
							      rand() % 5 == 0 ? rand() : rand() % 2400);
				}
				bezel_gesture_surface_v1_set_deferred_region(gestures[i], region);
				if (region != NULL)
					wl_region_destroy(region);
			} else if (gestures[i] != NULL)
				bezel_gesture_surface_v1_set_deferred_edges(gestures[i],
					rand() % 40 == 0 ? (uint32_t)rand() : (uint32_t)(rand() % 16));
			break;
		case 3:
		case 4:
			if (surfaces[i] != NULL)
				wl_surface_commit(surfaces[i]);
			break;
		case 5: /* destroy the surface mid-way, keeping the gesture object */
			if (surfaces[i] != NULL) {
				if (nstale < 64)
					stale[nstale++] = wl_proxy_get_id((struct wl_proxy *)surfaces[i]);
				wl_surface_destroy(surfaces[i]);
				surfaces[i] = NULL;
			}
			break;
		case 6:
			if (gestures[i] != NULL) {
				if (nstale < 64)
					stale[nstale++] = wl_proxy_get_id((struct wl_proxy *)gestures[i]);
				bezel_gesture_surface_v1_destroy(gestures[i]);
				gestures[i] = NULL;
			}
			break;
		case 7: { /* use after destroy: a request on a stale id */
			if (nstale > 0) {
				uint32_t arg = (uint32_t)rand() % 32;
				raw_request(stale[rand() % nstale], (uint16_t)(rand() % 5), &arg, 1);
			}
			break;
		}
		case 8: { /* wrong object: the manager itself passed as the wl_surface */
			uint32_t args[2] = { 0xff000000u /* server-side id range: invalid for a client */,
					     wl_proxy_get_id((struct wl_proxy *)manager) };
			args[0] = 900 + (uint32_t)(rand() % 50);
			raw_request(wl_proxy_get_id((struct wl_proxy *)manager), 1, args, 2);
			break;
		}
		case 9: { /* unknown opcode or short message on the gesture object */
			if (gestures[i] != NULL)
				raw_request(wl_proxy_get_id((struct wl_proxy *)gestures[i]),
					    (uint16_t)(2 + rand() % 4), NULL, 0);
			break;
		}
		case 10:
			wl_display_roundtrip(display);
			break;
		}
	}
	wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	const struct wl_interface *iface = NULL;
	uint32_t code = err == EPROTO ? wl_display_get_protocol_error(display, &iface, NULL) : 0;
	/* Any protocol error is an acceptable end, and so is EINVAL: raw requests create objects
	 * this client's libwayland does not know of, so it may fail to read the error event. */
	char what[160];
	snprintf(what, sizeof what, "hostile seed %u: %d requests, ended with %s%s%u", seed, done,
		 err ? (iface ? iface->name : "?") : "no error", err ? "." : " ", code);
	check_ending(err, what);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_rawfuzz(unsigned seed)
{
	srand(seed);
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	wl_display_roundtrip(display);
	for (int n = 0; n < 20; n++) {
		uint32_t args[6];
		for (int k = 0; k < 6; k++)
			args[k] = rand() % 3 == 0 ? (uint32_t)rand() : (uint32_t)(rand() % 12);
		raw_request((uint32_t)(1 + rand() % 8), (uint16_t)(rand() % 4), args, rand() % 7);
	}
	wl_display_roundtrip(display);
	int err = wl_display_get_error(display);
	char what[64];
	snprintf(what, sizeof what, "rawfuzz seed %u: ended", seed);
	check_ending(err, what);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

static int mode_bystander(int seconds)
{
	connect_and_bind();
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct gesture_state st = { 0 };
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, &st);
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int rounds = 0, wrong = 0;
	/* Alternate between two requests; each commit must be answered with exactly that set. */
	do {
		uint32_t want = rounds % 2 ? BEZEL_GESTURE_SURFACE_V1_EDGE_LEFT : BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM;
		bezel_gesture_surface_v1_set_deferred_edges(g, want);
		wl_surface_commit(surface);
		if (wl_display_roundtrip(display) < 0 || st.honored != want)
			wrong++;
		rounds++;
		nanosleep(&(struct timespec){ .tv_nsec = 20000000 }, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec < seconds && wl_display_get_error(display) == 0);
	CHECK(wl_display_get_error(display) == 0 && wrong == 0 && st.honored_count == rounds,
	      "bystander: %d commits, %d honored_edges, %d wrong, connection error %d",
	      rounds, st.honored_count, wrong, wl_display_get_error(display));
	bezel_gesture_surface_v1_destroy(g);
	wl_surface_destroy(surface);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "basic") == 0)
		return mode_basic();
	if (strcmp(mode, "already-constructed") == 0)
		return mode_already_constructed();
	if (strcmp(mode, "invalid-edges") == 0)
		return mode_invalid_edges();
	if (strcmp(mode, "v2-basic") == 0)
		return mode_v2_basic();
	if (strcmp(mode, "v3-region") == 0)
		return mode_v3_region();
	if (strcmp(mode, "v2-region") == 0)
		return mode_v2_region();
	if (strcmp(mode, "invalid-gesture-kinds") == 0)
		return mode_invalid_gesture_kinds();
	if (strcmp(mode, "hostile") == 0 && argc > 3)
		return mode_hostile((unsigned)atoi(argv[2]), atoi(argv[3]));
	if (strcmp(mode, "rawfuzz") == 0 && argc > 2)
		return mode_rawfuzz((unsigned)atoi(argv[2]));
	if (strcmp(mode, "bystander") == 0 && argc > 2)
		return mode_bystander(atoi(argv[2]));
	fprintf(stderr, "usage: %s basic|already-constructed|invalid-edges|hostile SEED OPS|rawfuzz SEED|bystander SECONDS\n", argv[0]);
	return 2;
}
