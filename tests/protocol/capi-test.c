/*
 * The C interface itself (bezel.h 0.2), in-process: several outputs, host interface versions 1
 * and 2, input regions, hidden surfaces, restacking, host hit-testing, and garbage through every
 * call. "The library never traps": each bad call must come back with its return code and a log
 * line with a level, and the invariants of R9 must still hold for what clients were sent.
 *
 * No socket and no client process: in-process wl_clients on socketpairs own the wl_surface
 * resources, and the host callbacks record what the plugin decided. The event loop is never
 * dispatched, so no timer fires; touch times run ahead of CLOCK_MONOTONIC (see start_gesture),
 * so a slow run (valgrind) decides the same.
 *
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server.h>

#include "bezel.h"
#include "check.h"
#include "touch-clock.h"

#define OUTPUT_W 1080
#define OUTPUT_H 1920
#define MAX_IDS 64

/* ---- what the plugin told the host ---- */

static struct {
	int downs, motions, ups, frames, cancels;
	struct wl_resource *last_surface;
	double last_x, last_y;
	int32_t last_id;
	/* gesture events, either callback version */
	int began, changed, ended, cancelled, failed;
	uint32_t gesture_output, gesture_edge;
	char gesture[32], reason[32];
	int v1_calls, v2_calls;
	int shown, hidden;
	uint32_t affordance_output;
	/* log lines by level, and the text of the last few */
	int log_lines[8];
	char log_text[8192];
} seen;

static void reset(void) { memset(&seen, 0, sizeof seen); }

static int logged(const char *needle) { return strstr(seen.log_text, needle) != NULL; }

/* ---- R9 as the host can check it: per touch id, which client has it ---- */

static struct {
	struct wl_client *owner[MAX_IDS];      /* NULL: not active on any client */
	int unframed_clients;
	int violations;
	char first[256];
} r9;

static void violate(const char *what, int32_t id)
{
	if (r9.violations++ == 0)
		snprintf(r9.first, sizeof r9.first, "%s (touch %d)", what, id);
}

/* Ids from -8 to 55 are tracked (the random stream uses negative ids too). */
static int slot(int32_t id) { return id >= -8 && id < MAX_IDS - 8 ? id + 8 : -1; }

static void cb_down(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{
	(void)d; (void)t;
	seen.downs++;
	seen.last_surface = s; seen.last_x = x; seen.last_y = y; seen.last_id = id;
	int k = slot(id);
	if (k < 0) { violate("down for an id outside what the test sends", id); return; }
	if (r9.owner[k] != NULL) violate("down for a touch already active", id);
	r9.owner[k] = wl_resource_get_client(s);
	r9.unframed_clients = 1;
}

static void cb_motion(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{
	(void)d; (void)t;
	seen.motions++;
	seen.last_surface = s; seen.last_x = x; seen.last_y = y;
	int k = slot(id);
	if (k < 0 || r9.owner[k] != wl_resource_get_client(s)) violate("motion without a down", id);
	r9.unframed_clients = 1;
}

static void cb_up(void *d, struct wl_resource *s, int32_t id, uint32_t t)
{
	(void)d; (void)t;
	seen.ups++;
	int k = slot(id);
	if (k < 0 || r9.owner[k] != wl_resource_get_client(s)) violate("up without a down", id);
	else r9.owner[k] = NULL;
	r9.unframed_clients = 1;
}

static void cb_frame(void *d, struct wl_client *c) { (void)d; (void)c; seen.frames++; r9.unframed_clients = 0; }

static void cb_cancel(void *d, struct wl_client *c)
{
	(void)d;
	seen.cancels++;
	for (int k = 0; k < MAX_IDS; k++)
		if (r9.owner[k] == c) r9.owner[k] = NULL;
}

static void note_gesture(const char *gesture, uint32_t edge)
{
	snprintf(seen.gesture, sizeof seen.gesture, "%s", gesture ? gesture : "(null)");
	seen.gesture_edge = edge;
}

/* version 1 gesture callbacks */
static void cb_began(void *d, const char *g, uint32_t e) { (void)d; seen.v1_calls++; seen.began++; note_gesture(g, e); }
static void cb_changed(void *d, const char *g, uint32_t e, double t, double p, double v)
{ (void)d; (void)t; (void)p; (void)v; seen.v1_calls++; seen.changed++; note_gesture(g, e); }
static void cb_ended(void *d, const char *g, uint32_t e, bool c) { (void)d; (void)c; seen.v1_calls++; seen.ended++; note_gesture(g, e); }
static void cb_cancelled(void *d, const char *g, uint32_t e) { (void)d; seen.v1_calls++; seen.cancelled++; note_gesture(g, e); }
static void cb_failed(void *d, const char *g, uint32_t e, const char *r)
{
	(void)d; seen.v1_calls++; seen.failed++; note_gesture(g, e);
	snprintf(seen.reason, sizeof seen.reason, "%s", r);
}
static void cb_shown(void *d, uint32_t e) { (void)d; (void)e; seen.v1_calls++; seen.shown++; }
static void cb_hidden(void *d, uint32_t e) { (void)d; (void)e; seen.v1_calls++; seen.hidden++; }

/* version 2 callbacks */
static void cb_gesture_event(void *d, const struct bezel_gesture_event *ev)
{
	(void)d;
	seen.v2_calls++;
	seen.gesture_output = ev->output_id;
	note_gesture(ev->gesture, ev->edge);
	switch (ev->phase) {
	case BEZEL_GESTURE_BEGAN: seen.began++; break;
	case BEZEL_GESTURE_CHANGED: seen.changed++; break;
	case BEZEL_GESTURE_ENDED: seen.ended++; break;
	case BEZEL_GESTURE_CANCELLED: seen.cancelled++; break;
	case BEZEL_GESTURE_FAILED:
		seen.failed++;
		snprintf(seen.reason, sizeof seen.reason, "%s", ev->reason ? ev->reason : "(null)");
		break;
	}
	if (ev->kind != BEZEL_GESTURE_KIND_EDGE || ev->fingers != 1 || ev->scale != 1.0 ||
	    (ev->phase == BEZEL_GESTURE_FAILED) != (ev->reason != NULL))
		violate("gesture_event fields of an edge gesture", -1);
}

static void cb_affordance(void *d, uint32_t output, uint32_t edge, bool shown)
{
	(void)d; (void)edge;
	seen.v2_calls++;
	seen.affordance_output = output;
	if (shown) seen.shown++; else seen.hidden++;
}

static void cb_log(void *d, int level, const char *message)
{
	(void)d;
	if (level >= 0 && level < 8) seen.log_lines[level]++;
	size_t used = strlen(seen.log_text);
	if (used + strlen(message) + 2 < sizeof seen.log_text) {
		strcat(seen.log_text, message);
		strcat(seen.log_text, "\n");
	}
}

/* Destroying the plugin from inside a callback must be refused (BUSY), not crash. */
static struct bezel_plugin *plugin;
static int destroy_in_callback = 0, destroy_in_callback_rc = 1;

static void cb_down_destroying(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{
	cb_down(d, s, id, x, y, t);
	if (destroy_in_callback) destroy_in_callback_rc = bezel_plugin_destroy(plugin);
}

static const struct bezel_host_interface host_v2 = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.touch_down = cb_down_destroying,
	.touch_motion = cb_motion,
	.touch_up = cb_up,
	.touch_frame = cb_frame,
	.touch_cancel = cb_cancel,
	/* Must never be called while gesture_event / affordance are set. */
	.gesture_began = cb_began,
	.gesture_changed = cb_changed,
	.gesture_ended = cb_ended,
	.gesture_cancelled = cb_cancelled,
	.gesture_failed = cb_failed,
	.affordance_shown = cb_shown,
	.affordance_hidden = cb_hidden,
	.log = cb_log,
	.gesture_event = cb_gesture_event,
	.affordance = cb_affordance,
};

/* Touch `id` down on `output` at local (x, y), then moved up by 40 px `steps` times. */
static void swipe_up(uint32_t output, int32_t id, double x, double y, int steps)
{
	start_gesture();
	bezel_touch_down_on_output(plugin, output, id, x, y, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	for (int i = 1; i <= steps; i++) {
		clock_ms += 10;
		bezel_touch_motion(plugin, id, x, y - 40 * i, clock_ms);
		bezel_touch_frame(plugin, clock_ms);
	}
}

static void lift(int32_t id)
{
	clock_ms += 10;
	bezel_touch_up(plugin, id, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	clock_ms += 100;
}

static int r9_clean_and_idle(void)
{
	for (int k = 0; k < MAX_IDS; k++)
		if (r9.owner[k] != NULL) return 0;
	return r9.violations == 0 && !r9.unframed_clients;
}

/* ---- setup ---- */

static struct wl_display *display;
static struct wl_client *clients[2];
static int peer_fds[2];

static struct wl_resource *new_surface(int client)
{
	return wl_resource_create(clients[client], &wl_surface_interface, 4, 0);
}

static void test_versions(void)
{
	CHECK(bezel_version() == BEZEL_VERSION && BEZEL_VERSION_MINOR == 7 &&
		      strcmp(bezel_version_string(), "0.7.0") == 0,
	      "library and header agree on version 0.7.0 (%s)", bezel_version_string());
	struct bezel_plugin *p = (struct bezel_plugin *)1;
	CHECK(bezel_plugin_create(NULL, &host_v2, NULL, &p) == BEZEL_ERROR_INVALID_ARGUMENT && p == NULL,
	      "create: NULL display is refused and *out is NULL");
	CHECK(bezel_plugin_create(display, NULL, NULL, &p) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "create: NULL host is refused");
	CHECK(bezel_plugin_create(display, &host_v2, NULL, NULL) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "create: NULL out is refused");
	struct bezel_host_interface v3 = host_v2;
	v3.version = 3;
	reset();
	CHECK(bezel_plugin_create(display, &v3, NULL, &p) == BEZEL_ERROR_VERSION && p == NULL &&
		      seen.log_lines[BEZEL_LOG_ERROR] == 1 && logged("version 3 unsupported"),
	      "create: host interface version 3 is refused with an error line: %.*s",
	      (int)strcspn(seen.log_text, "\n"), seen.log_text);
	CHECK(strcmp(bezel_result_string(BEZEL_ERROR_LIMIT), "limit reached") == 0 &&
		      strcmp(bezel_result_string(-99), "unknown result code") == 0,
	      "bezel_result_string knows BEZEL_ERROR_LIMIT and unknown codes");
}

/* A version 1 host hands over a struct that ends before gesture_event: the plugin must read
 * nothing past it (valgrind would see it: the struct sits in a heap block of exactly that size)
 * and must use the version 1 callbacks. */
static void test_version_1_host(void)
{
	size_t v1_size = offsetof(struct bezel_host_interface, gesture_event);
	struct bezel_host_interface full = host_v2;
	full.version = 1;
	full.touch_down = cb_down;
	void *v1 = malloc(v1_size);
	memcpy(v1, &full, v1_size);
	struct bezel_plugin *saved = plugin;
	int rc = bezel_plugin_create(display, v1, NULL, &plugin);
	free(v1); /* the plugin copied it */
	CHECK(rc == BEZEL_OK, "a version 1 host struct (its own size, on the heap) is accepted");
	if (rc != BEZEL_OK) { plugin = saved; return; }
	struct wl_resource *s = new_surface(0);
	bezel_surface_add(plugin, s, NULL, 0, 0, OUTPUT_W, OUTPUT_H);
	reset();
	swipe_up(0, 0, 540, OUTPUT_H - 5, 6);
	lift(0);
	CHECK(seen.began == 1 && seen.ended == 1 && seen.v2_calls == 0 && seen.v1_calls >= 3 &&
		      strcmp(seen.gesture, "dock") == 0,
	      "version 1 host: the dock swipe comes through gesture_began/ended (v1 calls %d, v2 calls %d)",
	      seen.v1_calls, seen.v2_calls);
	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "version 1 plugin destroyed");
	wl_resource_destroy(s);
	plugin = saved;
}

static void test_outputs(struct wl_resource *left, struct wl_resource *right)
{
	(void)left;
	reset();
	/* Output 1 beside output 0, same pixels on a panel twice as large. */
	CHECK(bezel_output_add(plugin, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 136, 242, 0) == BEZEL_OK,
	      "output 1 added at (1080, 0)");
	CHECK(bezel_output_add(plugin, 1, 0, 0, 10, 10, 0, 0, 0) == BEZEL_ERROR_EXISTS &&
		      bezel_output_add(plugin, 0, 0, 0, 10, 10, 0, 0, 0) == BEZEL_ERROR_EXISTS,
	      "adding a known output (1, or the default 0) gives BEZEL_ERROR_EXISTS");
	CHECK(bezel_output_add(plugin, 2, 0, 0, 0, 10, 0, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_add(plugin, 2, 0, 0, 10, 10, 0, 0, 8) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_add(plugin, 2, 0, 0, 100000000, 10, 0, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_update(plugin, 7, 0, 0, 10, 10, 0, 0, 0) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_output_remove(plugin, 7, clock_ms) == BEZEL_ERROR_NOT_FOUND,
	      "bad sizes, transforms and unknown ids are refused");
	CHECK(seen.log_lines[BEZEL_LOG_WARNING] >= 5, "each refusal logged a warning (%d)",
	      seen.log_lines[BEZEL_LOG_WARNING]);

	/* R1 across outputs: the layout hit-test and surface-local coordinates. */
	reset();
	start_gesture();
	int rc = bezel_touch_down_on_output(plugin, 1, 3, 100, 200, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(rc == BEZEL_OK && seen.downs == 1 && seen.last_surface == right && seen.last_x == 100 &&
		      seen.last_y == 200,
	      "a touch at output 1's (100, 200) reaches the right surface at (100, 200) (got %s at %.0f,%.0f)",
	      seen.last_surface == right ? "right" : "another", seen.last_x, seen.last_y);
	lift(3);

	/* A dock swipe on output 1 names output 1; its zone is the large panel's. */
	reset();
	swipe_up(1, 0, 540, OUTPUT_H - 5, 6);
	lift(0);
	CHECK(seen.began == 1 && seen.ended == 1 && seen.gesture_output == 1 && seen.v1_calls == 0 &&
		      seen.downs == 0,
	      "a dock swipe on output 1 reports output_id 1 through gesture_event only (v1 calls %d)",
	      seen.v1_calls);
	reset();
	start_gesture();
	bezel_touch_down_on_output(plugin, 1, 0, 540, OUTPUT_H - 40, clock_ms); /* 5 mm there */
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.downs == 1, "40 px from the bottom of the large panel is outside its 3.5 mm zone");
	lift(0);

	/* Output 1 moved below output 0: the same local touch no longer hits the right surface. */
	CHECK(bezel_output_update(plugin, 1, 0, OUTPUT_H, OUTPUT_W, OUTPUT_H, 136, 242, 0) == BEZEL_OK,
	      "output 1 moved below output 0");
	reset();
	start_gesture();
	bezel_touch_down_on_output(plugin, 1, 0, 100, 200, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.downs == 0, "after the move, output 1's (100, 200) is over no surface");
	lift(0);
	bezel_output_update(plugin, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 136, 242, 0);

	/* R8: output 1 removed mid-gesture. */
	reset();
	start_gesture();
	bezel_touch_down_on_output(plugin, 0, 5, 540, 900, clock_ms);  /* left client, output 0 */
	bezel_touch_down_on_output(plugin, 1, 6, 540, 900, clock_ms);  /* right client, output 1 */
	bezel_touch_frame(plugin, clock_ms);
	swipe_up(1, 0, 300, OUTPUT_H - 5, 6);
	int began = seen.began;
	clock_ms += 10;
	rc = bezel_output_remove(plugin, 1, clock_ms);
	CHECK(rc == BEZEL_OK && began == 1 && seen.cancelled == 1 && seen.gesture_output == 1 &&
		      seen.cancels == 1,
	      "output 1 removed mid-gesture: the dock reports cancelled on output 1 and its client gets "
	      "touch_cancel (began %d, cancelled %d, touch_cancel %d)", began, seen.cancelled, seen.cancels);
	CHECK(bezel_touch_motion(plugin, 0, 300, 1000, clock_ms) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_touch_up(plugin, 6, clock_ms) == BEZEL_ERROR_NOT_FOUND && logged("output 1 removed"),
	      "later events for its touches return BEZEL_ERROR_NOT_FOUND (and the removal was logged)");
	CHECK(bezel_touch_down_on_output(plugin, 1, 9, 0, 0, clock_ms) == BEZEL_ERROR_NOT_FOUND,
	      "a down on the removed output is refused");
	lift(5);
	CHECK(r9.owner[slot(5)] == NULL && seen.ups == 1, "output 0's touch still ends normally");

	/* An armed edge on a removed output: its affordance is hidden, with its output id. */
	bezel_output_add(plugin, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 136, 242, 0);
	bezel_surface_set_policy(plugin, right, BEZEL_EDGE_ALL);
	CHECK(r9_clean_and_idle(), "R9 holds through the output tests: %s", r9.first);
}

static void test_regions_and_stacking(struct wl_resource *left, struct wl_resource *right)
{
	(void)right;
	struct wl_resource *top = new_surface(1);
	struct wl_resource *other = new_surface(1);
	/* `top` covers the left half of output 0, above `left`. */
	bezel_surface_add(plugin, top, NULL, 0, 0, 540, OUTPUT_H);
	struct bezel_rect region[2] = { { 0, 0, 100, 100 }, { 400, 400, 100, 100 } };

	reset();
	start_gesture();
	CHECK(bezel_surface_set_input_region(plugin, top, region, 2) == BEZEL_OK, "input region of two rectangles set");
	bezel_touch_down(plugin, 0, 450, 450, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == top, "inside the second rectangle: the top surface");
	lift(0);
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 250, 250, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == left, "between the rectangles: through to the surface beneath");
	lift(0);

	bezel_surface_set_input_region(plugin, top, NULL, 0);
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 200, 300, clock_ms); /* away from every edge zone */
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == left, "an empty input region (a cursor surface) is never hit");
	lift(0);

	bezel_surface_reset_input_region(plugin, top);
	bezel_surface_set_hidden(plugin, top, true);
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 200, 300, clock_ms); /* away from every edge zone */
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == left, "a hidden surface is never hit");
	lift(0);
	bezel_surface_set_hidden(plugin, top, false);

	/* Restacking: `top` to the bottom, then back above `left`. */
	CHECK(bezel_surface_place_above(plugin, top, NULL) == BEZEL_OK, "place_above(NULL): to the bottom");
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 200, 300, clock_ms); /* away from every edge zone */
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == left, "at the bottom, the surface is under the full-screen one");
	lift(0);
	CHECK(bezel_surface_place_above(plugin, top, left) == BEZEL_OK, "place_above(left)");
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 200, 300, clock_ms); /* away from every edge zone */
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.last_surface == top, "above it again, it is hit");
	lift(0);

	/* Host hit-test: the host names the surface; R3 lookup and coordinates from it. */
	reset();
	start_gesture();
	int rc = bezel_touch_down_on_surface(plugin, 0, 0, 700, 800, left, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(rc == BEZEL_OK && seen.last_surface == left && seen.last_x == 700,
	      "touch_down_on_surface: the named surface gets the touch");
	lift(0);
	reset();
	start_gesture();
	rc = bezel_touch_down_on_surface(plugin, 0, 0, 700, 800, NULL, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(rc == BEZEL_OK && seen.downs == 0, "touch_down_on_surface(NULL): no client gets the touch");
	lift(0);
	reset();
	start_gesture();
	rc = bezel_touch_down_on_surface(plugin, 0, 0, 700, 800, other, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(rc == BEZEL_ERROR_NOT_FOUND && seen.downs == 0 && logged("was not added"),
	      "touch_down_on_surface with a surface never added: BEZEL_ERROR_NOT_FOUND, no client, a log line");
	CHECK(bezel_touch_up(plugin, 0, clock_ms + 10) == BEZEL_OK, "and the touch was still taken (its up is known)");
	bezel_touch_frame(plugin, clock_ms + 10);

	/* Deferral regions (version 3): no region is the whole surface; bad calls are refused. */
	struct bezel_rect got[2];
	int32_t count = 0;
	CHECK(bezel_surface_get_deferred_region(plugin, left, got, 2, &count) == BEZEL_OK && count == -1,
	      "get_deferred_region: a surface without a region reports -1, the whole surface (%d)", count);
	CHECK(bezel_surface_get_deferred_region(plugin, other, got, 2, &count) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_surface_get_deferred_region(plugin, left, NULL, 2, &count) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_get_deferred_region(plugin, left, got, 2, NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_get_deferred_region(NULL, left, got, 2, &count) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "get_deferred_region: unknown surface NOT_FOUND; NULL rects, count or plugin INVALID_ARGUMENT");
	CHECK(bezel_plugin_set_region_reader(NULL, NULL, NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_set_region_reader(plugin, NULL, NULL) == BEZEL_OK,
	      "set_region_reader: NULL plugin refused; NULL reader (none) accepted");

	bezel_surface_remove(plugin, top);
	wl_resource_destroy(top);
	wl_resource_destroy(other);
	CHECK(r9_clean_and_idle(), "R9 holds through the surface tests: %s", r9.first);
}

/* Garbage through every call: a return code and a log line each, and nothing breaks. */
static void test_garbage(struct wl_resource *left)
{
	struct wl_resource *stranger = new_surface(0);
	struct bezel_rect r = { 0, 0, 10, 10 };
	uint32_t edges;

	/* NULL plugin: nothing to log to, only the code. */
	CHECK(bezel_plugin_destroy(NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_set_log_level(NULL, BEZEL_LOG_DEBUG) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_set(NULL, 10, 10, 0, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_add(NULL, 1, 0, 0, 10, 10, 0, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_update(NULL, 0, 0, 0, 10, 10, 0, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_output_remove(NULL, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_add(NULL, left, NULL, 0, 0, 1, 1) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_set_rect(NULL, left, 0, 0, 1, 1) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_set_input_region(NULL, left, &r, 1) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_reset_input_region(NULL, left) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_set_hidden(NULL, left, true) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_place_above(NULL, left, NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_remove(NULL, left) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_commit(NULL, left) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_set_policy(NULL, left, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_get_honored_edges(NULL, left, &edges) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_set_locked(NULL, true, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_down(NULL, 0, 1, 1, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_down_on_output(NULL, 0, 0, 1, 1, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_down_on_surface(NULL, 0, 0, 1, 1, left, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_motion(NULL, 0, 1, 1, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_up(NULL, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_frame(NULL, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_cancel(NULL, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_drag_start(NULL, 0, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_drag_end(NULL, 0) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "every call refuses a NULL plugin with BEZEL_ERROR_INVALID_ARGUMENT");

#define REFUSED(call, code, what) do { \
	reset(); \
	int rc_ = (call); \
	int lines_ = seen.log_lines[BEZEL_LOG_WARNING] + seen.log_lines[BEZEL_LOG_ERROR] + \
		     seen.log_lines[BEZEL_LOG_DEBUG] + seen.log_lines[BEZEL_LOG_INFO]; \
	CHECK(rc_ == (code) && lines_ >= 1, "%s: %s (%d) with a log line: %.*s", what, \
	      bezel_result_string(rc_), rc_, (int)strcspn(seen.log_text, "\n"), seen.log_text); \
} while (0)

	REFUSED(bezel_surface_add(plugin, NULL, NULL, 0, 0, 1, 1), BEZEL_ERROR_INVALID_ARGUMENT, "surface_add(NULL)");
	REFUSED(bezel_surface_add(plugin, stranger, NULL, NAN, 0, 1, 1), BEZEL_ERROR_INVALID_ARGUMENT, "surface_add at NaN");
	REFUSED(bezel_surface_add(plugin, stranger, NULL, 0, 0, 1e300, 1), BEZEL_ERROR_INVALID_ARGUMENT, "surface_add 1e300 wide");
	REFUSED(bezel_surface_add(plugin, stranger, stranger, 0, 0, 1, 1), BEZEL_ERROR_NOT_FOUND, "surface_add under an unknown parent");
	REFUSED(bezel_surface_add(plugin, left, NULL, 0, 0, 1, 1), BEZEL_ERROR_EXISTS, "surface_add twice");
	REFUSED(bezel_surface_set_rect(plugin, stranger, 0, 0, 1, 1), BEZEL_ERROR_NOT_FOUND, "set_rect on an unknown surface");
	REFUSED(bezel_surface_set_rect(plugin, left, INFINITY, 0, 1, 1), BEZEL_ERROR_INVALID_ARGUMENT, "set_rect at infinity");
	REFUSED(bezel_surface_set_input_region(plugin, stranger, &r, 1), BEZEL_ERROR_NOT_FOUND, "set_input_region on an unknown surface");
	REFUSED(bezel_surface_set_input_region(plugin, left, NULL, 3), BEZEL_ERROR_INVALID_ARGUMENT, "set_input_region(NULL, 3)");
	REFUSED(bezel_surface_set_input_region(plugin, left, &r, (size_t)-1), BEZEL_ERROR_LIMIT, "set_input_region(SIZE_MAX rects)");
	REFUSED(bezel_surface_reset_input_region(plugin, stranger), BEZEL_ERROR_NOT_FOUND, "reset_input_region on an unknown surface");
	REFUSED(bezel_surface_set_hidden(plugin, NULL, true), BEZEL_ERROR_INVALID_ARGUMENT, "set_hidden(NULL)");
	REFUSED(bezel_surface_set_hidden(plugin, stranger, true), BEZEL_ERROR_NOT_FOUND, "set_hidden on an unknown surface");
	REFUSED(bezel_surface_place_above(plugin, left, left), BEZEL_ERROR_INVALID_ARGUMENT, "place_above itself");
	REFUSED(bezel_surface_place_above(plugin, left, stranger), BEZEL_ERROR_NOT_FOUND, "place_above an unknown sibling");
	REFUSED(bezel_surface_remove(plugin, stranger), BEZEL_ERROR_NOT_FOUND, "remove an unknown surface");
	REFUSED(bezel_surface_commit(plugin, NULL), BEZEL_ERROR_INVALID_ARGUMENT, "commit(NULL)");
	REFUSED(bezel_surface_set_policy(plugin, left, 0x100), BEZEL_ERROR_INVALID_ARGUMENT, "set_policy with unknown bits");
	REFUSED(bezel_surface_set_policy(plugin, stranger, 0), BEZEL_ERROR_NOT_FOUND, "set_policy on an unknown surface");
	REFUSED(bezel_surface_get_honored_edges(plugin, left, NULL), BEZEL_ERROR_INVALID_ARGUMENT, "get_honored_edges(NULL result)");
	REFUSED(bezel_surface_get_honored_edges(plugin, stranger, &edges), BEZEL_ERROR_NOT_FOUND, "get_honored_edges on an unknown surface");
	REFUSED(bezel_surface_set_gesture_policy(plugin, left, 0x8), BEZEL_ERROR_INVALID_ARGUMENT, "set_gesture_policy with an unknown kind bit");
	REFUSED(bezel_surface_set_gesture_policy(plugin, NULL, 0), BEZEL_ERROR_INVALID_ARGUMENT, "set_gesture_policy(NULL)");
	REFUSED(bezel_surface_set_gesture_policy(plugin, stranger, 0), BEZEL_ERROR_NOT_FOUND, "set_gesture_policy on an unknown surface");
	REFUSED(bezel_surface_get_honored_gestures(plugin, left, NULL), BEZEL_ERROR_INVALID_ARGUMENT, "get_honored_gestures(NULL result)");
	REFUSED(bezel_surface_get_honored_gestures(plugin, stranger, &edges), BEZEL_ERROR_NOT_FOUND, "get_honored_gestures on an unknown surface");
	/* M4/R6: a surface that asked for nothing has no honoured kind, whatever the policy. */
	edges = 99;
	CHECK(bezel_surface_set_gesture_policy(plugin, left, BEZEL_GESTURE_KIND_SWIPE | BEZEL_GESTURE_KIND_PINCH |
						   BEZEL_GESTURE_KIND_HOLD) == BEZEL_OK &&
		      bezel_surface_get_honored_gestures(plugin, left, &edges) == BEZEL_OK && edges == 0,
	      "set_gesture_policy(all) on a surface that defers nothing: no kind honoured (%u)", edges);
	REFUSED(bezel_plugin_set_log_level(plugin, 42), BEZEL_ERROR_INVALID_ARGUMENT, "set_log_level(42)");
	REFUSED(bezel_output_set(plugin, -5, 10, 0, 0, 0), BEZEL_ERROR_INVALID_ARGUMENT, "output_set(-5 wide)");

	bezel_plugin_set_log_level(plugin, BEZEL_LOG_DEBUG);
	start_gesture();
	REFUSED(bezel_touch_down(plugin, 0, NAN, 10, clock_ms), BEZEL_ERROR_INVALID_ARGUMENT, "down at NaN");
	REFUSED(bezel_touch_down(plugin, 0, 10, -INFINITY, clock_ms), BEZEL_ERROR_INVALID_ARGUMENT, "down at -inf");
	REFUSED(bezel_touch_down(plugin, 0, 1e300, 10, clock_ms), BEZEL_ERROR_INVALID_ARGUMENT, "down at 1e300");
	REFUSED(bezel_touch_down_on_output(plugin, 99, 0, 10, 10, clock_ms), BEZEL_ERROR_NOT_FOUND, "down on unknown output 99");
	REFUSED(bezel_touch_motion(plugin, 33, 10, 10, clock_ms), BEZEL_ERROR_NOT_FOUND, "motion without a down");
	REFUSED(bezel_touch_up(plugin, 33, clock_ms), BEZEL_ERROR_NOT_FOUND, "up without a down");
	bezel_touch_down(plugin, 0, 700, 700, clock_ms);
	REFUSED(bezel_touch_down(plugin, 0, 710, 710, clock_ms), BEZEL_ERROR_EXISTS, "a reused id while down");
	REFUSED(bezel_touch_motion(plugin, 0, NAN, NAN, clock_ms), BEZEL_ERROR_INVALID_ARGUMENT, "motion to NaN");
	REFUSED(bezel_touch_motion(plugin, 0, 720, 720, clock_ms - 5000), BEZEL_OK, "a time 5 s in the past (clamped)");
	CHECK(logged("backwards"), "the clamped time was logged as going backwards");
	for (int32_t id = 1; id < 16; id++)
		bezel_touch_down(plugin, id, 50 + id * 40, 700, clock_ms);
	REFUSED(bezel_touch_down(plugin, 16, 10, 10, clock_ms), BEZEL_ERROR_LIMIT, "a 17th touch");
	bezel_touch_frame(plugin, clock_ms);
	for (int32_t id = 0; id < 16; id++)
		bezel_touch_up(plugin, id, clock_ms + 1);
	bezel_touch_frame(plugin, clock_ms + 1);
	CHECK(r9_clean_and_idle(), "R9 holds after the garbage (every client down has its up): %s", r9.first);

	/* Destroy from inside a callback: refused, and the plugin carries on. */
	destroy_in_callback = 1;
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 700, 700, clock_ms);
	destroy_in_callback = 0;
	bezel_touch_frame(plugin, clock_ms);
	lift(0);
	CHECK(destroy_in_callback_rc == BEZEL_ERROR_BUSY && seen.ups == 1,
	      "bezel_plugin_destroy from inside touch_down: BEZEL_ERROR_BUSY, and the touch ends normally");
	bezel_plugin_set_log_level(plugin, BEZEL_LOG_INFO);
	wl_resource_destroy(stranger);
}

/* A seeded random stream of valid and invalid calls; R9 must hold and the plugin must still
 * begin a dock afterwards. */
static void test_random_stream(struct wl_resource *left, struct wl_resource *right)
{
	unsigned seed = 12345;
	const double coords[] = { 0, 5, 540, 1915, 1919.9, -1, NAN, INFINITY, -INFINITY, 1e300, 3e7 };
	int calls = 0, refused = 0;
	start_gesture();
	for (int i = 0; i < 20000; i++) {
		int op = rand_r(&seed) % 16;
		int32_t id = rand_r(&seed) % 20 - 2;
		uint32_t out = (uint32_t)(rand_r(&seed) % 3);
		double x = rand_r(&seed) % 4 ? rand_r(&seed) % 1200 : coords[rand_r(&seed) % 11];
		double y = rand_r(&seed) % 4 ? rand_r(&seed) % 2000 : coords[rand_r(&seed) % 11];
		/* mostly forward in time, sometimes backwards, sometimes garbage */
		int dt = rand_r(&seed) % 10 == 0 ? -(rand_r(&seed) % 3000) : rand_r(&seed) % 20;
		clock_ms += (uint32_t)dt;
		uint32_t t = rand_r(&seed) % 200 == 0 ? (uint32_t)rand_r(&seed) : clock_ms;
		int rc = BEZEL_OK;
		switch (op) {
		case 0: case 1: case 2: rc = bezel_touch_down_on_output(plugin, out, id, x, y, t); break;
		case 3: case 4: case 5: case 6: rc = bezel_touch_motion(plugin, id, x, y, t); break;
		case 7: case 8: rc = bezel_touch_up(plugin, id, t); break;
		case 9: rc = bezel_touch_frame(plugin, t); break;
		case 10:
			rc = rand_r(&seed) % 2 ? bezel_output_remove(plugin, out, t)
					       : bezel_output_add(plugin, out, (int32_t)out * OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
			break;
		case 11: rc = bezel_touch_down_on_surface(plugin, out, id, x, y, rand_r(&seed) % 2 ? left : right, t); break;
		case 12: rc = bezel_surface_set_hidden(plugin, rand_r(&seed) % 2 ? left : right, rand_r(&seed) % 2); break;
		case 13: rc = bezel_surface_place_above(plugin, left, rand_r(&seed) % 2 ? right : NULL); break;
		case 14: rc = rand_r(&seed) % 20 == 0 ? bezel_touch_cancel(plugin, t) : bezel_set_locked(plugin, rand_r(&seed) % 2, t); break;
		case 15: rc = bezel_drag_start(plugin, id, t); if (rc == BEZEL_OK && slot(id) >= 0) r9.owner[slot(id)] = NULL; break;
		}
		calls++;
		if (rc != BEZEL_OK) refused++;
		if (rc > 0 || rc < BEZEL_ERROR_LIMIT) { violate("an unknown result code", rc); break; }
	}
	/* Bring everything back to a known state: every output present, surfaces shown, unlocked. */
	bezel_touch_cancel(plugin, clock_ms);
	for (uint32_t o = 0; o < 2; o++) {
		bezel_output_add(plugin, o, (int32_t)o * OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
		bezel_output_update(plugin, o, (int32_t)o * OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
	}
	bezel_output_remove(plugin, 2, clock_ms);
	bezel_surface_set_hidden(plugin, left, false);
	bezel_surface_set_hidden(plugin, right, false);
	bezel_set_locked(plugin, false, clock_ms);
	bezel_drag_end(plugin, clock_ms);
	CHECK(r9_clean_and_idle(), "R9 holds over %d random calls (%d refused with a code): %s", calls, refused, r9.first);
	clock_ms += 100000; /* far ahead: plausibility falls back to "now" */
	reset();
	swipe_up(0, 0, 540, OUTPUT_H - 5, 6);
	lift(0);
	CHECK(seen.began == 1 && seen.ended == 1, "after the random stream a dock swipe still begins and ends");
}

int main(void)
{
	clock_ms = now_msec();
	display = wl_display_create();
	int fds[2][2];
	if (display == NULL || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds[0]) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds[1]) != 0) {
		printf("FAIL setup: display or socketpair\n");
		return 1;
	}
	for (int c = 0; c < 2; c++) {
		clients[c] = wl_client_create(display, fds[c][0]);
		peer_fds[c] = fds[c][1];
	}
	test_versions();
	if (bezel_plugin_create(display, &host_v2, NULL, &plugin) != BEZEL_OK || !clients[0] || !clients[1]) {
		printf("FAIL setup: plugin or clients\n");
		return 1;
	}
	test_version_1_host();
	struct wl_resource *left = new_surface(0), *right = new_surface(1);
	bezel_output_set(plugin, OUTPUT_W, OUTPUT_H, 68, 121, 0);
	bezel_surface_add(plugin, left, NULL, 0, 0, OUTPUT_W, OUTPUT_H);
	bezel_surface_add(plugin, right, NULL, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H);

	test_outputs(left, right);
	test_regions_and_stacking(left, right);
	test_garbage(left);
	test_random_stream(left, right);

	for (int c = 0; c < 2; c++) {
		wl_client_destroy(clients[c]);
		close(peer_fds[c]);
	}
	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "plugin destroyed");
	wl_display_destroy(display);
	return failures == 0 ? 0 : 1;
}
