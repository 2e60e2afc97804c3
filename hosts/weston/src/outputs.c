/*
 * outputs.c: weston's outputs, as the plugin's outputs.
 *
 * Each enabled weston output becomes a plugin output with the id weston gave it plus one
 * (the plugin's output 0 is its built-in default, removed once a real output exists), at the
 * same layout position, so surface rectangles and touch positions share one space. Edge zones
 * and millimetres are per output: a swipe in from the bottom of the second screen is that
 * screen's dock gesture. The module keeps no table: the id says which weston output it is.
 *
 * weston reports outputs through compositor signals: created (enabled), resized, moved, and
 * destroyed (disabled or unplugged). An output that goes away mid-gesture cancels what its
 * touches carried (R8, bezel_output_remove), and so does one whose transform or size changes
 * (a turned screen: the plugin sees the new transform in bezel_output_update). Sizes are
 * weston's logical ones, after the transform, so the edges are the user's (docs/design.md §4.1). Which output a touch landed on is the plugin's
 * business (the module gives layout points).
 */
#include "bezel-weston.h"

static uint32_t plugin_id(struct weston_output *o)
{
	return o->id + 1;
}

struct weston_output *bw_output_by_id(struct bw *bw, uint32_t id)
{
	struct weston_output *w;
	wl_list_for_each(w, &bw->ec->output_list, link)
		if (plugin_id(w) == id)
			return w;
	return NULL;
}

/* The head's physical size: the plugin uses [bezel] output-width-mm / -height-mm instead when
 * they are set (weston's headless head says 1 mm per pixel). */
static void describe(struct bw *bw, struct weston_output *w, bool added)
{
	struct weston_head *head = weston_output_get_first_head(w);
	int32_t mmw = head ? head->mm_width : 0, mmh = head ? head->mm_height : 0;
	int r = (added ? bezel_output_add : bezel_output_update)(bw->plugin, plugin_id(w),
		bw_output_x(w), bw_output_y(w), w->width, w->height, mmw, mmh, (int32_t)w->transform);
	if (r != BEZEL_OK)
		weston_log("bezel: output %s: %s\n", w->name, bezel_result_string(r));
	weston_log("bezel: output %s (plugin output %u) %dx%d+%d+%d, head %dx%d mm, transform %u\n",
		   w->name, plugin_id(w), w->width, w->height, (int)bw_output_x(w),
		   (int)bw_output_y(w), mmw, mmh, w->transform);
}

static void output_created(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, output_created_listener);
	/* The plugin's default output 0 stands for "no output known yet". */
	if (bezel_output_remove(bw->plugin, 0, bw_now_msec()) == BEZEL_OK)
		weston_log("bezel: the plugin's default output replaced by weston's outputs\n");
	describe(bw, data, true);
}

static void output_resized(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, output_resized_listener);
	describe(bw, data, false);
}

static void output_moved(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, output_moved_listener);
	describe(bw, data, false);
}

static void output_destroyed(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, output_destroyed_listener);
	struct weston_output *w = data;
	/* R8: what the output's touches carried is cancelled by the plugin. */
	if (bezel_output_remove(bw->plugin, plugin_id(w), bw_now_msec()) == BEZEL_OK)
		weston_log("bezel: output %s (plugin output %u) removed\n", w->name, plugin_id(w));
}

void bw_outputs_init(struct bw *bw)
{
	struct weston_output *w;
	bw->output_created_listener.notify = output_created;
	wl_signal_add(&bw->ec->output_created_signal, &bw->output_created_listener);
	bw->output_destroyed_listener.notify = output_destroyed;
	wl_signal_add(&bw->ec->output_destroyed_signal, &bw->output_destroyed_listener);
	bw->output_resized_listener.notify = output_resized;
	wl_signal_add(&bw->ec->output_resized_signal, &bw->output_resized_listener);
	bw->output_moved_listener.notify = output_moved;
	wl_signal_add(&bw->ec->output_moved_signal, &bw->output_moved_listener);
	wl_list_for_each(w, &bw->ec->output_list, link)
		output_created(&bw->output_created_listener, w);
}

void bw_outputs_fini(struct bw *bw)
{
	wl_list_remove(&bw->output_created_listener.link);
	wl_list_remove(&bw->output_destroyed_listener.link);
	wl_list_remove(&bw->output_resized_listener.link);
	wl_list_remove(&bw->output_moved_listener.link);
}
