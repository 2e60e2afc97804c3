/*
 * bezel-wlr-touch-rig.so: TEST EQUIPMENT ONLY, an LD_PRELOAD for wlroots 0.15 and 0.18 compositors
 * that load no plugins (cage, sway, phoc). Never installed, never part of a patch series.
 *
 * On the headless backend such a compositor has no input device. The rig wraps four wlroots
 * calls the compositor makes anyway:
 *   - wlr_backend_autocreate: remembers the event loop (0.15: the display's) and the backend it returns;
 *   - wlr_output_layout_create: remembers the compositor's layout (BEZEL_RIG_UNPLUG below);
 *   - wlr_headless_add_output, while inside that autocreate call only: the headless outputs get
 *     the size of BEZEL_RIG_OUTPUT (sway's own fallback output keeps its size);
 *   - wlr_backend_start of that backend: after it, one touch device is added to its headless
 *     backend (wlr_headless_add_input_device; wlroots 0.18 has none: the rig makes the device
 *     and announces it on the backend's new_input), which the compositor takes in like a real
 *     touchscreen (cursor, seat capability), and fed from a touchscreen node read through
 *     Bezel's own libinput touch source (bezel.h section 4): in the tests an umockdev-emulated
 *     device replaying a recording. Its events are emitted as the headless device's own, so
 *     they take the path a real device's take through the compositor.
 *
 * Environment:
 *   BEZEL_RIG_TOUCH_DEVICE=/dev/input/eventN   the node (nothing is done without it)
 *   BEZEL_RIG_OPEN=sigusr2|start               open it at SIGUSR2 (default) or at once
 *   BEZEL_RIG_OUTPUT=WxH                       headless output size (default 1080x1920)
 *   BEZEL_RIG_EVENT_LOG=FILE                   "libinput down|motion|up id=N time_us=T" lines
 *                                              (docs/hosts.md), appended beside the plugin's
 *   BEZEL_RIG_TRANSFORM=T                      the output turned by T (normal, 90, 180, 270,
 *                                              flipped, flipped-90, ...) once the backend runs
 *   BEZEL_RIG_ROTATE=T@N                       and turned to T after the N-th touch motion
 *                                              ("rig rotate" line), as a phone turns mid-gesture
 * The recording stays in the panel's orientation: the source maps it through the transform.
 *   BEZEL_RIG_UNPLUG=N                         a second headless output of the same size beside
 *                                              the touchscreen's (the layout places it to the
 *                                              right); the touchscreen's is destroyed after the
 *                                              N-th touch motion ("rig unplug" line), as a cable
 *                                              pulled mid-gesture; the touchscreen then covers
 *                                              the second
 *   BEZEL_RIG_POINTER=1                        also a headless pointer device, never fed: the
 *                                              seat then has the pointer capability, which
 *                                              sway's pointer emulation for touches needs
 * A replayed recording keeps its own spacing: its times are shifted once so that they start now.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include <wlr/version.h>
#if WLR_VERSION_MINOR >= 18
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/interfaces/wlr_touch.h>
#include <wlr/types/wlr_pointer.h>
#endif

#include "bezel.h"

#if WLR_VERSION_MINOR >= 18
/* wlroots 0.18: autocreate takes the event loop (and hands out the session); touch events are
 * wlr_touch_*_event and name the wlr_touch, which holds their signals. */
#define AUTOCREATE_PARAMS struct wl_event_loop *loop, struct wlr_session **session
#define AUTOCREATE_ARGS loop, session
#define AUTOCREATE_LOOP loop
#define LAYOUT_PARAMS struct wl_display *display
#define LAYOUT_ARGS display
#define RIG_EVENT(kind) struct wlr_touch_##kind##_event
#define RIG_SOURCE (&rig.touch_device)
#define RIG_SIGNALS (&rig.touch_device.events)
#else
/* wlroots 0.15: autocreate takes the display; touch events name the input device. */
#define AUTOCREATE_PARAMS struct wl_display *display
#define AUTOCREATE_ARGS display
#define AUTOCREATE_LOOP wl_display_get_event_loop(display)
#define LAYOUT_PARAMS void
#define LAYOUT_ARGS
#define RIG_EVENT(kind) struct wlr_event_touch_##kind
#define RIG_SOURCE rig.touch
#define RIG_SIGNALS (&rig.touch->touch->events)
#endif

static struct {
	struct wl_event_loop *loop;
	struct wlr_backend *backend;    /* the autocreated one */
	struct wlr_backend *headless;   /* inside it */
	struct wlr_input_device *touch; /* the device the rig feeds */
#if WLR_VERSION_MINOR >= 18
	struct wlr_touch touch_device;  /* the rig's own devices, gone with the backend */
	struct wlr_pointer pointer_device;
	bool pointer_added;
	struct wl_listener backend_destroy;
#endif
	struct wlr_output *output;      /* the first headless output: the touchscreen's */
	struct wlr_output *spare;       /* BEZEL_RIG_UNPLUG: the output beside it, until the unplug */
	struct wlr_output_layout *layout; /* the compositor's (the first it makes) */
	int rotate_to, rotate_after, motions, unplug_after;
	struct bezel_input_source *source;
	struct bezel_event_log *log;
	const char *node;
	int width, height;
	bool in_autocreate, started, opened;
	bool offset_set;
	int64_t offset_ms;
} rig = { .width = 1080, .height = 1920, .rotate_to = -1 };

static void *real(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);
	if (!f) {
		fprintf(stderr, "bezel-wlr-touch-rig: no %s after the rig\n", name);
		abort();
	}
	return f;
}

struct wlr_backend *wlr_backend_autocreate(AUTOCREATE_PARAMS)
{
	struct wlr_backend *(*next)(AUTOCREATE_PARAMS) = real("wlr_backend_autocreate");
	const char *size = getenv("BEZEL_RIG_OUTPUT");
	if (size && sscanf(size, "%dx%d", &rig.width, &rig.height) != 2)
		rig.width = 1080, rig.height = 1920;
	/* SIGUSR2 opens the node (set_up): blocked from here on, so that threads the compositor
	 * starts later (Pango's font loader in sway 1.10) inherit the block and the signal reaches
	 * the event loop's signalfd, not a thread whose default action ends the process. */
	const char *node = getenv("BEZEL_RIG_TOUCH_DEVICE"), *when = getenv("BEZEL_RIG_OPEN");
	if (!rig.backend && node && *node && !(when && !strcmp(when, "start"))) {
		sigset_t usr2;
		sigemptyset(&usr2);
		sigaddset(&usr2, SIGUSR2);
		pthread_sigmask(SIG_BLOCK, &usr2, NULL);
	}
	rig.in_autocreate = true;
	struct wlr_backend *b = next(AUTOCREATE_ARGS);
	rig.in_autocreate = false;
	if (!rig.backend) {
		rig.loop = AUTOCREATE_LOOP;
		rig.backend = b;
	}
	return b;
}

struct wlr_output_layout *wlr_output_layout_create(LAYOUT_PARAMS)
{
	struct wlr_output_layout *(*next)(LAYOUT_PARAMS) = real("wlr_output_layout_create");
	struct wlr_output_layout *layout = next(LAYOUT_ARGS);
	if (!rig.layout)
		rig.layout = layout;
	return layout;
}

struct wlr_output *wlr_headless_add_output(struct wlr_backend *backend, unsigned int width,
					   unsigned int height)
{
	struct wlr_output *(*next)(struct wlr_backend *, unsigned int, unsigned int) =
		real("wlr_headless_add_output");
	if (rig.in_autocreate)
		width = (unsigned int)rig.width, height = (unsigned int)rig.height;
	struct wlr_output *output = next(backend, width, height);
	if (rig.in_autocreate && !rig.output)
		rig.output = output;
	return output;
}

static int transform_from_name(const char *name)
{
	static const char *const names[] = { "normal", "90", "180", "270", "flipped",
					     "flipped-90", "flipped-180", "flipped-270" };
	for (int i = 0; name && i < 8; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

/* The touchscreen covers the output: the source maps the panel's positions through the
 * output's transform to what the user sees, and the rig scales them back to 0..1. */
static void map_output(void)
{
	int w = rig.width, h = rig.height, t = 0;
	if (rig.output) {
		wlr_output_transformed_resolution(rig.output, &w, &h);
		t = (int)rig.output->transform;
	}
	rig.width = w, rig.height = h;
	if (rig.source)
		bezel_input_source_set_output(rig.source, w, h, t);
}

static void turn_output(int transform)
{
	if (!rig.output || transform < 0)
		return;
#if WLR_VERSION_MINOR >= 18
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_transform(&state, (enum wl_output_transform)transform);
	bool turned = wlr_output_commit_state(rig.output, &state);
	wlr_output_state_finish(&state);
#else
	wlr_output_set_transform(rig.output, (enum wl_output_transform)transform);
	bool turned = wlr_output_commit(rig.output);
#endif
	if (!turned)
		fprintf(stderr, "bezel-wlr-touch-rig: the output refused transform %d\n", transform);
	map_output();
}

/* ---- touches from the source become the headless device's own events ---- */

static uint64_t now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Recording times are shifted once to start now; live CLOCK_MONOTONIC times stay. */
static uint32_t shifted(uint32_t ms)
{
	if (!rig.offset_set) {
		int64_t d = (int64_t)(now_usec() / 1000) - (int64_t)ms;
		rig.offset_ms = (d > 1000 || d < -1000) ? d : 0;
		rig.offset_set = true;
	}
	return (uint32_t)((int64_t)ms + rig.offset_ms);
}

static void log_event(const char *what, int32_t id, uint32_t ms)
{
	if (rig.log)
		bezel_event_log_write(rig.log, "libinput %s id=%d time_us=%llu", what, id,
				      (unsigned long long)ms * 1000u);
}

/* The compositors map an unmapped touch device over the whole layout: while the spare output
 * is beside the touchscreen's, the touchscreen covers the left half of it. */
static double layout_x(double x)
{
	return x / (rig.spare ? 2.0 * rig.width : rig.width);
}

/* BEZEL_RIG_UNPLUG: the touchscreen's output goes, the touches go to the one left. */
static void unplug_output(void)
{
	/* The touches cover the layout's left half: the output there is the touchscreen's, on
	 * whichever side the compositor placed the one the rig added (sway 1.10: the left). */
	struct wlr_output *left = rig.layout ? wlr_output_layout_output_at(rig.layout, 1, 1) : NULL;
	if (left && left == rig.spare) {
		rig.spare = rig.output;
		rig.output = left;
	}
	if (rig.log)
		bezel_event_log_write(rig.log, "rig unplug %s", rig.output->name);
	struct wlr_output *gone = rig.output;
	rig.output = rig.spare;
	rig.spare = NULL;
	wlr_output_destroy(gone);
	map_output();
}

static void on_down(void *data, int32_t id, double x, double y, uint32_t ms)
{
	(void)data;
	ms = shifted(ms);
	log_event("down", id, ms);
	RIG_EVENT(down) ev = { RIG_SOURCE, ms, id, layout_x(x), y / rig.height };
	wl_signal_emit(&RIG_SIGNALS->down, &ev);
}

static void on_motion(void *data, int32_t id, double x, double y, uint32_t ms)
{
	(void)data;
	ms = shifted(ms);
	log_event("motion", id, ms);
	RIG_EVENT(motion) ev = { RIG_SOURCE, ms, id, layout_x(x), y / rig.height };
	wl_signal_emit(&RIG_SIGNALS->motion, &ev);
	++rig.motions;
	if (rig.spare && rig.output && rig.motions == rig.unplug_after)
		unplug_output();
	if (rig.rotate_to >= 0 && rig.motions == rig.rotate_after && rig.output) {
		if (rig.log)
			bezel_event_log_write(rig.log, "rig rotate %s transform=%d", rig.output->name,
					      rig.rotate_to);
		turn_output(rig.rotate_to);
	}
}

static void on_up(void *data, int32_t id, uint32_t ms)
{
	(void)data;
	ms = shifted(ms);
	log_event("up", id, ms);
	RIG_EVENT(up) ev = { RIG_SOURCE, ms, id };
	wl_signal_emit(&RIG_SIGNALS->up, &ev);
}

static void on_frame(void *data, uint32_t ms)
{
	(void)data;
	(void)ms;
	wl_signal_emit(&RIG_SIGNALS->frame, NULL);
}

static void on_cancel(void *data, uint32_t ms)
{
	(void)data;
	ms = shifted(ms);
	log_event("cancel", -1, ms);
	RIG_EVENT(cancel) ev = { RIG_SOURCE, ms, -1 };
	wl_signal_emit(&RIG_SIGNALS->cancel, &ev);
}

static void on_log(void *data, int level, const char *message)
{
	(void)data;
	wlr_log(level <= BEZEL_LOG_ERROR ? WLR_ERROR : WLR_INFO, "bezel-wlr-touch-rig: %s", message);
}

static const struct bezel_input_listener listener = {
	.down = on_down, .motion = on_motion, .up = on_up, .frame = on_frame,
	.cancel = on_cancel, .log = on_log,
};

static void open_node(void)
{
	if (rig.opened || !rig.source)
		return;
	rig.opened = true;
	int r = bezel_input_source_add_device(rig.source, rig.node);
	if (r != BEZEL_OK) {
		fprintf(stderr, "bezel-wlr-touch-rig: cannot open %s: %s\n", rig.node, bezel_result_string(r));
		return;
	}
	if (rig.log)
		bezel_event_log_write(rig.log, "touch device opened %s", rig.node);
}

static int on_sigusr2(int sig, void *data)
{
	(void)sig;
	(void)data;
	open_node();
	return 0;
}

static void find_headless(struct wlr_backend *b, void *data)
{
	(void)data;
	if (!rig.headless && wlr_backend_is_headless(b))
		rig.headless = b;
}

#if WLR_VERSION_MINOR >= 18
/* The devices go when the backend goes, as a backend's own do: their destroy tells the
 * compositor. */
static void on_backend_destroy(struct wl_listener *l, void *data)
{
	(void)data;
	wl_list_remove(&l->link);
	if (rig.pointer_added)
		wlr_pointer_finish(&rig.pointer_device);
	wlr_touch_finish(&rig.touch_device);
	rig.touch = NULL;
}
#endif

/* The touch device (and with `pointer` a pointer device, never fed) on the headless backend. */
static bool add_devices(bool pointer)
{
#if WLR_VERSION_MINOR >= 18
	static const struct wlr_touch_impl touch_impl = { .name = "bezel-rig-touch" };
	static const struct wlr_pointer_impl pointer_impl = { .name = "bezel-rig-pointer" };
	wlr_touch_init(&rig.touch_device, &touch_impl, "bezel-rig-touch");
	rig.touch = &rig.touch_device.base;
	wl_signal_emit(&rig.backend->events.new_input, rig.touch);
	if (pointer) {
		wlr_pointer_init(&rig.pointer_device, &pointer_impl, "bezel-rig-pointer");
		rig.pointer_added = true;
		wl_signal_emit(&rig.backend->events.new_input, &rig.pointer_device.base);
	}
	rig.backend_destroy.notify = on_backend_destroy;
	wl_signal_add(&rig.backend->events.destroy, &rig.backend_destroy);
#else
	rig.touch = wlr_headless_add_input_device(rig.headless, WLR_INPUT_DEVICE_TOUCH);
	if (!rig.touch) {
		fprintf(stderr, "bezel-wlr-touch-rig: cannot add a headless touch device\n");
		return false;
	}
	if (pointer && !wlr_headless_add_input_device(rig.headless, WLR_INPUT_DEVICE_POINTER))
		fprintf(stderr, "bezel-wlr-touch-rig: cannot add a headless pointer device\n");
#endif
	return true;
}

static void set_up(void)
{
	rig.node = getenv("BEZEL_RIG_TOUCH_DEVICE");
	if (!rig.node || !*rig.node)
		return;
	/* The touchscreen output's own backend: a compositor may add a headless backend of its own
	 * to the multi-backend (sway 1.10's fallback output), whose outputs it treats apart. */
	if (rig.output && wlr_backend_is_headless(rig.output->backend))
		rig.headless = rig.output->backend;
	else if (wlr_backend_is_headless(rig.backend))
		rig.headless = rig.backend;
	else if (wlr_backend_is_multi(rig.backend))
		wlr_multi_for_each_backend(rig.backend, find_headless, NULL);
	if (!rig.headless) {
		fprintf(stderr, "bezel-wlr-touch-rig: no headless backend (WLR_BACKENDS=headless)\n");
		return;
	}
	const char *path = getenv("BEZEL_RIG_EVENT_LOG");
	if (path && *path && bezel_event_log_open(path, &rig.log) != BEZEL_OK)
		fprintf(stderr, "bezel-wlr-touch-rig: cannot open event log %s\n", path);
	struct wl_event_loop *loop = rig.loop;
	int r = bezel_input_source_create(loop, NULL, NULL, &listener, NULL, &rig.source);
	if (r != BEZEL_OK) {
		fprintf(stderr, "bezel-wlr-touch-rig: no libinput source: %s\n", bezel_result_string(r));
		return;
	}
	turn_output(transform_from_name(getenv("BEZEL_RIG_TRANSFORM")));
	map_output();
	const char *rotate = getenv("BEZEL_RIG_ROTATE");
	char name[16];
	if (rotate && sscanf(rotate, "%15[^@]@%d", name, &rig.rotate_after) == 2)
		rig.rotate_to = transform_from_name(name);
	const char *unplug = getenv("BEZEL_RIG_UNPLUG");
	if (unplug && (rig.unplug_after = atoi(unplug)) > 0 &&
	    !(rig.spare = wlr_headless_add_output(rig.headless, (unsigned int)rig.width, (unsigned int)rig.height)))
		fprintf(stderr, "bezel-wlr-touch-rig: cannot add a second headless output\n");
	const char *pointer = getenv("BEZEL_RIG_POINTER");
	if (!add_devices(pointer && !strcmp(pointer, "1")))
		return;
	const char *when = getenv("BEZEL_RIG_OPEN");
	if (when && !strcmp(when, "start"))
		open_node();
	else
		wl_event_loop_add_signal(loop, SIGUSR2, on_sigusr2, NULL);
	/* Tests wait for this line: the device exists and SIGUSR2 is handled from now on. */
	fprintf(stderr, "bezel-wlr-touch-rig: headless touch device for %s (%dx%d)\n", rig.node,
		rig.width, rig.height);
}

bool wlr_backend_start(struct wlr_backend *backend)
{
	bool (*next)(struct wlr_backend *) = real("wlr_backend_start");
	if (!next(backend))
		return false;
	if (backend == rig.backend && !rig.started) {
		rig.started = true;
		set_up();
	}
	return true;
}
