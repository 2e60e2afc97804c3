/*
 * bezel-wlroots-private.h: what the adapter's files share (never installed). The adapter is
 * split by concern: adapter.c (life cycle, and the path of a touch through the files),
 * input.c (touch input), touches.c (the table of fingers), surfaces.c (surfaces and policy, R6), outputs.c, delivery.c (events to
 * clients), grab.c (the seat's touch grab), drag.c (R7), gestures.c (gestures, affordances) and
 * log.c (the plugin's log lines).
 *
 * The plugin keeps what every host would otherwise keep again: the event log, the policy (from
 * the facts surfaces.c gives), what a client is still owed after a cancel or a refused down,
 * and every coordinate conversion (the adapter gives layout coordinates).
 */
#ifndef BEZEL_WLROOTS_PRIVATE_H
#define BEZEL_WLROOTS_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-server-core.h>
#include <wlr/types/wlr_seat.h>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "touches.h"

/* A surface of the compositor; the plugin knows it (`added`) while it is shown. */
struct bwl_surface {
	struct bezel_wlr *bw;
	struct wl_list link;
	struct wlr_surface *surface;
	struct wl_listener commit;
	struct wl_listener destroy;
	bool added;
	bool top_level;       /* added without a parent: its facts decide its policy (R6) */
	/* The plugin's tree, mirrored: the plugin drops a surface with everything added under
	 * it, so the adapter forgets them together (surfaces.c, surface_forget). */
	struct bwl_surface *under; /* the surface it was added under (NULL: top-level, or not added) */
	struct wl_list children;   /* bwl_surface.sibling: the surfaces added under it */
	struct wl_list sibling;
	double x, y, w, h;    /* the rectangle last given to the plugin (layout coordinates) */
};

struct bwl_output {
	struct bezel_wlr *bw;
	struct wl_list link;
	struct wlr_output *output;
	struct wl_listener destroy;
	uint32_t id;                 /* the plugin's output id */
	bool added;                  /* the plugin knows it */
	int32_t width_mm, height_mm; /* set by bezel_wlr_set_output_size_mm; 0: as reported */
};

struct bezel_wlr {
	struct wl_display *display;
	struct wlr_seat *seat;
	struct wlr_output_layout *layout;
	struct bezel_plugin *plugin;
	struct bezel_wlr_interface iface;
	void *data;

	/* The grab on top of the seat, and the grab that went underneath it (NULL: default). */
	struct wlr_seat_touch_grab grab;
	struct wlr_seat_touch_grab *inner;
	bool destroying;

	struct bwl_touches touches;
	uint32_t last_msec;

	/* The touch drag being followed (R7). */
	struct wlr_drag *drag;
	int32_t drag_id;
	struct wl_listener drag_destroy;

	struct wl_list surfaces; /* bwl_surface.link */
	struct wl_list outputs;  /* bwl_output.link */
	uint32_t next_output_id; /* 0 is the plugin's default output: the first one seen */

	struct wl_listener new_surface;
	struct wl_listener grab_begin;
	struct wl_listener grab_end;
	struct wl_listener start_drag;
	struct wl_listener seat_destroy;
	struct wl_listener layout_add;
	struct wl_listener layout_change;
	struct wl_listener layout_destroy;
};

/* Nothing below leaves the shared library. */
#pragma GCC visibility push(hidden)

/* log.c */
uint64_t bwl_now_usec(void);
void bwl_plugin_log(void *data, int level, const char *message);

/* outputs.c */
struct bwl_output *bwl_output_find(struct bezel_wlr *bw, struct wlr_output *output);
struct bwl_output *bwl_output_by_id(struct bezel_wlr *bw, uint32_t id);
void bwl_outputs_sync(struct bezel_wlr *bw);
void bwl_outputs_listen(struct bezel_wlr *bw);
void bwl_outputs_finish(struct bezel_wlr *bw);

/* surfaces.c */
void bwl_new_surface(struct wl_listener *l, void *data);
void bwl_surface_sync(struct bezel_wlr *bw, struct wlr_surface *s, double x, double y, int depth);
void bwl_surfaces_finish(struct bezel_wlr *bw);
/* The plugin's wl_region reader (bezel.h, DEFERRAL REGIONS): wlroots' region boxes, lent. */
int bwl_read_region(void *data, struct wl_resource *region, const struct bezel_box **boxes);

/* delivery.c: the plugin's decisions for clients (bezel_host_interface) */
void bwl_deliver_down(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		     uint32_t time);
void bwl_deliver_motion(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		       uint32_t time);
void bwl_deliver_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time);
void bwl_deliver_frame(void *data, struct wl_client *client);
void bwl_deliver_cancel(void *data, struct wl_client *client);

/* gestures.c */
void bwl_gesture_event(void *data, const struct bezel_gesture_event *e);
void bwl_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown);

/* drag.c */
void bwl_drag_started(struct wl_listener *l, void *data);
void bwl_cancel_drag(void *data);

/* grab.c */
extern const struct wlr_touch_grab_interface bwl_grab_interface;
bool bwl_inner_is_drag(struct bezel_wlr *bw);
void bwl_grab_begun(struct wl_listener *l, void *data);
void bwl_grab_ended(struct wl_listener *l, void *data);

#pragma GCC visibility pop

#endif /* BEZEL_WLROOTS_PRIVATE_H */
