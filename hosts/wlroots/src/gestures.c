/*
 * Gestures and affordances: each system gesture event becomes a call of the compositor's
 * `gesture` callback (with its wlr_output); the "swipe again" hint (R3) its `affordance`
 * callback. (The plugin writes their event-log lines.)
 */
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

static const char *const phase_names[] = { "began", "changed", "ended", "cancelled", "failed" };

void bwl_gesture_event(void *data, const struct bezel_gesture_event *e)
{
	struct bezel_wlr *bw = data;
	struct bwl_output *o = bwl_output_by_id(bw, e->output_id);
	if (e->phase > BEZEL_GESTURE_FAILED)
		return;
	if (e->phase != BEZEL_GESTURE_CHANGED && e->phase != BEZEL_GESTURE_FAILED)
		wlr_log(WLR_INFO, "bezel: %s %s (edge %u) on %s%s%s", e->gesture, phase_names[e->phase],
			e->edge, o ? o->output->name : "no output",
			e->phase == BEZEL_GESTURE_ENDED ? (e->committed ? ", committed" : ", not committed") : "",
			e->app_handled ? ", handled by the app" : "");
	/* Before interface version 3 the compositor cannot tell the app's gesture from its own. */
	if (!bw->iface.gesture || (e->app_handled && bw->iface.version < 3))
		return;
	struct bezel_wlr_gesture_event ev = {
		.phase = e->phase, .output = o ? o->output : NULL, .gesture = e->gesture,
		.edge = e->edge, .travel_mm = e->travel_mm, .progress = e->progress,
		.velocity_mm_s = e->velocity_mm_s, .committed = e->committed, .reason = e->reason,
		.kind = e->kind, .fingers = e->fingers, .scale = e->scale,
		.app_handled = e->app_handled,
	};
	bw->iface.gesture(bw->data, &ev);
}

void bwl_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown)
{
	struct bezel_wlr *bw = data;
	struct bwl_output *o = bwl_output_by_id(bw, output_id);
	if (bw->iface.affordance)
		bw->iface.affordance(bw->data, o ? o->output : NULL, edge, shown);
}
