/*
 * bezel-weston.h: what the rooms of bezel-weston.so share.
 *
 * The module is one `struct bw`, created by wet_module_init (module.c) and freed when weston
 * destroys the compositor. Each room owns a part of it and depends on this header only (and
 * on the rooms below it in this list, never on one above):
 *
 *   module.c    wiring: creates the plugin with the rooms' callbacks, starts and stops them
 *   config.c    the [bezel] section, parsed by the plugin; the settings the module acts on
 *   seat.c      every seat's touch: the module's default grab on each seat
 *   drag.c      other touch grabs: weston's drag (R7), popups, anything else
 *   input.c     touches from either grab into the plugin
 *   deliver.c   the plugin's deliveries to clients' wl_touch
 *   surfaces.c  client surfaces in the plugin's tree, their facts, and the hit-test
 *   lock.c      the lock state (R6)
 *   panels.c    the demo shell: solid panels that follow the gestures
 *   outputs.c   weston's outputs as the plugin's outputs
 *
 * The plugin keeps the rest: the [bezel] keys, the event log, the deferral policy (from the
 * facts surfaces.c gives), which touches a client is still owed, and every coordinate
 * conversion (the module gives layout coordinates).
 */
#ifndef BEZEL_WESTON_H
#define BEZEL_WESTON_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

#include "bezel.h"
#include "weston-api.h" /* src/weston10/ or src/weston14/: the generation's spellings */

struct weston_config;

enum bw_lock_detect {
	BW_LOCK_LAYER, /* locked while a layer sits at WESTON_LAYER_POSITION_LOCK */
	BW_LOCK_IDLE,  /* locked from weston's idle signal until its wake signal */
	BW_LOCK_NONE,  /* never locked by the module */
};

/* The [bezel] settings the module acts on itself (config.c reads them back from the plugin). */
struct bw_config {
	bool intercept;
	bool panels;
	enum bw_lock_detect lock_detect;
};

/* One solid-colour view drawn by the module (panels.c); never a client surface. */
struct bw_panel {
	struct weston_surface *surface; /* NULL until first shown */
	struct weston_view *view;
	struct weston_buffer_reference *buffer; /* weston 14: its solid-colour buffer */
	bool shown;
	bool open; /* a committed gesture: stays until the next touch-down */
};

struct bw {
	struct weston_compositor *ec;
	struct bezel_plugin *plugin;
	struct bw_config cfg;

	struct wl_list seats;    /* bw_seat.link */
	struct wl_list surfaces; /* bw_surface.link */
	struct wl_list dirty;    /* bw_surface.dirty_link: committed since the last update */
	struct wl_event_source *dirty_idle; /* also used after a surface went away */

	struct wl_listener destroy_listener;
	struct wl_listener create_surface_listener;
	struct wl_listener seat_created_listener;
	struct wl_listener output_created_listener;
	struct wl_listener output_destroyed_listener;
	struct wl_listener output_resized_listener;
	struct wl_listener output_moved_listener;
	struct wl_listener idle_listener;
	struct wl_listener wake_listener;

	/* The seat whose grab fed the plugin last: decisions are delivered on it. */
	struct bw_seat *current;

	/* drag.c: noticing grabs that clients start with a request */
	struct wl_protocol_logger *logger;
	struct wl_event_source *grab_check_idle;
	struct bw_grab_kinds kinds;

	bool locked;

	struct weston_layer feedback_layer;
	struct bw_panel edge_panel[4]; /* by edge index: the running gesture's panel */
	struct bw_panel affordance[4]; /* by edge index: the bar after a deferred swipe */
	uint32_t panel_output[4];      /* output of each edge panel */
	struct bw_panel indicator;     /* multi-finger gestures: a box in the middle of an output */
	uint32_t indicator_output;
};

struct bw_seat {
	struct bw *bw;
	struct wl_list link;
	struct weston_seat *seat;
	struct weston_touch *touch; /* NULL while the seat has no touch */
	struct wl_listener caps_listener;
	struct wl_listener destroy_listener;
	const struct weston_touch_grab_interface *weston_default;
	uint32_t last_msec;

	/* drag.c: weston's touch drag grab, with the module's grab on top of it */
	struct weston_touch_grab wrap;
	struct weston_touch_grab *drag; /* NULL: no drag */
	int drag_id;
	bool forwarding;
	struct weston_touch_grab *other; /* a grab the module left alone (compared, never used) */
	struct bw_seat_grab_kinds kinds;  /* grab-kind.c */
};

struct bw_surface {
	struct bw *bw;
	struct wl_list link;
	struct weston_surface *surface;
	struct wl_resource *resource;
	struct wl_listener commit_listener;
	struct wl_listener resource_destroy_listener;
	struct wl_list dirty_link; /* on bw.dirty, or empty */
	bool added;
	bool hidden;       /* unmapped since added */
	double x, y, w, h; /* as last given to the plugin */
};

/* Times: weston's timespecs and the plugin's milliseconds, both CLOCK_MONOTONIC. */
static inline uint32_t bw_ts_msec(const struct timespec *ts)
{
	return (uint32_t)((uint64_t)ts->tv_sec * 1000u + (uint64_t)ts->tv_nsec / 1000000u);
}

static inline uint32_t bw_now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return bw_ts_msec(&ts);
}

/* config.c */
void bw_config_read(struct bw *bw, struct weston_config *config);

/* seat.c */
void bw_seats_init(struct bw *bw);
void bw_seats_fini(struct bw *bw);

/* drag.c */
void bw_grabs_init(struct bw *bw);
void bw_grabs_fini(struct bw *bw);
void bw_grab_check(struct bw_seat *bs);
void bw_cancel_drag(void *data);
void bw_seat_release_grabs(struct bw_seat *bs);

/* grab-kind.c (one per generation): which kind a touch grab is */
enum bw_grab_kind { BW_GRAB_DRAG, BW_GRAB_POPUP, BW_GRAB_OTHER };
void bw_grab_kinds_init(struct bw *bw);
/* A client's request, as the protocol logger saw it before weston handled it. */
void bw_grab_kinds_request(struct bw *bw, const struct wl_protocol_logger_message *message);
/* What the seat's new grab is; a drag's data source is kept from here on. */
enum bw_grab_kind bw_grab_kind_of(struct bw_seat *bs, struct weston_touch_grab *grab);
/* The request that could have started a grab has been handled and checked: forget it. */
void bw_grab_kinds_checked(struct bw_seat *bs);
/* The running drag's wl_data_source, or NULL. */
struct weston_data_source *bw_drag_source(struct bw_seat *bs);
/* The drag is over (or the seat goes): what was kept of it is dropped. */
void bw_grab_kinds_drag_over(struct bw_seat *bs);

/* solid-view.c (one per generation): a panel's solid-colour view in a layer */
/* Shows `p` (its surface and view made by panels.c) in `layer` at layout (x, y), w x h, in
 * premultiplied (r, g, b, a). */
bool bw_solid_show(struct bw *bw, struct bw_panel *p, struct weston_layer *layer, float r, float g,
		   float b, float a, double x, double y, int32_t w, int32_t h);
void bw_solid_hide(struct bw *bw, struct bw_panel *p);
void bw_solid_destroy(struct bw_panel *p);

/* input.c: one seat's touch events, in weston's layout ("global") coordinates */
void bw_feed_down(struct bw_seat *bs, const struct timespec *time, int id, double gx, double gy);
void bw_feed_motion(struct bw_seat *bs, const struct timespec *time, int id, double gx, double gy);
void bw_feed_up(struct bw_seat *bs, const struct timespec *time, int id);
void bw_feed_frame(struct bw_seat *bs);
void bw_feed_cancel(struct bw_seat *bs);

/* deliver.c: sets the plugin's touch_* callbacks in `host` */
void bw_deliver_wire(struct bezel_host_interface *host);

/* surfaces.c */
void bw_surfaces_init(struct bw *bw);
void bw_surfaces_fini(struct bw *bw);
/* The plugin's wl_region reader (bezel.h, DEFERRAL REGIONS): weston's region boxes, lent. */
int bw_read_region(void *data, struct wl_resource *region, const struct bezel_box **boxes);
/* The plugin's touch-down for a touch of `touch` at layout position (gx, gy). */
void bw_surfaces_touch_down(struct bw *bw, struct weston_touch *touch, int32_t id, double gx,
			    double gy, uint32_t time);
/* The client or module view that takes input at a layout point, in weston's current order. */
struct weston_view *bw_pick_view(struct weston_compositor *ec, double gx, double gy);

/* lock.c */
void bw_lock_init(struct bw *bw);
void bw_lock_fini(struct bw *bw);
void bw_lock_check(struct bw *bw, uint32_t time);

/* panels.c */
void bw_panels_init(struct bw *bw);
void bw_panels_fini(struct bw *bw);
void bw_panels_dismiss_open(struct bw *bw);
/* Sets the plugin's gesture_event and affordance callbacks in `host`. */
void bw_panels_wire(struct bezel_host_interface *host);

/* outputs.c */
void bw_outputs_init(struct bw *bw);
void bw_outputs_fini(struct bw *bw);
/* The weston output that is the plugin's output `id`, or NULL. */
struct weston_output *bw_output_by_id(struct bw *bw, uint32_t id);

#endif
