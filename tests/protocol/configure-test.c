/*
 * bezel_plugin_configure over the real plugin (docs/design.md §4.4): the flattened [bezel] keys change
 * what a swipe does, and a bad key is refused with a warning that names it and the defaults.
 *
 * No socket and no client process: one in-process wl_client on a socketpair owns a full-screen
 * wl_surface resource, and the host callbacks only record what the plugin decided. The event
 * loop is never dispatched, so no timer fires; touch times are given explicitly and run ahead
 * of CLOCK_MONOTONIC (see start_gesture), so a slow run (valgrind) decides the same.
 *
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
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
/* 1920 px over 121 mm. */
#define PX_PER_MM (1920.0 / 121.0)

/* What the plugin told the host since the last reset. */
static struct {
	int downs, motions, ups, cancels;
	int began;
	char gesture[64];
	uint32_t edge;
	int warnings;
	char warning[512];
} seen;

static void reset(void) { memset(&seen, 0, sizeof seen); }

static void cb_down(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{ (void)d; (void)s; (void)id; (void)x; (void)y; (void)t; seen.downs++; }
static void cb_motion(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{ (void)d; (void)s; (void)id; (void)x; (void)y; (void)t; seen.motions++; }
static void cb_up(void *d, struct wl_resource *s, int32_t id, uint32_t t)
{ (void)d; (void)s; (void)id; (void)t; seen.ups++; }
static void cb_cancel(void *d, struct wl_client *c) { (void)d; (void)c; seen.cancels++; }

static void cb_began(void *d, const char *gesture, uint32_t edge)
{
	(void)d;
	seen.began++;
	snprintf(seen.gesture, sizeof seen.gesture, "%s", gesture);
	seen.edge = edge;
}

static void cb_log(void *d, int level, const char *message)
{
	(void)d;
	if (level > BEZEL_LOG_WARNING)
		return;
	seen.warnings++;
	snprintf(seen.warning, sizeof seen.warning, "%s", message);
}

static const struct bezel_host_interface host = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.touch_down = cb_down,
	.touch_motion = cb_motion,
	.touch_up = cb_up,
	.touch_cancel = cb_cancel,
	.gesture_began = cb_began,
	.log = cb_log,
};

static struct bezel_plugin *plugin;

/* A finger from (x0, y0) moved by (dx, dy) in five 10 ms steps, then lifted. */
static void swipe(double x0, double y0, double dx, double dy)
{
	start_gesture();
	bezel_touch_down(plugin, 0, x0, y0, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	for (int i = 1; i <= 5; i++) {
		clock_ms += 10;
		bezel_touch_motion(plugin, 0, x0 + dx * i / 5, y0 + dy * i / 5, clock_ms);
		bezel_touch_frame(plugin, clock_ms);
	}
	clock_ms += 10;
	bezel_touch_up(plugin, 0, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	clock_ms += 100;
}

/* A 200 px swipe up from 5 px above the bottom edge (inside the default 3.5 mm zone). */
static void swipe_up_from_bottom(void) { swipe(540, OUTPUT_H - 5, 0, -200); }

static int configure(const char *const *keys, const char *const *values, size_t count)
{
	reset();
	return bezel_plugin_configure(plugin, keys, values, count);
}

static void expect_dock(const char *when)
{
	reset();
	swipe_up_from_bottom();
	CHECK(seen.began == 1 && strcmp(seen.gesture, "dock") == 0 && seen.edge == BEZEL_EDGE_BOTTOM &&
		      seen.downs == 0,
	      "%s: a swipe up from the bottom begins the dock and the client sees none of it "
	      "(began %d %s, client downs %d)", when, seen.began, seen.gesture, seen.downs);
}

int main(void)
{
	clock_ms = now_msec();
	struct wl_display *display = wl_display_create();
	int fds[2];
	if (display == NULL || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
		printf("FAIL setup: display or socketpair\n");
		return 1;
	}
	struct wl_client *client = wl_client_create(display, fds[0]);
	/* id 0: the server picks an id, as for any server-created object. */
	struct wl_resource *surface = client ? wl_resource_create(client, &wl_surface_interface, 4, 0) : NULL;
	if (surface == NULL || bezel_plugin_create(display, &host, NULL, &plugin) != BEZEL_OK ||
	    bezel_output_set(plugin, OUTPUT_W, OUTPUT_H, 68, 121, 0) != BEZEL_OK ||
	    bezel_surface_add(plugin, surface, NULL, 0, 0, OUTPUT_W, OUTPUT_H) != BEZEL_OK) {
		printf("FAIL setup: client, surface or plugin\n");
		return 1;
	}

	CHECK(configure(NULL, NULL, 0) == BEZEL_OK && seen.warnings == 0, "count 0 is accepted");
	expect_dock("defaults");

	const char *unbind_k[] = { "bind-bottom" }, *unbind_v[] = { "" };
	CHECK(configure(unbind_k, unbind_v, 1) == BEZEL_OK, "bind-bottom= is accepted");
	reset();
	swipe_up_from_bottom();
	CHECK(seen.began == 0 && seen.downs == 1 && seen.motions == 5 && seen.ups == 1 && seen.cancels == 0,
	      "bind-bottom=: the swipe reaches the client as touches and no gesture begins "
	      "(downs %d, motions %d, ups %d, cancels %d, began %d)",
	      seen.downs, seen.motions, seen.ups, seen.cancels, seen.began);

	/* 8 mm above the bottom: outside the default 3.5 mm zone, inside a 10 mm one. */
	double y8mm = OUTPUT_H - 8 * PX_PER_MM;
	reset();
	swipe(540, y8mm, 0, -200);
	CHECK(seen.began == 0 && seen.downs == 1, "defaults: a swipe from 8 mm goes to the client");
	const char *zone_k[] = { "bottom-edge-zone-mm", "edge-zone-mm" }, *zone_v[] = { "10", "2" };
	CHECK(configure(zone_k, zone_v, 2) == BEZEL_OK, "bottom-edge-zone-mm=10 edge-zone-mm=2 is accepted");
	reset();
	swipe(540, y8mm, 0, -200);
	CHECK(seen.began == 1 && strcmp(seen.gesture, "dock") == 0 && seen.downs == 0,
	      "bottom-edge-zone-mm=10: a swipe from 8 mm begins the dock (began %d, client downs %d)",
	      seen.began, seen.downs);

	/* A bad key after a valid unbind: all or nothing, so the bottom edge is bound again. */
	configure(unbind_k, unbind_v, 1);
	const char *bad_k[] = { "bind-bottom", "bottom-edge-zone" }, *bad_v[] = { "", "5" };
	int rc = configure(bad_k, bad_v, 2);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT && seen.warnings == 1 &&
		      strstr(seen.warning, "bottom-edge-zone: unknown key") != NULL,
	      "an unknown key: BEZEL_ERROR_INVALID_ARGUMENT (%d) and one warning naming it: \"%s\"",
	      rc, seen.warning);
	expect_dock("after the unknown key");

	const char *type_k[] = { "bottom-edge-zone-mm" }, *type_v[] = { "abc" };
	rc = configure(type_k, type_v, 1);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT &&
		      strstr(seen.warning, "bottom-edge-zone-mm: expected a number, got \"abc\"") != NULL,
	      "a value of the wrong type is refused under its flat key: \"%s\"", seen.warning);

	/* Values out of their documented range (docs/limits.md) are refused the same way. */
	const char *range_k[] = { "hold-window-ms" }, *range_v[] = { "1e308" };
	rc = configure(range_k, range_v, 1);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT &&
		      strstr(seen.warning, "hold-window-ms: must be from 0 to 2000") != NULL,
	      "hold-window-ms=1e308 is refused, naming the key: \"%s\"", seen.warning);
	const char *full_k[] = { "bottom-full-distance-mm" }, *full_v[] = { "1e-9" };
	rc = configure(full_k, full_v, 1);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT &&
		      strstr(seen.warning, "bottom-full-distance-mm: must be from 1 to 500") != NULL,
	      "bottom-full-distance-mm=1e-9 is refused, naming the key: \"%s\"", seen.warning);
	expect_dock("after the out-of-range values");

	const char *null_v[] = { NULL };
	rc = configure(unbind_k, null_v, 1);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT && seen.warnings == 1,
	      "a NULL value is refused with a warning: \"%s\"", seen.warning);
	rc = configure(NULL, NULL, 1);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT && seen.warnings == 1,
	      "NULL arrays with count 1 are refused with a warning: \"%s\"", seen.warning);
	CHECK(bezel_plugin_configure(NULL, NULL, NULL, 0) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "a NULL plugin is refused");
	expect_dock("after the refused calls");

	/* Reconfiguring while a swipe on a gesture of the old configuration is still being
	 * decided: the swipe keeps its gesture, and the host keeps running. */
	const char *back_k[] = { "bind-left" }, *back_v[] = { "back:0:1" };
	configure(back_k, back_v, 1);
	reset();
	start_gesture();
	bezel_touch_down(plugin, 0, 2, 960, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	configure(NULL, NULL, 0);
	for (int i = 1; i <= 5; i++) {
		clock_ms += 10;
		bezel_touch_motion(plugin, 0, 2 + 40 * i, 960, clock_ms);
		bezel_touch_frame(plugin, clock_ms);
	}
	clock_ms += 10;
	bezel_touch_up(plugin, 0, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	CHECK(seen.began == 1 && strcmp(seen.gesture, "back") == 0 && seen.edge == BEZEL_EDGE_LEFT,
	      "a swipe that started before the configuration changed keeps its gesture (began %d %s)",
	      seen.began, seen.gesture);
	reset();
	swipe(2, 960, 200, 0);
	CHECK(seen.began == 0 && seen.downs == 1, "and the next swipe on the left edge goes to the client");

	wl_client_destroy(client);
	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "plugin destroyed");
	wl_display_destroy(display);
	close(fds[1]);
	return failures == 0 ? 0 : 1;
}
