/*
 * Delivery to clients: the plugin's decisions (down, motion, up, frame, cancel), sent to the
 * client's wl_touch resources directly (adapter.c says why); a down goes through an inner popup
 * grab when there is one. What a client is still owed (nothing after its cancel, nothing after
 * a down the popup grab refused) is the plugin's to know: it is told of a refusal
 * (bezel_touch_refused) and asks for nothing more of that touch.
 */
#include <wlr/types/wlr_seat.h>

#include "bezel-wlroots-private.h"

static struct wlr_seat_client *seat_client_of(struct bezel_wlr *bw, struct wl_resource *res)
{
	return res && bw->seat ? wlr_seat_client_for_wl_client(bw->seat, wl_resource_get_client(res))
			       : NULL;
}

/* The client's wl_touch resources that are live: wlroots makes a resource inert (no user data)
 * when it was bound while the seat had no touch, and sends nothing to those; neither do we. */
#define for_each_live_touch(res, sc)                     \
	wl_resource_for_each(res, &(sc)->touches)        \
		if (wl_resource_get_user_data(res) != NULL)

/* A client without wl_touch gets nothing from us; the compositor may emulate a pointer for it
 * (interface version 2, `emulate`). True when it was told. */
static bool emulated(struct bezel_wlr *bw, struct wlr_seat_client *sc, enum bezel_wlr_emulate_kind kind,
		     struct wl_resource *surface, int32_t id, double sx, double sy, uint32_t time)
{
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		return false;
	struct bwl_touch *t = bwl_touches_find(&bw->touches, id);
	struct wlr_surface *s = surface ? wlr_surface_from_resource(surface) : NULL;
	if (bw->iface.emulate && s)
		bw->iface.emulate(bw->data, kind, s, id, t ? t->origin_x + sx : sx, t ? t->origin_y + sy : sy, time);
	return true;
}

void bwl_deliver_down(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		     uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	struct bwl_touch *t = bwl_touches_find(&bw->touches, id);
	if (!sc)
		return;
	struct wlr_touch_point *point = wlr_seat_touch_get_point(bw->seat, id); /* sc: seat is alive */
	uint32_t serial = 0;
	if (emulated(bw, sc, BEZEL_WLR_EMULATE_DOWN, surface, id, sx, sy, time))
		return;
	if (bw->inner && !bwl_inner_is_drag(bw) && point && point->surface &&
	    point->surface->resource == surface) {
		/* A popup grab decides about downs (one outside its client dismisses it). */
		point->sx = sx;
		point->sy = sy;
		serial = bw->inner->interface->down(bw->inner, time, point);
		sc->needs_touch_frame = false; /* the plugin sends the frame */
		if (!serial) {
			bezel_touch_refused(bw->plugin, id);
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
}

void bwl_deliver_motion(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		       uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	if (!sc || emulated(bw, sc, BEZEL_WLR_EMULATE_MOTION, surface, id, sx, sy, time))
		return;
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_motion(res, time, id, wl_fixed_from_double(sx), wl_fixed_from_double(sy));
}

void bwl_deliver_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = seat_client_of(bw, surface);
	if (!sc || emulated(bw, sc, BEZEL_WLR_EMULATE_UP, surface, id, 0, 0, time))
		return;
	uint32_t serial = wlr_seat_client_next_serial(sc);
	struct wl_resource *res;
	for_each_live_touch(res, sc)
		wl_touch_send_up(res, serial, time, id);
}

/* frame and cancel: one event to each of the client's live wl_touch; the seat client, or NULL. */
static struct wlr_seat_client *send_all(struct bezel_wlr *bw, struct wl_client *client,
					void (*send)(struct wl_resource *))
{
	struct wlr_seat_client *sc = bw->seat ? wlr_seat_client_for_wl_client(bw->seat, client) : NULL;
	struct wl_resource *res;
	if (sc)
		for_each_live_touch(res, sc)
			send(res);
	return sc;
}

void bwl_deliver_frame(void *data, struct wl_client *client)
{
	struct wlr_seat_client *sc = send_all(data, client, wl_touch_send_frame);
	if (sc)
		sc->needs_touch_frame = false; /* the plugin sends the frame */
}

void bwl_deliver_cancel(void *data, struct wl_client *client)
{
	struct bezel_wlr *bw = data;
	struct wlr_seat_client *sc = send_all(bw, client, wl_touch_send_cancel);
	/* A client without wl_touch: the surface one of its touches is on stands for it. */
	for (int i = 0; sc && i < BWL_MAX_TOUCHES; i++) {
		struct bwl_touch *t = &bw->touches.slot[i];
		if (t->down && t->surface && t->surface->resource &&
		    wl_resource_get_client(t->surface->resource) == client) {
			emulated(bw, sc, BEZEL_WLR_EMULATE_CANCEL, t->surface->resource, -1, 0, 0, bw->last_msec);
			return;
		}
	}
}
