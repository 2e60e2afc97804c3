/*
 * bezel-compositor: a wlroots 0.18 compositor about the size of tinywl, written to show how a
 * compositor takes libbezel-wlroots in. Read it top to bottom: windows, the two questions the
 * adapter asks the compositor (what is under a finger, where a surface is shown), touches,
 * main. What is not tinywl is marked "Bezel:".
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
 * Beside it, the same for every generation: outputs.c makes the outputs, configuration.c
 * reads the command line and the [bezel] keys the compositor acts on, seat-requests.c grants
 * a client's drag and selection, panels.c draws the demo shell (what the gestures do). A test build (bezel-compositor-rig)
 * also links the test rig of hosts/wlroots/rig/, which reads a touchscreen through Bezel's
 * libinput source (touch-device=) into a touch device of its own; the product has none.
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

/* The product has no rig: a test build's rig file sets this (compositor.h). */
__attribute__((weak)) const struct compositor_rig *compositor_rig;

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
static struct wlr_surface *surface_at(void *data, double lx, double ly, double *sx, double *sy)
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
static bool surface_position(void *data, struct wlr_surface *surface, double *lx, double *ly)
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

/* ---------------------------------------------------------------- touch */

/*
 * Bezel: where tinywl hit-tests a touch and notifies the seat, this compositor hands the touch
 * to the adapter in layout coordinates and is done. The adapter makes the seat's touch point
 * (popup grabs and drags see it) but decides itself, with the plugin, what the client gets and
 * when: at once, held until the plugin knows it is no gesture, or never.
 */

/* wlr_touch positions are 0..1 on the device's output: layout pixels on the touch output. */
static void touch_to_layout(struct server *s, double x, double y, double *lx, double *ly)
{
	struct wlr_box box;
	bool placed = output_box(s, nth_output(s, s->touch_output), &box);
	*lx = placed ? box.x + x * box.width : x;
	*ly = placed ? box.y + y * box.height : y;
}

static void touch_down(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_down);
	struct wlr_touch_down_event *ev = data;
	double lx, ly;
	touch_to_layout(s, ev->x, ev->y, &lx, &ly);
	/* A touch-down closes what committed gestures left open (a stand-in for a shell). */
	panels_dismiss(s);
	if (s->bezel) {
		bezel_wlr_touch_down(s->bezel, ev->touch_id, lx, ly, ev->time_msec);
		return;
	}
	/* Without the adapter (latency baseline): tinywl's way, straight to the seat. */
	double sx, sy;
	struct wlr_surface *surf = surface_at(s, lx, ly, &sx, &sy);
	if (surf && wlr_surface_accepts_touch(s->seat, surf))
		wlr_seat_touch_notify_down(s->seat, surf, ev->time_msec, ev->touch_id, sx, sy);
}

static void touch_motion(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_motion);
	struct wlr_touch_motion_event *ev = data;
	double lx, ly;
	touch_to_layout(s, ev->x, ev->y, &lx, &ly);
	if (s->bezel) {
		bezel_wlr_touch_motion(s->bezel, ev->touch_id, lx, ly, ev->time_msec);
		return;
	}
	struct wlr_touch_point *p = wlr_seat_touch_get_point(s->seat, ev->touch_id);
	if (!p || !p->surface)
		return;
	int nx = 0, ny = 0;
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_try_from_wlr_surface(p->surface);
	if (xdg && xdg->data)
		wlr_scene_node_coords(&((struct wlr_scene_tree *)xdg->data)->node, &nx, &ny);
	wlr_seat_touch_notify_motion(s->seat, ev->time_msec, ev->touch_id, lx - nx, ly - ny);
}

static void touch_up(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_up);
	struct wlr_touch_up_event *ev = data;
	if (s->bezel)
		bezel_wlr_touch_up(s->bezel, ev->touch_id, ev->time_msec);
	else
		wlr_seat_touch_notify_up(s->seat, ev->time_msec, ev->touch_id);
}

static void touch_frame(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_frame);
	(void)data;
	if (s->bezel)
		bezel_wlr_touch_frame(s->bezel);
	else
		wlr_seat_touch_notify_frame(s->seat);
}

static void touch_cancel(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_cancel);
	struct wlr_touch_cancel_event *ev = data;
	if (s->bezel)
		bezel_wlr_touch_cancel(s->bezel, ev->time_msec);
}

/* A touch device that goes takes our listeners' places with it: leave them first. */
static void touch_destroy(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_destroy);
	(void)data;
	wl_list_remove(&s->touch_down.link);
	wl_list_remove(&s->touch_motion.link);
	wl_list_remove(&s->touch_up.link);
	wl_list_remove(&s->touch_frame.link);
	wl_list_remove(&s->touch_cancel.link);
	wl_list_remove(&s->touch_destroy.link);
	s->touch_dev = NULL;
}

static void new_input(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_input);
	struct wlr_input_device *dev = data;
	if (dev->type != WLR_INPUT_DEVICE_TOUCH || s->touch_dev)
		return;
	s->touch_dev = dev;
	/* wlroots 0.18: the touch signals are the wlr_touch's, which embeds the device. */
	struct wlr_touch *touch = wlr_touch_from_input_device(dev);
	s->touch_down.notify = touch_down;
	wl_signal_add(&touch->events.down, &s->touch_down);
	s->touch_motion.notify = touch_motion;
	wl_signal_add(&touch->events.motion, &s->touch_motion);
	s->touch_up.notify = touch_up;
	wl_signal_add(&touch->events.up, &s->touch_up);
	s->touch_frame.notify = touch_frame;
	wl_signal_add(&touch->events.frame, &s->touch_frame);
	s->touch_cancel.notify = touch_cancel;
	wl_signal_add(&touch->events.cancel, &s->touch_cancel);
	s->touch_destroy.notify = touch_destroy;
	wl_signal_add(&dev->events.destroy, &s->touch_destroy);
	wlr_seat_set_capabilities(s->seat, WL_SEAT_CAPABILITY_TOUCH);
	wlr_log(WLR_INFO, "touch device %s", dev->name);
}

/* ---------------------------------------------------------------- main */

static void find_headless(struct wlr_backend *b, void *data)
{
	struct server *s = data;
	if (wlr_backend_is_headless(b))
		s->headless = b;
}

static int on_terminate(int sig, void *data)
{
	struct server *s = data;
	wlr_log(WLR_INFO, "signal %d: shutting down", sig);
	wl_display_terminate(s->display);
	return 0;
}

int main(int argc, char **argv)
{
	struct server s = { .width = 1080, .height = 1920 };
	struct command_line cl;
	int status = read_command_line(argc, argv, &s, &cl);
	if (status >= 0)
		return status; /* --help, or a word it does not take */
	bool intercept = true;
	wlr_log_init(WLR_INFO, NULL); /* read_settings raises it for log-level=debug */
	wl_list_init(&s.outputs);

	s.display = wl_display_create();
	s.backend = wlr_backend_autocreate(wl_display_get_event_loop(s.display), NULL);
	if (!s.backend) {
		wlr_log(WLR_ERROR, "no backend (for no display and no GPU: WLR_BACKENDS=headless)");
		return 1;
	}
	if (wlr_backend_is_multi(s.backend))
		wlr_multi_for_each_backend(s.backend, find_headless, &s);
	else if (wlr_backend_is_headless(s.backend))
		s.headless = s.backend;
	s.renderer = wlr_renderer_autocreate(s.backend);
	if (!s.renderer) {
		wlr_log(WLR_ERROR, "no renderer (without a GPU: WLR_RENDERER=pixman)");
		return 1;
	}
	wlr_renderer_init_wl_display(s.renderer, s.display);
	s.allocator = wlr_allocator_autocreate(s.backend, s.renderer);
	/* wl_compositor version 5; subsurfaces are a global of their own since wlroots 0.16. */
	s.compositor = wlr_compositor_create(s.display, 5, s.renderer);
	wlr_subcompositor_create(s.display);
	wlr_data_device_manager_create(s.display);

	s.layout = wlr_output_layout_create(s.display);
	/* Screenshots (grim) of what the compositor draws: the tests check the panels' pixels. */
	wlr_screencopy_manager_v1_create(s.display);
	wlr_xdg_output_manager_v1_create(s.display, s.layout);
	s.scene = wlr_scene_create();
	s.scene_layout = wlr_scene_attach_output_layout(s.scene, s.layout);
	/* Layer order: apps, then the demo shell's panels above them (never hit: surface_at
	 * looks in the apps' tree only). */
	s.apps = wlr_scene_tree_create(&s.scene->tree);
	s.panels.tree = wlr_scene_tree_create(&s.scene->tree);
	s.new_output.notify = new_output;
	wl_signal_add(&s.backend->events.new_output, &s.new_output);

	s.seat = wlr_seat_create(s.display, "seat0");
	s.xdg_shell = wlr_xdg_shell_create(s.display, 3);
	s.new_toplevel.notify = new_toplevel;
	wl_signal_add(&s.xdg_shell->events.new_toplevel, &s.new_toplevel);
	s.new_popup.notify = new_popup;
	wl_signal_add(&s.xdg_shell->events.new_popup, &s.new_popup);
	s.new_input.notify = new_input;
	wl_signal_add(&s.backend->events.new_input, &s.new_input);
	s.request_start_drag.notify = request_start_drag;
	wl_signal_add(&s.seat->events.request_start_drag, &s.request_start_drag);
	s.request_set_selection.notify = request_set_selection;
	wl_signal_add(&s.seat->events.request_set_selection, &s.request_set_selection);

	/* Bezel: the adapter joins the seat. It asks the compositor two questions (surface_at,
	 * surface_position) and tells it about gestures (the demo shell draws them). */
	struct bezel_wlr_interface iface = {
		.version = BEZEL_WLR_INTERFACE_VERSION,
		.surface_at = surface_at,
		.surface_position = surface_position,
		.gesture = panels_gesture,
		.affordance = panels_affordance,
	};
	int r = bezel_wlr_create(s.display, s.compositor, s.seat, s.layout, &iface, &s, &s.bezel);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "bezel: cannot attach: %s", bezel_result_string(r));
		return 1;
	}
	if (read_settings(&s, cl.config_path, cl.rotate, &intercept) < 0)
		return 1;
	/* A latency baseline: the adapter read the configuration and goes again before any client
	 * can connect; touches go straight to the seat, as in tinywl. */
	if (!intercept) {
		bezel_wlr_destroy(s.bezel);
		s.bezel = NULL;
		wlr_log(WLR_INFO, "bezel: intercept=false, touches go straight to the seat");
	}

	const char *name = cl.socket;
	if (cl.socket) {
		if (wl_display_add_socket(s.display, cl.socket) != 0) {
			wlr_log(WLR_ERROR, "cannot listen on socket %s", cl.socket);
			return 1;
		}
	} else if (!(name = wl_display_add_socket_auto(s.display))) {
		wlr_log(WLR_ERROR, "cannot create a Wayland socket");
		return 1;
	}
	if (!wlr_backend_start(s.backend)) {
		wlr_log(WLR_ERROR, "cannot start the backend");
		return 1;
	}
	/* More headless outputs than WLR_HEADLESS_OUTPUTS gave (one by default). */
	int have = wl_list_length(&s.outputs);
	for (int i = have; s.headless && i < cl.outputs; i++)
		wlr_headless_add_output(s.headless, s.width, s.height);
	if (compositor_rig && !compositor_rig->start(&s))
		return 1;

	struct wl_event_loop *loop = wl_display_get_event_loop(s.display);
	struct wl_event_source *sigterm = wl_event_loop_add_signal(loop, SIGTERM, on_terminate, &s);
	struct wl_event_source *sigint = wl_event_loop_add_signal(loop, SIGINT, on_terminate, &s);
	setenv("WAYLAND_DISPLAY", name, true);
	if (cl.startup && fork() == 0) {
		execl("/bin/sh", "/bin/sh", "-c", cl.startup, (char *)NULL);
		_exit(127);
	}
	wlr_log(WLR_INFO, "bezel-compositor: running on WAYLAND_DISPLAY=%s", name);
	wl_display_run(s.display);

	wl_display_destroy_clients(s.display);
	wl_event_source_remove(sigterm);
	wl_event_source_remove(sigint);
	if (compositor_rig)
		compositor_rig->stop(&s);
	bezel_wlr_destroy(s.bezel);
	/* wlroots 0.18: the backend is no longer the display's; the display takes the layout, the
	 * seat and the globals with it. Our listeners go first: a signal outlives none of them. */
	wl_list_remove(&s.new_output.link);
	wl_list_remove(&s.new_input.link);
	wl_list_remove(&s.new_toplevel.link);
	wl_list_remove(&s.new_popup.link);
	wl_list_remove(&s.request_start_drag.link);
	wl_list_remove(&s.request_set_selection.link);
	wlr_scene_node_destroy(&s.scene->tree.node);
	wlr_backend_destroy(s.backend);
	wlr_allocator_destroy(s.allocator);
	wlr_renderer_destroy(s.renderer);
	wl_display_destroy(s.display);
	return 0;
}
