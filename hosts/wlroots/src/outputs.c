/*
 * Outputs: the plugin's outputs follow the wlr_output_layout (R8 "every output"); an output
 * removed cancels what its touches carried, and so does one turned or resized (the layout's
 * box is the size after the transform, and the transform goes with it: the edges are the
 * user's, docs/design.md §4.1).
 */
#include <stdlib.h>

#include <wlr/version.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

struct bwl_output *bwl_output_find(struct bezel_wlr *bw, struct wlr_output *output)
{
	struct bwl_output *o;
	wl_list_for_each(o, &bw->outputs, link)
		if (o->output == output)
			return o;
	return NULL;
}

/* Tells the plugin where `o` is and how big (R8 "every output"). */
static void output_describe(struct bezel_wlr *bw, struct bwl_output *o)
{
#if WLR_VERSION_MINOR >= 16
	/* wlroots 0.16: wlr_output_layout_get_box fills the caller's box (empty: not in the layout). */
	struct wlr_box layout_box = { 0 };
	if (bw->layout)
		wlr_output_layout_get_box(bw->layout, o->output, &layout_box);
	struct wlr_box *box = &layout_box;
#else
	struct wlr_box *box = bw->layout ? wlr_output_layout_get_box(bw->layout, o->output) : NULL;
#endif
	if (!box || box->width <= 0 || box->height <= 0)
		return;
	/* [bezel] output-width-mm / -height-mm, when set, override this in the plugin. */
	int32_t mm_w = o->width_mm > 0 ? o->width_mm : o->output->phys_width;
	int32_t mm_h = o->height_mm > 0 ? o->height_mm : o->output->phys_height;
	int32_t tf = (int32_t)o->output->transform;
	int r;
	if (o->added) {
		r = bezel_output_update(bw->plugin, o->id, box->x, box->y, box->width, box->height,
					mm_w, mm_h, tf);
	} else if (o->id == 0) {
		/* Output 0 exists from the plugin's creation: the first output takes it. */
		r = bezel_output_update(bw->plugin, 0, box->x, box->y, box->width, box->height,
					mm_w, mm_h, tf);
	} else {
		r = bezel_output_add(bw->plugin, o->id, box->x, box->y, box->width, box->height,
				     mm_w, mm_h, tf);
	}
	if (r == BEZEL_OK)
		o->added = true;
	wlr_log(r == BEZEL_OK ? WLR_INFO : WLR_ERROR, "bezel: output %s (id %u) %dx%d+%d+%d, %dx%d mm, transform %d%s%s",
		o->output->name, o->id, box->width, box->height, box->x, box->y, mm_w, mm_h, tf,
		r == BEZEL_OK ? "" : ": ", r == BEZEL_OK ? "" : bezel_result_string(r));
}

struct bwl_output *bwl_output_by_id(struct bezel_wlr *bw, uint32_t id)
{
	struct bwl_output *o;
	wl_list_for_each(o, &bw->outputs, link)
		if (o->id == id)
			return o;
	return NULL;
}

static void output_destroyed(struct wl_listener *l, void *data)
{
	struct bwl_output *o = wl_container_of(l, o, destroy);
	struct bezel_wlr *bw = o->bw;
	(void)data;
	wlr_log(WLR_INFO, "bezel: output %s (id %u) removed", o->output->name, o->id);
	/* R8: what its touches carried is cancelled (gestures, held events, clients' touches). */
	if (o->added)
		bezel_output_remove(bw->plugin, o->id, bw->last_msec);
	wl_list_remove(&o->destroy.link);
	wl_list_remove(&o->link);
	free(o);
}

/* Brings the plugin's outputs in line with the layout. */
void bwl_outputs_sync(struct bezel_wlr *bw)
{
	struct wlr_output_layout_output *lo;
	if (!bw->layout)
		return;
	wl_list_for_each(lo, &bw->layout->outputs, link) {
		struct bwl_output *o = bwl_output_find(bw, lo->output);
		if (!o) {
			o = calloc(1, sizeof *o);
			if (!o)
				continue;
			o->bw = bw;
			o->output = lo->output;
			o->id = bw->next_output_id++;
			o->destroy.notify = output_destroyed;
			/* First in line, not last: the compositor's own destroy listener, added when it
			 * made the output and so before this one, frees its state for the output (phoc:
			 * the PhocOutput that output->data still names). Removing the output from the
			 * plugin cancels its gestures and hides its affordance through the compositor's
			 * callbacks, which must still find that state alive. */
			wl_list_insert(&lo->output->events.destroy.listener_list, &o->destroy.link);
			wl_list_insert(bw->outputs.prev, &o->link);
		}
		output_describe(bw, o);
	}
}

static void layout_changed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_change);
	(void)data;
	bwl_outputs_sync(bw);
}

static void layout_added(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_add);
	(void)data;
	bwl_outputs_sync(bw);
}

static void layout_destroyed(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, layout_destroy);
	(void)data;
	bw->layout = NULL;
	wl_list_remove(&bw->layout_add.link);
	wl_list_remove(&bw->layout_change.link);
	wl_list_remove(&bw->layout_destroy.link);
	wl_list_init(&bw->layout_add.link);
	wl_list_init(&bw->layout_change.link);
	wl_list_init(&bw->layout_destroy.link);
}

/* Follows the layout from now on, starting with the outputs it has. */
void bwl_outputs_listen(struct bezel_wlr *bw)
{
	bw->layout_add.notify = layout_added;
	wl_signal_add(&bw->layout->events.add, &bw->layout_add);
	bw->layout_change.notify = layout_changed;
	wl_signal_add(&bw->layout->events.change, &bw->layout_change);
	bw->layout_destroy.notify = layout_destroyed;
	wl_signal_add(&bw->layout->events.destroy, &bw->layout_destroy);
	bwl_outputs_sync(bw);
}

void bwl_outputs_finish(struct bezel_wlr *bw)
{
	struct bwl_output *o, *otmp;
	wl_list_for_each_safe(o, otmp, &bw->outputs, link) {
		wl_list_remove(&o->destroy.link);
		wl_list_remove(&o->link);
		free(o);
	}
	wl_list_remove(&bw->layout_add.link);
	wl_list_remove(&bw->layout_change.link);
	wl_list_remove(&bw->layout_destroy.link);
}

int bezel_wlr_set_output_size_mm(struct bezel_wlr *bw, struct wlr_output *output,
				 int32_t width_mm, int32_t height_mm)
{
	if (!bw || !output || width_mm < 0 || height_mm < 0)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	bwl_outputs_sync(bw);
	struct bwl_output *o = bwl_output_find(bw, output);
	if (!o)
		return BEZEL_ERROR_NOT_FOUND;
	o->width_mm = width_mm;
	o->height_mm = height_mm;
	output_describe(bw, o);
	return BEZEL_OK;
}
