/*
 * Drags (R7): the adapter follows touch drags (wlr_seat start_drag) for the plugin, and cancels
 * a drag-and-drop session when a modal gesture begins.
 */
#include <wlr/types/wlr_data_device.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

static void drag_destroyed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, drag_destroy);
	(void)data;
	wl_list_remove(&bw->drag_destroy.link);
	if (bwl_inner_is_drag(bw))
		bw->inner = NULL;
	bw->drag = NULL;
	bezel_drag_end(bw->plugin, bw->last_msec);
}

void bwl_drag_started(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, start_drag);
	struct wlr_drag *drag = data;
	if (drag->grab_type != WLR_DRAG_GRAB_KEYBOARD_TOUCH || bw->drag)
		return;
	bw->drag = drag;
	bw->drag_id = drag->touch_id;
	bw->drag_destroy.notify = drag_destroyed;
	wl_signal_add(&drag->events.destroy, &bw->drag_destroy);
	wlr_log(WLR_INFO, "bezel: drag-and-drop session started with touch %d", bw->drag_id);
	bezel_drag_start(bw->plugin, bw->drag_id, bw->last_msec);
}

/*
 * R7: a modal gesture began during a drag. Destroying the drag's data source is how wlroots
 * itself abandons a drag: the source gets wl_data_source.cancelled, the drag ends (its target
 * gets leave) and nothing is dropped. A drag without a source (inside one client) is ended
 * through its grab's cancel.
 */
void bwl_cancel_drag(void *data)
{
	struct bezel_wlr *bw = data;
	struct wlr_drag *drag = bw->drag;
	if (!drag)
		return;
	wlr_log(WLR_INFO, "bezel: drag-and-drop session cancelled by a system gesture");
	if (drag->source)
		wlr_data_source_destroy(drag->source);
	else if (bwl_inner_is_drag(bw) && bw->inner->interface->cancel)
		bw->inner->interface->cancel(bw->inner);
}

