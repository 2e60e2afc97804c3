/*
 * A minimal Wayland compositor for Bezel's protocol tests: wl_compositor (surfaces with
 * commit), wl_shm, a bare xdg_wm_base (every toplevel is full screen), wl_seat with wl_touch,
 * and the Bezel plugin through its C interface (bezel.h).
 * It draws nothing and has no input devices; with --demo-swipes it plays two scripted
 * bottom-edge swipes once a surface's bottom edge is honoured and its client has a wl_touch,
 * so that clients see deferred_swipe, their wl_touch events and gesture_taken.
 *
 * With --two-outputs it has two outputs side by side (bezel_output_add), puts the first
 * surface on output 0 and the second on output 1, and once both are committed plays a touch
 * on each output and a dock swipe on output 1, then unplugs output 1 mid-swipe
 * (bezel_output_remove): the dock reports cancelled on output 1 and the second client gets
 * wl_touch.cancel, while the first client's touch goes on to its up.
 *
 * Input regions from wl_surface.set_input_region are passed on to the plugin at commit.
 * Deferral regions (protocol version 3): the compositor registers a wl_region reader
 * (bezel_plugin_set_region_reader; not with --no-region-reader; bezel_plugin_set_region_boxes_reader
 * with --boxes-reader), prints "region read ..." when
 * the plugin reads one, the surface's committed deferred region right after that request
 * ("after request: ...") and after every commit ("after commit: ..."), so the tests can see
 * that it is copied at the request and applied at the commit. --demo-region-swipes plays a
 * bottom-edge swipe at x = 270 (touch 0) and, after the re-arm window, one at x = 810
 * (touch 1), once a surface's bottom edge is honoured.
 * Gesture events come through the version 2 callbacks and are printed with their output.
 *
 * With --demo-multi-finger it binds a 3-finger swipe left (multi_finger, docs/design.md §4.5) and
 * plays one over the first surface whose bottom edge is honoured, so that clients see their
 * three touches taken: gesture_taken(0) from protocol version 2 on, then wl_touch.cancel.
 *
 * With --window-facts every toplevel is a window, and the host learns it late, as real hosts
 * do (after the surface's first commit): the plugin decides the policy
 * (bezel_plugin_decide_policy) and is told bezel_surface_set_fullscreen(false) then, so a
 * client deferring edges must be told honored_edges 0 and nothing before it (R6). With
 * --window-masks the host does what hosts did in version 0.2 at that moment: policy masks 0
 * (bezel_surface_set_policy, _set_gesture_policy), which tells such a client 2, then 0.
 * --config TEXT configures the plugin with key=value lines (bezel_plugin_configure_text).
 *
 * With --demo-back-swipes (protocol version 4, docs/design.md §4.6) it binds back on the left
 * edge and, once a surface has committed and its client has a wl_touch, plays a swipe in from
 * the left, then a touch that rests at the left edge past the hold window before it swipes
 * (a late begin). Gesture lines of a gesture the app handles end with app_handled=1.
 * --v1-callbacks gives the plugin a version 1 host interface (the one-per-phase gesture
 * callbacks, printed as "v1 gesture NAME PHASE edge=E"), which is not told such gestures.
 *
 * Usage: test-compositor [--demo-swipes | --demo-region-swipes | --demo-multi-finger |
 *                         --two-outputs] [--window-facts | --window-masks] [--config TEXT]
 *                        [--no-region-reader | --boxes-reader] [--demo-back-swipes] [--v1-callbacks] [--quiet]
 * Prints "socket NAME" on stdout once it listens ($XDG_RUNTIME_DIR must be set) and runs until
 * SIGTERM or SIGINT, then tears everything down (clients, plugin, display) so that valgrind
 * can check for leaks. Every wl_display.error it sends is logged on stderr as
 * "compositor: protocol error to pid PID: ...", in --quiet mode too: a client whose connection
 * is reset before it could read its error is judged by that line (tests/protocol/run.sh).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-server.h>

#include "bezel.h"
#include "xdg-shell-server-protocol.h"

#define OUTPUT_W 1080
#define OUTPUT_H 1920

struct compositor {
	struct wl_display *display;
	struct bezel_plugin *bezel;
	struct wl_list touches; /* wl_touch resources, through wl_resource_get_link */
	uint32_t serial;
	bool quiet;
	bool demo;
	bool demo_multi_finger;
	bool demo_region;
	bool demo_back;
	bool no_region_reader;
	bool boxes_reader; /* --boxes-reader: the region reader lends boxes */
	struct wl_resource *last_surface; /* the surface whose deferred region is printed */
	struct wl_event_source *region_idle;
	bool demo_started;
	bool demo_honored; /* a surface's bottom edge has been honoured */
	bool two_outputs;
	/* --gesture-policy MASK: bezel_surface_set_gesture_policy on every surface (-1: not called). */
	long gesture_policy;
	enum { WINDOWS_NONE, WINDOWS_FACTS, WINDOWS_MASKS } windows;
	const char *config_text;
	int surfaces_created;  /* in --two-outputs, surface k goes on output k */
	int surfaces_committed;
	bool two_outputs_started;
	uint32_t script_time; /* --two-outputs, --demo-back-swipes: the scripted touch time of the current step */
	struct wl_event_source *demo_timer;
	int demo_step;
	uint32_t demo_t0;
};

static struct compositor C;

static uint32_t now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

/* ---- bezel host callbacks: turn decisions into wl_touch events ---- */

#define FOR_EACH_TOUCH_OF(client, r, tmp) \
	wl_resource_for_each_safe(r, tmp, &C.touches) if (wl_resource_get_client(r) == (client))

static void cb_down(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		    uint32_t time)
{
	(void)data;
	struct wl_resource *r, *tmp;
	FOR_EACH_TOUCH_OF(wl_resource_get_client(surface), r, tmp)
		wl_touch_send_down(r, ++C.serial, time, surface, id, wl_fixed_from_double(sx),
				   wl_fixed_from_double(sy));
}

static void cb_motion(void *data, struct wl_resource *surface, int32_t id, double sx, double sy,
		      uint32_t time)
{
	(void)data;
	struct wl_resource *r, *tmp;
	FOR_EACH_TOUCH_OF(wl_resource_get_client(surface), r, tmp)
		wl_touch_send_motion(r, time, id, wl_fixed_from_double(sx), wl_fixed_from_double(sy));
}

static void cb_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
{
	(void)data;
	struct wl_resource *r, *tmp;
	FOR_EACH_TOUCH_OF(wl_resource_get_client(surface), r, tmp)
		wl_touch_send_up(r, ++C.serial, time, id);
}

static void cb_frame(void *data, struct wl_client *client)
{
	(void)data;
	struct wl_resource *r, *tmp;
	FOR_EACH_TOUCH_OF(client, r, tmp)
		wl_touch_send_frame(r);
}

static void cb_cancel(void *data, struct wl_client *client)
{
	(void)data;
	struct wl_resource *r, *tmp;
	FOR_EACH_TOUCH_OF(client, r, tmp)
		wl_touch_send_cancel(r);
}

/* Version 2: one callback for every gesture event, naming the output. Printed on stdout, which
 * the tests read, in --quiet mode too. */
static void cb_gesture_event(void *data, const struct bezel_gesture_event *e)
{
	(void)data;
	static const char *const phases[] = { "began", "changed", "ended", "cancelled", "failed" };
	if (e->phase == BEZEL_GESTURE_CHANGED)
		return;
	printf("gesture %s %s output=%u edge=%u", e->gesture, e->phase <= 4 ? phases[e->phase] : "?",
	       e->output_id, e->edge);
	if (e->kind != BEZEL_GESTURE_KIND_EDGE)
		printf(" kind=%u fingers=%u", e->kind, e->fingers);
	if (e->phase == BEZEL_GESTURE_ENDED)
		printf(" committed=%d", e->committed);
	if (e->reason != NULL)
		printf(" reason=%s", e->reason);
	if (e->app_handled)
		printf(" app_handled=1");
	printf("\n");
	fflush(stdout);
}

static void cb_affordance(void *data, uint32_t output, uint32_t edge, bool shown)
{
	(void)data;
	printf("affordance %s output=%u edge=%u\n", shown ? "shown" : "hidden", output, edge);
	fflush(stdout);
}

static void cb_log(void *data, int level, const char *message)
{
	(void)data;
	if (!C.quiet || level <= BEZEL_LOG_WARNING)
		fprintf(stderr, "compositor: [bezel %d] %s\n", level, message);
}

/* --v1-callbacks: the version 1 gesture callbacks, one per phase. */
static void v1_line(const char *gesture, const char *phase, uint32_t edge)
{
	printf("v1 gesture %s %s edge=%u\n", gesture, phase, edge);
	fflush(stdout);
}
static void cb_v1_began(void *d, const char *g, uint32_t e) { (void)d; v1_line(g, "began", e); }
static void cb_v1_ended(void *d, const char *g, uint32_t e, bool committed)
{
	(void)d;
	v1_line(g, committed ? "ended committed" : "ended", e);
}
static void cb_v1_cancelled(void *d, const char *g, uint32_t e) { (void)d; v1_line(g, "cancelled", e); }

static const struct bezel_host_interface host = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.touch_down = cb_down,
	.touch_motion = cb_motion,
	.touch_up = cb_up,
	.touch_frame = cb_frame,
	.touch_cancel = cb_cancel,
	.log = cb_log,
	.gesture_event = cb_gesture_event,
	.affordance = cb_affordance,
};

/* ---- scripted swipes (--demo-swipes) ---- */

struct step {
	int delay; /* ms after the previous step */
	char kind; /* d(own) m(otion) u(p) */
	double y;
	double x;
	int32_t id;
};

/* A quick deferred swipe, then within the re-arm window a slow one: held past the hold
 * window, flushed to the client, then taken by the system (gesture_taken + cancel). */
static const struct step demo_steps[] = {
	{ 50, 'd', 1915, 540, 0 }, { 16, 'm', 1875, 540, 0 }, { 16, 'm', 1835, 540, 0 }, { 16, 'm', 1795, 540, 0 },
	{ 16, 'm', 1755, 540, 0 }, { 16, 'm', 1715, 540, 0 }, { 16, 'u', 0, 540, 0 },
	{ 400, 'd', 1915, 540, 0 }, { 200, 'm', 1870, 540, 0 }, { 20, 'm', 1800, 540, 0 }, { 20, 'm', 1700, 540, 0 },
	{ 20, 'm', 1600, 540, 0 }, { 20, 'u', 0, 540, 0 },
};

/* --demo-back-swipes: a swipe in from the left edge; then a touch that rests at the edge past
 * the hold window (flushed to the client) and swipes: a late begin. */
static const struct step back_steps[] = {
	{ 50, 'd', 960, 5, 0 }, { 16, 'm', 960, 45, 0 }, { 16, 'm', 960, 125, 0 }, { 16, 'm', 960, 205, 0 },
	{ 16, 'm', 960, 285, 0 }, { 16, 'm', 960, 365, 0 }, { 16, 'm', 960, 445, 0 }, { 16, 'u', 0, 445, 0 },
	{ 600, 'd', 960, 5, 0 }, { 100, 'm', 960, 6, 0 }, { 100, 'm', 960, 40, 0 }, { 10, 'm', 960, 120, 0 },
	{ 10, 'm', 960, 220, 0 }, { 10, 'm', 960, 320, 0 }, { 10, 'm', 960, 420, 0 }, { 10, 'm', 960, 520, 0 },
	{ 20, 'u', 0, 520, 0 },
};

/* --demo-region-swipes: a quick swipe inside a left-half region, then, past the re-arm window
 * (2000 ms), the same swipe outside it. */
static const struct step region_steps[] = {
	{ 50, 'd', 1915, 270, 0 }, { 16, 'm', 1875, 270, 0 }, { 16, 'm', 1835, 270, 0 },
	{ 16, 'm', 1795, 270, 0 }, { 16, 'm', 1755, 270, 0 }, { 16, 'u', 0, 270, 0 },
	{ 2300, 'd', 1915, 810, 1 }, { 16, 'm', 1875, 810, 1 }, { 16, 'm', 1835, 810, 1 },
	{ 16, 'm', 1795, 810, 1 }, { 16, 'm', 1755, 810, 1 }, { 16, 'u', 0, 810, 1 },
};

static const struct step *demo_script(int *count)
{
	if (C.demo_region) {
		*count = (int)(sizeof region_steps / sizeof region_steps[0]);
		return region_steps;
	}
	if (C.demo_back) {
		*count = (int)(sizeof back_steps / sizeof back_steps[0]);
		return back_steps;
	}
	*count = (int)(sizeof demo_steps / sizeof demo_steps[0]);
	return demo_steps;
}

static int demo_tick(void *data)
{
	(void)data;
	int count;
	const struct step *steps = demo_script(&count);
	const struct step *s = &steps[C.demo_step];
	/* The back swipes carry their scripted times, so that a compositor slowed down (under
	 * memcheck) still plays them at the speed they were written for. */
	uint32_t t = C.demo_back ? (C.script_time += (uint32_t)s->delay) : now_msec();
	double x = s->x;
	switch (s->kind) {
	case 'd': bezel_touch_down(C.bezel, s->id, x, s->y, t); break;
	case 'm': bezel_touch_motion(C.bezel, s->id, x, s->y, t); break;
	case 'u': bezel_touch_up(C.bezel, s->id, t); break;
	}
	bezel_touch_frame(C.bezel, t);
	C.demo_step++;
	if (C.demo_step < count)
		wl_event_source_timer_update(C.demo_timer, steps[C.demo_step].delay);
	return 0;
}

/* ---- --demo-multi-finger: three fingers land 10 ms apart and swipe left together ---- */

struct mf_step {
	int delay; /* ms after the previous step */
	char kind; /* d(own) m(otion) u(p), for all three fingers */
	double dx; /* offset from the landing points */
};

static const struct mf_step mf_steps[] = {
	{ 50, 'd', 0 }, { 16, 'm', -50 }, { 16, 'm', -150 }, { 16, 'm', -250 }, { 16, 'm', -350 },
	{ 16, 'u', 0 },
};

static int mf_tick(void *data)
{
	(void)data;
	static const double xs[] = { 300, 540, 780 };
	const struct mf_step *s = &mf_steps[C.demo_step];
	uint32_t t = now_msec();
	for (int32_t id = 0; id < 3; id++) {
		switch (s->kind) {
		case 'd': bezel_touch_down(C.bezel, id, xs[id], 600, t); break;
		case 'm': bezel_touch_motion(C.bezel, id, xs[id] + s->dx, 600, t); break;
		case 'u': bezel_touch_up(C.bezel, id, t); break;
		}
	}
	bezel_touch_frame(C.bezel, t);
	C.demo_step++;
	if (C.demo_step < (int)(sizeof mf_steps / sizeof mf_steps[0]))
		wl_event_source_timer_update(C.demo_timer, mf_steps[C.demo_step].delay);
	return 0;
}

/* ---- --two-outputs: a touch on each output, a dock swipe on output 1, output 1 unplugged ---- */

struct output_step {
	int delay;        /* ms after the previous step */
	char kind;        /* d(own) m(otion) u(p) r(emove output 1) */
	uint32_t output;  /* for d */
	int32_t id;
	double x, y;      /* output-local */
};

static const struct output_step two_output_steps[] = {
	{ 50, 'd', 0, 1, 540, 900 },   /* client on output 0 */
	{ 0, 'd', 1, 2, 540, 900 },    /* client on output 1 */
	{ 16, 'd', 1, 3, 300, 1915 },  /* a dock swipe on output 1 ... */
	{ 16, 'm', 1, 3, 300, 1875 }, { 16, 'm', 1, 3, 300, 1835 }, { 16, 'm', 1, 3, 300, 1795 },
	{ 16, 'm', 1, 3, 300, 1755 }, { 16, 'm', 1, 3, 300, 1715 },
	{ 16, 'r', 1, 0, 0, 0 },       /* ... unplugged mid-swipe */
	{ 16, 'm', 1, 3, 300, 1675 },  /* late events for its touches: dropped */
	{ 0, 'u', 1, 2, 0, 0 },
	{ 16, 'm', 0, 1, 560, 880 },   /* output 0 goes on */
	{ 16, 'u', 0, 1, 0, 0 },
};

static int two_output_tick(void *data)
{
	(void)data;
	const struct output_step *s = &two_output_steps[C.demo_step];
	/* Scripted times, not the clock's: under valgrind the timer runs late, and the decisions
	 * (hold window, begin) must not depend on how late. */
	C.script_time += (uint32_t)s->delay;
	uint32_t t = C.script_time;
	int rc = BEZEL_OK;
	switch (s->kind) {
	case 'd': rc = bezel_touch_down_on_output(C.bezel, s->output, s->id, s->x, s->y, t); break;
	case 'm': rc = bezel_touch_motion(C.bezel, s->id, s->x, s->y, t); break;
	case 'u': rc = bezel_touch_up(C.bezel, s->id, t); break;
	case 'r':
		rc = bezel_output_remove(C.bezel, 1, t);
		printf("output 1 removed: %s\n", bezel_result_string(rc));
		break;
	}
	if (s->kind != 'r')
		printf("input %c id=%d output=%u: %s\n", s->kind, s->id, s->output, bezel_result_string(rc));
	fflush(stdout);
	bezel_touch_frame(C.bezel, t);
	C.demo_step++;
	int n = (int)(sizeof two_output_steps / sizeof two_output_steps[0]);
	if (C.demo_step < n)
		wl_event_source_timer_update(C.demo_timer, two_output_steps[C.demo_step].delay > 0 ?
							   two_output_steps[C.demo_step].delay : 1);
	else
		printf("two-outputs script done\n");
	fflush(stdout);
	return 0;
}

/* The script starts when two surfaces have committed and two clients have a wl_touch: a client
 * that commits before it has asked for its wl_touch would miss its touch-down. Its times run
 * 2 s ahead of CLOCK_MONOTONIC (the plugin takes times within 10 s of it as given and never
 * lets its timeline go back), so only the scripted times decide. */
static void maybe_start_two_outputs(void)
{
	if (C.two_outputs_started || C.surfaces_committed < 2)
		return;
	struct wl_client *first = NULL;
	int clients = 0;
	struct wl_resource *r;
	wl_resource_for_each(r, &C.touches) {
		struct wl_client *c = wl_resource_get_client(r);
		if (clients == 0 || (clients == 1 && c != first)) {
			if (clients == 0) first = c;
			clients++;
		}
	}
	if (clients < 2)
		return;
	C.two_outputs_started = true;
	C.script_time = now_msec() + 2000;
	wl_event_source_timer_update(C.demo_timer, two_output_steps[0].delay);
}

/* The scripted swipes start once a surface's bottom edge is honoured and its client has a
 * wl_touch, in either order: a client that commits before it has asked for its wl_touch would
 * miss its touch-down. */
static void maybe_start_demo(void)
{
	if (!C.demo || C.demo_started || !C.demo_honored || wl_list_empty(&C.touches))
		return;
	C.demo_started = true;
	C.script_time = now_msec();
	int count;
	wl_event_source_timer_update(C.demo_timer, demo_script(&count)[0].delay);
}

/* ---- wl_region: a list of rectangles, handed to the plugin as an input region ---- */

#define REGION_MAX 16

struct region {
	struct bezel_rect rects[REGION_MAX];
	struct bezel_box boxes[REGION_MAX]; /* the same, as corners (for --boxes-reader) */
	size_t count;
};

static void region_destroy(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }
static void region_add(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h)
{
	(void)c;
	struct region *region = wl_resource_get_user_data(r);
	/* A union of rectangles is all the plugin needs; more than REGION_MAX are ignored here. */
	if (region->count < REGION_MAX) {
		region->boxes[region->count] = (struct bezel_box){ x, y, x + w, y + h };
		region->rects[region->count++] = (struct bezel_rect){ x, y, w, h };
	}
}
static void region_subtract(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h)
{
	/* Not needed by the tests' clients: subtraction is ignored. */
	(void)c; (void)r; (void)x; (void)y; (void)w; (void)h;
}
static const struct wl_region_interface region_impl = { region_destroy, region_add, region_subtract };
static void region_free(struct wl_resource *r) { free(wl_resource_get_user_data(r)); }

/* Prints the committed deferred region of C.last_surface, "whole surface" or its rectangles;
 * with `last`, only when it differs from what `last` holds (which is then updated). */
static void print_deferred_region(const char *when, char *last, size_t size)
{
	if (C.last_surface == NULL)
		return;
	struct bezel_rect rects[REGION_MAX];
	int32_t count = 0;
	if (bezel_surface_get_deferred_region(C.bezel, C.last_surface, rects, REGION_MAX, &count) != BEZEL_OK)
		return;
	char line[REGION_MAX * 48 + 32];
	int n = snprintf(line, sizeof line, "%s", count < 0 ? " whole surface" : "");
	for (int32_t k = 0; k < count && k < REGION_MAX && n >= 0 && (size_t)n < sizeof line; k++)
		n += snprintf(line + n, sizeof line - (size_t)n, " %d,%d,%dx%d", rects[k].x, rects[k].y,
			      rects[k].width, rects[k].height);
	if (last != NULL) {
		if (strcmp(last, line) == 0)
			return;
		snprintf(last, size, "%s", line);
	}
	printf("%s: deferred region%s\n", when, line);
	fflush(stdout);
}

static void region_request_done(void *data)
{
	(void)data;
	C.region_idle = NULL;
	print_deferred_region("after request", NULL, 0);
}

/* The host's wl_region reader (bezel.h, DEFERRAL REGIONS). It may not call the plugin, so
 * the state after the request is printed from an idle callback, once the request is done. */
static int read_region(void *data, struct wl_resource *resource, struct bezel_rect *rects, size_t capacity)
{
	(void)data;
	if (!wl_resource_instance_of(resource, &wl_region_interface, &region_impl))
		return -1;
	const struct region *region = wl_resource_get_user_data(resource);
	for (size_t k = 0; k < region->count && k < capacity; k++)
		rects[k] = region->rects[k];
	printf("region read wl_region@%u: %zu rectangles\n", wl_resource_get_id(resource), region->count);
	fflush(stdout);
	if (C.region_idle == NULL)
		C.region_idle = wl_event_loop_add_idle(wl_display_get_event_loop(C.display), region_request_done, NULL);
	return (int)region->count;
}

/* The same as a bezel_region_boxes_reader (--boxes-reader): the region's boxes, lent. */
static int read_region_boxes(void *data, struct wl_resource *resource, const struct bezel_box **boxes)
{
	(void)data;
	if (!wl_resource_instance_of(resource, &wl_region_interface, &region_impl))
		return -1;
	const struct region *region = wl_resource_get_user_data(resource);
	*boxes = region->boxes;
	printf("region read wl_region@%u: %zu rectangles\n", wl_resource_get_id(resource), region->count);
	fflush(stdout);
	if (C.region_idle == NULL)
		C.region_idle = wl_event_loop_add_idle(wl_display_get_event_loop(C.display), region_request_done, NULL);
	return (int)region->count;
}

/* Per surface: the input region set since the last commit (double-buffered, as Wayland wants). */
struct surface_state {
	bool committed;
	bool told_window; /* --window-facts / --window-masks: the host's policy given */
	bool input_pending;
	bool input_infinite; /* set_input_region(NULL): the whole surface */
	struct region input;
	char last_region[REGION_MAX * 48 + 32]; /* the deferred region last printed */
};

/* ---- wl_surface ---- */

static void surface_destroy(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }
static void surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *b, int32_t x, int32_t y)
{
	(void)c; (void)r; (void)x; (void)y;
	/* Nothing is drawn: release the buffer at once so the client can reuse it. */
	if (b != NULL)
		wl_buffer_send_release(b);
}
static void surface_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h)
{ (void)c; (void)r; (void)x; (void)y; (void)w; (void)h; }
static void surface_frame(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	(void)r;
	struct wl_resource *cb = wl_resource_create(c, &wl_callback_interface, 1, id);
	if (cb == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_callback_send_done(cb, now_msec());
	wl_resource_destroy(cb);
}
static void surface_set_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region)
{ (void)c; (void)r; (void)region; }
static void surface_set_input_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region)
{
	(void)c;
	struct surface_state *st = wl_resource_get_user_data(r);
	st->input_pending = true;
	st->input_infinite = region == NULL;
	if (region != NULL)
		st->input = *(struct region *)wl_resource_get_user_data(region);
}
static void surface_commit(struct wl_client *c, struct wl_resource *r)
{
	(void)c;
	struct surface_state *st = wl_resource_get_user_data(r);
	if (st->input_pending) {
		st->input_pending = false;
		if (st->input_infinite)
			bezel_surface_reset_input_region(C.bezel, r);
		else
			bezel_surface_set_input_region(C.bezel, r, st->input.rects, st->input.count);
	}
	bezel_surface_commit(C.bezel, r);
	if (r == C.last_surface)
		print_deferred_region("after commit", st->last_region, sizeof st->last_region);
	/* --window-facts / --window-masks: the host finds out now that the surface is a window. */
	if (C.windows != WINDOWS_NONE && !st->told_window) {
		st->told_window = true;
		if (C.windows == WINDOWS_FACTS) {
			bezel_surface_set_fullscreen(C.bezel, r, false);
		} else {
			bezel_surface_set_policy(C.bezel, r, 0);
			bezel_surface_set_gesture_policy(C.bezel, r, 0);
		}
	}
	/* --two-outputs: the script starts once two surfaces have committed (and their clients
	 * have a wl_touch, see maybe_start_two_outputs). */
	if (C.two_outputs && !st->committed) {
		st->committed = true;
		C.surfaces_committed++;
		maybe_start_two_outputs();
	}
	/* --demo-back-swipes: the client turned back handling on with its first commit. */
	if (C.demo_back) {
		C.demo_honored = true;
		maybe_start_demo();
	}
	uint32_t honored = 0;
	if (C.demo && bezel_surface_get_honored_edges(C.bezel, r, &honored) == BEZEL_OK &&
	    (honored & BEZEL_EDGE_BOTTOM)) {
		C.demo_honored = true;
		maybe_start_demo();
	}
}
static void surface_set_int(struct wl_client *c, struct wl_resource *r, int32_t v) { (void)c; (void)r; (void)v; }
static void surface_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) { (void)c; (void)r; (void)x; (void)y; }

static const struct wl_surface_interface surface_impl = {
	.destroy = surface_destroy,
	.attach = surface_attach,
	.damage = surface_damage,
	.frame = surface_frame,
	.set_opaque_region = surface_set_region,
	.set_input_region = surface_set_input_region,
	.commit = surface_commit,
	.set_buffer_transform = surface_set_int,
	.set_buffer_scale = surface_set_int,
	.damage_buffer = surface_damage,
	.offset = surface_offset,
};

/* ---- wl_compositor ---- */

static void surface_free(struct wl_resource *r)
{
	if (r == C.last_surface)
		C.last_surface = NULL;
	free(wl_resource_get_user_data(r));
}

static void compositor_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *s = wl_resource_create(c, &wl_surface_interface, wl_resource_get_version(r), id);
	if (s == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	struct surface_state *st = calloc(1, sizeof *st);
	if (st == NULL) {
		wl_resource_destroy(s);
		wl_client_post_no_memory(c);
		return;
	}
	/* The plugin removes the surface itself when the resource goes; only our state is freed. */
	wl_resource_set_implementation(s, &surface_impl, st, surface_free);
	C.last_surface = s;
	/* Every surface is a full-screen top-level surface, stacked on top of the others. With
	 * --two-outputs the second one fills output 1 (layout x 1080), and later ones output 0. */
	int32_t x = 0;
	if (C.two_outputs && C.surfaces_created++ == 1)
		x = OUTPUT_W;
	int rc = bezel_surface_add(C.bezel, s, NULL, x, 0, OUTPUT_W, OUTPUT_H);
	if (rc != BEZEL_OK)
		fprintf(stderr, "compositor: bezel_surface_add: %s\n", bezel_result_string(rc));
	/* Deferral is not honoured in --two-outputs, so that the swipe on output 1 is the system's
	 * whatever the client asks for (R6 policy). */
	if (C.two_outputs)
		bezel_surface_set_policy(C.bezel, s, 0);
	/* R6 for multi-finger kinds, as a host does for a window that is not full-screen. */
	if (C.gesture_policy >= 0) {
		rc = bezel_surface_set_gesture_policy(C.bezel, s, (uint32_t)C.gesture_policy);
		if (rc != BEZEL_OK)
			fprintf(stderr, "compositor: bezel_surface_set_gesture_policy: %s\n", bezel_result_string(rc));
	}
}

static void compositor_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *region = wl_resource_create(c, &wl_region_interface, wl_resource_get_version(r), id);
	struct region *data = calloc(1, sizeof *data);
	if (region == NULL || data == NULL) {
		free(data);
		if (region != NULL)
			wl_resource_destroy(region);
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(region, &region_impl, data, region_free);
}

static const struct wl_compositor_interface compositor_impl = {
	compositor_create_surface, compositor_create_region,
};

static void compositor_bind(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	(void)data;
	struct wl_resource *r = wl_resource_create(c, &wl_compositor_interface, (int)version, id);
	if (r == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &compositor_impl, NULL, NULL);
}

/* ---- wl_seat with touch ---- */

static void touch_release(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }
static const struct wl_touch_interface touch_impl = { touch_release };
static void touch_destroyed(struct wl_resource *r) { wl_list_remove(wl_resource_get_link(r)); }

static void seat_get_touch(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *t = wl_resource_create(c, &wl_touch_interface, wl_resource_get_version(r), id);
	if (t == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(t, &touch_impl, NULL, touch_destroyed);
	wl_list_insert(&C.touches, wl_resource_get_link(t));
	maybe_start_two_outputs();
	maybe_start_demo();
}
static void seat_get_other(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	(void)c; (void)id;
	wl_resource_post_error(r, WL_SEAT_ERROR_MISSING_CAPABILITY, "this seat has touch only");
}
static void seat_release(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }
static const struct wl_seat_interface seat_impl = { seat_get_other, seat_get_other, seat_get_touch, seat_release };

static void seat_bind(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	(void)data;
	struct wl_resource *r = wl_resource_create(c, &wl_seat_interface, (int)version, id);
	if (r == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &seat_impl, NULL, NULL);
	wl_seat_send_capabilities(r, WL_SEAT_CAPABILITY_TOUCH);
	if (version >= WL_SEAT_NAME_SINCE_VERSION)
		wl_seat_send_name(r, "seat0");
}

/* ---- xdg_wm_base: every toplevel is configured full screen at once ---- */

/* Requests this compositor ignores go through one dispatcher, so no vtable slot can be NULL:
 * opcode 0 is destroy on every xdg interface used here. */
static int ignore_but_destroy(const void *impl, void *target, uint32_t opcode,
			      const struct wl_message *message, union wl_argument *args)
{
	(void)impl; (void)message; (void)args;
	if (opcode == 0)
		wl_resource_destroy(target);
	return 0;
}

static void xdg_surface_destroy_req(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }

static void xdg_surface_get_toplevel(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *t = wl_resource_create(c, &xdg_toplevel_interface, wl_resource_get_version(r), id);
	if (t == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_dispatcher(t, ignore_but_destroy, NULL, NULL, NULL);
	struct wl_array states;
	wl_array_init(&states);
	uint32_t *state = wl_array_add(&states, sizeof *state);
	if (state != NULL)
		*state = XDG_TOPLEVEL_STATE_FULLSCREEN;
	xdg_toplevel_send_configure(t, OUTPUT_W, OUTPUT_H, &states);
	wl_array_release(&states);
	xdg_surface_send_configure(r, ++C.serial);
}

static void xdg_surface_get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id,
				  struct wl_resource *parent, struct wl_resource *positioner)
{
	(void)c; (void)id; (void)parent; (void)positioner;
	wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "popups are not supported here");
}

static void xdg_surface_set_geometry(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h)
{ (void)c; (void)r; (void)x; (void)y; (void)w; (void)h; }
static void xdg_surface_ack(struct wl_client *c, struct wl_resource *r, uint32_t serial) { (void)c; (void)r; (void)serial; }

static const struct xdg_surface_interface xdg_surface_impl = {
	xdg_surface_destroy_req, xdg_surface_get_toplevel, xdg_surface_get_popup,
	xdg_surface_set_geometry, xdg_surface_ack,
};

static void wm_destroy(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }
static void wm_create_positioner(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *p = wl_resource_create(c, &xdg_positioner_interface, wl_resource_get_version(r), id);
	if (p == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_dispatcher(p, ignore_but_destroy, NULL, NULL, NULL);
}
static void wm_get_xdg_surface(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface)
{
	(void)surface;
	struct wl_resource *x = wl_resource_create(c, &xdg_surface_interface, wl_resource_get_version(r), id);
	if (x == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(x, &xdg_surface_impl, NULL, NULL);
}
static void wm_pong(struct wl_client *c, struct wl_resource *r, uint32_t serial) { (void)c; (void)r; (void)serial; }
static const struct xdg_wm_base_interface wm_impl = { wm_destroy, wm_create_positioner, wm_get_xdg_surface, wm_pong };

static void wm_bind(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	(void)data;
	struct wl_resource *r = wl_resource_create(c, &xdg_wm_base_interface, (int)version, id);
	if (r == NULL) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &wm_impl, NULL, NULL);
}

/* ---- main ---- */

/* Logs each wl_display.error sent, with the pid of the client it goes to. libwayland-client
 * 1.23 reports ECONNRESET, not the error, when the compositor closes the connection with
 * requests of that client still unread; this line is then the only record of the error. */
static void log_protocol_error(void *data, enum wl_protocol_logger_type type,
			       const struct wl_protocol_logger_message *m)
{
	(void)data;
	if (type != WL_PROTOCOL_LOGGER_EVENT || m->message_opcode != WL_DISPLAY_ERROR ||
	    strcmp(wl_resource_get_class(m->resource), wl_display_interface.name) != 0)
		return;
	pid_t pid = 0;
	wl_client_get_credentials(wl_resource_get_client(m->resource), &pid, NULL, NULL);
	fprintf(stderr, "compositor: protocol error to pid %d: object %u code %u: %s\n", (int)pid,
		m->arguments[0].o ? wl_resource_get_id((struct wl_resource *)m->arguments[0].o) : 0,
		m->arguments[1].u, m->arguments[2].s);
}

static int on_signal(int signal, void *data)
{
	(void)signal;
	wl_display_terminate(data);
	return 0;
}

int main(int argc, char **argv)
{
	bool v1_callbacks = false;
	C.gesture_policy = -1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--gesture-policy") == 0 && i + 1 < argc)
			C.gesture_policy = strtol(argv[++i], NULL, 0);
		else if (strcmp(argv[i], "--demo-swipes") == 0)
			C.demo = true;
		else if (strcmp(argv[i], "--demo-region-swipes") == 0)
			C.demo = C.demo_region = true;
		else if (strcmp(argv[i], "--demo-back-swipes") == 0)
			C.demo = C.demo_back = true;
		else if (strcmp(argv[i], "--v1-callbacks") == 0)
			v1_callbacks = true;
		else if (strcmp(argv[i], "--no-region-reader") == 0)
			C.no_region_reader = true;
		else if (strcmp(argv[i], "--boxes-reader") == 0)
			C.boxes_reader = true;
		else if (strcmp(argv[i], "--demo-multi-finger") == 0)
			C.demo = C.demo_multi_finger = true;
		else if (strcmp(argv[i], "--two-outputs") == 0)
			C.two_outputs = true;
		else if (strcmp(argv[i], "--quiet") == 0)
			C.quiet = true;
		else if (strcmp(argv[i], "--window-facts") == 0)
			C.windows = WINDOWS_FACTS;
		else if (strcmp(argv[i], "--window-masks") == 0)
			C.windows = WINDOWS_MASKS;
		else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			C.config_text = argv[++i];
		else {
			fprintf(stderr, "usage: %s [--demo-swipes | --demo-region-swipes | --demo-multi-finger | --two-outputs] [--window-facts | --window-masks] [--config TEXT] [--gesture-policy MASK] [--no-region-reader | --boxes-reader] [--demo-back-swipes] [--v1-callbacks] [--quiet]\n", argv[0]);
			return 2;
		}
	}
	wl_list_init(&C.touches);
	C.display = wl_display_create();
	if (C.display == NULL)
		return 1;
	struct wl_protocol_logger *error_logger = wl_display_add_protocol_logger(C.display, log_protocol_error, NULL);
	struct wl_event_loop *loop = wl_display_get_event_loop(C.display);
	struct wl_event_source *sigterm = wl_event_loop_add_signal(loop, SIGTERM, on_signal, C.display);
	struct wl_event_source *sigint = wl_event_loop_add_signal(loop, SIGINT, on_signal, C.display);
	C.demo_timer = wl_event_loop_add_timer(loop, C.two_outputs ? two_output_tick
						 : C.demo_multi_finger ? mf_tick : demo_tick, NULL);

	wl_global_create(C.display, &wl_compositor_interface, 5, NULL, compositor_bind);
	wl_global_create(C.display, &wl_seat_interface, 7, NULL, seat_bind);
	wl_global_create(C.display, &xdg_wm_base_interface, 1, NULL, wm_bind);
	wl_display_init_shm(C.display);

	struct bezel_host_interface v1_host = host;
	if (v1_callbacks) {
		/* A version 1 host: its struct ends before gesture_event. */
		v1_host.version = 1;
		v1_host.gesture_event = NULL;
		v1_host.affordance = NULL;
		v1_host.gesture_began = cb_v1_began;
		v1_host.gesture_ended = cb_v1_ended;
		v1_host.gesture_cancelled = cb_v1_cancelled;
	}
	int rc = bezel_plugin_create(C.display, &v1_host, NULL, &C.bezel);
	if (rc != BEZEL_OK) {
		fprintf(stderr, "compositor: bezel_plugin_create: %s\n", bezel_result_string(rc));
		return 1;
	}
	bezel_plugin_set_log_level(C.bezel, C.quiet ? BEZEL_LOG_WARNING : BEZEL_LOG_DEBUG);
	if (C.boxes_reader)
		bezel_plugin_set_region_boxes_reader(C.bezel, read_region_boxes, NULL);
	else if (!C.no_region_reader)
		bezel_plugin_set_region_reader(C.bezel, read_region, NULL);
	bezel_output_set(C.bezel, OUTPUT_W, OUTPUT_H, 68, 121, 0);
	if (C.windows == WINDOWS_FACTS)
		bezel_plugin_decide_policy(C.bezel, true);
	/* One configuration: --demo-back-swipes' binding and --config's lines together. */
	char config[512];
	snprintf(config, sizeof config, "%s\n%s", C.demo_back ? "bind-left=back:0.0:1.0" : "",
		 C.config_text ? C.config_text : "");
	if ((C.config_text || C.demo_back) && (rc = bezel_plugin_configure_text(C.bezel, config)) != BEZEL_OK) {
		fprintf(stderr, "compositor: bezel_plugin_configure_text: %s\n", bezel_result_string(rc));
		return 1;
	}
	if (C.demo_multi_finger) {
		/* The flattened keys a host's config file would give (docs/design.md §4.4, §4.5). */
		const char *keys[] = { "multi-finger" };
		const char *values[] = { "workspace:swipe:3:left" };
		rc = bezel_plugin_configure(C.bezel, keys, values, 1);
		if (rc != BEZEL_OK) {
			fprintf(stderr, "compositor: bezel_plugin_configure: %s\n", bezel_result_string(rc));
			return 1;
		}
	}
	if (C.two_outputs) {
		rc = bezel_output_add(C.bezel, 1, OUTPUT_W, 0, OUTPUT_W, OUTPUT_H, 68, 121, 0);
		if (rc != BEZEL_OK) {
			fprintf(stderr, "compositor: bezel_output_add: %s\n", bezel_result_string(rc));
			return 1;
		}
	}

	const char *socket = wl_display_add_socket_auto(C.display);
	if (socket == NULL) {
		fprintf(stderr, "compositor: cannot add a socket (is XDG_RUNTIME_DIR set?)\n");
		return 1;
	}
	printf("socket %s\nbezel %s\n", socket, bezel_version_string());
	fflush(stdout);

	wl_display_run(C.display);

	/* Clients first, while the plugin still listens; then the plugin; then the display. */
	wl_display_destroy_clients(C.display);
	rc = bezel_plugin_destroy(C.bezel);
	wl_event_source_remove(C.demo_timer);
	if (C.region_idle != NULL)
		wl_event_source_remove(C.region_idle);
	wl_event_source_remove(sigterm);
	wl_event_source_remove(sigint);
	wl_protocol_logger_destroy(error_logger);
	wl_display_destroy(C.display);
	fprintf(stderr, "compositor: clean exit (plugin destroy: %s)\n", bezel_result_string(rc));
	return rc == BEZEL_OK ? 0 : 1;
}
