/*
 * unmapper: a window that takes its buffer away and stays. An xdg toplevel asks for full
 * screen and maps (cage focuses it), then attaches a null buffer and commits (unmapped, not
 * destroyed) and keeps its connection until the compositor goes away. Prints, each line
 * prefixed with the CLOCK_MONOTONIC time in µs:
 *   <us> mapped      the compositor has processed the commit of its buffer
 *   <us> unmapped    the compositor has processed the null buffer's commit
 */
#include <stdio.h>
#include <wayland-client.h>

#include "client-kit.h"

int main(void)
{
	struct kit kit = { 0 };
	if (!kit_connect(&kit, 0) && !kit.display)
		return 1;
	if (!kit.compositor || !kit.shm || !kit.wm_base) {
		fprintf(stderr, "unmapper: missing globals\n");
		return 1;
	}
	struct kit_toplevel top;
	kit_toplevel_init(&kit, &top, 1080, 1920);
	xdg_toplevel_set_fullscreen(top.tl, NULL);
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		fprintf(stderr, "unmapper: no configure\n");
		return 1;
	}
	kit_commit_buffer(top.surface, kit_buffer(&kit, top.width, top.height, 0xff204060), top.width,
			  top.height);
	wl_display_roundtrip(kit.display);
	kit_say("mapped");
	/* unmapped, not destroyed: cage's focus stays on a view that has no surface to show */
	wl_surface_attach(top.surface, NULL, 0, 0);
	wl_surface_commit(top.surface);
	wl_display_roundtrip(kit.display);
	kit_say("unmapped");
	return kit_run(&kit);
}
