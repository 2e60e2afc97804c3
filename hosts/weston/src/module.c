/*
 * bezel-weston.so: the Bezel system-gesture plugin as a weston 10 module.
 *
 *   weston --modules=<libdir>/bezel/bezel-weston.so
 *
 * This file loads the module: it creates the plugin on weston's wl_display (which advertises
 * the bezel_system_gestures_manager_v1 global), gives it the callbacks below, starts each room
 * (see bezel-weston.h), and takes everything down again when weston destroys the compositor.
 *
 * Touches reach the module only through weston's own input path: whatever backend feeds a
 * seat (DRM's libinput, or the test rig bezel-weston-rig.so), weston calls the seat's touch
 * grab, and the module's grab (seat.c) hands each event to the plugin. The plugin answers with
 * callbacks: what to deliver to which client (seat.c), how system gestures progress (here, to
 * the event log and the panels), and when to cancel a drag (drag.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <weston/weston.h>

#include "bezel-weston.h"

static struct bw *bw_instance;

/* ---- time and the event log ---- */

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint32_t bw_ts_msec(const struct timespec *ts)
{
	return (uint32_t)((uint64_t)ts->tv_sec * 1000u + (uint64_t)ts->tv_nsec / 1000000u);
}

uint32_t bw_now_msec(void)
{
	return (uint32_t)(now_usec() / 1000u);
}

/* One line per event for tests and latency figures, prefixed by CLOCK_MONOTONIC µs. The line
 * shapes are shared by every host (docs/hosts.md). */
void bw_evlog(struct bw *bw, const char *fmt, ...)
{
	if (!bw->event_log)
		return;
	va_list ap;
	fprintf(bw->event_log, "%llu ", (unsigned long long)now_usec());
	va_start(ap, fmt);
	vfprintf(bw->event_log, fmt, ap);
	va_end(ap);
	fputc('\n', bw->event_log);
	fflush(bw->event_log);
}

/* ---- what the plugin tells the host about gestures (host interface version 2) ---- */

static const char *const phase_names[] = { "began", "changed", "ended", "cancelled", "failed" };

/* Multi-finger gestures (DESIGN §4.5): no edge; the log says the kind and finger count. */
static void on_multi_finger(struct bw *bw, const struct bezel_gesture_event *e)
{
	switch (e->phase) {
	case BEZEL_GESTURE_BEGAN:
		bw_evlog(bw, "gesture began %s edge=0 kind=%u fingers=%u output=%u", e->gesture,
			 e->kind, e->fingers, e->output_id);
		/* A hold has no travel to follow: it shows whole as soon as it begins. */
		bw_indicator_progress(bw, e->output_id, e->gesture,
				      e->kind == BEZEL_GESTURE_KIND_HOLD ? 1.0 : 0.0);
		break;
	case BEZEL_GESTURE_CHANGED:
		bw_evlog(bw, "gesture changed %s edge=0 travel=%.2f progress=%.3f velocity=%.1f "
			 "scale=%.3f kind=%u fingers=%u output=%u", e->gesture, e->travel_mm,
			 e->progress, e->velocity_mm_s, e->scale, e->kind, e->fingers, e->output_id);
		bw_indicator_progress(bw, e->output_id, e->gesture, e->progress);
		return;
	case BEZEL_GESTURE_ENDED:
		bw_evlog(bw, "gesture ended %s edge=0 committed=%d kind=%u fingers=%u output=%u",
			 e->gesture, e->committed, e->kind, e->fingers, e->output_id);
		bw_indicator_finish(bw, e->gesture, e->committed);
		break;
	case BEZEL_GESTURE_CANCELLED:
		bw_evlog(bw, "gesture cancelled %s edge=0 kind=%u fingers=%u output=%u", e->gesture,
			 e->kind, e->fingers, e->output_id);
		bw_indicator_finish(bw, e->gesture, false);
		break;
	case BEZEL_GESTURE_FAILED:
		bw_evlog(bw, "gesture failed %s edge=0 reason=%s kind=%u fingers=%u output=%u",
			 e->gesture, e->reason ? e->reason : "?", e->kind, e->fingers, e->output_id);
		return;
	}
	weston_log("bezel: %s %s (%u fingers, output %u)\n", e->gesture,
		   e->phase < 5 ? phase_names[e->phase] : "?", e->fingers, e->output_id);
}

static void on_gesture(void *data, const struct bezel_gesture_event *e)
{
	struct bw *bw = data;
	if (e->kind != BEZEL_GESTURE_KIND_EDGE) {
		on_multi_finger(bw, e);
		return;
	}
	const char *phase = e->phase < 5 ? phase_names[e->phase] : "?";
	switch (e->phase) {
	case BEZEL_GESTURE_CHANGED:
		bw_evlog(bw, "gesture changed %s edge=%u travel=%.2f progress=%.3f velocity=%.1f "
			 "output=%u", e->gesture, e->edge, e->travel_mm, e->progress,
			 e->velocity_mm_s, e->output_id);
		bw_panel_progress(bw, e->output_id, e->gesture, e->edge, e->progress);
		return;
	case BEZEL_GESTURE_BEGAN:
		bw_evlog(bw, "gesture began %s edge=%u output=%u", e->gesture, e->edge, e->output_id);
		bw_panel_progress(bw, e->output_id, e->gesture, e->edge, 0);
		break;
	case BEZEL_GESTURE_ENDED:
		bw_evlog(bw, "gesture ended %s edge=%u committed=%d output=%u", e->gesture, e->edge,
			 e->committed, e->output_id);
		bw_panel_finish(bw, e->gesture, e->edge, e->committed);
		break;
	case BEZEL_GESTURE_CANCELLED:
		bw_evlog(bw, "gesture cancelled %s edge=%u output=%u", e->gesture, e->edge,
			 e->output_id);
		bw_panel_finish(bw, e->gesture, e->edge, false);
		break;
	case BEZEL_GESTURE_FAILED:
		bw_evlog(bw, "gesture failed %s edge=%u reason=%s output=%u", e->gesture, e->edge,
			 e->reason ? e->reason : "?", e->output_id);
		return;
	}
	weston_log("bezel: %s %s (edge %u, output %u)\n", e->gesture, phase, e->edge, e->output_id);
}

static void on_affordance(void *data, uint32_t output_id, uint32_t edge, bool shown)
{
	bw_evlog(data, "affordance %s edge=%u output=%u", shown ? "shown" : "hidden", edge, output_id);
	bw_affordance_show(data, output_id, edge, shown);
}

static void on_log(void *data, int level, const char *message)
{
	static const char *names[8] = { [3] = "error", [4] = "warning", [6] = "info", [7] = "debug" };
	(void)data;
	weston_log("bezel[%s]: %s\n", level >= 0 && level < 8 && names[level] ? names[level] : "?",
		   message);
}

/* ---- life cycle ---- */

/*
 * weston destroys the compositor: every room lets go of weston's objects while they still
 * exist, then the plugin is destroyed. The listener itself is removed first, so nothing of
 * the module is left on weston's signals once its memory is freed.
 */
static void compositor_destroyed(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, destroy_listener);
	(void)data;
	wl_list_remove(&bw->destroy_listener.link);
	bw_grabs_fini(bw);
	bw_seats_fini(bw);
	bw_surfaces_fini(bw);
	bw_outputs_fini(bw);
	bw_lock_fini(bw);
	bw_panels_fini(bw);
	bezel_plugin_destroy(bw->plugin);
	bw_clients_fini(bw);
	if (bw->event_log)
		fclose(bw->event_log);
	bw_config_fini(&bw->cfg);
	free(bw);
	bw_instance = NULL;
}

WL_EXPORT int wet_module_init(struct weston_compositor *ec, int *argc, char *argv[])
{
	(void)argc; (void)argv;
	if (bw_instance) {
		weston_log("bezel: module loaded twice; ignoring\n");
		return 0;
	}
	struct bw *bw = calloc(1, sizeof *bw);
	if (!bw)
		return -1;
	bw->ec = ec;
	wl_list_init(&bw->seats);
	wl_list_init(&bw->surfaces);
	wl_list_init(&bw->outputs);
	wl_list_init(&bw->clients);

	struct weston_config *config = wet_get_config(ec);
	bw_config_read(&bw->cfg, config);
	if (bw->cfg.event_log) {
		bw->event_log = fopen(bw->cfg.event_log, "ae");
		if (!bw->event_log)
			weston_log("bezel: cannot open event log %s: %s\n", bw->cfg.event_log,
				   strerror(errno));
	}

	/* Deliveries go to clients (seat.c); gestures to the log and panels (above). */
	struct bezel_host_interface host = {
		.version = BEZEL_HOST_INTERFACE_VERSION,
		.touch_down = bw_deliver_down,
		.touch_motion = bw_deliver_motion,
		.touch_up = bw_deliver_up,
		.touch_frame = bw_deliver_frame,
		.touch_cancel = bw_deliver_cancel,
		.cancel_drag = bw_cancel_drag,
		.log = on_log,
		.gesture_event = on_gesture,
		.affordance = on_affordance,
	};
	int r = bezel_plugin_create(ec->wl_display, &host, bw, &bw->plugin);
	if (r != BEZEL_OK) {
		weston_log("bezel: cannot create the plugin: %s\n", bezel_result_string(r));
		if (bw->event_log)
			fclose(bw->event_log);
		bw_config_fini(&bw->cfg);
		free(bw);
		return -1;
	}
	bw_instance = bw;
	bezel_plugin_set_log_level(bw->plugin, bw->cfg.log_level);
	weston_log("bezel: libbezel %s loaded\n", bezel_version_string());
	bw_configure_gestures(bw, config);

	bw->destroy_listener.notify = compositor_destroyed;
	wl_signal_add(&ec->destroy_signal, &bw->destroy_listener);
	bw_panels_init(bw);
	bw_outputs_init(bw);
	bw_lock_init(bw);
	bw_surfaces_init(bw);
	bw_grabs_init(bw);
	bw_seats_init(bw);
	return 0;
}
