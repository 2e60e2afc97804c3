/*
 * bezel-sdl2.h: defer a touchscreen's system edge gestures to an SDL2 window on Wayland.
 * Header only, on libbezel-client:
 *
 *   cc app.c $(pkg-config --cflags --libs bezel-client sdl2)
 *
 *   SDL_Window *w = SDL_CreateWindow(..., SDL_WINDOW_FULLSCREEN);
 *   SDL_Renderer *r = SDL_CreateRenderer(w, -1, 0);       // first: it may replace the surface
 *   bezel_sdl_window_defer_edges(w, BEZEL_CLIENT_EDGE_BOTTOM);
 *   SDL_Rect board = { 0, 200, 1080, 1720 };               // optional (protocol version 3):
 *   bezel_sdl_window_set_deferred_region(w, &board, 1);   // the bottom edge over the board only
 *   ...
 *   if (e.type == bezel_sdl_deferred_swipe_event()) ... e.user.code is the edge
 *   ...
 *   bezel_sdl_window_forget(w);                           // before SDL_DestroyWindow
 *
 * What the compositor tells arrives as SDL user events (types registered with
 * SDL_RegisterEvents on first use), with user.windowID set and user.code holding:
 *   bezel_sdl_deferred_swipe_event()  the edge of a swipe that stayed with the app;
 *   bezel_sdl_gesture_taken_event()   the edge whose system gesture took the app's touches (0:
 *                                     a multi-finger gesture). SDL 2.26 ignores
 *                                     wl_touch.cancel, so this is the app's only sign that a
 *                                     touch ended without its SDL_FINGERUP;
 *   bezel_sdl_honored_edges_event()   the edges honoured now.
 *
 * The back gesture (protocol version 4), once bezel_sdl_window_set_back_handling(w, SDL_TRUE)
 * returned 0: the app shows where back leads while the finger moves, and the compositor takes
 * no back action of its own. Events, in this order for each gesture:
 *   bezel_sdl_back_began_event()      user.code is the edge; bezel_sdl_back_x(&e) and
 *                                     bezel_sdl_back_y(&e) the touch, in surface pixels;
 *   bezel_sdl_back_changed_event()    bezel_sdl_back_progress(&e) from 0 to 1 (far enough to
 *                                     go back when lifted), bezel_sdl_back_x/y as above;
 *   bezel_sdl_back_invoked_event()    go back; or
 *   bezel_sdl_back_cancelled_event()  stay where the app was;
 *   bezel_sdl_back_edges_event()      (any time) user.code: the edges with a back gesture.
 *
 * Traps:
 *   - Only with SDL_VIDEODRIVER=wayland (under XWayland SDL has no wl_surface): the calls
 *     then return -1 and the app runs as before.
 *   - SDL_CreateRenderer and SDL_GL_CreateContext may recreate the window's surface
 *     (SDL_RecreateWindow): call bezel_sdl_window_defer_edges after them.
 *   - Everything here is static: include this header in one source file.
 */
#ifndef BEZEL_SDL2_H
#define BEZEL_SDL2_H

#include <SDL.h>
#include <SDL_syswm.h>
#include <bezel-client.h>

#define BEZEL_SDL_WINDOW_DATA "bezel-sdl2"
/* What SDL2's SDL_RegisterEvents returns when no user event types are left. */
#define BEZEL_SDL_NO_EVENT ((Uint32)-1)
#include "bezel-sdl-events.h"
#include "bezel-sdl-region.h"

/* The window's state, made on first use; NULL (with SDL_SetError) when it cannot be. */
static inline struct bezel_sdl_window *bezel_sdl_window_state(SDL_Window *window)
{
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)SDL_GetWindowData(window, BEZEL_SDL_WINDOW_DATA);
	if (w)
		return w;
	SDL_SysWMinfo info;
	SDL_VERSION(&info.version);
	if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) {
		SDL_SetError("bezel-sdl2: not a Wayland window (SDL_VIDEODRIVER=wayland)");
		return NULL;
	}
	if (!bezel_sdl_state.client) {
		bezel_sdl_state.client = bezel_client_create(info.info.wl.display, 0);
		bezel_sdl_state.display = info.info.wl.display;
	}
	if (!bezel_sdl_state.client || bezel_sdl_state.display != info.info.wl.display) {
		SDL_SetError("bezel-sdl2: the compositor has no bezel_system_gestures_manager_v1");
		return NULL;
	}
	w = (struct bezel_sdl_window *)SDL_calloc(1, sizeof *w);
	if (!w) {
		SDL_OutOfMemory();
		return NULL;
	}
	w->window_id = SDL_GetWindowID(window);
	bezel_sdl_event_base();
	w->surface = bezel_client_surface_create(bezel_sdl_state.client, info.info.wl.surface, &bezel_sdl_listener, w);
	if (!w->surface) {
		SDL_free(w);
		SDL_OutOfMemory();
		return NULL;
	}
	bezel_client_surface_set_back_listener(w->surface, &bezel_sdl_back_listener, w);
	SDL_SetWindowData(window, BEZEL_SDL_WINDOW_DATA, w);
	return w;
}

/*
 * Asks that the system gestures on EDGES (BEZEL_CLIENT_EDGE_* bits) be deferred to WINDOW.
 * The surface is committed at once. Returns 0, or -1 with SDL_GetError() saying why.
 */
static inline int bezel_sdl_window_defer_edges(SDL_Window *window, Uint32 edges)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return -1;
	if (bezel_client_surface_set_deferred_edges(w->surface, edges) != 0)
		return SDL_SetError("bezel-sdl2: edges 0x%x name no edge", (unsigned)edges);
	return 0;
}

/* The same for multi-finger gesture kinds (BEZEL_CLIENT_GESTURE_* bits; protocol version 2). */
static inline int bezel_sdl_window_defer_gestures(SDL_Window *window, Uint32 kinds)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return -1;
	int rc = bezel_client_surface_set_deferred_gestures(w->surface, kinds);
	if (rc == BEZEL_CLIENT_ENOTSUP)
		return SDL_SetError("bezel-sdl2: the compositor speaks protocol version 1 only");
	if (rc != 0)
		return SDL_SetError("bezel-sdl2: kinds 0x%x name no gesture kind", (unsigned)kinds);
	return 0;
}

/*
 * Limits the deferred edges to RECTS (COUNT rectangles in WINDOW's coordinates; COUNT 0: the
 * whole window), protocol version 3: a swipe from a deferred edge that starts inside stays with
 * the app, one beside it is the system's. The surface is committed at once. Returns 0, or -1
 * with SDL_GetError() saying why: below version 3 nothing is sent and the edges stay deferred
 * over the whole window.
 */
static inline int bezel_sdl_window_set_deferred_region(SDL_Window *window, const SDL_Rect *rects, int count)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return -1;
	int rc = bezel_sdl_send_region(w, rects, count);
	if (rc == BEZEL_CLIENT_ENOTSUP)
		return SDL_SetError("bezel-sdl2: the compositor speaks protocol version %u; a deferred region needs 3",
			(unsigned)bezel_client_get_version(bezel_sdl_state.client));
	if (rc == BEZEL_CLIENT_EINVAL)
		return SDL_SetError("bezel-sdl2: %d rectangles", count);
	if (rc != 0)
		return SDL_SetError("bezel-sdl2: no wl_region (the display has no wl_compositor)");
	return 0;
}

/*
 * Turns WINDOW's back handling on or off (protocol version 4); the surface is committed at
 * once. Returns 0, or -1 with SDL_GetError() saying why: below version 4 nothing is sent and
 * the compositor keeps the back gesture as its own.
 */
static inline int bezel_sdl_window_set_back_handling(SDL_Window *window, SDL_bool enabled)
{
	struct bezel_sdl_window *w = bezel_sdl_window_state(window);
	if (!w)
		return -1;
	if (bezel_client_surface_set_back_handling(w->surface, enabled == SDL_TRUE) != 0)
		return SDL_SetError("bezel-sdl2: the compositor speaks protocol version %u; the back gesture needs 4",
			(unsigned)bezel_client_get_version(bezel_sdl_state.client));
	return 0;
}

/* The edges honoured now (0 before the compositor said, or without Bezel). */
static inline Uint32 bezel_sdl_window_get_honored_edges(SDL_Window *window)
{
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)SDL_GetWindowData(window, BEZEL_SDL_WINDOW_DATA);
	return w ? bezel_client_surface_get_honored_edges(w->surface) : 0;
}

/* Drops the window's protocol object; call it before SDL_DestroyWindow. */
static inline void bezel_sdl_window_forget(SDL_Window *window)
{
	struct bezel_sdl_window *w = (struct bezel_sdl_window *)SDL_SetWindowData(window, BEZEL_SDL_WINDOW_DATA, NULL);
	if (!w)
		return;
	bezel_client_surface_destroy(w->surface);
	SDL_free(w);
}

#endif
