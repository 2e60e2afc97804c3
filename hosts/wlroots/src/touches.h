/*
 * touches.h: the adapter's table of fingers, one slot per finger from its down to its up or
 * cancel. Input (input.c) fills it; delivery, the grab and surfaces read it. It knows nothing
 * of the adapter's other parts, so every file can include it without including each other.
 */
#ifndef BEZEL_WLROOTS_TOUCHES_H
#define BEZEL_WLROOTS_TOUCHES_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-server-core.h>
#include <wlr/version.h>
#if WLR_VERSION_MINOR >= 16
/* wlroots 0.16 moved struct wlr_surface into wlr_compositor.h. */
#include <wlr/types/wlr_compositor.h>
#else
#include <wlr/types/wlr_surface.h>
#endif

/* Touches the adapter tracks at once; the plugin tracks 16, libinput seat slots are small. */
#define BWL_MAX_TOUCHES 32

/* One finger as the seat knows it, from its down to its up or cancel. */
struct bwl_touch {
	bool down;
	int32_t id;
	struct wlr_surface *surface; /* hit at the down (NULL: no client surface) */
	struct wl_listener surface_destroy;
	double origin_x, origin_y;   /* the surface's layout position at the down */
	uint32_t serial;             /* reserved at the seat's down; the client's down carries it */
	bool serial_used;
};

struct bwl_touches {
	struct bwl_touch slot[BWL_MAX_TOUCHES];
};

#pragma GCC visibility push(hidden)

/* The finger `id` that is down, or NULL. */
struct bwl_touch *bwl_touches_find(struct bwl_touches *tt, int32_t id);
/* A free slot for a new finger `id` (a finger `id` still down is released first: the device
 * lost its up), or NULL when every slot is taken. */
struct bwl_touch *bwl_touches_begin(struct bwl_touches *tt, int32_t id);
/* Is a finger on `s` (it may move under it, and its events are relative to it)? */
bool bwl_touches_on(const struct bwl_touches *tt, const struct wlr_surface *s);
/* Sets `surface` as the one `t` went down on, until the finger goes or the surface does. */
void bwl_touch_set_surface(struct bwl_touch *t, struct wlr_surface *surface);
void bwl_touch_release(struct bwl_touch *t);
void bwl_touches_release_all(struct bwl_touches *tt);

#pragma GCC visibility pop

#endif /* BEZEL_WLROOTS_TOUCHES_H */
