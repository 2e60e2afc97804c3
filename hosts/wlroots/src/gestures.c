/*
 * Gestures and affordances: each system gesture event becomes an event log line (docs/hosts.md
 * shapes) and a call of the compositor's `gesture` callback; the "swipe again" hint (R3) its
 * `affordance` callback.
 */
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

static const char *const phase_names[] = { "began", "changed", "ended", "cancelled", "failed" };

void bw_gesture_event(void *data, const struct bezel_gesture_event *e)
{
	struct bezel_wlr *bw = data;
	struct bw_output *o = bw_output_by_id(bw, e->output_id);
	/* Multi-finger gestures (edge 0) say which kind and how many fingers. */
	char mf[48] = "";
	if (e->kind != BEZEL_GESTURE_KIND_EDGE)
		snprintf(mf, sizeof mf, " kind=%u fingers=%u", e->kind, e->fingers);
	switch (e->phase) {
	case BEZEL_GESTURE_BEGAN:
		bw_evlog(bw, "gesture began %s edge=%u%s", e->gesture, e->edge, mf);
		break;
	case BEZEL_GESTURE_CHANGED:
		bw_evlog(bw, "gesture changed %s edge=%u travel=%.2f progress=%.3f velocity=%.1f%s",
		      e->gesture, e->edge, e->travel_mm, e->progress, e->velocity_mm_s, mf);
		break;
	case BEZEL_GESTURE_ENDED:
		bw_evlog(bw, "gesture ended %s edge=%u committed=%d%s", e->gesture, e->edge, e->committed, mf);
		break;
	case BEZEL_GESTURE_CANCELLED:
		bw_evlog(bw, "gesture cancelled %s edge=%u%s", e->gesture, e->edge, mf);
		break;
	case BEZEL_GESTURE_FAILED:
		bw_evlog(bw, "gesture failed %s edge=%u reason=%s%s", e->gesture, e->edge,
		      e->reason ? e->reason : "?", mf);
		break;
	default:
		return;
	}
	if (e->phase != BEZEL_GESTURE_CHANGED && e->phase != BEZEL_GESTURE_FAILED)
		wlr_log(WLR_INFO, "bezel: %s %s (edge %u) on %s%s", e->gesture, phase_names[e->phase],
			e->edge, o ? o->output->name : "no output",
			e->phase == BEZEL_GESTURE_ENDED ? (e->committed ? ", committed" : ", not committed") : "");
	if (!bw->iface.gesture)
		return;
	struct bezel_wlr_gesture_event ev = {
		.phase = e->phase, .output = o ? o->output : NULL, .gesture = e->gesture,
		.edge = e->edge, .travel_mm = e->travel_mm, .progress = e->progress,
		.velocity_mm_s = e->velocity_mm_s, .committed = e->committed, .reason = e->reason,
		.kind = e->kind, .fingers = e->fingers, .scale = e->scale,
	};
	bw->iface.gesture(bw->data, &ev);
}

void bw_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown)
{
	struct bezel_wlr *bw = data;
	struct bw_output *o = bw_output_by_id(bw, output_id);
	bw_evlog(bw, "affordance %s edge=%u", shown ? "shown" : "hidden", edge);
	if (bw->iface.affordance)
		bw->iface.affordance(bw->data, o ? o->output : NULL, edge, shown);
}
