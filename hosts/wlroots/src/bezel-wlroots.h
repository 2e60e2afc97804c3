/*
 * bezel-wlroots.h: Bezel's system edge gestures in any wlroots 0.15 compositor (0.15.1 or later
 * 0.15, as Debian 12 ships), in a few calls.
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 *
 * WHAT IT DOES
 *
 * libbezel-wlroots sits between a compositor's touch devices and its wlr_seat. It
 *   - creates the Bezel plugin (libbezel, bezel.h) and with it the
 *     bezel_system_gestures_manager_v1 global, and forwards every wl_surface commit and
 *     destruction to it;
 *   - installs its own wlr_seat touch grab, so no client gets a touch unless the plugin says so:
 *     touches at a screen edge are held, then either released to the client with their original
 *     times and serials or kept for a system gesture (dock, cover sheet, ...), and a client whose
 *     touch a late gesture takes gets wl_touch.cancel;
 *   - shares the seat's one touch-grab slot: an xdg_popup grab or a touch drag that starts while
 *     its grab is installed goes underneath it, and when that grab ends the adapter's grab is
 *     still the one on top (wlroots' own end_grab would fall back to the default grab);
 *   - follows touch drags (wlr_seat start_drag) and cancels a drag-and-drop session when a
 *     modal gesture begins (source cancelled, target gets leave, nothing is dropped);
 *   - follows outputs in the wlr_output_layout, the lock state and the per-surface policy (R6:
 *     by default a surface may defer edges only while it is a full-screen xdg toplevel).
 *
 * HOW A COMPOSITOR USES IT
 *
 *   struct bezel_wlr *bezel;
 *   struct bezel_wlr_interface iface = {
 *           .version = BEZEL_WLR_INTERFACE_VERSION,
 *           .surface_at = my_surface_at,         // e.g. wlr_scene_node_at on the app layers
 *           .gesture = my_gesture,               // optional: move a dock panel with `progress`
 *   };
 *   bezel_wlr_create(display, compositor, seat, output_layout, &iface, me, &bezel);
 *
 * and, in the touch device's handlers, instead of hit-testing and calling
 * wlr_seat_touch_notify_down/motion/up/frame itself:
 *
 *   bezel_wlr_touch_down(bezel, id, lx, ly, time_msec);   // layout coordinates
 *   bezel_wlr_touch_motion(bezel, id, lx, ly, time_msec);
 *   bezel_wlr_touch_up(bezel, id, time_msec);
 *   bezel_wlr_touch_frame(bezel);
 *   bezel_wlr_touch_cancel(bezel, time_msec);             // the device cancelled or went away
 *
 * The adapter still calls wlr_seat_touch_notify_* itself, so the seat keeps its touch points,
 * popup grabs and drags see their touches, and wl_data_device.start_drag validates the serial
 * of the down the client got.
 *
 * Everything runs on the display's event loop thread. Nothing here aborts the compositor: bad
 * arguments are refused with a return code and a log line (wlr_log).
 *
 * Build flags: pkg-config --cflags --libs bezel-wlroots (needs -DWLR_USE_UNSTABLE like wlroots).
 */
#ifndef BEZEL_WLROOTS_H
#define BEZEL_WLROOTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wlr_compositor;
struct wlr_seat;
struct wlr_output;
struct wlr_output_layout;
struct wlr_surface;
struct bezel_plugin;

/** Version of struct bezel_wlr_interface that this header describes (2 added `emulate`; the
 * adapter still takes a version 1 struct, which ends before it). 3 says that the compositor
 * reads struct bezel_wlr_gesture_event's `app_handled`: a compositor that gives 1 or 2 is not
 * told a gesture the app handles at all, since it could not tell it from its own. */
#define BEZEL_WLR_INTERFACE_VERSION 3

/** Phases of a system gesture as the `gesture` callback reports them. */
enum bezel_wlr_gesture_phase {
	BEZEL_WLR_GESTURE_BEGAN = 0,
	BEZEL_WLR_GESTURE_CHANGED = 1,
	BEZEL_WLR_GESTURE_ENDED = 2,
	BEZEL_WLR_GESTURE_CANCELLED = 3,
	BEZEL_WLR_GESTURE_FAILED = 4,
};

/** One system gesture event; valid only during the callback. */
struct bezel_wlr_gesture_event {
	uint32_t phase;            /**< enum bezel_wlr_gesture_phase */
	struct wlr_output *output; /**< the output the gesture is on (may be NULL if unknown) */
	const char *gesture;       /**< "dock", "cover_sheet", "control_center", "slide_over", ... */
	uint32_t edge;             /**< enum bezel_edge (bezel.h): top 1, bottom 2, left 4, right 8 */
	double travel_mm;          /**< CHANGED: inward travel */
	double progress;           /**< CHANGED: travel / full distance, 0 and up */
	double velocity_mm_s;      /**< CHANGED: filtered inward velocity */
	bool committed;            /**< ENDED: complete the action, else animate back */
	const char *reason;        /**< FAILED: tap, lateral, still, ...; NULL otherwise */
	/* Multi-finger gestures (docs/design.md §4.5) have edge 0 and these set; appended so that older
	 * compositors that never read them stay correct. */
	uint32_t kind;             /**< enum bezel_gesture_kind (bezel.h): 0 edge, 1 swipe, 2 pinch, 4 hold */
	uint32_t fingers;          /**< 1 for edge gestures, 3..5 for multi-finger ones */
	double scale;              /**< CHANGED, pinch: mean finger distance over its value at the down */
	/* Interface version 3. */
	bool app_handled;          /**< the app shows this gesture (the back gesture, docs/design.md
	                                §4.6, R10): the compositor takes no action of its own for it
	                                (no panel, no key, no window closed); the same on every event
	                                of one gesture */
};

/** What the `emulate` callback reports (interface version 2). */
enum bezel_wlr_emulate_kind {
	BEZEL_WLR_EMULATE_DOWN = 0,
	BEZEL_WLR_EMULATE_MOTION = 1,
	BEZEL_WLR_EMULATE_UP = 2,
	BEZEL_WLR_EMULATE_CANCEL = 3,
};

/** What the adapter asks of the compositor. Only surface_at is required. */
struct bezel_wlr_interface {
	/** BEZEL_WLR_INTERFACE_VERSION (or 1: the struct then ends before `emulate`). */
	uint32_t version;
	/**
	 * The surface that takes touch input at layout point (lx, ly), following the
	 * compositor's own stacking and input regions and skipping surfaces that take no input
	 * (cursor, drag icon, the compositor's own panels); NULL if none. Stores the
	 * surface-local position in *sx, *sy.
	 */
	struct wlr_surface *(*surface_at)(void *data, double lx, double ly, double *sx, double *sy);
	/**
	 * Where `surface` is shown: its layout position in *lx, *ly, and true; false if it is not
	 * shown (unmapped, hidden). Asked after a commit of a surface the plugin does not know yet,
	 * so that it knows the surface (and tells its client which edges it honours) from the
	 * moment it is mapped, not only from its first touch; then only while a finger is on the
	 * surface and for the parents of a surface a touch hits. Keep it cheap (no walk over every
	 * surface). May be NULL: surfaces are then made known at their first touch.
	 */
	bool (*surface_position)(void *data, struct wlr_surface *surface, double *lx, double *ly);
	/** A system gesture began, moved, ended, was cancelled or failed (may be NULL). */
	void (*gesture)(void *data, const struct bezel_wlr_gesture_event *event);
	/** Show or hide the "swipe again" hint at `edge` of `output` (R3; may be NULL). */
	void (*affordance)(void *data, struct wlr_output *output, uint32_t edge, bool shown);
	/**
	 * Version 2; may be NULL. The plugin delivered a touch event (at once, or when it released
	 * a held touch) to `surface`, whose client binds no wl_touch and so got nothing: a
	 * compositor that emulates a pointer for such clients (sway) does it here, so that those
	 * touches are held, released and taken as Bezel decides. DOWN and MOTION carry the layout
	 * position (lx, ly) of touch `id`; UP ends it; CANCEL (id -1) means a system gesture took
	 * the touches of `surface`'s client: end the emulated press without acting on it.
	 */
	void (*emulate)(void *data, enum bezel_wlr_emulate_kind kind, struct wlr_surface *surface,
			int32_t id, double lx, double ly, uint32_t time_msec);
};

/** Which surfaces may defer edges to themselves (R6). */
enum bezel_wlr_policy {
	/** Only full-screen xdg toplevels (and their subsurfaces and popups): the default. */
	BEZEL_WLR_POLICY_FULLSCREEN = 0,
	/** Every surface. */
	BEZEL_WLR_POLICY_ALL = 1,
};

/** The adapter: one per seat. */
struct bezel_wlr;

/**
 * Creates the adapter on `seat`: creates the plugin (and its global) on `display`, installs
 * the touch grab, and starts following `compositor`'s surfaces, `layout`'s outputs and the
 * seat's drags. `iface` is copied; `data` is passed to its callbacks.
 * @return 0 on success, or a negative enum bezel_result (bezel.h) with *out set to NULL.
 */
int bezel_wlr_create(struct wl_display *display, struct wlr_compositor *compositor,
		     struct wlr_seat *seat, struct wlr_output_layout *layout,
		     const struct bezel_wlr_interface *iface, void *data, struct bezel_wlr **out);

/**
 * Removes the grab (a grab that went underneath it is put back on the seat), stops listening
 * and destroys the plugin. Call it before the seat, layout and display go away.
 */
void bezel_wlr_destroy(struct bezel_wlr *bezel);

/**
 * The plugin, for its configuration (bezel.h: bezel_plugin_configure_file and the one [bezel]
 * key list, bezel_plugin_get_setting for the keys a compositor acts on itself) and its event
 * log (bezel_plugin_get_event_log, for the compositor's own lines).
 */
struct bezel_plugin *bezel_wlr_get_plugin(struct bezel_wlr *bezel);

/**
 * R6: which surfaces may defer edges and gesture kinds (default BEZEL_WLR_POLICY_FULLSCREEN):
 * the [bezel] key `defer-policy` (bezel_plugin_set_setting). The plugin decides from it and
 * from whether each surface's toplevel is full screen, which the adapter tells it.
 */
int bezel_wlr_set_policy(struct bezel_wlr *bezel, enum bezel_wlr_policy policy);

/** R6: the session is locked (no deferral honoured, only when_locked gestures) or not. */
int bezel_wlr_set_locked(struct bezel_wlr *bezel, bool locked);

/**
 * Physical size of `output` in mm, for outputs that do not report one (headless, some
 * panels); 0 x 0 goes back to what the output reports (96 dpi if nothing). The [bezel] keys
 * output-width-mm / output-height-mm, when set, apply to every output over this.
 */
int bezel_wlr_set_output_size_mm(struct bezel_wlr *bezel, struct wlr_output *output,
				 int32_t width_mm, int32_t height_mm);

/**
 * Test and measurement aid: the plugin appends its event log (bezel.h section 5, line shapes in
 * docs/hosts.md) to the file `log` is open on, through a descriptor of its own opened by the
 * file's path, so that past event-log-max-kb it renames that path to PATH.1 and begins a new
 * PATH (the caller's FILE then still writes to PATH.1). NULL stops. The FILE stays the caller's.
 * The [bezel] key `event-log=PATH` does the same without a FILE.
 */
void bezel_wlr_set_event_log(struct bezel_wlr *bezel, FILE *log);

/**
 * Touch input in layout coordinates, in the order the device reports it; each group is closed
 * by bezel_wlr_touch_frame. `id` is the touch id clients see (the libinput seat slot).
 * @return bezel_wlr_touch_down: the serial of the wl_touch.down the client gets (or will get
 *         if the touch is held), 0 if no client can get this touch.
 */
uint32_t bezel_wlr_touch_down(struct bezel_wlr *bezel, int32_t id, double lx, double ly,
			      uint32_t time_msec);
/** A touch moved (layout coordinates). */
void bezel_wlr_touch_motion(struct bezel_wlr *bezel, int32_t id, double lx, double ly,
			    uint32_t time_msec);
/** A touch lifted. */
void bezel_wlr_touch_up(struct bezel_wlr *bezel, int32_t id, uint32_t time_msec);
/** The end of one input frame. */
void bezel_wlr_touch_frame(struct bezel_wlr *bezel);
/** The device cancelled every touch (libinput TOUCH_CANCEL, device removed): R8. */
void bezel_wlr_touch_cancel(struct bezel_wlr *bezel, uint32_t time_msec);

#ifdef __cplusplus
}
#endif

#endif /* BEZEL_WLROOTS_H */
