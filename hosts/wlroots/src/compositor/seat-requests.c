/*
 * seat-requests.c: what a client asks of bezel-compositor's seat, the same for every wlroots
 * generation: a drag started with a touch (granted for a serial of one of its touch-downs, so
 * the adapter's grab sees the drag start under it), and the selection.
 */
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>

#include "compositor.h"

void request_start_drag(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, request_start_drag);
	struct wlr_seat_request_start_drag_event *ev = data;
	struct wlr_touch_point *point;
	if (wlr_seat_validate_touch_grab_serial(s->seat, ev->origin, ev->serial, &point)) {
		wlr_seat_start_touch_drag(s->seat, ev->drag, ev->serial, point);
		return;
	}
	wlr_log(WLR_DEBUG, "start_drag refused: serial %u is not a touch-down's", ev->serial);
	wlr_data_source_destroy(ev->drag->source);
}

void request_set_selection(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, request_set_selection);
	struct wlr_seat_request_set_selection_event *ev = data;
	wlr_seat_set_selection(s->seat, ev->source, ev->serial);
}
