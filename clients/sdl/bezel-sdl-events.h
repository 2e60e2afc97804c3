/*
 * bezel-sdl-events.h: what bezel-sdl2.h and bezel-sdl3.h share (the two SDLs' user events are
 * the same at the source level): the registered block of event types, the accessors of back
 * events, and the listeners that push the compositor's events into SDL's queue. Include
 * bezel-sdl2.h or bezel-sdl3.h, not this; each defines BEZEL_SDL_NO_EVENT, the value its
 * SDL_RegisterEvents returns when no types are left.
 */
#ifndef BEZEL_SDL_EVENTS_H
#define BEZEL_SDL_EVENTS_H

#include <bezel-client.h>

/* The registered block: deferred_swipe, gesture_taken, honored_edges, then the back events. */
#define BEZEL_SDL_EVENT_COUNT 8
/* user.code of back_changed: the progress in these units (0 to 65536 for 0 to 1). */
#define BEZEL_SDL_PROGRESS_UNIT 65536

struct bezel_sdl_window {
	struct bezel_client_surface *surface;
	Uint32 window_id;
};

static struct {
	struct bezel_client *client;
	struct wl_display *display; /* the one client is bound on */
	Uint32 event_base;          /* 0: not registered yet; BEZEL_SDL_NO_EVENT: none left */
} bezel_sdl_state;

/* The first of the block's event types; BEZEL_SDL_NO_EVENT if SDL had no user event types left. */
static inline Uint32 bezel_sdl_event_base(void)
{
	if (bezel_sdl_state.event_base == 0)
		bezel_sdl_state.event_base = SDL_RegisterEvents(BEZEL_SDL_EVENT_COUNT);
	return bezel_sdl_state.event_base;
}

/* Event K of the block; BEZEL_SDL_NO_EVENT if SDL had no user event types left. */
static inline Uint32 bezel_sdl_event(Uint32 k)
{
	Uint32 b = bezel_sdl_event_base();
	return b == BEZEL_SDL_NO_EVENT ? b : b + k;
}

static inline Uint32 bezel_sdl_deferred_swipe_event(void) { return bezel_sdl_event(0); }
static inline Uint32 bezel_sdl_gesture_taken_event(void) { return bezel_sdl_event(1); }
static inline Uint32 bezel_sdl_honored_edges_event(void) { return bezel_sdl_event(2); }
static inline Uint32 bezel_sdl_back_edges_event(void) { return bezel_sdl_event(3); }
static inline Uint32 bezel_sdl_back_began_event(void) { return bezel_sdl_event(4); }
static inline Uint32 bezel_sdl_back_changed_event(void) { return bezel_sdl_event(5); }
static inline Uint32 bezel_sdl_back_invoked_event(void) { return bezel_sdl_event(6); }
static inline Uint32 bezel_sdl_back_cancelled_event(void) { return bezel_sdl_event(7); }

/* A back event's position: x in data1, y in data2, as wl_fixed_t (1/256 px). */
static inline float bezel_sdl_back_x(const SDL_Event *e)
{
	return (float)(Sint32)(intptr_t)e->user.data1 / 256.0f;
}
static inline float bezel_sdl_back_y(const SDL_Event *e)
{
	return (float)(Sint32)(intptr_t)e->user.data2 / 256.0f;
}
/* back_changed's progress, from 0 to 1. */
static inline float bezel_sdl_back_progress(const SDL_Event *e)
{
	return (float)e->user.code / (float)BEZEL_SDL_PROGRESS_UNIT;
}

/* SDL_PushEvent stamps the time. */
static inline void bezel_sdl_push_at(Uint32 type, void *data, Sint32 code, double x, double y)
{
	if (type == BEZEL_SDL_NO_EVENT)
		return;
	SDL_Event e;
	SDL_zero(e);
	e.type = type;
	e.user.windowID = ((struct bezel_sdl_window *)data)->window_id;
	e.user.code = code;
	e.user.data1 = (void *)(intptr_t)(Sint32)(x * 256.0);
	e.user.data2 = (void *)(intptr_t)(Sint32)(y * 256.0);
	SDL_PushEvent(&e);
}

/* Called while SDL dispatches Wayland events (SDL_PumpEvents). */
static inline void bezel_sdl_on_honored(void *data, struct bezel_client_surface *s, uint32_t edges)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_honored_edges_event(), data, (Sint32)edges, 0, 0);
}
static inline void bezel_sdl_on_deferred_swipe(void *data, struct bezel_client_surface *s, uint32_t edge)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_deferred_swipe_event(), data, (Sint32)edge, 0, 0);
}
static inline void bezel_sdl_on_gesture_taken(void *data, struct bezel_client_surface *s, uint32_t edge)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_gesture_taken_event(), data, (Sint32)edge, 0, 0);
}

static const struct bezel_client_surface_listener bezel_sdl_listener = {
	.honored_edges = bezel_sdl_on_honored,
	.deferred_swipe = bezel_sdl_on_deferred_swipe,
	.gesture_taken = bezel_sdl_on_gesture_taken,
};

static inline void bezel_sdl_on_back_edges(void *data, struct bezel_client_surface *s, uint32_t edges)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_back_edges_event(), data, (Sint32)edges, 0, 0);
}
static inline void bezel_sdl_on_back_began(void *data, struct bezel_client_surface *s, uint32_t edge, double x, double y)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_back_began_event(), data, (Sint32)edge, x, y);
}
static inline void bezel_sdl_on_back_changed(void *data, struct bezel_client_surface *s, double progress, double x, double y)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_back_changed_event(), data, (Sint32)(progress * BEZEL_SDL_PROGRESS_UNIT + 0.5), x, y);
}
static inline void bezel_sdl_on_back_invoked(void *data, struct bezel_client_surface *s)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_back_invoked_event(), data, 0, 0, 0);
}
static inline void bezel_sdl_on_back_cancelled(void *data, struct bezel_client_surface *s)
{
	(void)s;
	bezel_sdl_push_at(bezel_sdl_back_cancelled_event(), data, 0, 0, 0);
}

static const struct bezel_client_back_listener bezel_sdl_back_listener = {
	.back_edges = bezel_sdl_on_back_edges,
	.began = bezel_sdl_on_back_began,
	.changed = bezel_sdl_on_back_changed,
	.invoked = bezel_sdl_on_back_invoked,
	.cancelled = bezel_sdl_on_back_cancelled,
};

#endif
