/*
 * bezel-sdl-region.h: the deferred region (protocol version 3) that bezel-sdl2.h and
 * bezel-sdl3.h share. SDL hands out no wl_compositor, so one is bound here for wl_regions, once,
 * on a private queue (as libbezel-client binds its own global): SDL's queue never sees the
 * registry. Include bezel-sdl2.h or bezel-sdl3.h, not this (after bezel-sdl-events.h).
 */
#ifndef BEZEL_SDL_REGION_H
#define BEZEL_SDL_REGION_H

#include <string.h>
#include <wayland-client.h>
#include <bezel-client.h>

/* The wl_compositor bound on bezel_sdl_state.display (NULL until the first region). */
static struct wl_compositor *bezel_sdl_compositor_proxy;

static inline void bezel_sdl_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct wl_compositor **compositor = (struct wl_compositor **)data;
	(void)version;
	if (!*compositor && strcmp(interface, wl_compositor_interface.name) == 0)
		*compositor = (struct wl_compositor *)wl_registry_bind(registry, name, &wl_compositor_interface, 1);
}

static inline void bezel_sdl_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener bezel_sdl_registry_listener = {
	bezel_sdl_registry_global,
	bezel_sdl_registry_global_remove,
};

/* The display's wl_compositor, bound on first use; NULL when it cannot be. */
static inline struct wl_compositor *bezel_sdl_compositor(void)
{
	struct wl_display *display = bezel_sdl_state.display;
	if (bezel_sdl_compositor_proxy || !display)
		return bezel_sdl_compositor_proxy;
	struct wl_event_queue *queue = wl_display_create_queue(display);
	struct wl_display *wrapper = queue ? (struct wl_display *)wl_proxy_create_wrapper(display) : NULL;
	struct wl_registry *registry = NULL;
	struct wl_compositor *compositor = NULL;
	if (wrapper) {
		wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
		registry = wl_display_get_registry(wrapper);
	}
	if (registry) {
		wl_registry_add_listener(registry, &bezel_sdl_registry_listener, &compositor);
		wl_display_roundtrip_queue(display, queue);
		/* wl_compositor has no events; its regions' requests go out as any other's. */
		if (compositor)
			wl_proxy_set_queue((struct wl_proxy *)compositor, NULL);
		wl_registry_destroy(registry);
	}
	if (wrapper)
		wl_proxy_wrapper_destroy(wrapper);
	if (queue)
		wl_event_queue_destroy(queue);
	bezel_sdl_compositor_proxy = compositor;
	return compositor;
}

/*
 * Sends RECTS (COUNT of them, in the window's coordinates, which are its surface's; COUNT 0:
 * the whole window) as W's deferred region; the surface is committed at once. Returns 0,
 * BEZEL_CLIENT_ENOTSUP below protocol version 3 (nothing sent), BEZEL_CLIENT_EINVAL for a
 * negative COUNT or no RECTS, or -1 when no wl_region could be made.
 */
static inline int bezel_sdl_send_region(struct bezel_sdl_window *w, const SDL_Rect *rects, int count)
{
	if (count < 0 || (count > 0 && !rects))
		return BEZEL_CLIENT_EINVAL;
	if (!bezel_client_has_feature(bezel_sdl_state.client, BEZEL_CLIENT_FEATURE_REGION))
		return BEZEL_CLIENT_ENOTSUP;
	if (count == 0)
		return bezel_client_surface_set_deferred_region(w->surface, NULL);
	struct wl_compositor *compositor = bezel_sdl_compositor();
	struct wl_region *region = compositor ? wl_compositor_create_region(compositor) : NULL;
	if (!region)
		return -1;
	for (int k = 0; k < count; k++)
		wl_region_add(region, rects[k].x, rects[k].y, rects[k].w, rects[k].h);
	int rc = bezel_client_surface_set_deferred_region(w->surface, region);
	wl_region_destroy(region);
	return rc;
}

#endif
