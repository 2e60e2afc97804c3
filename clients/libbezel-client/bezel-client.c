/*
 * libbezel-client: binds bezel_system_gestures_manager_v1 on a toolkit's connection and wraps
 * bezel_gesture_surface_v1 with checked setters (bezel-client.h says why each rule is there).
 */
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "bezel-client.h"
#include "bezel-system-gestures-v1-client-protocol.h"

#define BEZEL_CLIENT_EXPORT __attribute__((visibility("default")))

struct bezel_client {
	struct bezel_system_gestures_manager_v1 *manager;
	uint32_t version;            /* bound */
	uint32_t compositor_version; /* advertised */
	uint32_t max_version;        /* asked by the app; 0: no limit */
};

struct bezel_client_surface {
	struct bezel_gesture_surface_v1 *object;
	struct wl_surface *wl_surface;
	const struct bezel_client_surface_listener *listener;
	void *data;
	bezel_client_commit_handler commit_handler;
	void *commit_data;
	uint32_t deferred_edges, deferred_gestures;
	uint32_t honored_edges, honored_gestures;
	bool region_set; /* a non-null region was sent last */
	const struct bezel_client_back_listener *back_listener;
	void *back_data;
	bool back_handling;
	uint32_t back_edges;
};

static uint32_t library_version(void)
{
	return (uint32_t)bezel_system_gestures_manager_v1_interface.version;
}

/* ---- binding, on a private queue ---- */

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct bezel_client *c = data;
	if (strcmp(interface, bezel_system_gestures_manager_v1_interface.name) != 0 || c->manager)
		return;
	uint32_t v = version < library_version() ? version : library_version();
	if (c->max_version != 0 && c->max_version < v)
		v = c->max_version;
	c->compositor_version = version;
	c->version = v;
	c->manager = wl_registry_bind(registry, name, &bezel_system_gestures_manager_v1_interface, v);
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

BEZEL_CLIENT_EXPORT struct bezel_client *bezel_client_create(struct wl_display *display, uint32_t max_version)
{
	if (!display)
		return NULL;
	struct bezel_client *c = calloc(1, sizeof *c);
	struct wl_event_queue *queue = wl_display_create_queue(display);
	/* A wrapper carries the queue for the proxies made through it (the registry), so the
	 * registry never lands on the toolkit's queue, not even for a moment. */
	struct wl_display *wrapper = queue ? wl_proxy_create_wrapper(display) : NULL;
	struct wl_registry *registry = NULL;
	if (!c || !wrapper)
		goto fail;
	c->max_version = max_version;
	wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
	registry = wl_display_get_registry(wrapper);
	if (!registry)
		goto fail;
	wl_registry_add_listener(registry, &registry_listener, c);
	if (wl_display_roundtrip_queue(display, queue) < 0 || !c->manager)
		goto fail;
	/* From now on the manager's (and its children's) events go to the toolkit's loop. */
	wl_proxy_set_queue((struct wl_proxy *)c->manager, NULL);
	wl_registry_destroy(registry);
	wl_proxy_wrapper_destroy(wrapper);
	wl_event_queue_destroy(queue);
	return c;
fail:
	if (c && c->manager)
		bezel_system_gestures_manager_v1_destroy(c->manager);
	if (registry)
		wl_registry_destroy(registry);
	if (wrapper)
		wl_proxy_wrapper_destroy(wrapper);
	if (queue)
		wl_event_queue_destroy(queue);
	free(c);
	return NULL;
}

BEZEL_CLIENT_EXPORT void bezel_client_destroy(struct bezel_client *c)
{
	if (!c)
		return;
	bezel_system_gestures_manager_v1_destroy(c->manager);
	free(c);
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_get_version(const struct bezel_client *c)
{
	return c ? c->version : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_get_compositor_version(const struct bezel_client *c)
{
	return c ? c->compositor_version : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_get_library_version(void)
{
	return library_version();
}

BEZEL_CLIENT_EXPORT bool bezel_client_has_feature(const struct bezel_client *c, enum bezel_client_feature feature)
{
	return c && (uint32_t)feature <= c->version;
}

/* ---- per-surface object ---- */

static void on_honored_edges(void *data, struct bezel_gesture_surface_v1 *o, uint32_t edges)
{
	struct bezel_client_surface *s = data;
	(void)o;
	s->honored_edges = edges;
	if (s->listener && s->listener->honored_edges)
		s->listener->honored_edges(s->data, s, edges);
}

static void on_deferred_swipe(void *data, struct bezel_gesture_surface_v1 *o, uint32_t edge)
{
	struct bezel_client_surface *s = data;
	(void)o;
	if (s->listener && s->listener->deferred_swipe)
		s->listener->deferred_swipe(s->data, s, edge);
}

static void on_gesture_taken(void *data, struct bezel_gesture_surface_v1 *o, uint32_t edge)
{
	struct bezel_client_surface *s = data;
	(void)o;
	if (s->listener && s->listener->gesture_taken)
		s->listener->gesture_taken(s->data, s, edge);
}

static void on_honored_gestures(void *data, struct bezel_gesture_surface_v1 *o, uint32_t kinds)
{
	struct bezel_client_surface *s = data;
	(void)o;
	s->honored_gestures = kinds;
	if (s->listener && s->listener->honored_gestures)
		s->listener->honored_gestures(s->data, s, kinds);
}

#ifdef BEZEL_GESTURE_SURFACE_V1_BACK_BEGAN_SINCE_VERSION
/* The back gesture (version 4): handed on as they come; the library keeps no gesture state. */
static void on_back_edges(void *data, struct bezel_gesture_surface_v1 *o, uint32_t edges)
{
	struct bezel_client_surface *s = data;
	(void)o;
	s->back_edges = edges;
	if (s->back_listener && s->back_listener->back_edges)
		s->back_listener->back_edges(s->back_data, s, edges);
}

static void on_back_began(void *data, struct bezel_gesture_surface_v1 *o, uint32_t edge, wl_fixed_t x, wl_fixed_t y)
{
	struct bezel_client_surface *s = data;
	(void)o;
	if (s->back_listener && s->back_listener->began)
		s->back_listener->began(s->back_data, s, edge, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void on_back_changed(void *data, struct bezel_gesture_surface_v1 *o, wl_fixed_t progress, wl_fixed_t x, wl_fixed_t y)
{
	struct bezel_client_surface *s = data;
	(void)o;
	double p = wl_fixed_to_double(progress);
	/* The protocol clamps already; a rounding slip must not reach an app's animation. */
	p = p < 0 ? 0 : p > 1 ? 1 : p;
	if (s->back_listener && s->back_listener->changed)
		s->back_listener->changed(s->back_data, s, p, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void on_back_invoked(void *data, struct bezel_gesture_surface_v1 *o)
{
	struct bezel_client_surface *s = data;
	(void)o;
	if (s->back_listener && s->back_listener->invoked)
		s->back_listener->invoked(s->back_data, s);
}

static void on_back_cancelled(void *data, struct bezel_gesture_surface_v1 *o)
{
	struct bezel_client_surface *s = data;
	(void)o;
	if (s->back_listener && s->back_listener->cancelled)
		s->back_listener->cancelled(s->back_data, s);
}
#endif

/* Every event of every version this build knows; the binding never exceeds that version, so
 * the compositor sends none that is missing here. */
static const struct bezel_gesture_surface_v1_listener object_listener = {
	.honored_edges = on_honored_edges,
	.deferred_swipe = on_deferred_swipe,
	.gesture_taken = on_gesture_taken,
	.honored_gestures = on_honored_gestures,
#ifdef BEZEL_GESTURE_SURFACE_V1_BACK_BEGAN_SINCE_VERSION
	.back_edges = on_back_edges,
	.back_began = on_back_began,
	.back_changed = on_back_changed,
	.back_invoked = on_back_invoked,
	.back_cancelled = on_back_cancelled,
#endif
};

BEZEL_CLIENT_EXPORT struct bezel_client_surface *bezel_client_surface_create(struct bezel_client *c,
	struct wl_surface *wl_surface, const struct bezel_client_surface_listener *listener, void *data)
{
	if (!c || !wl_surface)
		return NULL;
	struct bezel_client_surface *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->object = bezel_system_gestures_manager_v1_get_gesture_surface(c->manager, wl_surface);
	if (!s->object) {
		free(s);
		return NULL;
	}
	s->wl_surface = wl_surface;
	s->listener = listener;
	s->data = data;
	bezel_gesture_surface_v1_add_listener(s->object, &object_listener, s);
	return s;
}

BEZEL_CLIENT_EXPORT void bezel_client_surface_destroy(struct bezel_client_surface *s)
{
	if (!s)
		return;
	bezel_gesture_surface_v1_destroy(s->object);
	free(s);
}

BEZEL_CLIENT_EXPORT void bezel_client_surface_set_commit_handler(struct bezel_client_surface *s,
	bezel_client_commit_handler handler, void *data)
{
	if (!s)
		return;
	s->commit_handler = handler;
	s->commit_data = data;
}

/* After a request was sent: commit now, or ask the app to. */
static void committed(struct bezel_client_surface *s)
{
	if (s->commit_handler)
		s->commit_handler(s->commit_data, s);
	else
		wl_surface_commit(s->wl_surface);
}

static bool bound_at_least(const struct bezel_client_surface *s, uint32_t since)
{
	return bezel_gesture_surface_v1_get_version(s->object) >= since;
}

BEZEL_CLIENT_EXPORT int bezel_client_surface_set_deferred_edges(struct bezel_client_surface *s, uint32_t edges)
{
	if (!s || (edges & ~BEZEL_CLIENT_EDGES_ALL) != 0)
		return BEZEL_CLIENT_EINVAL;
	if (edges == s->deferred_edges)
		return 0;
	bezel_gesture_surface_v1_set_deferred_edges(s->object, edges);
	s->deferred_edges = edges;
	committed(s);
	return 0;
}

BEZEL_CLIENT_EXPORT int bezel_client_surface_set_deferred_gestures(struct bezel_client_surface *s, uint32_t kinds)
{
	if (!s || (kinds & ~BEZEL_CLIENT_GESTURES_ALL) != 0)
		return BEZEL_CLIENT_EINVAL;
	if (!bound_at_least(s, BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_GESTURES_SINCE_VERSION))
		return BEZEL_CLIENT_ENOTSUP;
	if (kinds == s->deferred_gestures)
		return 0;
	bezel_gesture_surface_v1_set_deferred_gestures(s->object, kinds);
	s->deferred_gestures = kinds;
	committed(s);
	return 0;
}

BEZEL_CLIENT_EXPORT int bezel_client_surface_set_deferred_region(struct bezel_client_surface *s, struct wl_region *region)
{
	if (!s)
		return BEZEL_CLIENT_EINVAL;
#ifdef BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_REGION_SINCE_VERSION
	if (!bound_at_least(s, BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_REGION_SINCE_VERSION))
		return BEZEL_CLIENT_ENOTSUP;
	if (!region && !s->region_set)
		return 0;
	bezel_gesture_surface_v1_set_deferred_region(s->object, region);
	s->region_set = region != NULL;
	committed(s);
	return 0;
#else
	/* This build's protocol file predates version 3. */
	(void)region;
	return BEZEL_CLIENT_ENOTSUP;
#endif
}

BEZEL_CLIENT_EXPORT void bezel_client_surface_set_back_listener(struct bezel_client_surface *s,
	const struct bezel_client_back_listener *listener, void *data)
{
	if (!s)
		return;
	s->back_listener = listener;
	s->back_data = data;
}

BEZEL_CLIENT_EXPORT int bezel_client_surface_set_back_handling(struct bezel_client_surface *s, bool enabled)
{
	if (!s)
		return BEZEL_CLIENT_EINVAL;
#ifdef BEZEL_GESTURE_SURFACE_V1_SET_BACK_HANDLING_SINCE_VERSION
	/* A version 3 object has no such request: sending it would end the connection. */
	if (!bound_at_least(s, BEZEL_GESTURE_SURFACE_V1_SET_BACK_HANDLING_SINCE_VERSION))
		return BEZEL_CLIENT_ENOTSUP;
	if (enabled == s->back_handling)
		return 0;
	bezel_gesture_surface_v1_set_back_handling(s->object, enabled ? 1 : 0);
	s->back_handling = enabled;
	/* back_edges is never sent while handling is off: what was told no longer holds. */
	if (!enabled)
		s->back_edges = 0;
	committed(s);
	return 0;
#else
	/* This build's protocol file predates version 4. */
	(void)enabled;
	return BEZEL_CLIENT_ENOTSUP;
#endif
}

BEZEL_CLIENT_EXPORT bool bezel_client_surface_get_back_handling(const struct bezel_client_surface *s)
{
	return s && s->back_handling;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_surface_get_back_edges(const struct bezel_client_surface *s)
{
	return s ? s->back_edges : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_surface_get_deferred_edges(const struct bezel_client_surface *s)
{
	return s ? s->deferred_edges : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_surface_get_deferred_gestures(const struct bezel_client_surface *s)
{
	return s ? s->deferred_gestures : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_surface_get_honored_edges(const struct bezel_client_surface *s)
{
	return s ? s->honored_edges : 0;
}

BEZEL_CLIENT_EXPORT uint32_t bezel_client_surface_get_honored_gestures(const struct bezel_client_surface *s)
{
	return s ? s->honored_gestures : 0;
}

BEZEL_CLIENT_EXPORT struct wl_surface *bezel_client_surface_get_wl_surface(const struct bezel_client_surface *s)
{
	return s ? s->wl_surface : NULL;
}
