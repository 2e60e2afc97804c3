/*
 * bezel-client.h: the client side of the bezel-system-gestures-v1 protocol, for toolkits and
 * apps that already own a wl_display connection. Depends on wayland-client only.
 *
 *   pkg-config --cflags --libs bezel-client
 *
 * The library binds the compositor's global on the app's own connection without touching the
 * toolkit's event queue: it reads the registry on a private queue, then moves its objects to
 * the default queue, so their events arrive while the toolkit dispatches its own (GTK, SDL,
 * Qt and plain libwayland loops all dispatch the default queue).
 *
 * A protocol error ends the whole connection, and with it the toolkit. So every setter checks
 * the bits it is given and the version the global was bound at before anything is sent, and
 * returns an error instead.
 *
 * The deferral and the back handling are double-buffered state of the wl_surface: they take
 * effect at the surface's next commit. Toolkits commit only when they draw, so the app chooses (per surface) who
 * commits after a change: the library at once (the default), or the app, told through a
 * commit-request callback (bezel_client_surface_set_commit_handler).
 *
 * Everything here runs on the thread that dispatches the default queue. Nothing is
 * thread-safe.
 */
#ifndef BEZEL_CLIENT_H
#define BEZEL_CLIENT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_surface;
struct wl_region;

/* The version of this header's API (not of the protocol). 2: the back gesture (version 4). */
#define BEZEL_CLIENT_API_VERSION 2

/* Screen edges, as the person holding the device sees them (the protocol's edge enum). */
enum bezel_client_edge {
	BEZEL_CLIENT_EDGE_TOP = 1,
	BEZEL_CLIENT_EDGE_BOTTOM = 2,
	BEZEL_CLIENT_EDGE_LEFT = 4,
	BEZEL_CLIENT_EDGE_RIGHT = 8,
};
#define BEZEL_CLIENT_EDGES_ALL 15u

/* Multi-finger system gestures (the protocol's gesture_kind enum, version 2). */
enum bezel_client_gesture_kind {
	BEZEL_CLIENT_GESTURE_SWIPE = 1,
	BEZEL_CLIENT_GESTURE_PINCH = 2,
	BEZEL_CLIENT_GESTURE_HOLD = 4,
};
#define BEZEL_CLIENT_GESTURES_ALL 7u

/* Protocol features and the global's version that brings each. */
enum bezel_client_feature {
	BEZEL_CLIENT_FEATURE_EDGES = 1,          /* set_deferred_edges, honored_edges, ... */
	BEZEL_CLIENT_FEATURE_GESTURE_KINDS = 2,  /* set_deferred_gestures, honored_gestures */
	BEZEL_CLIENT_FEATURE_REGION = 3,         /* set_deferred_region */
	BEZEL_CLIENT_FEATURE_BACK = 4,           /* set_back_handling and the back events */
};

/* Error returns of the setters (negative errno values). */
#define BEZEL_CLIENT_EINVAL (-22)   /* unknown bits: nothing was sent */
#define BEZEL_CLIENT_ENOTSUP (-95)  /* the bound version (or this build) lacks the request */

struct bezel_client;
struct bezel_client_surface;

/*
 * Binds the global on DISPLAY, at the highest version that the compositor, this library and
 * MAX_VERSION (0: no limit) all know. Does one roundtrip on a private queue; no event of the
 * toolkit is dispatched. Returns NULL when the compositor has no such global (the app then
 * runs as before: nothing is deferred) or the connection failed.
 */
struct bezel_client *bezel_client_create(struct wl_display *display, uint32_t max_version);
/* Destroys the manager. Surface objects made from it must be destroyed first. */
void bezel_client_destroy(struct bezel_client *client);

/* The version the global was bound at (1, 2, ...). */
uint32_t bezel_client_get_version(const struct bezel_client *client);
/* The version the compositor advertises (may be higher than the bound one). */
uint32_t bezel_client_get_compositor_version(const struct bezel_client *client);
/* The highest protocol version this build of the library knows. */
uint32_t bezel_client_get_library_version(void);
/* Whether requests of FEATURE can be sent on this binding. */
bool bezel_client_has_feature(const struct bezel_client *client, enum bezel_client_feature feature);

/*
 * What the compositor tells about one surface. Every member may be NULL. Called from the
 * default queue's dispatch (the toolkit's loop).
 *   honored_edges: the edges on which the deferral is honoured now (a subset of the request);
 *   honored_gestures: the same for gesture kinds (version 2; sent only after a request);
 *   deferred_swipe: a swipe on a deferred edge was left to the app (one edge bit);
 *   gesture_taken: a system gesture took the app's touches; a wl_touch.cancel follows. EDGE is
 *     one edge bit, or 0 for a gesture of no edge (multi-finger, version 2).
 */
struct bezel_client_surface_listener {
	void (*honored_edges)(void *data, struct bezel_client_surface *surface, uint32_t edges);
	void (*honored_gestures)(void *data, struct bezel_client_surface *surface, uint32_t kinds);
	void (*deferred_swipe)(void *data, struct bezel_client_surface *surface, uint32_t edge);
	void (*gesture_taken)(void *data, struct bezel_client_surface *surface, uint32_t edge);
};

/*
 * Makes the per-surface object for WL_SURFACE (a toplevel's, usually). A wl_surface can have
 * one at a time: destroy the old object before making one for the same surface, and make a
 * new one when the toolkit replaces the surface (GTK does on hide and show; the new surface
 * may have the same address as the old one, so follow the toolkit's map and unmap). Returns
 * NULL on allocation failure.
 */
struct bezel_client_surface *bezel_client_surface_create(struct bezel_client *client,
	struct wl_surface *wl_surface, const struct bezel_client_surface_listener *listener,
	void *data);
/* Destroys the object; the deferral is cleared at the surface's next commit. Safe after the
 * wl_surface itself was destroyed. */
void bezel_client_surface_destroy(struct bezel_client_surface *surface);

/*
 * Who commits after a setter changed something. HANDLER NULL (the default): the library calls
 * wl_surface_commit at once. Otherwise it calls HANDLER(DATA, surface) instead, and the app
 * commits when it suits it (for example on its next frame). A handler that does nothing is
 * right for an app that commits every frame anyway.
 */
typedef void (*bezel_client_commit_handler)(void *data, struct bezel_client_surface *surface);
void bezel_client_surface_set_commit_handler(struct bezel_client_surface *surface,
	bezel_client_commit_handler handler, void *data);

/*
 * Asks that the system gestures on EDGES (bezel_client_edge bits) be deferred to the surface.
 * Returns 0 once sent (and committed per the commit handler), BEZEL_CLIENT_EINVAL for unknown
 * bits; nothing is sent on error. Setting the value already set sends nothing and returns 0.
 */
int bezel_client_surface_set_deferred_edges(struct bezel_client_surface *surface, uint32_t edges);
/* The same for multi-finger gesture kinds; BEZEL_CLIENT_ENOTSUP below version 2. */
int bezel_client_surface_set_deferred_gestures(struct bezel_client_surface *surface, uint32_t kinds);
/*
 * Limits the deferred edges to REGION (surface-local; NULL: the whole surface). The region is
 * copied at once; the caller may destroy it. BEZEL_CLIENT_ENOTSUP below version 3 or when
 * this build's protocol file has no such request.
 */
int bezel_client_surface_set_deferred_region(struct bezel_client_surface *surface, struct wl_region *region);

/*
 * The back gesture (protocol version 4). While a surface's back handling is on, a back gesture
 * that starts on it (or on a subsurface without handling of its own) is the app's to show: the
 * app draws where back leads as the finger moves (the previous page sliding in) and goes back
 * or snaps back at the end; the compositor takes no back action of its own for it. Every member
 * may be NULL. Called from the default queue's dispatch.
 *   back_edges: the edges on which the compositor has a back gesture for the surface (0 while
 *     locked). Sent after each commit that turns handling on, and when the set changes while it
 *     stays on; never while it is off. An app may keep its own in-app back swipe elsewhere;
 *   began: a back gesture started from EDGE (one edge bit); X, Y are the touch's position in
 *     surface-local coordinates. Exactly one invoked or cancelled follows, unless the surface
 *     object is destroyed first;
 *   changed: the finger moved; PROGRESS goes from 0 to 1 (far enough to go back when lifted),
 *     clamped to that range;
 *   invoked: the gesture ended committed: go back;
 *   cancelled: it ended not committed, or was cancelled: return to where the app was.
 * The touches stay the system's: an app that had them gets gesture_taken and wl_touch.cancel
 * before began.
 */
struct bezel_client_back_listener {
	void (*back_edges)(void *data, struct bezel_client_surface *surface, uint32_t edges);
	void (*began)(void *data, struct bezel_client_surface *surface, uint32_t edge, double x, double y);
	void (*changed)(void *data, struct bezel_client_surface *surface, double progress, double x, double y);
	void (*invoked)(void *data, struct bezel_client_surface *surface);
	void (*cancelled)(void *data, struct bezel_client_surface *surface);
};

/*
 * Sets the callbacks of the back gesture (LISTENER NULL: none), with their own DATA. A struct
 * apart from bezel_client_surface_listener, so that apps built against API version 1 keep
 * working. May be called at any time; the events of a bound version below 4 never come.
 */
void bezel_client_surface_set_back_listener(struct bezel_client_surface *surface,
	const struct bezel_client_back_listener *listener, void *data);

/*
 * Turns the surface's back handling on or off (off is the initial value). Returns 0 once sent
 * (and committed per the commit handler); BEZEL_CLIENT_ENOTSUP when the global is bound below
 * version 4 (the compositor is older, or max_version was lower) or this build's protocol file
 * has no such request: then nothing is sent, handling stays off, and the compositor keeps the
 * back gesture as its own. Setting the value already set sends nothing and returns 0.
 */
int bezel_client_surface_set_back_handling(struct bezel_client_surface *surface, bool enabled);
/* Whether handling was last turned on (by a call that returned 0). */
bool bezel_client_surface_get_back_handling(const struct bezel_client_surface *surface);
/* The last back_edges report (0 before any, and after handling is turned off). */
uint32_t bezel_client_surface_get_back_edges(const struct bezel_client_surface *surface);

/* The last values set, and the last ones the compositor reported (0 before any report). */
uint32_t bezel_client_surface_get_deferred_edges(const struct bezel_client_surface *surface);
uint32_t bezel_client_surface_get_deferred_gestures(const struct bezel_client_surface *surface);
uint32_t bezel_client_surface_get_honored_edges(const struct bezel_client_surface *surface);
uint32_t bezel_client_surface_get_honored_gestures(const struct bezel_client_surface *surface);
struct wl_surface *bezel_client_surface_get_wl_surface(const struct bezel_client_surface *surface);

#ifdef __cplusplus
}
#endif

#endif
