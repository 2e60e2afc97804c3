/*
 * bezel-compositor: a wlroots 0.15 compositor about the size of tinywl, written to show how a
 * compositor takes libbezel-wlroots in. Read it top to bottom: windows, the two questions the
 * adapter asks the compositor (what is under a finger, where a surface is shown), then what
 * start-up and teardown ask of this generation; main() is ../main.c and the touch device
 * ../touches.c, the same for every generation. What is not tinywl is marked "Bezel:".
 * This is the Debian 12 generation; ../0.18/bezel-compositor.c is Debian 13's, the same
 * compositor on wlroots 0.18 (hosts/wlroots/README.md lists what differs).
 *
 *   WLR_BACKENDS=headless WLR_RENDERER=pixman bezel-compositor [--socket NAME] [-s CMD]
 *       [--config FILE] [--outputs N] [--size WxH] [--transform T]
 *
 * The adapter sits between the touch device and the seat: the compositor hands it every touch
 * in layout coordinates (bezel_wlr_touch_*) instead of hit-testing and notifying the seat
 * itself, and the adapter decides, through the plugin, what each client gets. Everything else
 * is an ordinary wlroots compositor: xdg-shell toplevels full-screen on their output (as on a
 * phone) and popups in a scene graph, a seat with touch, drags started with a touch.
 *
 * --config FILE: its [bezel] section is read by the plugin (bezel_plugin_configure_file), with
 * the one key list of docs/hosts.md; a refused key is named in a warning. The plugin acts on
 * log-level, event-log, defer-policy, locked, output-width-mm/-height-mm and the gesture
 * settings itself; the compositor reads back what only it acts on:
 *   touch-output=N (1-based output the touchscreen maps to)   panels=true|false
 *   intercept=true|false (false: no adapter, touches go to clients as in tinywl: latency baseline)
 * --size is every output's mode; --transform T (a weston.ini name: 90, flipped-90, ...) turns
 * every output as wl_output.transform does, so the user sees it turned and its edges are the
 * user's (docs/design.md §4.1). SIGTERM/SIGINT stop it.
 *
 * Beside it, the same for every generation: main.c starts and stops it, touches.c hands the
 * touch device's touches to the adapter, outputs.c makes the outputs, configuration.c reads
 * the command line and the [bezel] keys the compositor acts on, seat-requests.c grants a
 * client's drag and selection, panels.c draws the demo shell (what the gestures do). A test
 * build (bezel-compositor-rig) also links the test rig of hosts/wlroots/rig/, which reads a
 * touchscreen through Bezel's libinput source (touch-device=) into
 * a headless touch device; the product has none.
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_output_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "compositor.h"

/* A toplevel window: its scene tree in the apps' layer. */
struct view {
	struct server *server;
	struct wlr_xdg_surface *xdg;
	struct wlr_scene_node *node;
	struct wl_listener map, destroy, request_fullscreen, layout_change;
};

/* ---------------------------------------------------------------- views */

/* Full-screen on its output: the phone-style placement every toplevel gets. */
static void view_place(struct view *v)
{
	struct server *s = v->server;
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box *box = o ? wlr_output_layout_get_box(s->layout, o) : NULL;
	if (!box)
		return;
	wlr_scene_node_set_position(v->node, box->x, box->y);
	wlr_xdg_toplevel_set_size(v->xdg, (uint32_t)box->width, (uint32_t)box->height);
}

static void view_map(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, map);
	(void)data;
	wlr_scene_node_raise_to_top(v->node);
	view_place(v);
	wlr_log(WLR_INFO, "toplevel mapped: %s", v->xdg->toplevel->title ? v->xdg->toplevel->title : "(no title)");
}

static void view_request_fullscreen(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, request_fullscreen);
	(void)data;
	wlr_xdg_toplevel_set_fullscreen(v->xdg, v->xdg->toplevel->requested.fullscreen);
	view_place(v);
}

/* Outputs came or went (an unplug): back full screen on the touch output, or on the first
 * output when that one has gone, never left where no output shows it. */
static void view_layout_changed(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, layout_change);
	(void)data;
	view_place(v);
}

static void view_destroy(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, destroy);
	(void)data;
	wl_list_remove(&v->map.link);
	wl_list_remove(&v->destroy.link);
	wl_list_remove(&v->request_fullscreen.link);
	wl_list_remove(&v->layout_change.link);
	free(v);
}

static void new_xdg_surface(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_xdg_surface);
	struct wlr_xdg_surface *xdg = data;
	if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP) {
		/* A popup goes in its parent's scene tree, so it stacks and moves with it. */
		struct wlr_xdg_surface *parent = wlr_xdg_surface_from_wlr_surface(xdg->popup->parent);
		if (parent && parent->data)
			xdg->data = wlr_scene_xdg_surface_create(parent->data, xdg);
		return;
	}
	if (xdg->role != WLR_XDG_SURFACE_ROLE_TOPLEVEL)
		return;
	struct view *v = calloc(1, sizeof *v);
	if (!v)
		return;
	v->server = s;
	v->xdg = xdg;
	v->node = wlr_scene_xdg_surface_create(&s->apps->node, xdg);
	xdg->data = v->node;
	v->map.notify = view_map;
	wl_signal_add(&xdg->events.map, &v->map);
	v->destroy.notify = view_destroy;
	wl_signal_add(&xdg->events.destroy, &v->destroy);
	v->request_fullscreen.notify = view_request_fullscreen;
	wl_signal_add(&xdg->toplevel->events.request_fullscreen, &v->request_fullscreen);
	v->layout_change.notify = view_layout_changed;
	wl_signal_add(&s->layout->events.change, &v->layout_change);
	/* wlroots announces a toplevel at its first commit: a set_fullscreen sent before that
	 * is only in `requested`. */
	if (xdg->toplevel->requested.fullscreen)
		wlr_xdg_toplevel_set_fullscreen(xdg, true);
	view_place(v);
}

/* ---------------------------------------------------------------- what the adapter asks */

/* Bezel: the adapter's hit-test, the one thing only the compositor knows: the topmost app
 * surface that takes input at a layout point. The plugin routes from it (R3's lookup walks up
 * from this surface to the ones that may defer the edge). Panels are in another tree and are
 * never hit. */
struct wlr_surface *surface_at(void *data, double lx, double ly, double *sx, double *sy)
{
	struct server *s = data;
	struct wlr_scene_node *n = wlr_scene_node_at(&s->apps->node, lx, ly, sx, sy);
	if (!n || n->type != WLR_SCENE_NODE_SURFACE)
		return NULL;
	return wlr_scene_surface_from_node(n)->surface;
}

/* Where an xdg surface's window geometry starts in the layout: a toplevel's scene node, a
 * popup placed against its parent's (false: not shown). */
static bool xdg_origin(struct wlr_xdg_surface *xdg, int depth, int *x, int *y)
{
	if (!xdg || !xdg->mapped || !xdg->data || depth > 64)
		return false;
	if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP) {
		struct wlr_xdg_surface *parent = xdg->popup && xdg->popup->parent &&
			wlr_surface_is_xdg_surface(xdg->popup->parent) ?
			wlr_xdg_surface_from_wlr_surface(xdg->popup->parent) : NULL;
		if (!xdg_origin(parent, depth + 1, x, y))
			return false;
		*x += xdg->popup->geometry.x;
		*y += xdg->popup->geometry.y;
		return true;
	}
	return wlr_scene_node_coords(xdg->data, x, y);
}

/* The adapter's question "where is this surface shown": from the surface up to its xdg
 * surface, whose scene node knows its place. The cost is the depth of the surface, never the
 * number of surfaces on screen (the adapter asks at a surface's map and while it is touched). */
bool surface_position(void *data, struct wlr_surface *surface, double *lx, double *ly)
{
	(void)data;
	int dx = 0, dy = 0;
	for (int depth = 0; depth < 64 && wlr_surface_is_subsurface(surface); depth++) {
		struct wlr_subsurface *sub = wlr_subsurface_from_wlr_surface(surface);
		if (!sub || !sub->mapped || !sub->parent)
			return false;
		dx += sub->current.x;
		dy += sub->current.y;
		surface = sub->parent;
	}
	if (!wlr_surface_is_xdg_surface(surface))
		return false;
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
	int x, y;
	if (!xdg_origin(xdg, 0, &x, &y))
		return false;
	struct wlr_box geo;
	wlr_xdg_surface_get_geometry(xdg, &geo);
	*lx = x - geo.x + dx;
	*ly = y - geo.y + dy;
	return true;
}

/* ---------------------------------------------------------------- start and end (main.c) */

/* wlroots 0.15 announces every xdg surface in one new_surface, with its role. */
void xdg_shell_start(struct server *s)
{
	s->xdg_shell = wlr_xdg_shell_create(s->display);
	s->new_xdg_surface.notify = new_xdg_surface;
	wl_signal_add(&s->xdg_shell->events.new_surface, &s->new_xdg_surface);
}

/* wlroots 0.15: the display takes the backend, outputs, seat and globals with it; the rest is
 * ours. */
void server_finish(struct server *s)
{
	wl_display_destroy(s->display);
	wlr_output_layout_destroy(s->layout); /* before the scene, which listens to it */
	wlr_scene_node_destroy(&s->scene->node);
	wlr_allocator_destroy(s->allocator);
	wlr_renderer_destroy(s->renderer);
}
