/*
 * compositor-rig.c: TEST EQUIPMENT ONLY, linked into bezel-compositor-rig (a test build of the
 * reference compositor, hosts/wlroots/src/compositor/); never part of the product.
 *
 * On the headless backend the compositor has no input device. The rig adds one headless touch
 * device and feeds it from a touchscreen node read through Bezel's own libinput touch source
 * (bezel.h section 4): in the tests an umockdev-emulated device replaying a recording. Its
 * events are emitted as the headless device's own, so they take the path a real device's take
 * through the compositor and the adapter. It reads its own keys from the [bezel] section:
 *   touch-device=/dev/input/eventN       touch-device-open=start|sigusr2
 * and the event log (event-log=), where it writes "libinput down|motion|up id=N time_us=T"
 * lines (docs/hosts.md) beside the plugin's. The source maps the panel's positions through the
 * touch output's transform (bezel_input_source_set_output), as a phone's panel is.
 *   --rotate T@N   the rig turns the touch output to T after the N-th touch motion it reads,
 *                  as a phone turns mid-gesture ("rig rotate" line)
 * Signals: SIGUSR2 opens the touch device (touch-device-open=sigusr2).
 *   BEZEL_RIG_UNPLUG=N              the touch output is unplugged after the N-th touch motion the
 *                                   rig reads ("rig unplug" line); the touches then go to the
 *                                   first output left
 *   BEZEL_RIG_EVENT_LOG_FILE=PATH   the plugin's event log moves to PATH, handed over as a FILE
 *                                   (bezel_wlr_set_event_log), as a compositor with a log of
 *                                   its own does; the rig's lines stay in event-log=
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wlr/version.h>
#include <wlr/backend/headless.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_touch.h>
#if WLR_VERSION_MINOR >= 18
#include <wlr/interfaces/wlr_touch.h>
#endif
#include <wlr/util/log.h>

#include "compositor.h"

struct rig {
	struct server *server;
	struct bezel_input_source *source;
	struct bezel_event_log *event_log;
	FILE *plugin_log; /* BEZEL_RIG_EVENT_LOG_FILE */
	char *touch_node;
	bool open_on_sigusr2, opened;
	bool time_offset_set;
	int64_t time_offset_ms;
	int rotate_to, rotate_after, motions; /* --rotate: -1, or the transform after that many */
	int unplug_after; /* BEZEL_RIG_UNPLUG; 0: never */
	struct wl_listener layout_change;    /* the source follows its output's size and transform */
	struct wl_event_source *sigusr2;
#if WLR_VERSION_MINOR >= 18
	struct wlr_touch touch; /* the rig's own device: 0.18's headless backend makes none */
#endif
};

#if WLR_VERSION_MINOR >= 16
/* wlroots 0.16: touch events are wlr_touch_*_event and name the wlr_touch, which holds its
 * signals (0.15: wlr_event_touch_*, naming the input device, whose `touch` holds them). */
#define RIG_EVENT(kind) struct wlr_touch_##kind##_event
#define RIG_TOUCH(s) wlr_touch_from_input_device((s)->touch_dev)
#define RIG_SOURCE(s) .touch = RIG_TOUCH(s)
#else
#define RIG_EVENT(kind) struct wlr_event_touch_##kind
#define RIG_TOUCH(s) ((s)->touch_dev->touch)
#define RIG_SOURCE(s) .device = (s)->touch_dev
#endif

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* A replayed recording keeps its recorded times: they are shifted once so that they start now
 * and keep their spacing. */
static uint32_t rig_time(struct rig *rig, uint32_t ms)
{
	if (!rig->time_offset_set) {
		int64_t d = (int64_t)(now_usec() / 1000) - (int64_t)ms;
		rig->time_offset_ms = (d > 1000 || d < -1000) ? d : 0;
		rig->time_offset_set = true;
		if (rig->time_offset_ms)
			wlr_log(WLR_INFO, "touch times are not CLOCK_MONOTONIC (a recording?); "
				"shifting them by %lld ms", (long long)rig->time_offset_ms);
	}
	return (uint32_t)((int64_t)ms + rig->time_offset_ms);
}

static void rig_log(struct rig *rig, const char *what, int32_t id, uint32_t ms)
{
	bezel_event_log_write(rig->event_log, "libinput %s id=%d time_us=%llu", what, id,
			      (unsigned long long)ms * 1000u);
}

/* The source maps touches to the touch output's size: back to 0..1 as wlr_touch carries them. */
static void rig_normalize(struct server *s, double x, double y, double *nx, double *ny)
{
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box where, *box = output_box(s, o, &where) ? &where : NULL;
	*nx = box && box->width > 0 ? x / box->width : 0;
	*ny = box && box->height > 0 ? y / box->height : 0;
}

/* The source maps the panel's positions through its output's transform to what the user sees. */
static void rig_map(struct server *s)
{
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box where, *box = output_box(s, o, &where) ? &where : NULL;
	if (box)
		bezel_input_source_set_output(s->rig->source, box->width, box->height, (int32_t)o->transform);
}

static void rig_layout_changed(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, layout_change);
	(void)data;
	rig_map(rig->server);
}

/* --rotate: the touch output turns after the N-th motion, as a phone does mid-gesture;
 * BEZEL_RIG_UNPLUG: it is unplugged, as a cable is pulled mid-gesture. */
static void rig_count_motion(struct server *s)
{
	struct rig *rig = s->rig;
	++rig->motions;
	struct wlr_output *o = nth_output(s, s->touch_output);
	if (o && rig->motions == rig->unplug_after && wl_list_length(&s->outputs) > 1) {
		bezel_event_log_write(rig->event_log, "rig unplug %s", o->name);
		wlr_log(WLR_INFO, "rig: unplugging output %s", o->name);
		wlr_output_destroy(o); /* the touches go to the first output left (nth_output) */
		return;
	}
	if (rig->rotate_to < 0 || rig->motions != rig->rotate_after || !o)
		return;
	bezel_event_log_write(rig->event_log, "rig rotate %s transform=%d", o->name, rig->rotate_to);
	wlr_log(WLR_INFO, "rig: turning output %s to transform %d", o->name, rig->rotate_to);
	if (!output_turn(o, rig->rotate_to))
		wlr_log(WLR_ERROR, "rig: output %s refused transform %d", o->name, rig->rotate_to);
}

static void rig_down(void *data, int32_t id, double x, double y, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s->rig, ms);
	rig_log(s->rig, "down", id, ms);
	RIG_EVENT(down) ev = { RIG_SOURCE(s), .time_msec = ms, .touch_id = id };
	rig_normalize(s, x, y, &ev.x, &ev.y);
	wl_signal_emit(&RIG_TOUCH(s)->events.down, &ev);
}
static void rig_motion(void *data, int32_t id, double x, double y, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s->rig, ms);
	rig_log(s->rig, "motion", id, ms);
	RIG_EVENT(motion) ev = { RIG_SOURCE(s), .time_msec = ms, .touch_id = id };
	rig_normalize(s, x, y, &ev.x, &ev.y);
	wl_signal_emit(&RIG_TOUCH(s)->events.motion, &ev);
	rig_count_motion(s);
}
static void rig_up(void *data, int32_t id, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s->rig, ms);
	rig_log(s->rig, "up", id, ms);
	RIG_EVENT(up) ev = { RIG_SOURCE(s), .time_msec = ms, .touch_id = id };
	wl_signal_emit(&RIG_TOUCH(s)->events.up, &ev);
}
static void rig_frame(void *data, uint32_t ms)
{
	struct server *s = data;
	(void)ms;
	wl_signal_emit(&RIG_TOUCH(s)->events.frame, NULL);
}
static void rig_cancel(void *data, uint32_t ms)
{
	struct server *s = data;
	RIG_EVENT(cancel) ev = { RIG_SOURCE(s), .time_msec = rig_time(s->rig, ms), .touch_id = -1 };
	wl_signal_emit(&RIG_TOUCH(s)->events.cancel, &ev);
}
static void rig_device_added(void *data, const char *name, const char *sysname)
{
	(void)data;
	wlr_log(WLR_INFO, "touchscreen added: %s (%s)", name, sysname);
}
static void rig_device_removed(void *data, const char *name, const char *sysname)
{
	(void)data;
	wlr_log(WLR_INFO, "touchscreen removed: %s (%s)", name, sysname);
}
static void rig_log_line(void *data, int level, const char *message)
{
	(void)data;
	wlr_log(level <= BEZEL_LOG_ERROR ? WLR_ERROR : level <= BEZEL_LOG_INFO ? WLR_INFO : WLR_DEBUG,
		"touch source: %s", message);
}
static const struct bezel_input_listener rig_listener = {
	.down = rig_down, .motion = rig_motion, .up = rig_up, .frame = rig_frame,
	.cancel = rig_cancel, .device_added = rig_device_added,
	.device_removed = rig_device_removed, .log = rig_log_line,
};

static void rig_open(struct server *s)
{
	struct rig *rig = s->rig;
	if (rig->opened)
		return;
	rig->opened = true;
	rig_map(s);
	int r = bezel_input_source_add_device(rig->source, rig->touch_node);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "cannot open touch device %s: %s", rig->touch_node, bezel_result_string(r));
		return;
	}
	bezel_event_log_write(rig->event_log, "touch device opened %s", rig->touch_node);
}

static int on_sigusr2(int sig, void *data)
{
	(void)sig;
	rig_open(data);
	return 0;
}

static bool rig_configure(struct server *s, struct bezel_plugin *p, const char *rotate)
{
	struct rig *rig = calloc(1, sizeof *rig);
	if (!rig)
		return false;
	s->rig = rig;
	rig->server = s;
	rig->rotate_to = -1;
	char name[32];
	if (rotate && (sscanf(rotate, "%31[^@]@%d", name, &rig->rotate_after) != 2 ||
		       (rig->rotate_to = transform_value(name)) < 0 || rig->rotate_after <= 0)) {
		wlr_log(WLR_ERROR, "--rotate %s: T@N, T a transform name, N > 0", rotate);
		return false;
	}
	const char *unplug = getenv("BEZEL_RIG_UNPLUG");
	if (unplug && *unplug && (rig->unplug_after = atoi(unplug)) <= 0) {
		wlr_log(WLR_ERROR, "BEZEL_RIG_UNPLUG=%s: N > 0", unplug);
		return false;
	}
	char buf[4096];
	if (bezel_plugin_get_setting(p, "touch-device", buf, sizeof buf) == BEZEL_OK && *buf)
		rig->touch_node = strdup(buf);
	if (bezel_plugin_get_setting(p, "touch-device-open", buf, sizeof buf) == BEZEL_OK)
		rig->open_on_sigusr2 = !strcmp(buf, "sigusr2");
	if (bezel_plugin_get_setting(p, "event-log", buf, sizeof buf) == BEZEL_OK && *buf &&
	    bezel_event_log_open(buf, &rig->event_log) != BEZEL_OK)
		wlr_log(WLR_ERROR, "cannot open event log %s: %s", buf, strerror(errno));
	return true;
}

static bool rig_start(struct server *s)
{
	struct rig *rig = s->rig;
	struct wl_event_loop *loop = wl_display_get_event_loop(s->display);
	const char *plugin_log = getenv("BEZEL_RIG_EVENT_LOG_FILE");
	if (plugin_log && *plugin_log && s->bezel) {
		if (!(rig->plugin_log = fopen(plugin_log, "ae"))) {
			wlr_log(WLR_ERROR, "cannot open %s: %s", plugin_log, strerror(errno));
			return false;
		}
		bezel_wlr_set_event_log(s->bezel, rig->plugin_log);
	}
	if (!rig->touch_node)
		return true;
	if (!s->headless) {
		wlr_log(WLR_ERROR, "touch-device needs the headless backend");
		return false;
	}
	/* The compositor's new_input takes it in as its touch device. */
#if WLR_VERSION_MINOR >= 18
	/* wlroots 0.18 dropped wlr_headless_add_input_device: the rig makes the device and
	 * announces it as the backend would. */
	static const struct wlr_touch_impl rig_touch_impl = { .name = "bezel-rig-touch" };
	wlr_touch_init(&rig->touch, &rig_touch_impl, "bezel-rig-touch");
	wl_signal_emit(&s->backend->events.new_input, &rig->touch.base);
#else
	wlr_headless_add_input_device(s->headless, WLR_INPUT_DEVICE_TOUCH);
#endif
	const char *const no_paths[] = { NULL }; /* the node opens in rig_open */
	int r = bezel_input_source_create(loop, NULL, no_paths, &rig_listener, s, &rig->source);
	if (r != BEZEL_OK || !s->touch_dev) {
		wlr_log(WLR_ERROR, "cannot set up the touch rig on %s: %s", rig->touch_node,
			bezel_result_string(r));
		return false;
	}
	rig->layout_change.notify = rig_layout_changed;
	wl_signal_add(&s->layout->events.change, &rig->layout_change);
	if (rig->open_on_sigusr2)
		rig->sigusr2 = wl_event_loop_add_signal(loop, SIGUSR2, on_sigusr2, s);
	else
		rig_open(s);
	return true;
}

static void rig_stop(struct server *s)
{
	struct rig *rig = s->rig;
	if (!rig)
		return;
	if (rig->sigusr2)
		wl_event_source_remove(rig->sigusr2);
	if (rig->source) {
		wl_list_remove(&rig->layout_change.link);
		bezel_input_source_destroy(rig->source);
	}
	if (rig->event_log)
		bezel_event_log_close(rig->event_log);
	if (rig->plugin_log) {
		if (s->bezel)
			bezel_wlr_set_event_log(s->bezel, NULL);
		fclose(rig->plugin_log);
	}
#if WLR_VERSION_MINOR >= 18
	if (s->touch_dev == &rig->touch.base)
		wlr_touch_finish(&rig->touch); /* its destroy tells the compositor */
#endif
	free(rig->touch_node);
	free(rig);
	s->rig = NULL;
}

static const struct compositor_rig hooks = {
	.configure = rig_configure,
	.start = rig_start,
	.stop = rig_stop,
};
const struct compositor_rig *compositor_rig = &hooks;
