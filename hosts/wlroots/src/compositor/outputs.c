/*
 * bezel-compositor's outputs: headless ones take any mode, so each gets the phone-shaped one of
 * --size and the turn of --transform, and joins the layout left to right. The layout tells the
 * adapter (and clients) about each; the scene draws them and answers their frames.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/util/log.h>

#include "compositor.h"

static void output_frame(struct wl_listener *l, void *data)
{
	struct output *o = wl_container_of(l, o, frame);
	(void)data;
	struct wlr_scene_output *so = wlr_scene_get_scene_output(o->server->scene, o->wlr_output);
	if (!so)
		return;
	wlr_scene_output_commit(so);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(so, &now);
}

static void output_destroy(struct wl_listener *l, void *data)
{
	struct output *o = wl_container_of(l, o, destroy);
	(void)data;
	wl_list_remove(&o->frame.link);
	wl_list_remove(&o->destroy.link);
	wl_list_remove(&o->link);
	free(o);
}

struct wlr_output *nth_output(struct server *s, int n)
{
	struct output *o, *first = NULL;
	int i = 1;
	wl_list_for_each(o, &s->outputs, link) {
		if (i++ == n)
			return o->wlr_output;
		if (!first)
			first = o;
	}
	return first ? first->wlr_output : NULL; /* no such output: the first one */
}

void new_output(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_output);
	struct wlr_output *wo = data;
	wlr_output_init_render(wo, s->allocator, s->renderer);
	/* Headless outputs take any mode: a phone-shaped one by default. */
	wlr_output_set_custom_mode(wo, s->width, s->height, 0);
	wlr_output_set_transform(wo, (enum wl_output_transform)s->transform);
	wlr_output_enable(wo, true);
	if (!wlr_output_commit(wo)) {
		wlr_log(WLR_ERROR, "cannot enable output %s", wo->name);
		return;
	}
	struct output *o = calloc(1, sizeof *o);
	if (!o)
		return;
	o->server = s;
	o->wlr_output = wo;
	o->frame.notify = output_frame;
	wl_signal_add(&wo->events.frame, &o->frame);
	o->destroy.notify = output_destroy;
	wl_signal_add(&wo->events.destroy, &o->destroy);
	wl_list_insert(s->outputs.prev, &o->link);
	/* Side by side, left to right: the layout tells the adapter (and clients) about it. */
	wlr_output_layout_add_auto(s->layout, wo);
	wlr_log(WLR_INFO, "output %s %dx%d", wo->name, s->width, s->height);
}

/* A weston.ini transform name (normal, 90, ..., flipped-270) as its wl_output value, or -1. */
int transform_value(const char *name)
{
	static const char *const names[] = { "normal", "90", "180", "270", "flipped",
					     "flipped-90", "flipped-180", "flipped-270" };
	for (int i = 0; i < 8; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}
