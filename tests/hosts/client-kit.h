/*
 * client-kit: what the test clients (tests/hosts, hosts/<host>/tests) share, so that each of
 * them holds only what it tests:
 *   kit_connect           connect, bind the common globals and the client's own, bind the
 *                         seat's wl_touch / wl_pointer, answer xdg_wm_base pings
 *   kit_buffer            a wl_shm buffer filled with one colour
 *   kit_toplevel_init / kit_toplevel_configure
 *                         an xdg toplevel, and its first configure (a bounded wait)
 *   kit_flush, kit_dispatch_until, kit_run
 *                         sending and reading, each wait bounded but kit_run's
 *   kit_say               an output line prefixed with CLOCK_MONOTONIC in µs
 * Build: cc ... client-kit.c xdg-shell-protocol.c -I<dir of xdg-shell-client-protocol.h>.
 */
#ifndef BEZEL_CLIENT_KIT_H
#define BEZEL_CLIENT_KIT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

/* A global the client binds besides the common ones, at `version` or the compositor's own,
 * whichever is lower, into the pointer at `proxy` (left NULL if not offered). A list ends
 * with a NULL iface. */
struct kit_global {
	const struct wl_interface *iface;
	uint32_t version;
	void *proxy;
};

struct kit {
	/* Set before kit_connect (all optional). */
	const struct kit_global *extra;
	const struct wl_touch_listener *touch_listener;     /* binds wl_touch if set */
	const struct wl_pointer_listener *pointer_listener; /* binds wl_pointer if set */
	void *listener_data;

	/* Set by kit_connect; a global the compositor does not offer stays NULL. */
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;       /* version 4 */
	struct wl_subcompositor *subcompositor; /* version 1 */
	struct wl_shm *shm;                     /* version 1 */
	struct wl_seat *seat;                   /* the first one, version 5 at most */
	struct xdg_wm_base *wm_base;            /* version 1 */
	struct wl_touch *touch;                 /* once the seat says it has touch */
	struct wl_pointer *pointer;
};

/* Connects to $WAYLAND_DISPLAY, retrying for up to retry_ms (a socket file appears a moment
 * before its compositor accepts), and binds the globals, seat devices included (two
 * roundtrips). False if it could not connect (k->display NULL, errno kept) or the connection
 * broke; the client checks which globals it needs. */
bool kit_connect(struct kit *k, int retry_ms);

/* Sends what is queued, waiting at most timeout_ms in all (0 or less: not at all) for the socket
 * to drain, and reading (and dispatching) what the compositor sends meanwhile; false if the
 * connection is gone (errno kept) or stays full (errno EAGAIN). */
bool kit_flush(struct kit *k, int timeout_ms);

/* Dispatches until *flag is set or timeout_ms passes (flag NULL: until it passes); false if
 * the connection is gone. */
bool kit_dispatch_until(struct kit *k, bool *flag, int timeout_ms);

/* Dispatches until the compositor goes away; returns 0, an exit status. */
int kit_run(struct kit *k);

/* A w x h XRGB8888 wl_shm buffer, every pixel `xrgb`; NULL (errno kept) on failure. */
struct wl_buffer *kit_buffer(struct kit *k, int w, int h, uint32_t xrgb);

/* Commits `s` with buffer `b` attached and damaged whole (w x h); b NULL: a bare commit. */
void kit_commit_buffer(struct wl_surface *s, struct wl_buffer *b, int w, int h);

struct kit_toplevel {
	struct wl_surface *surface;
	struct xdg_surface *xs;
	struct xdg_toplevel *tl;
	int32_t width, height; /* the size asked for, kept until a configure gives one */
	uint32_t serial;       /* of the last configure */
	bool configured;       /* a configure came */
	bool ack_later;        /* the client acks itself (serial); else acked on receipt */
};

/* A surface with an xdg toplevel role, not committed yet (the client sets its state first),
 * of size w x h until a configure says otherwise. */
void kit_toplevel_init(struct kit *k, struct kit_toplevel *t, int32_t w, int32_t h);

/* The initial commit, then a wait of up to timeout_ms for the first configure; false if none
 * came (the connection broke, or the compositor did not answer in time). */
bool kit_toplevel_configure(struct kit *k, struct kit_toplevel *t, int timeout_ms);
/* The clients' bound on that wait: generous, for a compositor under valgrind. */
#define KIT_CONFIGURE_MS 30000

uint64_t kit_now_us(void);

/* Prints "<µs> <line>\n" and flushes: the tests read these lines as they come. */
void kit_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
