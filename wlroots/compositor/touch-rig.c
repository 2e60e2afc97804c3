/*
 * touch-rig: one touchscreen node read through libinput's path backend (see touch-rig.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libinput.h>
#include <wayland-server-core.h>
#include <wlr/util/log.h>

#include "touch-rig.h"

struct touch_rig {
	struct libinput *li;
	struct wl_event_source *source;
	char *node;
	bool opened;
	struct touch_rig_listener listener;
	void *data;
	FILE *event_log;
	bool offset_set;
	int64_t offset_us;
};

static int64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

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

/* Kernel event times are CLOCK_MONOTONIC. A replayed recording keeps its recorded times:
 * they are shifted once so that they start now and keep their spacing. */
static int64_t event_usec(struct touch_rig *rig, struct libinput_event_touch *t)
{
	int64_t us = (int64_t)libinput_event_touch_get_time_usec(t);
	if (!rig->offset_set) {
		int64_t d = now_usec() - us;
		rig->offset_us = (d > 1000000 || d < -1000000) ? d : 0;
		rig->offset_set = true;
		if (rig->offset_us)
			wlr_log(WLR_INFO, "touch-rig: event times are not CLOCK_MONOTONIC (a "
				"recording?); shifting them by %lld us", (long long)rig->offset_us);
	}
	return us + rig->offset_us;
}

static void rig_log(struct touch_rig *rig, const char *what, int slot, int64_t us)
{
	if (!rig->event_log)
		return;
	fprintf(rig->event_log, "%lld libinput %s id=%d time_us=%lld\n", (long long)now_usec(),
		what, slot, (long long)us);
	fflush(rig->event_log);
}

static int dispatch(int fd, uint32_t mask, void *data)
{
	struct touch_rig *rig = data;
	struct libinput_event *ev;
	(void)fd;
	(void)mask;
	libinput_dispatch(rig->li);
	while ((ev = libinput_get_event(rig->li))) {
		enum libinput_event_type type = libinput_event_get_type(ev);
		struct libinput_event_touch *t = NULL;
		if (type >= LIBINPUT_EVENT_TOUCH_DOWN && type <= LIBINPUT_EVENT_TOUCH_FRAME)
			t = libinput_event_get_touch_event(ev);
		int64_t us = t ? event_usec(rig, t) : now_usec();
		uint32_t ms = (uint32_t)(us / 1000);
		switch (type) {
		case LIBINPUT_EVENT_TOUCH_DOWN:
		case LIBINPUT_EVENT_TOUCH_MOTION: {
			int slot = libinput_event_touch_get_seat_slot(t);
			/* 0..1 of the device's range; a large scale keeps the precision. */
			double x = libinput_event_touch_get_x_transformed(t, 1u << 20) / (1u << 20);
			double y = libinput_event_touch_get_y_transformed(t, 1u << 20) / (1u << 20);
			bool down = type == LIBINPUT_EVENT_TOUCH_DOWN;
			rig_log(rig, down ? "down" : "motion", slot, us);
			if (down)
				rig->listener.down(rig->data, slot, x, y, ms);
			else
				rig->listener.motion(rig->data, slot, x, y, ms);
			break;
		}
		case LIBINPUT_EVENT_TOUCH_UP: {
			int slot = libinput_event_touch_get_seat_slot(t);
			rig_log(rig, "up", slot, us);
			rig->listener.up(rig->data, slot, ms);
			break;
		}
		case LIBINPUT_EVENT_TOUCH_FRAME:
			rig->listener.frame(rig->data, ms);
			break;
		case LIBINPUT_EVENT_TOUCH_CANCEL:
			rig->listener.cancel(rig->data, ms);
			break;
		case LIBINPUT_EVENT_DEVICE_ADDED:
			wlr_log(WLR_INFO, "touch-rig: device added: %s",
				libinput_device_get_name(libinput_event_get_device(ev)));
			break;
		case LIBINPUT_EVENT_DEVICE_REMOVED:
			wlr_log(WLR_INFO, "touch-rig: device removed");
			rig->listener.cancel(rig->data, ms);
			break;
		default:
			break;
		}
		libinput_event_destroy(ev);
	}
	return 0;
}

struct touch_rig *touch_rig_create(struct wl_event_loop *loop, const char *node,
				   const struct touch_rig_listener *listener, void *data,
				   FILE *event_log)
{
	struct touch_rig *rig = calloc(1, sizeof *rig);
	if (!rig)
		return NULL;
	rig->listener = *listener;
	rig->data = data;
	rig->event_log = event_log;
	rig->node = strdup(node);
	rig->li = libinput_path_create_context(&li_interface, rig);
	if (!rig->node || !rig->li) {
		touch_rig_destroy(rig);
		return NULL;
	}
	rig->source = wl_event_loop_add_fd(loop, libinput_get_fd(rig->li), WL_EVENT_READABLE,
					   dispatch, rig);
	if (!rig->source) {
		touch_rig_destroy(rig);
		return NULL;
	}
	return rig;
}

int touch_rig_open(struct touch_rig *rig)
{
	if (rig->opened)
		return 0;
	rig->opened = true;
	struct libinput_device *dev = libinput_path_add_device(rig->li, rig->node);
	if (!dev) {
		wlr_log(WLR_ERROR, "touch-rig: libinput cannot open %s", rig->node);
		return -1;
	}
	if (!libinput_device_has_capability(dev, LIBINPUT_DEVICE_CAP_TOUCH))
		wlr_log(WLR_ERROR, "touch-rig: %s is not a touch device", rig->node);
	if (rig->event_log) {
		fprintf(rig->event_log, "%lld touch device opened %s\n", (long long)now_usec(),
			rig->node);
		fflush(rig->event_log);
	}
	dispatch(0, 0, rig); /* device-added events already queued */
	return 0;
}

void touch_rig_destroy(struct touch_rig *rig)
{
	if (!rig)
		return;
	if (rig->source)
		wl_event_source_remove(rig->source);
	if (rig->li)
		libinput_unref(rig->li);
	free(rig->node);
	free(rig);
}
