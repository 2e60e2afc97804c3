/*
 * bezel-weston-rig.so: test and demo equipment, not part of the product.
 *
 *   weston --backend=headless-backend.so --modules=bezel-weston.so,bezel-weston-rig.so
 *
 * weston's headless backend has no input devices. This module plays the part of a backend's
 * input: it creates a seat with a touch device and feeds it from a touchscreen read through
 * libinput (in the tests, an umockdev-emulated one replaying a recording), through weston's
 * own notify_touch_* functions. From there the touches take weston's default path exactly as
 * a real backend's would: weston picks the focus, runs its bindings, and calls the seat's
 * touch grab, where bezel-weston.so (or any other grab, such as a drag) takes them. The rig
 * knows nothing of the plugin.
 *
 * [bezel-rig] keys (weston.ini):
 *   touch-device=NODE[@OUTPUT][,NODE[@OUTPUT]...]
 *                       touchscreens to open, each mapped onto a weston output by name
 *                       (default: the first output); env BEZEL_WESTON_TOUCH_DEVICE overrides
 *   touch-device-open=start|sigusr2
 *                       open them at start (default) or when weston gets SIGUSR2, so a test
 *                       starts the replay once its clients are ready (env BEZEL_WESTON_TOUCH_OPEN)
 *   seat=NAME           the seat's name (default "bezel")
 *   event-log=PATH      append "libinput ..." lines (env BEZEL_WESTON_EVENT_LOG)
 *   unplug-output=NAME, unplug-after-motions=N
 *                       after N touch motions, remove output NAME as weston's frontend does
 *                       when a monitor is unplugged (weston_output_destroy)
 *   lock-after-motions=N
 *                       after N touch motions, put a layer at weston's lock position, as a
 *                       shell does when it shows its lock screen
 *   add-output=NAME     plug in a second screen at start: the headless backend of weston 10
 *                       makes one head and has no --output-count, so the rig asks the
 *                       backend for another head (the windowed-output API), which weston's
 *                       frontend then enables like any hot-plugged monitor
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libinput.h>
#include <wayland-server.h>
#include <libweston/libweston.h>
#include <libweston/config-parser.h>
#include <libweston/windowed-output-api.h>
#include <weston/weston.h>

#include "../weston-module/weston10.h"

#define RIG_MAX_DEVICES 4

struct rig_device {
	struct rig *rig;
	char *node;
	char *output_name; /* NULL: the first output */
	struct weston_touch_device *touch_device;
	struct libinput_device *li_device;
};

struct rig {
	struct weston_compositor *ec;
	struct weston_seat seat;
	bool seat_ready;
	struct rig_device devices[RIG_MAX_DEVICES];
	int n_devices;
	struct libinput *li;
	struct wl_event_source *li_source;
	struct wl_event_source *sigusr2_source;
	bool opened;
	bool time_offset_set;
	int64_t time_offset_us;
	FILE *event_log;
	struct wl_listener destroy_listener;

	char *unplug_output;
	int unplug_after, lock_after, motions;
	struct weston_layer lock_layer;
	bool lock_layer_used;
};

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void evlog(struct rig *rig, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void evlog(struct rig *rig, const char *fmt, ...)
{
	if (!rig->event_log)
		return;
	va_list ap;
	fprintf(rig->event_log, "%llu ", (unsigned long long)now_usec());
	va_start(ap, fmt);
	vfprintf(rig->event_log, fmt, ap);
	va_end(ap);
	fputc('\n', rig->event_log);
	fflush(rig->event_log);
}

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

static struct rig_device *device_of(struct rig *rig, struct libinput_device *dev)
{
	for (int i = 0; i < rig->n_devices; i++)
		if (rig->devices[i].li_device == dev)
			return &rig->devices[i];
	return NULL;
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
	if (rig->lock_after > 0 && rig->motions == rig->lock_after) {
		evlog(rig, "rig lock");
		weston_log("bezel-rig: lock screen layer in place\n");
		weston_layer_init(&rig->lock_layer, rig->ec);
		weston_layer_set_position(&rig->lock_layer, WESTON_LAYER_POSITION_LOCK);
		rig->lock_layer_used = true;
	}
}

/* ---- libinput into weston's notify_touch_* ---- */

static int li_open(const char *path, int flags, void *data)
{
	(void)data;
	int fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static void li_close(int fd, void *data)
{
	(void)data;
	close(fd);
}

static const struct libinput_interface li_interface = { li_open, li_close };

static void event_time(struct rig *rig, struct libinput_event_touch *t, struct timespec *ts)
{
	/* Kernel event times are CLOCK_MONOTONIC. A replayed recording keeps its recorded
	 * times: they are shifted once so that they start now and keep their spacing. */
	int64_t us = (int64_t)libinput_event_touch_get_time_usec(t);
	if (!rig->time_offset_set) {
		int64_t d = (int64_t)now_usec() - us;
		rig->time_offset_us = (d > 1000000 || d < -1000000) ? d : 0;
		rig->time_offset_set = true;
	}
	us += rig->time_offset_us;
	ts->tv_sec = (time_t)(us / 1000000);
	ts->tv_nsec = (long)(us % 1000000) * 1000;
}

static int li_dispatch(int fd, uint32_t mask, void *data)
{
	struct rig *rig = data;
	struct libinput_event *ev;
	(void)fd; (void)mask;
	libinput_dispatch(rig->li);
	while ((ev = libinput_get_event(rig->li))) {
		enum libinput_event_type type = libinput_event_get_type(ev);
		struct rig_device *d = device_of(rig, libinput_event_get_device(ev));
		struct libinput_event_touch *t = NULL;
		struct timespec ts = { 0, 0 };
		if (type >= LIBINPUT_EVENT_TOUCH_DOWN && type <= LIBINPUT_EVENT_TOUCH_FRAME) {
			t = libinput_event_get_touch_event(ev);
			event_time(rig, t, &ts);
		}
		if (!d || !d->touch_device) {
			libinput_event_destroy(ev);
			continue;
		}
		struct weston_output *o = device_output(d);
		switch (type) {
		case LIBINPUT_EVENT_TOUCH_DOWN:
		case LIBINPUT_EVENT_TOUCH_MOTION: {
			if (!o)
				break;
			int slot = libinput_event_touch_get_seat_slot(t);
			/* As weston's libinput backend: device coordinates onto the output's area. */
			double x = libinput_event_touch_get_x_transformed(t, (uint32_t)o->width) + o->x;
			double y = libinput_event_touch_get_y_transformed(t, (uint32_t)o->height) + o->y;
			bool down = type == LIBINPUT_EVENT_TOUCH_DOWN;
			evlog(rig, "libinput %s id=%d time_us=%lld", down ? "down" : "motion", slot,
			      (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
			notify_touch_normalized(d->touch_device, &ts, slot, x, y, NULL,
						down ? WL_TOUCH_DOWN : WL_TOUCH_MOTION);
			if (!down)
				count_motion(rig);
			break;
		}
		case LIBINPUT_EVENT_TOUCH_UP: {
			int slot = libinput_event_touch_get_seat_slot(t);
			evlog(rig, "libinput up id=%d time_us=%lld", slot,
			      (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
			notify_touch_normalized(d->touch_device, &ts, slot, 0, 0, NULL, WL_TOUCH_UP);
			break;
		}
		case LIBINPUT_EVENT_TOUCH_FRAME:
			notify_touch_frame(d->touch_device);
			break;
		case LIBINPUT_EVENT_TOUCH_CANCEL:
			notify_touch_cancel(d->touch_device);
			break;
		case LIBINPUT_EVENT_DEVICE_REMOVED:
			weston_log("bezel-rig: touch device %s removed\n", d->node);
			notify_touch_cancel(d->touch_device);
			break;
		default:
			break;
		}
		libinput_event_destroy(ev);
	}
	return 0;
}

static void li_log(struct libinput *li, enum libinput_log_priority p, const char *fmt, va_list ap)
{
	(void)li;
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	size_t n = strlen(buf);
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	if (p >= LIBINPUT_LOG_PRIORITY_INFO)
		weston_log("bezel-rig: libinput: %s\n", buf);
}

static void open_devices(struct rig *rig)
{
	if (rig->opened)
		return;
	rig->opened = true;
	for (int i = 0; i < rig->n_devices; i++) {
		struct rig_device *d = &rig->devices[i];
		d->li_device = libinput_path_add_device(rig->li, d->node);
		if (!d->li_device) {
			weston_log("bezel-rig: libinput cannot open touch device %s\n", d->node);
			continue;
		}
		evlog(rig, "touch device opened %s", d->node);
	}
	li_dispatch(0, 0, rig); /* device-added events already queued */
}

static int on_sigusr2(int sig, void *data)
{
	(void)sig;
	open_devices(data);
	return 0;
}

/* ---- life cycle ---- */

static void compositor_destroyed(struct wl_listener *l, void *data)
{
	struct rig *rig = wl_container_of(l, rig, destroy_listener);
	(void)data;
	wl_list_remove(&rig->destroy_listener.link);
	if (rig->li_source)
		wl_event_source_remove(rig->li_source);
	if (rig->sigusr2_source)
		wl_event_source_remove(rig->sigusr2_source);
	if (rig->li)
		libinput_unref(rig->li);
	for (int i = 0; i < rig->n_devices; i++) {
		if (rig->devices[i].touch_device)
			weston_touch_device_destroy(rig->devices[i].touch_device);
		free(rig->devices[i].node);
		free(rig->devices[i].output_name);
	}
	if (rig->lock_layer_used)
		weston_layer_fini(&rig->lock_layer);
	if (rig->seat_ready)
		weston_seat_release(&rig->seat);
	if (rig->event_log)
		fclose(rig->event_log);
	free(rig->unplug_output);
	free(rig);
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
		d->node = strdup(tok);
		d->output_name = at ? strdup(at + 1) : NULL;
	}
	free(copy);
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
	weston_config_section_get_string(sec, "touch-device", &devices, NULL);
	weston_config_section_get_string(sec, "touch-device-open", &open_when, "start");
	weston_config_section_get_string(sec, "seat", &seat_name, "bezel");
	weston_config_section_get_string(sec, "event-log", &event_log, NULL);
	weston_config_section_get_string(sec, "unplug-output", &rig->unplug_output, NULL);
	weston_config_section_get_int(sec, "unplug-after-motions", &rig->unplug_after, 0);
	weston_config_section_get_int(sec, "lock-after-motions", &rig->lock_after, 0);
	char *add_output = NULL;
	weston_config_section_get_string(sec, "add-output", &add_output, NULL);
	if (add_output) {
		const struct weston_windowed_output_api *api = weston_windowed_output_get_api(ec);
		if (!api || api->create_head(ec, add_output) < 0)
			weston_log("bezel-rig: cannot add output %s\n", add_output);
		else
			weston_log("bezel-rig: output %s plugged in\n", add_output);
		free(add_output);
	}
	devices = env_or("BEZEL_WESTON_TOUCH_DEVICE", devices);
	open_when = env_or("BEZEL_WESTON_TOUCH_OPEN", open_when);
	event_log = env_or("BEZEL_WESTON_EVENT_LOG", event_log);
	if (event_log && !(rig->event_log = fopen(event_log, "ae")))
		weston_log("bezel-rig: cannot open event log %s: %s\n", event_log, strerror(errno));

	rig->destroy_listener.notify = compositor_destroyed;
	wl_signal_add(&ec->destroy_signal, &rig->destroy_listener);
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
	for (int i = 0; i < rig->n_devices; i++)
		rig->devices[i].touch_device = weston_touch_create_touch_device(
			rig->seat.touch_state, rig->devices[i].node, NULL, NULL);

	rig->li = libinput_path_create_context(&li_interface, rig);
	if (!rig->li)
		goto out;
	libinput_log_set_handler(rig->li, li_log);
	libinput_log_set_priority(rig->li, LIBINPUT_LOG_PRIORITY_INFO);
	struct wl_event_loop *loop = wl_display_get_event_loop(ec->wl_display);
	rig->li_source = wl_event_loop_add_fd(loop, libinput_get_fd(rig->li), WL_EVENT_READABLE,
					      li_dispatch, rig);
	weston_log("bezel-rig: %d touch device(s) on seat %s\n", rig->n_devices, seat_name);
	if (open_when && !strcmp(open_when, "sigusr2")) {
		rig->sigusr2_source = wl_event_loop_add_signal(loop, SIGUSR2, on_sigusr2, rig);
		weston_log("bezel-rig: touch devices open on SIGUSR2\n");
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
