/*
 * libbezel-wlroots: the Bezel plugin on a wlroots 0.15 seat (see bezel-wlroots.h for the calls).
 *
 * The shape of it, in the order a touch goes through it:
 *
 *   compositor's touch handler
 *     -> bezel_wlr_touch_down(lx, ly)     hit-test (the compositor's surface_at callback)
 *        -> wlr_seat_touch_notify_down     the seat makes its touch point and calls the grab
 *           -> grab_down (ours)            reserves the serial the client's down will carry,
 *                                          and sends nothing
 *        -> bezel_touch_down               the plugin decides: deliver now, hold, or keep
 *           -> deliver_down                 (now or at a later flush) wl_touch.down to the
 *                                          client with the reserved serial and original time
 *
 * Why the grab sends nothing itself: wlroots' default grab would deliver every touch at once,
 * and a touch at an edge must be held until the plugin knows whether it is a system gesture.
 * Why the adapter sends wl_touch events to the client's resources directly instead of through
 * wlr_seat_touch_send_*: held events are released later, sometimes after wlroots has destroyed
 * the touch point at its up, and they must keep the serial the seat already recorded (so that
 * wl_data_device.start_drag with that serial is accepted).
 *
 * The seat has one touch-grab slot. An xdg_popup grab or a touch drag calls
 * wlr_seat_touch_start_grab while ours is installed: the adapter remembers that grab as the
 * "inner" grab and puts its own back on top. Whoever ends "the" grab later
 * (wlr_seat_touch_end_grab) ends ours, since it is on top, and wlroots would fall back to the
 * default grab: the adapter takes that as the inner grab ending and installs itself again.
 * Downs for a client are passed through an inner popup grab (it decides whether a touch
 * outside the popup's client dismisses it); the dragging touch's motion and up go to the drag
 * grab.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-server-core.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>

#include "bezel.h"
#include "bezel-wlroots.h"

/* Touches the adapter tracks at once; the plugin tracks 16, libinput seat slots are small. */
#define BW_MAX_TOUCHES 32

/* One finger, from its down to its up or cancel. */
struct bw_touch {
	bool down;
	int32_t id;
	struct wlr_surface *surface; /* hit at the down (NULL: no client surface) */
	struct wl_listener surface_destroy;
	double origin_x, origin_y;   /* the surface's layout position at the down */
	double out_x, out_y;         /* layout position of the output the touch went down on */
	struct wlr_output *output;   /* that output (NULL if none) */
	uint32_t serial;             /* reserved at the seat's down; the client's down carries it */
	bool serial_used;
	bool delivered;              /* the client got its down (so motion/up may follow) */
	bool swallowed;              /* the client's touches were cancelled: nothing more */
};

/* A surface the plugin knows about (added at its first hit). */
struct bw_surface {
	struct bezel_wlr *bw;
	struct wl_list link;
	struct wlr_surface *surface;
	struct wl_listener commit;
	struct wl_listener destroy;
	bool added;
	uint32_t policy; /* last mask given to bezel_surface_set_policy */
};

struct bw_output {
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
	FILE *event_log;

	/* The grab on top of the seat, and the grab that went underneath it (NULL: default). */
	struct wlr_seat_touch_grab grab;
	struct wlr_seat_touch_grab *inner;
	bool destroying;

	struct bw_touch touches[BW_MAX_TOUCHES];
	uint32_t last_msec;

	/* The touch drag being followed (R7). */
	struct wlr_drag *drag;
	int32_t drag_id;
	struct wl_listener drag_destroy;

	enum bezel_wlr_policy policy;
	struct wl_list surfaces; /* bw_surface.link */
	struct wl_list outputs;  /* bw_output.link */
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

/* ---------------------------------------------------------------- small helpers */

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void evlog(struct bezel_wlr *bw, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void evlog(struct bezel_wlr *bw, const char *fmt, ...)
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

static struct bw_touch *touch_get(struct bezel_wlr *bw, int32_t id)
{
	for (int i = 0; i < BW_MAX_TOUCHES; i++)
		if (bw->touches[i].down && bw->touches[i].id == id)
			return &bw->touches[i];
	return NULL;
}

static void touch_clear_surface(struct bw_touch *t)
{
	if (t->surface) {
		wl_list_remove(&t->surface_destroy.link);
		t->surface = NULL;
	}
}

static void touch_surface_destroyed(struct wl_listener *l, void *data)
{
	struct bw_touch *t = wl_container_of(l, t, surface_destroy);
	(void)data;
	touch_clear_surface(t);
}

static void touch_release(struct bw_touch *t)
{
	touch_clear_surface(t);
	t->down = false;
}

static struct wlr_seat_client *seat_client_of(struct bezel_wlr *bw, struct wl_resource *res)
{
	return res && bw->seat ? wlr_seat_client_for_wl_client(bw->seat, wl_resource_get_client(res))
			       : NULL;
}

static bool inner_is_drag(struct bezel_wlr *bw)
{
	return bw->inner && bw->drag && bw->inner == &bw->drag->touch_grab;
}

/* ---------------------------------------------------------------- outputs */

static struct bw_output *output_find(struct bezel_wlr *bw, struct wlr_output *output)
{
	struct bw_output *o;
	wl_list_for_each(o, &bw->outputs, link)
		if (o->output == output)
			return o;
	return NULL;
}

/* Tells the plugin where `o` is and how big (R8 "every output"). */
static void output_describe(struct bezel_wlr *bw, struct bw_output *o)
{
	struct wlr_box *box = bw->layout ? wlr_output_layout_get_box(bw->layout, o->output) : NULL;
	if (!box || box->width <= 0 || box->height <= 0)
		return;
	int32_t mm_w = o->width_mm > 0 ? o->width_mm : o->output->phys_width;
	int32_t mm_h = o->height_mm > 0 ? o->height_mm : o->output->phys_height;
	int32_t tf = (int32_t)o->output->transform;
	int r;
	if (o->added) {
		r = bezel_output_update(bw->plugin, o->id, box->x, box->y, box->width, box->height,
					mm_w, mm_h, tf);
	} else if (o->id == 0) {
		/* Output 0 exists from the plugin's creation: the first output takes it. */
		r = bezel_output_update(bw->plugin, 0, box->x, box->y, box->width, box->height,
					mm_w, mm_h, tf);
	} else {
		r = bezel_output_add(bw->plugin, o->id, box->x, box->y, box->width, box->height,
				     mm_w, mm_h, tf);
	}
	if (r == BEZEL_OK)
		o->added = true;
	wlr_log(r == BEZEL_OK ? WLR_INFO : WLR_ERROR, "bezel: output %s (id %u) %dx%d+%d+%d, %dx%d mm%s%s",
		o->output->name, o->id, box->width, box->height, box->x, box->y, mm_w, mm_h,
		r == BEZEL_OK ? "" : ": ", r == BEZEL_OK ? "" : bezel_result_string(r));
}

static struct bw_output *output_by_id(struct bezel_wlr *bw, uint32_t id)
{
	struct bw_output *o;
	wl_list_for_each(o, &bw->outputs, link)
		if (o->id == id)
			return o;
	return NULL;
}

static void output_destroyed(struct wl_listener *l, void *data)
{
	struct bw_output *o = wl_container_of(l, o, destroy);
	struct bezel_wlr *bw = o->bw;
	(void)data;
	wlr_log(WLR_INFO, "bezel: output %s (id %u) removed", o->output->name, o->id);
	/* R8: what its touches carried is cancelled (gestures, held events, clients' touches). */
	if (o->added)
		bezel_output_remove(bw->plugin, o->id, bw->last_msec);
	wl_list_remove(&o->destroy.link);
	wl_list_remove(&o->link);
	free(o);
}

/* Brings the plugin's outputs in line with the layout. */
static void outputs_sync(struct bezel_wlr *bw)
{
	struct wlr_output_layout_output *lo;
	if (!bw->layout)
		return;
	wl_list_for_each(lo, &bw->layout->outputs, link) {
		struct bw_output *o = output_find(bw, lo->output);
		if (!o) {
			o = calloc(1, sizeof *o);
			if (!o)
				continue;
			o->bw = bw;
			o->output = lo->output;
			o->id = bw->next_output_id++;
			o->destroy.notify = output_destroyed;
			wl_signal_add(&lo->output->events.destroy, &o->destroy);
			wl_list_insert(bw->outputs.prev, &o->link);
		}
		output_describe(bw, o);
	}
}

static void layout_changed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_change);
	(void)data;
	outputs_sync(bw);
}

static void layout_added(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_add);
	(void)data;
	outputs_sync(bw);
}

/* The output under a layout point (the nearest one if the point is off every output), its
 * plugin id and layout position. */
static struct bw_output *output_at(struct bezel_wlr *bw, double lx, double ly, double *ox,
				   double *oy)
{
	struct wlr_output *out = wlr_output_layout_output_at(bw->layout, lx, ly);
	if (!out) {
		double cx, cy;
		wlr_output_layout_closest_point(bw->layout, NULL, lx, ly, &cx, &cy);
		out = wlr_output_layout_output_at(bw->layout, cx, cy);
	}
	struct bw_output *o = out ? output_find(bw, out) : NULL;
	struct wlr_box *box = out ? wlr_output_layout_get_box(bw->layout, out) : NULL;
	*ox = box ? box->x : 0;
	*oy = box ? box->y : 0;
	return o;
}

/* ---------------------------------------------------------------- surfaces and policy (R6) */

static void surface_destroyed(struct wl_listener *l, void *data);

/* The adapter's record of `s`: found through its own destroy listener on the surface, so the
 * cost is the few listeners of one surface, not the number of surfaces. */
static struct bw_surface *surface_find(struct bezel_wlr *bw, struct wlr_surface *s)
{
	struct wl_listener *l = wl_signal_get(&s->events.destroy, surface_destroyed);
	struct bw_surface *bs = l ? wl_container_of(l, bs, destroy) : NULL;
	return bs && bs->bw == bw ? bs : NULL;
}

/* The surface whose deferral the R3 lookup reaches next: a subsurface's parent, a popup's. */
static struct wlr_surface *surface_parent(struct wlr_surface *s)
{
	if (wlr_surface_is_subsurface(s)) {
		struct wlr_subsurface *sub = wlr_subsurface_from_wlr_surface(s);
		return sub ? sub->parent : NULL;
	}
	if (wlr_surface_is_xdg_surface(s)) {
		struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(s);
		if (xdg && xdg->role == WLR_XDG_SURFACE_ROLE_POPUP && xdg->popup)
			return xdg->popup->parent;
	}
	return NULL;
}

/* R6 default: a full-screen xdg toplevel (or a surface on one) may defer edges. */
static uint32_t surface_policy(struct bezel_wlr *bw, struct wlr_surface *s)
{
	if (bw->policy == BEZEL_WLR_POLICY_ALL)
		return BEZEL_EDGE_ALL;
	struct wlr_surface *root = s;
	for (int depth = 0; depth < 64; depth++) {
		struct wlr_surface *p = surface_parent(root);
		if (!p)
			break;
		root = p;
	}
	if (wlr_surface_is_xdg_surface(root)) {
		struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(root);
		if (xdg && xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL && xdg->toplevel &&
		    xdg->toplevel->current.fullscreen)
			return BEZEL_EDGE_ALL;
	}
	return 0;
}

static void surface_update_policy(struct bezel_wlr *bw, struct bw_surface *bs)
{
	uint32_t p = surface_policy(bw, bs->surface);
	if (bs->added && p != bs->policy) {
		bezel_surface_set_policy(bw->plugin, bs->surface->resource, p);
		/* The same rule for multi-finger kinds (M4): a window that may not keep the edges
		 * may not keep the workspace swipe either. */
		bezel_surface_set_gesture_policy(bw->plugin, bs->surface->resource,
						 p ? BEZEL_GESTURE_KIND_ALL : 0);
		bs->policy = p;
	}
}

static void surface_sync(struct bezel_wlr *bw, struct wlr_surface *s, double x, double y,
			 int depth);

static void surface_committed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, commit);
	struct bezel_wlr *bw = bs->bw;
	struct wlr_surface *s = bs->surface;
	(void)data;
	/* Applies a pending set_deferred_edges (double-buffered on wl_surface.commit). */
	bezel_surface_commit(bw->plugin, s->resource);
	/* A surface is known to the plugin while the compositor shows it. Its role's commit
	 * handler (xdg map) has run before this signal, so the position is current. */
	double x, y;
	if (bw->iface.surface_position) {
		if (wlr_surface_has_buffer(s) && bw->iface.surface_position(bw->data, s, &x, &y))
			surface_sync(bw, s, x, y, 0);
		else if (bs->added && !wlr_surface_has_buffer(s)) {
			bezel_surface_remove(bw->plugin, s->resource); /* unmapped: R8 for its touches */
			bs->added = false;
		}
	}
	surface_update_policy(bw, bs);
}

static void surface_destroyed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, destroy);
	(void)data;
	/* The plugin also listens to the wl_resource; removing first keeps the order clear: the
	 * client's touches there are cancelled, held events dropped. */
	if (bs->added)
		bezel_surface_remove(bs->bw->plugin, bs->surface->resource);
	wl_list_remove(&bs->commit.link);
	wl_list_remove(&bs->destroy.link);
	wl_list_remove(&bs->link);
	free(bs);
}

static void new_surface(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, new_surface);
	struct wlr_surface *s = data;
	struct bw_surface *bs = calloc(1, sizeof *bs);
	if (!bs) {
		wlr_log(WLR_ERROR, "bezel: out of memory tracking a surface");
		return;
	}
	bs->bw = bw;
	bs->surface = s;
	bs->commit.notify = surface_committed;
	wl_signal_add(&s->events.commit, &bs->commit);
	bs->destroy.notify = surface_destroyed;
	wl_signal_add(&s->events.destroy, &bs->destroy);
	wl_list_insert(bw->surfaces.prev, &bs->link);
}

/*
 * Makes sure the plugin knows `s` (and the surfaces above it in the R3 lookup), with its
 * rectangle at layout (x, y): surface-local coordinates of the events it sends come from it.
 */
static void surface_sync(struct bezel_wlr *bw, struct wlr_surface *s, double x, double y,
			 int depth)
{
	struct bw_surface *bs = surface_find(bw, s);
	if (!bs || depth > 64)
		return;
	struct wlr_surface *parent = surface_parent(s);
	struct bw_surface *pbs = parent ? surface_find(bw, parent) : NULL;
	if (pbs && !pbs->added) {
		/* The parent's position comes from the compositor if it can tell, else from its
		 * next hit; until then it sits at the child's origin (only its deferral is looked
		 * up through the child). */
		double px = x, py = y;
		if (bw->iface.surface_position)
			bw->iface.surface_position(bw->data, parent, &px, &py);
		surface_sync(bw, parent, px, py, depth + 1);
	}
	double w = s->current.width, h = s->current.height;
	if (!bs->added) {
		int r = bezel_surface_add(bw->plugin, s->resource,
					  pbs && pbs->added ? parent->resource : NULL, x, y, w, h);
		if (r == BEZEL_OK || r == BEZEL_ERROR_EXISTS) {
			bs->added = true;
			bs->policy = BEZEL_EDGE_ALL; /* the plugin's default */
			surface_update_policy(bw, bs);
		}
	} else {
		bezel_surface_set_rect(bw->plugin, s->resource, x, y, w, h);
	}
}

/* ---------------------------------------------------------------- delivery to clients */

/* The client's wl_touch resources that are live: wlroots makes a resource inert (no user data)
 * when it was bound while the seat had no touch, and sends nothing to those; neither do we. */
#define for_each_live_touch(res, sc)                     \
	wl_resource_for_each(res, &(sc)->touches)        \
		if (wl_resource_get_user_data(res) != NULL)

/*
 * The plugin's decisions. They are sent to the client's wl_touch resources directly (see the
 * top of this file for why); a down goes through an inner popup grab when there is one.
 */

static void h_touch_down(void *data, struct wl_resource *surface, int32_t id, double sx,
			 double sy, uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	struct bw_touch *t = touch_get(bw, id);
	if (!sc || (t && t->swallowed))
		return;
	struct wlr_touch_point *point = wlr_seat_touch_get_point(bw->seat, id); /* sc: seat is alive */
	uint32_t serial = 0;
	if (bw->inner && !inner_is_drag(bw) && point && point->surface &&
	    point->surface->resource == surface) {
		/* A popup grab decides about downs (one outside its client dismisses it). */
		point->sx = sx;
		point->sy = sy;
		serial = bw->inner->interface->down(bw->inner, time, point);
		sc->needs_touch_frame = false; /* the plugin sends the frame */
		if (!serial) {
			if (t)
				t->swallowed = true;
			return;
		}
		if (id == (int32_t)bw->seat->touch_state.grab_id)
			bw->seat->touch_state.grab_serial = serial;
	} else {
		if (t && t->serial && !t->serial_used) {
			serial = t->serial; /* the serial the seat recorded at this touch's down */
			t->serial_used = true;
		} else {
			serial = wlr_seat_client_next_serial(sc);
		}
		struct wl_resource *res;
		for_each_live_touch(res, sc)
			wl_touch_send_down(res, serial, time, surface, id, wl_fixed_from_double(sx),
					   wl_fixed_from_double(sy));
	}
	if (t)
		t->delivered = true;
	evlog(bw, "send down id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

static void h_touch_motion(void *data, struct wl_resource *surface, int32_t id, double sx,
			   double sy, uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	struct bw_touch *t = touch_get(bw, id);
	if (!sc || (t && (t->swallowed || !t->delivered)))
		return;
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_motion(res, time, id, wl_fixed_from_double(sx), wl_fixed_from_double(sy));
	evlog(bw, "send motion id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

static void h_touch_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	struct bw_touch *t = touch_get(bw, id);
	if (!sc || (t && (t->swallowed || !t->delivered)))
		return;
	uint32_t serial = wlr_seat_client_next_serial(sc);
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_up(res, serial, time, id);
	if (t)
		t->delivered = false;
	evlog(bw, "send up id=%d time=%u", id, time);
}

static void h_touch_frame(void *data, struct wl_client *client)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = bw->seat ? wlr_seat_client_for_wl_client(bw->seat, client) : NULL;
	if (!sc)
		return;
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_frame(res);
	sc->needs_touch_frame = false;
	evlog(bw, "send frame");
}

static void h_touch_cancel(void *data, struct wl_client *client)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = bw->seat ? wlr_seat_client_for_wl_client(bw->seat, client) : NULL;
	if (!sc)
		return;
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_cancel(res);
	/* wl_touch.cancel ends all of the client's touches: nothing more for those ids. */
	for (int i = 0; i < BW_MAX_TOUCHES; i++) {
		struct bw_touch *t = &bw->touches[i];
		if (t->down && t->surface && t->surface->resource &&
		    wl_resource_get_client(t->surface->resource) == client)
			t->swallowed = true;
	}
	evlog(bw, "send cancel");
}

/* ---------------------------------------------------------------- gestures, affordances */

static const char *const phase_names[] = { "began", "changed", "ended", "cancelled", "failed" };

/* Every system gesture event: the event log line (docs/hosts.md shapes), then the compositor. */
static void h_gesture_event(void *data, const struct bezel_gesture_event *e)
{
	struct bezel_wlr *bw = data;
	struct bw_output *o = output_by_id(bw, e->output_id);
	/* Multi-finger gestures (edge 0) say which kind and how many fingers. */
	char mf[48] = "";
	if (e->kind != BEZEL_GESTURE_KIND_EDGE)
		snprintf(mf, sizeof mf, " kind=%u fingers=%u", e->kind, e->fingers);
	switch (e->phase) {
	case BEZEL_GESTURE_BEGAN:
		evlog(bw, "gesture began %s edge=%u%s", e->gesture, e->edge, mf);
		break;
	case BEZEL_GESTURE_CHANGED:
		evlog(bw, "gesture changed %s edge=%u travel=%.2f progress=%.3f velocity=%.1f%s",
		      e->gesture, e->edge, e->travel_mm, e->progress, e->velocity_mm_s, mf);
		break;
	case BEZEL_GESTURE_ENDED:
		evlog(bw, "gesture ended %s edge=%u committed=%d%s", e->gesture, e->edge, e->committed, mf);
		break;
	case BEZEL_GESTURE_CANCELLED:
		evlog(bw, "gesture cancelled %s edge=%u%s", e->gesture, e->edge, mf);
		break;
	case BEZEL_GESTURE_FAILED:
		evlog(bw, "gesture failed %s edge=%u reason=%s%s", e->gesture, e->edge,
		      e->reason ? e->reason : "?", mf);
		break;
	default:
		return;
	}
	if (e->phase != BEZEL_GESTURE_CHANGED && e->phase != BEZEL_GESTURE_FAILED)
		wlr_log(WLR_INFO, "bezel: %s %s (edge %u) on %s%s", e->gesture, phase_names[e->phase],
			e->edge, o ? o->output->name : "no output",
			e->phase == BEZEL_GESTURE_ENDED ? (e->committed ? ", committed" : ", not committed") : "");
	if (!bw->iface.gesture)
		return;
	struct bezel_wlr_gesture_event ev = {
		.phase = e->phase, .output = o ? o->output : NULL, .gesture = e->gesture,
		.edge = e->edge, .travel_mm = e->travel_mm, .progress = e->progress,
		.velocity_mm_s = e->velocity_mm_s, .committed = e->committed, .reason = e->reason,
		.kind = e->kind, .fingers = e->fingers, .scale = e->scale,
	};
	bw->iface.gesture(bw->data, &ev);
}

static void h_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown)
{
	struct bezel_wlr *bw = data;
	struct bw_output *o = output_by_id(bw, output_id);
	evlog(bw, "affordance %s edge=%u", shown ? "shown" : "hidden", edge);
	if (bw->iface.affordance)
		bw->iface.affordance(bw->data, o ? o->output : NULL, edge, shown);
}

/*
 * R7: a modal gesture began during a drag. Destroying the drag's data source is how wlroots
 * itself abandons a drag: the source gets wl_data_source.cancelled, the drag ends (its target
 * gets leave) and nothing is dropped. A drag without a source (inside one client) is ended
 * through its grab's cancel.
 */
static void h_cancel_drag(void *data)
{
	struct bezel_wlr *bw = data;
	struct wlr_drag *drag = bw->drag;
	if (!drag)
		return;
	evlog(bw, "drag cancelled");
	wlr_log(WLR_INFO, "bezel: drag-and-drop session cancelled by a system gesture");
	if (drag->source)
		wlr_data_source_destroy(drag->source);
	else if (inner_is_drag(bw) && bw->inner->interface->cancel)
		bw->inner->interface->cancel(bw->inner);
}

static void h_log(void *data, int level, const char *message)
{
	(void)data;
	enum wlr_log_importance imp = level <= BEZEL_LOG_ERROR ? WLR_ERROR
				      : level <= BEZEL_LOG_INFO ? WLR_INFO : WLR_DEBUG;
	wlr_log(imp, "%s", message); /* the plugin prefixes "bezel:" */
}

/* ---------------------------------------------------------------- drags (R7) */

static void drag_destroyed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, drag_destroy);
	(void)data;
	wl_list_remove(&bw->drag_destroy.link);
	if (inner_is_drag(bw))
		bw->inner = NULL;
	bw->drag = NULL;
	evlog(bw, "drag end");
	bezel_drag_end(bw->plugin, bw->last_msec);
}

static void drag_started(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, start_drag);
	struct wlr_drag *drag = data;
	if (drag->grab_type != WLR_DRAG_GRAB_KEYBOARD_TOUCH || bw->drag)
		return;
	bw->drag = drag;
	bw->drag_id = drag->touch_id;
	bw->drag_destroy.notify = drag_destroyed;
	wl_signal_add(&drag->events.destroy, &bw->drag_destroy);
	evlog(bw, "drag start id=%d", bw->drag_id);
	wlr_log(WLR_INFO, "bezel: drag-and-drop session started with touch %d", bw->drag_id);
	bezel_drag_start(bw->plugin, bw->drag_id, bw->last_msec);
}

/* ---------------------------------------------------------------- the seat grab */

/*
 * The seat calls these for touch points it holds (touches on a client surface with wl_touch).
 * For touches fed through bezel_wlr_touch_*, delivery is the plugin's business, so they send
 * nothing, except what belongs to an inner drag grab: the dragging touch. A touch the
 * compositor notified the seat of directly (never seen by the plugin: no layout position) is
 * passed on unchanged to the grab underneath, or delivered as the default grab would.
 */

static uint32_t grab_down(struct wlr_seat_touch_grab *grab, uint32_t time,
			  struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	struct bw_touch *t = touch_get(bw, point->touch_id);
	if (!t) {
		wlr_log(WLR_DEBUG, "bezel: touch %d reached the seat without bezel_wlr_touch_down; "
			"passed on", point->touch_id);
		if (bw->inner)
			return bw->inner->interface->down(bw->inner, time, point);
		return wlr_seat_touch_send_down(grab->seat, point->surface, time, point->touch_id,
						point->sx, point->sy);
	}
	/* A non-zero serial keeps the seat's touch point (0 would destroy it). The client's
	 * wl_touch.down carries this serial whenever the plugin releases the touch. */
	t->serial = wlr_seat_client_next_serial(point->client);
	t->serial_used = false;
	return t->serial;
}

static void grab_up(struct wlr_seat_touch_grab *grab, uint32_t time, struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	if (!touch_get(bw, point->touch_id)) {
		if (bw->inner)
			bw->inner->interface->up(bw->inner, time, point);
		else
			wlr_seat_touch_send_up(grab->seat, time, point->touch_id);
	} else if (inner_is_drag(bw) && point->touch_id == bw->drag_id) {
		bw->inner->interface->up(bw->inner, time, point);
	}
}

static void grab_motion(struct wlr_seat_touch_grab *grab, uint32_t time,
			struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	if (!touch_get(bw, point->touch_id)) {
		if (bw->inner)
			bw->inner->interface->motion(bw->inner, time, point);
		else if (!point->focus_surface || point->focus_surface == point->surface)
			wlr_seat_touch_send_motion(grab->seat, time, point->touch_id, point->sx,
						   point->sy);
	} else if (inner_is_drag(bw) && point->touch_id == bw->drag_id) {
		bw->inner->interface->motion(bw->inner, time, point);
	}
}

static void grab_enter(struct wlr_seat_touch_grab *grab, uint32_t time,
		       struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	if (bw->inner && bw->inner->interface->enter)
		bw->inner->interface->enter(bw->inner, time, point);
}

static void grab_frame(struct wlr_seat_touch_grab *grab)
{
	/* The plugin sends a frame to each client it delivered to (without marking the seat
	 * client); this frames only what was passed on through wlr_seat_touch_send_*. */
	struct bezel_wlr *bw = grab->data;
	if (bw->inner && bw->inner->interface->frame)
		bw->inner->interface->frame(bw->inner);
	else if (!bw->inner)
		wlr_seat_touch_send_frame(grab->seat);
}

static void grab_cancel(struct wlr_seat_touch_grab *grab)
{
	/* wlr_seat_touch_end_grab ended ours; grab_ended has already put it back. */
	(void)grab;
}

static void grab_wl_cancel(struct wlr_seat_touch_grab *grab, struct wlr_surface *surface)
{
	/* The compositor asked for wl_touch.cancel itself (wlr_seat_touch_notify_cancel). */
	wlr_seat_touch_send_cancel(grab->seat, surface);
}

static const struct wlr_touch_grab_interface bezel_grab_interface = {
	.down = grab_down,
	.up = grab_up,
	.motion = grab_motion,
	.enter = grab_enter,
	.frame = grab_frame,
	.cancel = grab_cancel,
	.wl_cancel = grab_wl_cancel,
};

/* Another grab started (an xdg_popup grab, a touch drag): it goes underneath ours. */
static void grab_begun(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, grab_begin);
	struct wlr_seat_touch_grab *g = data;
	if (g == &bw->grab || bw->destroying)
		return;
	bw->inner = g;
	wlr_log(WLR_DEBUG, "bezel: a touch grab started; keeping ours on top of it");
	wlr_seat_touch_start_grab(bw->seat, &bw->grab);
}

/*
 * Somebody ended "the" touch grab. Ours is on top, so that is the call the inner grab's owner
 * makes when it is done (a popup dismissed, a drag dropped): forget the inner grab and put ours
 * back, where wlroots would have left the default grab.
 */
static void grab_ended(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, grab_end);
	struct wlr_seat_touch_grab *g = data;
	if (bw->destroying)
		return;
	if (g == &bw->grab || g == bw->inner) {
		bw->inner = NULL;
		wlr_seat_touch_start_grab(bw->seat, &bw->grab);
	}
}

/* ---------------------------------------------------------------- touch input */

static struct bw_touch *touch_begin(struct bezel_wlr *bw, int32_t id)
{
	struct bw_touch *t = touch_get(bw, id);
	if (t)
		touch_release(t); /* a down for an id that is down: the device lost an up */
	for (int i = 0; i < BW_MAX_TOUCHES; i++)
		if (!bw->touches[i].down) {
			t = &bw->touches[i];
			memset(t, 0, sizeof *t);
			t->down = true;
			t->id = id;
			t->surface_destroy.notify = touch_surface_destroyed;
			return t;
		}
	return NULL;
}

uint32_t bezel_wlr_touch_down(struct bezel_wlr *bw, int32_t id, double lx, double ly,
			      uint32_t time_msec)
{
	if (!bw || !bw->seat || !bw->layout)
		return 0;
	bw->last_msec = time_msec;
	double ox, oy;
	struct bw_output *o = output_at(bw, lx, ly, &ox, &oy);
	evlog(bw, "input down id=%d x=%.1f y=%.1f time=%u", id, lx - ox, ly - oy, time_msec);
	struct bw_touch *t = touch_begin(bw, id);
	if (!t) {
		wlr_log(WLR_ERROR, "bezel: more than %d touches down; touch %d dropped",
			BW_MAX_TOUCHES, id);
		return 0;
	}
	t->out_x = ox;
	t->out_y = oy;
	t->output = o ? o->output : NULL;
	double sx = 0, sy = 0;
	struct wlr_surface *s = bw->iface.surface_at(bw->data, lx, ly, &sx, &sy);
	uint32_t serial = 0;
	if (s && s->resource) {
		t->surface = s;
		wl_signal_add(&s->events.destroy, &t->surface_destroy);
		t->origin_x = lx - sx;
		t->origin_y = ly - sy;
		surface_sync(bw, s, t->origin_x, t->origin_y, 0);
		/* The seat's touch point: popup grabs and drags see it, and it records the
		 * serial our grab reserves (wl_data_device.start_drag checks it). */
		if (wlr_surface_accepts_touch(bw->seat, s))
			serial = wlr_seat_touch_notify_down(bw->seat, s, time_msec, id, sx, sy);
	}
	/* The plugin decides, with the compositor's hit (R3's lookup walks up from it); a touch it
	 * releases at once is delivered from inside this call. */
	bezel_touch_down_on_surface(bw->plugin, o ? o->id : 0, id, lx - ox, ly - oy,
				    t->surface ? t->surface->resource : NULL, time_msec);
	return serial;
}

void bezel_wlr_touch_motion(struct bezel_wlr *bw, int32_t id, double lx, double ly,
			    uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	struct bw_touch *t = touch_get(bw, id);
	double ox = t ? t->out_x : 0, oy = t ? t->out_y : 0;
	evlog(bw, "input motion id=%d x=%.1f y=%.1f time=%u", id, lx - ox, ly - oy, time_msec);
	if (bw->drag && id == bw->drag_id) {
		/* The drag owns this touch (R7): its target follows the finger. */
		double sx, sy;
		struct wlr_surface *s = bw->iface.surface_at(bw->data, lx, ly, &sx, &sy);
		if (s)
			wlr_seat_touch_point_focus(bw->seat, s, time_msec, id, sx, sy);
		else
			wlr_seat_touch_point_clear_focus(bw->seat, time_msec, id);
		wlr_seat_touch_notify_motion(bw->seat, time_msec, id, sx, sy);
	} else if (t && t->surface) {
		wlr_seat_touch_notify_motion(bw->seat, time_msec, id, lx - t->origin_x,
					     ly - t->origin_y);
	}
	bezel_touch_motion(bw->plugin, id, lx - ox, ly - oy, time_msec);
}

void bezel_wlr_touch_up(struct bezel_wlr *bw, int32_t id, uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	evlog(bw, "input up id=%d time=%u", id, time_msec);
	struct bw_touch *t = touch_get(bw, id);
	if (bw->drag && id == bw->drag_id) {
		/* The drag grab drops (or not) and ends; then the plugin sees the lift. */
		wlr_seat_touch_notify_up(bw->seat, time_msec, id);
		bezel_touch_up(bw->plugin, id, time_msec);
	} else {
		/* The plugin first: a held tap is released now, while the seat's point lives. */
		bezel_touch_up(bw->plugin, id, time_msec);
		wlr_seat_touch_notify_up(bw->seat, time_msec, id);
	}
	if (t)
		touch_release(t);
}

void bezel_wlr_touch_frame(struct bezel_wlr *bw)
{
	if (!bw || !bw->seat)
		return;
	evlog(bw, "input frame");
	bezel_touch_frame(bw->plugin, bw->last_msec);
	wlr_seat_touch_notify_frame(bw->seat);
}

void bezel_wlr_touch_cancel(struct bezel_wlr *bw, uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	evlog(bw, "input cancel");
	if (bw->drag && bw->drag->source)
		wlr_data_source_destroy(bw->drag->source);
	bezel_touch_cancel(bw->plugin, time_msec);
	/* The seat's points go without any further event: our grab's up sends nothing. */
	for (int i = 0; i < BW_MAX_TOUCHES; i++) {
		struct bw_touch *t = &bw->touches[i];
		if (!t->down)
			continue;
		wlr_seat_touch_notify_up(bw->seat, time_msec, t->id);
		touch_release(t);
	}
}

/* ---------------------------------------------------------------- life cycle */

/* The seat went first: the adapter goes inert (its calls do nothing) until destroyed. */
static void seat_destroyed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, seat_destroy);
	(void)data;
	wlr_log(WLR_ERROR, "bezel: the seat was destroyed before the adapter; it does nothing now");
	struct wl_listener *ls[] = { &bw->grab_begin, &bw->grab_end, &bw->start_drag, &bw->seat_destroy };
	for (size_t i = 0; i < sizeof ls / sizeof ls[0]; i++) {
		wl_list_remove(&ls[i]->link);
		wl_list_init(&ls[i]->link);
	}
	if (bw->drag) {
		wl_list_remove(&bw->drag_destroy.link);
		bw->drag = NULL;
	}
	bw->inner = NULL;
	bw->seat = NULL;
}

static void layout_destroyed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_destroy);
	(void)data;
	bw->layout = NULL;
	wl_list_remove(&bw->layout_add.link);
	wl_list_remove(&bw->layout_change.link);
	wl_list_remove(&bw->layout_destroy.link);
	wl_list_init(&bw->layout_add.link);
	wl_list_init(&bw->layout_change.link);
	wl_list_init(&bw->layout_destroy.link);
}

int bezel_wlr_create(struct wl_display *display, struct wlr_compositor *compositor,
		     struct wlr_seat *seat, struct wlr_output_layout *layout,
		     const struct bezel_wlr_interface *iface, void *data, struct bezel_wlr **out)
{
	if (out)
		*out = NULL;
	if (!display || !compositor || !seat || !layout || !iface || !out ||
	    !iface->surface_at) {
		wlr_log(WLR_ERROR, "bezel: bezel_wlr_create needs a display, compositor, seat, "
			"layout and a surface_at callback");
		return BEZEL_ERROR_INVALID_ARGUMENT;
	}
	if (iface->version != BEZEL_WLR_INTERFACE_VERSION) {
		wlr_log(WLR_ERROR, "bezel: unknown bezel_wlr_interface version %u", iface->version);
		return BEZEL_ERROR_VERSION;
	}
	struct bezel_wlr *bw = calloc(1, sizeof *bw);
	if (!bw)
		return BEZEL_ERROR_WAYLAND;
	bw->display = display;
	bw->seat = seat;
	bw->layout = layout;
	bw->iface = *iface;
	bw->data = data;
	wl_list_init(&bw->surfaces);
	wl_list_init(&bw->outputs);

	struct bezel_host_interface host = {
		.version = BEZEL_HOST_INTERFACE_VERSION,
		.touch_down = h_touch_down,
		.touch_motion = h_touch_motion,
		.touch_up = h_touch_up,
		.touch_frame = h_touch_frame,
		.touch_cancel = h_touch_cancel,
		.cancel_drag = h_cancel_drag,
		.log = h_log,
		.gesture_event = h_gesture_event,
		.affordance = h_affordance,
	};
	int r = bezel_plugin_create(display, &host, bw, &bw->plugin);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "bezel: cannot create the plugin: %s", bezel_result_string(r));
		free(bw);
		return r;
	}
	wlr_log(WLR_INFO, "bezel: libbezel %s on seat %s", bezel_version_string(), seat->name);

	bw->new_surface.notify = new_surface;
	wl_signal_add(&compositor->events.new_surface, &bw->new_surface);
	bw->grab_begin.notify = grab_begun;
	wl_signal_add(&seat->events.touch_grab_begin, &bw->grab_begin);
	bw->grab_end.notify = grab_ended;
	wl_signal_add(&seat->events.touch_grab_end, &bw->grab_end);
	bw->start_drag.notify = drag_started;
	wl_signal_add(&seat->events.start_drag, &bw->start_drag);
	bw->seat_destroy.notify = seat_destroyed;
	wl_signal_add(&seat->events.destroy, &bw->seat_destroy);
	bw->layout_add.notify = layout_added;
	wl_signal_add(&layout->events.add, &bw->layout_add);
	bw->layout_change.notify = layout_changed;
	wl_signal_add(&layout->events.change, &bw->layout_change);
	bw->layout_destroy.notify = layout_destroyed;
	wl_signal_add(&layout->events.destroy, &bw->layout_destroy);
	outputs_sync(bw);

	/* A grab already active (unusual at start-up) goes underneath ours like any other. */
	if (wlr_seat_touch_has_grab(seat))
		bw->inner = seat->touch_state.grab;
	bw->grab.interface = &bezel_grab_interface;
	bw->grab.data = bw;
	wlr_seat_touch_start_grab(seat, &bw->grab);
	*out = bw;
	return BEZEL_OK;
}

void bezel_wlr_destroy(struct bezel_wlr *bw)
{
	if (!bw)
		return;
	bw->destroying = true;
	if (bw->seat && bw->seat->touch_state.grab == &bw->grab) {
		if (bw->inner)
			bw->seat->touch_state.grab = bw->inner; /* give the slot back as it was */
		else
			wlr_seat_touch_end_grab(bw->seat);
	}
	if (bw->drag)
		wl_list_remove(&bw->drag_destroy.link);
	for (int i = 0; i < BW_MAX_TOUCHES; i++)
		if (bw->touches[i].down)
			touch_release(&bw->touches[i]);
	struct bw_surface *bs, *btmp;
	wl_list_for_each_safe(bs, btmp, &bw->surfaces, link) {
		wl_list_remove(&bs->commit.link);
		wl_list_remove(&bs->destroy.link);
		wl_list_remove(&bs->link);
		free(bs);
	}
	struct bw_output *o, *otmp;
	wl_list_for_each_safe(o, otmp, &bw->outputs, link) {
		wl_list_remove(&o->destroy.link);
		wl_list_remove(&o->link);
		free(o);
	}
	wl_list_remove(&bw->new_surface.link);
	wl_list_remove(&bw->grab_begin.link);
	wl_list_remove(&bw->grab_end.link);
	wl_list_remove(&bw->start_drag.link);
	wl_list_remove(&bw->seat_destroy.link);
	wl_list_remove(&bw->layout_add.link);
	wl_list_remove(&bw->layout_change.link);
	wl_list_remove(&bw->layout_destroy.link);
	bezel_plugin_destroy(bw->plugin);
	free(bw);
}

struct bezel_plugin *bezel_wlr_get_plugin(struct bezel_wlr *bw)
{
	return bw ? bw->plugin : NULL;
}

int bezel_wlr_set_policy(struct bezel_wlr *bw, enum bezel_wlr_policy policy)
{
	if (!bw || (policy != BEZEL_WLR_POLICY_FULLSCREEN && policy != BEZEL_WLR_POLICY_ALL))
		return BEZEL_ERROR_INVALID_ARGUMENT;
	bw->policy = policy;
	struct bw_surface *bs;
	wl_list_for_each(bs, &bw->surfaces, link)
		surface_update_policy(bw, bs);
	return BEZEL_OK;
}

int bezel_wlr_set_locked(struct bezel_wlr *bw, bool locked)
{
	if (!bw)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	return bezel_set_locked(bw->plugin, locked, (uint32_t)(now_usec() / 1000));
}

int bezel_wlr_set_output_size_mm(struct bezel_wlr *bw, struct wlr_output *output,
				 int32_t width_mm, int32_t height_mm)
{
	if (!bw || !output || width_mm < 0 || height_mm < 0)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	outputs_sync(bw);
	struct bw_output *o = output_find(bw, output);
	if (!o)
		return BEZEL_ERROR_NOT_FOUND;
	o->width_mm = width_mm;
	o->height_mm = height_mm;
	output_describe(bw, o);
	return BEZEL_OK;
}

void bezel_wlr_set_event_log(struct bezel_wlr *bw, FILE *log)
{
	if (bw)
		bw->event_log = log;
}
