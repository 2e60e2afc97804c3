/*
 * What libbezel-client promises a toolkit, checked on a real compositor: binding leaves the
 * app's own queue alone, the version asked for is the one bound, and a setter refuses unknown
 * bits or a request the bound version lacks before anything is sent, so the connection lives.
 * The back gesture (version 4): set_back_handling is refused on a binding below 4, and sent
 * at 4.
 * Prints "ok WHAT" per check; exits 1 at the first that fails.
 *   WAYLAND_DISPLAY=... client-api-test
 */
#include <bezel-client.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

static int globals_seen;
static struct wl_compositor *compositor;
static int app_commits;

static void global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)data; (void)version;
	globals_seen++;
	if (strcmp(iface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 1);
}
static void global_remove(void *data, struct wl_registry *r, uint32_t name) { (void)data; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

static void app_commit(void *data, struct bezel_client_surface *s)
{
	(void)data;
	app_commits++;
	wl_surface_commit(bezel_client_surface_get_wl_surface(s));
}

#define CHECK(cond, ...) do { \
	if (!(cond)) { printf("FAILED: " __VA_ARGS__); printf(" (%s)\n", #cond); exit(1); } \
	printf("ok " __VA_ARGS__); printf("\n"); \
} while (0)

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		printf("FAILED: no Wayland display\n");
		return 1;
	}
	/* The app's registry, on the default queue, not dispatched yet. */
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);

	struct bezel_client *v1 = bezel_client_create(display, 1);
	CHECK(v1 && globals_seen == 0,
		"bezel_client_create binds on a private queue: the app's pending registry events were not dispatched");
	wl_display_roundtrip(display);
	CHECK(globals_seen > 0 && compositor, "the app's own events still arrive on its queue afterwards");
	CHECK(bezel_client_get_version(v1) == 1 && bezel_client_get_compositor_version(v1) == 4 &&
		bezel_client_get_library_version() == 4 && !bezel_client_has_feature(v1, BEZEL_CLIENT_FEATURE_GESTURE_KINDS),
		"max_version 1 binds version 1 although the compositor offers 4 (library knows 4)");

	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct bezel_client_surface *s = bezel_client_surface_create(v1, surface, NULL, NULL);
	bezel_client_surface_set_commit_handler(s, app_commit, NULL);
	CHECK(bezel_client_surface_set_deferred_edges(s, 16) == BEZEL_CLIENT_EINVAL &&
		bezel_client_surface_set_deferred_edges(s, 2 | 32) == BEZEL_CLIENT_EINVAL,
		"set_deferred_edges refuses bits that name no edge (16, 34)");
	CHECK(bezel_client_surface_set_deferred_gestures(s, BEZEL_CLIENT_GESTURE_SWIPE) == BEZEL_CLIENT_ENOTSUP,
		"set_deferred_gestures is refused on a version 1 binding");
	CHECK(bezel_client_surface_set_deferred_region(s, NULL) == BEZEL_CLIENT_ENOTSUP,
		"set_deferred_region is refused below version 3");
	CHECK(bezel_client_surface_set_back_handling(s, true) == BEZEL_CLIENT_ENOTSUP && !bezel_client_surface_get_back_handling(s),
		"set_back_handling is refused below version 4; handling stays off");
	CHECK(app_commits == 0, "nothing refused asks for a commit");
	CHECK(bezel_client_surface_set_deferred_edges(s, BEZEL_CLIENT_EDGE_BOTTOM) == 0 && app_commits == 1 &&
		bezel_client_surface_set_deferred_edges(s, BEZEL_CLIENT_EDGE_BOTTOM) == 0 && app_commits == 1,
		"a change asks the app's commit handler once; setting the same value again sends nothing");

	struct bezel_client *v2 = bezel_client_create(display, 0);
	struct wl_surface *surface2 = wl_compositor_create_surface(compositor);
	struct bezel_client_surface *s2 = bezel_client_surface_create(v2, surface2, NULL, NULL);
	CHECK(bezel_client_get_version(v2) == 4 && bezel_client_surface_set_deferred_gestures(s2, 8) == BEZEL_CLIENT_EINVAL &&
		bezel_client_surface_set_deferred_gestures(s2, BEZEL_CLIENT_GESTURE_SWIPE | BEZEL_CLIENT_GESTURE_HOLD) == 0,
		"at version 4, set_deferred_gestures refuses unknown kinds (8) and sends swipe|hold");
	/* The region is sent (the wl_region may go at once); null again after a region is sent
	 * too, null while none was set sends nothing. */
	int commits = app_commits;
	bezel_client_surface_set_commit_handler(s2, app_commit, NULL);
	struct wl_region *region = wl_compositor_create_region(compositor);
	wl_region_add(region, 0, 1000, 540, 920);
	CHECK(bezel_client_has_feature(v2, BEZEL_CLIENT_FEATURE_REGION) &&
		bezel_client_surface_set_deferred_region(s2, NULL) == 0 && app_commits == commits &&
		bezel_client_surface_set_deferred_region(s2, region) == 0 && app_commits == commits + 1 &&
		bezel_client_surface_set_deferred_region(s2, NULL) == 0 && app_commits == commits + 2,
		"at version 4, set_deferred_region sends a region and then null; null with none set sends nothing");
	wl_region_destroy(region);
	/* Version 4. This surface has no role, so the compositor tells it nothing (no back_edges):
	 * the toolkit apps' runs check what a shown window is told. */
	commits = app_commits;
	CHECK(bezel_client_has_feature(v2, BEZEL_CLIENT_FEATURE_BACK) && bezel_client_surface_set_back_handling(s2, true) == 0 &&
		app_commits == commits + 1 && bezel_client_surface_set_back_handling(s2, true) == 0 && app_commits == commits + 1 &&
		bezel_client_surface_get_back_handling(s2),
		"at version 4, set_back_handling(true) is sent and asks for one commit; the same value again sends nothing");
	CHECK(wl_display_roundtrip(display) >= 0 && wl_display_get_error(display) == 0,
		"the compositor took set_back_handling(1) and its commit (no protocol error)");
	CHECK(bezel_client_surface_set_back_handling(s2, false) == 0 && app_commits == commits + 2 &&
		!bezel_client_surface_get_back_handling(s2) && bezel_client_surface_get_back_edges(s2) == 0,
		"set_back_handling(false) is sent and committed; back_edges reads 0 while handling is off");
	struct bezel_client *three = bezel_client_create(display, 3);
	struct wl_surface *surface4 = wl_compositor_create_surface(compositor);
	struct bezel_client_surface *s4 = bezel_client_surface_create(three, surface4, NULL, NULL);
	bezel_client_surface_set_commit_handler(s4, app_commit, NULL);
	commits = app_commits;
	CHECK(bezel_client_get_version(three) == 3 && !bezel_client_has_feature(three, BEZEL_CLIENT_FEATURE_BACK) &&
		bezel_client_surface_set_back_handling(s4, true) == BEZEL_CLIENT_ENOTSUP && app_commits == commits &&
		!bezel_client_surface_get_back_handling(s4),
		"max_version 3: set_back_handling is refused, nothing is sent or committed (a version 3 object has no such request)");
	bezel_client_surface_destroy(s4);
	wl_surface_destroy(surface4);
	bezel_client_destroy(three);
	struct bezel_client *two = bezel_client_create(display, 2);
	struct wl_surface *surface3 = wl_compositor_create_surface(compositor);
	struct bezel_client_surface *s3 = bezel_client_surface_create(two, surface3, NULL, NULL);
	CHECK(bezel_client_get_version(two) == 2 && !bezel_client_has_feature(two, BEZEL_CLIENT_FEATURE_REGION) &&
		bezel_client_surface_set_deferred_region(s3, NULL) == BEZEL_CLIENT_ENOTSUP,
		"max_version 2: set_deferred_region is refused (a version 2 object has no such request)");
	bezel_client_surface_destroy(s3);
	wl_surface_destroy(surface3);
	bezel_client_destroy(two);
	CHECK(wl_display_roundtrip(display) >= 0 && wl_display_get_error(display) == 0,
		"after all the refused calls the connection has no protocol error");

	bezel_client_surface_destroy(s2);
	bezel_client_surface_destroy(s);
	wl_surface_destroy(surface2);
	wl_surface_destroy(surface);
	bezel_client_destroy(v2);
	bezel_client_destroy(v1);
	CHECK(wl_display_roundtrip(display) >= 0 && wl_display_get_error(display) == 0,
		"objects destroyed in order, connection still clean");
	wl_display_disconnect(display);
	return 0;
}
