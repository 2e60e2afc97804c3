/*
 * Internal glue between Bezel's Swift code and libwayland-server. Not installed, not public.
 *
 * Swift cannot call variadic C functions (wl_resource_post_error), use wl_listener's
 * container_of pattern, or see the scanner-generated interface tables and request vtables.
 * This shim does exactly those things and nothing else: every decision is made in Swift
 * through `struct bzl_callbacks`.
 */
#ifndef BEZEL_SHIM_H
#define BEZEL_SHIM_H

#include <stdbool.h>
#include <stdint.h>

/** The version the global is advertised at; a client bound lower sees exactly its version. */
#define BZL_PROTOCOL_VERSION 4

struct wl_display;
struct wl_client;
struct wl_resource;

/** One server instance: the global, its resources and the listeners it installed. */
struct bzl_server;
/** A destroy listener on a wl_resource or a wl_client. */
struct bzl_watch;

/** Result of get_gesture_surface / set_deferred_edges callbacks. */
enum bzl_request_result {
	BZL_REQUEST_OK = 0,
	/** Post bezel_system_gestures_manager_v1.error.already_constructed. */
	BZL_REQUEST_ALREADY_CONSTRUCTED = 1,
	/** Post bezel_gesture_surface_v1.error.invalid_edges. */
	BZL_REQUEST_INVALID_EDGES = 2,
	/** Post wl_display.error.no_memory. */
	BZL_REQUEST_NO_MEMORY = 3,
	/** Post bezel_gesture_surface_v1.error.invalid_gesture_kinds (version 2). */
	BZL_REQUEST_INVALID_GESTURE_KINDS = 4,
	/** Post bezel_gesture_surface_v1.error.invalid_back_handling (version 4). */
	BZL_REQUEST_INVALID_BACK_HANDLING = 5,
};

/** Requests and lifetime events, forwarded to Swift with the server's `ctx`. */
struct bzl_callbacks {
	/** A client called get_gesture_surface; `gesture` is the new (still inert) resource. */
	int (*get_gesture_surface)(void *ctx, struct wl_resource *gesture, struct wl_resource *surface);
	/** set_deferred_edges on a live gesture object. */
	int (*set_deferred_edges)(void *ctx, struct wl_resource *gesture, uint32_t edges);
	/** set_deferred_gestures (version 2) on a live gesture object. */
	int (*set_deferred_gestures)(void *ctx, struct wl_resource *gesture, uint32_t kinds);
	/** set_deferred_region (version 3) on a live gesture object; `region` is a wl_region
	 *  resource or NULL. Its contents must be copied during the call. */
	int (*set_deferred_region)(void *ctx, struct wl_resource *gesture, struct wl_resource *region);
	/** set_back_handling (version 4) on a live gesture object; `enabled` is unchecked. */
	int (*set_back_handling)(void *ctx, struct wl_resource *gesture, uint32_t enabled);
	/** A live gesture object's resource is being destroyed (request or client exit). */
	void (*gesture_destroyed)(void *ctx, struct wl_resource *gesture);
	/** A watched resource or client is being destroyed; the watch is freed after the call. */
	void (*watch_fired)(void *ctx, struct bzl_watch *watch, void *target);
	/** The wl_display is being destroyed; the global is already gone. */
	void (*display_destroyed)(void *ctx);
};

/** Creates the global on `display`. Returns NULL on failure. `cb` is copied. */
struct bzl_server *bzl_server_create(struct wl_display *display, void *ctx,
				     const struct bzl_callbacks *cb);
/** Destroys the global (if the display still exists), makes every manager and gesture
 *  resource inert, cancels every watch and frees the server. No callback is invoked. */
void bzl_server_destroy(struct bzl_server *server);

/** Marks a gesture resource created by get_gesture_surface as live (gets requests/events). */
void bzl_gesture_activate(struct bzl_server *server, struct wl_resource *gesture);
/** Makes a gesture resource inert: no more callbacks for it and no more events sent. */
void bzl_gesture_make_inert(struct wl_resource *gesture);

/** Sends the event if `gesture` is live; does nothing on an inert or NULL resource. */
void bzl_gesture_send_honored_edges(struct wl_resource *gesture, uint32_t edges);
void bzl_gesture_send_deferred_swipe(struct wl_resource *gesture, uint32_t edge);
void bzl_gesture_send_gesture_taken(struct wl_resource *gesture, uint32_t edge);
/** Version 2 event; not sent to objects bound at version 1. */
void bzl_gesture_send_honored_gestures(struct wl_resource *gesture, uint32_t kinds);
/** Version 4 events (fixed-point arguments converted here); not sent to objects bound lower.
 *  bzl_gesture_send_back_ended sends back_invoked (`invoked`) or back_cancelled. */
void bzl_gesture_send_back_edges(struct wl_resource *gesture, uint32_t edges);
void bzl_gesture_send_back_began(struct wl_resource *gesture, uint32_t edge, double x, double y);
void bzl_gesture_send_back_changed(struct wl_resource *gesture, double progress, double x, double y);
void bzl_gesture_send_back_ended(struct wl_resource *gesture, bool invoked);

/** Watches `resource` for destruction. NULL on failure. */
struct bzl_watch *bzl_watch_resource(struct bzl_server *server, struct wl_resource *resource);
/** Watches `client` for destruction. NULL on failure. */
struct bzl_watch *bzl_watch_client(struct bzl_server *server, struct wl_client *client);
/** Removes and frees a watch that has not fired. */
void bzl_watch_cancel(struct bzl_watch *watch);

/* ---- the plugin's event-log lines (event-log.c; shapes in docs/hosts.md) ---- */

struct bezel_event_log;
struct bezel_gesture_event;

/** Which touch line: `input ...` (sent 0: the host fed it) or `send ...` (sent 1). */
enum bzl_evlog_touch_phase { BZL_EVLOG_DOWN = 0, BZL_EVLOG_MOTION = 1, BZL_EVLOG_UP = 2 };

struct wl_event_loop;
/** The plugin's own log: flushed when `loop` goes idle (NULL: at each line, as a log of
 *  one's own), and rotated to PATH.1 past `max_bytes` (0: never). Flushes what is buffered. */
void bzl_evlog_attach(struct bezel_event_log *log, struct wl_event_loop *loop,
		      unsigned long long max_bytes);

/* Each writer does nothing when `log` is NULL. */
void bzl_evlog_touch(struct bezel_event_log *log, int sent, int phase, int32_t id, double x,
		     double y, uint32_t time);
/** A line without values: "input frame", "send cancel", "drag end", ... */
void bzl_evlog_text(struct bezel_event_log *log, const char *text);
void bzl_evlog_touch_output(struct bezel_event_log *log, int32_t id, uint32_t output);
void bzl_evlog_gesture(struct bezel_event_log *log, const struct bezel_gesture_event *event);
void bzl_evlog_affordance(struct bezel_event_log *log, uint32_t output, uint32_t edge, int shown);
void bzl_evlog_drag_start(struct bezel_event_log *log, int32_t id);
void bzl_evlog_lock(struct bezel_event_log *log, int locked);
void bzl_evlog_output(struct bezel_event_log *log, int added, uint32_t id, int32_t x, int32_t y,
		      int32_t width, int32_t height);
void bzl_evlog_output_removed(struct bezel_event_log *log, uint32_t id);
void bzl_evlog_surface_add(struct bezel_event_log *log, double x, double y, double width,
			   double height);
void bzl_evlog_surface_policy(struct bezel_event_log *log, uint32_t edges, uint32_t kinds);

#endif /* BEZEL_SHIM_H */
