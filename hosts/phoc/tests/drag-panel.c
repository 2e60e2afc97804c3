/*
 * drag-panel: a shell panel as phosh makes its home bar and top panel, for the phoc tests. A
 * zwlr_layer_surface_v1 in the top layer anchored to three edges, made draggable with
 * zphoc_layer_shell_effects_v1: folded, only its handle shows at the edge; unfolded, all of it.
 * Prints one line per event, prefixed with the CLOCK_MONOTONIC time of receipt in µs:
 *   <us> ready                       mapped, draggable and at rest folded (after phoc's first
 *                                    drag_end)
 *   <us> dragged margin=M            the compositor moved it (a drag, or its slide)
 *   <us> drag_end folded|unfolded    where it came to rest
 *   <us> down|up ...                 wl_touch events on the panel itself (phoc's own path)
 * It exits when the compositor goes away.
 *
 * With --lock it is phosh 0.46's lock screen instead: a layer surface in the overlay layer over
 * the whole output, namespace "phosh lockscreen", keyboard-exclusive, not draggable; it prints
 * "<us> locked" once mapped (phoc 0.46 locks on it: it keeps no exclusive client).
 *
 * usage: drag-panel [--edge bottom|top] [--height H] [--handle N] [--lock]
 *   --edge     the edge it is anchored to (default bottom: the home bar; top: the top panel)
 *   --height   its height in surface pixels (default 800)
 *   --handle   the part that shows when folded, and is the drag handle (default 40)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "client-kit.h"
#include "phoc-layer-shell-effects-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

static struct zwlr_layer_shell_v1 *layer_shell;
static struct zphoc_layer_shell_effects_v1 *effects;
static uint32_t width, height = 800, handle = 40;
static bool configured;

static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time,
		       struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d, (void)t, (void)serial, (void)s;
	kit_say("down id=%d x=%.1f y=%.1f time=%u", id, wl_fixed_to_double(x), wl_fixed_to_double(y), time);
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)d, (void)t, (void)serial;
	kit_say("up id=%d time=%u", id, time);
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x,
			 wl_fixed_t y)
{
	(void)d, (void)t, (void)time, (void)id, (void)x, (void)y;
}
static void touch_frame(void *d, struct wl_touch *t) { (void)d, (void)t; }
static void touch_cancel(void *d, struct wl_touch *t)
{
	(void)d, (void)t;
	kit_say("cancel");
}
static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, NULL, NULL,
};

static void configure(void *d, struct zwlr_layer_surface_v1 *ls, uint32_t serial, uint32_t w,
		      uint32_t h)
{
	(void)d;
	width = w;
	if (h)
		height = h;
	zwlr_layer_surface_v1_ack_configure(ls, serial);
	configured = true;
}
static void closed(void *d, struct zwlr_layer_surface_v1 *ls) { (void)d, (void)ls; exit(0); }
static const struct zwlr_layer_surface_v1_listener layer_listener = { configure, closed };

static void dragged(void *d, struct zphoc_draggable_layer_surface_v1 *ds, int32_t margin)
{
	(void)d, (void)ds;
	kit_say("dragged margin=%d", margin);
}
static bool ended; /* a drag_end came */
static void drag_end(void *d, struct zphoc_draggable_layer_surface_v1 *ds, uint32_t state)
{
	(void)d, (void)ds;
	ended = true;
	kit_say("drag_end %s", state == ZPHOC_DRAGGABLE_LAYER_SURFACE_V1_DRAG_END_STATE_UNFOLDED ? "unfolded" : "folded");
}
static const struct zphoc_draggable_layer_surface_v1_listener drag_listener = { dragged, drag_end };

/* --first-output: the panel goes on the first output the compositor announces, not where the
 * compositor would put it. */
static struct wl_output *first_output;
static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)data;
	(void)version;
	if (!first_output && !strcmp(iface, wl_output_interface.name))
		first_output = wl_registry_bind(r, name, &wl_output_interface, 1);
}
static void registry_global_remove(void *data, struct wl_registry *r, uint32_t name)
{
	(void)data;
	(void)r;
	(void)name;
}
static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

/* --lock: phosh's lock screen as phosh 0.46 makes it (lockscreen.c: overlay, all four edges,
 * keyboard interactive, exclusive zone -1). */
static int lock_screen(struct kit *kit)
{
	struct wl_surface *surface = wl_compositor_create_surface(kit->compositor);
	struct zwlr_layer_surface_v1 *ls = zwlr_layer_shell_v1_get_layer_surface(
		layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "phosh lockscreen");
	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, NULL);
	zwlr_layer_surface_v1_set_anchor(ls, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM |
						 ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, -1);
	zwlr_layer_surface_v1_set_keyboard_interactivity(ls, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE);
	wl_surface_commit(surface);
	if (!kit_dispatch_until(kit, &configured, KIT_CONFIGURE_MS) || !configured || !width) {
		fprintf(stderr, "drag-panel: no configure of the lock screen\n");
		return 1;
	}
	kit_commit_buffer(surface, kit_buffer(kit, (int)width, (int)height, 0xff202020), (int)width, (int)height);
	wl_display_roundtrip(kit->display);
	kit_say("locked");
	return kit_run(kit);
}

int main(int argc, char **argv)
{
	bool top = false, on_first = false, lock = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--edge") && i + 1 < argc)
			top = !strcmp(argv[++i], "top");
		else if (!strcmp(argv[i], "--height") && i + 1 < argc)
			height = (uint32_t)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--handle") && i + 1 < argc)
			handle = (uint32_t)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--first-output"))
			on_first = true;
		else if (!strcmp(argv[i], "--lock"))
			lock = true;
		else {
			fprintf(stderr, "usage: %s [--edge bottom|top] [--height H] [--handle N] [--first-output] [--lock]\n", argv[0]);
			return 2;
		}
	}
	static const struct kit_global extra[] = {
		{ &zwlr_layer_shell_v1_interface, 4, &layer_shell },
		{ &zphoc_layer_shell_effects_v1_interface, 1, &effects },
		{ NULL, 0, NULL },
	};
	struct kit kit = { .extra = extra, .touch_listener = &touch_listener };
	if (!kit_connect(&kit, 0) && !kit.display) {
		fprintf(stderr, "drag-panel: cannot connect\n");
		return 1;
	}
	if (lock && kit.compositor && kit.shm && layer_shell)
		return lock_screen(&kit);
	if (!kit.compositor || !kit.shm || !layer_shell || !effects) {
		fprintf(stderr, "drag-panel: missing wl_compositor, wl_shm, zwlr_layer_shell_v1 or zphoc_layer_shell_effects_v1\n");
		return 1;
	}
	if (on_first) {
		struct wl_registry *r = wl_display_get_registry(kit.display);
		wl_registry_add_listener(r, &registry_listener, NULL);
		wl_display_roundtrip(kit.display);
		if (!first_output) {
			fprintf(stderr, "drag-panel: no wl_output\n");
			return 1;
		}
	}
	struct wl_surface *surface = wl_compositor_create_surface(kit.compositor);
	struct zwlr_layer_surface_v1 *ls = zwlr_layer_shell_v1_get_layer_surface(
		layer_shell, surface, first_output, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "bezel-test-panel");
	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, NULL);
	uint32_t edge = top ? ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP : ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
	zwlr_layer_surface_v1_set_anchor(ls, edge | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
						 ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	zwlr_layer_surface_v1_set_size(ls, 0, height);
	int32_t folded = -(int32_t)(height - handle);
	if (top)
		zwlr_layer_surface_v1_set_margin(ls, folded, 0, 0, 0);
	else
		zwlr_layer_surface_v1_set_margin(ls, 0, 0, folded, 0);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, (int32_t)handle);
	wl_surface_commit(surface);
	if (!kit_dispatch_until(&kit, &configured, KIT_CONFIGURE_MS) || !configured) {
		fprintf(stderr, "drag-panel: no configure\n");
		return 1;
	}
	int w = width ? (int)width : 1;
	kit_commit_buffer(surface, kit_buffer(&kit, w, (int)height, 0xff3070c0), w, (int)height);
	wl_display_roundtrip(kit.display);
	/* As phosh does: margins, exclusive zone, threshold, the handle. */
	struct zphoc_draggable_layer_surface_v1 *ds =
		zphoc_layer_shell_effects_v1_get_draggable_layer_surface(effects, ls);
	zphoc_draggable_layer_surface_v1_add_listener(ds, &drag_listener, NULL);
	zphoc_draggable_layer_surface_v1_set_margins(ds, folded, 0);
	zphoc_draggable_layer_surface_v1_set_exclusive(ds, handle);
	zphoc_draggable_layer_surface_v1_set_threshold(ds, wl_fixed_from_double(0.5));
	zphoc_draggable_layer_surface_v1_set_drag_mode(ds, ZPHOC_DRAGGABLE_LAYER_SURFACE_V1_DRAG_MODE_HANDLE);
	zphoc_draggable_layer_surface_v1_set_drag_handle(ds, handle);
	wl_surface_commit(surface);
	/* phoc slides a new draggable surface to its folded margin first, and says so: ready
	 * after that end, so that the tests' drag_end lines are the drags' own. */
	if (!kit_dispatch_until(&kit, &ended, KIT_CONFIGURE_MS) || !ended) {
		fprintf(stderr, "drag-panel: no first drag_end\n");
		return 1;
	}
	wl_display_roundtrip(kit.display);
	kit_say("ready");
	return kit_run(&kit);
}
