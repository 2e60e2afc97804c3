/*
 * panels.c: bezel-compositor's demo shell, solid-colour scene rects that show what the
 * gestures do, where bezel-demo-panels.h says (the same places as weston's and Wayfire's).
 *
 * An edge gesture grows its panel in from the edge with the reported progress, on the output
 * it happens on; a multi-finger gesture grows a box in the middle; an edge whose swipe went to
 * the app shows R3's "swipe again" bar. A committed gesture leaves its panel open until the
 * next touch-down; an abandoned or cancelled one removes it. The rects live in a tree above
 * the apps that surface_at never looks in, so they change nothing about routing. A real shell
 * would draw its dock from the same two adapter callbacks (gesture, affordance).
 */
#include <string.h>

#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>

#include "bezel-demo-panels.h"
#include "compositor.h"

static void gesture_colour(const char *g, float c[4])
{
	float dock[4] = { 0.60f, 0.64f, 0.72f, 0.92f }, cover[4] = { 0.09f, 0.28f, 0.52f, 0.95f },
	      other[4] = { 0.30f, 0.30f, 0.36f, 0.95f };
	const float *src = !strcmp(g, "dock") ? dock : !strcmp(g, "cover_sheet") ? cover : other;
	for (int i = 0; i < 4; i++)
		c[i] = src[i] * (i < 3 ? src[3] : 1); /* scene colours are premultiplied */
}

/* Shows `*r` (created on first use) at output-local box `b` of `out`; an empty box hides it. */
static void rect_place(struct server *s, struct wlr_scene_rect **r, const float c[4],
		       struct wlr_output *out, struct bezel_demo_box b)
{
	struct wlr_box where, *box = output_box(s, out, &where) ? &where : NULL;
	if (!box || b.width <= 0 || b.height <= 0) {
		if (*r)
			wlr_scene_node_set_enabled(&(*r)->node, false);
		return;
	}
	if (!*r)
		*r = wlr_scene_rect_create(SCENE_PARENT(s->panels.tree), b.width, b.height, c);
	if (!*r)
		return;
	wlr_scene_rect_set_color(*r, c);
	wlr_scene_rect_set_size(*r, b.width, b.height);
	wlr_scene_node_set_position(&(*r)->node, box->x + b.x, box->y + b.y);
	wlr_scene_node_set_enabled(&(*r)->node, true);
}

static void rect_hide(struct wlr_scene_rect *r)
{
	if (r)
		wlr_scene_node_set_enabled(&r->node, false);
}

static void panel_progress(struct server *s, struct wlr_output *out, const char *g, uint32_t edge,
			   double progress)
{
	int i = bezel_demo_edge_index(edge);
	struct wlr_box where, *box = output_box(s, out, &where) ? &where : NULL;
	if (i < 0 || !box)
		return;
	float c[4];
	gesture_colour(g, c);
	rect_place(s, &s->panels.edge[i], c, out,
		   bezel_demo_panel_box(edge, progress, box->width, box->height));
}

static void indicator_progress(struct server *s, struct wlr_output *out, const char *g,
			       double progress)
{
	struct wlr_box where, *box = output_box(s, out, &where) ? &where : NULL;
	if (!box)
		return;
	float c[4];
	gesture_colour(g, c);
	rect_place(s, &s->panels.indicator, c, out,
		   bezel_demo_indicator_box(progress, box->width, box->height));
}

/* Multi-finger gestures (docs/design.md §4.5) belong to no edge: the box in the middle stands
 * in for an overview or a workspace switcher. */
static void on_multi_finger(struct server *s, const struct bezel_wlr_gesture_event *ev)
{
	struct panels *p = &s->panels;
	switch (ev->phase) {
	case BEZEL_WLR_GESTURE_BEGAN:
		/* A hold has no travel to follow: it shows whole as soon as it begins. */
		indicator_progress(s, ev->output, ev->gesture, ev->kind == BEZEL_GESTURE_KIND_HOLD ? 1 : 0);
		break;
	case BEZEL_WLR_GESTURE_CHANGED:
		indicator_progress(s, ev->output, ev->gesture, ev->progress);
		break;
	case BEZEL_WLR_GESTURE_ENDED:
		if (ev->committed) {
			indicator_progress(s, ev->output, ev->gesture, 1.0);
			p->indicator_open = true;
		} else {
			p->indicator_open = false;
			rect_hide(p->indicator);
		}
		break;
	case BEZEL_WLR_GESTURE_CANCELLED:
		p->indicator_open = false;
		rect_hide(p->indicator);
		break;
	default:
		break;
	}
}

void panels_gesture(void *data, const struct bezel_wlr_gesture_event *ev)
{
	struct server *s = data;
	struct panels *p = &s->panels;
	/* A gesture the app shows (R10) gets no panel of ours. */
	if (!p->enabled || ev->app_handled)
		return;
	if (ev->kind != BEZEL_GESTURE_KIND_EDGE) {
		on_multi_finger(s, ev);
		return;
	}
	int i = bezel_demo_edge_index(ev->edge);
	if (i < 0)
		return;
	switch (ev->phase) {
	case BEZEL_WLR_GESTURE_BEGAN:
		panel_progress(s, ev->output, ev->gesture, ev->edge, 0);
		break;
	case BEZEL_WLR_GESTURE_CHANGED:
		panel_progress(s, ev->output, ev->gesture, ev->edge, ev->progress);
		break;
	case BEZEL_WLR_GESTURE_ENDED:
		if (ev->committed) {
			/* Stays open until the next touch-down (a stand-in for a shell). */
			panel_progress(s, ev->output, ev->gesture, ev->edge, 1.0);
			p->open[i] = true;
		} else {
			p->open[i] = false;
			rect_hide(p->edge[i]);
		}
		break;
	case BEZEL_WLR_GESTURE_CANCELLED:
		p->open[i] = false;
		rect_hide(p->edge[i]);
		break;
	default:
		break;
	}
}

void panels_affordance(void *data, struct wlr_output *out, uint32_t edge, bool shown)
{
	struct server *s = data;
	int i = bezel_demo_edge_index(edge);
	struct wlr_box where, *box = output_box(s, out, &where) ? &where : NULL;
	if (!s->panels.enabled || i < 0 || !box)
		return;
	if (!shown) {
		rect_hide(s->panels.affordance[i]);
		return;
	}
	float c[4] = { 0.92f * 0.85f, 0.92f * 0.85f, 0.95f * 0.85f, 0.85f };
	rect_place(s, &s->panels.affordance[i], c, out,
		   bezel_demo_affordance_box(edge, box->width, box->height));
}

void panels_dismiss(struct server *s)
{
	struct panels *p = &s->panels;
	for (int i = 0; i < 4; i++)
		if (p->open[i]) {
			p->open[i] = false;
			rect_hide(p->edge[i]);
		}
	if (p->indicator_open) {
		p->indicator_open = false;
		rect_hide(p->indicator);
	}
}
