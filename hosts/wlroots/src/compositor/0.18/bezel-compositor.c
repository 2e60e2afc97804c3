/*
 * bezel-compositor: a wlroots 0.18 compositor about the size of tinywl, written to show how a
 * compositor takes libbezel-wlroots in. Read it top to bottom: windows, the two questions the
 * adapter asks the compositor (what is under a finger, where a surface is shown), then what
 * start-up and teardown ask of this generation; main() is ../main.c and the touch device
 * ../touches.c, the same for every generation. What is not tinywl is marked "Bezel:".
 * This is the Debian 13 generation; ../0.15/bezel-compositor.c is Debian 12's, the same
 * compositor on wlroots 0.15 (hosts/wlroots/README.md lists what differs).
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
 * a touch device of its own; the product has none.
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
#include <wlr/types/wlr_subcompositor.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_output_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "compositor.h"

/* A toplevel window: its scene tree in the apps' layer. */
struct view {
	struct server *server;
	struct wlr_xdg_toplevel *toplevel;
	struct wlr_scene_tree *tree;
	struct wl_listener map, commit, destroy, request_fullscreen, layout_change;
};

/* A popup: its scene tree lives in its parent's; wlroots 0.18 wants its first configure sent
 * from the compositor, at its initial commit. */
struct popup {
	struct wlr_xdg_popup *xdg_popup;
	struct wl_listener commit, destroy;
};

/* ---------------------------------------------------------------- views */

/* Full-screen on its output: the phone-style placement every toplevel gets. */
static void view_place(struct view *v)
{
	struct server *s = v->server;
	struct wlr_box box;
	if (!output_box(s, nth_output(s, s->touch_output), &box))
		return;
	wlr_scene_node_set_position(&v->tree->node, box.x, box.y);
	wlr_xdg_toplevel_set_size(v->toplevel, (uint32_t)box.width, (uint32_t)box.height);
}

static void view_map(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, map);
	(void)data;
	wlr_scene_node_raise_to_top(&v->tree->node);
	view_place(v);
	wlr_log(WLR_INFO, "toplevel mapped: %s", v->toplevel->title ? v->toplevel->title : "(no title)");
}

/* wlroots 0.18 sends no configure of its own: the compositor answers a toplevel's initial
 * commit with one (its size, and full-screen if the client asked before mapping). */
static void view_commit(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, commit);
	(void)data;
	if (!v->toplevel->base->initial_commit)
		return;
	if (v->toplevel->requested.fullscreen)
		wlr_xdg_toplevel_set_fullscreen(v->toplevel, true);
	view_place(v);
}

static void view_request_fullscreen(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, request_fullscreen);
	(void)data;
	if (!v->toplevel->base->initialized)
		return; /* view_commit answers it */
	wlr_xdg_toplevel_set_fullscreen(v->toplevel, v->toplevel->requested.fullscreen);
	view_place(v);
}

/* Outputs came or went (an unplug): back full screen on the touch output, or on the first
 * output when that one has gone, never left where no output shows it. */
static void view_layout_changed(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, layout_change);
	(void)data;
	if (!v->toplevel->base->initialized)
		return; /* view_commit places it */
	view_place(v);
}

static void view_destroy(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, destroy);
	(void)data;
	wl_list_remove(&v->map.link);
	wl_list_remove(&v->commit.link);
	wl_list_remove(&v->destroy.link);
	wl_list_remove(&v->request_fullscreen.link);
	wl_list_remove(&v->layout_change.link);
	free(v);
}

/* wlroots 0.18 announces toplevels and popups apart (0.15: one new_surface with a role). */
static void new_toplevel(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_toplevel);
	struct wlr_xdg_toplevel *toplevel = data;
	struct view *v = calloc(1, sizeof *v);
	if (!v)
		return;
	v->server = s;
	v->toplevel = toplevel;
	v->tree = wlr_scene_xdg_surface_create(s->apps, toplevel->base);
	toplevel->base->data = v->tree; /* popups and xdg_origin find their parent's tree here */
	v->map.notify = view_map;
	wl_signal_add(&toplevel->base->surface->events.map, &v->map);
	v->commit.notify = view_commit;
	wl_signal_add(&toplevel->base->surface->events.commit, &v->commit);
	v->destroy.notify = view_destroy;
	wl_signal_add(&toplevel->events.destroy, &v->destroy);
	v->request_fullscreen.notify = view_request_fullscreen;
	wl_signal_add(&toplevel->events.request_fullscreen, &v->request_fullscreen);
	v->layout_change.notify = view_layout_changed;
	wl_signal_add(&s->layout->events.change, &v->layout_change);
}

static void popup_commit(struct wl_listener *l, void *data)
{
	struct popup *p = wl_container_of(l, p, commit);
	(void)data;
	if (p->xdg_popup->base->initial_commit)
		wlr_xdg_surface_schedule_configure(p->xdg_popup->base);
}

static void popup_destroy(struct wl_listener *l, void *data)
{
	struct popup *p = wl_container_of(l, p, destroy);
	(void)data;
	wl_list_remove(&p->commit.link);
	wl_list_remove(&p->destroy.link);
	free(p);
}

static void new_popup(struct wl_listener *l, void *data)
{
	(void)l;
	struct wlr_xdg_popup *xdg_popup = data;
	/* A popup goes in its parent's scene tree, so it stacks and moves with it. */
	struct wlr_xdg_surface *parent = xdg_popup->parent ?
		wlr_xdg_surface_try_from_wlr_surface(xdg_popup->parent) : NULL;
	struct popup *p = calloc(1, sizeof *p);
	if (!p)
		return;
	p->xdg_popup = xdg_popup;
	if (parent && parent->data)
		xdg_popup->base->data = wlr_scene_xdg_surface_create(parent->data, xdg_popup->base);
	p->commit.notify = popup_commit;
	wl_signal_add(&xdg_popup->base->surface->events.commit, &p->commit);
	p->destroy.notify = popup_destroy;
	wl_signal_add(&xdg_popup->events.destroy, &p->destroy);
}

/* ---------------------------------------------------------------- what the adapter asks */

/* Bezel: the adapter's hit-test, the one thing only the compositor knows: the topmost app
 * surface that takes input at a layout point. The plugin routes from it (R3's lookup walks up
 * from this surface to the ones that may defer the edge). Panels are in another tree and are
 * never hit. A surface is a buffer node of the scene. */
struct wlr_surface *surface_at(void *data, double lx, double ly, double *sx, double *sy)
{
	struct server *s = data;
	struct wlr_scene_node *n = wlr_scene_node_at(&s->apps->node, lx, ly, sx, sy);
	if (!n || n->type != WLR_SCENE_NODE_BUFFER)
		return NULL;
	struct wlr_scene_surface *ss = wlr_scene_surface_try_from_buffer(wlr_scene_buffer_from_node(n));
	return ss ? ss->surface : NULL;
}

/* Where an xdg surface's window geometry starts in the layout: a toplevel's scene node, a
 * popup placed against its parent's (false: not shown). */
static bool xdg_origin(struct wlr_xdg_surface *xdg, int depth, int *x, int *y)
{
	if (!xdg || !xdg->surface->mapped || !xdg->data || depth > 64)
		return false;
	if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP) {
		struct wlr_xdg_surface *parent = xdg->popup && xdg->popup->parent ?
			wlr_xdg_surface_try_from_wlr_surface(xdg->popup->parent) : NULL;
		if (!xdg_origin(parent, depth + 1, x, y))
			return false;
		*x += xdg->popup->current.geometry.x;
		*y += xdg->popup->current.geometry.y;
		return true;
	}
	struct wlr_scene_tree *tree = xdg->data;
	return wlr_scene_node_coords(&tree->node, x, y);
}

/* The adapter's question "where is this surface shown": from the surface up to its xdg
 * surface, whose scene node knows its place. The cost is the depth of the surface, never the
 * number of surfaces on screen (the adapter asks at a surface's map and while it is touched). */
bool surface_position(void *data, struct wlr_surface *surface, double *lx, double *ly)
{
	(void)data;
	int dx = 0, dy = 0;
	struct wlr_subsurface *sub;
	for (int depth = 0; depth < 64 && (sub = wlr_subsurface_try_from_wlr_surface(surface)); depth++) {
		if (!sub->surface->mapped || !sub->parent)
			return false;
		dx += sub->current.x;
		dy += sub->current.y;
		surface = sub->parent;
	}
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_try_from_wlr_surface(surface);
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

/* wlroots 0.18 announces toplevels and popups apart; xdg_wm_base version 3. */
void xdg_shell_start(struct server *s)
{
	s->xdg_shell = wlr_xdg_shell_create(s->display, 3);
	s->new_toplevel.notify = new_toplevel;
	wl_signal_add(&s->xdg_shell->events.new_toplevel, &s->new_toplevel);
	s->new_popup.notify = new_popup;
	wl_signal_add(&s->xdg_shell->events.new_popup, &s->new_popup);
}

/* wlroots 0.18: the backend is no longer the display's; the display takes the layout, the
 * seat and the globals with it. Our listeners go first: a signal outlives none of them. */
void server_finish(struct server *s)
{
	wl_list_remove(&s->new_output.link);
	wl_list_remove(&s->new_input.link);
	wl_list_remove(&s->new_toplevel.link);
	wl_list_remove(&s->new_popup.link);
	wl_list_remove(&s->request_start_drag.link);
	wl_list_remove(&s->request_set_selection.link);
	wlr_scene_node_destroy(&s->scene->tree.node);
	wlr_backend_destroy(s->backend);
	wlr_allocator_destroy(s->allocator);
	wlr_renderer_destroy(s->renderer);
	wl_display_destroy(s->display);
}
