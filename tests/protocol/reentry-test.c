/*
 * Callbacks that call back into the plugin (bezel.h, RE-ENTRANCY), in-process:
 *   - a gesture_event callback that reconfigures the plugin (a gesture key through
 *     bezel_plugin_set_setting, then bezel_plugin_configure_text) and reads event->gesture
 *     again afterwards, as a compositor running bound commands from the callback does: the
 *     name must still be the one it was given (under valgrind: no read of freed memory);
 *   - a log callback that re-enters: bezel_output_remove from the line "output 1 removed",
 *     a touch, a configuration and bezel_plugin_destroy from a log line each return
 *     BEZEL_ERROR_BUSY and change nothing; the plugin keeps working afterwards.
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

static struct bezel_plugin *plugin;

/* ---- the gesture callback that reconfigures ---- */

static int reconfigure_in_gesture;
static int gestures_seen;
static int names_kept;  /* events whose name read the same after reconfiguring */
static char name_after[64];

static void scribble_heap(void)
{
	/* Small blocks of the names' size, filled: a freed name would now read '#'. */
	void *blocks[64];
	for (int i = 0; i < 64; i++) {
		blocks[i] = malloc(8 + (size_t)(i % 4) * 8);
		if (blocks[i])
			memset(blocks[i], '#', 8 + (size_t)(i % 4) * 8);
	}
	for (int i = 0; i < 64; i++)
		free(blocks[i]);
}

static void cb_gesture(void *d, const struct bezel_gesture_event *e)
{
	(void)d;
	if (!reconfigure_in_gesture || e->phase != BEZEL_GESTURE_BEGAN)
		return;
	gestures_seen++;
	char before[64];
	snprintf(before, sizeof before, "%s", e->gesture);
	/* Two bound commands in a row, each reading the event again (R2 names the gesture). */
	bezel_plugin_set_setting(plugin, "bottom-edge-zone-mm", "6");
	scribble_heap();
	snprintf(name_after, sizeof name_after, "%s", e->gesture);
	bezel_plugin_configure_text(plugin, "bottom-edge-zone-mm=5\n");
	scribble_heap();
	if (strcmp(before, e->gesture) == 0 && strcmp(before, name_after) == 0)
		names_kept++;
	snprintf(name_after, sizeof name_after, "%s", e->gesture);
}

/* ---- the log callback that re-enters ---- */

enum reentry { NONE, OUTPUT_REMOVE, TOUCH, CONFIGURE, DESTROY };
static enum reentry reenter;
static const char *trigger;  /* the log line (its start) that makes the callback re-enter */
static int reentry_rc = 1;
static int reentries;

static void cb_log(void *d, int level, const char *message)
{
	(void)d; (void)level;
	if (reenter == NONE || !trigger || strstr(message, trigger) == NULL)
		return;
	enum reentry what = reenter;
	reenter = NONE;  /* once: the calls below log too */
	reentries++;
	const char *k[] = { "bottom-edge-zone-mm" };
	const char *v[] = { "9" };
	switch (what) {
	case OUTPUT_REMOVE: reentry_rc = bezel_output_remove(plugin, 1, 0); break;
	case TOUCH: reentry_rc = bezel_touch_down(plugin, 7, 540, 900, 0); break;
	case CONFIGURE: reentry_rc = bezel_plugin_configure(plugin, k, v, 1); break;
	case DESTROY: reentry_rc = bezel_plugin_destroy(plugin); break;
	case NONE: break;
	}
}

static int began;
static void cb_count_gesture(void *d, const struct bezel_gesture_event *e)
{
	cb_gesture(d, e);
	if (e->phase == BEZEL_GESTURE_BEGAN)
		began++;
}

static const struct bezel_host_interface host = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.log = cb_log,
	.gesture_event = cb_count_gesture,
};

/* A dock swipe: up by 200 px in five steps from the bottom of output 0, then the lift. */
static void swipe_up(void)
{
	start_gesture();
	bezel_touch_down(plugin, 0, 540, OUTPUT_H - 5, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	for (int i = 1; i <= 5; i++) {
		clock_ms += 10;
		bezel_touch_motion(plugin, 0, 540, OUTPUT_H - 5 - 40 * i, clock_ms);
		bezel_touch_frame(plugin, clock_ms);
	}
	clock_ms += 10;
	bezel_touch_up(plugin, 0, clock_ms);
	bezel_touch_frame(plugin, clock_ms);
	clock_ms += 100;
}

static void test_gesture_name_kept(void)
{
	reconfigure_in_gesture = 1;
	swipe_up();
	swipe_up();
	reconfigure_in_gesture = 0;
	CHECK(gestures_seen == 2 && names_kept == 2 && strcmp(name_after, "dock") == 0,
	      "a gesture_event callback that reconfigures (set_setting, configure_text) still reads its "
	      "event->gesture afterwards: %d of %d kept, last read \"%s\"", names_kept, gestures_seen, name_after);
}

static int add_output_1(void)
{
	return bezel_output_add(plugin, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
}

static void test_log_reentry(void)
{
	char buf[32];

	/* bezel_output_remove from the log line of the removal itself. */
	CHECK(add_output_1() == BEZEL_OK, "output 1 added");
	reenter = OUTPUT_REMOVE; trigger = "output 1 removed"; reentry_rc = 1; reentries = 0;
	int rc = bezel_output_remove(plugin, 1, 0);
	CHECK(rc == BEZEL_OK && reentries == 1 && reentry_rc == BEZEL_ERROR_BUSY,
	      "bezel_output_remove(1) from the log line \"output 1 removed\": BEZEL_ERROR_BUSY (%d), "
	      "the outer remove BEZEL_OK (%d)", reentry_rc, rc);
	CHECK(bezel_output_remove(plugin, 1, 0) == BEZEL_ERROR_NOT_FOUND,
	      "output 1 is gone once, not twice");

	/* A touch from a log line (the one of an output added). */
	reenter = TOUCH; trigger = "output 1 added"; reentry_rc = 1; reentries = 0;
	rc = add_output_1();
	CHECK(rc == BEZEL_OK && reentries == 1 && reentry_rc == BEZEL_ERROR_BUSY,
	      "bezel_touch_down from a log line: BEZEL_ERROR_BUSY (%d)", reentry_rc);
	CHECK(bezel_touch_up(plugin, 7, 0) == BEZEL_ERROR_NOT_FOUND,
	      "the refused down left no touch 7 behind");

	/* A configuration from a log line (the one of a removal). */
	reenter = CONFIGURE; trigger = "output 1 removed"; reentry_rc = 1; reentries = 0;
	rc = bezel_output_remove(plugin, 1, 0);
	CHECK(rc == BEZEL_OK && reentries == 1 && reentry_rc == BEZEL_ERROR_BUSY,
	      "bezel_plugin_configure from a log line: BEZEL_ERROR_BUSY (%d)", reentry_rc);
	CHECK(bezel_plugin_get_setting(plugin, "log-level", buf, sizeof buf) == BEZEL_OK,
	      "the plugin answers after the refused configuration");

	/* bezel_plugin_destroy from a log line. */
	reenter = DESTROY; trigger = "output 1 added"; reentry_rc = 1; reentries = 0;
	rc = add_output_1();
	CHECK(rc == BEZEL_OK && reentries == 1 && reentry_rc == BEZEL_ERROR_BUSY,
	      "bezel_plugin_destroy from a log line: BEZEL_ERROR_BUSY (%d), the plugin stays", reentry_rc);

	began = 0;
	swipe_up();
	CHECK(began == 1, "the plugin still decides after every refused re-entry: a dock swipe began (%d)", began);
}

int main(void)
{
	struct wl_display *display = wl_display_create();
	if (!display || bezel_plugin_create(display, &host, NULL, &plugin) != BEZEL_OK) {
		printf("FAIL setup: display or plugin\n");
		return 1;
	}
	bezel_output_set(plugin, OUTPUT_W, OUTPUT_H, 68, 121, 0);

	test_gesture_name_kept();
	test_log_reentry();

	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "plugin destroyed");
	wl_display_destroy(display);
	return failures == 0 ? 0 : 1;
}
