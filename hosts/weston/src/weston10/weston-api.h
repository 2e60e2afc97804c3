/*
 * weston-api.h (weston 10): the calls the shared rooms make that weston 14 spells otherwise.
 *
 * weston 10 gives positions as wl_fixed_t pairs and plain ints; weston 14 as
 * struct weston_coord_*. Each generation's folder has this header with the same names, and the
 * meson build puts the folder of the weston it finds on the include path.
 */
#ifndef BEZEL_WESTON_API_H
#define BEZEL_WESTON_API_H

#include <libweston/libweston.h>
#include <libweston-desktop/libweston-desktop.h>

#include "weston10.h"

/* A touch grab's down and motion give the layout position as two wl_fixed_t. */
#define BW_GRAB_POS_PARAMS wl_fixed_t x, wl_fixed_t y
#define BW_GRAB_POS_ARGS x, y
#define BW_GRAB_X wl_fixed_to_double(x)
#define BW_GRAB_Y wl_fixed_to_double(y)

/* The grab classifier's state (grab-kind.c): the loaded objects that define libweston's and
 * libweston-desktop's touch grabs; it keeps nothing per seat. */
struct bw_grab_kinds {
	const void *libweston_base, *libweston_desktop_base;
};
struct bw_seat_grab_kinds {
	int unused;
};

static inline double bw_output_x(const struct weston_output *o) { return o->x; }
static inline double bw_output_y(const struct weston_output *o) { return o->y; }

/* Where a touch's first finger went down, in layout coordinates. */
static inline void bw_touch_grab_pos(const struct weston_touch *t, double *x, double *y)
{
	*x = wl_fixed_to_double(t->grab_x);
	*y = wl_fixed_to_double(t->grab_y);
}

/* The layout position of a view's surface origin. */
static inline void bw_view_origin(struct weston_view *v, double *x, double *y)
{
	float gx, gy;
	weston_view_to_global_float(v, 0, 0, &gx, &gy);
	*x = gx;
	*y = gy;
}

/* A layout point in a view's surface coordinates. */
static inline void bw_view_local(struct weston_view *v, double x, double y, double *sx, double *sy)
{
	wl_fixed_t vx, vy;
	weston_view_from_global_fixed(v, wl_fixed_from_double(x), wl_fixed_from_double(y), &vx, &vy);
	*sx = wl_fixed_to_double(vx);
	*sy = wl_fixed_to_double(vy);
}

#endif
