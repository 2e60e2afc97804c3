/*
 * libbezel-wlroots: the Bezel plugin on a wlroots 0.15 seat (see bezel-wlroots.h for the calls).
 *
 * The shape of it, in the order a touch goes through it:
 *
 *   compositor's touch handler
 *     -> bezel_wlr_touch_down(lx, ly)      input.c: hit-test (the compositor's surface_at)
 *        -> wlr_seat_touch_notify_down      the seat makes its touch point and calls the grab
 *           -> grab_down                    grab.c: reserves the serial the client's down will
 *                                           carry, and sends nothing
 *        -> bezel_touch_down                the plugin decides: deliver now, hold, or keep
 *           -> bwl_deliver_down              delivery.c: (now or at a later flush) wl_touch.down
 *                                           with the reserved serial and original time
 *
 * The other files: surfaces.c (what the plugin knows of surfaces, R6 policy), outputs.c,
 * drag.c (R7), gestures.c (gesture and affordance callbacks), log.c; this one holds the
 * adapter's life cycle.
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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

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
	if (iface->version < 1 || iface->version > BEZEL_WLR_INTERFACE_VERSION) {
		wlr_log(WLR_ERROR, "bezel: unknown bezel_wlr_interface version %u", iface->version);
		return BEZEL_ERROR_VERSION;
	}
	struct bezel_wlr *bw = calloc(1, sizeof *bw);
	if (!bw)
		return BEZEL_ERROR_WAYLAND;
	bw->display = display;
	bw->seat = seat;
	bw->layout = layout;
	/* A version 1 struct ends before `emulate`, which stays NULL. */
	memcpy(&bw->iface, iface, iface->version >= 2 ? sizeof *iface : offsetof(struct bezel_wlr_interface, emulate));
	bw->data = data;
	wl_list_init(&bw->surfaces);
	wl_list_init(&bw->outputs);

	struct bezel_host_interface host = {
		.version = BEZEL_HOST_INTERFACE_VERSION,
		.touch_down = bwl_deliver_down,
		.touch_motion = bwl_deliver_motion,
		.touch_up = bwl_deliver_up,
		.touch_frame = bwl_deliver_frame,
		.touch_cancel = bwl_deliver_cancel,
		.cancel_drag = bwl_cancel_drag,
		.log = bwl_plugin_log,
		.gesture_event = bwl_gesture_event,
		.affordance = bwl_affordance,
	};
	int r = bezel_plugin_create(display, &host, bw, &bw->plugin);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "bezel: cannot create the plugin: %s", bezel_result_string(r));
		free(bw);
		return r;
	}
	wlr_log(WLR_INFO, "bezel: libbezel %s on seat %s", bezel_version_string(), seat->name);
	/* The plugin decides which surfaces may defer (R6), from the facts surfaces.c gives. */
	bezel_plugin_decide_policy(bw->plugin, true);
	bezel_plugin_set_region_boxes_reader(bw->plugin, bwl_read_region, NULL);

	bw->new_surface.notify = bwl_new_surface;
	wl_signal_add(&compositor->events.new_surface, &bw->new_surface);
	bw->grab_begin.notify = bwl_grab_begun;
	wl_signal_add(&seat->events.touch_grab_begin, &bw->grab_begin);
	bw->grab_end.notify = bwl_grab_ended;
	wl_signal_add(&seat->events.touch_grab_end, &bw->grab_end);
	bw->start_drag.notify = bwl_drag_started;
	wl_signal_add(&seat->events.start_drag, &bw->start_drag);
	bw->seat_destroy.notify = seat_destroyed;
	wl_signal_add(&seat->events.destroy, &bw->seat_destroy);
	bwl_outputs_listen(bw);

	/* A grab already active (unusual at start-up) goes underneath ours like any other. */
	if (wlr_seat_touch_has_grab(seat))
		bw->inner = seat->touch_state.grab;
	bw->grab.interface = &bwl_grab_interface;
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
	bwl_touches_release_all(&bw->touches);
	bwl_surfaces_finish(bw);
	bwl_outputs_finish(bw);
	wl_list_remove(&bw->grab_begin.link);
	wl_list_remove(&bw->grab_end.link);
	wl_list_remove(&bw->start_drag.link);
	wl_list_remove(&bw->seat_destroy.link);
	bezel_plugin_destroy(bw->plugin);
	free(bw);
}

struct bezel_plugin *bezel_wlr_get_plugin(struct bezel_wlr *bw)
{
	return bw ? bw->plugin : NULL;
}

int bezel_wlr_set_locked(struct bezel_wlr *bw, bool locked)
{
	if (!bw)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	return bezel_set_locked(bw->plugin, locked, (uint32_t)(bwl_now_usec() / 1000));
}
