/*
 * input.c: one seat's touch events into the plugin.
 *
 * Both of the module's grabs end here: the default grab of every seat (seat.c) and the grab
 * it puts on top of weston's drag grab (drag.c). weston gives grabs layout ("global")
 * coordinates, and so does the module: the plugin finds the output a touch landed on (the
 * one the backend mapped the touch device to) and makes every position local to it, and to
 * the surface under the finger.
 */
#include "bezel-weston.h"

void bw_feed_down(struct bw_seat *bs, const struct timespec *time, int id, double gx, double gy)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bw_lock_check(bw, bs->last_msec);
	bw_panels_dismiss_open(bw);
	bw_surfaces_touch_down(bw, bs->touch, id, gx, gy, bs->last_msec);
}

void bw_feed_motion(struct bw_seat *bs, const struct timespec *time, int id, double gx, double gy)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bezel_touch_motion_layout(bw->plugin, id, gx, gy, bs->last_msec);
}

void bw_feed_up(struct bw_seat *bs, const struct timespec *time, int id)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bs->last_msec = bw_ts_msec(time);
	bezel_touch_up(bw->plugin, id, bs->last_msec);
}

void bw_feed_frame(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bw_lock_check(bw, bs->last_msec);
	bezel_touch_frame(bw->plugin, bs->last_msec);
}

void bw_feed_cancel(struct bw_seat *bs)
{
	struct bw *bw = bs->bw;
	bw->current = bs;
	bezel_touch_cancel(bw->plugin, bs->last_msec);
}
