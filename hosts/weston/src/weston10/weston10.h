/*
 * weston10.h: the few weston 10 internals that the Bezel modules need.
 *
 * libweston-10.so.0 exports these functions, but declares them only in libweston/backend.h and
 * libweston/libweston-internal.h, which Debian's libweston-10-dev does not install. They are
 * redeclared here from weston 10.0.x, and the build stops for any other weston major version:
 * check every line below against that version's headers before changing the number.
 *
 * The product module (bezel-weston.so) uses only the drag container layout; the test rig
 * (bezel-weston-rig.so) uses the seat and notify functions, as a backend would.
 */
#ifndef BEZEL_WESTON10_H
#define BEZEL_WESTON10_H

#include <time.h>
#include <libweston/libweston.h>
#include <libweston/version.h>

#if WESTON_VERSION_MAJOR != 10
#error "weston10.h redeclares weston 10 internals; check them against this weston version"
#endif

/* libweston/libweston-internal.h: seats, as a backend creates them. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);

/* libweston/backend.h: a backend's touch device and its input path. */
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data, const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
			     int touch_id, double x, double y,
			     const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

/*
 * libweston/data-device.c (private): the container of weston's touch drag grab. The module
 * reads only `data_source`, and only after it has checked that the grab is weston's own drag
 * grab (see drag.c), to send wl_data_source.cancelled when a system gesture cancels the drag.
 */
struct bw_weston10_drag {
	struct wl_client *client;
	struct weston_data_source *data_source;
	struct wl_listener data_source_listener;
	struct weston_view *focus;
	struct wl_resource *focus_resource;
	struct wl_listener focus_listener;
	struct weston_view *icon;
	struct wl_listener icon_destroy_listener;
	int32_t dx, dy;
	struct weston_keyboard_grab keyboard_grab;
};
struct bw_weston10_touch_drag {
	struct bw_weston10_drag base;
	struct weston_touch_grab grab;
};

#endif
