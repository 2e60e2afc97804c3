/*
 * compositor.h: what bezel-compositor's files share. bezel-compositor.c is the compositor
 * (windows, the seat, touches through the adapter); outputs.c its outputs; panels.c draws the
 * demo shell;
 * a test build links the rig of hosts/wlroots/rig/ as well, which the product never needs.
 */
#ifndef BEZEL_COMPOSITOR_H
#define BEZEL_COMPOSITOR_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-server-core.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>

#include "bezel.h"
#include "bezel-wlroots.h"

/* The demo shell (panels.c): scene rects by edge index (bezel-demo-panels.h), and one
 * indicator for multi-finger gestures. */
struct panels {
	bool enabled;
	struct wlr_scene_tree *tree; /* above the apps; never hit */
	struct wlr_scene_rect *edge[4];
	bool open[4];
	struct wlr_scene_rect *affordance[4];
	struct wlr_scene_rect *indicator;
	bool indicator_open;
};

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_backend *headless; /* inside `backend`, when it has one */
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_compositor *compositor;
	struct wlr_output_layout *layout;
	struct wlr_scene *scene;
	struct wlr_scene_tree *apps; /* xdg toplevels and their popups */
	struct wlr_seat *seat;
	struct wlr_xdg_shell *xdg_shell;
	struct bezel_wlr *bezel;     /* NULL with intercept=false */
	struct panels panels;

	struct wl_list outputs; /* struct output.link, in the order they appeared */
	int width, height;      /* every output's mode */
	int transform;          /* every output's at start (wl_output transform) */
	int touch_output;       /* 1-based output the touchscreen maps to; 0: the first */
	struct wlr_input_device *touch_dev;
	struct rig *rig;        /* test builds only */

	struct wl_listener new_output, new_input, new_xdg_surface;
	struct wl_listener request_start_drag, request_set_selection;
	struct wl_listener touch_down, touch_up, touch_motion, touch_frame, touch_cancel;
};

struct output {
	struct wl_list link;
	struct server *server;
	struct wlr_output *wlr_output;
	struct wl_listener frame, destroy;
};

/* outputs.c: the backend's new_output handler; the n-th output (1-based) in the order they
 * appeared (the first for no such output); a weston.ini transform name (normal, 90, ...,
 * flipped-270) as its wl_output value, or -1. */
void new_output(struct wl_listener *l, void *data);
struct wlr_output *nth_output(struct server *s, int n);
int transform_value(const char *name);

/* panels.c: the adapter's gesture and affordance callbacks, and a touch-down's dismissal of
 * what committed gestures left open. */
void panels_gesture(void *data, const struct bezel_wlr_gesture_event *ev);
void panels_affordance(void *data, struct wlr_output *out, uint32_t edge, bool shown);
void panels_dismiss(struct server *s);

/*
 * Test equipment (hosts/wlroots/rig/). A test build links a rig that sets `compositor_rig`;
 * in the product it stays NULL (a weak definition), and the compositor reads no touchscreen
 * of its own: its touches come from the backend's devices, as any compositor's.
 *   configure  reads the rig's own [bezel] keys while the plugin has them (touch-device=, ...)
 *              and the --rotate argument (NULL if none); false: do not start
 *   start      after the backend started: feeds a headless touch device, takes SIGUSR1/SIGUSR2
 *   stop       before the display goes
 */
struct compositor_rig {
	bool (*configure)(struct server *s, struct bezel_plugin *plugin, const char *rotate);
	bool (*start)(struct server *s);
	void (*stop)(struct server *s);
};
extern const struct compositor_rig *compositor_rig;

#endif /* BEZEL_COMPOSITOR_H */
