/*
 * bezel-compositor's outputs: headless ones take any mode, so each gets the phone-shaped one of
 * --size and the turn of --transform, and joins the layout left to right. The layout tells the
 * adapter (and clients) about each; the scene draws them and answers their frames. One file
 * for every wlroots generation: where 0.18 moved, WLR_VERSION_MINOR says so.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>

#include "compositor.h"

static void output_frame(struct wl_listener *l, void *data)
{
	struct output *o = wl_container_of(l, o, frame);
	(void)data;
	struct wlr_scene_output *so = wlr_scene_get_scene_output(o->server->scene, o->wlr_output);
	if (!so)
		return;
#if WLR_VERSION_MINOR >= 18
	/* wlroots 0.18: the scene output's commit takes options (none here). */
	wlr_scene_output_commit(so, NULL);
#else
	wlr_scene_output_commit(so);
#endif
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

bool output_box(struct server *s, struct wlr_output *o, struct wlr_box *box)
{
	*box = (struct wlr_box){ 0 };
#if WLR_VERSION_MINOR >= 16
	/* wlroots 0.16: the layout fills the caller's box (empty: not in the layout). */
	if (o)
		wlr_output_layout_get_box(s->layout, o, box);
#else
	struct wlr_box *b = o ? wlr_output_layout_get_box(s->layout, o) : NULL;
	if (b)
		*box = *b;
#endif
	return !wlr_box_empty(box);
}

/*
 * The output's mode (0: keep it), transform and enabling, in one commit. wlroots 0.18 changes
 * an output only by committing a whole wlr_output_state, applied or refused together; 0.15
 * stages each change on the output and commits what is staged.
 */
static bool output_apply(struct wlr_output *o, int width, int height, int transform)
{
#if WLR_VERSION_MINOR >= 18
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	if (width > 0)
		wlr_output_state_set_custom_mode(&state, width, height, 0);
	wlr_output_state_set_transform(&state, (enum wl_output_transform)transform);
	wlr_output_state_set_enabled(&state, true);
	bool ok = wlr_output_commit_state(o, &state);
	wlr_output_state_finish(&state);
	return ok;
#else
	if (width > 0)
		wlr_output_set_custom_mode(o, width, height, 0);
	wlr_output_set_transform(o, (enum wl_output_transform)transform);
	wlr_output_enable(o, true);
	return wlr_output_commit(o);
#endif
}

bool output_turn(struct wlr_output *o, int transform)
{
	return output_apply(o, 0, 0, transform);
}

void new_output(struct wl_listener *l, void *data)
{
	struct server *s = wl_container_of(l, s, new_output);
	struct wlr_output *wo = data;
	wlr_output_init_render(wo, s->allocator, s->renderer);
	/* Headless outputs take any mode: a phone-shaped one by default. */
	if (!output_apply(wo, s->width, s->height, s->transform)) {
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
#if WLR_VERSION_MINOR >= 18
	/* wlroots 0.18: the scene draws into an output through a scene output the compositor
	 * makes, placed where the layout put the output. */
	struct wlr_output_layout_output *lo = wlr_output_layout_add_auto(s->layout, wo);
	struct wlr_scene_output *so = wlr_scene_output_create(s->scene, wo);
	wlr_scene_output_layout_add_output(s->scene_layout, lo, so);
#else
	wlr_output_layout_add_auto(s->layout, wo);
#endif
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
