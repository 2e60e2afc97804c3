/*
 * bezel.h: the C interface of Bezel, a compositor-side system-gesture plugin for Wayland.
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 *
 * OVERVIEW
 *
 * A compositor ("the host") creates one plugin on its wl_display. The plugin then:
 *   - advertises the bezel_system_gestures_manager_v1 global (protocol
 *     bezel-system-gestures-v1, installed under pkg-config variable `pkgdatadir`) and keeps the
 *     per-surface bezel_gesture_surface_v1 objects;
 *   - decides, for every touch the host feeds it, whether the touch belongs to the client under
 *     the finger or to a system edge gesture (dock, cover sheet, control centre, slide-over);
 *   - tells the host through callbacks what to deliver to which client (wl_touch down, motion,
 *     up, frame, cancel), how the system gestures progress, when to show an edge affordance,
 *     and when to cancel a drag-and-drop session.
 *
 * The host tells the plugin about its outputs, its surfaces (with their parent for
 * subsurfaces, their stacking, input regions and visibility), surface commits, touches,
 * drag-and-drop sessions and the lock state.
 *
 * THREADING
 *
 * Everything runs on the thread that dispatches the wl_display's event loop. No function may
 * be called from another thread, and callbacks are invoked on that thread only: synchronously
 * from inside a bezel_* call, or from the plugin's timer on the display's wl_event_loop.
 *
 * ERRORS
 *
 * Functions that can fail return an `int` result: BEZEL_OK (0) or a negative enum bezel_result
 * value. Bezel never aborts the host and never calls exit(): bad arguments (NULL pointers,
 * unknown surfaces, outputs or touch ids, NaN, infinite or huge coordinates, more touches than
 * the plugin tracks, an id that is already down) are reported as return codes and explained in
 * a log line with a level through the host's `log` callback, and what was refused leaves the
 * plugin's state as it was. A misbehaving Wayland client gets a protocol error and is
 * disconnected by libwayland; the host is not affected.
 *
 * RE-ENTRANCY
 *
 * Callbacks may call bezel_* functions again (for example remove a surface from within
 * `touch_cancel`), except bezel_plugin_destroy, which returns BEZEL_ERROR_BUSY from inside a
 * callback. Decisions made by such nested calls are delivered after the current one.
 *
 * `log` is the exception: a line is written from wherever the plugin is, often halfway
 * through a change (an output being removed, a configuration being applied), so no call may
 * re-enter the plugin from it. Every call taking the plugin made from inside `log` returns
 * BEZEL_ERROR_BUSY and changes nothing (bezel_plugin_get_event_log returns NULL). A host
 * that wants to act on a line records it and acts after the call that logged it returns.
 *
 * OUTPUTS, COORDINATES, TIME, EDGES
 *
 * The plugin knows one or more outputs, each named by a host-chosen uint32_t id. Output 0
 * exists from bezel_plugin_create at layout position (0,0); bezel_output_add adds others.
 * Each output has its own edge zones, millimetre scale and armed edges: a swipe in from the
 * bottom of output 3 is a dock gesture on output 3.
 *
 * Two coordinate spaces are used:
 *   - layout coordinates: the compositor's global space in logical pixels, in which outputs
 *     have their positions and surfaces their rectangles (bezel_surface_add/set_rect);
 *   - output-local coordinates: logical pixels as the user sees one output, (0,0) being its
 *     top-left corner after the output transform, x growing right and y down.
 * Touches are given either way: in layout coordinates (bezel_touch_down_layout and
 * bezel_touch_motion_layout, since 0.3: the plugin finds the output), or output-local (as
 * libinput's transformed coordinates for that output give them). A touch at output-local
 * (x, y) on an output at layout (ox, oy) hit-tests surfaces at layout (ox + x, oy + y); the
 * plugin alone converts, so a host never does. Clients get surface-local coordinates, from
 * the surface's rectangle. With one output at (0,0), as before version 0.2, both spaces are
 * the same.
 *
 * Times are milliseconds on CLOCK_MONOTONIC, truncated to 32 bits as in wl_touch (libinput
 * event times are on that clock). Times that go backwards are clamped to the latest time seen
 * (with a debug log line); a time implausibly far from the clock is replaced by "now". Edges
 * use the values of the protocol's `edge` enum (enum bezel_edge below).
 *
 * Coordinates must be finite and within +-BEZEL_COORDINATE_LIMIT; larger values are refused
 * with BEZEL_ERROR_INVALID_ARGUMENT.
 *
 * SURFACES
 *
 * Surfaces are named by their wl_surface resource (`struct wl_resource *`). The plugin adds a
 * destroy listener to every wl_surface it is told about, so a surface whose resource is
 * destroyed is removed automatically; calling bezel_surface_remove first is allowed too.
 *
 * The plugin hit-tests touches against its own copy of the host's surface tree: top-level
 * surfaces and their subsurfaces, each with a rectangle (layout coordinates), an input region
 * (default: the whole surface), a hidden flag and a stacking order among its siblings
 * (bezel_surface_place_above). Hosts that hit-test themselves name the surface with
 * bezel_touch_down_on_surface instead.
 *
 * Which surfaces may defer edges (R6) is decided by the host (bezel_surface_set_policy) or,
 * since 0.3, by the plugin from the host's facts (bezel_plugin_decide_policy).
 *
 * Subsurfaces may nest to any depth (wl_subsurface has no limit, so neither does the plugin):
 * nothing walks the tree by recursion, a touch-down costs at most the siblings and ancestors
 * on its path, and removing a surface costs the size of its subtree, not of the tree.
 *
 * WHAT HOSTS NO LONGER KEEP (since 0.3)
 *
 * The [bezel] keys and their parser, the event log, the deferral policy and the bookkeeping of
 * which touches a client is still owed after a wl_touch.cancel are the plugin's: a host gives
 * facts (layout positions, full screen, lock state, a refused down) and acts on callbacks.
 *
 * LINKING
 *
 * libbezel.so links the Swift runtime statically: it needs only libc, libm, libstdc++/libgcc,
 * libwayland-server, and libinput + libudev (the touch source of section 4) at run time.
 * Build flags come from `pkg-config --cflags --libs bezel`.
 */
#ifndef BEZEL_H
#define BEZEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_client;
struct wl_resource;

/** Version of this header. The library's own version comes from bezel_version(). */
#define BEZEL_VERSION_MAJOR 0
#define BEZEL_VERSION_MINOR 7
#define BEZEL_VERSION_MICRO 0
/** (major << 16) | (minor << 8) | micro, comparable with bezel_version(). */
#define BEZEL_VERSION ((BEZEL_VERSION_MAJOR << 16) | (BEZEL_VERSION_MINOR << 8) | BEZEL_VERSION_MICRO)

/**
 * Version of struct bezel_host_interface that this header describes. Version 1 structs (the
 * members before `gesture_event`) stay accepted; their version 2 members are taken as NULL.
 */
#define BEZEL_HOST_INTERFACE_VERSION 2

/** Coordinates (layout or output-local px) beyond +- this are refused as garbage. */
#define BEZEL_COORDINATE_LIMIT 16777216.0

/** Result codes. Every failing function returns one of the negative values. */
enum bezel_result {
	BEZEL_OK = 0,
	/** A pointer was NULL, a number was out of range or not finite, or an enum was unknown. */
	BEZEL_ERROR_INVALID_ARGUMENT = -1,
	/** The surface (or parent surface) is not known to the plugin. */
	BEZEL_ERROR_NOT_FOUND = -2,
	/** The surface is already known to the plugin. */
	BEZEL_ERROR_EXISTS = -3,
	/** The call is not allowed from inside a callback (bezel_plugin_destroy). */
	BEZEL_ERROR_BUSY = -4,
	/** struct bezel_host_interface has a version this library does not know. */
	BEZEL_ERROR_VERSION = -5,
	/** A libwayland call failed (out of memory, or the global could not be created). */
	BEZEL_ERROR_WAYLAND = -6,
	/**
	 * A fixed limit was reached: a touch-down while the plugin already tracks as many touches
	 * as it can (the touch is dropped), or more outputs than it can hold.
	 */
	BEZEL_ERROR_LIMIT = -7,
	/* -8 is BEZEL_ERROR_INPUT (section 4). */
	/**
	 * A file could not be opened or read (a configuration file, an event log); the log line
	 * says which and why. Since 0.3.
	 */
	BEZEL_ERROR_IO = -9,
};

/** Log levels, in syslog order (smaller is more severe). */
enum bezel_log_level {
	BEZEL_LOG_ERROR = 3,
	BEZEL_LOG_WARNING = 4,
	BEZEL_LOG_INFO = 6,
	BEZEL_LOG_DEBUG = 7,
};

/** Screen edges as the user sees them; the values of the protocol's `edge` bitfield. */
enum bezel_edge {
	BEZEL_EDGE_TOP = 1,
	BEZEL_EDGE_BOTTOM = 2,
	BEZEL_EDGE_LEFT = 4,
	BEZEL_EDGE_RIGHT = 8,
	/** Every edge: a policy mask that lets a surface defer anything it asks for. */
	BEZEL_EDGE_ALL = 15,
};

/** Phases of a system gesture, as struct bezel_gesture_event reports them. */
enum bezel_gesture_phase {
	/** The gesture began following the finger (gesture_began in version 1). */
	BEZEL_GESTURE_BEGAN = 0,
	/** The running gesture moved (gesture_changed). */
	BEZEL_GESTURE_CHANGED = 1,
	/** The fingers lifted; see `committed` (gesture_ended). */
	BEZEL_GESTURE_ENDED = 2,
	/** The device, an output removal or the host cancelled it; animate back (gesture_cancelled). */
	BEZEL_GESTURE_CANCELLED = 3,
	/** A candidate failed without beginning; see `reason` (gesture_failed). */
	BEZEL_GESTURE_FAILED = 4,
};

/**
 * Kinds of system gesture. 0 is an edge gesture; the other values are the protocol's
 * gesture_kind bits (multi-finger system gestures, docs/design.md §4.5).
 */
enum bezel_gesture_kind {
	BEZEL_GESTURE_KIND_EDGE = 0,
	BEZEL_GESTURE_KIND_SWIPE = 1,
	BEZEL_GESTURE_KIND_PINCH = 2,
	BEZEL_GESTURE_KIND_HOLD = 4,
	/** Every multi-finger kind: a policy mask for bezel_surface_set_gesture_policy. */
	BEZEL_GESTURE_KIND_ALL = 7,
};

/**
 * One system gesture event, passed to the version 2 `gesture_event` callback. The struct and
 * its strings are owned by the plugin and valid only during the call. `gesture` stays valid
 * for the whole call even when the callback changes the configuration
 * (bezel_plugin_configure*, bezel_plugin_set_setting): the names replaced then are freed
 * only when the bezel_* call that is delivering returns.
 */
struct bezel_gesture_event {
	/** enum bezel_gesture_phase. */
	uint32_t phase;
	/** The output whose touches make the gesture (0 is the default output). */
	uint32_t output_id;
	/** The gesture's name from the configuration: "dock", "cover_sheet", ... */
	const char *gesture;
	/** enum bezel_edge for edge gestures; 0 for multi-finger gestures. */
	uint32_t edge;
	/** enum bezel_gesture_kind. */
	uint32_t kind;
	/** Number of fingers: 1 for edge gestures. */
	uint32_t fingers;
	/** CHANGED: inward travel in millimetres (0 in other phases). */
	double travel_mm;
	/** CHANGED: travel divided by the full distance, 0 and up, not clamped at 1. */
	double progress;
	/** CHANGED: filtered inward velocity, negative when moving back towards the edge. */
	double velocity_mm_s;
	/** CHANGED: pinch scale; 1.0 for every other gesture and phase. */
	double scale;
	/** ENDED: complete the action (true) or animate back (false). */
	bool committed;
	/** FAILED: tap, lateral, still, multi_touch, excluded, deferred, drag, locked,
	 *  cancelled or (multi-finger) lifted; NULL in the other phases. */
	const char *reason;
	/**
	 * BEGAN, CHANGED, ENDED, CANCELLED: the gesture is handled by the app (the back gesture,
	 * docs/design.md §4.6, rule R10): a surface that turned back handling on
	 * (bezel_gesture_surface_v1.set_back_handling, protocol version 4) gets its progress
	 * and its end through the protocol and shows it itself. The host is told, so that it can
	 * log it or tell its own components, and takes no action of its own for it: no panel
	 * follows the finger, no key is sent, no window is closed, even when `committed` is true.
	 * It is the same on every event of one gesture. false for every gesture the host handles,
	 * which is every gesture not named `app_handled` in the configuration (by default every
	 * one but `back`) and every `back` that no surface takes. Since 0.6; placed last, so that
	 * a host built against an older header reads the struct as it knew it.
	 */
	bool app_handled;
};

/**
 * What the plugin asks of the host. Every callback may be NULL, in which case that kind of
 * decision is dropped. `data` is the `host_data` given to bezel_plugin_create. Strings passed
 * to callbacks are owned by the plugin and valid only during the call; a gesture's name stays
 * valid for the whole call even if the callback reconfigures the plugin (see
 * struct bezel_gesture_event).
 *
 * The touch_* callbacks correspond one to one to wl_touch events: the host sends them to the
 * wl_touch resources of the surface's client (the client of `surface`, or `client`).
 * Positions are surface-local logical pixels. `time_msec` is the touch's original timestamp:
 * events released after being held keep the time at which they happened.
 */
struct bezel_host_interface {
	/** Must be BEZEL_HOST_INTERFACE_VERSION. */
	uint32_t version;

	/** Send wl_touch.down for touch `id` on `surface` at surface-local (sx, sy). */
	void (*touch_down)(void *data, struct wl_resource *surface, int32_t id,
			   double sx, double sy, uint32_t time_msec);
	/** Send wl_touch.motion for touch `id` (which went down on `surface`). */
	void (*touch_motion)(void *data, struct wl_resource *surface, int32_t id,
			     double sx, double sy, uint32_t time_msec);
	/** Send wl_touch.up for touch `id` (which went down on `surface`). */
	void (*touch_up)(void *data, struct wl_resource *surface, int32_t id, uint32_t time_msec);
	/** Send wl_touch.frame to `client`: the end of a group of events for it. */
	void (*touch_frame)(void *data, struct wl_client *client);
	/** Send wl_touch.cancel to `client`: all of its touches are over. */
	void (*touch_cancel)(void *data, struct wl_client *client);

	/**
	 * System gesture `gesture` (e.g. "dock") on `edge` began following the finger.
	 *
	 * The five version 1 gesture callbacks cannot say that a gesture is handled by the app
	 * (struct bezel_gesture_event's `app_handled`), so a host without `gesture_event` is not
	 * told such a gesture at all: none of its began, changed, ended or cancelled calls. Its
	 * gestures are then exactly the ones it must act on, as before version 4 of the protocol.
	 */
	void (*gesture_began)(void *data, const char *gesture, uint32_t edge);
	/**
	 * The running gesture moved: `travel_mm` of inward travel, `progress` = travel divided by
	 * the full distance (0 and up, not clamped at 1), `velocity_mm_s` the filtered inward
	 * velocity (negative when moving back towards the edge).
	 */
	void (*gesture_changed)(void *data, const char *gesture, uint32_t edge,
				double travel_mm, double progress, double velocity_mm_s);
	/** The finger lifted. `committed`: complete the action (else animate back). */
	void (*gesture_ended)(void *data, const char *gesture, uint32_t edge, bool committed);
	/** The device or host cancelled the running gesture; animate back. */
	void (*gesture_cancelled)(void *data, const char *gesture, uint32_t edge);
	/** An edge candidate failed without beginning; `reason` as in the design (tap, lateral, ...). */
	void (*gesture_failed)(void *data, const char *gesture, uint32_t edge, const char *reason);

	/** Show the hint ("tongue") at `edge` after a swipe on a deferred edge. */
	void (*affordance_shown)(void *data, uint32_t edge);
	/** Hide the hint at `edge`. */
	void (*affordance_hidden)(void *data, uint32_t edge);

	/**
	 * Cancel the active drag-and-drop session: send wl_data_source.cancelled to its source
	 * and leave to its target, and drop nothing. Asked at most once per session.
	 */
	void (*cancel_drag)(void *data);

	/**
	 * A log line at `level` (enum bezel_log_level), without a trailing newline. Called in
	 * the middle of the plugin's work: every bezel_* call on the plugin from inside it
	 * returns BEZEL_ERROR_BUSY (RE-ENTRANCY).
	 */
	void (*log)(void *data, int level, const char *message);

	/* ---- version 2 (BEZEL_HOST_INTERFACE_VERSION >= 2) ---- */

	/**
	 * If non-NULL, called for every system gesture event INSTEAD of gesture_began,
	 * gesture_changed, gesture_ended, gesture_cancelled and gesture_failed. The event says
	 * which output the gesture is on. Multi-finger gestures (the `multi-finger` key, docs/design.md
	 * §4.5) come only through this callback: `edge` 0, `kind` swipe, pinch or hold,
	 * `fingers` 3 to 5, and on CHANGED a pinch's `scale`; a host without it is not told about
	 * them (their fingers are still taken from the clients when one begins). A gesture
	 * handled by the app comes with `app_handled` true: the host acts on none of its events.
	 */
	void (*gesture_event)(void *data, const struct bezel_gesture_event *event);
	/**
	 * If non-NULL, called INSTEAD of affordance_shown and affordance_hidden: show (`shown`
	 * true) or hide the hint at `edge` of output `output_id`. When an output is removed, its
	 * shown affordances are hidden first.
	 */
	void (*affordance)(void *data, uint32_t output_id, uint32_t edge, bool shown);
};

/** Opaque plugin instance. */
struct bezel_plugin;

/** The library's version, as BEZEL_VERSION. Safe to call at any time, from any thread. */
uint32_t bezel_version(void);

/** The library's version as "major.minor.micro". Static string; never NULL. */
const char *bezel_version_string(void);

/** A static English description of a result code (also for unknown codes). Never NULL. */
const char *bezel_result_string(int result);

/**
 * Creates a plugin on `display`: advertises the bezel_system_gestures_manager_v1 global
 * (version 3 since 0.4; clients bound at 1 or 2 see exactly their version) and adds a timer
 * to the display's wl_event_loop.
 *
 * Output 0 exists from the start, at layout position (0,0), 1080x1920 px, 68x121 mm, normal
 * transform; call bezel_output_set (or bezel_output_update with id 0) to describe it.
 *
 * @param display   the compositor's display. Must outlive the plugin, or the plugin must be
 *                  destroyed first; if the display is destroyed first, the plugin notices,
 *                  drops its global and timer, and bezel_plugin_destroy only frees memory.
 * @param host      callbacks; copied, so the struct may be freed after the call.
 * @param host_data passed as `data` to every callback.
 * @param out       receives the plugin on success, NULL on failure.
 * @return BEZEL_OK, BEZEL_ERROR_INVALID_ARGUMENT (NULL display/host/out),
 *         BEZEL_ERROR_VERSION (host->version is not 1 or 2) or BEZEL_ERROR_WAYLAND.
 */
int bezel_plugin_create(struct wl_display *display, const struct bezel_host_interface *host,
			void *host_data, struct bezel_plugin **out);

/**
 * Destroys the plugin: removes the global and the timer, makes every existing
 * bezel_gesture_surface_v1 and manager object inert (clients may still destroy them safely),
 * removes its listeners from surfaces and frees everything. No callback is invoked.
 *
 * @return BEZEL_OK, BEZEL_ERROR_INVALID_ARGUMENT (NULL), or BEZEL_ERROR_BUSY when called from
 *         inside a callback (nothing is destroyed then).
 */
int bezel_plugin_destroy(struct bezel_plugin *plugin);

/** Sets the most verbose level passed to the `log` callback (default BEZEL_LOG_INFO). */
int bezel_plugin_set_log_level(struct bezel_plugin *plugin, int level);

/*
 * CONFIGURATION: THE [bezel] KEYS
 *
 * Every host reads one set of keys, with one parser: the plugin's. A host hands over the
 * `key=value` lines of its configuration (weston.ini's [bezel] section, a --config file,
 * Wayfire's [bezel] options) with bezel_plugin_configure, bezel_plugin_configure_text or
 * bezel_plugin_configure_file, and reads back the settings it acts on itself with
 * bezel_plugin_get_setting / _int / _bool. docs/hosts.md has the same list.
 *
 * Settings the plugin acts on:
 *   log-level=error|warning|info|debug   most verbose level passed to `log` (default info;
 *                                        applied when given, like bezel_plugin_set_log_level)
 *   event-log=PATH                       append the event log (section 5) to PATH (default
 *                                        none; applied when given)
 *   event-log-max-kb=N                   past N KiB the event log is renamed PATH.1 and a new
 *                                        one begun (default 65536; 0: no cap)
 *   defer-policy=fullscreen|all          which surfaces may defer (R6) when the plugin decides
 *                                        the policy (bezel_plugin_decide_policy); default
 *                                        fullscreen. `policy` is read as an old spelling.
 *   locked=true|false                    the session starts locked (applied when given)
 *   output-width-mm=N, output-height-mm=N
 *                                        physical size used for every output instead of what
 *                                        the host reports, when both are above 0 (headless
 *                                        outputs report 1 mm per pixel); default 0 0
 * Settings only a host acts on (validated here, read back by the host):
 *   lock-detect=lock-layer|idle|none     weston: where the lock state comes from
 *   panels=true|false                    draw the demo panels (default true)
 *   intercept=true|false                 take the seat's touch (default true; false only for
 *                                        latency baselines)
 *   touch-device=NODE[@OUTPUT][,...]     test rigs: the touchscreens to open (default none)
 *   touch-device-open=start|sigusr2      test rigs: open them at start or on SIGUSR2
 *   touch-output=N                       bezel-compositor: the output (1-based, 0: the first)
 *                                        the touchscreen maps to
 *   seat=NAME                            weston's test rig: its seat's name (default bezel)
 * Gesture settings (docs/design.md §4.4), flattened:
 *   hold-window-ms=150            any threshold key, for every edge
 *   bottom-edge-zone-mm=5         <edge>-<key>: the same keys for one edge (top, bottom, left, right)
 *   bind-left=back:0.0:1.0        <edge>'s segments, gesture:from:to, separated by commas;
 *   bind-right=                   an empty value unbinds the edge
 *   gesture-back-modal=false      gesture-<name>-modal / gesture-<name>-when-locked
 *   multi-finger=workspace:swipe:3:left   multi-finger gestures, gesture:kind:fingers[:direction],
 *                                 separated by commas (docs/design.md §4.5); mf-<key> their thresholds
 * Threshold keys: edge-zone-mm, slop-mm, direction-cone-deg, begin-distance-mm,
 * still-timeout-ms, hold-window-ms, full-distance-mm, commit-progress, flick-velocity-mm-s,
 * rearm-window-ms, multi-touch-rejects (true/false). Numbers are decimal; booleans are
 * true/false (1/0 are also taken for the host settings). The order of the pairs does not
 * matter: per-edge keys override the all-edge key. A key given twice is an error.
 *
 * Errors name the key: every refused key or value gives a BEZEL_LOG_WARNING line ("[bezel]
 * KEY=VALUE: why") and the call returns BEZEL_ERROR_INVALID_ARGUMENT. A host setting with a
 * bad value takes its default; the others are still applied. The gesture settings are all or
 * nothing: one bad gesture key (or an unknown key) leaves the default gesture configuration.
 */

/**
 * Replaces the configuration with the defaults overridden by `count` key/value pairs (any key
 * of the list above; before 0.3 only gesture settings were known, and hosts filtered theirs
 * out, which still works). count == 0 restores the defaults. Touches already being decided
 * keep the thresholds they started with. Settings marked "applied when given" keep their
 * current value when their key is absent.
 *
 * @param keys, values  `count` NUL-terminated strings each (may be NULL when count is 0).
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (some key refused; see above).
 */
int bezel_plugin_configure(struct bezel_plugin *plugin, const char *const *keys,
			   const char *const *values, size_t count);

/**
 * As bezel_plugin_configure, from text: one `key=value` per line. Spaces and tabs around keys
 * and values are trimmed; empty lines and lines starting with '#' or ';' are skipped. A line
 * without '=' or a `[section]` line is refused with a warning naming its line number (the
 * other lines still count). Since 0.3.
 *
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL text, a bad line or a refused key).
 */
int bezel_plugin_configure_text(struct bezel_plugin *plugin, const char *text);

/**
 * As bezel_plugin_configure_text, from the first `[section]` of an ini file (weston.ini, a
 * compositor's --config file): its lines up to the next `[...]` line. With `section` NULL the
 * whole file is taken as key=value lines. A file without that section configures the defaults.
 * Since 0.3.
 *
 * @return BEZEL_OK; BEZEL_ERROR_IO (the file cannot be read; nothing is changed);
 *         BEZEL_ERROR_INVALID_ARGUMENT (NULL path, a bad line or a refused key).
 */
int bezel_plugin_configure_file(struct bezel_plugin *plugin, const char *path,
				const char *section);

/**
 * Changes one key of the list above (a host setting or a gesture setting), keeping every other
 * setting as the last configuration left it: for hosts whose own calls or environment change
 * one setting (bezel_wlr_set_policy, an environment variable). Since 0.3.
 *
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL key or value, or the value or key is
 *         refused: a warning names it, and nothing changes).
 */
int bezel_plugin_set_setting(struct bezel_plugin *plugin, const char *key, const char *value);

/**
 * The value in force of a setting of the list above (not a gesture setting), as text in its
 * canonical spelling ("fullscreen", "true", "0", a path, "" for none): the configured value, or
 * the default. Copied NUL-terminated into `buf`; truncated when it does not fit. Since 0.3.
 *
 * @return BEZEL_OK; BEZEL_ERROR_NOT_FOUND (not a setting of the list); BEZEL_ERROR_LIMIT
 *         (`size` too small: truncated); BEZEL_ERROR_INVALID_ARGUMENT (NULL key or buf, size 0).
 */
int bezel_plugin_get_setting(struct bezel_plugin *plugin, const char *key, char *buf,
			     size_t size);

/**
 * A numeric setting (output-width-mm, output-height-mm, touch-output). Since 0.3.
 * @return BEZEL_OK; BEZEL_ERROR_NOT_FOUND (not a setting); BEZEL_ERROR_INVALID_ARGUMENT (NULL,
 *         or the setting is not a number).
 */
int bezel_plugin_get_setting_int(struct bezel_plugin *plugin, const char *key, int32_t *value);

/**
 * A true/false setting (panels, intercept, locked). Since 0.3.
 * @return as bezel_plugin_get_setting_int, for true/false settings.
 */
int bezel_plugin_get_setting_bool(struct bezel_plugin *plugin, const char *key, bool *value);

/**
 * One segment of an edge's binding (a `bind-<edge>` key, or its default): a stretch of the
 * edge, in fractions of its length from its start (the left end of the top and bottom edges,
 * the top end of the left and right edges), and the gesture bound there.
 */
struct bezel_edge_segment {
	/** Where the segment starts, 0 to 1 (inclusive). */
	double start;
	/** Where it ends, 0 to 1 (exclusive; an edge's last segment also takes 1). */
	double end;
	/** The gesture's name (a `bind-*` name); valid until the next configuration call. */
	const char *gesture;
};

/**
 * The edge bindings in force, read back: for a host that steps its own edge handling aside
 * where Bezel binds an edge (KWin's touch screen edges), with no copy of the defaults or of
 * the `bind-*` parser. Since 0.5.
 *
 * Stores in `*edges` (when not NULL) the edges with at least one segment, a mask of enum
 * bezel_edge. When `edge` is one edge (one bit of enum bezel_edge), copies that edge's
 * segments, in order along it, into `segments` (at most `capacity` of them) and stores their
 * number in `*count` (when not NULL), also when they do not all fit. `edge` 0 asks for the
 * mask only (`*count` is then 0).
 *
 * @return BEZEL_OK; BEZEL_ERROR_LIMIT (the edge has more than `capacity` segments: the first
 *         `capacity` are copied); BEZEL_ERROR_INVALID_ARGUMENT (`edge` neither 0 nor one
 *         edge, or NULL `segments` with `capacity` above 0).
 */
int bezel_plugin_get_bindings(struct bezel_plugin *plugin, uint32_t edge, uint32_t *edges,
			      struct bezel_edge_segment *segments, size_t capacity, size_t *count);

/**
 * Describes output 0, the output the touches of bezel_touch_down arrive on. Its layout
 * position is unchanged (see bezel_output_update to move it).
 *
 * @param width, height       size in logical pixels as the user sees it (after the transform).
 * @param width_mm, height_mm physical size as wl_output.geometry reports it (before the
 *                            transform); 0 or less means unknown (96 dpi is assumed).
 * @param transform           an enum wl_output_transform value (0..7); for the 90 and 270
 *                            degree variants the physical width and height are swapped.
 *                            Touches and surfaces are given as the user sees the screen, so
 *                            the edges are the user's edges (docs/design.md §4.1).
 * A new transform or size cancels what output 0's touches carried, as bezel_output_update does.
 * @return BEZEL_OK, BEZEL_ERROR_INVALID_ARGUMENT (non-positive or huge size, unknown
 *         transform) or BEZEL_ERROR_NOT_FOUND (output 0 was removed).
 */
int bezel_output_set(struct bezel_plugin *plugin, int32_t width, int32_t height,
		     int32_t width_mm, int32_t height_mm, int32_t transform);

/**
 * Adds output `output_id` (chosen by the host, not 0: 0 is the default output) at layout
 * position (x, y), with the size, physical size and transform semantics of bezel_output_set.
 * Its edges have their own zones, millimetre scale and armed state.
 *
 * @return BEZEL_OK, BEZEL_ERROR_EXISTS (the id is known; output 0 exists unless removed),
 *         BEZEL_ERROR_INVALID_ARGUMENT (bad position, size or transform), BEZEL_ERROR_LIMIT
 *         (more than 64 outputs).
 */
int bezel_output_add(struct bezel_plugin *plugin, uint32_t output_id, int32_t x, int32_t y,
		     int32_t width, int32_t height, int32_t width_mm, int32_t height_mm,
		     int32_t transform);

/**
 * Moves, resizes or re-transforms a known output (any id, 0 included). A move alone: touches
 * already down on it keep the candidates they started with; their later positions are placed at
 * the new layout position. A new transform (a rotation) or a new size in pixels changes which
 * edge is which for the user, so everything the output's touches carried is cancelled as
 * bezel_output_remove cancels it (R8: gestures report cancelled, candidates fail `cancelled`,
 * held events are dropped, clients with touches there get touch_cancel, shown affordances are
 * hidden); later events for those touch ids are dropped, and the next touch uses the new edges.
 * (Versions up to 0.3.0 kept the touches on any update.)
 *
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND (unknown id) or BEZEL_ERROR_INVALID_ARGUMENT.
 */
int bezel_output_update(struct bezel_plugin *plugin, uint32_t output_id, int32_t x, int32_t y,
			int32_t width, int32_t height, int32_t width_mm, int32_t height_mm,
			int32_t transform);

/**
 * Removes an output (0 included; bezel_output_add can add id 0 again afterwards). Everything
 * its touches carried is cancelled as for a device cancel (R8): running gestures on it report
 * cancelled, candidates fail `cancelled`, held events are dropped, and clients with touches
 * from it get touch_cancel (which ends all of such a client's touches). Affordances shown on it
 * are hidden. Later events for those touch ids are dropped with a debug log line, and
 * bezel_touch_motion/up for them return BEZEL_ERROR_NOT_FOUND.
 *
 * @return BEZEL_OK or BEZEL_ERROR_NOT_FOUND (unknown id).
 */
int bezel_output_remove(struct bezel_plugin *plugin, uint32_t output_id, uint32_t time_msec);

/**
 * Adds a surface, on top of its siblings. `parent` is NULL for a top-level surface, or the
 * wl_surface of an already added surface for a subsurface. The rectangle is in layout
 * coordinates (the same space as the outputs' positions). The client is the client of
 * `surface`'s resource. The surface takes input on its whole rectangle and is shown.
 *
 * If the client already created a bezel_gesture_surface_v1 for this surface, its committed
 * deferral takes effect now (and honored_edges may be sent).
 *
 * @return BEZEL_OK, BEZEL_ERROR_INVALID_ARGUMENT (NULL surface, non-finite, huge or negative
 *         size), BEZEL_ERROR_EXISTS (already added), BEZEL_ERROR_NOT_FOUND (unknown parent).
 */
int bezel_surface_add(struct bezel_plugin *plugin, struct wl_resource *surface,
		      struct wl_resource *parent, double x, double y, double width, double height);

/**
 * Moves or resizes an added surface (layout coordinates). Its input region, being
 * surface-local, moves with it. @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND if unknown, or
 * BEZEL_ERROR_INVALID_ARGUMENT (non-finite, huge or negative values).
 */
int bezel_surface_set_rect(struct bezel_plugin *plugin, struct wl_resource *surface,
			   double x, double y, double width, double height);

/** A rectangle in surface-local logical pixels (an input region is a union of these). */
struct bezel_rect {
	int32_t x, y, width, height;
};

/**
 * Replaces the surface's input region with the union of `count` rectangles (surface-local,
 * as wl_surface.set_input_region gives them; clipped to the surface). Where the region does
 * not cover, touches go through to what lies beneath. count == 0 means the surface takes no
 * input at all (never hit: cursor and drag-icon surfaces). The default is the whole surface;
 * bezel_surface_reset_input_region restores it. The rectangles are copied. Touches already
 * down are not affected.
 *
 * @param rects  `count` rectangles; may be NULL when count is 0. Rectangles with a
 *               non-positive width or height cover nothing.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND (surface not added), BEZEL_ERROR_INVALID_ARGUMENT
 *         (NULL surface, NULL rects with count > 0) or BEZEL_ERROR_LIMIT (count above 4096).
 */
int bezel_surface_set_input_region(struct bezel_plugin *plugin, struct wl_resource *surface,
				   const struct bezel_rect *rects, size_t count);

/**
 * The input region becomes the whole surface again (the default).
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND or BEZEL_ERROR_INVALID_ARGUMENT (NULL surface).
 */
int bezel_surface_reset_input_region(struct bezel_plugin *plugin, struct wl_resource *surface);

/**
 * Hides or shows a surface. A hidden surface (unmapped, minimised, on another workspace) is
 * never hit, and its subsurfaces neither. Touches already down on it are not affected.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND or BEZEL_ERROR_INVALID_ARGUMENT (NULL surface).
 */
int bezel_surface_set_hidden(struct bezel_plugin *plugin, struct wl_resource *surface, bool hidden);

/**
 * Restacks `surface` directly above `sibling` among the children of its parent (top-level
 * surfaces are children of the screen); `sibling` NULL puts it at the bottom. New surfaces are
 * added on top, so a host can follow its own layer and view order incrementally: when a view
 * moves, place it above the view now beneath it.
 *
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND (either surface not added) or
 *         BEZEL_ERROR_INVALID_ARGUMENT (NULL surface, surface == sibling, or the two do not
 *         have the same parent).
 */
int bezel_surface_place_above(struct bezel_plugin *plugin, struct wl_resource *surface,
			      struct wl_resource *sibling);

/**
 * Removes a surface and its subsurfaces. A client that had a touch on them gets touch_cancel;
 * held events are dropped; the surface's gesture object becomes inert only when the
 * wl_surface resource itself is destroyed (a removed surface can be added again, e.g. when
 * it is re-mapped). @return BEZEL_OK or BEZEL_ERROR_NOT_FOUND.
 */
int bezel_surface_remove(struct bezel_plugin *plugin, struct wl_resource *surface);

/**
 * Call from the host's wl_surface.commit handler, for every commit of every surface (unknown
 * surfaces are ignored cheaply). Applies the double-buffered requests (set_deferred_edges,
 * set_deferred_gestures, set_deferred_region) and a pending destroy of the gesture object;
 * honored_edges is sent when the honoured set changes.
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL surface).
 */
int bezel_surface_commit(struct bezel_plugin *plugin, struct wl_resource *surface);

/**
 * Host policy (R6): the edges `surface` may defer, a mask of enum bezel_edge (default
 * BEZEL_EDGE_ALL), e.g. only full-screen surfaces get BEZEL_EDGE_ALL and others 0. The
 * client is sent honored_edges if the honoured set changes.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND, or BEZEL_ERROR_INVALID_ARGUMENT (bits above 15).
 */
int bezel_surface_set_policy(struct bezel_plugin *plugin, struct wl_resource *surface,
			     uint32_t edges);

/**
 * Stores in `*edges` the edges currently honoured for `surface`.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND or BEZEL_ERROR_INVALID_ARGUMENT (NULL pointer).
 */
int bezel_surface_get_honored_edges(struct bezel_plugin *plugin, struct wl_resource *surface,
				    uint32_t *edges);

/**
 * Host policy (R6, docs/design.md §4.5 M4) for multi-finger gestures: the kinds `surface` may defer
 * through set_deferred_gestures, a mask of BEZEL_GESTURE_KIND_SWIPE | _PINCH | _HOLD (default:
 * all three). Apply the same rule as for edges, e.g. 0 for a window that is not full-screen, so
 * that a windowed app cannot keep the workspace swipe. A version 2 client that asked to defer
 * kinds is sent honored_gestures if the honoured set changes. The mask survives
 * bezel_surface_remove and a later bezel_surface_add of the same wl_surface.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND (not added), or BEZEL_ERROR_INVALID_ARGUMENT (NULL
 *         surface, or bits other than the three kinds).
 */
int bezel_surface_set_gesture_policy(struct bezel_plugin *plugin, struct wl_resource *surface,
				     uint32_t kinds);

/**
 * Stores in `*kinds` the multi-finger gesture kinds currently honoured for `surface`: what it
 * asked to defer, masked by the policy, and none while locked.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND or BEZEL_ERROR_INVALID_ARGUMENT (NULL pointer).
 */
int bezel_surface_get_honored_gestures(struct bezel_plugin *plugin, struct wl_resource *surface,
				       uint32_t *kinds);

/*
 * DEFERRAL REGIONS (protocol version 3, since 0.4)
 *
 * A version 3 client may send set_deferred_region(wl_region or null): its deferred edges then
 * apply only where a touch-down lands inside that region of the surface that decides (R3); a
 * touch outside it goes to the system gesture as if the edge were not deferred. The plugin
 * copies the region when the request arrives and applies it at the next bezel_surface_commit.
 *
 * A wl_region's rectangles belong to the compositor (libweston's weston_region, wlroots'
 * wlr_region_from_resource): the plugin cannot read them itself. The host registers a reader
 * once, after bezel_plugin_create. A host that registers none still works: every
 * set_deferred_region is then taken as null (the whole surface, the behaviour of versions 1
 * and 2), and the plugin writes a warning log line the first time.
 *
 * The host may also cap how much of each edge a region defers: the per-edge [bezel] key
 * `<edge>-deferred-cap-mm` (docs/design.md §5 version 3; default none).
 */

/**
 * Reads the rectangles of the wl_region resource `region`, surface-local logical pixels as
 * the client gave them. Writes at most `capacity` rectangles to `rects` and returns how many
 * the region has in all; when that is more than `capacity`, the plugin calls again with room
 * for all of them (up to 4096; beyond that it keeps the first 4096 and logs it). Returns a
 * negative value if `region` is not a wl_region the host knows (the request is then taken
 * as null, with a log line). Called only from inside the request's dispatch; must not call
 * bezel_* functions.
 */
typedef int (*bezel_region_reader)(void *data, struct wl_resource *region,
				   struct bezel_rect *rects, size_t capacity);

/**
 * Registers the host's wl_region reader (see above); `data` is passed to it. NULL removes it.
 * A host whose regions keep pixman boxes registers a bezel_region_boxes_reader instead (below).
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin).
 */
int bezel_plugin_set_region_reader(struct bezel_plugin *plugin, bezel_region_reader reader,
				   void *data);

/**
 * A rectangle given by its corners, x1 <= x < x2 and y1 <= y < y2: the layout of pixman's
 * pixman_box32_t, in which libweston's and wlroots' regions keep their rectangles.
 */
struct bezel_box {
	int32_t x1, y1, x2, y2;
};

/**
 * A wl_region reader that lends the region's own rectangles instead of copying them (since
 * 0.7): stores in `*boxes` the region's rectangles, in the compositor's storage, and returns
 * how many there are (negative, as for bezel_region_reader, if `region` is not a wl_region
 * the host knows; at most 4096 are kept, as with bezel_region_reader). The plugin reads them
 * before the request's dispatch returns: it compares them with the boxes of the surface's
 * committed region (one memcmp) and converts them only when they differ, so a region sent
 * again unchanged costs one read of it, with nothing written. Called only from inside the
 * request's dispatch; must not call bezel_* functions.
 */
typedef int (*bezel_region_boxes_reader)(void *data, struct wl_resource *region,
					 const struct bezel_box **boxes);

/**
 * Registers a reader of the kind above instead of a bezel_region_reader (the one registered
 * last is used; registering either kind removes the other). `data` is passed to it; NULL
 * removes it. @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin).
 */
int bezel_plugin_set_region_boxes_reader(struct bezel_plugin *plugin,
					 bezel_region_boxes_reader reader, void *data);

/**
 * Stores in `*count` how many rectangles the committed deferred region of `surface` has, and
 * copies at most `capacity` of them to `rects` (may be NULL when capacity is 0). `*count` is
 * -1 when the surface has no region (the whole surface). For hosts' tests and debugging.
 * @return BEZEL_OK, BEZEL_ERROR_NOT_FOUND (not added) or BEZEL_ERROR_INVALID_ARGUMENT.
 */
int bezel_surface_get_deferred_region(struct bezel_plugin *plugin, struct wl_resource *surface,
				      struct bezel_rect *rects, size_t capacity, int32_t *count);

/** Locks or unlocks the session (R6): while locked no deferral is honoured. */
int bezel_set_locked(struct bezel_plugin *plugin, bool locked, uint32_t time_msec);

/*
 * THE POLICY DECIDED BY THE PLUGIN (since 0.3)
 *
 * Rather than computing masks for bezel_surface_set_policy and _set_gesture_policy, a host
 * can give the plugin its facts and let it decide, with the `defer-policy` setting:
 *   - `fullscreen` (default): a surface may defer edges and gesture kinds while its top-level
 *     surface (the root of its subsurface tree in the plugin) is full screen;
 *   - `all`: every surface may.
 * The host says, for each top-level surface it adds, whether it is full screen
 * (bezel_surface_set_fullscreen), and again whenever that changes; the lock state comes from
 * bezel_set_locked as before.
 *
 * A surface's client is told honored_edges / honored_gestures only once the policy for it is
 * known: under `fullscreen`, once its top-level surface's fact was given, so a window is told
 * 0 and never first the edges it asked for (until then nothing is honoured for it, and its
 * requests wait). Under `all`, at once. Masks set with bezel_surface_set_policy and
 * _set_gesture_policy still apply on top (both must allow an edge).
 */

/**
 * Lets the plugin decide the policy (true) from `defer-policy` and the host's facts, or goes
 * back to the masks of bezel_surface_set_policy alone (false, the default). Call it after
 * bezel_plugin_create, before adding surfaces.
 *
 * @return BEZEL_OK; BEZEL_ERROR_EXISTS (surfaces were already added: nothing changed);
 *         BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin).
 */
int bezel_plugin_decide_policy(struct bezel_plugin *plugin, bool decide);

/**
 * The host's fact for an added top-level surface: it is full screen, or not. Its subsurfaces
 * (surfaces added with it as an ancestor) follow it. Giving it for a subsurface is allowed
 * and ignored: only the top-level surface's fact counts. The fact is forgotten when the
 * surface is removed; give it again after adding it back. Calling it again with the same
 * value costs nothing.
 *
 * @return BEZEL_OK; BEZEL_ERROR_NOT_FOUND (surface not added); BEZEL_ERROR_INVALID_ARGUMENT
 *         (NULL surface).
 */
int bezel_surface_set_fullscreen(struct bezel_plugin *plugin, struct wl_resource *surface,
				 bool fullscreen);

/**
 * Touch input, in the order the device reports it, each group closed by bezel_touch_frame.
 * `id` is the wl_touch id (e.g. the libinput seat slot); ids are unique among the touches
 * down at once, on all outputs. bezel_touch_down is bezel_touch_down_on_output with output 0.
 * Garbage is refused with a return code and a log line, never fatal, and leaves the plugin's
 * state as it was; times going backwards are clamped (BEZEL_OK, debug log line).
 *
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin, non-finite or huge position);
 *         BEZEL_ERROR_EXISTS (the id is already down: dropped); BEZEL_ERROR_LIMIT (as many
 *         touches down as the plugin tracks, 16: dropped); BEZEL_ERROR_NOT_FOUND (output 0
 *         was removed).
 */
int bezel_touch_down(struct bezel_plugin *plugin, int32_t id, double x, double y,
		     uint32_t time_msec);

/**
 * A touch went down on output `output_id` at OUTPUT-LOCAL logical px (x, y), as libinput's
 * transformed coordinates for that output give them. The edge zones and millimetres are that
 * output's; surfaces are hit-tested at the layout position (output origin + (x, y)). Its
 * motion and up use bezel_touch_motion / bezel_touch_up with coordinates local to the same
 * output.
 *
 * @return as bezel_touch_down; BEZEL_ERROR_NOT_FOUND for an unknown output (dropped).
 */
int bezel_touch_down_on_output(struct bezel_plugin *plugin, uint32_t output_id, int32_t id,
			       double x, double y, uint32_t time_msec);

/**
 * For hosts that hit-test themselves (wlroots' wlr_scene_node_at, weston_compositor_pick_view):
 * like bezel_touch_down_on_output, but the host names the surface under the finger (NULL: no
 * surface; the touch can still start a system gesture but no client gets it). The R3 lookup
 * for deferred edges walks up from that surface through its parents, and surface-local
 * coordinates are taken from that surface's rectangle. The plugin's own stacking, input
 * regions and hidden flags are not consulted.
 *
 * @return as bezel_touch_down_on_output; BEZEL_ERROR_NOT_FOUND also when `surface` was not
 *         added: the touch is then still taken, as over no surface, with a log line.
 */
int bezel_touch_down_on_surface(struct bezel_plugin *plugin, uint32_t output_id, int32_t id,
				double x, double y, struct wl_resource *surface,
				uint32_t time_msec);

/*
 * TOUCHES IN LAYOUT COORDINATES (since 0.3)
 *
 * Hosts whose input arrives in layout coordinates (weston's grabs, wlroots' cursor and
 * touch handlers after wlr_cursor_absolute_to_layout_coords) give them as they are: the
 * plugin finds the output, derives the output-local position for the edge zones and the
 * surface-local one for clients, in one place. Surfaces are in layout coordinates already
 * (bezel_surface_add / set_rect).
 */

/**
 * A touch went down at layout position (lx, ly). The output is the one whose rectangle holds
 * the point (the nearest one when none does, e.g. a finger on a bezel outside the layout);
 * the rest is as bezel_touch_down_on_output.
 *
 * @return as bezel_touch_down_on_output; BEZEL_ERROR_NOT_FOUND when there is no output.
 */
int bezel_touch_down_layout(struct bezel_plugin *plugin, int32_t id, double lx, double ly,
			    uint32_t time_msec);

/**
 * As bezel_touch_down_layout, for hosts that hit-test themselves: `surface` is the surface
 * under the finger (NULL: none), as in bezel_touch_down_on_surface.
 *
 * @return as bezel_touch_down_on_surface.
 */
int bezel_touch_down_layout_on_surface(struct bezel_plugin *plugin, int32_t id, double lx,
				       double ly, struct wl_resource *surface, uint32_t time_msec);

/**
 * A touch moved to layout position (lx, ly); made local to the output it went down on (at
 * that output's current position). Touches that went down through bezel_touch_down_on_output
 * may move this way too.
 *
 * @return as bezel_touch_motion.
 */
int bezel_touch_motion_layout(struct bezel_plugin *plugin, int32_t id, double lx, double ly,
			      uint32_t time_msec);

/**
 * From inside the `touch_down` callback only: the host could not deliver that down (e.g. an
 * xdg_popup grab dismissed its popup with it instead). The plugin then sends nothing more for
 * touch `id` to that client, and writes no `send down` line. The plugin keeps this, so hosts
 * keep no per-touch delivery state of their own: what a client is still owed after a
 * touch_cancel or a refused down is the plugin's business.
 *
 * @return BEZEL_OK; BEZEL_ERROR_NOT_FOUND (not inside touch_down for `id`; nothing changed);
 *         BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin).
 */
int bezel_touch_refused(struct bezel_plugin *plugin, int32_t id);

/**
 * A touch moved, to a position local to the output it went down on. See bezel_touch_down.
 * @return BEZEL_OK, BEZEL_ERROR_INVALID_ARGUMENT (non-finite or huge position; dropped) or
 *         BEZEL_ERROR_NOT_FOUND (the id is not down, e.g. its output was removed; dropped).
 */
int bezel_touch_motion(struct bezel_plugin *plugin, int32_t id, double x, double y,
		       uint32_t time_msec);
/**
 * A touch lifted. See bezel_touch_down.
 * @return BEZEL_OK or BEZEL_ERROR_NOT_FOUND (the id is not down; dropped).
 */
int bezel_touch_up(struct bezel_plugin *plugin, int32_t id, uint32_t time_msec);
/** The end of one input frame (LIBINPUT_EVENT_TOUCH_FRAME). */
int bezel_touch_frame(struct bezel_plugin *plugin, uint32_t time_msec);
/**
 * The device cancelled every touch (LIBINPUT_EVENT_TOUCH_CANCEL, device removal), on every
 * output (R8): running gestures report cancelled, candidates fail `cancelled`, held events are
 * dropped and every client with touches gets touch_cancel. To cancel only what one output
 * carried, see bezel_output_remove.
 */
int bezel_touch_cancel(struct bezel_plugin *plugin, uint32_t time_msec);

/**
 * A client started a drag-and-drop session with touch `id` (wl_data_device.start_drag with
 * that touch's serial). The plugin stops routing that touch to the client (R7).
 */
int bezel_drag_start(struct bezel_plugin *plugin, int32_t id, uint32_t time_msec);
/** The drag-and-drop session ended (dropped or cancelled). */
int bezel_drag_end(struct bezel_plugin *plugin, uint32_t time_msec);

/* ======================================================================================== */
/* 4. A libinput touch source (docs/design.md §7)                                                   */
/* ======================================================================================== */

/*
 * For hosts (and test rigs) that have no touch input of their own to feed the plugin: a
 * libinput context of the library's own, on the host's wl_event_loop, that hands every touch to
 * a listener already mapped onto the output. The mapping, slot allocation, calibration,
 * hot-plug and cancel handling are those of the Swift trace readers, so a recording and the
 * live device give the same touches. A typical host forwards the listener's calls one to one
 * to bezel_touch_down / _motion / _up / _frame / _cancel.
 *
 * Single-threaded like the rest of this interface: every listener call comes from the event
 * loop's dispatch (never from inside a bezel_input_source_* call), on the loop's thread.
 */

struct wl_event_loop;

/** Opaque libinput touch source. */
struct bezel_input_source;

/**
 * libinput could not be set up: no context, the udev seat could not be assigned, or a device
 * node could not be opened (missing, not an input device, no permission). Returned only by
 * the bezel_input_source_* calls; the log callback says which and why.
 */
enum bezel_input_result {
	BEZEL_ERROR_INPUT = -8,
};

/**
 * What the source tells the host. Every member may be NULL (that call is then skipped).
 * `data` is the `data` given to bezel_input_source_create. Strings are valid during the call.
 *
 * Touches arrive grouped as libinput frames them: some down / motion / up calls, then one
 * frame call. Positions are output logical pixels as the user sees the screen (calibration and
 * output transform applied, see bezel_input_source_set_output), clamped onto the output.
 * `id` is the lowest id free when the finger touched (libinput seat slots), below 10; fingers
 * beyond ten are dropped with a log line. `time_msec` is libinput's event time
 * (CLOCK_MONOTONIC, milliseconds truncated to 32 bits), never going backwards.
 */
struct bezel_input_listener {
	/** Finger `id` touched the screen at (x, y). */
	void (*down)(void *data, int32_t id, double x, double y, uint32_t time_msec);
	/** Finger `id` moved to (x, y). */
	void (*motion)(void *data, int32_t id, double x, double y, uint32_t time_msec);
	/** Finger `id` lifted. */
	void (*up)(void *data, int32_t id, uint32_t time_msec);
	/** The end of a group of down / motion / up calls (LIBINPUT_EVENT_TOUCH_FRAME). */
	void (*frame)(void *data, uint32_t time_msec);
	/**
	 * Every finger down is over and will not lift: libinput's TOUCH_CANCEL, or the touchscreen
	 * was removed with fingers down (then before its device_removed). Comes after the frame
	 * call of the events it follows; those fingers' later events are swallowed.
	 */
	void (*cancel)(void *data, uint32_t time_msec);
	/** A touchscreen was added: its name ("ELAN Touchscreen") and sysname ("event9"). */
	void (*device_added)(void *data, const char *name, const char *sysname);
	/** A touchscreen reported by device_added went away (unplugged or removed by the host). */
	void (*device_removed)(void *data, const char *name, const char *sysname);
	/** A log line (enum bezel_log_level), libinput's own included, without a newline. */
	void (*log)(void *data, int level, const char *message);
};

/**
 * Creates a libinput touch source and adds its fd to `loop`.
 *
 * @param loop      the host's event loop (wl_display_get_event_loop). Destroy the source
 *                  before the loop; if the loop goes first, the source notices and then only
 *                  frees memory when destroyed.
 * @param seat      a udev seat ("seat0"): libinput's udev backend, with hot-plug. Or NULL for
 *                  the path backend with the device nodes in `paths`.
 * @param paths     NULL-terminated list of device nodes ("/dev/input/event9") when `seat` is
 *                  NULL; NULL or an empty list starts with no device (see
 *                  bezel_input_source_add_device). Must be NULL when `seat` is given.
 * @param listener  copied, so it may be freed after the call.
 * @param data      passed to every listener call.
 * @param out       receives the source on success, NULL on failure.
 *
 * The output starts as 1080x1920, normal transform (call bezel_input_source_set_output).
 * Devices already present are announced with device_added from the next loop iteration.
 *
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL loop/listener/out, both seat and
 *         paths); BEZEL_ERROR_INPUT (libinput set-up or a device failed: nothing is kept);
 *         BEZEL_ERROR_WAYLAND (the fd could not be added to the loop).
 */
int bezel_input_source_create(struct wl_event_loop *loop, const char *seat,
			      const char *const *paths, const struct bezel_input_listener *listener,
			      void *data, struct bezel_input_source **out);

/**
 * The output the touches map to: its logical size as the user sees it (after the transform)
 * and its transform (enum wl_output_transform, 0..7). The touchscreen is taken to cover the
 * whole output. Applies to the next touch events.
 *
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL, non-positive size, unknown
 *         transform; the mapping is unchanged).
 */
int bezel_input_source_set_output(struct bezel_input_source *source, int32_t width,
				  int32_t height, int32_t transform);

/**
 * A calibration matrix applied on top of libinput's own (the udev property
 * LIBINPUT_CALIBRATION_MATRIX is already applied by libinput): the top two rows of a 3x3 affine
 * matrix on normalized device coordinates, as libinput_device_config_calibration_set_matrix
 * takes it. NULL restores the identity.
 *
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL source, a non-finite number).
 */
int bezel_input_source_set_calibration(struct bezel_input_source *source,
				       const double matrix[6]);

/**
 * Path backend: opens one more device node (hot-plug driven by the host, or a node that was
 * unplugged and came back). Adding a node already open does nothing.
 *
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL, or a udev-seat source);
 *         BEZEL_ERROR_INPUT (libinput could not open it).
 */
int bezel_input_source_add_device(struct bezel_input_source *source, const char *path);

/**
 * Path backend: closes a device node added before. Its fingers that are down get cancel, then
 * device_removed comes, from the next loop iteration.
 *
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL, or a udev-seat source);
 *         BEZEL_ERROR_NOT_FOUND (the node is not open).
 */
int bezel_input_source_remove_device(struct bezel_input_source *source, const char *path);

/**
 * The libinput time of the events being delivered, in microseconds (CLOCK_MONOTONIC, not
 * truncated): for hosts whose logs or latency measurements need more than time_msec. Valid
 * during a listener call and until the next dispatch; 0 before the first touch or for NULL.
 */
uint64_t bezel_input_source_get_time_usec(const struct bezel_input_source *source);

/**
 * Removes the fd from the loop, closes the devices and frees the source. No listener call
 * follows. Allowed from inside a listener call of this source: the rest of the events being
 * dispatched are then dropped, and the source is freed when the dispatch returns (deferred;
 * BEZEL_OK is returned and the pointer must not be used again).
 *
 * @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL).
 */
int bezel_input_source_destroy(struct bezel_input_source *source);

/* ======================================================================================== */
/* 5. The event log                                                                         */
/* ======================================================================================== */

/*
 * A test and measurement aid: one line per input event, per event sent to a client and per
 * decision, each prefixed by the CLOCK_MONOTONIC time in microseconds and a space. The shapes
 * are listed in docs/hosts.md; tests of every host read them. The plugin writes its own lines
 * (input, send, gesture, affordance, drag, lock, output and surface lines) to its log, set
 * with the `event-log` key or bezel_plugin_set_event_log; a host adds lines only it can know
 * (a popup grab, a foreign grab) with bezel_event_log_write on bezel_plugin_get_event_log.
 * Other processes and modules (a test rig) may append to the same file with a log of their
 * own: lines are written whole, and a log of one's own is flushed at each line. The plugin's
 * log is buffered (64 KiB) and flushed when the display's event loop goes idle, so its lines
 * reach the file within one pass of the loop, and it is capped by `event-log-max-kb` (one
 * rotation: PATH.1).
 */

/** An open event log. */
struct bezel_event_log;

/**
 * Opens `path` for appending (created if missing, close-on-exec).
 * @return BEZEL_OK; BEZEL_ERROR_INVALID_ARGUMENT (NULL or empty path, NULL out);
 *         BEZEL_ERROR_IO (cannot be opened; errno says why). *out is NULL on failure.
 */
int bezel_event_log_open(const char *path, struct bezel_event_log **out);

/**
 * Appends one line: the time prefix, then `fmt` formatted as printf does, then a newline.
 * A NULL `log` writes nothing and returns BEZEL_OK, so a host need not check whether logging
 * is on. @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT (NULL fmt).
 */
int bezel_event_log_write(struct bezel_event_log *log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** Closes a log opened by bezel_event_log_open. @return BEZEL_OK or BEZEL_ERROR_INVALID_ARGUMENT. */
int bezel_event_log_close(struct bezel_event_log *log);

/**
 * The plugin's event log: opens `path` for appending (as the `event-log` key does), replacing
 * the log in use; NULL or "" closes it.
 * @return BEZEL_OK; BEZEL_ERROR_IO (cannot be opened: the plugin then has no log, and a
 *         warning says why); BEZEL_ERROR_INVALID_ARGUMENT (NULL plugin).
 */
int bezel_plugin_set_event_log(struct bezel_plugin *plugin, const char *path);

/**
 * The plugin's event log, for the host's own lines; NULL when there is none (or for a NULL
 * plugin). Owned by the plugin: valid until the log is replaced or the plugin destroyed.
 */
struct bezel_event_log *bezel_plugin_get_event_log(struct bezel_plugin *plugin);

#ifdef __cplusplus
}
#endif

#endif /* BEZEL_H */
