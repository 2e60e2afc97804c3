/*
 * bezel-weston.so: the Bezel system-gesture plugin as a weston 10 module.
 *
 *   weston --modules=<libdir>/bezel/bezel-weston.so
 *
 * This file only wires: it creates the plugin on weston's wl_display (which advertises the
 * bezel_system_gestures_manager_v1 global) with the rooms' callbacks, starts each room (see
 * bezel-weston.h), and takes everything down again when weston destroys the compositor.
 *
 * Touches reach the module only through weston's own input path: whatever backend feeds a
 * seat (DRM's libinput, or the test rig bezel-weston-rig.so), weston calls the seat's touch
 * grab, and the module's grab (seat.c) hands each event to the plugin (input.c). The plugin
 * answers with callbacks: what to deliver to which client (deliver.c), how system gestures
 * progress (panels.c), and when to cancel a drag (drag.c). It writes the event log itself.
 */
#include <stdlib.h>

#include <weston/weston.h>

#include "bezel-weston.h"

static struct bw *bw_instance;

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

	/* Each room sets the callbacks it answers: deliveries to clients (deliver.c), gestures
	 * (panels.c), the drag to cancel (drag.c); the log lines go to weston's log (here). */
	struct bezel_host_interface host = { .version = BEZEL_HOST_INTERFACE_VERSION, .log = on_log };
	bw_deliver_wire(&host);
	bw_panels_wire(&host);
	host.cancel_drag = bw_cancel_drag;
	int r = bezel_plugin_create(ec->wl_display, &host, bw, &bw->plugin);
	if (r != BEZEL_OK) {
		weston_log("bezel: cannot create the plugin: %s\n", bezel_result_string(r));
		free(bw);
		return -1;
	}
	bw_instance = bw;
	weston_log("bezel: libbezel %s loaded\n", bezel_version_string());
	/* The plugin decides which surfaces may defer (R6), from the facts surfaces.c gives. */
	bezel_plugin_decide_policy(bw->plugin, true);
	bezel_plugin_set_region_boxes_reader(bw->plugin, bw_read_region, NULL);
	bw_config_read(bw, wet_get_config(ec));

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
