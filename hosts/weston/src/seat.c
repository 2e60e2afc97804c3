/*
 * seat.c: every seat's touch, into the plugin.
 *
 * weston hands each touch event of a seat to the seat's current touch grab. When nothing else
 * holds the seat, that is the seat's *default* grab, which normally sends the event to the
 * focused client. The module swaps the default grab's interface for its own, so every touch
 * goes to the plugin first, whatever backend produced it. weston returns to the default grab
 * whenever another grab ends, so the module stays in place across drags and popups without
 * re-installing anything. (Other grabs are drag.c's business; input.c feeds the plugin,
 * deliver.c sends what it decides.)
 */
#include <stdlib.h>

#include "bezel-weston.h"

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
		      BW_GRAB_POS_PARAMS)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_down(bs, time, id, BW_GRAB_X, BW_GRAB_Y);
}

static void grab_up(struct weston_touch_grab *grab, const struct timespec *time, int id)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_up(bs, time, id);
}

static void grab_motion(struct weston_touch_grab *grab, const struct timespec *time, int id,
			BW_GRAB_POS_PARAMS)
{
	struct bw_seat *bs = seat_of(grab);
	if (bs)
		bw_feed_motion(bs, time, id, BW_GRAB_X, BW_GRAB_Y);
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
	bw_grab_kinds_drag_over(bs);
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
	if (!bs) {
		weston_log("bezel: out of memory: seat %s not followed\n", seat->seat_name);
		return;
	}
	*bs = (struct bw_seat){ .bw = bw, .seat = seat };
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
