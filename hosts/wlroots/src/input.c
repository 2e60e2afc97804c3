/*
 * Touch input: the compositor's touch events in layout coordinates, hit-tested through its
 * surface_at, given to the seat (its touch points, popup grabs, drags) and to the plugin, which
 * decides what each client gets (delivery.c). The plugin takes layout coordinates too: which
 * output a touch is on, and where on it, is its business.
 */
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

uint32_t bezel_wlr_touch_down(struct bezel_wlr *bw, int32_t id, double lx, double ly,
			      uint32_t time_msec)
{
	if (!bw || !bw->seat || !bw->layout)
		return 0;
	bw->last_msec = time_msec;
	struct bwl_touch *t = bwl_touches_begin(&bw->touches, id);
	if (!t) {
		wlr_log(WLR_ERROR, "bezel: more than %d touches down; touch %d dropped",
			BWL_MAX_TOUCHES, id);
		return 0;
	}
	double sx = 0, sy = 0;
	struct wlr_surface *s = bw->iface.surface_at(bw->data, lx, ly, &sx, &sy);
	uint32_t serial = 0;
	if (s && s->resource) {
		bwl_touch_set_surface(t, s);
		t->origin_x = lx - sx;
		t->origin_y = ly - sy;
		bwl_surface_sync(bw, s, t->origin_x, t->origin_y, 0);
		/* The seat's touch point: popup grabs and drags see it, and it records the
		 * serial our grab reserves (wl_data_device.start_drag checks it). */
		if (wlr_surface_accepts_touch(bw->seat, s))
			serial = wlr_seat_touch_notify_down(bw->seat, s, time_msec, id, sx, sy);
	}
	/* The plugin decides, with the compositor's hit (R3's lookup walks up from it); a touch it
	 * releases at once is delivered from inside this call. */
	bezel_touch_down_layout_on_surface(bw->plugin, id, lx, ly,
					   t->surface ? t->surface->resource : NULL, time_msec);
	return serial;
}

void bezel_wlr_touch_motion(struct bezel_wlr *bw, int32_t id, double lx, double ly,
			    uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	struct bwl_touch *t = bwl_touches_find(&bw->touches, id);
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
	bezel_touch_motion_layout(bw->plugin, id, lx, ly, time_msec);
}

void bezel_wlr_touch_up(struct bezel_wlr *bw, int32_t id, uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	struct bwl_touch *t = bwl_touches_find(&bw->touches, id);
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
		bwl_touch_release(t);
}

void bezel_wlr_touch_frame(struct bezel_wlr *bw)
{
	if (!bw || !bw->seat)
		return;
	bezel_touch_frame(bw->plugin, bw->last_msec);
	wlr_seat_touch_notify_frame(bw->seat);
}

void bezel_wlr_touch_cancel(struct bezel_wlr *bw, uint32_t time_msec)
{
	if (!bw || !bw->seat)
		return;
	bw->last_msec = time_msec;
	if (bw->drag && bw->drag->source)
		wlr_data_source_destroy(bw->drag->source);
	bezel_touch_cancel(bw->plugin, time_msec);
	/* The seat's points go without any further event: our grab's up sends nothing. */
	for (int i = 0; i < BWL_MAX_TOUCHES; i++) {
		struct bwl_touch *t = &bw->touches.slot[i];
		if (!t->down)
			continue;
		wlr_seat_touch_notify_up(bw->seat, time_msec, t->id);
		bwl_touch_release(t);
	}
}
