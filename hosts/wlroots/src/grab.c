/*
 * The seat grab. The seat calls these for touch points it holds (touches on a client surface
 * with wl_touch). For touches fed through bezel_wlr_touch_*, delivery is the plugin's business,
 * so they send nothing, except what belongs to an inner drag grab: the dragging touch. A touch
 * the compositor notified the seat of directly (never seen by the plugin: no layout position)
 * is passed on unchanged to the grab underneath, or delivered as the default grab would.
 * adapter.c tells how the one grab slot is shared with popup grabs and drags.
 */
#include <wlr/version.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

bool bwl_inner_is_drag(struct bezel_wlr *bw)
{
	return bw->inner && bw->drag && bw->inner == &bw->drag->touch_grab;
}

static uint32_t grab_down(struct wlr_seat_touch_grab *grab, uint32_t time,
			  struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	struct bwl_touch *t = bwl_touches_find(&bw->touches, point->touch_id);
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

#if WLR_VERSION_MINOR >= 18
/* wlroots 0.18 (not 0.15): a touch grab's up returns the serial of the wl_touch.up it sent. */
#define BWL_UP_TYPE uint32_t
#define BWL_UP_RETURN(sent) return (sent)
#else
#define BWL_UP_TYPE void
#define BWL_UP_RETURN(sent) do { (void)(sent); return; } while (0)
#endif

static BWL_UP_TYPE grab_up(struct wlr_seat_touch_grab *grab, uint32_t time,
			   struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	if (!bwl_touches_find(&bw->touches, point->touch_id)) {
		if (bw->inner)
			BWL_UP_RETURN(bw->inner->interface->up(bw->inner, time, point));
		BWL_UP_RETURN(wlr_seat_touch_send_up(grab->seat, time, point->touch_id));
	}
	if (bwl_inner_is_drag(bw) && point->touch_id == bw->drag_id)
		BWL_UP_RETURN(bw->inner->interface->up(bw->inner, time, point));
	/* The plugin delivers a touch it holds itself. */
	BWL_UP_RETURN(0);
}

static void grab_motion(struct wlr_seat_touch_grab *grab, uint32_t time,
			struct wlr_touch_point *point)
{
	struct bezel_wlr *bw = grab->data;
	if (!bwl_touches_find(&bw->touches, point->touch_id)) {
		if (bw->inner)
			bw->inner->interface->motion(bw->inner, time, point);
		else if (!point->focus_surface || point->focus_surface == point->surface)
			wlr_seat_touch_send_motion(grab->seat, time, point->touch_id, point->sx,
						   point->sy);
	} else if (bwl_inner_is_drag(bw) && point->touch_id == bw->drag_id) {
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

#if WLR_VERSION_MINOR >= 18
/* wlroots 0.18: wl_touch.cancel goes to a seat client, no longer to a surface's client. */
static void grab_wl_cancel(struct wlr_seat_touch_grab *grab, struct wlr_seat_client *client)
{
	/* The compositor asked for wl_touch.cancel itself (wlr_seat_touch_notify_cancel). */
	wlr_seat_touch_send_cancel(grab->seat, client);
}
#else
static void grab_wl_cancel(struct wlr_seat_touch_grab *grab, struct wlr_surface *surface)
{
	/* The compositor asked for wl_touch.cancel itself (wlr_seat_touch_notify_cancel). */
	wlr_seat_touch_send_cancel(grab->seat, surface);
}
#endif

const struct wlr_touch_grab_interface bwl_grab_interface = {
	.down = grab_down,
	.up = grab_up,
	.motion = grab_motion,
	.enter = grab_enter,
	.frame = grab_frame,
	.cancel = grab_cancel,
	.wl_cancel = grab_wl_cancel,
};

/* Another grab started (an xdg_popup grab, a touch drag): it goes underneath ours. */
void bwl_grab_begun(struct wl_listener *l, void *data)
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
void bwl_grab_ended(struct wl_listener *l, void *data)
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
