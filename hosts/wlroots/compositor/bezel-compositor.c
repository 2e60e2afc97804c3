/*
 * bezel-compositor: a small wlroots 0.15 compositor that shows how a compositor takes
 * libbezel-wlroots in, and runs the wlroots integration tests and demo.
 *
 *   WLR_BACKENDS=headless WLR_RENDERER=pixman bezel-compositor [--socket NAME] [-s CMD]
 *       [--config FILE] [--outputs N] [--size WxH] [--transform T] [--rotate T@N]
 *
 * What is in it, in the order of the code: xdg-shell toplevels (full-screen on their output,
 * as on a phone) and popups in a scene graph; a layer for the compositor's own panels above the
 * apps (the dock and the cover sheet that follow the reported progress, the "swipe again" bar),
 * which never takes input; a seat with touch, whose touches go through the adapter; drags
 * started with a touch; and, for tests, a touchscreen read through Bezel's libinput touch
 * source (bezel.h, bezel_input_source_*) and fed to a headless touch device, so its events take
 * the same path as a real device's.
 *
 * --config FILE: its [bezel] section is read by the plugin (bezel_plugin_configure_file), with
 * the one key list of docs/hosts.md; a refused key is named in a warning. The plugin acts on
 * log-level, event-log, defer-policy, locked, output-width-mm/-height-mm and the gesture
 * settings itself; the compositor reads back what only it acts on:
 *   touch-device=/dev/input/eventN       touch-device-open=start|sigusr2
 *   touch-output=N (1-based output the touchscreen maps to)   panels=true|false
 *   intercept=true|false (false: no adapter, touches go to clients as in tinywl: latency baseline)
 * --size is the panel's own mode; --transform T (a weston.ini name: 90, flipped-90, ...) turns
 * every output as wl_output.transform does, so the user sees it turned and its edges are the
 * user's (docs/design.md §4.1); the touchscreen's positions are mapped through the same turn
 * (bezel_input_source_set_output), as a phone's panel is. --rotate T@N (tests): the rig turns
 * the touch output to T after the N-th touch motion it reads, as a phone turns mid-gesture.
 * Signals: SIGUSR2 opens the touch device (touch-device-open=sigusr2), SIGUSR1 unplugs the last
 * output (tests of R8), SIGTERM/SIGINT stop.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
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

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_backend *headless;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_compositor *compositor;
	struct wlr_output_layout *layout;
	struct wlr_scene *scene;
	struct wlr_scene_tree *apps;   /* xdg toplevels and their popups */
	struct wlr_scene_tree *panels; /* the compositor's own panels: never hit */
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat;
	struct bezel_wlr *bezel;

	struct wl_list outputs; /* struct output.link, in the order they appeared */
	struct wlr_input_device *touch_dev;
	struct bezel_input_source *rig; /* test rig: the touchscreen node through libinput */
	bool rig_opened;
	bool time_offset_set;
	int64_t time_offset_ms;
	int width, height;
	int transform;                /* every output's at start (wl_output transform) */
	int rotate_to, rotate_after;  /* --rotate: -1, or the transform after that many motions */
	int rig_motions;
	struct wl_listener layout_change; /* the rig follows its output's size and transform */

	/* configuration: what the compositor acts on itself, read back from the plugin */
	const char *config_path;
	struct bezel_event_log *event_log; /* the rig's lines; the plugin writes its own */
	char *touch_node;
	bool open_on_sigusr2;
	int touch_output; /* 1-based; 0: the first */
	bool panels_enabled, intercept;

	/* panels: by edge index (top, bottom, left, right) */
	struct wlr_scene_rect *edge_panel[4];
	bool panel_open[4];
	struct wlr_scene_rect *affordance[4];
	/* multi-finger gestures: one indicator in the middle of an output */
	struct wlr_scene_rect *indicator;
	bool indicator_open;

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

struct view {
	struct server *server;
	struct wlr_xdg_surface *xdg;
	struct wlr_scene_node *node;
	struct wl_listener map, destroy, request_fullscreen;
};

/* ---------------------------------------------------------------- outputs */

static void output_frame(struct wl_listener *l, void *data)
{
	struct output *o = wl_container_of(l, o, frame);
	(void)data;
	struct wlr_scene_output *so = wlr_scene_get_scene_output(o->server->scene, o->wlr_output);
	if (!so)
		return;
	wlr_scene_output_commit(so);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(so, &now);
}

static void output_destroy(struct wl_listener *l, void *data)
{
	struct output *o = wl_container_of(l, o, destroy);
	(void)data;
	wl_list_remove(&o->frame.link);
	wl_list_remove(&o->destroy.link);
	wl_list_remove(&o->link);
	free(o);
}

static struct wlr_output *nth_output(struct server *s, int n)
{
	struct output *o, *first = NULL;
	int i = 1;
	wl_list_for_each(o, &s->outputs, link) {
		if (i++ == n)
			return o->wlr_output;
		if (!first)
			first = o;
	}
	return first ? first->wlr_output : NULL; /* no such output: the first one */
}

static void new_output(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_output);
	struct wlr_output *wo = data;
	wlr_output_init_render(wo, s->allocator, s->renderer);
	/* Headless outputs take any mode: a phone-shaped one by default. */
	wlr_output_set_custom_mode(wo, s->width, s->height, 0);
	wlr_output_set_transform(wo, (enum wl_output_transform)s->transform);
	wlr_output_enable(wo, true);
	if (!wlr_output_commit(wo)) {
		wlr_log(WLR_ERROR, "cannot enable output %s", wo->name);
		return;
	}
	struct output *o = calloc(1, sizeof *o);
	if (!o)
		return;
	o->server = s;
	o->wlr_output = wo;
	o->frame.notify = output_frame;
	wl_signal_add(&wo->events.frame, &o->frame);
	o->destroy.notify = output_destroy;
	wl_signal_add(&wo->events.destroy, &o->destroy);
	wl_list_insert(s->outputs.prev, &o->link);
	/* Side by side, left to right: the layout tells the adapter (and clients) about it. */
	wlr_output_layout_add_auto(s->layout, wo);
	wlr_log(WLR_INFO, "output %s %dx%d", wo->name, s->width, s->height);
}

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

static void view_destroy(struct wl_listener *l, void *data)
{
	struct view *v = wl_container_of(l, v, destroy);
	(void)data;
	wl_list_remove(&v->map.link);
	wl_list_remove(&v->destroy.link);
	wl_list_remove(&v->request_fullscreen.link);
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
	/* wlroots announces a toplevel at its first commit: a set_fullscreen sent before that
	 * is only in `requested`. */
	if (xdg->toplevel->requested.fullscreen)
		wlr_xdg_toplevel_set_fullscreen(xdg, true);
	view_place(v);
}

/* The adapter's hit-test: the topmost app surface that takes input there. Panels are in
 * another tree and are never hit. */
static struct wlr_surface *surface_at(void *data, double lx, double ly, double *sx, double *sy)
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
static bool surface_position(void *data, struct wlr_surface *surface, double *lx, double *ly)
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

/* ---------------------------------------------------------------- panels */

static int edge_index(uint32_t edge)
{
	switch (edge) {
	case BEZEL_EDGE_TOP: return 0;
	case BEZEL_EDGE_BOTTOM: return 1;
	case BEZEL_EDGE_LEFT: return 2;
	case BEZEL_EDGE_RIGHT: return 3;
	default: return -1;
	}
}

static void gesture_colour(const char *g, float c[4])
{
	float dock[4] = { 0.60f, 0.64f, 0.72f, 0.92f }, cover[4] = { 0.09f, 0.28f, 0.52f, 0.95f },
	      other[4] = { 0.30f, 0.30f, 0.36f, 0.95f };
	const float *src = !strcmp(g, "dock") ? dock : !strcmp(g, "cover_sheet") ? cover : other;
	for (int i = 0; i < 4; i++)
		c[i] = src[i] * (i < 3 ? src[3] : 1); /* scene colours are premultiplied */
}

/* Places a rect (created on first use) at (x, y, w, h) in layout coordinates. */
static void rect_place(struct server *s, struct wlr_scene_rect **r, const float c[4], int x, int y,
		       int w, int h)
{
	if (w <= 0 || h <= 0) {
		if (*r)
			wlr_scene_node_set_enabled(&(*r)->node, false);
		return;
	}
	if (!*r)
		*r = wlr_scene_rect_create(&s->panels->node, w, h, c);
	if (!*r)
		return;
	wlr_scene_rect_set_color(*r, c);
	wlr_scene_rect_set_size(*r, w, h);
	wlr_scene_node_set_position(&(*r)->node, x, y);
	wlr_scene_node_set_enabled(&(*r)->node, true);
}

static void panel_progress(struct server *s, struct wlr_output *out, const char *g, uint32_t edge,
			   double progress)
{
	int i = edge_index(edge);
	struct wlr_box *box = out ? wlr_output_layout_get_box(s->layout, out) : NULL;
	if (!s->panels_enabled || i < 0 || !box)
		return;
	double p = progress < 0 ? 0 : progress > 1 ? 1 : progress;
	int W = box->width, H = box->height, x = box->x, y = box->y;
	float c[4];
	gesture_colour(g, c);
	switch (edge) {
	case BEZEL_EDGE_BOTTOM: {
		int d = (int)(0.22 * H * p + 0.5);
		rect_place(s, &s->edge_panel[i], c, x, y + H - d, W, d);
		break;
	}
	case BEZEL_EDGE_TOP:
		rect_place(s, &s->edge_panel[i], c, x, y, W, (int)(H * p + 0.5));
		break;
	case BEZEL_EDGE_LEFT:
		rect_place(s, &s->edge_panel[i], c, x, y, (int)(0.4 * W * p + 0.5), H);
		break;
	case BEZEL_EDGE_RIGHT: {
		int d = (int)(0.4 * W * p + 0.5);
		rect_place(s, &s->edge_panel[i], c, x + W - d, y, d, H);
		break;
	}
	}
}

static void panel_hide(struct server *s, int i)
{
	s->panel_open[i] = false;
	if (s->edge_panel[i])
		wlr_scene_node_set_enabled(&s->edge_panel[i]->node, false);
}

/*
 * Multi-finger gestures (docs/design.md §4.5) belong to no edge. A box in the middle of the output
 * stands in for an overview or a workspace switcher: it grows with the progress and, once
 * committed, stays until the next touch-down, like the edge panels.
 */
static void indicator_progress(struct server *s, struct wlr_output *out, const char *g,
			       double progress)
{
	struct wlr_box *box = out ? wlr_output_layout_get_box(s->layout, out) : NULL;
	if (!s->panels_enabled || !box)
		return;
	double p = progress < 0 ? 0 : progress > 1 ? 1 : progress;
	int w = (int)(0.6 * box->width * p + 0.5), h = (int)(0.3 * box->height * p + 0.5);
	float c[4];
	gesture_colour(g, c);
	rect_place(s, &s->indicator, c, box->x + (box->width - w) / 2,
		   box->y + (box->height - h) / 2, w, h);
}

static void indicator_hide(struct server *s)
{
	s->indicator_open = false;
	if (s->indicator)
		wlr_scene_node_set_enabled(&s->indicator->node, false);
}

static void on_multi_finger(struct server *s, const struct bezel_wlr_gesture_event *ev)
{
	switch (ev->phase) {
	case BEZEL_WLR_GESTURE_BEGAN:
		/* A hold has no travel to follow: it shows whole as soon as it begins. */
		indicator_progress(s, ev->output, ev->gesture, ev->kind == BEZEL_GESTURE_KIND_HOLD ? 1 : 0);
		break;
	case BEZEL_WLR_GESTURE_CHANGED:
		indicator_progress(s, ev->output, ev->gesture, ev->progress);
		break;
	case BEZEL_WLR_GESTURE_ENDED:
		if (ev->committed) {
			indicator_progress(s, ev->output, ev->gesture, 1.0);
			s->indicator_open = true;
		} else {
			indicator_hide(s);
		}
		break;
	case BEZEL_WLR_GESTURE_CANCELLED:
		indicator_hide(s);
		break;
	default:
		break;
	}
}

static void on_gesture(void *data, const struct bezel_wlr_gesture_event *ev)
{
	struct server *s = data;
	if (ev->kind != BEZEL_GESTURE_KIND_EDGE) {
		on_multi_finger(s, ev);
		return;
	}
	int i = edge_index(ev->edge);
	if (i < 0)
		return;
	switch (ev->phase) {
	case BEZEL_WLR_GESTURE_BEGAN:
		panel_progress(s, ev->output, ev->gesture, ev->edge, 0);
		break;
	case BEZEL_WLR_GESTURE_CHANGED:
		panel_progress(s, ev->output, ev->gesture, ev->edge, ev->progress);
		break;
	case BEZEL_WLR_GESTURE_ENDED:
		if (ev->committed) {
			/* Stays open until the next touch-down (a stand-in for a shell). */
			panel_progress(s, ev->output, ev->gesture, ev->edge, 1.0);
			s->panel_open[i] = true;
		} else {
			panel_hide(s, i);
		}
		break;
	case BEZEL_WLR_GESTURE_CANCELLED:
		panel_hide(s, i);
		break;
	default:
		break;
	}
}

static void on_affordance(void *data, struct wlr_output *out, uint32_t edge, bool shown)
{
	struct server *s = data;
	int i = edge_index(edge);
	struct wlr_box *box = out ? wlr_output_layout_get_box(s->layout, out) : NULL;
	if (!s->panels_enabled || i < 0 || !box)
		return;
	if (!shown) {
		if (s->affordance[i])
			wlr_scene_node_set_enabled(&s->affordance[i]->node, false);
		return;
	}
	int W = box->width, H = box->height;
	int shorter = W < H ? W : H;
	int len = (int)(0.36 * shorter), thick = shorter / 110 + 2, gap = thick * 3 / 2;
	float c[4] = { 0.92f * 0.85f, 0.92f * 0.85f, 0.95f * 0.85f, 0.85f };
	switch (edge) {
	case BEZEL_EDGE_BOTTOM:
		rect_place(s, &s->affordance[i], c, box->x + (W - len) / 2, box->y + H - gap - thick, len, thick);
		break;
	case BEZEL_EDGE_TOP:
		rect_place(s, &s->affordance[i], c, box->x + (W - len) / 2, box->y + gap, len, thick);
		break;
	case BEZEL_EDGE_LEFT:
		rect_place(s, &s->affordance[i], c, box->x + gap, box->y + (H - len) / 2, thick, len);
		break;
	case BEZEL_EDGE_RIGHT:
		rect_place(s, &s->affordance[i], c, box->x + W - gap - thick, box->y + (H - len) / 2, thick, len);
		break;
	}
}

/* ---------------------------------------------------------------- touch */

static void touch_to_layout(struct server *s, double x, double y, double *lx, double *ly)
{
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box *box = o ? wlr_output_layout_get_box(s->layout, o) : NULL;
	*lx = box ? box->x + x * box->width : x;
	*ly = box ? box->y + y * box->height : y;
}

static void touch_down(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_down);
	struct wlr_event_touch_down *ev = data;
	double lx, ly;
	touch_to_layout(s, ev->x, ev->y, &lx, &ly);
	for (int i = 0; i < 4; i++)
		if (s->panel_open[i])
			panel_hide(s, i);
	if (s->indicator_open)
		indicator_hide(s);
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
	struct wlr_event_touch_motion *ev = data;
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
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(p->surface);
	if (xdg && xdg->data)
		wlr_scene_node_coords(xdg->data, &nx, &ny);
	wlr_seat_touch_notify_motion(s->seat, ev->time_msec, ev->touch_id, lx - nx, ly - ny);
}

static void touch_up(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_up);
	struct wlr_event_touch_up *ev = data;
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
	struct wlr_event_touch_cancel *ev = data;
	if (s->bezel)
		bezel_wlr_touch_cancel(s->bezel, ev->time_msec);
}

static void new_input(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_input);
	struct wlr_input_device *dev = data;
	if (dev->type != WLR_INPUT_DEVICE_TOUCH || s->touch_dev)
		return;
	s->touch_dev = dev;
	s->touch_down.notify = touch_down;
	wl_signal_add(&dev->touch->events.down, &s->touch_down);
	s->touch_motion.notify = touch_motion;
	wl_signal_add(&dev->touch->events.motion, &s->touch_motion);
	s->touch_up.notify = touch_up;
	wl_signal_add(&dev->touch->events.up, &s->touch_up);
	s->touch_frame.notify = touch_frame;
	wl_signal_add(&dev->touch->events.frame, &s->touch_frame);
	s->touch_cancel.notify = touch_cancel;
	wl_signal_add(&dev->touch->events.cancel, &s->touch_cancel);
	wlr_seat_set_capabilities(s->seat, WL_SEAT_CAPABILITY_TOUCH);
	wlr_log(WLR_INFO, "touch device %s", dev->name);
}

/*
 * The test rig: Bezel's libinput touch source reads the touchscreen node (under umockdev in the
 * tests), and its events become the headless touch device's own events, so they take the path
 * a real device's take. A replayed recording keeps its recorded times: they are shifted once so
 * that they start now and keep their spacing.
 */
static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static uint32_t rig_time(struct server *s, uint32_t ms)
{
	if (!s->time_offset_set) {
		int64_t d = (int64_t)(now_usec() / 1000) - (int64_t)ms;
		s->time_offset_ms = (d > 1000 || d < -1000) ? d : 0;
		s->time_offset_set = true;
		if (s->time_offset_ms)
			wlr_log(WLR_INFO, "touch times are not CLOCK_MONOTONIC (a recording?); "
				"shifting them by %lld ms", (long long)s->time_offset_ms);
	}
	return (uint32_t)((int64_t)ms + s->time_offset_ms);
}

static void rig_log(struct server *s, const char *what, int32_t id, uint32_t ms)
{
	bezel_event_log_write(s->event_log, "libinput %s id=%d time_us=%llu", what, id,
			      (unsigned long long)ms * 1000u);
}

/* The rig maps touches to the touch output's size: back to 0..1 as wlr_touch carries them. */
static void rig_normalize(struct server *s, double x, double y, double *nx, double *ny)
{
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box *box = o ? wlr_output_layout_get_box(s->layout, o) : NULL;
	*nx = box && box->width > 0 ? x / box->width : 0;
	*ny = box && box->height > 0 ? y / box->height : 0;
}

/* The source maps the panel's positions through its output's transform to what the user sees. */
static void rig_map(struct server *s)
{
	struct wlr_output *o = nth_output(s, s->touch_output);
	struct wlr_box *box = o ? wlr_output_layout_get_box(s->layout, o) : NULL;
	if (s->rig && box)
		bezel_input_source_set_output(s->rig, box->width, box->height, (int32_t)o->transform);
}

static void rig_layout_changed(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, layout_change);
	(void)data;
	rig_map(s);
}

/* --rotate: the touch output turns after the N-th motion, as a phone does mid-gesture. */
static void rig_count_motion(struct server *s)
{
	if (s->rotate_to < 0 || ++s->rig_motions != s->rotate_after)
		return;
	struct wlr_output *o = nth_output(s, s->touch_output);
	if (!o)
		return;
	bezel_event_log_write(s->event_log, "rig rotate %s transform=%d", o->name, s->rotate_to);
	wlr_log(WLR_INFO, "rig: turning output %s to transform %d", o->name, s->rotate_to);
	wlr_output_set_transform(o, (enum wl_output_transform)s->rotate_to);
	if (!wlr_output_commit(o))
		wlr_log(WLR_ERROR, "rig: output %s refused transform %d", o->name, s->rotate_to);
}

static void rig_down(void *data, int32_t id, double x, double y, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s, ms);
	rig_log(s, "down", id, ms);
	struct wlr_event_touch_down ev = { s->touch_dev, ms, id, 0, 0 };
	rig_normalize(s, x, y, &ev.x, &ev.y);
	wl_signal_emit(&s->touch_dev->touch->events.down, &ev);
}
static void rig_motion(void *data, int32_t id, double x, double y, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s, ms);
	rig_log(s, "motion", id, ms);
	struct wlr_event_touch_motion ev = { s->touch_dev, ms, id, 0, 0 };
	rig_normalize(s, x, y, &ev.x, &ev.y);
	wl_signal_emit(&s->touch_dev->touch->events.motion, &ev);
	rig_count_motion(s);
}
static void rig_up(void *data, int32_t id, uint32_t ms)
{
	struct server *s = data;
	ms = rig_time(s, ms);
	rig_log(s, "up", id, ms);
	struct wlr_event_touch_up ev = { s->touch_dev, ms, id };
	wl_signal_emit(&s->touch_dev->touch->events.up, &ev);
}
static void rig_frame(void *data, uint32_t ms)
{
	struct server *s = data;
	(void)ms;
	wl_signal_emit(&s->touch_dev->touch->events.frame, NULL);
}
static void rig_cancel(void *data, uint32_t ms)
{
	struct server *s = data;
	struct wlr_event_touch_cancel ev = { s->touch_dev, rig_time(s, ms), -1 };
	wl_signal_emit(&s->touch_dev->touch->events.cancel, &ev);
}
static void rig_device_added(void *data, const char *name, const char *sysname)
{
	(void)data;
	wlr_log(WLR_INFO, "touchscreen added: %s (%s)", name, sysname);
}
static void rig_device_removed(void *data, const char *name, const char *sysname)
{
	(void)data;
	wlr_log(WLR_INFO, "touchscreen removed: %s (%s)", name, sysname);
}
static void rig_log_line(void *data, int level, const char *message)
{
	(void)data;
	wlr_log(level <= BEZEL_LOG_ERROR ? WLR_ERROR : level <= BEZEL_LOG_INFO ? WLR_INFO : WLR_DEBUG,
		"touch source: %s", message);
}
static const struct bezel_input_listener rig_listener = {
	.down = rig_down, .motion = rig_motion, .up = rig_up, .frame = rig_frame,
	.cancel = rig_cancel, .device_added = rig_device_added,
	.device_removed = rig_device_removed, .log = rig_log_line,
};

static void rig_open(struct server *s)
{
	if (s->rig_opened)
		return;
	s->rig_opened = true;
	rig_map(s);
	int r = bezel_input_source_add_device(s->rig, s->touch_node);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "cannot open touch device %s: %s", s->touch_node, bezel_result_string(r));
		return;
	}
	bezel_event_log_write(s->event_log, "touch device opened %s", s->touch_node);
}

static int on_terminate(int sig, void *data)
{
	struct server *s = data;
	wlr_log(WLR_INFO, "signal %d: shutting down", sig);
	wl_display_terminate(s->display);
	return 0;
}

/* Tests: SIGUSR1 unplugs the last output, as a monitor going away mid-gesture (R8). */
static int on_sigusr1(int sig, void *data)
{
	struct server *s = data;
	(void)sig;
	if (wl_list_length(&s->outputs) < 2)
		return 0; /* keep one: the clients need somewhere to be */
	struct output *last = wl_container_of(s->outputs.prev, last, link);
	wlr_log(WLR_INFO, "SIGUSR1: unplugging output %s", last->wlr_output->name);
	wlr_output_destroy(last->wlr_output);
	return 0;
}

static int on_sigusr2(int sig, void *data)
{
	struct server *s = data;
	(void)sig;
	if (s->rig)
		rig_open(s);
	return 0;
}

/* ---------------------------------------------------------------- drags and selection */

static void request_start_drag(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, request_start_drag);
	struct wlr_seat_request_start_drag_event *ev = data;
	struct wlr_touch_point *point;
	if (wlr_seat_validate_touch_grab_serial(s->seat, ev->origin, ev->serial, &point)) {
		wlr_seat_start_touch_drag(s->seat, ev->drag, ev->serial, point);
		return;
	}
	wlr_log(WLR_DEBUG, "start_drag refused: serial %u is not a touch-down's", ev->serial);
	wlr_data_source_destroy(ev->drag->source);
}

static void request_set_selection(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, request_set_selection);
	struct wlr_seat_request_set_selection_event *ev = data;
	wlr_seat_set_selection(s->seat, ev->source, ev->serial);
}

/* ---------------------------------------------------------------- configuration */

/* Reads back the settings the compositor acts on (the plugin parsed them), and opens the
 * rig's event log beside the plugin's. */
static int read_settings(struct server *s)
{
	struct bezel_plugin *p = bezel_wlr_get_plugin(s->bezel);
	if (s->config_path && bezel_plugin_configure_file(p, s->config_path, "bezel") == BEZEL_ERROR_IO)
		return -1; /* the plugin said why */
	char buf[4096];
	if (bezel_plugin_get_setting(p, "log-level", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "debug"))
		wlr_log_init(WLR_DEBUG, NULL);
	if (bezel_plugin_get_setting(p, "touch-device", buf, sizeof buf) == BEZEL_OK && *buf)
		s->touch_node = strdup(buf);
	if (bezel_plugin_get_setting(p, "touch-device-open", buf, sizeof buf) == BEZEL_OK)
		s->open_on_sigusr2 = !strcmp(buf, "sigusr2");
	int32_t n = 0;
	bezel_plugin_get_setting_int(p, "touch-output", &n);
	s->touch_output = n;
	bezel_plugin_get_setting_bool(p, "panels", &s->panels_enabled);
	bezel_plugin_get_setting_bool(p, "intercept", &s->intercept);
	if (bezel_plugin_get_setting(p, "event-log", buf, sizeof buf) == BEZEL_OK && *buf &&
	    bezel_event_log_open(buf, &s->event_log) != BEZEL_OK)
		wlr_log(WLR_ERROR, "cannot open event log %s: %s", buf, strerror(errno));
	return 0;
}

/* ---------------------------------------------------------------- main */

static void find_headless(struct wlr_backend *b, void *data)
{
	struct server *s = data;
	if (wlr_backend_is_headless(b))
		s->headless = b;
}

/* A weston.ini transform name (normal, 90, ..., flipped-270) as its wl_output value, or -1. */
static int transform_value(const char *name)
{
	static const char *const names[] = { "normal", "90", "180", "270", "flipped",
					     "flipped-90", "flipped-180", "flipped-270" };
	for (int i = 0; i < 8; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--socket NAME] [-s CMD] [--config FILE] [--outputs N] "
		"[--size WxH] [--transform T] [--rotate T@N]\n", argv0);
}

int main(int argc, char **argv)
{
	struct server s = { .width = 1080, .height = 1920, .rotate_to = -1 };
	char rotate_name[32];
	const char *socket = NULL, *startup = NULL;
	int outputs = 1;
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 'S' }, { "config", required_argument, NULL, 'c' },
		{ "outputs", required_argument, NULL, 'o' }, { "size", required_argument, NULL, 'z' },
		{ "transform", required_argument, NULL, 't' }, { "rotate", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' }, { 0, 0, 0, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'S': socket = optarg; break;
		case 's': startup = optarg; break;
		case 'c': s.config_path = optarg; break;
		case 'o': outputs = atoi(optarg); break;
		case 'z':
			if (sscanf(optarg, "%dx%d", &s.width, &s.height) != 2 || s.width <= 0 || s.height <= 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 't':
			if ((s.transform = transform_value(optarg)) < 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 'r':
			if (sscanf(optarg, "%31[^@]@%d", rotate_name, &s.rotate_after) != 2 ||
			    (s.rotate_to = transform_value(rotate_name)) < 0 || s.rotate_after <= 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		default: usage(argv[0]); return c == 'h' ? 0 : 2;
		}
	}
	if (outputs < 1 || outputs > 8) {
		usage(argv[0]);
		return 2;
	}
	wlr_log_init(WLR_INFO, NULL); /* read_settings raises it for log-level=debug */
	wl_list_init(&s.outputs);

	s.display = wl_display_create();
	s.backend = wlr_backend_autocreate(s.display);
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
	s.compositor = wlr_compositor_create(s.display, s.renderer);
	wlr_data_device_manager_create(s.display);

	s.layout = wlr_output_layout_create();
	/* Screenshots (grim) of what the compositor draws: the tests check the panels' pixels. */
	wlr_screencopy_manager_v1_create(s.display);
	wlr_xdg_output_manager_v1_create(s.display, s.layout);
	s.scene = wlr_scene_create();
	wlr_scene_attach_output_layout(s.scene, s.layout);
	/* Layer order: apps, then the compositor's panels above them. */
	s.apps = wlr_scene_tree_create(&s.scene->node);
	s.panels = wlr_scene_tree_create(&s.scene->node);
	s.new_output.notify = new_output;
	wl_signal_add(&s.backend->events.new_output, &s.new_output);

	/* The seat before xdg-shell: at wl_display_destroy, wlroots 0.15 frees xdg-shell's popup
	 * grab while it still listens to the seat's destroy signal, unless the seat goes first. */
	s.seat = wlr_seat_create(s.display, "seat0");
	s.xdg_shell = wlr_xdg_shell_create(s.display);
	s.new_xdg_surface.notify = new_xdg_surface;
	wl_signal_add(&s.xdg_shell->events.new_surface, &s.new_xdg_surface);
	s.new_input.notify = new_input;
	wl_signal_add(&s.backend->events.new_input, &s.new_input);
	s.request_start_drag.notify = request_start_drag;
	wl_signal_add(&s.seat->events.request_start_drag, &s.request_start_drag);
	s.request_set_selection.notify = request_set_selection;
	wl_signal_add(&s.seat->events.request_set_selection, &s.request_set_selection);

	struct bezel_wlr_interface iface = {
		.version = BEZEL_WLR_INTERFACE_VERSION,
		.surface_at = surface_at,
		.surface_position = surface_position,
		.gesture = on_gesture,
		.affordance = on_affordance,
	};
	int r = bezel_wlr_create(s.display, s.compositor, s.seat, s.layout, &iface, &s, &s.bezel);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "bezel: cannot attach: %s", bezel_result_string(r));
		return 1;
	}
	if (read_settings(&s) < 0)
		return 1;
	/* A latency baseline: the adapter read the configuration and goes again before any client
	 * can connect; touches go straight to the seat, as in tinywl. */
	if (!s.intercept) {
		bezel_wlr_destroy(s.bezel);
		s.bezel = NULL;
		wlr_log(WLR_INFO, "bezel: intercept=false, touches go straight to the seat");
	}

	const char *name = socket;
	if (socket) {
		if (wl_display_add_socket(s.display, socket) != 0) {
			wlr_log(WLR_ERROR, "cannot listen on socket %s", socket);
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
	for (int i = have; s.headless && i < outputs; i++)
		wlr_headless_add_output(s.headless, s.width, s.height);

	struct wl_event_loop *loop = wl_display_get_event_loop(s.display);
	struct wl_event_source *sigusr2 = NULL;
	struct wl_event_source *sigterm = wl_event_loop_add_signal(loop, SIGTERM, on_terminate, &s);
	struct wl_event_source *sigint = wl_event_loop_add_signal(loop, SIGINT, on_terminate, &s);
	struct wl_event_source *sigusr1 = wl_event_loop_add_signal(loop, SIGUSR1, on_sigusr1, &s);
	if (s.touch_node) {
		if (!s.headless) {
			wlr_log(WLR_ERROR, "touch-device needs the headless backend");
			return 1;
		}
		wlr_headless_add_input_device(s.headless, WLR_INPUT_DEVICE_TOUCH);
		const char *const no_paths[] = { NULL }; /* the node opens in rig_open */
		r = bezel_input_source_create(loop, NULL, no_paths, &rig_listener, &s, &s.rig);
		if (r != BEZEL_OK || !s.touch_dev) {
			wlr_log(WLR_ERROR, "cannot set up the touch rig on %s: %s", s.touch_node,
				bezel_result_string(r));
			return 1;
		}
		s.layout_change.notify = rig_layout_changed;
		wl_signal_add(&s.layout->events.change, &s.layout_change);
		if (s.open_on_sigusr2)
			sigusr2 = wl_event_loop_add_signal(loop, SIGUSR2, on_sigusr2, &s);
		else
			rig_open(&s);
	}

	setenv("WAYLAND_DISPLAY", name, true);
	if (startup && fork() == 0) {
		execl("/bin/sh", "/bin/sh", "-c", startup, (char *)NULL);
		_exit(127);
	}
	wlr_log(WLR_INFO, "bezel-compositor: running on WAYLAND_DISPLAY=%s", name);
	wl_display_run(s.display);

	wl_display_destroy_clients(s.display);
	if (sigusr2)
		wl_event_source_remove(sigusr2);
	wl_event_source_remove(sigterm);
	wl_event_source_remove(sigint);
	wl_event_source_remove(sigusr1);
	if (s.rig) {
		wl_list_remove(&s.layout_change.link);
		bezel_input_source_destroy(s.rig);
	}
	bezel_wlr_destroy(s.bezel);
	/* The display takes the backend, outputs, seat and globals with it; the rest is ours. */
	wl_display_destroy(s.display);
	wlr_output_layout_destroy(s.layout); /* before the scene, which listens to it */
	wlr_scene_node_destroy(&s.scene->node);
	wlr_allocator_destroy(s.allocator);
	wlr_renderer_destroy(s.renderer);
	if (s.event_log)
		bezel_event_log_close(s.event_log);
	free(s.touch_node);
	return 0;
}
