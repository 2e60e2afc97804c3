/*
 * panels.c: the demo shell, plain solid-colour views that show what the gestures do.
 *
 * A panel grows in from the edge with the running gesture's progress (dock from the bottom,
 * cover sheet and control centre from the top, slide-over from a side), on the output the
 * gesture happens on; a small bar at an edge whose swipe went to the app is the affordance of
 * R3 ("swipe again"). They live in a layer above full-screen apps and have an empty input
 * region, so weston never picks them for a touch and they change nothing about routing. A
 * committed gesture leaves its panel fully open until the next touch-down; an abandoned or
 * cancelled one removes it. A real shell would draw its dock from the same callbacks
 * (the plugin's gesture_event and affordance, bw_panels_wire). Where each goes is
 * bezel-demo-panels.h's, the same for every host.
 */
#include <string.h>

#include "bezel-demo-panels.h"
#include "bezel-weston.h"


struct rgba { float r, g, b, a; };

static struct rgba gesture_colour(const char *gesture)
{
	if (!strcmp(gesture, "dock")) return (struct rgba){ 0.60f, 0.64f, 0.72f, 0.92f };
	if (!strcmp(gesture, "cover_sheet")) return (struct rgba){ 0.09f, 0.28f, 0.52f, 0.95f };
	if (!strcmp(gesture, "control_center")) return (struct rgba){ 0.30f, 0.30f, 0.36f, 0.95f };
	if (!strcmp(gesture, "slide_over")) return (struct rgba){ 0.20f, 0.42f, 0.30f, 0.95f };
	return (struct rgba){ 0.35f, 0.35f, 0.35f, 0.90f };
}

/* Takes the panel's view off the screen. */
static void unmap(struct bw *bw, struct bw_panel *p)
{
	if (!p->shown)
		return;
	weston_view_damage_below(p->view);
	weston_layer_entry_remove(&p->view->layer_link);
	p->view->is_mapped = false;
	p->surface->is_mapped = false;
	p->shown = false;
	weston_compositor_schedule_repaint(bw->ec);
}

static void hide(struct bw *bw, struct bw_panel *p)
{
	p->open = false;
	unmap(bw, p);
}

/* Shows `p` at (x, y, w, h) in layout coordinates, in `colour`. */
static void place(struct bw *bw, struct bw_panel *p, struct rgba colour, double x, double y,
		  double w, double h)
{
	int32_t iw = (int32_t)(w + 0.5), ih = (int32_t)(h + 0.5);
	if (iw <= 0 || ih <= 0) {
		unmap(bw, p); /* progress 0: nothing to show yet */
		return;
	}
	if (!p->surface) {
		p->surface = weston_surface_create(bw->ec);
		p->view = p->surface ? weston_view_create(p->surface) : NULL;
		if (!p->view) {
			if (p->surface)
				weston_surface_destroy(p->surface);
			p->surface = NULL;
			return;
		}
		/* Empty input region: touches go through to whatever is below. */
		pixman_region32_fini(&p->surface->input);
		pixman_region32_init(&p->surface->input);
	}
	if (p->shown)
		weston_view_damage_below(p->view);
	/* weston blends solid colours as premultiplied alpha. */
	weston_surface_set_color(p->surface, colour.r * colour.a, colour.g * colour.a,
				 colour.b * colour.a, colour.a);
	weston_surface_set_size(p->surface, iw, ih);
	weston_view_set_position(p->view, (float)x, (float)y);
	if (!p->shown) {
		weston_layer_entry_insert(&bw->feedback_layer.view_list, &p->view->layer_link);
		p->surface->is_mapped = true;
		p->view->is_mapped = true;
		p->shown = true;
	}
	weston_view_geometry_dirty(p->view);
	weston_surface_damage(p->surface);
	weston_compositor_schedule_repaint(bw->ec);
}

static void bw_panel_progress(struct bw *bw, uint32_t output_id, const char *gesture, uint32_t edge,
		       double progress)
{
	int i = bezel_demo_edge_index(edge);
	struct weston_output *w = bw_output_by_id(bw, output_id);
	if (!bw->cfg.panels || !w || i < 0)
		return;
	struct bezel_demo_box b = bezel_demo_panel_box(edge, progress, w->width, w->height);
	bw->panel_output[i] = output_id;
	place(bw, &bw->edge_panel[i], gesture_colour(gesture), w->x + b.x, w->y + b.y, b.width, b.height);
}

static void bw_panel_finish(struct bw *bw, const char *gesture, uint32_t edge, bool committed)
{
	int i = bezel_demo_edge_index(edge);
	if (!bw->cfg.panels || i < 0)
		return;
	if (committed) {
		bw_panel_progress(bw, bw->panel_output[i], gesture, edge, 1.0);
		bw->edge_panel[i].open = true;
	} else {
		hide(bw, &bw->edge_panel[i]);
	}
}

/*
 * Multi-finger gestures (docs/design.md §4.5) belong to no edge: a box in the middle of the output
 * stands in for an overview or a workspace switcher. It grows with the progress and, once
 * committed, stays until the next touch-down, like the edge panels.
 */
static void bw_indicator_progress(struct bw *bw, uint32_t output_id, const char *gesture, double progress)
{
	struct weston_output *w = bw_output_by_id(bw, output_id);
	if (!bw->cfg.panels || !w)
		return;
	struct bezel_demo_box b = bezel_demo_indicator_box(progress, w->width, w->height);
	bw->indicator_output = output_id;
	place(bw, &bw->indicator, gesture_colour(gesture), w->x + b.x, w->y + b.y, b.width, b.height);
}

static void bw_indicator_finish(struct bw *bw, const char *gesture, bool committed)
{
	if (!bw->cfg.panels)
		return;
	if (committed) {
		bw_indicator_progress(bw, bw->indicator_output, gesture, 1.0);
		bw->indicator.open = true;
	} else {
		hide(bw, &bw->indicator);
	}
}

/* A touch-down dismisses the panels of committed gestures (a plain stand-in for a shell). */
void bw_panels_dismiss_open(struct bw *bw)
{
	for (int i = 0; i < 4; i++)
		if (bw->edge_panel[i].open)
			hide(bw, &bw->edge_panel[i]);
	if (bw->indicator.open)
		hide(bw, &bw->indicator);
}

static void bw_affordance_show(struct bw *bw, uint32_t output_id, uint32_t edge, bool show)
{
	int i = bezel_demo_edge_index(edge);
	if (!bw->cfg.panels || i < 0)
		return;
	struct bw_panel *bar = &bw->affordance[i];
	struct weston_output *w = bw_output_by_id(bw, output_id);
	if (!show || !w) {
		hide(bw, bar);
		return;
	}
	struct bezel_demo_box b = bezel_demo_affordance_box(edge, w->width, w->height);
	struct rgba c = { 0.92f, 0.92f, 0.95f, 0.85f };
	place(bw, bar, c, w->x + b.x, w->y + b.y, b.width, b.height);
}

/* ---- what the plugin tells about gestures (host interface version 2) ---- */

static const char *const phase_names[] = { "began", "changed", "ended", "cancelled", "failed" };

/* Multi-finger gestures (docs/design.md §4.5): a box in the middle of the output. */
static void on_multi_finger(struct bw *bw, const struct bezel_gesture_event *e)
{
	switch (e->phase) {
	case BEZEL_GESTURE_BEGAN:
		/* A hold has no travel to follow: it shows whole as soon as it begins. */
		bw_indicator_progress(bw, e->output_id, e->gesture,
				      e->kind == BEZEL_GESTURE_KIND_HOLD ? 1.0 : 0.0);
		break;
	case BEZEL_GESTURE_CHANGED:
		bw_indicator_progress(bw, e->output_id, e->gesture, e->progress);
		return;
	case BEZEL_GESTURE_ENDED:
		bw_indicator_finish(bw, e->gesture, e->committed);
		break;
	case BEZEL_GESTURE_CANCELLED:
		bw_indicator_finish(bw, e->gesture, false);
		break;
	default:
		return;
	}
	weston_log("bezel: %s %s (%u fingers, output %u)\n", e->gesture, phase_names[e->phase],
		   e->fingers, e->output_id);
}

static void on_gesture(void *data, const struct bezel_gesture_event *e)
{
	struct bw *bw = data;
	if (e->app_handled) {
		/* The app shows this one (R10): no panel of ours. */
		if (e->phase != BEZEL_GESTURE_CHANGED)
			weston_log("bezel: %s %s (edge %u, output %u), handled by the app\n", e->gesture,
				   phase_names[e->phase], e->edge, e->output_id);
		return;
	}
	if (e->kind != BEZEL_GESTURE_KIND_EDGE) {
		on_multi_finger(bw, e);
		return;
	}
	switch (e->phase) {
	case BEZEL_GESTURE_CHANGED:
		bw_panel_progress(bw, e->output_id, e->gesture, e->edge, e->progress);
		return;
	case BEZEL_GESTURE_BEGAN:
		bw_panel_progress(bw, e->output_id, e->gesture, e->edge, 0);
		break;
	case BEZEL_GESTURE_ENDED:
		bw_panel_finish(bw, e->gesture, e->edge, e->committed);
		break;
	case BEZEL_GESTURE_CANCELLED:
		bw_panel_finish(bw, e->gesture, e->edge, false);
		break;
	default:
		return;
	}
	weston_log("bezel: %s %s (edge %u, output %u)\n", e->gesture, phase_names[e->phase],
		   e->edge, e->output_id);
}

static void on_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown)
{
	bw_affordance_show(data, output_id, edge, shown);
}

void bw_panels_wire(struct bezel_host_interface *host)
{
	host->gesture_event = on_gesture;
	host->affordance = on_affordance;
}

void bw_panels_init(struct bw *bw)
{
	/* Above full-screen apps, below the lock screen and the cursor. */
	weston_layer_init(&bw->feedback_layer, bw->ec);
	weston_layer_set_position(&bw->feedback_layer, WESTON_LAYER_POSITION_TOP_UI);
}

void bw_panels_fini(struct bw *bw)
{
	for (int i = 0; i < 4; i++) {
		/* the indicator rides along with edge index 0 */
		struct bw_panel *ps[3] = { &bw->edge_panel[i], &bw->affordance[i],
					   i == 0 ? &bw->indicator : NULL };
		for (int k = 0; k < 3; k++) {
			if (!ps[k])
				continue;
			if (ps[k]->shown)
				weston_layer_entry_remove(&ps[k]->view->layer_link);
			if (ps[k]->surface)
				weston_surface_destroy(ps[k]->surface); /* destroys its view too */
			ps[k]->surface = NULL;
			ps[k]->view = NULL;
			ps[k]->shown = false;
		}
	}
	weston_layer_fini(&bw->feedback_layer);
}
