/*
 * hostile-client: a Wayland client that misbehaves on purpose against a compositor running the
 * Bezel module, while touches play on its surfaces (docs/design.md §5: a hostile client can never crash,
 * stall or confuse the compositor; it gets a protocol error and is disconnected).
 *
 *   hostile-client SEED ROUNDS
 *
 * Each round is one connection, in a child process (so that an abrupt end really is a process
 * that dies with its socket open). A round:
 *   1. maps a full-screen xdg toplevel with a bezel gesture object, a subsurface and a few
 *      plain surfaces that have gesture objects of their own;
 *   2. floods the compositor with set_deferred_edges + commit pairs and with gesture objects
 *      created and destroyed on fresh surfaces;
 *   3. waits (bounded) for a touch to land on its toplevel, and in the middle of that touch
 *      destroys things in an odd order: the wl_surface before its gesture object or its
 *      xdg roles, the parent before its subsurface, the gesture object while its edges are
 *      deferred;
 *   4. ends in one of these ways (chosen from SEED):
 *        bad-edges          set_deferred_edges with unknown bits: expects invalid_edges
 *        already-constructed  a second gesture object for one surface: expects already_constructed
 *        inert-bad-edges    unknown bits on a gesture object whose surface is gone: a protocol
 *                           error or nothing, both allowed (the object is inert)
 *        unknown-opcode     a raw request with an opcode the interface does not have:
 *                           expects wl_display.invalid_method
 *        exit               the process exits mid-touch with requests still unsent
 *        kill               the process kills itself with SIGKILL mid-touch
 *        disconnect         wl_display_disconnect with everything still alive
 *
 * Output: one line per round,
 *   ok round N END: protocol error IFACE#ID code C (expected)
 *   ok round N END: no error / abrupt end
 *   FAIL round N END: ...     an error that is not a protocol error, a protocol error other
 *                             than the one provoked, or a compositor that stopped answering
 * then a summary line "hostile: R rounds, F failed, M mid-touch". Exit status 0 when no
 * round failed.
 *
 *   hostile-client region-flood SECONDS
 *   hostile-client changing-region-flood SECONDS
 *   hostile-client input-region-flood SECONDS
 *   hostile-client roundtrips SECONDS
 *
 * The region flood (docs/design.md §5 version 3): a full-screen toplevel with a version 3
 * gesture object and a wl_region of 4,096 rectangles. It first times, against a bare commit,
 * what set_input_region + commit, set_deferred_region + commit of an unchanged region, and of
 * a region that changes at every commit cost ("region-cost-us input I same S changed C", each
 * the median extra µs over a bare commit round trip), prints "flooding", then sends
 * set_deferred_region + commit pairs (the same region) as fast as the socket takes them for
 * SECONDS ("flooded N commits in S s"). `changing-region-flood` floods two regions in turn
 * (every commit a changed region, rebuilt by the router). `input-region-flood` floods
 * set_input_region + commit with the same rectangles instead: what the compositor's own
 * commits cost, the control.
 * `roundtrips` times wl_display roundtrips for
 * SECONDS: "roundtrip-ms median M p95 Q p99 P max X count N".
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "client-kit.h"

enum ending {
	END_BAD_EDGES,
	END_ALREADY_CONSTRUCTED,
	END_INERT_BAD_EDGES,
	END_UNKNOWN_OPCODE,
	END_EXIT,
	END_KILL,
	END_DISCONNECT,
	END_COUNT
};

static const char *const ending_names[END_COUNT] = {
	"bad-edges", "already-constructed", "inert-bad-edges", "unknown-opcode",
	"exit", "kill", "disconnect",
};

/* How long a round waits for a touch on its surface before it misbehaves anyway. */
#define TOUCH_WAIT_MS 1500
/* Requests per batch of the flood; the batch is flushed (waiting for the socket to drain)
 * before the next, so the client's own buffer never overflows. */
#define FLOOD_BATCH 64

static struct kit kit;
static struct bezel_system_gestures_manager_v1 *manager;
static bool touched;
/* How long the compositor may leave this client's socket full before it counts as stalled:
 * HOSTILE_FLUSH_MS, 5 s by default (a compositor under memcheck, or one whose own request is
 * slow on a loaded machine, is given longer by its runner). */
static int flush_ms(void)
{
	const char *env = getenv("HOSTILE_FLUSH_MS");
	return env && atoi(env) > 0 ? atoi(env) : 5000;
}

/* Shared with the parent (fork): whether the round's mischief happened mid-touch. */
static int *shared_mid;

/* ---- listeners: the client reads what it is sent, and otherwise ignores it ---- */

static void g_event(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; (void)e; }
/* Designated: the version 4 back events are never asked for (no set_back_handling). */
static const struct bezel_gesture_surface_v1_listener gesture_listener = {
	.honored_edges = g_event, .deferred_swipe = g_event, .gesture_taken = g_event, .honored_gestures = g_event,
};

static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
		   int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)serial; (void)time; (void)s; (void)id; (void)x; (void)y;
	touched = true;
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { (void)d; (void)t; (void)serial; (void)time; (void)id; }
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)time; (void)id; (void)x; (void)y;
	touched = true;
}
static void t_frame(void *d, struct wl_touch *t) { (void)d; (void)t; }
static void t_cancel(void *d, struct wl_touch *t) { (void)d; (void)t; }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) { (void)d; (void)t; (void)id; (void)a; (void)b; }
static void t_orient(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) { (void)d; (void)t; (void)id; (void)o; }
static const struct wl_touch_listener touch_listener = {
	.down = t_down, .up = t_up, .motion = t_motion, .frame = t_frame, .cancel = t_cancel,
	.shape = t_shape, .orientation = t_orient,
};

/* A request the interface does not have, written straight onto the socket: header = object id,
 * then (size << 16 | opcode). libwayland-server answers with wl_display.invalid_method. */
static void raw_unknown_opcode(uint32_t object_id)
{
	uint32_t msg[2] = { object_id, (8u << 16) | 0x7fu };
	kit_flush(&kit, flush_ms());
	ssize_t n = send(wl_display_get_fd(kit.display), msg, sizeof msg, MSG_NOSIGNAL);
	(void)n; /* a failed send shows up as a lost connection below */
}

/* ---- a protocol error libwayland-client did not read ---- */

/* libwayland-client gives up on a connection whose send fails with ECONNRESET (the compositor
 * closed it with requests unread) without reading what the compositor sent before closing, a
 * wl_display.error among it. What is left in the socket is read here and searched for one:
 * object 1 (wl_display), opcode 0, then the object, the code and a NUL-ended message, the size
 * in the header matching. Returns whether one was found. */
static bool leftover_error(int fd, uint32_t *object, uint32_t *code, char *msg, size_t msg_size)
{
	static uint32_t buf[16384];
	size_t have = 0;
	while (have < sizeof buf) {
		ssize_t n = recv(fd, (char *)buf + have, sizeof buf - have, MSG_DONTWAIT);
		if (n <= 0)
			break;
		have += (size_t)n;
	}
	size_t words = have / 4;
	/* Messages are whole words; the first may be the tail of one libwayland already read. */
	for (size_t i = 0; i + 5 <= words; i++) {
		uint32_t size = buf[i + 1] >> 16, len = buf[i + 4];
		if (buf[i] != 1 || (buf[i + 1] & 0xffffu) != 0 || len == 0 || len > 4096 ||
		    size != 20 + ((len + 3u) & ~3u) || i + size / 4 > words)
			continue;
		const char *text = (const char *)&buf[i + 5];
		if (text[len - 1] != '\0')
			continue;
		*object = buf[i + 2];
		*code = buf[i + 3];
		snprintf(msg, msg_size, "%s", text);
		return true;
	}
	return false;
}

/* ---- one round ---- */

struct plain {
	struct wl_surface *surface;
	struct bezel_gesture_surface_v1 *gesture;
};

#define PLAIN_COUNT 6

/* Runs one round on a fresh connection; returns the process exit status (0: ok). */
static int round_run(int n, unsigned seed, enum ending ending)
{
	srand(seed);
	static const struct kit_global extra[] = {
		{ &bezel_system_gestures_manager_v1_interface, 1, &manager },
		{ NULL, 0, NULL },
	};
	kit.extra = extra;
	kit.touch_listener = &touch_listener;
	bool connected = kit_connect(&kit, 0);
	if (!kit.display) {
		printf("FAIL round %d %s: cannot connect (errno %d)\n", n, ending_names[ending], errno);
		return 1;
	}
	struct wl_display *display = kit.display;
	if (!connected || !kit.compositor || !kit.shm || !kit.wm_base || !manager || !kit.subcompositor) {
		printf("FAIL round %d %s (pid %d): globals missing or connection lost (error %d)\n", n,
		       ending_names[ending], (int)getpid(), wl_display_get_error(display));
		return 1;
	}
	/* Where the round is, for a connection that ends before its ending. */
	const char *phase = "mapping";

	/* 1. a full-screen toplevel with a gesture object, a subsurface, plain surfaces */
	struct kit_toplevel toplevel;
	kit_toplevel_init(&kit, &toplevel, 1080, 1920);
	struct wl_surface *top = toplevel.surface;
	struct xdg_surface *xs = toplevel.xs;
	struct xdg_toplevel *tl = toplevel.tl;
	xdg_toplevel_set_fullscreen(tl, NULL);
	struct bezel_gesture_surface_v1 *tg = bezel_system_gestures_manager_v1_get_gesture_surface(manager, top);
	bezel_gesture_surface_v1_add_listener(tg, &gesture_listener, NULL);
	bezel_gesture_surface_v1_set_deferred_edges(tg, (uint32_t)(rand() % 16));
	if (!kit_toplevel_configure(&kit, &toplevel, 5000)) {
		printf("FAIL round %d %s (pid %d): toplevel not configured (error %d)\n", n,
		       ending_names[ending], (int)getpid(), wl_display_get_error(display));
		return 1;
	}
	struct wl_buffer *buf = kit_buffer(&kit, toplevel.width, toplevel.height, 0x01010101u * (uint32_t)(0x30 + n % 0x40));
	struct wl_buffer *small = kit_buffer(&kit, 200, 200, 0xc0c0c0c0);
	if (!buf || !small) {
		printf("FAIL round %d %s: no shm buffer\n", n, ending_names[ending]);
		return 1;
	}
	kit_commit_buffer(top, buf, toplevel.width, toplevel.height);

	struct wl_surface *child = wl_compositor_create_surface(kit.compositor);
	struct wl_subsurface *sub = wl_subcompositor_get_subsurface(kit.subcompositor, child, top);
	wl_subsurface_set_position(sub, 100 + rand() % 500, 100 + rand() % 1200);
	wl_subsurface_set_desync(sub);
	struct bezel_gesture_surface_v1 *cg = bezel_system_gestures_manager_v1_get_gesture_surface(manager, child);
	bezel_gesture_surface_v1_add_listener(cg, &gesture_listener, NULL);
	bezel_gesture_surface_v1_set_deferred_edges(cg, (uint32_t)(rand() % 16));
	wl_surface_attach(child, small, 0, 0);
	wl_surface_commit(child);
	wl_surface_commit(top);

	struct plain plain[PLAIN_COUNT];
	for (int i = 0; i < PLAIN_COUNT; i++) {
		plain[i].surface = wl_compositor_create_surface(kit.compositor);
		plain[i].gesture = bezel_system_gestures_manager_v1_get_gesture_surface(manager, plain[i].surface);
		bezel_gesture_surface_v1_add_listener(plain[i].gesture, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(plain[i].gesture, (uint32_t)(rand() % 16));
		wl_surface_commit(plain[i].surface);
	}

	/* 2. floods: deferral changes, and gesture objects churned on fresh surfaces */
	phase = "the flood";
	int flood = 200 + rand() % 800;
	for (int i = 0; i < flood; i++) {
		bezel_gesture_surface_v1_set_deferred_edges(tg, (uint32_t)(rand() % 16));
		wl_surface_commit(top);
		if (i % FLOOD_BATCH == FLOOD_BATCH - 1 && !kit_flush(&kit, flush_ms()))
			break;
	}
	int churn = 20 + rand() % 80;
	for (int i = 0; i < churn; i++) {
		struct wl_surface *s = wl_compositor_create_surface(kit.compositor);
		struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, s);
		bezel_gesture_surface_v1_set_deferred_edges(g, (uint32_t)(rand() % 16));
		wl_surface_commit(s);
		/* odd orders: the surface first (the object goes inert), or the object first */
		if (rand() % 2) {
			wl_surface_destroy(s);
			bezel_gesture_surface_v1_set_deferred_edges(g, 2);
			bezel_gesture_surface_v1_destroy(g);
		} else {
			bezel_gesture_surface_v1_destroy(g);
			wl_surface_commit(s);
			wl_surface_destroy(s);
		}
		if (i % (FLOOD_BATCH / 8) == 0 && !kit_flush(&kit, flush_ms()))
			break;
	}
	if (!kit_flush(&kit, flush_ms()) || wl_display_roundtrip(display) < 0)
		goto after; /* checked below: the error must be a protocol error */

	/* 3. mid-touch: wait for a touch on the toplevel, then pull things away under it */
	phase = "waiting for a touch";
	touched = false;
	if (!kit_dispatch_until(&kit, &touched, TOUCH_WAIT_MS))
		goto after;
	phase = "pulling things away mid-touch";
	bool mid = touched;
	*shared_mid = mid;
	if (ending == END_EXIT || ending == END_KILL) {
		/* requests still queued when the process goes away */
		for (int i = 0; i < 50; i++) {
			bezel_gesture_surface_v1_set_deferred_edges(tg, (uint32_t)(rand() % 16));
			wl_surface_commit(top);
		}
		printf("ok round %d %s: abrupt end%s\n", n, ending_names[ending],
		       mid ? " mid-touch" : " (no touch came)");
		fflush(stdout);
		if (ending == END_KILL)
			raise(SIGKILL);
		_exit(0);
	}
	switch (rand() % 4) {
	case 0: /* the window goes: its xdg roles, then the wl_surface, before its gesture
		 * object and its subsurface (roles first: since wayland 1.22 a surface destroyed
		 * before its role object is the protocol error defunct_role_object, which
		 * wlroots 0.18 raises) */
		xdg_toplevel_destroy(tl);
		xdg_surface_destroy(xs);
		wl_surface_destroy(top);
		wl_surface_commit(child);
		break;
	case 1: /* the deferring gesture object goes while the finger is down */
		bezel_gesture_surface_v1_destroy(tg);
		tg = NULL;
		wl_surface_commit(top);
		break;
	case 2: /* the subsurface role goes, then its surface, then its gesture object */
		wl_subsurface_destroy(sub);
		sub = NULL;
		wl_surface_destroy(child);
		child = NULL;
		wl_surface_commit(top);
		break;
	default: /* the buffer is taken away: the surface unmaps under the finger */
		wl_surface_attach(top, NULL, 0, 0);
		wl_surface_commit(top);
		break;
	}
	for (int i = 0; i < PLAIN_COUNT; i += 2) {
		wl_surface_destroy(plain[i].surface);
		plain[i].surface = NULL;
	}
	if (!kit_flush(&kit, flush_ms()) || wl_display_roundtrip(display) < 0)
		goto after;

	/* 4. the ending */
	phase = "the ending";
	uint32_t bad = (uint32_t)(16u << (rand() % 27)) | (uint32_t)(rand() % 16);
	switch (ending) {
	case END_BAD_EDGES: /* plain surfaces with an odd index are still alive */
		bezel_gesture_surface_v1_set_deferred_edges(plain[1].gesture, bad);
		break;
	case END_ALREADY_CONSTRUCTED:
		bezel_system_gestures_manager_v1_get_gesture_surface(manager, plain[3].surface);
		break;
	case END_INERT_BAD_EDGES:
		bezel_gesture_surface_v1_set_deferred_edges(plain[0].gesture, bad);
		break;
	case END_UNKNOWN_OPCODE:
		raw_unknown_opcode(wl_proxy_get_id((struct wl_proxy *)plain[1].gesture));
		break;
	case END_DISCONNECT:
		kit_flush(&kit, flush_ms());
		wl_display_disconnect(display);
		printf("ok round %d %s: disconnected with objects alive%s\n", n, ending_names[ending],
		       mid ? " mid-touch" : "");
		return 0;
	default:
		break;
	}
	kit_flush(&kit, flush_ms());
	wl_display_roundtrip(display);
	wl_display_roundtrip(display);

after:;
	/* Which error this connection ended with, and whether it is the one provoked. */
	int err = wl_display_get_error(display);
	const struct wl_interface *iface = NULL;
	uint32_t id = 0, code = 0;
	if (err)
		code = wl_display_get_protocol_error(display, &iface, &id);
	/* libwayland-client reports an interface's protocol error as EPROTO, and wl_display's own
	 * errors (invalid_object, invalid_method, no_memory, implementation) as EINVAL, ENOMEM or
	 * ENOSYS, naming wl_display. Both are protocol errors; a lost
	 * connection without one (EPIPE, ECONNRESET) is not. */
	bool protocol_error = err == EPROTO ||
			      ((err == EINVAL || err == ENOMEM || err == ENOSYS) && iface);
	const char *want_iface = NULL;
	uint32_t want_code = 0, want_id = 0;
	bool error_optional = false;
	switch (ending) {
	case END_BAD_EDGES:
		want_iface = bezel_gesture_surface_v1_interface.name;
		want_code = BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES;
		want_id = wl_proxy_get_id((struct wl_proxy *)plain[1].gesture);
		break;
	case END_ALREADY_CONSTRUCTED:
		want_iface = bezel_system_gestures_manager_v1_interface.name;
		want_code = BEZEL_SYSTEM_GESTURES_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED;
		want_id = wl_proxy_get_id((struct wl_proxy *)manager);
		break;
	case END_INERT_BAD_EDGES:
		want_iface = bezel_gesture_surface_v1_interface.name;
		want_code = BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES;
		want_id = wl_proxy_get_id((struct wl_proxy *)plain[0].gesture);
		error_optional = true;
		break;
	case END_UNKNOWN_OPCODE:
		want_iface = wl_display_interface.name;
		want_code = WL_DISPLAY_ERROR_INVALID_METHOD;
		want_id = 1; /* libwayland-server names wl_display for a request it cannot decode */
		break;
	default:
		break;
	}
	/* A lost connection: was a protocol error left unread in the socket? */
	uint32_t left_id = 0, left_code = 0;
	char left_msg[160] = "";
	bool left = !protocol_error && err &&
		    leftover_error(wl_display_get_fd(display), &left_id, &left_code, left_msg, sizeof left_msg);
	const char *got = iface ? iface->name : "?";
	int status = 0;
	if (err == 0 && (!want_iface || error_optional)) {
		printf("ok round %d %s: no error\n", n, ending_names[ending]);
	} else if (err == 0) {
		printf("FAIL round %d %s (pid %d): no protocol error after %s (expected %s code %u)\n",
		       n, ending_names[ending], (int)getpid(), phase, want_iface, want_code);
		status = 1;
	} else if (left && want_iface && !strcmp(phase, "the ending") && left_id == want_id &&
		   left_code == want_code) {
		printf("ok round %d %s: protocol error %s#%u code %u (expected; read from the socket, "
		       "libwayland-client having given up on errno %d: %s)\n", n, ending_names[ending],
		       want_iface, left_id, left_code, err, strerror(err));
	} else if (left) {
		printf("FAIL round %d %s (pid %d): connection lost in %s (errno %d: %s), the socket "
		       "holding wl_display.error object #%u code %u \"%s\" (expected %s code %u)\n", n,
		       ending_names[ending], (int)getpid(), phase, err, strerror(err), left_id,
		       left_code, left_msg, want_iface ? want_iface : "no error", want_code);
		status = 1;
	} else if (!protocol_error) {
		printf("FAIL round %d %s (pid %d): connection lost in %s without a protocol error "
		       "(errno %d: %s)\n", n, ending_names[ending], (int)getpid(), phase, err,
		       strerror(err));
		status = 1;
	} else if (want_iface && !strcmp(phase, "the ending") && !strcmp(got, want_iface) &&
		   code == want_code) {
		printf("ok round %d %s: protocol error %s#%u code %u (expected)\n", n,
		       ending_names[ending], got, id, code);
	} else {
		printf("FAIL round %d %s (pid %d): protocol error %s#%u code %u in %s, expected %s "
		       "code %u\n", n, ending_names[ending], (int)getpid(), got, id, code, phase,
		       want_iface ? want_iface : "none", want_code);
		status = 1;
	}
	fflush(stdout);
	return status;
}

/* ---- the region flood, and another client's round trips beside it ---- */

#define REGION_SIDE 64 /* a REGION_SIDE x REGION_SIDE grid: 4,096 rectangles */

/* Non-touching 8 x 8 squares on a 16 px pitch, `shift` px to the right: pixman keeps each.
 * Sent a row at a time, so the client's own buffer never overflows. */
static struct wl_region *grid_region(int shift)
{
	struct wl_region *r = wl_compositor_create_region(kit.compositor);
	for (int y = 0; y < REGION_SIDE; y++) {
		for (int x = 0; x < REGION_SIDE; x++)
			wl_region_add(r, x * 16 + shift, y * 16, 8, 8);
		kit_flush(&kit, flush_ms());
	}
	return r;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* What the compositor takes for `what` + commit, as the median of `n` round trips (µs). */
enum region_step { STEP_BARE, STEP_INPUT, STEP_SAME, STEP_CHANGED };
static uint64_t timed_commits(struct wl_surface *s, struct bezel_gesture_surface_v1 *g,
			      struct wl_region *a, struct wl_region *b, enum region_step what, int n)
{
	uint64_t t[200];
	if (n > 200)
		n = 200;
	for (int i = 0; i < n; i++) {
		uint64_t t0 = kit_now_us();
		if (what == STEP_INPUT)
			wl_surface_set_input_region(s, a);
		else if (what == STEP_SAME)
			bezel_gesture_surface_v1_set_deferred_region(g, a);
		else if (what == STEP_CHANGED)
			bezel_gesture_surface_v1_set_deferred_region(g, i % 2 ? b : a);
		wl_surface_commit(s);
		if (wl_display_roundtrip(kit.display) < 0)
			return 0;
		t[i] = kit_now_us() - t0;
	}
	qsort(t, (size_t)n, sizeof t[0], cmp_u64);
	return t[n / 2];
}

/* What a region flood sends with each commit. */
enum flood_kind { FLOOD_SAME_REGION, FLOOD_CHANGING_REGION, FLOOD_INPUT_REGION };
static int region_flood(int seconds, enum flood_kind kind)
{
	static const struct kit_global extra[] = {
		{ &bezel_system_gestures_manager_v1_interface, 3, &manager },
		{ NULL, 0, NULL },
	};
	kit.extra = extra;
	if (!kit_connect(&kit, 10000) || !kit.compositor || !kit.shm || !kit.wm_base || !manager ||
	    bezel_system_gestures_manager_v1_get_version(manager) < 3) {
		printf("FAIL region-flood: cannot connect, or no bezel_system_gestures_manager_v1 version 3\n");
		return 1;
	}
	struct kit_toplevel top;
	kit_toplevel_init(&kit, &top, 1080, 1920);
	xdg_toplevel_set_fullscreen(top.tl, NULL);
	struct bezel_gesture_surface_v1 *g = bezel_system_gestures_manager_v1_get_gesture_surface(manager, top.surface);
	bezel_gesture_surface_v1_add_listener(g, &gesture_listener, NULL);
	bezel_gesture_surface_v1_set_deferred_edges(g, BEZEL_GESTURE_SURFACE_V1_EDGE_BOTTOM);
	if (!kit_toplevel_configure(&kit, &top, KIT_CONFIGURE_MS)) {
		printf("FAIL region-flood: toplevel not configured\n");
		return 1;
	}
	struct wl_buffer *buf = kit_buffer(&kit, top.width, top.height, 0xff205080);
	if (!buf) {
		printf("FAIL region-flood: no shm buffer\n");
		return 1;
	}
	kit_commit_buffer(top.surface, buf, top.width, top.height);
	struct wl_region *a = grid_region(0), *b = grid_region(1);
	wl_display_roundtrip(kit.display);

	uint64_t bare = timed_commits(top.surface, g, a, b, STEP_BARE, 100);
	uint64_t input = timed_commits(top.surface, g, a, b, STEP_INPUT, 100);
	wl_surface_set_input_region(top.surface, NULL);
	uint64_t same = timed_commits(top.surface, g, a, b, STEP_SAME, 100);
	uint64_t changed = timed_commits(top.surface, g, a, b, STEP_CHANGED, 100);
	if (!bare || !input || !same || !changed) {
		printf("FAIL region-flood: connection lost while timing (error %d)\n", wl_display_get_error(kit.display));
		return 1;
	}
	printf("region-cost-us input %lld same %lld changed %lld (bare commit round trip %llu us, %d rectangles)\n",
	       (long long)(input - bare), (long long)(same - bare), (long long)(changed - bare),
	       (unsigned long long)bare, REGION_SIDE * REGION_SIDE);
	printf("flooding\n");
	fflush(stdout);

	uint64_t start = kit_now_us(), end = start + (uint64_t)seconds * 1000000u;
	long commits = 0;
	int flush_bound_ms = flush_ms();
	while (kit_now_us() < end) {
		for (int i = 0; i < FLOOD_BATCH / 2; i++, commits++) {
			if (kind == FLOOD_INPUT_REGION)
				wl_surface_set_input_region(top.surface, a);
			else if (kind == FLOOD_CHANGING_REGION)
				bezel_gesture_surface_v1_set_deferred_region(g, commits % 2 ? b : a);
			else
				bezel_gesture_surface_v1_set_deferred_region(g, a);
			wl_surface_commit(top.surface);
		}
		if (!kit_flush(&kit, flush_bound_ms)) {
			printf("FAIL region-flood: the compositor stopped reading for %d ms (errno %d)\n", flush_bound_ms, errno);
			return 1;
		}
	}
	if (wl_display_roundtrip(kit.display) < 0) {
		printf("FAIL region-flood: connection lost (error %d)\n", wl_display_get_error(kit.display));
		return 1;
	}
	printf("flooded %ld commits in %.1f s\n", commits, (double)(kit_now_us() - start) / 1e6);
	return 0;
}

static int roundtrips(int seconds)
{
	static uint64_t t[200000];
	struct wl_display *d = wl_display_connect(NULL);
	if (!d) {
		printf("FAIL roundtrips: cannot connect (errno %d)\n", errno);
		return 1;
	}
	uint64_t end = kit_now_us() + (uint64_t)seconds * 1000000u;
	size_t n = 0;
	while (n < sizeof t / sizeof t[0] && kit_now_us() < end) {
		uint64_t t0 = kit_now_us();
		if (wl_display_roundtrip(d) < 0) {
			printf("FAIL roundtrips: connection lost\n");
			return 1;
		}
		t[n++] = kit_now_us() - t0;
	}
	if (n == 0) {
		printf("FAIL roundtrips: none timed in %d s\n", seconds);
		return 1;
	}
	qsort(t, n, sizeof t[0], cmp_u64);
	printf("roundtrip-ms median %.2f p95 %.2f p99 %.2f max %.2f count %zu\n", (double)t[n / 2] / 1000,
	       (double)t[n * 95 / 100] / 1000, (double)t[n * 99 / 100] / 1000, (double)t[n - 1] / 1000, n);
	wl_display_disconnect(d);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "region-flood"))
		return region_flood(atoi(argv[2]), FLOOD_SAME_REGION);
	if (argc == 3 && !strcmp(argv[1], "changing-region-flood"))
		return region_flood(atoi(argv[2]), FLOOD_CHANGING_REGION);
	if (argc == 3 && !strcmp(argv[1], "input-region-flood"))
		return region_flood(atoi(argv[2]), FLOOD_INPUT_REGION);
	if (argc == 3 && !strcmp(argv[1], "roundtrips"))
		return roundtrips(atoi(argv[2]));
	if (argc != 3) {
		fprintf(stderr, "usage: %s SEED ROUNDS | region-flood SECONDS | changing-region-flood SECONDS | input-region-flood SECONDS | roundtrips SECONDS\n", argv[0]);
		return 2;
	}
	unsigned seed = (unsigned)strtoul(argv[1], NULL, 0);
	int rounds = atoi(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	shared_mid = mmap(NULL, sizeof *shared_mid, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared_mid == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	int failed = 0, mid = 0;
	for (int n = 1; n <= rounds; n++) {
		unsigned round_seed = seed * 7919u + (unsigned)n;
		enum ending ending = (enum ending)((seed + (unsigned)n) % END_COUNT);
		*shared_mid = 0;
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0)
			_exit(round_run(n, round_seed, ending));
		int st = 0;
		if (waitpid(pid, &st, 0) < 0) {
			perror("waitpid");
			return 1;
		}
		/* 0: ok; SIGKILL only where the round kills itself */
		if ((WIFEXITED(st) && WEXITSTATUS(st) == 0) ||
		    (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL && ending == END_KILL)) {
			mid += *shared_mid;
		} else {
			if (!(WIFEXITED(st) && WEXITSTATUS(st) == 1))
				printf("FAIL round %d %s: child ended with status 0x%x\n", n,
				       ending_names[ending], st);
			failed++;
		}
	}
	printf("hostile: %d rounds, %d failed, %d mid-touch\n", rounds, failed, mid);
	return failed ? 1 : 0;
}
