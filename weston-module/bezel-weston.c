/*
 * bezel-weston.so: the Bezel system-gesture plugin as a weston 10 module.
 *
 *   weston --modules=<libdir>/bezel/bezel-weston.so [--backend=headless-backend.so]
 *
 * What it does (DESIGN §6):
 *   - creates the plugin (and so the bezel_system_gestures_manager_v1 global) on weston's
 *     wl_display, and logs through weston_log;
 *   - replaces the default touch grab of every seat with touch, so every touch goes to the
 *     plugin before any client; the plugin's decisions come back as touch_* callbacks that
 *     this module sends to the client's wl_touch resources itself, including wl_touch.cancel
 *     (weston never sends it). Ids of a cancelled client are swallowed until they lift;
 *   - follows weston's touch drag grab (weston_touch_start_drag) for R7: while a drag grab is
 *     active the module interposes its own grab, forwards the dragging touch to weston's drag
 *     grab and everything else to the plugin, and cancels the drag when the plugin asks;
 *   - tracks surfaces (create_surface_signal, commit_signal, destroy_signal) and their views'
 *     geometry for the plugin's surface tree;
 *   - reads [bezel] from weston.ini;
 *   - headless mode: if a touch device node is configured (`[bezel] touch-device=` or the
 *     environment variable BEZEL_WESTON_TOUCH_DEVICE), creates a seat with a touch device
 *     and feeds it from its own libinput context (path backend) through weston's notify_touch
 *     path, so the touches take the same route as from a real backend.
 *
 * [bezel] keys (weston.ini):
 *   log-level=error|warning|info|debug     plugin log verbosity (default info)
 *   touch-device=/dev/input/eventN         headless touch source (env BEZEL_WESTON_TOUCH_DEVICE
 *                                          overrides)
 *   seat=NAME                              name of the module's own seat (default "bezel")
 *   output-width-mm=, output-height-mm=    physical size when the head does not report one
 *   touch-device-open=start|sigusr2        open the device at start (default), or only when
 *                                          weston gets SIGUSR2 (tests: replay starts once the
 *                                          clients are ready; env BEZEL_WESTON_TOUCH_OPEN)
 *   intercept=true|false                   false: leave weston's own touch grab in place (the
 *                                          plugin sees nothing; only for latency baselines;
 *                                          env BEZEL_WESTON_INTERCEPT=0)
 *   event-log=PATH                         append one line per input event and per wl_touch
 *                                          event sent (with CLOCK_MONOTONIC µs), for tests and
 *                                          latency measurements (env BEZEL_WESTON_EVENT_LOG)
 *   panels=true|false                      draw the dock / cover-sheet panels and the
 *                                          affordance bar (default true)
 *   any other key                          a gesture setting of DESIGN §4.4, flattened, e.g.
 *                                          bottom-edge-zone-mm=5, hold-window-ms=150,
 *                                          bind-left=back:0.0:1.0 (see bezel_plugin_configure
 *                                          in bezel.h); one bad key rejects them all with a
 *                                          warning in the log, and the defaults apply
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <libinput.h>
#include <wayland-server.h>
#include <libweston/libweston.h>
#include <libweston/config-parser.h>
#include <weston/weston.h>

#include "bezel.h"

/*
 * ---- weston 10 internals ----
 * These are exported by libweston-10.so.0 but declared only in libweston/backend.h and
 * libweston/libweston-internal.h, which Debian's libweston-10-dev does not install. The
 * declarations are copied from weston 10.0.x and must be checked again for any other
 * weston major version (the module refuses to build against another one, see below).
 */
#include <libweston/version.h>
#if WESTON_VERSION_MAJOR != 10
#error "bezel-weston.c redeclares weston 10 internals; check them against this weston version"
#endif
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data, const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
			     int touch_id, double x, double y,
			     const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

/* weston 10 libweston/data-device.c (private): the touch drag grab's container. Only
 * data_source is read, to send wl_data_source.cancelled when the plugin cancels a drag. */
struct bw_weston10_drag {
	struct wl_client *client;
	struct weston_data_source *data_source;
	struct wl_listener data_source_listener;
	struct weston_view *focus;
	struct wl_resource *focus_resource;
	struct wl_listener focus_listener;
	struct weston_view *icon;
	struct wl_listener icon_destroy_listener;
	int32_t dx, dy;
	struct weston_keyboard_grab keyboard_grab;
};
struct bw_weston10_touch_drag {
	struct bw_weston10_drag base;
	struct weston_touch_grab grab;
};

#define BW_MAX_IDS 64

struct bw_seat;

/* One solid-colour view drawn by the module (never a client surface). */
struct bw_panel {
	struct weston_surface *surface; /* NULL until first shown */
	struct weston_view *view;
	bool shown;
	bool tracking; /* follows a running gesture's progress */
	bool open;     /* a committed gesture: stays until the next touch-down */
};

struct bw {
	struct weston_compositor *ec;
	struct bezel_plugin *plugin;
	struct wl_list seats;     /* bw_seat.link */
	struct wl_list surfaces;  /* bw_surface.link, creation order */
	struct wl_listener destroy_listener;
	struct wl_listener create_surface_listener;
	struct wl_listener seat_created_listener;
	struct wl_listener output_created_listener;
	struct wl_listener output_resized_listener;
	struct wl_listener output_moved_listener;
	struct weston_output *output;
	int32_t cfg_width_mm, cfg_height_mm;
	int32_t out_x, out_y;

	/* The seat whose grab is feeding the plugin (decisions are delivered on it). */
	struct bw_seat *current;

	/* wl_touch ids per client: active ids, and ids swallowed after a cancel. */
	struct {
		struct wl_client *client; /* NULL: free slot */
		bool active, swallowed;
	} ids[BW_MAX_IDS];

	/* headless touch source */
	struct weston_seat *own_seat;
	struct weston_touch_device *touch_device;
	struct libinput *li;
	struct wl_event_source *li_source;
	struct wl_event_source *sigusr2_source;
	char *touch_node;
	bool touch_opened;
	bool time_offset_set;
	int64_t time_offset_us;
	struct wl_event_source *sync_idle;

	FILE *event_log;
	bool intercept;

	/* Visible feedback (see "feedback panels"). */
	bool panels_enabled;
	struct weston_layer feedback_layer;
	struct bw_panel edge_panel[4];  /* by edge index: the running gesture's panel */
	struct bw_panel affordance[4];  /* by edge index: the bar after a deferred swipe */
};

struct bw_seat {
	struct bw *bw;
	struct wl_list link;
	struct weston_seat *seat;
	struct weston_touch *touch;
	struct wl_listener caps_listener;
	struct wl_listener destroy_listener;
	const struct weston_touch_grab_interface *weston_default;
	/* Interposed over a foreign grab (weston's touch drag grab). */
	struct weston_touch_grab wrap;
	struct weston_touch_grab *foreign;
	int drag_id;
	uint32_t last_msec;
};

struct bw_surface {
	struct bw *bw;
	struct wl_list link;
	struct weston_surface *surface;
	struct wl_listener commit_listener;
	struct wl_listener destroy_listener;
	bool added;
	double x, y, w, h;
};

static struct bw *bw_instance;

/* ---------------------------------------------------------------- utilities */

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static uint32_t ts_msec(const struct timespec *ts)
{
	return (uint32_t)((uint64_t)ts->tv_sec * 1000u + (uint64_t)ts->tv_nsec / 1000000u);
}

static void evlog(struct bw *bw, const char *fmt, ...)
{
	if (!bw->event_log)
		return;
	va_list ap;
	fprintf(bw->event_log, "%llu ", (unsigned long long)now_usec());
	va_start(ap, fmt);
	vfprintf(bw->event_log, fmt, ap);
	va_end(ap);
	fputc('\n', bw->event_log);
	fflush(bw->event_log);
}

static int parse_level(const char *s)
{
	if (!s)
		return BEZEL_LOG_INFO;
	if (!strcasecmp(s, "error")) return BEZEL_LOG_ERROR;
	if (!strcasecmp(s, "warning")) return BEZEL_LOG_WARNING;
	if (!strcasecmp(s, "debug")) return BEZEL_LOG_DEBUG;
	return BEZEL_LOG_INFO;
}

/* ---------------------------------------------------------------- id bookkeeping */

static int id_ok(int32_t id) { return id >= 0 && id < BW_MAX_IDS; }

/* ---------------------------------------------------------------- delivery to clients */

#define for_each_client_touch(bs, client, res, tmp)                                      \
	for (int _l = 0; _l < 2; _l++)                                                     \
		wl_resource_for_each_safe(res, tmp,                                        \
			_l ? &(bs)->touch->focus_resource_list : &(bs)->touch->resource_list) \
			if (wl_resource_get_client(res) == (client))

static struct bw_seat *delivery_seat(struct bw *bw)
{
	if (bw->current)
		return bw->current;
	if (!wl_list_empty(&bw->seats))
		return wl_container_of(bw->seats.next, bw->current, link);
	return NULL;
}

static void h_touch_down(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
			 uint32_t time)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	if (id_ok(id)) {
		if (bw->ids[id].swallowed && bw->ids[id].client == client)
			return;
		bw->ids[id].client = client;
		bw->ids[id].active = true;
		bw->ids[id].swallowed = false;
	}
	uint32_t serial = wl_display_next_serial(bw->ec->wl_display);
	/* wl_data_device.start_drag checks the serial of the first touch's down. */
	if (id == bs->touch->grab_touch_id)
		bs->touch->grab_serial = serial;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_down(res, serial, time, surface, id, wl_fixed_from_double(sx),
				   wl_fixed_from_double(sy));
	evlog(bw, "send down id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

static void h_touch_motion(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
			   uint32_t time)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	if (id_ok(id) && bw->ids[id].swallowed)
		return;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_motion(res, time, id, wl_fixed_from_double(sx), wl_fixed_from_double(sy));
	evlog(bw, "send motion id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

static void h_touch_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	if (id_ok(id)) {
		if (bw->ids[id].swallowed)
			return;
		bw->ids[id].active = false;
		bw->ids[id].client = NULL;
	}
	uint32_t serial = wl_display_next_serial(bw->ec->wl_display);
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_up(res, serial, time, id);
	evlog(bw, "send up id=%d time=%u", id, time);
}

static void h_touch_frame(void *data, struct wl_client *client)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_frame(res);
	evlog(bw, "send frame");
}

static void h_touch_cancel(void *data, struct wl_client *client)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_cancel(res);
	/* Ids still down for that client are swallowed until the finger lifts. */
	for (int i = 0; i < BW_MAX_IDS; i++)
		if (bw->ids[i].client == client && bw->ids[i].active) {
			bw->ids[i].active = false;
			bw->ids[i].swallowed = true;
		}
	evlog(bw, "send cancel");
}


/* ---------------------------------------------------------------- feedback panels */

/*
 * Plain solid-colour views that let a user see what the system gestures do: a panel that
 * grows from the edge with the running gesture's progress (dock from the bottom, cover sheet
 * and control centre from the top, slide-over from a side), and a small bar at an edge whose
 * swipe went to the app (the affordance of R3: "swipe again"). They live in a layer above
 * full-screen apps and have an empty input region, so weston never picks them for a touch and
 * they change nothing about routing. A committed gesture leaves its panel fully open until the
 * next touch-down; an abandoned or cancelled one removes it.
 */

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

struct bw_rgba { float r, g, b, a; };

static struct bw_rgba gesture_colour(const char *gesture)
{
	if (!strcmp(gesture, "dock")) return (struct bw_rgba){ 0.60f, 0.64f, 0.72f, 0.92f };
	if (!strcmp(gesture, "cover_sheet")) return (struct bw_rgba){ 0.09f, 0.28f, 0.52f, 0.95f };
	if (!strcmp(gesture, "control_center")) return (struct bw_rgba){ 0.30f, 0.30f, 0.36f, 0.95f };
	if (!strcmp(gesture, "slide_over")) return (struct bw_rgba){ 0.20f, 0.42f, 0.30f, 0.95f };
	return (struct bw_rgba){ 0.35f, 0.35f, 0.35f, 0.90f };
}

/* Takes the panel's view off the screen; its state (tracking, open) is the caller's. */
static void panel_unmap(struct bw *bw, struct bw_panel *p)
{
	if (!p->shown)
		return;
	weston_view_damage_below(p->view);
	weston_layer_entry_remove(&p->view->layer_link);
	p->view->is_mapped = false;
	p->surface->is_mapped = false;
	p->shown = false;
	weston_compositor_schedule_repaint(bw->ec);
}

static void panel_hide(struct bw *bw, struct bw_panel *p)
{
	p->tracking = false;
	p->open = false;
	panel_unmap(bw, p);
}

/* Shows `p` at (x, y, w, h) in output coordinates, in `colour`. */
static void panel_place(struct bw *bw, struct bw_panel *p, struct bw_rgba colour, double x,
			double y, double w, double h)
{
	int32_t iw = (int32_t)(w + 0.5), ih = (int32_t)(h + 0.5);
	if (iw <= 0 || ih <= 0) {
		panel_unmap(bw, p); /* progress 0: nothing to show yet */
		return;
	}
	if (!p->surface) {
		p->surface = weston_surface_create(bw->ec);
		p->view = p->surface ? weston_view_create(p->surface) : NULL;
		if (!p->view) {
			if (p->surface)
				weston_surface_destroy(p->surface);
			p->surface = NULL;
			return;
		}
		/* Empty input region: touches go through to whatever is below. */
		pixman_region32_fini(&p->surface->input);
		pixman_region32_init(&p->surface->input);
	}
	if (p->shown)
		weston_view_damage_below(p->view);
	/* weston blends solid colours as premultiplied alpha. */
	weston_surface_set_color(p->surface, colour.r * colour.a, colour.g * colour.a,
				 colour.b * colour.a, colour.a);
	weston_surface_set_size(p->surface, iw, ih);
	weston_view_set_position(p->view, (float)(x + bw->out_x), (float)(y + bw->out_y));
	if (!p->shown) {
		weston_layer_entry_insert(&bw->feedback_layer.view_list, &p->view->layer_link);
		p->surface->is_mapped = true;
		p->view->is_mapped = true;
		p->shown = true;
	}
	weston_view_geometry_dirty(p->view);
	weston_surface_damage(p->surface);
	weston_compositor_schedule_repaint(bw->ec);
}

/* The panel of a gesture on `edge` at `progress` (0..1 of its full size). */
static void panel_progress(struct bw *bw, const char *gesture, uint32_t edge, double progress)
{
	int i = edge_index(edge);
	if (!bw->panels_enabled || !bw->output || i < 0)
		return;
	double W = bw->output->width, H = bw->output->height;
	double p = progress < 0 ? 0 : progress > 1 ? 1 : progress;
	struct bw_panel *panel = &bw->edge_panel[i];
	struct bw_rgba c = gesture_colour(gesture);
	panel->tracking = true;
	/* Full sizes: the dock is a strip, the top panels cover the screen, slide-over a column. */
	switch (edge) {
	case BEZEL_EDGE_BOTTOM: {
		double d = 0.22 * H * p;
		panel_place(bw, panel, c, 0, H - d, W, d);
		break;
	}
	case BEZEL_EDGE_TOP:
		panel_place(bw, panel, c, 0, 0, W, H * p);
		break;
	case BEZEL_EDGE_LEFT:
		panel_place(bw, panel, c, 0, 0, 0.4 * W * p, H);
		break;
	case BEZEL_EDGE_RIGHT:
		panel_place(bw, panel, c, W - 0.4 * W * p, 0, 0.4 * W * p, H);
		break;
	}
}

static void panel_finish(struct bw *bw, const char *gesture, uint32_t edge, bool committed)
{
	int i = edge_index(edge);
	if (!bw->panels_enabled || i < 0)
		return;
	if (committed) {
		panel_progress(bw, gesture, edge, 1.0);
		bw->edge_panel[i].tracking = false;
		bw->edge_panel[i].open = true;
	} else {
		panel_hide(bw, &bw->edge_panel[i]);
	}
}

/* A touch-down dismisses the panels of committed gestures (a plain stand-in for a shell). */
static void panels_dismiss_open(struct bw *bw)
{
	for (int i = 0; i < 4; i++)
		if (bw->edge_panel[i].open)
			panel_hide(bw, &bw->edge_panel[i]);
}

static void affordance_show(struct bw *bw, uint32_t edge, bool show)
{
	int i = edge_index(edge);
	if (!bw->panels_enabled || !bw->output || i < 0)
		return;
	struct bw_panel *bar = &bw->affordance[i];
	if (!show) {
		panel_hide(bw, bar);
		return;
	}
	double W = bw->output->width, H = bw->output->height;
	double shorter = W < H ? W : H;
	double len = 0.36 * shorter, thick = shorter / 110 + 2, gap = thick * 1.5;
	struct bw_rgba c = { 0.92f, 0.92f, 0.95f, 0.85f };
	switch (edge) {
	case BEZEL_EDGE_BOTTOM: panel_place(bw, bar, c, (W - len) / 2, H - gap - thick, len, thick); break;
	case BEZEL_EDGE_TOP: panel_place(bw, bar, c, (W - len) / 2, gap, len, thick); break;
	case BEZEL_EDGE_LEFT: panel_place(bw, bar, c, gap, (H - len) / 2, thick, len); break;
	case BEZEL_EDGE_RIGHT: panel_place(bw, bar, c, W - gap - thick, (H - len) / 2, thick, len); break;
	}
}

static void panels_init(struct bw *bw)
{
	/* Above full-screen apps, below the lock screen and the cursor. */
	weston_layer_init(&bw->feedback_layer, bw->ec);
	weston_layer_set_position(&bw->feedback_layer, WESTON_LAYER_POSITION_TOP_UI);
}

static void panels_fini(struct bw *bw)
{
	for (int i = 0; i < 4; i++) {
		struct bw_panel *ps[2] = { &bw->edge_panel[i], &bw->affordance[i] };
		for (int k = 0; k < 2; k++) {
			if (ps[k]->shown)
				weston_layer_entry_remove(&ps[k]->view->layer_link);
			if (ps[k]->surface)
				weston_surface_destroy(ps[k]->surface); /* destroys its view too */
			ps[k]->surface = NULL;
			ps[k]->view = NULL;
			ps[k]->shown = false;
		}
	}
	weston_layer_fini(&bw->feedback_layer);
}

static void h_gesture_began(void *data, const char *gesture, uint32_t edge)
{
	evlog(data, "gesture began %s edge=%u", gesture, edge);
	weston_log("bezel: %s began (edge %u)\n", gesture, edge);
	panel_progress(data, gesture, edge, 0);
}

static void h_gesture_changed(void *data, const char *gesture, uint32_t edge, double travel,
			      double progress, double velocity)
{
	evlog(data, "gesture changed %s edge=%u travel=%.2f progress=%.3f velocity=%.1f", gesture,
	      edge, travel, progress, velocity);
	panel_progress(data, gesture, edge, progress);
}

static void h_gesture_ended(void *data, const char *gesture, uint32_t edge, bool committed)
{
	evlog(data, "gesture ended %s edge=%u committed=%d", gesture, edge, committed);
	weston_log("bezel: %s ended (edge %u, %s)\n", gesture, edge,
		   committed ? "committed" : "not committed");
	panel_finish(data, gesture, edge, committed);
}

static void h_gesture_cancelled(void *data, const char *gesture, uint32_t edge)
{
	evlog(data, "gesture cancelled %s edge=%u", gesture, edge);
	weston_log("bezel: %s cancelled (edge %u)\n", gesture, edge);
	panel_finish(data, gesture, edge, false);
}

static void h_gesture_failed(void *data, const char *gesture, uint32_t edge, const char *reason)
{
	evlog(data, "gesture failed %s edge=%u reason=%s", gesture, edge, reason);
}

static void h_affordance_shown(void *data, uint32_t edge)
{
	evlog(data, "affordance shown edge=%u", edge);
	affordance_show(data, edge, true);
}

static void h_affordance_hidden(void *data, uint32_t edge)
{
	evlog(data, "affordance hidden edge=%u", edge);
	affordance_show(data, edge, false);
}

static void h_cancel_drag(void *data)
{
	struct bw *bw = data;
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		struct weston_touch_grab *g = bs->foreign;
		if (!g)
			continue;
		struct bw_weston10_touch_drag *drag = wl_container_of(g, drag, grab);
		struct weston_data_source *src = drag->base.data_source;
		if (src && src->resource &&
		    strcmp(wl_resource_get_class(src->resource), wl_data_source_interface.name) != 0)
			src = NULL; /* layout mismatch guard: not a wl_data_source */
		if (src && src->resource &&
		    wl_resource_get_version(src->resource) >= WL_DATA_SOURCE_CANCELLED_SINCE_VERSION)
			wl_data_source_send_cancelled(src->resource);
		/* weston's cancel sends leave to the target and ends the grab (no drop). */
		g->interface->cancel(g);
		evlog(bw, "drag cancelled");
		weston_log("bezel: drag-and-drop session cancelled by a system gesture\n");
	}
}

static void h_log(void *data, int level, const char *message)
{
	static const char *names[8] = { [3] = "error", [4] = "warning", [6] = "info", [7] = "debug" };
	(void)data;
	weston_log("bezel[%s]: %s\n", level >= 0 && level < 8 && names[level] ? names[level] : "?",
		   message);
}

/* ---------------------------------------------------------------- surfaces */

static struct weston_view *mapped_view(struct weston_surface *s)
{
	struct weston_view *v;
	wl_list_for_each(v, &s->views, surface_link)
		if (weston_view_is_mapped(v))
			return v;
	return NULL;
}

static struct bw_surface *find_surface(struct bw *bw, struct weston_surface *s)
{
	struct bw_surface *bs;
	wl_list_for_each(bs, &bw->surfaces, link)
		if (bs->surface == s)
			return bs;
	return NULL;
}

/* Brings the plugin's surface tree in line with weston's mapped views. */
static void sync_surfaces(struct bw *bw)
{
	struct bw_surface *bs;
	wl_list_for_each(bs, &bw->surfaces, link) {
		struct weston_surface *s = bs->surface;
		struct weston_view *v = s->resource ? mapped_view(s) : NULL;
		if (!v || s->width <= 0 || s->height <= 0) {
			if (bs->added) {
				bezel_surface_remove(bw->plugin, s->resource);
				bs->added = false;
			}
			continue;
		}
		float gx, gy;
		weston_view_to_global_float(v, 0, 0, &gx, &gy);
		double x = gx - bw->out_x, y = gy - bw->out_y, w = s->width, h = s->height;
		if (!bs->added) {
			struct weston_surface *main = weston_surface_get_main_surface(s);
			struct wl_resource *parent = NULL;
			if (main && main != s) {
				struct bw_surface *p = find_surface(bw, main);
				if (!p || !p->added)
					continue;
				parent = main->resource;
			}
			int r = bezel_surface_add(bw->plugin, s->resource, parent, x, y, w, h);
			if (r == BEZEL_OK || r == BEZEL_ERROR_EXISTS) {
				bs->added = true;
				bs->x = x; bs->y = y; bs->w = w; bs->h = h;
				evlog(bw, "surface add %.0f,%.0f %.0fx%.0f", x, y, w, h);
			}
		} else if (x != bs->x || y != bs->y || w != bs->w || h != bs->h) {
			bezel_surface_set_rect(bw->plugin, s->resource, x, y, w, h);
			bs->x = x; bs->y = y; bs->w = w; bs->h = h;
		}
	}
}

static void sync_idle(void *data)
{
	struct bw *bw = data;
	bw->sync_idle = NULL;
	sync_surfaces(bw);
}

static void surface_committed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, commit_listener);
	struct bw *bw = bs->bw;
	(void)data;
	if (!bs->surface->resource)
		return;
	/* The shell maps/positions views from its own commit listener, which may run after this
	 * one; the tree is synced again before every touch-down. */
	sync_surfaces(bw);
	bezel_surface_commit(bw->plugin, bs->surface->resource);
	if (!bw->sync_idle)
		bw->sync_idle = wl_event_loop_add_idle(wl_display_get_event_loop(bw->ec->wl_display),
						       sync_idle, bw);
}

static void surface_destroyed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, destroy_listener);
	(void)data;
	if (bs->added && bs->surface->resource)
		bezel_surface_remove(bs->bw->plugin, bs->surface->resource);
	wl_list_remove(&bs->commit_listener.link);
	wl_list_remove(&bs->destroy_listener.link);
	wl_list_remove(&bs->link);
	free(bs);
}

static void surface_created(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, create_surface_listener);
	struct weston_surface *s = data;
	struct bw_surface *bs = calloc(1, sizeof *bs);
	if (!bs)
		return;
	bs->bw = bw;
	bs->surface = s;
	bs->commit_listener.notify = surface_committed;
	wl_signal_add(&s->commit_signal, &bs->commit_listener);
	bs->destroy_listener.notify = surface_destroyed;
	wl_signal_add(&s->destroy_signal, &bs->destroy_listener);
	wl_list_insert(bw->surfaces.prev, &bs->link);
}

/* ---------------------------------------------------------------- outputs */

static void update_output(struct bw *bw)
{
	struct weston_output *o;
	bw->output = NULL;
	wl_list_for_each(o, &bw->ec->output_list, link) {
		bw->output = o;
		break;
	}
	if (!bw->output)
		return;
	o = bw->output;
	struct weston_head *head = weston_output_get_first_head(o);
	int32_t mmw = head ? head->mm_width : 0, mmh = head ? head->mm_height : 0;
	if (bw->cfg_width_mm > 0 && bw->cfg_height_mm > 0) {
		mmw = bw->cfg_width_mm;
		mmh = bw->cfg_height_mm;
	}
	bw->out_x = o->x;
	bw->out_y = o->y;
	bezel_output_set(bw->plugin, o->width, o->height, mmw, mmh, (int32_t)o->transform);
	weston_log("bezel: output %s %dx%d+%d+%d, %dx%d mm, transform %u\n", o->name, o->width,
		   o->height, o->x, o->y, mmw, mmh, o->transform);
}

static void output_changed(struct wl_listener *l, void *data)
{
	(void)l; (void)data;
	update_output(bw_instance);
}

/* ---------------------------------------------------------------- the touch grab */

static struct bw_seat *seat_of_grab(struct weston_touch_grab *grab)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw_instance->seats, link)
		if (bs->touch == grab->touch)
			return bs;
	return NULL;
}

static void to_output(struct bw *bw, wl_fixed_t gx, wl_fixed_t gy, double *x, double *y)
{
	*x = wl_fixed_to_double(gx) - bw->out_x;
	*y = wl_fixed_to_double(gy) - bw->out_y;
}

static void feed_down(struct bw_seat *bs, const struct timespec *time, int id, wl_fixed_t gx,
		      wl_fixed_t gy)
{
	struct bw *bw = bs->bw;
	double x, y;
	to_output(bw, gx, gy, &x, &y);
	bw->current = bs;
	bs->last_msec = ts_msec(time);
	evlog(bw, "input down id=%d x=%.1f y=%.1f time=%u", id, x, y, bs->last_msec);
	panels_dismiss_open(bw);
	sync_surfaces(bw);
	bezel_touch_down(bw->plugin, id, x, y, bs->last_msec);
}

static void feed_motion(struct bw_seat *bs, const struct timespec *time, int id, wl_fixed_t gx,
			wl_fixed_t gy)
{
	struct bw *bw = bs->bw;
	double x, y;
	to_output(bw, gx, gy, &x, &y);
	bw->current = bs;
	bs->last_msec = ts_msec(time);
	evlog(bw, "input motion id=%d x=%.1f y=%.1f time=%u", id, x, y, bs->last_msec);
	bezel_touch_motion(bw->plugin, id, x, y, bs->last_msec);
}

static void feed_up(struct bw_seat *bs, const struct timespec *time, int id)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bs->last_msec = ts_msec(time);
	evlog(bw, "input up id=%d time=%u", id, bs->last_msec);
	bezel_touch_up(bw->plugin, id, bs->last_msec);
	/* A swallowed id is over once the finger lifts. */
	if (id_ok(id) && bw->ids[id].swallowed) {
		bw->ids[id].swallowed = false;
		bw->ids[id].client = NULL;
	}
}

static void feed_frame(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	evlog(bw, "input frame");
	bezel_touch_frame(bw->plugin, bs->last_msec);
}

static void feed_cancel(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	evlog(bw, "input cancel");
	bezel_touch_cancel(bw->plugin, bs->last_msec);
	for (int i = 0; i < BW_MAX_IDS; i++)
		if (bw->ids[i].swallowed) {
			bw->ids[i].swallowed = false;
			bw->ids[i].client = NULL;
		}
}

static void grab_down(struct weston_touch_grab *grab, const struct timespec *time, int id,
		      wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = seat_of_grab(grab);
	if (bs)
		feed_down(bs, time, id, x, y);
}

static void grab_up(struct weston_touch_grab *grab, const struct timespec *time, int id)
{
	struct bw_seat *bs = seat_of_grab(grab);
	if (bs)
		feed_up(bs, time, id);
}

static void grab_motion(struct weston_touch_grab *grab, const struct timespec *time, int id,
			wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = seat_of_grab(grab);
	if (bs)
		feed_motion(bs, time, id, x, y);
}

static void grab_frame(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = seat_of_grab(grab);
	if (bs)
		feed_frame(bs);
}

static void grab_cancel(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = seat_of_grab(grab);
	if (bs)
		feed_cancel(bs);
}

static const struct weston_touch_grab_interface bezel_grab_interface = {
	grab_down, grab_up, grab_motion, grab_frame, grab_cancel,
};

/*
 * While another grab (weston's touch drag grab) owns the seat, the module's wrap grab sits
 * on top of it: the dragging touch goes to the drag grab, every other touch to the plugin
 * (system gestures keep working during a drag, R7). When the drag grab ends it calls
 * weston_touch_end_grab(), which restores the default grab, i.e. the module's.
 */
static void drag_ended_check(struct bw_seat *bs)
{
	if (bs->foreign && bs->touch->grab != &bs->wrap) {
		bs->foreign = NULL;
		if (bs->touch->grab != &bs->touch->default_grab)
			bs->touch->grab = &bs->wrap; /* yet another grab: not expected */
		evlog(bs->bw, "drag end");
		bezel_drag_end(bs->bw->plugin, bs->last_msec);
	}
}

static void wrap_down(struct weston_touch_grab *grab, const struct timespec *time, int id,
		      wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	feed_down(bs, time, id, x, y);
}

static void wrap_up(struct weston_touch_grab *grab, const struct timespec *time, int id)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->foreign && id == bs->drag_id) {
		bs->foreign->interface->up(bs->foreign, time, id);
		bs->last_msec = ts_msec(time);
		drag_ended_check(bs);
		/* The plugin stopped routing this touch at drag start; let it see the lift. */
		bezel_touch_up(bs->bw->plugin, id, bs->last_msec);
		return;
	}
	feed_up(bs, time, id);
}

static void wrap_motion(struct weston_touch_grab *grab, const struct timespec *time, int id,
			wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->foreign && id == bs->drag_id) {
		bs->foreign->interface->motion(bs->foreign, time, id, x, y);
		drag_ended_check(bs);
	}
	if (bs->touch->grab == &bs->wrap || bs->touch->grab == &bs->touch->default_grab)
		feed_motion(bs, time, id, x, y);
}

static void wrap_frame(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->foreign) {
		bs->foreign->interface->frame(bs->foreign);
		drag_ended_check(bs);
	}
	feed_frame(bs);
}

static void wrap_cancel(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->foreign) {
		bs->foreign->interface->cancel(bs->foreign);
		drag_ended_check(bs);
	}
	feed_cancel(bs);
}

static const struct weston_touch_grab_interface wrap_grab_interface = {
	wrap_down, wrap_up, wrap_motion, wrap_frame, wrap_cancel,
};

/* Called before feeding input: notices a grab that replaced ours (a drag started). */
static void check_foreign_grab(struct bw_seat *bs)
{
	struct weston_touch *t = bs->touch;
	if (!t || !bs->bw->intercept || t->grab == &t->default_grab || t->grab == &bs->wrap)
		return;
	bs->foreign = t->grab;
	bs->drag_id = t->grab_touch_id;
	bs->wrap.interface = &wrap_grab_interface;
	bs->wrap.touch = t;
	t->grab = &bs->wrap;
	evlog(bs->bw, "drag start id=%d", bs->drag_id);
	weston_log("bezel: drag-and-drop session started with touch %d\n", bs->drag_id);
	bezel_drag_start(bs->bw->plugin, bs->drag_id, bs->last_msec);
}

static void seat_destroyed(struct wl_listener *l, void *data)
{
	struct bw_seat *bs = wl_container_of(l, bs, destroy_listener);
	(void)data;
	if (bs->bw->current == bs)
		bs->bw->current = NULL;
	wl_list_remove(&bs->caps_listener.link);
	wl_list_remove(&bs->destroy_listener.link);
	wl_list_remove(&bs->link);
	free(bs);
}

static void seat_caps_changed(struct wl_listener *l, void *data)
{
	struct bw_seat *bs = wl_container_of(l, bs, caps_listener);
	struct weston_touch *t = weston_seat_get_touch(bs->seat);
	(void)data;
	if (t == bs->touch)
		return;
	if (bs->bw->current == bs)
		bs->bw->current = NULL;
	bs->touch = t;
	bs->foreign = NULL;
	if (t && bs->bw->intercept) {
		bs->weston_default = t->default_grab.interface;
		t->default_grab.interface = &bezel_grab_interface;
		weston_log("bezel: intercepting touch on seat %s\n", bs->seat->seat_name);
	}
}

static void track_seat(struct bw *bw, struct weston_seat *seat)
{
	struct bw_seat *bs = calloc(1, sizeof *bs);
	if (!bs)
		return;
	bs->bw = bw;
	bs->seat = seat;
	bs->caps_listener.notify = seat_caps_changed;
	wl_signal_add(&seat->updated_caps_signal, &bs->caps_listener);
	bs->destroy_listener.notify = seat_destroyed;
	wl_signal_add(&seat->destroy_signal, &bs->destroy_listener);
	wl_list_insert(bw->seats.prev, &bs->link);
	seat_caps_changed(&bs->caps_listener, NULL);
}

static void seat_created(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, seat_created_listener);
	track_seat(bw, data);
}

/* ---------------------------------------------------------------- headless libinput source */

static int li_open(const char *path, int flags, void *data)
{
	(void)data;
	int fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static void li_close(int fd, void *data)
{
	(void)data;
	close(fd);
}

static const struct libinput_interface li_interface = { li_open, li_close };

static struct bw_seat *own_bw_seat(struct bw *bw)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link)
		if (bs->seat == bw->own_seat)
			return bs;
	return NULL;
}

/* weston picks the focus view from its view list, which is rebuilt only at repaint: a
 * surface mapped since the last repaint is not found. wl_data_device.start_drag needs the
 * focus, so it is set from the module's own (current) surface tree then. */
static void focus_from_tree(struct bw *bw, struct weston_touch *t, double x, double y)
{
	struct bw_surface *bs, *hit = NULL;
	wl_list_for_each(bs, &bw->surfaces, link)
		if (bs->added && x >= bs->x + bw->out_x && x < bs->x + bw->out_x + bs->w &&
		    y >= bs->y + bw->out_y && y < bs->y + bw->out_y + bs->h)
			hit = bs;
	struct weston_view *v = hit ? mapped_view(hit->surface) : NULL;
	if (v)
		weston_touch_set_focus(t, v);
}

static int li_dispatch(int fd, uint32_t mask, void *data)
{
	struct bw *bw = data;
	struct libinput_event *ev;
	(void)fd; (void)mask;
	libinput_dispatch(bw->li);
	while ((ev = libinput_get_event(bw->li))) {
		enum libinput_event_type type = libinput_event_get_type(ev);
		struct libinput_event_touch *t = NULL;
		if (type >= LIBINPUT_EVENT_TOUCH_DOWN && type <= LIBINPUT_EVENT_TOUCH_FRAME)
			t = libinput_event_get_touch_event(ev);
		struct bw_seat *bs = own_bw_seat(bw);
		if (bs)
			check_foreign_grab(bs);
		struct timespec ts = { 0, 0 };
		if (t) {
			/* Kernel event times are CLOCK_MONOTONIC. A replayed recording (umockdev)
			 * keeps its recorded times: shift them once so they start now and keep
			 * their spacing. */
			int64_t us = (int64_t)libinput_event_touch_get_time_usec(t);
			if (!bw->time_offset_set) {
				int64_t d = (int64_t)now_usec() - us;
				bw->time_offset_us = (d > 1000000 || d < -1000000) ? d : 0;
				bw->time_offset_set = true;
				if (bw->time_offset_us)
					weston_log("bezel: touch times are not CLOCK_MONOTONIC (a "
						   "recording?); shifting them by %lld us\n",
						   (long long)bw->time_offset_us);
			}
			us += bw->time_offset_us;
			ts.tv_sec = (time_t)(us / 1000000);
			ts.tv_nsec = (long)(us % 1000000) * 1000;
		}
		int w = bw->output ? bw->output->width : 1, h = bw->output ? bw->output->height : 1;
		switch (type) {
		case LIBINPUT_EVENT_TOUCH_DOWN:
		case LIBINPUT_EVENT_TOUCH_MOTION: {
			int slot = libinput_event_touch_get_seat_slot(t);
			double x = libinput_event_touch_get_x_transformed(t, (uint32_t)w) + bw->out_x;
			double y = libinput_event_touch_get_y_transformed(t, (uint32_t)h) + bw->out_y;
			evlog(bw, "libinput %s id=%d time_us=%lld",
			      type == LIBINPUT_EVENT_TOUCH_DOWN ? "down" : "motion", slot,
			      (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
			/* weston 10's notify_touch drops a motion, and a down that is not the
			 * first, while the touch has no focus view (the first finger landed on
			 * no surface, or before weston rebuilt its view list). The plugin must
			 * see every touch (system gestures need no client), so those go to the
			 * grab directly. */
			struct weston_touch *wt = bw->touch_device->aggregate;
			uint32_t before = wt->num_tp;
			bool focused = wt->focus != NULL;
			wl_fixed_t fx = wl_fixed_from_double(x), fy = wl_fixed_from_double(y);
			if (type == LIBINPUT_EVENT_TOUCH_DOWN) {
				notify_touch_normalized(bw->touch_device, &ts, slot, x, y, NULL,
							WL_TOUCH_DOWN);
				if (before >= 1 && !wt->focus)
					wt->grab->interface->down(wt->grab, &ts, slot, fx, fy);
				else if (before == 0 && !wt->focus)
					focus_from_tree(bw, wt, x, y);
			} else {
				notify_touch_normalized(bw->touch_device, &ts, slot, x, y, NULL,
							WL_TOUCH_MOTION);
				if (!focused)
					wt->grab->interface->motion(wt->grab, &ts, slot, fx, fy);
			}
			break;
		}
		case LIBINPUT_EVENT_TOUCH_UP: {
			int slot = libinput_event_touch_get_seat_slot(t);
			evlog(bw, "libinput up id=%d time_us=%lld", slot,
			      (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
			notify_touch_normalized(bw->touch_device, &ts, slot, 0, 0, NULL, WL_TOUCH_UP);
			break;
		}
		case LIBINPUT_EVENT_TOUCH_FRAME:
			notify_touch_frame(bw->touch_device);
			break;
		case LIBINPUT_EVENT_TOUCH_CANCEL:
			notify_touch_cancel(bw->touch_device);
			break;
		case LIBINPUT_EVENT_DEVICE_ADDED:
			weston_log("bezel: libinput device added: %s\n",
				   libinput_device_get_name(libinput_event_get_device(ev)));
			break;
		case LIBINPUT_EVENT_DEVICE_REMOVED:
			weston_log("bezel: libinput device removed\n");
			notify_touch_cancel(bw->touch_device);
			break;
		default:
			break;
		}
		libinput_event_destroy(ev);
	}
	return 0;
}

static void li_log(struct libinput *li, enum libinput_log_priority p, const char *fmt, va_list ap)
{
	(void)li;
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	size_t n = strlen(buf);
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	if (p >= LIBINPUT_LOG_PRIORITY_INFO)
		weston_log("bezel: libinput: %s\n", buf);
}

static int start_headless_source(struct bw *bw, const char *node, const char *seat_name)
{
	bw->own_seat = calloc(1, sizeof *bw->own_seat);
	if (!bw->own_seat)
		return -1;
	/* weston_seat_init emits seat_created_signal: track_seat() picks the seat up. */
	weston_seat_init(bw->own_seat, bw->ec, seat_name);
	if (weston_seat_init_touch(bw->own_seat) < 0)
		return -1;
	bw->touch_device = weston_touch_create_touch_device(bw->own_seat->touch_state, node, NULL,
							    NULL);
	if (!bw->touch_device)
		return -1;

	bw->li = libinput_path_create_context(&li_interface, bw);
	if (!bw->li)
		return -1;
	libinput_log_set_handler(bw->li, li_log);
	libinput_log_set_priority(bw->li, LIBINPUT_LOG_PRIORITY_INFO);
	struct wl_event_loop *loop = wl_display_get_event_loop(bw->ec->wl_display);
	bw->li_source = wl_event_loop_add_fd(loop, libinput_get_fd(bw->li), WL_EVENT_READABLE,
					     li_dispatch, bw);
	if (!bw->li_source)
		return -1;
	weston_log("bezel: headless touch source %s on seat %s\n", node, seat_name);
	return 0;
}

static int open_touch_device(struct bw *bw)
{
	const char *node = bw->touch_node;
	if (bw->touch_opened)
		return 0;
	struct libinput_device *dev = libinput_path_add_device(bw->li, node);
	bw->touch_opened = true;
	if (!dev) {
		weston_log("bezel: libinput cannot open touch device %s\n", node);
		return -1;
	}
	if (!libinput_device_has_capability(dev, LIBINPUT_DEVICE_CAP_TOUCH))
		weston_log("bezel: warning: %s is not a touch device\n", node);
	evlog(bw, "touch device opened %s", node);
	li_dispatch(0, 0, bw); /* device-added events already queued */
	return 0;
}

static int on_sigusr2(int sig, void *data)
{
	(void)sig;
	open_touch_device(data);
	return 0;
}

/* ---------------------------------------------------------------- gesture settings */

/* Keys of [bezel] that configure the module itself; every other key is a gesture setting
 * (DESIGN §4.4, flattened) and goes to bezel_plugin_configure. */
static const char *const module_keys[] = {
	"log-level", "touch-device", "touch-device-open", "seat", "output-width-mm",
	"output-height-mm", "intercept", "event-log", "panels",
};

static bool is_module_key(const char *key)
{
	for (size_t i = 0; i < sizeof module_keys / sizeof module_keys[0]; i++)
		if (!strcmp(key, module_keys[i]))
			return true;
	return false;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * weston_config can look a key up but cannot list a section's keys, and an unknown key must
 * be reported rather than ignored (a typo would otherwise silently keep a default). So the
 * first [bezel] section of the same file weston parsed is read again here, with weston's own
 * rules: '#' comments, "[section]" headers, "key=value" lines.
 */
static void configure_gestures(struct bw *bw, struct weston_config *config)
{
	const char *path = config ? weston_config_get_full_path(config) : NULL;
	enum { MAX_KEYS = 128 };
	char *keys[MAX_KEYS], *values[MAX_KEYS];
	size_t count = 0;
	bool in_bezel = false, seen_bezel = false;
	char line[1024];
	FILE *f = path ? fopen(path, "re") : NULL;
	if (!f) {
		if (path)
			weston_log("bezel: cannot read %s for gesture settings: %s\n", path,
				   strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f)) {
		char *l = trim(line);
		if (*l == '#' || *l == '\0')
			continue;
		if (*l == '[') {
			char *end = strchr(l, ']');
			in_bezel = end && !seen_bezel && end - l == 6 && !strncmp(l, "[bezel", 6);
			seen_bezel = seen_bezel || in_bezel;
			continue;
		}
		char *eq = strchr(l, '=');
		if (!in_bezel || !eq)
			continue;
		*eq = '\0';
		char *key = trim(l), *value = trim(eq + 1);
		if (is_module_key(key))
			continue;
		if (count == MAX_KEYS) {
			weston_log("bezel: warning: more than %d gesture settings in [bezel]; "
				   "ignoring %s and the rest\n", MAX_KEYS, key);
			break;
		}
		keys[count] = strdup(key);
		values[count] = strdup(value);
		if (!keys[count] || !values[count]) {
			free(keys[count]);
			free(values[count]);
			break;
		}
		count++;
	}
	fclose(f);
	if (count > 0) {
		int r = bezel_plugin_configure(bw->plugin, (const char *const *)keys,
					       (const char *const *)values, count);
		if (r == BEZEL_OK)
			weston_log("bezel: %zu gesture setting(s) from [bezel] applied\n", count);
		else
			weston_log("bezel: warning: [bezel] gesture settings rejected (%s); using "
				   "the defaults\n", bezel_result_string(r));
	}
	for (size_t i = 0; i < count; i++) {
		free(keys[i]);
		free(values[i]);
	}
}

/* ---------------------------------------------------------------- life cycle */

static void compositor_destroyed(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, destroy_listener);
	struct bw_seat *bs, *bstmp;
	struct bw_surface *s, *stmp;
	(void)data;
	if (bw->li_source)
		wl_event_source_remove(bw->li_source);
	if (bw->sigusr2_source)
		wl_event_source_remove(bw->sigusr2_source);
	if (bw->sync_idle)
		wl_event_source_remove(bw->sync_idle);
	free(bw->touch_node);
	if (bw->li)
		libinput_unref(bw->li);
	wl_list_for_each_safe(bs, bstmp, &bw->seats, link) {
		if (bs->touch && bs->weston_default)
			bs->touch->default_grab.interface = bs->weston_default;
		if (bs->touch && bs->touch->grab == &bs->wrap)
			bs->touch->grab = bs->foreign ? bs->foreign : &bs->touch->default_grab;
		wl_list_remove(&bs->caps_listener.link);
		wl_list_remove(&bs->destroy_listener.link);
		wl_list_remove(&bs->link);
		free(bs);
	}
	wl_list_for_each_safe(s, stmp, &bw->surfaces, link) {
		wl_list_remove(&s->commit_listener.link);
		wl_list_remove(&s->destroy_listener.link);
		wl_list_remove(&s->link);
		free(s);
	}
	if (bw->touch_device)
		weston_touch_device_destroy(bw->touch_device);
	if (bw->own_seat) {
		weston_seat_release(bw->own_seat);
		free(bw->own_seat);
	}
	panels_fini(bw);
	bezel_plugin_destroy(bw->plugin);
	wl_list_remove(&bw->create_surface_listener.link);
	wl_list_remove(&bw->seat_created_listener.link);
	wl_list_remove(&bw->output_created_listener.link);
	wl_list_remove(&bw->output_resized_listener.link);
	wl_list_remove(&bw->output_moved_listener.link);
	if (bw->event_log)
		fclose(bw->event_log);
	/* The listener lives inside bw: unlink it before the free, or weston's own removal of
	 * the destroy signal's listeners writes into freed memory. */
	wl_list_remove(&bw->destroy_listener.link);
	free(bw);
	bw_instance = NULL;
}

WL_EXPORT int wet_module_init(struct weston_compositor *ec, int *argc, char *argv[])
{
	(void)argc; (void)argv;
	if (bw_instance) {
		weston_log("bezel: module loaded twice; ignoring\n");
		return 0;
	}
	struct bw *bw = calloc(1, sizeof *bw);
	if (!bw)
		return -1;
	bw->ec = ec;
	wl_list_init(&bw->seats);
	wl_list_init(&bw->surfaces);

	struct weston_config *config = wet_get_config(ec);
	struct weston_config_section *sec =
		config ? weston_config_get_section(config, "bezel", NULL, NULL) : NULL;
	char *level = NULL, *node = NULL, *seat_name = NULL, *event_log = NULL, *open_when = NULL;
	weston_config_section_get_string(sec, "log-level", &level, "info");
	weston_config_section_get_string(sec, "touch-device", &node, NULL);
	weston_config_section_get_string(sec, "seat", &seat_name, "bezel");
	weston_config_section_get_string(sec, "event-log", &event_log, NULL);
	weston_config_section_get_string(sec, "touch-device-open", &open_when, "start");
	weston_config_section_get_int(sec, "output-width-mm", &bw->cfg_width_mm, 0);
	weston_config_section_get_bool(sec, "intercept", &bw->intercept, true);
	weston_config_section_get_bool(sec, "panels", &bw->panels_enabled, true);
	const char *ienv = getenv("BEZEL_WESTON_INTERCEPT");
	if (ienv && !strcmp(ienv, "0"))
		bw->intercept = false;
	weston_config_section_get_int(sec, "output-height-mm", &bw->cfg_height_mm, 0);
	const char *env = getenv("BEZEL_WESTON_TOUCH_DEVICE");
	if (env && *env) {
		free(node);
		node = strdup(env);
	}
	env = getenv("BEZEL_WESTON_TOUCH_OPEN");
	if (env && *env) {
		free(open_when);
		open_when = strdup(env);
	}
	env = getenv("BEZEL_WESTON_EVENT_LOG");
	if (env && *env) {
		free(event_log);
		event_log = strdup(env);
	}
	if (event_log) {
		bw->event_log = fopen(event_log, "ae");
		if (!bw->event_log)
			weston_log("bezel: cannot open event log %s: %s\n", event_log, strerror(errno));
	}

	struct bezel_host_interface host = {
		.version = BEZEL_HOST_INTERFACE_VERSION,
		.touch_down = h_touch_down,
		.touch_motion = h_touch_motion,
		.touch_up = h_touch_up,
		.touch_frame = h_touch_frame,
		.touch_cancel = h_touch_cancel,
		.gesture_began = h_gesture_began,
		.gesture_changed = h_gesture_changed,
		.gesture_ended = h_gesture_ended,
		.gesture_cancelled = h_gesture_cancelled,
		.gesture_failed = h_gesture_failed,
		.affordance_shown = h_affordance_shown,
		.affordance_hidden = h_affordance_hidden,
		.cancel_drag = h_cancel_drag,
		.log = h_log,
	};
	int r = bezel_plugin_create(ec->wl_display, &host, bw, &bw->plugin);
	if (r != BEZEL_OK) {
		weston_log("bezel: cannot create the plugin: %s\n", bezel_result_string(r));
		free(level); free(node); free(seat_name); free(event_log); free(open_when);
		if (bw->event_log)
			fclose(bw->event_log);
		free(bw);
		return -1;
	}
	bw_instance = bw;
	bezel_plugin_set_log_level(bw->plugin, parse_level(level));
	weston_log("bezel: libbezel %s loaded, log level %s\n", bezel_version_string(), level);
	configure_gestures(bw, config);
	panels_init(bw);

	bw->destroy_listener.notify = compositor_destroyed;
	weston_compositor_add_destroy_listener_once(ec, &bw->destroy_listener, compositor_destroyed);
	bw->create_surface_listener.notify = surface_created;
	wl_signal_add(&ec->create_surface_signal, &bw->create_surface_listener);
	bw->seat_created_listener.notify = seat_created;
	wl_signal_add(&ec->seat_created_signal, &bw->seat_created_listener);
	bw->output_created_listener.notify = output_changed;
	wl_signal_add(&ec->output_created_signal, &bw->output_created_listener);
	bw->output_resized_listener.notify = output_changed;
	wl_signal_add(&ec->output_resized_signal, &bw->output_resized_listener);
	bw->output_moved_listener.notify = output_changed;
	wl_signal_add(&ec->output_moved_signal, &bw->output_moved_listener);
	update_output(bw);

	struct weston_seat *seat;
	wl_list_for_each(seat, &ec->seat_list, link)
		track_seat(bw, seat);

	if (node) {
		bw->touch_node = strdup(node);
		if (start_headless_source(bw, node, seat_name) < 0) {
			weston_log("bezel: headless touch source on %s failed; continuing without it\n",
				   node);
		} else if (open_when && !strcmp(open_when, "sigusr2")) {
			bw->sigusr2_source = wl_event_loop_add_signal(
				wl_display_get_event_loop(ec->wl_display), SIGUSR2, on_sigusr2, bw);
			weston_log("bezel: touch device %s opens on SIGUSR2\n", node);
		} else {
			open_touch_device(bw);
		}
	}

	free(level); free(node); free(seat_name); free(event_log); free(open_when);
	return 0;
}
