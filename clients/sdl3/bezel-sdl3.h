/*
 * bezel-sdl3.h: defer a touchscreen's system edge gestures to an SDL 3 window on Wayland, and
 * take the back gesture. Header only, on libbezel-client (SDL 3.2):
 *
 *   cc app.c $(pkg-config --cflags --libs bezel-client sdl3)
 *
 *   SDL_Window *w = SDL_CreateWindow("app", 0, 0, SDL_WINDOW_FULLSCREEN);
 *   SDL_Renderer *r = SDL_CreateRenderer(w, NULL);   // first: it may replace the surface
 *   if (!bezel_sdl_window_defer_edges(w, BEZEL_CLIENT_EDGE_BOTTOM)) SDL_Log("%s", SDL_GetError());
 *   SDL_Rect board = { 0, 200, 1080, 1720 };               // optional (protocol version 3):
 *   bezel_sdl_window_set_deferred_region(w, &board, 1);   // the bottom edge over the board only
 *   ...
 *   if (e.type == bezel_sdl_deferred_swipe_event()) ... e.user.code is the edge
 *
 * SDL 3 hands out the window's wl_surface and wl_display as window properties
 * (SDL_PROP_WINDOW_WAYLAND_SURFACE_POINTER); the window's protocol object is kept as one more
 * property, so SDL_DestroyWindow drops it.
 *
 * What the compositor tells arrives as SDL user events (types registered with
 * SDL_RegisterEvents on first use), with user.windowID set and user.code holding:
 *   bezel_sdl_deferred_swipe_event()  the edge of a swipe that stayed with the app;
 *   bezel_sdl_gesture_taken_event()   the edge whose system gesture took the app's touches (0:
 *                                     a multi-finger gesture);
 *   bezel_sdl_honored_edges_event()   the edges honoured now.
 * The back gesture (protocol version 4), once bezel_sdl_window_set_back_handling(w, true)
 * returned true: the app shows where back leads while the finger moves, and the compositor
 * takes no back action of its own. Events, in this order for each gesture:
 *   bezel_sdl_back_began_event()      user.code is the edge; bezel_sdl_back_x(&e) and
 *                                     bezel_sdl_back_y(&e) the touch, in surface pixels;
 *   bezel_sdl_back_changed_event()    bezel_sdl_back_progress(&e) from 0 to 1 (far enough to
 *                                     go back when lifted), bezel_sdl_back_x/y as above;
 *   bezel_sdl_back_invoked_event()    go back; or
 *   bezel_sdl_back_cancelled_event()  stay where the app was;
 *   bezel_sdl_back_edges_event()      (any time) user.code: the edges with a back gesture.
 *
 * Functions return true, or false with SDL_GetError() saying why (SDL 3's convention): off
 * Wayland (SDL_VIDEODRIVER=x11, or no Wayland display) and without Bezel the app runs as before.
 * Everything here is static: include this header in one source file.
 */
#ifndef BEZEL_SDL3_H
#define BEZEL_SDL3_H

#include <SDL3/SDL.h>
#include <bezel-client.h>

#define BEZEL_SDL_WINDOW_PROPERTY "bezel.gestures"
/* What SDL 3's SDL_RegisterEvents returns when no user event types are left. */
#define BEZEL_SDL_NO_EVENT 0u
#include "bezel-sdl-events.h"
#include "bezel-sdl-region.h"

/* The property's cleanup: at SDL_DestroyWindow, or when the property is cleared. */
static inline void SDLCALL bezel_sdl_window_free(void *userdata, void *value)
{
	(void)userdata;
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)value;
	bezel_client_surface_destroy(w->surface);
	SDL_free(w);
}

/* The window's state, made on first use; NULL (with SDL_SetError) when it cannot be. */
static inline struct bezel_sdl_window *bezel_sdl_window_state(SDL_Window *window)
{
	SDL_PropertiesID props = SDL_GetWindowProperties(window);
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)SDL_GetPointerProperty(props, BEZEL_SDL_WINDOW_PROPERTY, NULL);
	if (w)
		return w;
	struct wl_display *display = (struct wl_display *)SDL_GetPointerProperty(props, SDL_PROP_WINDOW_WAYLAND_DISPLAY_POINTER, NULL);
	struct wl_surface *surface = (struct wl_surface *)SDL_GetPointerProperty(props, SDL_PROP_WINDOW_WAYLAND_SURFACE_POINTER, NULL);
	if (!display || !surface) {
		SDL_SetError("bezel-sdl3: not a Wayland window (video driver %s)", SDL_GetCurrentVideoDriver());
		return NULL;
	}
	if (!bezel_sdl_state.client) {
		bezel_sdl_state.client = bezel_client_create(display, 0);
		bezel_sdl_state.display = display;
	}
	if (!bezel_sdl_state.client || bezel_sdl_state.display != display) {
		SDL_SetError("bezel-sdl3: the compositor has no bezel_system_gestures_manager_v1");
		return NULL;
	}
	w = (struct bezel_sdl_window *)SDL_calloc(1, sizeof *w);
	if (!w)
		return NULL; /* SDL_calloc set the error */
	w->window_id = SDL_GetWindowID(window);
	bezel_sdl_event_base();
	w->surface = bezel_client_surface_create(bezel_sdl_state.client, surface, &bezel_sdl_listener, w);
	if (!w->surface) {
		SDL_free(w);
		SDL_OutOfMemory();
		return NULL;
	}
	bezel_client_surface_set_back_listener(w->surface, &bezel_sdl_back_listener, w);
	SDL_SetPointerPropertyWithCleanup(props, BEZEL_SDL_WINDOW_PROPERTY, w, bezel_sdl_window_free, NULL);
	return w;
}

/*
 * Asks that the system gestures on EDGES (BEZEL_CLIENT_EDGE_* bits) be deferred to WINDOW.
 * The surface is committed at once.
 */
static inline bool bezel_sdl_window_defer_edges(SDL_Window *window, Uint32 edges)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return false;
	if (bezel_client_surface_set_deferred_edges(w->surface, edges) != 0)
		return SDL_SetError("bezel-sdl3: edges 0x%x name no edge", (unsigned)edges);
	return true;
}

/* The same for multi-finger gesture kinds (BEZEL_CLIENT_GESTURE_* bits; protocol version 2). */
static inline bool bezel_sdl_window_defer_gestures(SDL_Window *window, Uint32 kinds)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return false;
	int rc = bezel_client_surface_set_deferred_gestures(w->surface, kinds);
	if (rc == BEZEL_CLIENT_ENOTSUP)
		return SDL_SetError("bezel-sdl3: the compositor speaks protocol version 1 only");
	if (rc != 0)
		return SDL_SetError("bezel-sdl3: kinds 0x%x name no gesture kind", (unsigned)kinds);
	return true;
}

/*
 * Limits the deferred edges to RECTS (COUNT rectangles in WINDOW's coordinates; COUNT 0: the
 * whole window), protocol version 3: a swipe from a deferred edge that starts inside stays with
 * the app, one beside it is the system's. The surface is committed at once. Below version 3
 * nothing is sent (false): the edges stay deferred over the whole window.
 */
static inline bool bezel_sdl_window_set_deferred_region(SDL_Window *window, const SDL_Rect *rects, int count)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return false;
	int rc = bezel_sdl_send_region(w, rects, count);
	if (rc == BEZEL_CLIENT_ENOTSUP)
		return SDL_SetError("bezel-sdl3: the compositor speaks protocol version %u; a deferred region needs 3",
			(unsigned)bezel_client_get_version(bezel_sdl_state.client));
	if (rc == BEZEL_CLIENT_EINVAL)
		return SDL_SetError("bezel-sdl3: %d rectangles", count);
	if (rc != 0)
		return SDL_SetError("bezel-sdl3: no wl_region (the display has no wl_compositor)");
	return true;
}

/*
 * Turns WINDOW's back handling on or off (protocol version 4); the surface is committed at
 * once. Below version 4 nothing is sent (false): the compositor keeps the back gesture.
 */
static inline bool bezel_sdl_window_set_back_handling(SDL_Window *window, bool enabled)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return false;
	if (bezel_client_surface_set_back_handling(w->surface, enabled) != 0)
		return SDL_SetError("bezel-sdl3: the compositor speaks protocol version %u; the back gesture needs 4",
			(unsigned)bezel_client_get_version(bezel_sdl_state.client));
	return true;
}

/* The edges honoured now (0 before the compositor said, or without Bezel). */
static inline Uint32 bezel_sdl_window_get_honored_edges(SDL_Window *window)
{
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)SDL_GetPointerProperty(
		SDL_GetWindowProperties(window), BEZEL_SDL_WINDOW_PROPERTY, NULL);
	return w ? bezel_client_surface_get_honored_edges(w->surface) : 0;
}

/* Drops the window's protocol object before the window goes (SDL_DestroyWindow does too). */
static inline void bezel_sdl_window_forget(SDL_Window *window)
{
	SDL_ClearProperty(SDL_GetWindowProperties(window), BEZEL_SDL_WINDOW_PROPERTY);
}

#endif
