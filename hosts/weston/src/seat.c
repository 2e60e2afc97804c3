/*
 * seat.c: every seat's touch, into the plugin and back out to clients.
 *
 * weston hands each touch event of a seat to the seat's current touch grab. When nothing else
 * holds the seat, that is the seat's *default* grab, which normally sends the event to the
 * focused client. The module swaps the default grab's interface for its own, so every touch
 * goes to the plugin first, whatever backend produced it. weston returns to the default grab
 * whenever another grab ends, so the module stays in place across drags and popups without
 * re-installing anything. (Other grabs are drag.c's business.)
 *
 * The plugin then decides, and asks the module to deliver wl_touch events to a surface's
 * client (the bw_deliver_* callbacks below), including wl_touch.cancel, which weston itself
 * never sends.
 */
#include <stdlib.h>
#include <string.h>

#include "bezel-weston.h"

static int id_ok(int32_t id) { return id >= 0 && id < BW_MAX_IDS; }

/* ---- clients the module delivered to ---- */

/*
 * A wl_client pointer is only a name while the client lives: a new client can later get the
 * same address. So a client that owns a touch id is tracked with a destroy listener, and its
 * ids are forgotten when it goes.
 */
static void forget_client(struct bw_client *c)
{
	for (int i = 0; i < BW_MAX_IDS; i++)
		if (c->bw->ids[i].client == c) {
			c->bw->ids[i].client = NULL;
			c->bw->ids[i].active = false;
			c->bw->ids[i].swallowed = false;
		}
	wl_list_remove(&c->destroy_listener.link);
	wl_list_remove(&c->link);
	free(c);
}

static void client_destroyed(struct wl_listener *l, void *data)
{
	struct bw_client *c = wl_container_of(l, c, destroy_listener);
	(void)data;
	forget_client(c);
}

static struct bw_client *client_record(struct bw *bw, struct wl_client *client)
{
	struct bw_client *c;
	wl_list_for_each(c, &bw->clients, link)
		if (c->client == client)
			return c;
	c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->bw = bw;
	c->client = client;
	c->destroy_listener.notify = client_destroyed;
	wl_client_add_destroy_listener(client, &c->destroy_listener);
	wl_list_insert(&bw->clients, &c->link);
	return c;
}

void bw_clients_fini(struct bw *bw)
{
	struct bw_client *c, *tmp;
	wl_list_for_each_safe(c, tmp, &bw->clients, link)
		forget_client(c);
}

/* ---- delivery to clients (the plugin's touch_* callbacks) ---- */

/* The seat whose grab fed the plugin; decisions for its touches go to its wl_touch objects. */
static struct bw_seat *delivery_seat(struct bw *bw)
{
	if (bw->current)
		return bw->current;
	if (!wl_list_empty(&bw->seats)) {
		struct bw_seat *bs = wl_container_of(bw->seats.next, bs, link);
		return bs;
	}
	return NULL;
}

/* Every wl_touch of `client` on the seat: weston keeps the focused client's resources on a
 * second list, so both are walked. */
#define for_each_client_touch(bs, client, res, tmp)                                      \
	for (int _l = 0; _l < 2; _l++)                                                     \
		wl_resource_for_each_safe(res, tmp,                                        \
			_l ? &(bs)->touch->focus_resource_list : &(bs)->touch->resource_list) \
			if (wl_resource_get_client(res) == (client))

void bw_deliver_down(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		     uint32_t time)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	if (id_ok(id)) {
		struct bw_client *c = client_record(bw, client);
		if (bw->ids[id].swallowed && bw->ids[id].client == c)
			return;
		bw->ids[id].client = c;
		bw->ids[id].active = true;
		bw->ids[id].swallowed = false;
	}
	uint32_t serial = wl_display_next_serial(bw->ec->wl_display);
	/* wl_data_device.start_drag and xdg_popup.grab check the serial of the seat's first
	 * touch; a held down is delivered late, so the serial it really got is stored. */
	if (id == bs->touch->grab_touch_id)
		bs->touch->grab_serial = serial;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_down(res, serial, time, surface, id, wl_fixed_from_double(sx),
				   wl_fixed_from_double(sy));
	bw_evlog(bw, "send down id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

void bw_deliver_motion(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
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
	bw_evlog(bw, "send motion id=%d x=%.1f y=%.1f time=%u", id, sx, sy, time);
}

void bw_deliver_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
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
	bw_evlog(bw, "send up id=%d time=%u", id, time);
}

void bw_deliver_frame(void *data, struct wl_client *client)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_frame(res);
	bw_evlog(bw, "send frame");
}

void bw_deliver_cancel(void *data, struct wl_client *client)
{
	struct bw *bw = data;
	struct bw_seat *bs = delivery_seat(bw);
	struct wl_resource *res, *tmp;
	if (!bs || !bs->touch)
		return;
	for_each_client_touch(bs, client, res, tmp)
		wl_touch_send_cancel(res);
	/* wl_touch.cancel ends all of the client's touches: the ids it still has down are
	 * swallowed until their fingers lift, so it sees nothing more of them. */
	for (int i = 0; i < BW_MAX_IDS; i++)
		if (bw->ids[i].client && bw->ids[i].client->client == client && bw->ids[i].active) {
			bw->ids[i].active = false;
			bw->ids[i].swallowed = true;
		}
	bw_evlog(bw, "send cancel");
}

/* ---- feeding the plugin ---- */

/*
 * weston gives grabs layout ("global") coordinates. The plugin takes a touch-down with the
 * output it landed on and the position on that output; the output is the one whose area holds
 * the point, which is the output the backend mapped the touch device to (a backend transforms
 * a device's coordinates into its output's area). Later positions of the same touch are made
 * local to that same output, even if the finger slides past its border.
 */
void bw_feed_down(struct bw_seat *bs, const struct timespec *time, int id, wl_fixed_t gx,
		  wl_fixed_t gy)
{
	struct bw *bw = bs->bw;
	double x = wl_fixed_to_double(gx), y = wl_fixed_to_double(gy);
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bw_lock_check(bw, bs->last_msec);
	struct bw_output *o = bw_output_at(bw, x, y);
	if (id_ok(id)) {
		bw->ids[id].output_id = o ? o->id : 0;
		bw->ids[id].origin_x = o ? o->output->x : 0;
		bw->ids[id].origin_y = o ? o->output->y : 0;
	}
	bw_evlog(bw, "input down id=%d x=%.1f y=%.1f time=%u", id, x - (o ? o->output->x : 0),
		 y - (o ? o->output->y : 0), bs->last_msec);
	bw_evlog(bw, "input output id=%d output=%u", id, o ? o->id : 0);
	bw_panels_dismiss_open(bw);
	bw_surfaces_touch_down(bw, bs->touch, o, id, x, y, bs->last_msec);
}

void bw_feed_motion(struct bw_seat *bs, const struct timespec *time, int id, wl_fixed_t gx,
		    wl_fixed_t gy)
{
	struct bw *bw = bs->bw;
	double x = wl_fixed_to_double(gx), y = wl_fixed_to_double(gy);
	if (id_ok(id)) {
		/* Local to the touch's output where it is now; where it was, if it is gone (the
		 * plugin then drops the event). */
		struct bw_output *o = bw_output_by_id(bw, bw->ids[id].output_id);
		x -= o ? o->output->x : bw->ids[id].origin_x;
		y -= o ? o->output->y : bw->ids[id].origin_y;
	}
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bw_evlog(bw, "input motion id=%d x=%.1f y=%.1f time=%u", id, x, y, bs->last_msec);
	bezel_touch_motion(bw->plugin, id, x, y, bs->last_msec);
}

void bw_feed_up(struct bw_seat *bs, const struct timespec *time, int id)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bw_evlog(bw, "input up id=%d time=%u", id, bs->last_msec);
	bezel_touch_up(bw->plugin, id, bs->last_msec);
	/* A swallowed id is over once its finger lifts. */
	if (id_ok(id) && bw->ids[id].swallowed) {
		bw->ids[id].swallowed = false;
		bw->ids[id].client = NULL;
	}
}

void bw_feed_frame(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bw_lock_check(bw, bs->last_msec);
	bw_evlog(bw, "input frame");
	bezel_touch_frame(bw->plugin, bs->last_msec);
}

void bw_feed_cancel(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bw_evlog(bw, "input cancel");
	bezel_touch_cancel(bw->plugin, bs->last_msec);
	for (int i = 0; i < BW_MAX_IDS; i++)
		if (bw->ids[i].swallowed) {
			bw->ids[i].swallowed = false;
			bw->ids[i].client = NULL;
		}
}

/* ---- the module's default grab ---- */

static void seat_destroyed(struct wl_listener *l, void *data);

/* The default grab is a member of struct weston_touch; the module's record of the seat is
 * the one whose listener sits on the seat's destroy signal. */
static struct bw_seat *seat_of(struct weston_touch_grab *grab)
{
	struct wl_listener *l = wl_signal_get(&grab->touch->seat->destroy_signal, seat_destroyed);
	if (!l)
		return NULL;
	struct bw_seat *bs = wl_container_of(l, bs, destroy_listener);
	/* A grab that ended outside the module's view (a cancelled drag) is noticed here. */
	bw_grab_check(bs);
	return bs;
}

static void grab_down(struct weston_touch_grab *grab, const struct timespec *time, int id,
		      wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_down(bs, time, id, x, y);
}

static void grab_up(struct weston_touch_grab *grab, const struct timespec *time, int id)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_up(bs, time, id);
}

static void grab_motion(struct weston_touch_grab *grab, const struct timespec *time, int id,
			wl_fixed_t x, wl_fixed_t y)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_motion(bs, time, id, x, y);
}

static void grab_frame(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_frame(bs);
}

static void grab_cancel(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_cancel(bs);
}

static const struct weston_touch_grab_interface bezel_grab_interface = {
	grab_down, grab_up, grab_motion, grab_frame, grab_cancel,
};

/* ---- weston's touch focus ---- */

/*
 * weston 10 drops every touch motion while the seat has no focus view (process_touch_normal),
 * and clears the focus when the focused surface goes away: a client that dies mid-gesture
 * would freeze every finger still down, system gestures included. With the module's grab in
 * place weston's focus no longer chooses who gets the touches (the plugin does); it is only
 * that gate. So while fingers are down and the focus is gone, the module gives weston the view
 * now under the first finger, as soon as there is one.
 */
void bw_seats_refocus(struct bw *bw)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		struct weston_touch *t = bs->touch;
		if (!t || t->focus || t->num_tp == 0 ||
		    (t->grab != &t->default_grab && t->grab != &bs->wrap))
			continue;
		struct weston_view *v = bw_pick_view(bw->ec, wl_fixed_to_double(t->grab_x),
						     wl_fixed_to_double(t->grab_y));
		if (!v || !v->surface->resource)
			continue;
		weston_touch_set_focus(t, v);
		bw_evlog(bw, "touch refocus");
	}
}

/* ---- seats ---- */

/* Gives the seat's default grab back to weston (module shutdown, touch removed). */
static void release_touch(struct bw_seat *bs)
{
	if (!bs->touch)
		return;
	bw_seat_release_grabs(bs);
	if (bs->weston_default)
		bs->touch->default_grab.interface = bs->weston_default;
	bs->touch = NULL;
	bs->weston_default = NULL;
}

static void forget_seat(struct bw_seat *bs)
{
	if (bs->bw->current == bs)
		bs->bw->current = NULL;
	wl_list_remove(&bs->caps_listener.link);
	wl_list_remove(&bs->destroy_listener.link);
	wl_list_remove(&bs->link);
	free(bs);
}

static void seat_destroyed(struct wl_listener *l, void *data)
{
	struct bw_seat *bs = wl_container_of(l, bs, destroy_listener);
	(void)data;
	/* weston_seat_release() frees the seat's touch before it emits this signal: nothing of
	 * it may be read or restored now, the pointers are only dropped. */
	bs->touch = NULL;
	bs->drag = NULL;
	bs->other = NULL;
	forget_seat(bs);
}

/*
 * A seat gained or lost its touch capability. weston 10 keeps a seat's struct weston_touch
 * when its last touch device goes (weston_seat_get_touch() then returns NULL) and uses it again
 * when a device comes back; it has already cancelled the grab by then. So on loss the default
 * grab's interface is given back to weston, and on gain it is taken over again.
 */
static void seat_caps_changed(struct wl_listener *l, void *data)
{
	struct bw_seat *bs = wl_container_of(l, bs, caps_listener);
	struct weston_touch *t = weston_seat_get_touch(bs->seat);
	(void)data;
	if (t == bs->touch)
		return;
	if (bs->bw->current == bs)
		bs->bw->current = NULL;
	release_touch(bs);
	if (t && bs->bw->cfg.intercept) {
		bs->touch = t;
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

void bw_seats_init(struct bw *bw)
{
	struct weston_seat *seat;
	bw->seat_created_listener.notify = seat_created;
	wl_signal_add(&bw->ec->seat_created_signal, &bw->seat_created_listener);
	wl_list_for_each(seat, &bw->ec->seat_list, link)
		track_seat(bw, seat);
}

void bw_seats_fini(struct bw *bw)
{
	struct bw_seat *bs, *tmp;
	wl_list_remove(&bw->seat_created_listener.link);
	wl_list_for_each_safe(bs, tmp, &bw->seats, link) {
		release_touch(bs);
		forget_seat(bs);
	}
}
