/*
 * A subsurface chain 300,000 deep through bezel.h (docs/design.md §5: a hostile client can never crash
 * or stall the compositor).
 *
 * wl_subsurface nesting is unbounded and bezel_surface_add accepts any added surface as a
 * parent, so a host that passes the real parent hands the plugin a tree as deep as a client
 * wants. The plugin must add, hit-test and remove such a chain without recursing on its depth
 * (a recursive walk overflows the stack long before 300,000 levels).
 *
 * No socket and no client process: one in-process wl_client on a socketpair owns the
 * wl_surface resources, as in configure-test.c. Three ways the chain goes away are tried:
 * bezel_surface_remove on its top, the top's wl_surface resource destroyed, and the whole
 * client destroyed (every resource, in id order). Then as many top-level surfaces are added and
 * removed one by one. Prints how long each step took.
 *
 * Usage: deep-chain-test [DEPTH]   (default 300000)
 * Prints one "ok ..." or "FAIL ..." line per check; exits 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server.h>

#include "bezel.h"
#include "check.h"


/* The surface the last touch_down was delivered to, and how many downs came. */
static struct wl_resource *down_surface;
static int downs;

static void cb_down(void *d, struct wl_resource *s, int32_t id, double x, double y, uint32_t t)
{ (void)d; (void)id; (void)x; (void)y; (void)t; down_surface = s; downs++; }

static const struct bezel_host_interface host = {
	.version = BEZEL_HOST_INTERFACE_VERSION,
	.touch_down = cb_down,
};

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint32_t now_msec(void) { return (uint32_t)(seconds() * 1000.0); }

static struct bezel_plugin *plugin;
static struct wl_resource **chain;
static long depth;

/* Creates `depth` wl_surface resources of `client`, each added as a subsurface of the one
 * before it, all covering the screen. Returns the number added successfully. */
static long build_chain(struct wl_client *client)
{
	long added = 0;
	for (long i = 0; i < depth; i++) {
		/* id 0: the server picks an id, as for any server-created object. */
		chain[i] = wl_resource_create(client, &wl_surface_interface, 4, 0);
		if (chain[i] == NULL)
			break;
		if (bezel_surface_add(plugin, chain[i], i == 0 ? NULL : chain[i - 1], 0, 0, 1080, 1920) !=
		    BEZEL_OK)
			break;
		added++;
	}
	return added;
}

/* A tap in the middle of the screen: which surface gets the down? */
static struct wl_resource *tap(void)
{
	uint32_t t = now_msec();
	down_surface = NULL;
	bezel_touch_down(plugin, 0, 540, 960, t);
	bezel_touch_frame(plugin, t);
	bezel_touch_up(plugin, 0, t + 10);
	bezel_touch_frame(plugin, t + 10);
	return down_surface;
}

int main(int argc, char **argv)
{
	depth = argc > 1 ? atol(argv[1]) : 300000;
	if (depth < 2) {
		fprintf(stderr, "usage: %s [DEPTH >= 2]\n", argv[0]);
		return 2;
	}
	chain = calloc((size_t)depth, sizeof *chain);
	struct wl_display *display = wl_display_create();
	int fds[2];
	if (chain == NULL || display == NULL ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0 ||
	    bezel_plugin_create(display, &host, NULL, &plugin) != BEZEL_OK ||
	    bezel_output_set(plugin, 1080, 1920, 68, 121, 0) != BEZEL_OK) {
		printf("FAIL setup: display, socketpair or plugin\n");
		return 1;
	}
	struct wl_client *client = wl_client_create(display, fds[0]);
	if (client == NULL) {
		printf("FAIL setup: client\n");
		return 1;
	}

	/* 1. Removed through bezel_surface_remove on the top of the chain. */
	double t0 = seconds();
	long added = build_chain(client);
	double t1 = seconds();
	CHECK(added == depth, "a %ld-deep subsurface chain is added through bezel_surface_add "
	      "(%ld added, %.3f s)", depth, added, t1 - t0);
	if (added != depth)
		return 1;
	t0 = seconds();
	struct wl_resource *hit = tap();
	t1 = seconds();
	CHECK(hit == chain[depth - 1] && downs == 1,
	      "a tap reaches the deepest surface (%s, %.3f s)",
	      hit == chain[depth - 1] ? "the deepest" : "another one", t1 - t0);
	t0 = seconds();
	int rc = bezel_surface_remove(plugin, chain[0]);
	t1 = seconds();
	CHECK(rc == BEZEL_OK, "bezel_surface_remove on the top removes the chain (%.3f s)", t1 - t0);
	CHECK(bezel_surface_remove(plugin, chain[depth - 1]) == BEZEL_ERROR_NOT_FOUND &&
		      bezel_surface_remove(plugin, chain[depth / 2]) == BEZEL_ERROR_NOT_FOUND,
	      "the middle and the deepest surface went with it (BEZEL_ERROR_NOT_FOUND)");
	CHECK(tap() == NULL, "a tap now reaches no surface");

	/* 2. The same resources added again, then the top's wl_surface resource destroyed:
	 * the plugin's destroy listener removes the chain. */
	long readded = 0;
	for (long i = 0; i < depth; i++) {
		if (bezel_surface_add(plugin, chain[i], i == 0 ? NULL : chain[i - 1], 0, 0, 1080, 1920) ==
		    BEZEL_OK)
			readded++;
	}
	CHECK(readded == depth && tap() == chain[depth - 1], "the removed chain can be added again");
	t0 = seconds();
	wl_resource_destroy(chain[0]);
	t1 = seconds();
	CHECK(bezel_surface_remove(plugin, chain[depth - 1]) == BEZEL_ERROR_NOT_FOUND && tap() == NULL,
	      "destroying the top wl_surface removes the whole chain (%.3f s)", t1 - t0);

	/* 3. A new chain under a new top, then the client dies with every resource. */
	struct wl_resource *top = wl_resource_create(client, &wl_surface_interface, 4, 0);
	long rebuilt = top != NULL && bezel_surface_add(plugin, top, NULL, 0, 0, 1080, 1920) == BEZEL_OK;
	for (long i = 1; i < depth && rebuilt == i; i++) {
		if (bezel_surface_add(plugin, chain[i], i == 1 ? top : chain[i - 1], 0, 0, 1080, 1920) ==
		    BEZEL_OK)
			rebuilt++;
	}
	CHECK(rebuilt == depth && tap() == chain[depth - 1], "a chain under a new top is added");
	t0 = seconds();
	wl_client_destroy(client);
	t1 = seconds();
	CHECK(tap() == NULL, "the client is destroyed with its %ld surfaces (%.3f s)", depth, t1 - t0);

	/* 4. Wide instead of deep: as many top-level surfaces of a second client, removed one by
	 * one. Each removal costs the removed surface only, so the total grows linearly (a scan of
	 * every surface per removal made it quadratic). */
	struct wl_client *wide = wl_client_create(display, fds[1]);
	long flat = 0;
	t0 = seconds();
	for (long i = 0; wide != NULL && i < depth; i++) {
		chain[i] = wl_resource_create(wide, &wl_surface_interface, 4, 0);
		double x = (double)(i % 100) * 10, y = (double)(i / 100 % 100) * 10;
		if (chain[i] == NULL || bezel_surface_add(plugin, chain[i], NULL, x, y, 10, 10) != BEZEL_OK)
			break;
		flat++;
	}
	t1 = seconds();
	CHECK(flat == depth, "%ld top-level surfaces are added (%.2f us each)", flat, (t1 - t0) * 1e6 / (double)depth);
	long removed = 0;
	t0 = seconds();
	for (long i = 0; i < flat; i++)
		removed += bezel_surface_remove(plugin, chain[i]) == BEZEL_OK;
	t1 = seconds();
	CHECK(removed == flat, "and removed one by one (%.2f us each, %.3f s in all)",
	      (t1 - t0) * 1e6 / (double)(flat > 0 ? flat : 1), t1 - t0);
	if (wide != NULL)
		wl_client_destroy(wide);

	CHECK(bezel_plugin_destroy(plugin) == BEZEL_OK, "plugin destroyed");
	wl_display_destroy(display);
	free(chain);
	return failures == 0 ? 0 : 1;
}
