/*
 * bezel-weston-rig.so: test and demo equipment, not part of the product.
 *
 *   weston --backend=headless-backend.so --modules=bezel-weston.so,bezel-weston-rig.so
 *
 * weston's headless backend has no input devices. This module plays the part of a backend's
 * input: it creates a seat with a touch device per touchscreen and feeds them through weston's
 * own notify_touch_* functions. The touchscreens (in the tests, umockdev-emulated ones replaying
 * recordings) are read by libbezel's libinput source (bezel.h, bezel_input_source_*), the one
 * implementation of device mapping, calibration, output transform, hot-plug and TOUCH_CANCEL.
 * From notify_touch_* on, the touches take weston's default path exactly as a real backend's
 * would: weston picks the focus, runs its bindings, and calls the seat's touch grab, where
 * bezel-weston.so (or any other grab, such as a drag) takes them. The rig uses no plugin.
 *
 * [bezel-rig] keys (weston.ini; touch-device, touch-device-open and seat are also read from
 * [bezel] when [bezel-rig] does not give them, as earlier versions had them there):
 *   touch-device=NODE[@OUTPUT][,NODE[@OUTPUT]...]
 *                       touchscreens to open, each mapped onto a weston output by name
 *                       (default: the first output); env BEZEL_WESTON_TOUCH_DEVICE overrides
 *   touch-device-open=start|sigusr2|sigusr1
 *                       open them at start (default) or when weston gets SIGUSR2 (SIGUSR1:
 *                       weston 14 ends on SIGUSR2, as on SIGTERM), so a test
 *                       starts the replay once its clients are ready (env BEZEL_WESTON_TOUCH_OPEN)
 *   seat=NAME           the seat's name (default "bezel")
 *   event-log=PATH      append "libinput ..." lines (env BEZEL_WESTON_EVENT_LOG)
 *   unplug-output=NAME, unplug-after-motions=N
 *                       after N touch motions, remove output NAME as weston's frontend does
 *                       when a monitor is unplugged (weston_output_destroy)
 *   rotate-to=TRANSFORM, rotate-after-motions=N
 *                       after N touch motions, turn the first output to TRANSFORM (rotate-90,
 *                       flipped-rotate-90, ... or 90, flipped-90, ...) with
 *                       weston_output_set_transform, as a phone
 *                       turns its screen; weston 10 signals no transform change of its own (its
 *                       frontend never makes one at run time), so the rig emits
 *                       output_resized as a mode change does, which the module and the shell
 *                       follow
 *   lock-after-motions=N
 *                       after N touch motions, put a layer at weston's lock position, as a
 *                       shell does when it shows its lock screen
 *   add-output=NAME     plug in a second screen at start: the headless backend of weston 10
 *                       makes one head and has no --output-count, so the rig asks the
 *                       backend for another head (the windowed-output API), which weston's
 *                       frontend then enables like any hot-plugged monitor
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-server.h>
#include <libweston/libweston.h>
#include <libweston/config-parser.h>
#include <libweston/windowed-output-api.h>
#include <weston/weston.h>

#include "bezel.h"
/* The generation's spellings and the internals a backend uses (src/weston10/ or src/weston14/,
 * on the include path by the weston version meson finds). */
#include "weston-api.h"
#if WESTON_VERSION_MAJOR >= 14
#include "weston14.h"
#endif

#define RIG_MAX_DEVICES 4
/* The source numbers a screen's fingers from 0 (below 10); one seat holds every screen, so
 * each screen gets its own range of weston touch ids. */
#define RIG_IDS_PER_DEVICE 10

struct rig_device {
	struct rig *rig;
	char *node;
	char *output_name; /* NULL: the first output */
	int32_t id_base;
	struct weston_touch_device *touch_device;
	struct bezel_input_source *source;
	int32_t mapped_w, mapped_h, mapped_transform; /* as last given to the source */
};

struct rig {
	struct weston_compositor *ec;
	struct weston_seat seat;
	bool seat_ready;
	struct rig_device devices[RIG_MAX_DEVICES];
	int n_devices;
	struct wl_event_source *open_signal_source;
	bool opened;
	bool time_offset_set;
	int64_t time_offset_us;
	struct bezel_event_log *event_log; /* libbezel's event log: the same line shapes as the module's */
	struct wl_listener destroy_listener;
	struct wl_listener clients_listener;
	struct wl_listener output_created_listener;
	struct wl_listener output_resized_listener;
	struct wl_listener output_destroyed_listener;

	char *unplug_output;
	int unplug_after, lock_after, motions;
	int rotate_to, rotate_after; /* rotate_to: a wl_output transform, -1 for none */
	struct weston_layer lock_layer;
	bool lock_layer_used;
};

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

#define evlog(rig, ...) bezel_event_log_write((rig)->event_log, __VA_ARGS__)

/* The output a device maps onto, looked up by name each time (outputs come and go). */
static struct weston_output *device_output(struct rig_device *d)
{
	struct weston_output *o;
	wl_list_for_each(o, &d->rig->ec->output_list, link)
		if (!d->output_name || !strcmp(o->name, d->output_name))
			return o;
	wl_list_for_each(o, &d->rig->ec->output_list, link)
		return o;
	return NULL;
}

/* Tells each source the size and transform of the output its screen covers. */
static void map_devices(struct rig *rig)
{
	for (int i = 0; i < rig->n_devices; i++) {
		struct rig_device *d = &rig->devices[i];
		struct weston_output *o = device_output(d);
		if (!d->source || !o)
			continue;
		if (o->width == d->mapped_w && o->height == d->mapped_h &&
		    (int32_t)o->transform == d->mapped_transform)
			continue;
		if (bezel_input_source_set_output(d->source, o->width, o->height,
						  (int32_t)o->transform) == BEZEL_OK) {
			d->mapped_w = o->width;
			d->mapped_h = o->height;
			d->mapped_transform = (int32_t)o->transform;
		}
	}
}

static void outputs_changed(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, output_created_listener);
	(void)data;
	map_devices(rig);
}

static void output_resized(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, output_resized_listener);
	(void)data;
	map_devices(rig);
}

static void output_destroyed(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, output_destroyed_listener);
	(void)data;
	/* A screen whose output went away maps onto the first output left. */
	for (int i = 0; i < rig->n_devices; i++)
		rig->devices[i].mapped_w = 0;
	map_devices(rig);
}

/* ---- test triggers: an unplug and a lock at a chosen moment of the recording ---- */

static void count_motion(struct rig *rig)
{
	rig->motions++;
	if (rig->unplug_output && rig->motions == rig->unplug_after) {
		struct weston_output *o;
		wl_list_for_each(o, &rig->ec->output_list, link)
			if (!strcmp(o->name, rig->unplug_output)) {
				evlog(rig, "rig unplug %s", o->name);
				weston_log("bezel-rig: unplugging output %s\n", o->name);
				weston_output_destroy(o);
				break;
			}
	}
	if (rig->rotate_to >= 0 && rig->motions == rig->rotate_after) {
		struct weston_output *o;
		wl_list_for_each(o, &rig->ec->output_list, link) {
			evlog(rig, "rig rotate %s transform=%d", o->name, rig->rotate_to);
			weston_log("bezel-rig: turning output %s to transform %d\n", o->name, rig->rotate_to);
			weston_output_set_transform(o, (uint32_t)rig->rotate_to);
			wl_signal_emit(&rig->ec->output_resized_signal, o);
			break;
		}
	}
	if (rig->lock_after > 0 && rig->motions == rig->lock_after) {
		evlog(rig, "rig lock");
		weston_log("bezel-rig: lock screen layer in place\n");
		weston_layer_init(&rig->lock_layer, rig->ec);
		weston_layer_set_position(&rig->lock_layer, WESTON_LAYER_POSITION_LOCK);
		rig->lock_layer_used = true;
	}
}

/* ---- the source's touches into weston's notify_touch_* ---- */

/* The event's time as weston takes it. Kernel event times are CLOCK_MONOTONIC; a replayed
 * recording that kept its recorded times is shifted once so that it starts now. */
static struct timespec event_time(struct rig_device *d, uint64_t *us_out)
{
	struct rig *rig = d->rig;
	int64_t us = (int64_t)bezel_input_source_get_time_usec(d->source);
	if (!rig->time_offset_set) {
		int64_t diff = (int64_t)now_usec() - us;
		rig->time_offset_us = (diff > 1000000 || diff < -1000000) ? diff : 0;
		rig->time_offset_set = true;
	}
	us += rig->time_offset_us;
	*us_out = (uint64_t)us;
	return (struct timespec){ .tv_sec = (time_t)(us / 1000000), .tv_nsec = (long)(us % 1000000) * 1000 };
}

/* Output-local position to weston's layout coordinates, as a backend's output mapping does. */
static void place(struct rig_device *d, double x, double y, double *gx, double *gy)
{
	struct weston_output *o = device_output(d);
	*gx = x + (o ? bw_output_x(o) : 0);
	*gy = y + (o ? bw_output_y(o) : 0);
}

/* weston's input path for one touch event, at layout (gx, gy). */
static void notify(struct rig_device *d, const struct timespec *ts, int32_t id, double gx,
		   double gy, int type)
{
#if WESTON_VERSION_MAJOR >= 14
	/* weston 14: the position as a weston_coord_global, and none for an up (it asserts) */
	struct weston_coord_global pos = { .c = weston_coord(gx, gy) };
	notify_touch_normalized(d->touch_device, ts, id, type == WL_TOUCH_UP ? NULL : &pos, NULL,
				type);
#else
	notify_touch_normalized(d->touch_device, ts, id, gx, gy, NULL, type);
#endif
}

static void on_down(void *data, int32_t id, double x, double y, uint32_t time_msec)
{
	struct rig_device *d = data;
	uint64_t us;
	struct timespec ts = event_time(d, &us);
	double gx, gy;
	(void)time_msec;
	place(d, x, y, &gx, &gy);
	evlog(d->rig, "libinput down id=%d time_us=%llu", d->id_base + id, (unsigned long long)us);
	notify(d, &ts, d->id_base + id, gx, gy, WL_TOUCH_DOWN);
}

static void on_motion(void *data, int32_t id, double x, double y, uint32_t time_msec)
{
	struct rig_device *d = data;
	uint64_t us;
	struct timespec ts = event_time(d, &us);
	double gx, gy;
	(void)time_msec;
	place(d, x, y, &gx, &gy);
	evlog(d->rig, "libinput motion id=%d time_us=%llu", d->id_base + id, (unsigned long long)us);
	notify(d, &ts, d->id_base + id, gx, gy, WL_TOUCH_MOTION);
	count_motion(d->rig);
}

static void on_up(void *data, int32_t id, uint32_t time_msec)
{
	struct rig_device *d = data;
	uint64_t us;
	struct timespec ts = event_time(d, &us);
	(void)time_msec;
	evlog(d->rig, "libinput up id=%d time_us=%llu", d->id_base + id, (unsigned long long)us);
	notify(d, &ts, d->id_base + id, 0, 0, WL_TOUCH_UP);
}

static void on_frame(void *data, uint32_t time_msec)
{
	struct rig_device *d = data;
	(void)time_msec;
	notify_touch_frame(d->touch_device);
}

static void on_cancel(void *data, uint32_t time_msec)
{
	struct rig_device *d = data;
	(void)time_msec;
	evlog(d->rig, "libinput cancel");
	notify_touch_cancel(d->touch_device);
}

static void on_device_added(void *data, const char *name, const char *sysname)
{
	struct rig_device *d = data;
	weston_log("bezel-rig: touchscreen %s (%s) on %s\n", name, sysname, d->node);
}

static void on_device_removed(void *data, const char *name, const char *sysname)
{
	(void)data;
	weston_log("bezel-rig: touchscreen %s (%s) removed\n", name, sysname);
}

static void on_log(void *data, int level, const char *message)
{
	(void)data;
	if (level <= BEZEL_LOG_INFO)
		weston_log("bezel-rig: %s\n", message);
}

static const struct bezel_input_listener input_listener = {
	.down = on_down,
	.motion = on_motion,
	.up = on_up,
	.frame = on_frame,
	.cancel = on_cancel,
	.device_added = on_device_added,
	.device_removed = on_device_removed,
	.log = on_log,
};

static void open_devices(struct rig *rig)
{
	if (rig->opened)
		return;
	rig->opened = true;
	for (int i = 0; i < rig->n_devices; i++) {
		struct rig_device *d = &rig->devices[i];
		if (!d->source)
			continue;
		int r = bezel_input_source_add_device(d->source, d->node);
		if (r != BEZEL_OK) {
			weston_log("bezel-rig: cannot open touch device %s: %s\n", d->node,
				   bezel_result_string(r));
			continue;
		}
		evlog(rig, "touch device opened %s", d->node);
	}
}

static int on_open_signal(int sig, void *data)
{
	(void)sig;
	open_devices(data);
	return 0;
}

/* ---- life cycle ---- */

/* Weston 10 exits without destroying the clients still connected (weston 14 destroys them
 * first): their objects would then read as leaks under memcheck, hiding real ones. The rig
 * destroys them at the head of the compositor's teardown, before any module's, as weston 14
 * does. */
static void destroy_clients(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, clients_listener);
	(void)data;
	wl_list_remove(&rig->clients_listener.link);
	wl_display_destroy_clients(rig->ec->wl_display);
}

static void compositor_destroyed(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, destroy_listener);
	(void)data;
	wl_list_remove(&rig->destroy_listener.link);
	wl_list_remove(&rig->output_created_listener.link);
	wl_list_remove(&rig->output_resized_listener.link);
	wl_list_remove(&rig->output_destroyed_listener.link);
	if (rig->open_signal_source)
		wl_event_source_remove(rig->open_signal_source);
	for (int i = 0; i < rig->n_devices; i++) {
		struct rig_device *d = &rig->devices[i];
		if (d->source)
			bezel_input_source_destroy(d->source);
		if (d->touch_device)
			weston_touch_device_destroy(d->touch_device);
		free(d->node);
		free(d->output_name);
	}
	if (rig->lock_layer_used)
		weston_layer_fini(&rig->lock_layer);
	if (rig->seat_ready)
		weston_seat_release(&rig->seat);
	if (rig->event_log)
		bezel_event_log_close(rig->event_log);
	free(rig->unplug_output);
	free(rig);
}

/* A transform name (weston 10's rotate-90, flipped-rotate-90, ... or the short 90,
 * flipped-90, ...) as a wl_output transform value, or -1. */
static int transform_value(const char *name)
{
	static const char *const names[] = { "normal", "rotate-90", "rotate-180", "rotate-270",
		"flipped", "flipped-rotate-90", "flipped-rotate-180", "flipped-rotate-270" };
	static const char *const short_names[] = { "normal", "90", "180", "270", "flipped",
						   "flipped-90", "flipped-180", "flipped-270" };
	for (int i = 0; name && i < 8; i++)
		if (!strcmp(name, names[i]) || !strcmp(name, short_names[i]))
			return i;
	return -1;
}

/* "NODE[@OUTPUT],..." into rig->devices */
static void parse_devices(struct rig *rig, const char *list)
{
	char *copy = strdup(list), *save = NULL;
	for (char *tok = copy ? strtok_r(copy, ",", &save) : NULL; tok && rig->n_devices < RIG_MAX_DEVICES;
	     tok = strtok_r(NULL, ",", &save)) {
		struct rig_device *d = &rig->devices[rig->n_devices++];
		char *at = strchr(tok, '@');
		if (at)
			*at = '\0';
		d->rig = rig;
		d->id_base = (rig->n_devices - 1) * RIG_IDS_PER_DEVICE;
		d->node = strdup(tok);
		d->output_name = at ? strdup(at + 1) : NULL;
	}
	free(copy);
}

/* [bezel-rig] KEY, else [bezel] KEY (where earlier versions had it), else `dflt`. */
static char *rig_key(struct weston_config_section *rig, struct weston_config_section *bezel,
		     const char *key, const char *dflt)
{
	char *value = NULL;
	weston_config_section_get_string(rig, key, &value, NULL);
	if (!value)
		weston_config_section_get_string(bezel, key, &value, dflt);
	return value;
}

static char *env_or(const char *name, char *value)
{
	const char *env = getenv(name);
	if (env && *env) {
		free(value);
		return strdup(env);
	}
	return value;
}

WL_EXPORT int wet_module_init(struct weston_compositor *ec, int *argc, char *argv[])
{
	(void)argc; (void)argv;
	struct rig *rig = calloc(1, sizeof *rig);
	if (!rig)
		return -1;
	rig->ec = ec;
	struct weston_config *config = wet_get_config(ec);
	struct weston_config_section *sec =
		config ? weston_config_get_section(config, "bezel-rig", NULL, NULL) : NULL;
	char *devices = NULL, *open_when = NULL, *seat_name = NULL, *event_log = NULL;
	struct weston_config_section *bezel =
		config ? weston_config_get_section(config, "bezel", NULL, NULL) : NULL;
	devices = rig_key(sec, bezel, "touch-device", NULL);
	open_when = rig_key(sec, bezel, "touch-device-open", "start");
	seat_name = rig_key(sec, bezel, "seat", "bezel");
	weston_config_section_get_string(sec, "event-log", &event_log, NULL);
	weston_config_section_get_string(sec, "unplug-output", &rig->unplug_output, NULL);
	weston_config_section_get_int(sec, "unplug-after-motions", &rig->unplug_after, 0);
	weston_config_section_get_int(sec, "lock-after-motions", &rig->lock_after, 0);
	char *rotate_to = NULL;
	weston_config_section_get_string(sec, "rotate-to", &rotate_to, NULL);
	rig->rotate_to = transform_value(rotate_to);
	if (rotate_to && rig->rotate_to < 0)
		weston_log("bezel-rig: rotate-to=%s is not a transform name; no rotation\n", rotate_to);
	free(rotate_to);
	weston_config_section_get_int(sec, "rotate-after-motions", &rig->rotate_after, 0);
	char *add_output = NULL;
	weston_config_section_get_string(sec, "add-output", &add_output, NULL);
	if (add_output) {
#if WESTON_VERSION_MAJOR >= 14
		/* weston 14: the API is asked for by backend type, and a head is the backend's */
		const struct weston_windowed_output_api *api =
			weston_windowed_output_get_api(ec, WESTON_WINDOWED_OUTPUT_HEADLESS);
		if (!api || !ec->primary_backend || api->create_head(ec->primary_backend, add_output) < 0)
#else
		const struct weston_windowed_output_api *api = weston_windowed_output_get_api(ec);
		if (!api || api->create_head(ec, add_output) < 0)
#endif
			weston_log("bezel-rig: cannot add output %s\n", add_output);
		else
			weston_log("bezel-rig: output %s plugged in\n", add_output);
		free(add_output);
	}
	devices = env_or("BEZEL_WESTON_TOUCH_DEVICE", devices);
	open_when = env_or("BEZEL_WESTON_TOUCH_OPEN", open_when);
	event_log = env_or("BEZEL_WESTON_EVENT_LOG", event_log);
	if (event_log && bezel_event_log_open(event_log, &rig->event_log) != BEZEL_OK)
		weston_log("bezel-rig: cannot open event log %s: %s\n", event_log, strerror(errno));

	rig->destroy_listener.notify = compositor_destroyed;
	wl_signal_add(&ec->destroy_signal, &rig->destroy_listener);
	rig->clients_listener.notify = destroy_clients;
	wl_list_insert(&ec->destroy_signal.listener_list, &rig->clients_listener.link);
	rig->output_created_listener.notify = outputs_changed;
	wl_signal_add(&ec->output_created_signal, &rig->output_created_listener);
	rig->output_resized_listener.notify = output_resized;
	wl_signal_add(&ec->output_resized_signal, &rig->output_resized_listener);
	rig->output_destroyed_listener.notify = output_destroyed;
	wl_signal_add(&ec->output_destroyed_signal, &rig->output_destroyed_listener);
	if (devices)
		parse_devices(rig, devices);
	if (rig->n_devices == 0) {
		weston_log("bezel-rig: no [bezel-rig] touch-device; nothing to do\n");
		goto out;
	}

	/* A seat with touch, as a backend creates one; weston_seat_init announces it, so
	 * bezel-weston.so takes over its touch grab like any other seat's. */
	weston_seat_init(&rig->seat, ec, seat_name);
	rig->seat_ready = true;
	if (weston_seat_init_touch(&rig->seat) < 0)
		goto out;
	struct wl_event_loop *loop = wl_display_get_event_loop(ec->wl_display);
	for (int i = 0; i < rig->n_devices; i++) {
		struct rig_device *d = &rig->devices[i];
		d->touch_device = weston_touch_create_touch_device(rig->seat.touch_state, d->node,
								   NULL, NULL);
		/* One source per screen: each maps onto its own output. Devices open later
		 * (open_devices), so a test's replay starts when its clients are ready. */
		int r = bezel_input_source_create(loop, NULL, NULL, &input_listener, d, &d->source);
		if (r != BEZEL_OK)
			weston_log("bezel-rig: no touch source for %s: %s\n", d->node,
				   bezel_result_string(r));
	}
	map_devices(rig);
	weston_log("bezel-rig: %d touch device(s) on seat %s\n", rig->n_devices, seat_name);
	int open_signal = !open_when ? 0 : !strcmp(open_when, "sigusr2") ? SIGUSR2
				: !strcmp(open_when, "sigusr1") ? SIGUSR1 : 0;
	if (open_signal) {
		rig->open_signal_source = wl_event_loop_add_signal(loop, open_signal, on_open_signal, rig);
		weston_log("bezel-rig: touch devices open on SIGUSR%d\n", open_signal == SIGUSR1 ? 1 : 2);
	} else {
		open_devices(rig);
	}
out:
	free(devices);
	free(open_when);
	free(seat_name);
	free(event_log);
	return 0;
}
