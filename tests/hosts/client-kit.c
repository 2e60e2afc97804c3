/* client-kit: see client-kit.h. */
#define _GNU_SOURCE
#include "client-kit.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

uint64_t kit_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void kit_say(const char *fmt, ...)
{
	va_list ap;
	printf("%llu ", (unsigned long long)kit_now_us());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* ---- globals and seat ---- */

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps)
{
	struct kit *k = d;
	if (k->touch_listener && (caps & WL_SEAT_CAPABILITY_TOUCH) && !k->touch) {
		k->touch = wl_seat_get_touch(s);
		wl_touch_add_listener(k->touch, k->touch_listener, k->listener_data);
	}
	if (k->pointer_listener && (caps & WL_SEAT_CAPABILITY_POINTER) && !k->pointer) {
		k->pointer = wl_seat_get_pointer(s);
		wl_pointer_add_listener(k->pointer, k->pointer_listener, k->listener_data);
	}
}
static void seat_name(void *d, struct wl_seat *s, const char *n) { (void)d; (void)s; (void)n; }
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { (void)d; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void *bind_capped(struct wl_registry *r, uint32_t name, const struct wl_interface *iface,
			 uint32_t offered, uint32_t wanted)
{
	return wl_registry_bind(r, name, iface, offered < wanted ? offered : wanted);
}

static void reg_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	struct kit *k = d;
	if (!strcmp(iface, wl_compositor_interface.name))
		k->compositor = bind_capped(r, name, &wl_compositor_interface, version, 4);
	else if (!strcmp(iface, wl_subcompositor_interface.name))
		k->subcompositor = bind_capped(r, name, &wl_subcompositor_interface, version, 1);
	else if (!strcmp(iface, wl_shm_interface.name))
		k->shm = bind_capped(r, name, &wl_shm_interface, version, 1);
	else if (!strcmp(iface, wl_seat_interface.name) && !k->seat) {
		k->seat = bind_capped(r, name, &wl_seat_interface, version, 5);
		wl_seat_add_listener(k->seat, &seat_listener, k);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		k->wm_base = bind_capped(r, name, &xdg_wm_base_interface, version, 1);
		xdg_wm_base_add_listener(k->wm_base, &wm_listener, k);
	} else {
		for (const struct kit_global *g = k->extra; g && g->iface; g++) {
			if (strcmp(iface, g->iface->name))
				continue;
			void *proxy = bind_capped(r, name, g->iface, version, g->version);
			memcpy(g->proxy, &proxy, sizeof proxy);
			break;
		}
	}
}
static void reg_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener reg_listener = { reg_global, reg_remove };

bool kit_connect(struct kit *k, int retry_ms)
{
	uint64_t end = kit_now_us() + (uint64_t)(retry_ms > 0 ? retry_ms : 0) * 1000u;
	while (!(k->display = wl_display_connect(NULL))) {
		int e = errno;
		if (kit_now_us() >= end)
			return false;
		usleep(20000); /* polling interval while the compositor starts */
		errno = e;
	}
	k->registry = wl_display_get_registry(k->display);
	wl_registry_add_listener(k->registry, &reg_listener, k);
	/* the first roundtrip binds the globals, the second brings the seat's capabilities */
	return wl_display_roundtrip(k->display) >= 0 && wl_display_roundtrip(k->display) >= 0;
}

/* ---- sending and reading ---- */

bool kit_flush(struct kit *k, int timeout_ms)
{
	/* While the socket is full the client still reads: libwayland-server cuts off a client
	 * that leaves its events unread until the compositor's buffer for it fills, and a client
	 * flooding requests while touches play would be cut off for that, not for what it
	 * provoked. Events read are dispatched here (prepare_read needs an empty queue). */
	uint64_t end = kit_now_us() + (uint64_t)(timeout_ms > 0 ? timeout_ms : 0) * 1000u;
	struct pollfd pfd = { .fd = wl_display_get_fd(k->display), .events = POLLOUT | POLLIN };
	while (wl_display_flush(k->display) < 0) {
		/* a connection already in error reports its error's errno, possibly EAGAIN */
		if (errno != EAGAIN || wl_display_get_error(k->display))
			return false;
		uint64_t now = kit_now_us();
		if (now >= end) {
			errno = EAGAIN; /* still full: handlers run here may have changed errno */
			return false;
		}
		while (wl_display_prepare_read(k->display) != 0) {
			if (wl_display_dispatch_pending(k->display) < 0)
				return false;
		}
		/* rounded up: a wait that ends early would spin */
		int r = poll(&pfd, 1, (int)((end - now + 999) / 1000));
		if (r <= 0) {
			wl_display_cancel_read(k->display);
			if (r == 0)
				errno = EAGAIN;
			return false;
		}
		if (pfd.revents & POLLIN) {
			/* Dispatched at once: a wl_display.error read here must be handled before the
			 * next flush fails on the closed socket and makes libwayland drop the queue. */
			if (wl_display_read_events(k->display) < 0 ||
			    wl_display_dispatch_pending(k->display) < 0)
				return false;
		} else {
			wl_display_cancel_read(k->display);
		}
	}
	return true;
}

bool kit_dispatch_until(struct kit *k, bool *flag, int timeout_ms)
{
	uint64_t end = kit_now_us() + (uint64_t)timeout_ms * 1000u;
	while (!flag || !*flag) {
		uint64_t now = kit_now_us();
		if (now >= end)
			return true;
		if (wl_display_dispatch_pending(k->display) < 0 || !kit_flush(k, 5000))
			return false;
		if (flag && *flag)
			break;
		if (wl_display_prepare_read(k->display) != 0)
			continue;
		struct pollfd pfd = { .fd = wl_display_get_fd(k->display), .events = POLLIN };
		/* rounded up: a wait that ends early would spin */
		int r = poll(&pfd, 1, (int)((end - now + 999) / 1000));
		if (r > 0) {
			if (wl_display_read_events(k->display) < 0)
				return false;
		} else {
			wl_display_cancel_read(k->display);
		}
	}
	return wl_display_dispatch_pending(k->display) >= 0;
}

int kit_run(struct kit *k)
{
	while (wl_display_dispatch(k->display) >= 0)
		;
	return 0;
}

/* ---- buffers ---- */

struct wl_buffer *kit_buffer(struct kit *k, int w, int h, uint32_t xrgb)
{
	size_t stride = (size_t)w * 4, size = stride * (size_t)h;
	int fd = memfd_create("client-kit", MFD_CLOEXEC), e;
	if (fd < 0)
		return NULL;
	if (ftruncate(fd, (off_t)size) < 0)
		goto fail;
	if (xrgb) { /* a new memfd reads as zeros */
		uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (px == MAP_FAILED)
			goto fail;
		if ((xrgb & 0xffu) * 0x01010101u == xrgb)
			memset(px, (int)(xrgb & 0xffu), size);
		else
			for (size_t i = 0; i < size / 4; i++)
				px[i] = xrgb;
		munmap(px, size);
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(k->shm, fd, (int32_t)size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, (int32_t)stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
fail:
	e = errno;
	close(fd);
	errno = e;
	return NULL;
}

void kit_commit_buffer(struct wl_surface *s, struct wl_buffer *b, int w, int h)
{
	if (b) {
		wl_surface_attach(s, b, 0, 0);
		wl_surface_damage(s, 0, 0, w, h);
	}
	wl_surface_commit(s);
}

/* ---- xdg toplevel ---- */

static void xs_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	struct kit_toplevel *t = d;
	t->serial = serial;
	if (!t->ack_later)
		xdg_surface_ack_configure(xs, serial);
	t->configured = true;
}
static const struct xdg_surface_listener xs_listener = { xs_configure };
static void tl_configure(void *d, struct xdg_toplevel *tl, int32_t w, int32_t h, struct wl_array *s)
{
	struct kit_toplevel *t = d;
	(void)tl; (void)s;
	if (w > 0 && h > 0) {
		t->width = w;
		t->height = h;
	}
}
static void tl_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; }
static const struct xdg_toplevel_listener tl_listener = { .configure = tl_configure, .close = tl_close };

void kit_toplevel_init(struct kit *k, struct kit_toplevel *t, int32_t w, int32_t h)
{
	*t = (struct kit_toplevel){ .width = w, .height = h };
	t->surface = wl_compositor_create_surface(k->compositor);
	t->xs = xdg_wm_base_get_xdg_surface(k->wm_base, t->surface);
	xdg_surface_add_listener(t->xs, &xs_listener, t);
	t->tl = xdg_surface_get_toplevel(t->xs);
	xdg_toplevel_add_listener(t->tl, &tl_listener, t);
}

bool kit_toplevel_configure(struct kit *k, struct kit_toplevel *t, int timeout_ms)
{
	wl_surface_commit(t->surface);
	return kit_dispatch_until(k, &t->configured, timeout_ms) && t->configured;
}
