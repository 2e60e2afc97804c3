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
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

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

static struct wl_display *display;
static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct wl_touch *touch;
static struct xdg_wm_base *wm_base;
static struct bezel_system_gestures_manager_v1 *manager;
static bool configured, touched;
/* Shared with the parent (fork): whether the round's mischief happened mid-touch. */
static int *shared_mid;
static int32_t width = 1080, height = 1920;

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* ---- listeners: the client reads what it is sent, and otherwise ignores it ---- */

static void g_event(void *d, struct bezel_gesture_surface_v1 *g, uint32_t e) { (void)d; (void)g; (void)e; }
static const struct bezel_gesture_surface_v1_listener gesture_listener = { g_event, g_event, g_event, g_event };

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

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps)
{
	(void)d;
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
		touch = wl_seat_get_touch(s);
		wl_touch_add_listener(touch, &touch_listener, NULL);
	}
}
static void seat_name(void *d, struct wl_seat *s, const char *n) { (void)d; (void)s; (void)n; }
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { (void)d; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };
static void xs_configure(void *d, struct xdg_surface *xs, uint32_t serial) { (void)d; xdg_surface_ack_configure(xs, serial); configured = true; }
static const struct xdg_surface_listener xs_listener = { xs_configure };
static void tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s)
{
	(void)d; (void)t; (void)s;
	if (w > 0 && h > 0) { width = w; height = h; }
}
static void tl_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; }
static const struct xdg_toplevel_listener tl_listener = { .configure = tl_configure, .close = tl_close };

static void reg_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name))
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_subcompositor_interface.name))
		subcompositor = wl_registry_bind(r, name, &wl_subcompositor_interface, 1);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, wl_seat_interface.name) && !seat) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	} else if (!strcmp(iface, bezel_system_gestures_manager_v1_interface.name))
		manager = wl_registry_bind(r, name, &bezel_system_gestures_manager_v1_interface, 1);
}
static void reg_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener reg_listener = { reg_global, reg_remove };

/* ---- helpers ---- */

static struct wl_buffer *make_buffer(int w, int h, uint8_t grey)
{
	int stride = w * 4, size = stride * h;
	int fd = memfd_create("hostile-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return NULL;
	}
	memset(p, grey, size);
	munmap(p, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

/* Sends what is queued, waiting for the socket to drain; false if the connection is gone. */
static bool flush_all(void)
{
	struct pollfd pfd = { .fd = wl_display_get_fd(display), .events = POLLOUT };
	while (wl_display_flush(display) < 0) {
		/* a connection already in error reports its error's errno, possibly EAGAIN */
		if (errno != EAGAIN || wl_display_get_error(display))
			return false;
		if (poll(&pfd, 1, 5000) <= 0)
			return false;
	}
	return true;
}

/* Dispatches events until `*flag` is set or `timeout_ms` passes; false if the connection is
 * gone. */
static bool dispatch_until(bool *flag, int timeout_ms)
{
	uint64_t end = now_ms() + (uint64_t)timeout_ms;
	while (!*flag) {
		uint64_t now = now_ms();
		if (now >= end)
			return true;
		if (wl_display_dispatch_pending(display) < 0 || !flush_all())
			return false;
		if (*flag)
			break;
		if (wl_display_prepare_read(display) != 0)
			continue;
		struct pollfd pfd = { .fd = wl_display_get_fd(display), .events = POLLIN };
		int r = poll(&pfd, 1, (int)(end - now));
		if (r > 0) {
			if (wl_display_read_events(display) < 0)
				return false;
		} else {
			wl_display_cancel_read(display);
		}
	}
	return wl_display_dispatch_pending(display) >= 0;
}

/* A request the interface does not have, written straight onto the socket: header = object id,
 * then (size << 16 | opcode). libwayland-server answers with wl_display.invalid_method. */
static void raw_unknown_opcode(uint32_t object_id)
{
	uint32_t msg[2] = { object_id, (8u << 16) | 0x7fu };
	flush_all();
	ssize_t n = send(wl_display_get_fd(display), msg, sizeof msg, MSG_NOSIGNAL);
	(void)n; /* a failed send shows up as a lost connection below */
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
	display = wl_display_connect(NULL);
	if (!display) {
		printf("FAIL round %d %s: cannot connect (errno %d)\n", n, ending_names[ending], errno);
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &reg_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || wl_display_roundtrip(display) < 0 || !compositor ||
	    !shm || !wm_base || !manager || !subcompositor) {
		printf("FAIL round %d %s: globals missing or connection lost (error %d)\n", n,
		       ending_names[ending], wl_display_get_error(display));
		return 1;
	}

	/* 1. a full-screen toplevel with a gesture object, a subsurface, plain surfaces */
	struct wl_surface *top = wl_compositor_create_surface(compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, top);
	xdg_surface_add_listener(xs, &xs_listener, NULL);
	struct xdg_toplevel *tl = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(tl, &tl_listener, NULL);
	xdg_toplevel_set_fullscreen(tl, NULL);
	struct bezel_gesture_surface_v1 *tg = bezel_system_gestures_manager_v1_get_gesture_surface(manager, top);
	bezel_gesture_surface_v1_add_listener(tg, &gesture_listener, NULL);
	bezel_gesture_surface_v1_set_deferred_edges(tg, (uint32_t)(rand() % 16));
	wl_surface_commit(top);
	if (!dispatch_until(&configured, 5000) || !configured) {
		printf("FAIL round %d %s: toplevel not configured (error %d)\n", n,
		       ending_names[ending], wl_display_get_error(display));
		return 1;
	}
	struct wl_buffer *buf = make_buffer(width, height, (uint8_t)(0x30 + n % 0x40));
	struct wl_buffer *small = make_buffer(200, 200, 0xc0);
	if (!buf || !small) {
		printf("FAIL round %d %s: no shm buffer\n", n, ending_names[ending]);
		return 1;
	}
	wl_surface_attach(top, buf, 0, 0);
	wl_surface_damage(top, 0, 0, width, height);
	wl_surface_commit(top);

	struct wl_surface *child = wl_compositor_create_surface(compositor);
	struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, child, top);
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
		plain[i].surface = wl_compositor_create_surface(compositor);
		plain[i].gesture = bezel_system_gestures_manager_v1_get_gesture_surface(manager, plain[i].surface);
		bezel_gesture_surface_v1_add_listener(plain[i].gesture, &gesture_listener, NULL);
		bezel_gesture_surface_v1_set_deferred_edges(plain[i].gesture, (uint32_t)(rand() % 16));
		wl_surface_commit(plain[i].surface);
	}

	/* 2. floods: deferral changes, and gesture objects churned on fresh surfaces */
	int flood = 200 + rand() % 800;
	for (int i = 0; i < flood; i++) {
		bezel_gesture_surface_v1_set_deferred_edges(tg, (uint32_t)(rand() % 16));
		wl_surface_commit(top);
		if (i % FLOOD_BATCH == FLOOD_BATCH - 1 && !flush_all())
			break;
	}
	int churn = 20 + rand() % 80;
	for (int i = 0; i < churn; i++) {
		struct wl_surface *s = wl_compositor_create_surface(compositor);
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
		if (i % (FLOOD_BATCH / 8) == 0 && !flush_all())
			break;
	}
	if (!flush_all() || wl_display_roundtrip(display) < 0)
		goto after; /* checked below: the error must be a protocol error */

	/* 3. mid-touch: wait for a touch on the toplevel, then pull things away under it */
	touched = false;
	if (!dispatch_until(&touched, TOUCH_WAIT_MS))
		goto after;
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
	case 0: /* the wl_surface goes before its xdg roles, its gesture object and its
		 * subsurface */
		wl_surface_destroy(top);
		wl_surface_commit(child);
		xdg_toplevel_destroy(tl);
		xdg_surface_destroy(xs);
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
	if (!flush_all() || wl_display_roundtrip(display) < 0)
		goto after;

	/* 4. the ending */
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
		flush_all();
		wl_display_disconnect(display);
		printf("ok round %d %s: disconnected with objects alive%s\n", n, ending_names[ending],
		       mid ? " mid-touch" : "");
		return 0;
	default:
		break;
	}
	flush_all();
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
	uint32_t want_code = 0;
	bool error_optional = false;
	switch (ending) {
	case END_BAD_EDGES:
		want_iface = bezel_gesture_surface_v1_interface.name;
		want_code = BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES;
		break;
	case END_ALREADY_CONSTRUCTED:
		want_iface = bezel_system_gestures_manager_v1_interface.name;
		want_code = BEZEL_SYSTEM_GESTURES_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED;
		break;
	case END_INERT_BAD_EDGES:
		want_iface = bezel_gesture_surface_v1_interface.name;
		want_code = BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES;
		error_optional = true;
		break;
	case END_UNKNOWN_OPCODE:
		want_iface = wl_display_interface.name;
		want_code = WL_DISPLAY_ERROR_INVALID_METHOD;
		break;
	default:
		break;
	}
	const char *got = iface ? iface->name : "?";
	int status = 0;
	if (err == 0 && (!want_iface || error_optional)) {
		printf("ok round %d %s: no error\n", n, ending_names[ending]);
	} else if (err == 0) {
		printf("FAIL round %d %s: no protocol error (expected %s code %u)\n", n,
		       ending_names[ending], want_iface, want_code);
		status = 1;
	} else if (!protocol_error) {
		printf("FAIL round %d %s: connection lost without a protocol error (errno %d: %s)\n",
		       n, ending_names[ending], err, strerror(err));
		status = 1;
	} else if (want_iface && !strcmp(got, want_iface) && code == want_code) {
		printf("ok round %d %s: protocol error %s#%u code %u (expected)\n", n,
		       ending_names[ending], got, id, code);
	} else {
		printf("FAIL round %d %s: protocol error %s#%u code %u, expected %s code %u\n", n,
		       ending_names[ending], got, id, code, want_iface ? want_iface : "none",
		       want_code);
		status = 1;
	}
	fflush(stdout);
	return status;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s SEED ROUNDS\n", argv[0]);
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
