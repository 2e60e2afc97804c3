/*
 * bezel-demo-panels.h: where a demo shell draws what the gestures do, in one place for every
 * host (weston's module, the reference wlroots compositor, the Wayfire plugin), so that their
 * demos look alike and their tests read the same pixels.
 *
 * The demo shell is a stand-in for a real one: an edge gesture grows a panel in from its edge
 * with the reported progress (the dock from the bottom, the cover sheet or control centre from
 * the top, slide-over from a side), a multi-finger gesture grows a box in the middle of the
 * output, and an edge whose swipe went to the app shows R3's "swipe again" bar. A host draws
 * these boxes with its own views and colours; this header only says where they go.
 *
 * Header only (static inline), C and C++, no allocation. Boxes are in output-local pixels of
 * the output as the user sees it (a host adds the output's position in its layout).
 */
#ifndef BEZEL_DEMO_PANELS_H
#define BEZEL_DEMO_PANELS_H

#include <stdint.h>

#include "bezel.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A rectangle in output-local pixels; an empty one (width or height 0) shows nothing. */
struct bezel_demo_box {
	int32_t x, y, width, height;
};

/** The slot of an edge in a host's per-edge arrays: 0 top, 1 bottom, 2 left, 3 right; -1 for
 * anything that is not exactly one edge. */
static inline int bezel_demo_edge_index(uint32_t edge)
{
	switch (edge) {
	case BEZEL_EDGE_TOP: return 0;
	case BEZEL_EDGE_BOTTOM: return 1;
	case BEZEL_EDGE_LEFT: return 2;
	case BEZEL_EDGE_RIGHT: return 3;
	default: return -1;
	}
}

/* Rounds a non-negative length to whole pixels. */
static inline int32_t bezel_demo_px(double v)
{
	return (int32_t)(v + 0.5);
}

/* Progress clamped to 0..1: a gesture may report more than its travel. */
static inline double bezel_demo_clamp(double p)
{
	return p < 0 ? 0 : p > 1 ? 1 : p;
}

/** The panel of an edge gesture at `progress` on a `w` x `h` output: from the bottom a strip
 * growing to 22 % of the height (the dock), from the top a sheet growing to the whole height,
 * from a side a column growing to 40 % of the width. Empty for anything but one edge. */
static inline struct bezel_demo_box bezel_demo_panel_box(uint32_t edge, double progress, int32_t w,
							 int32_t h)
{
	double p = bezel_demo_clamp(progress);
	struct bezel_demo_box b = { 0, 0, 0, 0 };
	int32_t d;
	switch (edge) {
	case BEZEL_EDGE_BOTTOM:
		d = bezel_demo_px(0.22 * h * p);
		b.y = h - d, b.width = w, b.height = d;
		break;
	case BEZEL_EDGE_TOP:
		b.width = w, b.height = bezel_demo_px(h * p);
		break;
	case BEZEL_EDGE_LEFT:
		b.width = bezel_demo_px(0.4 * w * p), b.height = h;
		break;
	case BEZEL_EDGE_RIGHT:
		d = bezel_demo_px(0.4 * w * p);
		b.x = w - d, b.width = d, b.height = h;
		break;
	default:
		break;
	}
	return b;
}

/** The box of a multi-finger gesture (docs/design.md §4.5), which belongs to no edge: centred,
 * growing to 60 % of the width and 30 % of the height. */
static inline struct bezel_demo_box bezel_demo_indicator_box(double progress, int32_t w, int32_t h)
{
	double p = bezel_demo_clamp(progress);
	int32_t bw = bezel_demo_px(0.6 * w * p), bh = bezel_demo_px(0.3 * h * p);
	struct bezel_demo_box b = { (w - bw) / 2, (h - bh) / 2, bw, bh };
	return b;
}

/** R3's "swipe again" bar at an edge: 36 % of the output's shorter side long, a little inside
 * the edge and centred along it. Empty for anything but one edge. */
static inline struct bezel_demo_box bezel_demo_affordance_box(uint32_t edge, int32_t w, int32_t h)
{
	int32_t shorter = w < h ? w : h;
	int32_t len = (int32_t)(0.36 * shorter), thick = shorter / 110 + 2, gap = thick * 3 / 2;
	struct bezel_demo_box b = { 0, 0, 0, 0 };
	switch (edge) {
	case BEZEL_EDGE_BOTTOM: b.x = (w - len) / 2, b.y = h - gap - thick, b.width = len, b.height = thick; break;
	case BEZEL_EDGE_TOP: b.x = (w - len) / 2, b.y = gap, b.width = len, b.height = thick; break;
	case BEZEL_EDGE_LEFT: b.x = gap, b.y = (h - len) / 2, b.width = thick, b.height = len; break;
	case BEZEL_EDGE_RIGHT: b.x = w - gap - thick, b.y = (h - len) / 2, b.width = thick, b.height = len; break;
	default: break;
	}
	return b;
}

#ifdef __cplusplus
}
#endif

#endif /* BEZEL_DEMO_PANELS_H */
