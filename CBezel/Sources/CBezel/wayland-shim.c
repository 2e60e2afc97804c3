/* Glue between Bezel's Swift code and libwayland-server; see include/bezel_shim.h. */
#include "bezel_shim.h"

#include <stdlib.h>
#include <wayland-server-core.h>

#include "bezel-system-gestures-v1-server-protocol.h"

struct bzl_server {
	struct wl_display *display;
	struct wl_global *global;
	void *ctx;
	struct bzl_callbacks cb;
	struct wl_listener display_destroy;
	bool display_alive;
	/* Live resources, linked through wl_resource_get_link(): made inert at destroy. */
	struct wl_list managers;
	struct wl_list gestures;
	struct wl_list watches; /* bzl_watch.link */
};

struct bzl_watch {
	struct wl_listener listener;
	struct wl_list link;
	struct bzl_server *server;
	void *target;
};

/* ---- bezel_gesture_surface_v1 ---- */

static void gesture_handle_destroy(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static void gesture_handle_set_deferred_edges(struct wl_client *client,
					      struct wl_resource *resource, uint32_t edges)
{
	(void)client;
	struct bzl_server *s = wl_resource_get_user_data(resource);
	if (s == NULL)
		return; /* inert: requests other than destroy are ignored */
	int rc = s->cb.set_deferred_edges(s->ctx, resource, edges);
	if (rc == BZL_REQUEST_INVALID_EDGES)
		wl_resource_post_error(resource, BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES,
				       "set_deferred_edges: 0x%x has bits that name no edge "
				       "(valid: top 1, bottom 2, left 4, right 8)", edges);
	else if (rc == BZL_REQUEST_NO_MEMORY)
		wl_client_post_no_memory(wl_resource_get_client(resource));
}

/* Version 2: libwayland only dispatches it to objects bound at version 2 or later. */
static void gesture_handle_set_deferred_gestures(struct wl_client *client,
						 struct wl_resource *resource, uint32_t kinds)
{
	(void)client;
	struct bzl_server *s = wl_resource_get_user_data(resource);
	if (s == NULL)
		return; /* inert */
	int rc = s->cb.set_deferred_gestures(s->ctx, resource, kinds);
	if (rc == BZL_REQUEST_INVALID_GESTURE_KINDS)
		wl_resource_post_error(resource, BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_GESTURE_KINDS,
				       "set_deferred_gestures: 0x%x has bits that name no gesture kind "
				       "(valid: swipe 1, pinch 2, hold 4)", kinds);
	else if (rc == BZL_REQUEST_NO_MEMORY)
		wl_client_post_no_memory(wl_resource_get_client(resource));
}

/* Version 3: the region is read and copied now (by the host's reader, through Swift), so the
 * client may destroy the wl_region right after the request. */
static void gesture_handle_set_deferred_region(struct wl_client *client,
					       struct wl_resource *resource,
					       struct wl_resource *region)
{
	(void)client;
	struct bzl_server *s = wl_resource_get_user_data(resource);
	if (s == NULL)
		return; /* inert */
	if (s->cb.set_deferred_region(s->ctx, resource, region) == BZL_REQUEST_NO_MEMORY)
		wl_client_post_no_memory(wl_resource_get_client(resource));
}

/* Version 4: 0 or 1, checked now; the value is applied at the surface's next commit. */
static void gesture_handle_set_back_handling(struct wl_client *client,
					     struct wl_resource *resource, uint32_t enabled)
{
	(void)client;
	struct bzl_server *s = wl_resource_get_user_data(resource);
	if (s == NULL)
		return; /* inert */
	int rc = s->cb.set_back_handling(s->ctx, resource, enabled);
	if (rc == BZL_REQUEST_INVALID_BACK_HANDLING)
		wl_resource_post_error(resource, BEZEL_GESTURE_SURFACE_V1_ERROR_INVALID_BACK_HANDLING,
				       "set_back_handling: %u is neither 0 (off) nor 1 (on)", enabled);
	else if (rc == BZL_REQUEST_NO_MEMORY)
		wl_client_post_no_memory(wl_resource_get_client(resource));
}

static const struct bezel_gesture_surface_v1_interface gesture_impl = {
	.destroy = gesture_handle_destroy,
	.set_deferred_edges = gesture_handle_set_deferred_edges,
	.set_deferred_gestures = gesture_handle_set_deferred_gestures,
	.set_deferred_region = gesture_handle_set_deferred_region,
	.set_back_handling = gesture_handle_set_back_handling,
};

static void gesture_resource_destroyed(struct wl_resource *resource)
{
	struct bzl_server *s = wl_resource_get_user_data(resource);
	if (s == NULL)
		return; /* never activated, or already inert: not linked */
	wl_list_remove(wl_resource_get_link(resource));
	wl_resource_set_user_data(resource, NULL);
	s->cb.gesture_destroyed(s->ctx, resource);
}

void bzl_gesture_activate(struct bzl_server *server, struct wl_resource *gesture)
{
	if (server == NULL || gesture == NULL || wl_resource_get_user_data(gesture) != NULL)
		return;
	wl_list_insert(&server->gestures, wl_resource_get_link(gesture));
	wl_resource_set_user_data(gesture, server);
}

void bzl_gesture_make_inert(struct wl_resource *gesture)
{
	if (gesture == NULL || wl_resource_get_user_data(gesture) == NULL)
		return;
	wl_list_remove(wl_resource_get_link(gesture));
	wl_list_init(wl_resource_get_link(gesture));
	wl_resource_set_user_data(gesture, NULL);
}

static bool gesture_is_live(struct wl_resource *gesture)
{
	return gesture != NULL && wl_resource_get_user_data(gesture) != NULL;
}

void bzl_gesture_send_honored_edges(struct wl_resource *gesture, uint32_t edges)
{
	if (gesture_is_live(gesture))
		bezel_gesture_surface_v1_send_honored_edges(gesture, edges);
}

void bzl_gesture_send_deferred_swipe(struct wl_resource *gesture, uint32_t edge)
{
	if (gesture_is_live(gesture))
		bezel_gesture_surface_v1_send_deferred_swipe(gesture, edge);
}

void bzl_gesture_send_gesture_taken(struct wl_resource *gesture, uint32_t edge)
{
	/* Edge 0 (a multi-finger gesture) does not exist in version 1. */
	if (gesture_is_live(gesture) && (edge != 0 || wl_resource_get_version(gesture) >= 2))
		bezel_gesture_surface_v1_send_gesture_taken(gesture, edge);
}

void bzl_gesture_send_honored_gestures(struct wl_resource *gesture, uint32_t kinds)
{
	if (gesture_is_live(gesture) &&
	    wl_resource_get_version(gesture) >= BEZEL_GESTURE_SURFACE_V1_HONORED_GESTURES_SINCE_VERSION)
		bezel_gesture_surface_v1_send_honored_gestures(gesture, kinds);
}

/* Version 4 events. Only an object bound at 4 can turn handling on, so only such an object is
 * ever chosen; the version check keeps a lower one from a message it does not know. */
static bool gesture_has_back(struct wl_resource *gesture)
{
	return gesture_is_live(gesture) &&
	       wl_resource_get_version(gesture) >= BEZEL_GESTURE_SURFACE_V1_BACK_EDGES_SINCE_VERSION;
}

void bzl_gesture_send_back_edges(struct wl_resource *gesture, uint32_t edges)
{
	if (gesture_has_back(gesture))
		bezel_gesture_surface_v1_send_back_edges(gesture, edges);
}

void bzl_gesture_send_back_began(struct wl_resource *gesture, uint32_t edge, double x, double y)
{
	if (gesture_has_back(gesture))
		bezel_gesture_surface_v1_send_back_began(gesture, edge, wl_fixed_from_double(x),
							 wl_fixed_from_double(y));
}

void bzl_gesture_send_back_changed(struct wl_resource *gesture, double progress, double x, double y)
{
	if (gesture_has_back(gesture))
		bezel_gesture_surface_v1_send_back_changed(gesture, wl_fixed_from_double(progress),
							   wl_fixed_from_double(x),
							   wl_fixed_from_double(y));
}

void bzl_gesture_send_back_ended(struct wl_resource *gesture, bool invoked)
{
	if (!gesture_has_back(gesture))
		return;
	if (invoked)
		bezel_gesture_surface_v1_send_back_invoked(gesture);
	else
		bezel_gesture_surface_v1_send_back_cancelled(gesture);
}

/* ---- bezel_system_gestures_manager_v1 ---- */

static void manager_handle_destroy(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static void manager_handle_get_gesture_surface(struct wl_client *client,
					       struct wl_resource *manager, uint32_t id,
					       struct wl_resource *surface)
{
	struct bzl_server *s = wl_resource_get_user_data(manager);
	/* Created inert (user data NULL); bzl_gesture_activate makes it live. */
	struct wl_resource *gesture = wl_resource_create(client, &bezel_gesture_surface_v1_interface,
							 wl_resource_get_version(manager), id);
	if (gesture == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(gesture, &gesture_impl, NULL, gesture_resource_destroyed);
	if (s == NULL)
		return; /* the plugin is gone: the object stays inert */
	int rc = s->cb.get_gesture_surface(s->ctx, gesture, surface);
	if (rc == BZL_REQUEST_ALREADY_CONSTRUCTED)
		wl_resource_post_error(manager,
				       BEZEL_SYSTEM_GESTURES_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED,
				       "wl_surface@%u already has a bezel_gesture_surface_v1",
				       wl_resource_get_id(surface));
	else if (rc == BZL_REQUEST_NO_MEMORY)
		wl_client_post_no_memory(client);
}

static const struct bezel_system_gestures_manager_v1_interface manager_impl = {
	.destroy = manager_handle_destroy,
	.get_gesture_surface = manager_handle_get_gesture_surface,
};

static void manager_resource_destroyed(struct wl_resource *resource)
{
	if (wl_resource_get_user_data(resource) != NULL)
		wl_list_remove(wl_resource_get_link(resource));
}

static void manager_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct bzl_server *s = data;
	struct wl_resource *resource = wl_resource_create(
		client, &bezel_system_gestures_manager_v1_interface, (int)version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, s, manager_resource_destroyed);
	wl_list_insert(&s->managers, wl_resource_get_link(resource));
}

/* ---- watches ---- */

static void watch_notify(struct wl_listener *listener, void *target)
{
	struct bzl_watch *w = wl_container_of(listener, w, listener);
	wl_list_remove(&w->listener.link);
	wl_list_remove(&w->link);
	struct bzl_server *s = w->server;
	s->cb.watch_fired(s->ctx, w, target);
	free(w);
}

static struct bzl_watch *watch_new(struct bzl_server *server, void *target)
{
	if (server == NULL || target == NULL)
		return NULL;
	struct bzl_watch *w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	w->server = server;
	w->target = target;
	w->listener.notify = watch_notify;
	wl_list_insert(&server->watches, &w->link);
	return w;
}

struct bzl_watch *bzl_watch_resource(struct bzl_server *server, struct wl_resource *resource)
{
	struct bzl_watch *w = watch_new(server, resource);
	if (w != NULL)
		wl_resource_add_destroy_listener(resource, &w->listener);
	return w;
}

struct bzl_watch *bzl_watch_client(struct bzl_server *server, struct wl_client *client)
{
	struct bzl_watch *w = watch_new(server, client);
	if (w != NULL)
		wl_client_add_destroy_listener(client, &w->listener);
	return w;
}

void bzl_watch_cancel(struct bzl_watch *watch)
{
	if (watch == NULL)
		return;
	wl_list_remove(&watch->listener.link);
	wl_list_remove(&watch->link);
	free(watch);
}

/* ---- server ---- */

static void display_destroyed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct bzl_server *s = wl_container_of(listener, s, display_destroy);
	wl_list_remove(&s->display_destroy.link);
	s->display_alive = false;
	if (s->global != NULL) {
		wl_global_destroy(s->global);
		s->global = NULL;
	}
	s->cb.display_destroyed(s->ctx);
}

struct bzl_server *bzl_server_create(struct wl_display *display, void *ctx,
				     const struct bzl_callbacks *cb)
{
	if (display == NULL || cb == NULL)
		return NULL;
	struct bzl_server *s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	s->display = display;
	s->ctx = ctx;
	s->cb = *cb;
	wl_list_init(&s->managers);
	wl_list_init(&s->gestures);
	wl_list_init(&s->watches);
	s->global = wl_global_create(display, &bezel_system_gestures_manager_v1_interface,
				     BZL_PROTOCOL_VERSION, s,
				     manager_bind);
	if (s->global == NULL) {
		free(s);
		return NULL;
	}
	s->display_destroy.notify = display_destroyed;
	wl_display_add_destroy_listener(display, &s->display_destroy);
	s->display_alive = true;
	return s;
}

void bzl_server_destroy(struct bzl_server *s)
{
	if (s == NULL)
		return;
	if (s->display_alive) {
		wl_list_remove(&s->display_destroy.link);
		if (s->global != NULL)
			wl_global_destroy(s->global);
	}
	struct wl_resource *resource, *tmp;
	wl_resource_for_each_safe(resource, tmp, &s->managers) {
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
		wl_resource_set_user_data(resource, NULL);
	}
	wl_resource_for_each_safe(resource, tmp, &s->gestures) {
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
		wl_resource_set_user_data(resource, NULL);
	}
	struct bzl_watch *w, *wtmp;
	wl_list_for_each_safe(w, wtmp, &s->watches, link)
		bzl_watch_cancel(w);
	free(s);
}
