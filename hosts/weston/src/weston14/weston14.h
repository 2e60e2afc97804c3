/*
 * weston14.h: the weston 14 internals that the test rig needs.
 *
 * libweston-14.so.0 exports these functions, but declares them only in libweston/backend.h and
 * libweston/libweston-internal.h, which Debian's libweston-14-dev does not install. They are
 * redeclared here from weston 14.0.x (hosts/weston/tests/run.sh checks that the library exports
 * each one the rig calls), and the build stops for any other weston major version: check every
 * line below against that version's headers before changing the number.
 *
 * Only the rig (bezel-weston-rig.so) uses them, as a backend would. The product module needs
 * no weston 14 internal: unlike weston 10, no private structure is redeclared (see
 * grab-kind.c for how a drag's data source is found).
 */
#ifndef BEZEL_WESTON14_H
#define BEZEL_WESTON14_H

#include <time.h>
#include <libweston/libweston.h>
#include <libweston/version.h>

#if WESTON_VERSION_MAJOR != 14
#error "weston14.h redeclares weston 14 internals; check them against this weston version"
#endif

/* libweston/libweston-internal.h: seats, as a backend creates them. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);

/* libweston/backend.h: a backend's touch device and its input path. weston 14 takes the
 * position as a weston_coord_global (weston 10: two doubles). */
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data, const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
			     int touch_id, const struct weston_coord_global *pos,
			     const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

#endif
