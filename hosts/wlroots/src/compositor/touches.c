/*
 * touches.c: bezel-compositor's touch device, the same for every wlroots generation (the
 * event types were renamed in 0.16, and 0.18 reaches the touch signals through the wlr_touch
 * and lets the compositor leave a device that goes: an #if says where).
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <stdbool.h>

#include <wayland-server-core.h>
#include <wlr/version.h> /* WLR_VERSION_MINOR, before the #ifs below */
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>

#include "bezel-wlroots.h"
#include "compositor.h"

#if WLR_VERSION_MINOR < 16
/* wlroots 0.16 renamed the touch events; this file uses the new names. */
#define wlr_touch_down_event wlr_event_touch_down
#define wlr_touch_motion_event wlr_event_touch_motion
#define wlr_touch_up_event wlr_event_touch_up
#define wlr_touch_cancel_event wlr_event_touch_cancel
#endif

/*
 * Bezel: where tinywl hit-tests a touch and notifies the seat, this compositor hands the touch
 * to the adapter in layout coordinates and is done. The adapter makes the seat's touch point
 * (popup grabs and drags see it) but decides itself, with the plugin, what the client gets and
 * when: at once, held until the plugin knows it is no gesture, or never.
 */

/* wlr_touch positions are 0..1 on the device's output: layout pixels on the touch output. */
static void touch_to_layout(struct server *s, double x, double y, double *lx, double *ly)
{
	struct wlr_box box;
	bool placed = output_box(s, nth_output(s, s->touch_output), &box);
	*lx = placed ? box.x + x * box.width : x;
	*ly = placed ? box.y + y * box.height : y;
}

static void touch_down(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_down);
	struct wlr_touch_down_event *ev = data;
	double lx, ly;
	touch_to_layout(s, ev->x, ev->y, &lx, &ly);
	/* A touch-down closes what committed gestures left open (a stand-in for a shell). */
	panels_dismiss(s);
	if (s->bezel) {
		bezel_wlr_touch_down(s->bezel, ev->touch_id, lx, ly, ev->time_msec);
		return;
	}
	/* Without the adapter (latency baseline): tinywl's way, straight to the seat. */
	double sx, sy;
	struct wlr_surface *surf = surface_at(s, lx, ly, &sx, &sy);
	if (surf && wlr_surface_accepts_touch(s->seat, surf))
		wlr_seat_touch_notify_down(s->seat, surf, ev->time_msec, ev->touch_id, sx, sy);
}

static void touch_motion(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_motion);
	struct wlr_touch_motion_event *ev = data;
	double lx, ly;
	touch_to_layout(s, ev->x, ev->y, &lx, &ly);
	if (s->bezel) {
		bezel_wlr_touch_motion(s->bezel, ev->touch_id, lx, ly, ev->time_msec);
		return;
	}
	struct wlr_touch_point *p = wlr_seat_touch_get_point(s->seat, ev->touch_id);
	if (!p || !p->surface)
		return;
	int nx = 0, ny = 0;
	/* An xdg surface's data is its scene tree (0.15: its scene node). */
#if WLR_VERSION_MINOR >= 18
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_try_from_wlr_surface(p->surface);
	if (xdg && xdg->data)
		wlr_scene_node_coords(&((struct wlr_scene_tree *)xdg->data)->node, &nx, &ny);
#else
	struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(p->surface);
	if (xdg && xdg->data)
		wlr_scene_node_coords(xdg->data, &nx, &ny);
#endif
	wlr_seat_touch_notify_motion(s->seat, ev->time_msec, ev->touch_id, lx - nx, ly - ny);
}

static void touch_up(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_up);
	struct wlr_touch_up_event *ev = data;
	if (s->bezel)
		bezel_wlr_touch_up(s->bezel, ev->touch_id, ev->time_msec);
	else
		wlr_seat_touch_notify_up(s->seat, ev->time_msec, ev->touch_id);
}

static void touch_frame(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_frame);
	(void)data;
	if (s->bezel)
		bezel_wlr_touch_frame(s->bezel);
	else
		wlr_seat_touch_notify_frame(s->seat);
}

static void touch_cancel(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_cancel);
	struct wlr_touch_cancel_event *ev = data;
	if (s->bezel)
		bezel_wlr_touch_cancel(s->bezel, ev->time_msec);
}

#if WLR_VERSION_MINOR >= 18
/* A touch device that goes takes our listeners' places with it: leave them first. */
static void touch_destroy(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, touch_destroy);
	(void)data;
	wl_list_remove(&s->touch_down.link);
	wl_list_remove(&s->touch_motion.link);
	wl_list_remove(&s->touch_up.link);
	wl_list_remove(&s->touch_frame.link);
	wl_list_remove(&s->touch_cancel.link);
	wl_list_remove(&s->touch_destroy.link);
	s->touch_dev = NULL;
}
#endif

void new_input(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_input);
	struct wlr_input_device *dev = data;
	if (dev->type != WLR_INPUT_DEVICE_TOUCH || s->touch_dev)
		return;
	s->touch_dev = dev;
#if WLR_VERSION_MINOR >= 18
	/* wlroots 0.18: the touch signals are the wlr_touch's, which embeds the device. */
	struct wlr_touch *touch = wlr_touch_from_input_device(dev);
#else
	struct wlr_touch *touch = dev->touch;
#endif
	s->touch_down.notify = touch_down;
	wl_signal_add(&touch->events.down, &s->touch_down);
	s->touch_motion.notify = touch_motion;
	wl_signal_add(&touch->events.motion, &s->touch_motion);
	s->touch_up.notify = touch_up;
	wl_signal_add(&touch->events.up, &s->touch_up);
	s->touch_frame.notify = touch_frame;
	wl_signal_add(&touch->events.frame, &s->touch_frame);
	s->touch_cancel.notify = touch_cancel;
	wl_signal_add(&touch->events.cancel, &s->touch_cancel);
#if WLR_VERSION_MINOR >= 18
	s->touch_destroy.notify = touch_destroy;
	wl_signal_add(&dev->events.destroy, &s->touch_destroy);
#endif
	wlr_seat_set_capabilities(s->seat, WL_SEAT_CAPABILITY_TOUCH);
	wlr_log(WLR_INFO, "touch device %s", dev->name);
}
