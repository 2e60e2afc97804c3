/*
 * grab-kind.c (weston 14): which kind a touch grab is, by the request that started it.
 *
 * weston 14 builds libweston-desktop into libweston-14.so, so the drag grab and the popup grab
 * are defined in the same loaded object and weston 10's test (the library that holds the
 * grab's interface) no longer tells them apart. weston 14 installs no header that names
 * either grab, and weston_touch keeps no drag state. What weston does offer is the protocol
 * stream: a touch grab that a client starts begins inside that client's request, and the
 * module's protocol logger (drag.c) sees each request, with its arguments, before weston
 * handles it. So:
 *
 *   wl_data_device.start_drag   the next new grab on that seat (the data device's seat) is
 *                               weston's touch drag grab, and the request's wl_data_source is
 *                               its source (struct weston_data_source, in libweston.h: the
 *                               module reads only `resource` and listens to `destroy_signal`);
 *   xdg_popup.grab              the next new grab on that seat is libweston-desktop's popup
 *                               grab;
 *   anything else               a grab no such request started: a shell's, another module's.
 *
 * The record lives from the request until drag.c's next check after it (the next message, or
 * an idle callback once that dispatch is over): a start_drag that weston refused, or that
 * started a pointer drag, leaves the touch grab as it was and is forgotten there, so it
 * cannot name a later grab. No private weston structure is redeclared.
 */
#include <string.h>

#include "bezel-weston.h"

/* The weston_seat a seat-bound resource (wl_data_device, wl_seat) stands for; NULL for an
 * inert one, whose seat is gone. */
static struct weston_seat *seat_of_resource(struct wl_resource *r, const char *cls)
{
	if (!r || strcmp(wl_resource_get_class(r), cls) != 0)
		return NULL;
	return wl_resource_get_user_data(r);
}

static void note(struct bw *bw, struct weston_seat *seat, enum bw_grab_request request,
		 struct weston_data_source *source)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		if (bs->seat != seat)
			continue;
		bs->kinds.request = request;
		bs->kinds.request_source = source;
	}
}

void bw_grab_kinds_request(struct bw *bw, const struct wl_protocol_logger_message *message)
{
	const char *name = message->message->name;
	const char *cls = wl_resource_get_class(message->resource);
	if (!strcmp(name, "start_drag") && !strcmp(cls, wl_data_device_interface.name) &&
	    message->arguments_count >= 1) {
		/* libwayland hands object arguments as their resources (weston's own protocol
		 * log reads them the same way). */
		struct wl_resource *src = (struct wl_resource *)message->arguments[0].o;
		struct weston_data_source *source = NULL;
		if (src && !strcmp(wl_resource_get_class(src), wl_data_source_interface.name))
			source = wl_resource_get_user_data(src);
		if (source && source->resource != src)
			source = NULL; /* not the layout libweston.h gives: never read */
		note(bw, seat_of_resource(message->resource, wl_data_device_interface.name),
		     BW_REQUEST_DRAG, source);
	} else if (!strcmp(name, "grab") && strstr(cls, "popup") && message->arguments_count >= 1) {
		struct wl_resource *seat = (struct wl_resource *)message->arguments[0].o;
		note(bw, seat_of_resource(seat, "wl_seat"), BW_REQUEST_POPUP, NULL);
	}
}

static void drag_source_destroyed(struct wl_listener *l, void *data)
{
	struct bw_seat_grab_kinds *k = wl_container_of(l, k, drag_source_destroy);
	(void)data;
	wl_list_remove(&k->drag_source_destroy.link);
	wl_list_init(&k->drag_source_destroy.link);
	k->drag_source = NULL;
}

enum bw_grab_kind bw_grab_kind_of(struct bw_seat *bs, struct weston_touch_grab *grab)
{
	struct bw_seat_grab_kinds *k = &bs->kinds;
	(void)grab;
	enum bw_grab_request request = k->request;
	k->request = BW_REQUEST_NONE;
	switch (request) {
	case BW_REQUEST_DRAG:
		bw_grab_kinds_drag_over(bs);
		k->drag_source = k->request_source;
		k->request_source = NULL;
		if (k->drag_source) {
			k->drag_source_destroy.notify = drag_source_destroyed;
			wl_signal_add(&k->drag_source->destroy_signal, &k->drag_source_destroy);
		}
		return BW_GRAB_DRAG;
	case BW_REQUEST_POPUP:
		return BW_GRAB_POPUP;
	default:
		return BW_GRAB_OTHER;
	}
}

struct weston_data_source *bw_drag_source(struct bw_seat *bs)
{
	return bs->kinds.drag_source;
}

void bw_grab_kinds_checked(struct bw_seat *bs)
{
	bs->kinds.request = BW_REQUEST_NONE;
	bs->kinds.request_source = NULL;
}

void bw_grab_kinds_drag_over(struct bw_seat *bs)
{
	struct bw_seat_grab_kinds *k = &bs->kinds;
	if (k->drag_source && k->drag_source_destroy.notify)
		wl_list_remove(&k->drag_source_destroy.link);
	k->drag_source = NULL;
	k->drag_source_destroy.notify = NULL;
}

void bw_grab_kinds_init(struct bw *bw)
{
	(void)bw;
}
