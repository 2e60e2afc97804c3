/*
 * The calls of bezel.h 0.3 that take host logic into the library, in-process: the one [bezel]
 * key list and its parser (pairs, text, ini file), the settings and (0.5) the edge bindings
 * read back, the event log,
 * touches in layout coordinates, the policy decided from the host's facts (R6), and a down
 * the host refused. Every bad call must come back with its code and a log line naming what
 * was wrong; nothing aborts.
 *
 * No socket: an in-process wl_client owns the surfaces and the callbacks record what the
 * plugin decided. (What a windowed client is told over a real socket is checked by run.sh,
 * with test-compositor --window-facts.)
 *
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
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

static struct {
	int downs, motions, ups, cancels, began, warnings;
	double last_x, last_y;
	struct wl_resource *last_surface;
	char log[8192];
} seen;

static void reset(void) { memset(&seen, 0, sizeof seen); }
static int logged(const char *needle) { return strstr(seen.log, needle) != NULL; }

static struct bezel_plugin *plugin;
static int refuse_downs;     /* touch_down calls bezel_touch_refused */
static int refused_rc = 1;

static void cb_down(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{
	(void)d; (void)t;
	seen.downs++; seen.last_x = x; seen.last_y = y; seen.last_surface = s;
	if (refuse_downs)
		refused_rc = bezel_touch_refused(plugin, id);
}
static void cb_motion(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{ (void)d; (void)s; (void)id; (void)t; seen.motions++; seen.last_x = x; seen.last_y = y; }
static void cb_up(void *d, struct wl_resource *s, int32_t id, uint32_t t)
{ (void)d; (void)s; (void)id; (void)t; seen.ups++; }
static void cb_frame(void *d, struct wl_client *c) { (void)d; (void)c; }
static void cb_cancel(void *d, struct wl_client *c) { (void)d; (void)c; seen.cancels++; }
static void cb_gesture(void *d, const struct bezel_gesture_event *e)
{ (void)d; if (e->phase == BEZEL_GESTURE_BEGAN) seen.began++; }
static void cb_log(void *d, int level, const char *message)
{
	(void)d;
	if (level <= BEZEL_LOG_WARNING)
		seen.warnings++;
	size_t used = strlen(seen.log);
	if (used + strlen(message) + 2 < sizeof seen.log) {
		strcat(seen.log, message);
		strcat(seen.log, "\n");
	}
}

static const struct bezel_host_interface host = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.touch_down = cb_down,
	.touch_motion = cb_motion,
	.touch_up = cb_up,
	.touch_frame = cb_frame,
	.touch_cancel = cb_cancel,
	.log = cb_log,
	.gesture_event = cb_gesture,
};

/* A swipe up by 200 px in five steps from layout (lx, ly), then the lift. */
static void swipe_up_layout(double lx, double ly)
{
	start_gesture();
	bezel_touch_down_layout(plugin, 0, lx, ly, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	for (int i = 1; i <= 5; i++) {
		clock_ms += 10;
		bezel_touch_motion_layout(plugin, 0, lx, ly - 40 * i, clock_ms);
		bezel_touch_frame(plugin, clock_ms);
	}
	clock_ms += 10;
	bezel_touch_up(plugin, 0, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	clock_ms += 100;
}

static char tmpdir[] = "/tmp/bezel-host-calls.XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static char *read_file(const char *path)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
	return buf;
}

static void test_settings(void)
{
	char buf[64];
	int32_t n = -1;
	bool b = false;
	reset();
	CHECK(bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK &&
		      strcmp(buf, "fullscreen") == 0, "defaults: defer-policy is fullscreen (%s)", buf);
	CHECK(bezel_plugin_get_setting_bool(plugin, "panels", &b) == BEZEL_OK && b &&
		      bezel_plugin_get_setting_int(plugin, "output-width-mm", &n) == BEZEL_OK && n == 0,
	      "defaults: panels true, output-width-mm 0");

	const char *keys[] = { "defer-policy", "panels", "lock-detect", "hold-window-ms", "touch-device" };
	const char *values[] = { "all", "false", "idle", "120", "/dev/input/event9@HDMI-A-1" };
	reset();
	CHECK(bezel_plugin_configure(plugin, keys, values, 5) == BEZEL_OK && seen.warnings == 0,
	      "host settings and gesture settings in one call: accepted");
	CHECK(bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "all") &&
		      bezel_plugin_get_setting_bool(plugin, "panels", &b) == BEZEL_OK && !b &&
		      bezel_plugin_get_setting(plugin, "lock-detect", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "idle"),
	      "read back: defer-policy all, panels false, lock-detect idle");
	CHECK(bezel_plugin_get_setting(plugin, "touch-device", buf, 8) == BEZEL_ERROR_LIMIT &&
		      strcmp(buf, "/dev/in") == 0, "a value longer than the buffer: BEZEL_ERROR_LIMIT, truncated (%s)", buf);

	/* A bad host value names its key and takes the default; the rest still applies. */
	const char *k2[] = { "log-level", "panels", "intercept" };
	const char *v2[] = { "loud", "false", "maybe" };
	reset();
	int rc = bezel_plugin_configure(plugin, k2, v2, 3);
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT && seen.warnings == 2 && logged("[bezel] log-level=loud: not error, warning, info or debug; using info") &&
		      logged("[bezel] intercept=maybe: not true or false; using true"),
	      "bad values: refused with a warning naming each key: %.*s", (int)strcspn(seen.log, "\n"), seen.log);
	CHECK(bezel_plugin_get_setting_bool(plugin, "panels", &b) == BEZEL_OK && !b &&
		      bezel_plugin_get_setting_bool(plugin, "intercept", &b) == BEZEL_OK && b,
	      "the good key (panels=false) applied, the bad one (intercept) at its default");
	CHECK(bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "fullscreen"),
	      "a key absent from the new configuration is back at its default");

	const char *k3[] = { "policy" };
	const char *v3[] = { "all" };
	reset();
	CHECK(bezel_plugin_configure(plugin, k3, v3, 1) == BEZEL_OK && logged("policy is read as defer-policy") &&
		      bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "all"),
	      "the old spelling policy=all is read as defer-policy");
	const char *k4[] = { "panels", "panels" };
	const char *v4[] = { "true", "false" };
	reset();
	CHECK(bezel_plugin_configure(plugin, k4, v4, 2) == BEZEL_ERROR_INVALID_ARGUMENT && logged("panels given twice"),
	      "a host key given twice is refused, naming it");

	/* Getters: bad input gives a code and a line. */
	reset();
	CHECK(bezel_plugin_get_setting(plugin, "bottom-edge-zone-mm", buf, sizeof buf) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_plugin_get_setting(plugin, NULL, buf, sizeof buf) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting(plugin, "panels", NULL, 4) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting(plugin, "panels", buf, 0) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting_int(plugin, "panels", &n) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting_bool(plugin, "touch-output", &b) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting_int(plugin, "nonsense", &n) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_plugin_get_setting_int(plugin, "touch-output", NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting(NULL, "panels", buf, sizeof buf) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      seen.warnings == 8,
	      "getters: unknown keys NOT_FOUND, NULL or wrong kinds INVALID_ARGUMENT, each with a warning (%d)", seen.warnings);

	/* Text and file. */
	reset();
	rc = bezel_plugin_configure_text(plugin, "# comment\n\n  panels = false \nnot a pair\n[other]\nhold-window-ms=100\n");
	CHECK(rc == BEZEL_ERROR_INVALID_ARGUMENT && logged("line 4: \"not a pair\" is not key=value") &&
		      logged("line 5: a section header") && bezel_plugin_get_setting_bool(plugin, "panels", &b) == BEZEL_OK && !b,
	      "configure_text: bad lines named by number, the good ones applied");
	CHECK(bezel_plugin_configure_text(plugin, NULL) == BEZEL_ERROR_INVALID_ARGUMENT, "configure_text(NULL) refused");
	char path[256];
	snprintf(path, sizeof path, "%s/weston.ini", tmpdir);
	write_file(path, "[core]\nshell=kiosk-shell.so\n[bezel]\ndefer-policy=all\ntouch-output=2\n[bezel-rig]\nseat=x\n");
	reset();
	rc = bezel_plugin_configure_file(plugin, path, "bezel");
	CHECK(rc == BEZEL_OK && bezel_plugin_get_setting_int(plugin, "touch-output", &n) == BEZEL_OK && n == 2 &&
		      bezel_plugin_get_setting(plugin, "seat", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "bezel"),
	      "configure_file: only the [bezel] section is read (touch-output %d, seat %s)", n, buf);
	reset();
	CHECK(bezel_plugin_configure_file(plugin, "/nonexistent/bezel.ini", "bezel") == BEZEL_ERROR_IO &&
		      logged("cannot read the configuration /nonexistent/bezel.ini") &&
		      bezel_plugin_get_setting_int(plugin, "touch-output", &n) == BEZEL_OK && n == 2,
	      "configure_file on a missing file: BEZEL_ERROR_IO with a line, nothing changed");
	CHECK(bezel_plugin_configure_file(plugin, NULL, "bezel") == BEZEL_ERROR_INVALID_ARGUMENT,
	      "configure_file(NULL) refused");
	bezel_plugin_configure(plugin, NULL, NULL, 0);

	/* One key at a time, the rest kept. */
	const char *k5[] = { "panels", "bind-bottom" };
	const char *v5[] = { "false", "" };
	bezel_plugin_configure(plugin, k5, v5, 2);
	reset();
	CHECK(bezel_plugin_set_setting(plugin, "defer-policy", " all\t") == BEZEL_OK &&
		      bezel_plugin_set_setting(plugin, "hold-window-ms", "100") == BEZEL_OK &&
		      bezel_plugin_get_setting_bool(plugin, "panels", &b) == BEZEL_OK && !b &&
		      bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "all"),
	      "set_setting changes one host key (its value trimmed) and one gesture key; panels=false stays");
	swipe_up_layout(540, OUTPUT_H - 5);
	CHECK(seen.began == 0 && seen.downs == 1, "and bind-bottom= stays too: the swipe goes to the client");
	reset();
	CHECK(bezel_plugin_set_setting(plugin, "defer-policy", "some") == BEZEL_ERROR_INVALID_ARGUMENT &&
		      logged("[bezel] defer-policy=some: not fullscreen or all; defer-policy unchanged") &&
		      bezel_plugin_set_setting(plugin, "hold-window-ms", "-4") == BEZEL_ERROR_INVALID_ARGUMENT &&
		      logged("hold-window-ms=-4 refused, the configuration is unchanged") &&
		      bezel_plugin_set_setting(plugin, "no-such-key", "1") == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_set_setting(plugin, NULL, "1") == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_set_setting(plugin, "panels", NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_set_setting(NULL, "panels", "true") == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_setting(plugin, "defer-policy", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "all"),
	      "set_setting refuses bad values, unknown keys and NULL, naming them; nothing changes");
	swipe_up_layout(540, OUTPUT_H - 5);
	CHECK(seen.began == 0, "after the refusals the gesture settings are as before (bottom still unbound)");
	bezel_plugin_configure(plugin, NULL, NULL, 0);
}

/* bezel_plugin_get_bindings (0.5): a host reads the bound edges and their segments back, with
 * no copy of the defaults or of the bind-* parser (docs/design.md §4.1, §4.4). */
static void test_bindings(void)
{
	struct bezel_edge_segment seg[4];
	uint32_t edges = 0;
	size_t n = 99;
	bezel_plugin_configure(plugin, NULL, NULL, 0);
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_TOP, &edges, seg, 4, &n) == BEZEL_OK &&
		      edges == (BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_RIGHT) && n == 2 &&
		      seg[0].start == 0 && seg[0].end == 0.7 && !strcmp(seg[0].gesture, "cover_sheet") &&
		      seg[1].start == 0.7 && seg[1].end == 1 && !strcmp(seg[1].gesture, "control_center"),
	      "§4.1 defaults read back: top, bottom and right bound; top is cover_sheet 0-0.7, control_center 0.7-1");
	const char *keys[] = { "bind-left", "bind-right", "bind-top" };
	const char *values[] = { "back:0.0:0.5,switcher:0.5:1.0", "", "shade:0.25:0.75" };
	bezel_plugin_configure(plugin, keys, values, 3);
	n = 99;
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_LEFT, &edges, seg, 4, &n) == BEZEL_OK &&
		      edges == (BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_LEFT) && n == 2 &&
		      seg[0].start == 0 && seg[0].end == 0.5 && !strcmp(seg[0].gesture, "back") &&
		      seg[1].start == 0.5 && seg[1].end == 1 && !strcmp(seg[1].gesture, "switcher"),
	      "§4.4 bind-* keys read back: left bound in two segments, right unbound by an empty value");
	n = 99;
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_TOP, NULL, seg, 4, &n) == BEZEL_OK && n == 1 &&
		      seg[0].start == 0.25 && seg[0].end == 0.75 && !strcmp(seg[0].gesture, "shade"),
	      "§4.4 a segment that covers part of an edge keeps its start and end");
	n = 99;
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_RIGHT, NULL, seg, 4, &n) == BEZEL_OK && n == 0,
	      "an unbound edge has no segments");
	n = 99;
	memset(seg, 0, sizeof seg);
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_LEFT, NULL, seg, 1, &n) == BEZEL_ERROR_LIMIT && n == 2 &&
		      !strcmp(seg[0].gesture, "back") && seg[1].gesture == NULL,
	      "too small an array: BEZEL_ERROR_LIMIT, the first segment copied, the count of all");
	n = 99;
	CHECK(bezel_plugin_get_bindings(plugin, 0, &edges, NULL, 0, &n) == BEZEL_OK && n == 0 &&
		      edges == (BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_LEFT),
	      "edge 0 asks for the mask only");
	reset();
	CHECK(bezel_plugin_get_bindings(plugin, BEZEL_EDGE_ALL, &edges, seg, 4, &n) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_bindings(plugin, BEZEL_EDGE_TOP, &edges, NULL, 4, &n) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_bindings(NULL, BEZEL_EDGE_TOP, &edges, seg, 4, &n) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      logged("bezel_plugin_get_bindings"),
	      "more than one edge, NULL segments with room, a NULL plugin: refused, with a line");
	bezel_plugin_configure(plugin, NULL, NULL, 0);
}

static void test_layout_touches(struct wl_resource *left, struct wl_resource *right)
{
	/* Output 1 right of output 0: a touch at layout x 1500 is output 1's x 420. */
	bezel_output_add(plugin, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
	reset();
	start_gesture();
	CHECK(bezel_touch_down_layout(plugin, 3, 1500, 700, clock_ms) == BEZEL_OK && seen.downs == 1,
	      "layout down in the middle of output 1: delivered at once");
	clock_ms += 300;
	bezel_touch_motion_layout(plugin, 3, 1500, 702, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	bezel_touch_up(plugin, 3, clock_ms + 10);
	bezel_touch_frame(plugin, clock_ms + 10);
	CHECK(seen.downs == 1 && seen.last_surface == right && seen.ups == 1 && seen.last_x == 420 && seen.last_y == 702,
	      "it reaches the surface on output 1, surface-local (420, 702): (%.0f, %.0f)", seen.last_x, seen.last_y);
	reset();
	swipe_up_layout(1500, OUTPUT_H - 5);
	CHECK(seen.began == 1 && seen.downs == 0, "a layout swipe up from output 1's bottom edge is its dock");
	reset();
	start_gesture();
	CHECK(bezel_touch_down_layout_on_surface(plugin, 4, 300, 500, left, clock_ms) == BEZEL_OK,
	      "layout down naming the surface");
	bezel_touch_up(plugin, 4, clock_ms + 300);
	bezel_touch_frame(plugin, clock_ms + 300);
	CHECK(seen.downs == 1 && seen.last_surface == left && seen.last_x == 300 && seen.last_y == 500,
	      "delivered to the named surface at (300, 500): (%.0f, %.0f)", seen.last_x, seen.last_y);
	reset();
	start_gesture();
	CHECK(bezel_touch_down_layout(plugin, 5, -30, 700, clock_ms) == BEZEL_OK,
	      "a layout point left of every output goes to the nearest one");
	bezel_touch_up(plugin, 5, clock_ms + 300);
	bezel_touch_frame(plugin, clock_ms + 300);
	reset();
	CHECK(bezel_touch_down_layout(plugin, 6, 1e300, 0, clock_ms) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_motion_layout(plugin, 6, 0, 0.0 / 0.0, clock_ms) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_motion_layout(plugin, 77, 10, 10, clock_ms) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_touch_down_layout(NULL, 6, 0, 0, clock_ms) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_down_layout_on_surface(NULL, 6, 0, 0, left, clock_ms) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_touch_motion_layout(NULL, 6, 0, 0, clock_ms) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      seen.warnings >= 2,
	      "layout calls refuse garbage, unknown touches and NULL with codes and lines");

	/* output-width-mm / -height-mm replace what the host reported, for every output: at
	 * 1 px per mm the 3.5 mm zone is 3.5 px, so 5 px from the bottom is no edge any more. */
	const char *keys[] = { "output-width-mm", "output-height-mm" };
	const char *values[] = { "1080", "1920" };
	bezel_plugin_configure(plugin, keys, values, 2);
	reset();
	swipe_up_layout(1500, OUTPUT_H - 5);
	CHECK(seen.began == 0 && seen.downs == 1, "output-height-mm=1920: 5 px from the bottom is outside the zone");
	bezel_plugin_configure(plugin, NULL, NULL, 0);
	reset();
	swipe_up_layout(1500, OUTPUT_H - 5);
	CHECK(seen.began == 1, "back to the reported size: the dock again");
	bezel_output_remove(plugin, 1, clock_ms);
}

static void test_refused(struct wl_resource *left)
{
	(void)left;
	reset();
	CHECK(bezel_touch_refused(plugin, 0) == BEZEL_ERROR_NOT_FOUND && seen.warnings == 1 &&
		      bezel_touch_refused(NULL, 0) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "bezel_touch_refused outside touch_down: NOT_FOUND with a warning; NULL plugin refused");
	refuse_downs = 1;
	start_gesture();
	bezel_touch_down_layout(plugin, 2, 500, 500, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	clock_ms += 300;
	bezel_touch_motion_layout(plugin, 2, 505, 505, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	refuse_downs = 0;
	bezel_touch_motion_layout(plugin, 2, 510, 510, clock_ms + 10);
	bezel_touch_up(plugin, 2, clock_ms + 20);
	bezel_touch_frame(plugin, clock_ms + 20);
	CHECK(refused_rc == BEZEL_OK && seen.downs == 1 && seen.motions == 0 && seen.ups == 0,
	      "a down the host refused: nothing more of that touch is delivered (motions %d, ups %d)",
	      seen.motions, seen.ups);
	reset();
	start_gesture();
	bezel_touch_down_layout(plugin, 2, 500, 500, clock_ms);
	bezel_touch_up(plugin, 2, clock_ms + 300);
	bezel_touch_frame(plugin, clock_ms + 300);
	CHECK(seen.downs == 1 && seen.ups == 1, "the next touch with that id is delivered whole again");
}

static void test_policy(struct wl_display *display, struct wl_client *client)
{
	struct bezel_plugin *saved = plugin;
	reset();
	CHECK(bezel_plugin_decide_policy(plugin, true) == BEZEL_ERROR_EXISTS && logged("surfaces were already added"),
	      "decide_policy after surfaces were added: BEZEL_ERROR_EXISTS with a warning");
	CHECK(bezel_plugin_decide_policy(NULL, true) == BEZEL_ERROR_INVALID_ARGUMENT, "decide_policy(NULL) refused");
	CHECK(bezel_plugin_create(display, &host, NULL, &plugin) == BEZEL_OK &&
		      bezel_plugin_decide_policy(plugin, true) == BEZEL_OK, "a new plugin: the plugin decides");
	struct wl_resource *top = wl_resource_create(client, &wl_surface_interface, 4, 0);
	struct wl_resource *sub = wl_resource_create(client, &wl_surface_interface, 4, 0);
	bezel_surface_add(plugin, top, NULL, 0, 0, OUTPUT_W, OUTPUT_H);
	bezel_surface_add(plugin, sub, top, 0, 0, 100, 100);
	reset();
	uint32_t edges = 99;
	CHECK(bezel_surface_set_fullscreen(plugin, sub, true) == BEZEL_OK &&
		      bezel_surface_set_fullscreen(plugin, top, false) == BEZEL_OK &&
		      bezel_surface_set_fullscreen(plugin, top, true) == BEZEL_OK &&
		      bezel_surface_get_honored_edges(plugin, sub, &edges) == BEZEL_OK && edges == 0,
	      "facts for a top-level and its subsurface are taken (nothing asked: nothing honoured)");
	struct wl_resource *stranger = wl_resource_create(client, &wl_surface_interface, 4, 0);
	reset();
	CHECK(bezel_surface_set_fullscreen(plugin, stranger, true) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_surface_set_fullscreen(plugin, NULL, true) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_surface_set_fullscreen(NULL, top, true) == BEZEL_ERROR_INVALID_ARGUMENT && seen.warnings == 2,
	      "set_fullscreen: unknown surface NOT_FOUND, NULL INVALID_ARGUMENT, with warnings");
	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "that plugin destroyed");
	wl_resource_destroy(stranger);
	wl_resource_destroy(sub);
	wl_resource_destroy(top);
	plugin = saved;
}

/* The plugin's event-log lines, in the shapes docs/hosts.md lists and every host's tests read. */
static void test_event_log(void)
{
	char path[256], cfg[300];
	snprintf(path, sizeof path, "%s/events.log", tmpdir);
	snprintf(cfg, sizeof cfg, "event-log=%s\n", path);
	CHECK(bezel_plugin_configure_text(plugin, cfg) == BEZEL_OK && bezel_plugin_get_event_log(plugin) != NULL,
	      "event-log=PATH opens the log");
	CHECK(bezel_event_log_write(bezel_plugin_get_event_log(plugin), "popup grab") == BEZEL_OK,
	      "the host writes a line of its own");
	swipe_up_layout(540, OUTPUT_H - 5);
	start_gesture();
	bezel_touch_down_layout(plugin, 1, 300, 700, clock_ms);
	bezel_touch_up(plugin, 1, clock_ms + 300);
	bezel_touch_frame(plugin, clock_ms + 300);
	bezel_set_locked(plugin, true, clock_ms + 300);
	bezel_set_locked(plugin, false, clock_ms + 300);
	bezel_drag_start(plugin, 9, clock_ms + 300);
	bezel_drag_end(plugin, clock_ms + 300);
	CHECK(bezel_plugin_set_event_log(plugin, NULL) == BEZEL_OK && bezel_plugin_get_event_log(plugin) == NULL,
	      "set_event_log(NULL) closes it");
	const char *log = read_file(path);
	const char *want[] = {
		" popup grab\n", " input down id=0 x=540.0 y=1915.0 time=", " input output id=0 output=0\n",
		" input motion id=0 x=540.0 y=1875.0 time=", " input frame\n", " gesture began dock edge=2 output=0\n",
		" gesture changed dock edge=2 travel=", " gesture ended dock edge=2 committed=1 output=0\n",
		" input up id=0 time=", " send down id=1 x=300.0 y=700.0 time=", " send up id=1 time=",
		" send frame\n", " lock locked=1\n", " lock locked=0\n", " drag start id=9\n", " drag end\n",
	};
	int missing = 0;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		if (!strstr(log, want[i])) {
			printf("    missing: \"%s\"\n", want[i]);
			missing++;
		}
	unsigned long long us = 0;
	CHECK(missing == 0 && sscanf(log, "%llu ", &us) == 1 && us > 0,
	      "the log has every line shape, each after a µs timestamp (%d missing)", missing);
	reset();
	CHECK(bezel_plugin_set_event_log(plugin, "/nonexistent/dir/events.log") == BEZEL_ERROR_IO &&
		      logged("cannot open the event log /nonexistent/dir/events.log") &&
		      bezel_plugin_get_event_log(plugin) == NULL,
	      "an event log that cannot be opened: BEZEL_ERROR_IO with a warning, no log");
	struct bezel_event_log *own = (struct bezel_event_log *)1;
	CHECK(bezel_event_log_open(NULL, &own) == BEZEL_ERROR_INVALID_ARGUMENT && own == NULL &&
		      bezel_event_log_open("", &own) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_event_log_open(path, NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_event_log_write(NULL, "nothing") == BEZEL_OK &&
		      bezel_event_log_close(NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_plugin_get_event_log(NULL) == NULL &&
		      bezel_plugin_set_event_log(NULL, path) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "event-log calls refuse NULL and empty paths; writing to no log is a no-op");
	CHECK(bezel_event_log_open(path, &own) == BEZEL_OK && bezel_event_log_write(own, "rig lock %d", 7) == BEZEL_OK &&
		      bezel_event_log_write(own, NULL) == BEZEL_ERROR_INVALID_ARGUMENT &&
		      bezel_event_log_close(own) == BEZEL_OK && strstr(read_file(path), " rig lock 7\n") != NULL,
	      "a log of one's own (a test rig's) appends to the same file");
	unlink(path);
}

static long file_size(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fclose(f);
	return n;
}

/* The plugin's event log is capped (event-log-max-kb, one rotation to PATH.1) and written
 * without a flush per line: its lines reach the file when the display's loop goes idle. */
static void test_event_log_cap(struct wl_display *display)
{
	char path[256], old[260];
	snprintf(path, sizeof path, "%s/capped.log", tmpdir);
	snprintf(old, sizeof old, "%s.1", path);
	struct wl_event_loop *loop = wl_display_get_event_loop(display);
	CHECK(bezel_plugin_set_setting(plugin, "event-log-max-kb", "64") == BEZEL_OK &&
		      bezel_plugin_set_event_log(plugin, path) == BEZEL_OK,
	      "event-log-max-kb=64, then the log opened");
	struct bezel_event_log *log = bezel_plugin_get_event_log(plugin);
	bezel_event_log_write(log, "first line");
	CHECK(strstr(read_file(path), "first line") == NULL,
	      "a line is not flushed on its own (no write per line on the compositor's thread)");
	wl_event_loop_dispatch(loop, 0);
	CHECK(strstr(read_file(path), " first line\n") != NULL,
	      "it is in the file once the event loop has dispatched (its idle)");
	/* 2,000 lines of about 110 bytes: 220 kB through a 64 kB cap. */
	for (int i = 0; i < 2000; i++)
		bezel_event_log_write(log, "flood %04d %0100d", i, 0);
	wl_event_loop_dispatch(loop, 0);
	long now = file_size(path), before = file_size(old);
	CHECK(now >= 0 && now <= 64 * 1024 && before > 32 * 1024 && before <= 64 * 1024 + 200 &&
		      strstr(read_file(path), " flood 1999 ") != NULL && strstr(read_file(old), " first line\n") == NULL,
	      "past 64 kB the log is rotated once: %s %ld bytes (holds the last line), %s.1 %ld bytes, older lines gone",
	      "capped.log", now, "capped.log", before);
	CHECK(bezel_plugin_set_event_log(plugin, NULL) == BEZEL_OK &&
		      bezel_plugin_set_setting(plugin, "event-log-max-kb", "65536") == BEZEL_OK,
	      "the log closed, the cap back at its default");
	unlink(path);
	unlink(old);
}

int main(void)
{
	struct wl_display *display = wl_display_create();
	int fds[2];
	if (!display || !mkdtemp(tmpdir) || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
		printf("FAIL setup\n");
		return 1;
	}
	struct wl_client *client = wl_client_create(display, fds[0]);
	if (!client || bezel_plugin_create(display, &host, NULL, &plugin) != BEZEL_OK) {
		printf("FAIL setup: client or plugin\n");
		return 1;
	}
	struct wl_resource *left = wl_resource_create(client, &wl_surface_interface, 4, 0);
	struct wl_resource *right = wl_resource_create(client, &wl_surface_interface, 4, 0);
	bezel_output_set(plugin, OUTPUT_W, OUTPUT_H, 68, 121, 0);
	bezel_surface_add(plugin, left, NULL, 0, 0, OUTPUT_W, OUTPUT_H);
	bezel_surface_add(plugin, right, NULL, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H);

	test_settings();
	test_bindings();
	test_layout_touches(left, right);
	test_refused(left);
	test_policy(display, client);
	test_event_log();
	test_event_log_cap(display);

	wl_client_destroy(client);
	close(fds[1]);
	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "plugin destroyed");
	wl_display_destroy(display);
	char path[300];
	snprintf(path, sizeof path, "%s/weston.ini", tmpdir);
	unlink(path);
	rmdir(tmpdir);
	return failures == 0 ? 0 : 1;
}
