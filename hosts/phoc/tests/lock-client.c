/*
 * lock-client: holds wlr's input inhibitor, which makes it phoc's exclusive client
 * (phoc_seat_set_exclusive_client), as phosh's lock screen does. Prints "<us> locked" once the
 * compositor has processed the request; with --unlock-after N, drops it after N ms and prints
 * "<us> unlocked". Maps nothing. Exits when the compositor goes away.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "input-inhibitor-client-protocol.h"

static struct zwlr_input_inhibit_manager_v1 *manager;

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t v)
{
	(void)d, (void)v;
	if (!strcmp(iface, zwlr_input_inhibit_manager_v1_interface.name))
		manager = wl_registry_bind(r, name, &zwlr_input_inhibit_manager_v1_interface, 1);
}
static void global_remove(void *d, struct wl_registry *r, uint32_t n) { (void)d, (void)r, (void)n; }
static const struct wl_registry_listener listener = { global, global_remove };

int main(int argc, char **argv)
{
	int unlock_after = argc == 3 && !strcmp(argv[1], "--unlock-after") ? atoi(argv[2]) : -1;
	struct wl_display *display = wl_display_connect(NULL);
	if (!display)
		return 1;
	wl_registry_add_listener(wl_display_get_registry(display), &listener, NULL);
	wl_display_roundtrip(display);
	if (!manager) {
		fprintf(stderr, "lock-client: no zwlr_input_inhibit_manager_v1\n");
		return 1;
	}
	struct zwlr_input_inhibitor_v1 *inhibitor = zwlr_input_inhibit_manager_v1_get_inhibitor(manager);
	wl_display_roundtrip(display);
	printf("%lld locked\n", now_us());
	fflush(stdout);
	struct pollfd pfd = { wl_display_get_fd(display), POLLIN, 0 };
	for (;;) {
		wl_display_flush(display);
		int r = poll(&pfd, 1, unlock_after >= 0 ? unlock_after : -1);
		if (r == 0 && inhibitor) {
			zwlr_input_inhibitor_v1_destroy(inhibitor);
			inhibitor = NULL;
			unlock_after = -1;
			wl_display_roundtrip(display);
			printf("%lld unlocked\n", now_us());
			fflush(stdout);
			continue;
		}
		if (r < 0 || wl_display_dispatch(display) == -1)
			break;
	}
	return 0;
}
