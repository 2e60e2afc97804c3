/*
 * drag.c: touch grabs other than the module's own.
 *
 * A client or a shell can put another grab on a seat's touch (weston_touch_start_grab); from
 * then on weston sends every touch of that seat to that grab instead of the default one. Three
 * kinds exist on weston 10 and 14, and each is handled differently:
 *
 *   - weston's touch drag grab (wl_data_device.start_drag with a touch serial, R7). The module
 *     puts its own grab ("wrap") on top: the dragging finger goes on to weston's drag grab,
 *     every other finger to the plugin, so system gestures keep working during a drag. The
 *     plugin is told bezel_drag_start, and bezel_drag_end when the drag grab ends for any
 *     reason (dropped, cancelled by a system gesture, or cancelled by weston when the source
 *     goes away).
 *   - libweston-desktop's xdg_popup touch grab. It only forwards each touch to the focused
 *     client, exactly as the default grab would; it does not dismiss the popup on a touch
 *     outside it. So the module takes the touch back (weston_touch_end_grab): touches keep
 *     going through the plugin, which delivers them to whichever surface is under the finger,
 *     the popup included. libweston-desktop ends only a grab that is still its own, so ending
 *     it early is safe; the popup itself stays open until its client or shell closes it.
 *   - anything else (a shell's touch move or resize grab, another module's grab). The module
 *     does not know what it does, so it leaves it alone and tells the plugin that the seat's
 *     touches were taken (bezel_touch_cancel: gestures cancel, clients get wl_touch.cancel),
 *     which keeps the plugin's view of every finger consistent (R9).
 *
 * Which grab is which? Each generation answers in its grab-kind.c: weston 10 by the library
 * that defines the grab's interface, weston 14 by the client request that started it.
 *
 * When? weston has no signal for a new grab. Grabs start inside a client's request, so the
 * module watches the protocol stream (a wl_display protocol logger, one pointer comparison
 * per seat per message): the message after the request, or at the latest an idle callback
 * after that dispatch, finds the new grab before the next touch event in nearly all cases.
 */
#include <string.h>

#include "bezel-weston.h"

/* ---- the wrap: the module's grab on top of weston's drag grab ---- */

static void drag_finished(struct bw_seat *bs)
{
	bs->drag = NULL; /* weston frees the drag when its grab ends: no pointer is kept */
	bw_grab_kinds_drag_over(bs);
	weston_log("bezel: drag-and-drop session ended\n");
	bezel_drag_end(bs->bw->plugin, bs->last_msec);
}

static void after_drag(struct bw_seat *bs);

/*
 * Hands one event to weston's drag grab: forward_begin() makes the drag grab the seat's grab
 * for the call, as weston would have it, so that its own weston_touch_end_grab() works;
 * forward_end() puts the wrap back on top if the drag is still going, or sees that it is over.
 */
static struct weston_touch_grab *forward_begin(struct bw_seat *bs)
{
	bs->touch->grab = bs->drag;
	bs->forwarding = true;
	return bs->drag;
}

static void forward_end(struct bw_seat *bs, struct weston_touch_grab *drag)
{
	bs->forwarding = false;
	if (bs->touch->grab == drag)
		bs->touch->grab = &bs->wrap;
	else
		after_drag(bs);
}

static void after_drag(struct bw_seat *bs)
{
	drag_finished(bs);
	/* The drag's end may have started yet another grab. */
	bw_grab_check(bs);
}

static void wrap_down(struct weston_touch_grab *grab, const struct timespec *time, int id,
		      BW_GRAB_POS_PARAMS)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	/* weston's drag grab ignores other fingers; the plugin takes them (R7). */
	bw_feed_down(bs, time, id, BW_GRAB_X, BW_GRAB_Y);
}

static void wrap_up(struct weston_touch_grab *grab, const struct timespec *time, int id)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->drag && id == bs->drag_id) {
		bs->last_msec = bw_ts_msec(time);
		struct weston_touch_grab *g = forward_begin(bs);
		g->interface->up(g, time, id);
		forward_end(bs, g);
		/* The plugin stopped routing this touch at drag start; it still sees the lift,
		 * so the finger's slot is free again. */
		bezel_touch_up(bs->bw->plugin, id, bs->last_msec);
		return;
	}
	bw_feed_up(bs, time, id);
}

static void wrap_motion(struct weston_touch_grab *grab, const struct timespec *time, int id,
			BW_GRAB_POS_PARAMS)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->drag && id == bs->drag_id) {
		struct weston_touch_grab *g = forward_begin(bs);
		g->interface->motion(g, time, id, BW_GRAB_POS_ARGS);
		forward_end(bs, g);
		return;
	}
	bw_feed_motion(bs, time, id, BW_GRAB_X, BW_GRAB_Y);
}

static void wrap_frame(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->drag) {
		struct weston_touch_grab *g = forward_begin(bs);
		g->interface->frame(g);
		forward_end(bs, g);
	}
	bw_feed_frame(bs);
}

static void wrap_cancel(struct weston_touch_grab *grab)
{
	struct bw_seat *bs = wl_container_of(grab, bs, wrap);
	if (bs->drag) {
		struct weston_touch_grab *g = forward_begin(bs);
		g->interface->cancel(g);
		forward_end(bs, g);
	}
	bw_feed_cancel(bs);
}

static const struct weston_touch_grab_interface wrap_interface = {
	wrap_down, wrap_up, wrap_motion, wrap_frame, wrap_cancel,
};

/* The plugin asks to cancel the drag (a modal gesture began, R7). */
void bw_cancel_drag(void *data)
{
	struct bw *bw = data;
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		if (!bs->drag || !bs->touch)
			continue;
		struct weston_data_source *src = bw_drag_source(bs);
		if (src && src->resource &&
		    wl_resource_get_version(src->resource) >= WL_DATA_SOURCE_CANCELLED_SINCE_VERSION)
			wl_data_source_send_cancelled(src->resource);
		weston_log("bezel: drag-and-drop session cancelled by a system gesture\n");
		/* weston's cancel sends leave to the target and ends the grab; nothing is dropped. */
		struct weston_touch_grab *g = forward_begin(bs);
		g->interface->cancel(g);
		forward_end(bs, g);
	}
}

/* ---- noticing new grabs ---- */

static bool grab_is_known(struct bw_seat *bs)
{
	struct weston_touch *t = bs->touch;
	return t->grab == &t->default_grab || t->grab == &bs->wrap;
}

void bw_grab_check(struct bw_seat *bs)
{
	struct weston_touch *t = bs->touch;
	if (!t || bs->forwarding)
		return;
	/* A drag that weston ended by itself (its source went away) took the wrap with it. */
	if (bs->drag && t->grab != &bs->wrap)
		drag_finished(bs);
	if (grab_is_known(bs))
		return;
	switch (bw_grab_kind_of(bs, t->grab)) {
	case BW_GRAB_DRAG:
		bs->drag = t->grab;
		bs->drag_id = t->grab_touch_id;
		bs->wrap.interface = &wrap_interface;
		bs->wrap.touch = t;
		t->grab = &bs->wrap;
		weston_log("bezel: drag-and-drop session started with touch %d\n", bs->drag_id);
		bezel_drag_start(bs->bw->plugin, bs->drag_id, bs->last_msec);
		break;
	case BW_GRAB_POPUP:
		weston_touch_end_grab(t);
		bezel_event_log_write(bezel_plugin_get_event_log(bs->bw->plugin), "popup grab");
		weston_log("bezel: popup touch grab on seat %s: touches stay with the plugin\n",
			   bs->seat->seat_name);
		break;
	case BW_GRAB_OTHER:
		/* Leave it; it is noticed once (the seat's grab keeps pointing at it). */
		if (t->grab == bs->other)
			break;
		bs->other = t->grab;
		bezel_event_log_write(bezel_plugin_get_event_log(bs->bw->plugin), "foreign grab");
		weston_log("bezel: another touch grab took seat %s; the plugin's touches cancelled\n",
			   bs->seat->seat_name);
		bezel_touch_cancel(bs->bw->plugin, bs->last_msec);
		break;
	}
}

static void check_all(struct bw *bw)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		if (!bs->touch)
			continue;
		if (bs->other && bs->touch->grab != bs->other)
			bs->other = NULL; /* that grab ended */
		if (!grab_is_known(bs) || (bs->drag && bs->touch->grab != &bs->wrap))
			bw_grab_check(bs);
		bw_grab_kinds_checked(bs);
	}
}

static void idle_check(void *data)
{
	struct bw *bw = data;
	bw->grab_check_idle = NULL;
	check_all(bw);
}

static void protocol_logged(void *data, enum wl_protocol_logger_type type,
			    const struct wl_protocol_logger_message *message)
{
	struct bw *bw = data;
	check_all(bw);
	if (type == WL_PROTOCOL_LOGGER_REQUEST)
		bw_grab_kinds_request(bw, message);
	/* The grab starts while this request runs; look again once the dispatch is over. */
	const char *name = message->message->name;
	bool may_grab = (name[0] == 's' && !strcmp(name, "start_drag")) ||
			(name[0] == 'g' && !strcmp(name, "grab"));
	if (may_grab && !bw->grab_check_idle)
		bw->grab_check_idle = wl_event_loop_add_idle(
			wl_display_get_event_loop(bw->ec->wl_display), idle_check, bw);
}

void bw_grabs_init(struct bw *bw)
{
	bw_grab_kinds_init(bw);
	bw->logger = wl_display_add_protocol_logger(bw->ec->wl_display, protocol_logged, bw);
	if (!bw->logger)
		weston_log("bezel: warning: no protocol logger: drags started by clients are "
			   "noticed only at the next touch\n");
}

void bw_seat_release_grabs(struct bw_seat *bs)
{
	if (bs->touch && bs->drag && bs->touch->grab == &bs->wrap)
		bs->touch->grab = bs->drag;
	bs->drag = NULL;
	bs->other = NULL;
	bw_grab_kinds_drag_over(bs);
}

void bw_grabs_fini(struct bw *bw)
{
	if (bw->logger)
		wl_protocol_logger_destroy(bw->logger);
	bw->logger = NULL;
	if (bw->grab_check_idle)
		wl_event_source_remove(bw->grab_check_idle);
	bw->grab_check_idle = NULL;
}
