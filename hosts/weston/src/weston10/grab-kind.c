/*
 * grab-kind.c (weston 10): which kind a touch grab is, by the library that defines it.
 *
 * Not by casting: a grab's interface is a static table inside the library that starts the
 * grab, so the module asks the dynamic linker which loaded object holds that table (dladdr).
 * The only touch grab libweston itself starts is the drag grab, and the only one
 * libweston-desktop starts is the popup grab. Only then is a drag grab cast to weston's
 * private container (weston10.h), and its data source is checked to be a wl_data_source.
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <string.h>

#include <libweston-desktop/libweston-desktop.h>

#include "bezel-weston.h"

/* The loaded object (libweston, libweston-desktop, a shell) that holds `addr`. */
static const void *object_of(const void *addr)
{
	Dl_info info;
	return dladdr(addr, &info) && info.dli_fbase ? info.dli_fbase : NULL;
}

static struct weston_data_source *source_of(struct weston_touch_grab *grab)
{
	struct bw_weston10_touch_drag *drag = wl_container_of(grab, drag, grab);
	return drag->base.data_source;
}

enum bw_grab_kind bw_grab_kind_of(struct bw_seat *bs, struct weston_touch_grab *grab)
{
	struct bw *bw = bs->bw;
	const void *owner = object_of(grab->interface);
	if (!owner)
		return BW_GRAB_OTHER;
	if (owner == bw->kinds.libweston_base) {
		/* libweston's only touch grab is the drag grab; check its data source anyway. */
		struct weston_data_source *src = source_of(grab);
		if (src && src->resource &&
		    strcmp(wl_resource_get_class(src->resource), wl_data_source_interface.name) != 0)
			return BW_GRAB_OTHER;
		return BW_GRAB_DRAG;
	}
	if (owner == bw->kinds.libweston_desktop_base)
		return BW_GRAB_POPUP;
	return BW_GRAB_OTHER;
}

struct weston_data_source *bw_drag_source(struct bw_seat *bs)
{
	return bs->drag ? source_of(bs->drag) : NULL;
}

void bw_grab_kinds_init(struct bw *bw)
{
	bw->kinds.libweston_base = object_of((const void *)weston_touch_start_grab);
	bw->kinds.libweston_desktop_base =
		object_of((const void *)weston_desktop_surface_get_fullscreen);
}

/* The grab's own library tells its kind: requests and their ends need no record. */
void bw_grab_kinds_request(struct bw *bw, const struct wl_protocol_logger_message *message)
{
	(void)bw; (void)message;
}

void bw_grab_kinds_checked(struct bw_seat *bs)
{
	(void)bs;
}

void bw_grab_kinds_drag_over(struct bw_seat *bs)
{
	(void)bs;
}
