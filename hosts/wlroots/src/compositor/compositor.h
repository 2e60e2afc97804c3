/*
 * compositor.h: what bezel-compositor's files share. main.c starts and stops it;
 * VERSION/bezel-compositor.c is what one wlroots generation does its own way (0.15/, 0.18/:
 * windows, the adapter's questions); touches.c hands touches to the adapter; outputs.c makes
 * its outputs; panels.c draws the demo shell; a test build links the rig of
 * hosts/wlroots/rig/ as well, which the product never needs. The files beside the
 * generations' folders serve every generation: where wlroots moved under them, they say so
 * with WLR_VERSION_MINOR, or go through this header.
 */
#ifndef BEZEL_COMPOSITOR_H
#define BEZEL_COMPOSITOR_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-server-core.h>
#include <wlr/version.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>

#include "bezel.h"
#include "bezel-wlroots.h"

#if WLR_VERSION_MINOR >= 16
/* wlroots 0.16: a scene node's parent is a wlr_scene_tree (0.15: any wlr_scene_node). */
#define SCENE_PARENT(tree) (tree)
#else
#define SCENE_PARENT(tree) (&(tree)->node)
#endif

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
#if WLR_VERSION_MINOR >= 18
	/* wlroots 0.18: the scene places outputs through this, xdg-shell announces toplevels
	 * and popups apart, and a touch device is left when it goes. */
	struct wlr_scene_output_layout *scene_layout;
	struct wl_listener new_toplevel, new_popup, touch_destroy;
#endif
};

struct output {
	struct wl_list link;
	struct server *server;
	struct wlr_output *wlr_output;
	struct wl_listener frame, destroy;
};

/* VERSION/bezel-compositor.c, what each wlroots generation does its own way (main.c and
 * touches.c call them): the adapter's hit-test and "where is this surface shown"
 * (bezel_wlr_interface's surface_at and surface_position); xdg-shell's global and its
 * listeners (after the seat); and, after the run and the adapter, freeing what the display
 * does not take with it, then the display. */
struct wlr_surface *surface_at(void *data, double lx, double ly, double *sx, double *sy);
bool surface_position(void *data, struct wlr_surface *surface, double *lx, double *ly);
void xdg_shell_start(struct server *s);
void server_finish(struct server *s);

/* outputs.c: the backend's new_output handler; the n-th output (1-based) in the order they
 * appeared (the first for no such output); a weston.ini transform name (normal, 90, ...,
 * flipped-270) as its wl_output value, or -1; `o`'s place and size in the layout (false, and
 * an empty box, if it has none); `o` turned to a wl_output transform and committed (the rig's
 * --rotate; false if refused). */
void new_output(struct wl_listener *l, void *data);
struct wlr_output *nth_output(struct server *s, int n);
int transform_value(const char *name);
bool output_box(struct server *s, struct wlr_output *o, struct wlr_box *box);
bool output_turn(struct wlr_output *o, int transform);

/* configuration.c. The command line: --socket, -s, --config, --outputs, --rotate (the rig's)
 * in `cl`, --size and --transform in the server; -1 to run, else the status to exit with (the
 * usage printed). Bezel: the plugin parses the whole [bezel] section (one key list for every
 * host); read_settings reads back the few keys only the compositor acts on (and has the rig
 * read its own), -1 if the compositor cannot start. */
struct command_line {
	const char *socket, *startup, *config_path, *rotate;
	int outputs;
};
int read_command_line(int argc, char **argv, struct server *s, struct command_line *cl);
int read_settings(struct server *s, const char *config_path, const char *rotate, bool *intercept);

/* touches.c: the backend's new_input handler; it takes the first touch device and hands its
 * touches to the adapter (without it, to the seat). */
void new_input(struct wl_listener *l, void *data);

/* seat-requests.c: the seat's request_start_drag (granted for a touch-down's serial) and
 * request_set_selection listeners. */
void request_start_drag(struct wl_listener *l, void *data);
void request_set_selection(struct wl_listener *l, void *data);

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
