/*
 * weston-api.h (weston 14): the calls the shared rooms make that weston 10 spells otherwise.
 *
 * weston 14 gives every position as a struct weston_coord_* (global: layout; surface: local
 * to a surface) where weston 10 had wl_fixed_t pairs and ints. Each generation's folder has
 * this header with the same names, and the meson build puts the folder of the weston it finds
 * on the include path. Everything here is in libweston-14's installed headers.
 */
#ifndef BEZEL_WESTON_API_H
#define BEZEL_WESTON_API_H

#include <stdbool.h>
#include <libweston/libweston.h>
#include <libweston/desktop.h> /* libweston-desktop, inside libweston since weston 11 */
#include <libweston/version.h>

#if WESTON_VERSION_MAJOR != 14
#error "src/weston14/ is written against weston 14's installed headers; check them for this version"
#endif

/* A touch grab's down and motion give the layout position as a weston_coord_global. */
#define BW_GRAB_POS_PARAMS struct weston_coord_global pos
#define BW_GRAB_POS_ARGS pos
#define BW_GRAB_X (pos.c.x)
#define BW_GRAB_Y (pos.c.y)

struct weston_data_source;

/*
 * The module's per-generation state of the grab classifier (grab-kind.c). weston 14 builds
 * libweston-desktop into libweston itself, so the object that defines a grab no longer tells
 * a drag from a popup: the request that started the grab does (see grab-kind.c).
 */
enum bw_grab_request { BW_REQUEST_NONE, BW_REQUEST_DRAG, BW_REQUEST_POPUP };

struct bw_grab_kinds {
	int unused; /* the requests are kept per seat */
};

/* Per seat: the last grab-starting request of a client on it, until the next check, and the
 * running drag's data source. */
struct bw_seat_grab_kinds {
	enum bw_grab_request request;
	struct weston_data_source *request_source; /* the start_drag's wl_data_source, or NULL */
	struct weston_data_source *drag_source;    /* the running drag's source, or NULL */
	struct wl_listener drag_source_destroy;
};

static inline double bw_output_x(const struct weston_output *o) { return o->pos.c.x; }
static inline double bw_output_y(const struct weston_output *o) { return o->pos.c.y; }

/* Where a touch's first finger went down, in layout coordinates. */
static inline void bw_touch_grab_pos(const struct weston_touch *t, double *x, double *y)
{
	*x = t->grab_pos.c.x;
	*y = t->grab_pos.c.y;
}

/* The layout position of a view's surface origin. weston 14 asserts that the view's transform
 * is current (a view a shell placed a moment ago is not yet). */
static inline void bw_view_origin(struct weston_view *v, double *x, double *y)
{
	weston_view_update_transform(v);
	struct weston_coord_global g =
		weston_coord_surface_to_global(v, weston_coord_surface(0, 0, v->surface));
	*x = g.c.x;
	*y = g.c.y;
}

/* A layout point in a view's surface coordinates (the transform brought up to date first). */
static inline void bw_view_local(struct weston_view *v, double x, double y, double *sx, double *sy)
{
	weston_view_update_transform(v);
	struct weston_coord_global g = { .c = weston_coord(x, y) };
	struct weston_coord_surface s = weston_coord_global_to_surface(v, g);
	*sx = s.c.x;
	*sy = s.c.y;
}

#endif
