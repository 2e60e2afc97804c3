/*
 * surfaces.c: client surfaces in the plugin's tree, and the hit-test at touch-down.
 *
 * Which surface is under a finger? weston's answer: the first view, walking weston's layers
 * from the top and the views of each layer in their stacking order (a view's subsurfaces above
 * or below it as their stacking list says), whose surface's input region (and scissor) holds
 * the point. That is how weston_compositor_pick_view decides, and so weston's own touch focus.
 * The module walks that order itself at each touch-down (bw_pick_view below) rather than calling
 * weston_compositor_pick_view, because weston reads a copy of the order that it rebuilds only
 * at repaint: a window mapped or raised a moment ago is not in it yet, and a touch that comes
 * first would go to what was under the finger one frame earlier. The picked surface is named
 * to the plugin (bezel_touch_down_on_surface), and the seat's first finger also makes it
 * weston's touch focus, so weston's own checks (a drag's origin) agree with the delivery.
 * Mirroring weston's stacking into the plugin's tree instead would need a signal for every
 * restack, and weston 10 has none: the shells move views between layers and lists directly.
 *
 * Surfaces whose input region is empty are never picked: weston empties it for cursor and
 * drag-icon surfaces, and the module's own panels have none. They are not added to the
 * plugin's tree either.
 *
 * The plugin still needs the client surfaces themselves: a surface's gesture object (its
 * deferred edges, R3) is tied to it, the R3 lookup walks from the picked surface up to its
 * main surface, and surface-local coordinates come from its rectangle. So each client surface
 * is added when it is first mapped, and each commit updates that one surface only. A view can
 * also move without a commit (a shell placing a window), so the picked surface's rectangle is
 * refreshed once more at the touch-down that picks it.
 *
 * The plugin decides which surfaces may defer (R6, `defer-policy`) from one fact the module
 * gives for each top-level surface it adds: whether libweston-desktop has it full screen. Its
 * subsurfaces follow it in the plugin. A surface is added with its fact in the same update,
 * so its client is told honored_edges once, for the policy that holds.
 *
 * Lifetimes: weston 10 clears surface->resource before it emits the weston_surface's destroy
 * signal, so that signal cannot say which wl_surface went. The module listens to the
 * wl_resource's own destroy instead, which runs while the resource is still valid. The plugin
 * removes a destroyed surface from its tree by itself.
 */
#include <stdlib.h>
#include <string.h>

#include "bezel-weston.h"

static struct weston_view *mapped_view(struct weston_surface *s)
{
	struct weston_view *v;
	wl_list_for_each(v, &s->views, surface_link)
		if (weston_view_is_mapped(v))
			return v;
	return NULL;
}

static void resource_destroyed(struct wl_listener *l, void *data);

/* The module's record of a client surface is the destroy listener it put on the surface's
 * resource, so finding it costs no walk over every surface. */
static struct bw_surface *find(struct bw *bw, struct weston_surface *s)
{
	(void)bw;
	if (!s || !s->resource)
		return NULL;
	struct wl_listener *l = wl_resource_get_destroy_listener(s->resource, resource_destroyed);
	if (!l)
		return NULL;
	struct bw_surface *bs = wl_container_of(l, bs, resource_destroy_listener);
	return bs;
}

/* Surfaces that never take a touch: the pointer's image and a drag's icon. */
static bool takes_no_input(struct weston_surface *s)
{
	const char *role = weston_surface_get_role(s);
	return role && (!strcmp(role, "wl_pointer-cursor") || !strcmp(role, "wl_data_device-icon"));
}

static void update(struct bw *bw, struct bw_surface *bs);

/* The fact the plugin's policy needs about a top-level surface (its main surface): full
 * screen, as libweston-desktop has it now. Subsurfaces follow their main surface. */
static void give_facts(struct bw *bw, struct bw_surface *bs)
{
	struct weston_surface *s = bs->surface;
	if (!bs->added || weston_surface_get_main_surface(s) != s)
		return;
	bool fullscreen = weston_surface_is_desktop_surface(s) &&
			  weston_desktop_surface_get_fullscreen(weston_surface_get_desktop_surface(s));
	bezel_surface_set_fullscreen(bw->plugin, bs->resource, fullscreen);
}

/* A surface was just added: its subsurfaces (and theirs) that were mapped before it follow.
 * The surface's own stacking list holds them, the surface itself among them. */
static void add_pending_children(struct bw *bw, struct weston_surface *parent)
{
	struct weston_subsurface *sub;
	wl_list_for_each(sub, &parent->subsurface_list, parent_link) {
		struct bw_surface *child = sub->surface == parent ? NULL : find(bw, sub->surface);
		if (child && !child->added)
			update(bw, child);
	}
}

/* Brings the plugin's record of one surface in line with weston's. */
static void update(struct bw *bw, struct bw_surface *bs)
{
	struct weston_surface *s = bs->surface;
	struct weston_view *v = mapped_view(s);
	if (!v || s->width <= 0 || s->height <= 0 || takes_no_input(s)) {
		if (bs->added && !bs->hidden) {
			bezel_surface_set_hidden(bw->plugin, bs->resource, true);
			bs->hidden = true;
		}
		return;
	}
	double x, y, w = s->width, h = s->height;
	bw_view_origin(v, &x, &y);
	if (!bs->added) {
		struct weston_surface *main = weston_surface_get_main_surface(s);
		struct wl_resource *parent = NULL;
		if (main && main != s) {
			struct bw_surface *p = find(bw, main);
			if (!p || !p->added)
				return; /* added with its main surface (add_pending_children) */
			parent = p->resource;
		}
		int r = bezel_surface_add(bw->plugin, bs->resource, parent, x, y, w, h);
		if (r != BEZEL_OK && r != BEZEL_ERROR_EXISTS)
			return;
		bs->added = true;
		bs->x = x; bs->y = y; bs->w = w; bs->h = h;
		give_facts(bw, bs);
		add_pending_children(bw, s);
		return;
	}
	if (bs->hidden) {
		bezel_surface_set_hidden(bw->plugin, bs->resource, false);
		bs->hidden = false;
	}
	if (x != bs->x || y != bs->y || w != bs->w || h != bs->h) {
		bezel_surface_set_rect(bw->plugin, bs->resource, x, y, w, h);
		bs->x = x; bs->y = y; bs->w = w; bs->h = h;
	}
}

/*
 * weston 10 drops every touch motion while the seat has no focus view (process_touch_normal),
 * and clears the focus when the focused surface goes away: a client that dies mid-gesture
 * would freeze every finger still down, system gestures included. With the module's grab in
 * place weston's focus no longer chooses who gets the touches (the plugin does); it is only
 * that gate. So while fingers are down and the focus is gone, the module gives weston the view
 * now under the first finger, as soon as there is one.
 */
static void refocus_seats(struct bw *bw)
{
	struct bw_seat *bs;
	wl_list_for_each(bs, &bw->seats, link) {
		struct weston_touch *t = bs->touch;
		if (!t || t->focus || t->num_tp == 0 ||
		    (t->grab != &t->default_grab && t->grab != &bs->wrap))
			continue;
		double gx, gy;
		bw_touch_grab_pos(t, &gx, &gy);
		struct weston_view *v = bw_pick_view(bw->ec, gx, gy);
		if (!v || !v->surface->resource)
			continue;
		weston_touch_set_focus(t, v);
		bezel_event_log_write(bezel_plugin_get_event_log(bw->plugin), "touch refocus");
	}
}

/* Updates the surfaces committed since the last time (see surface_committed). */
static void update_dirty(struct bw *bw)
{
	struct bw_surface *bs, *tmp;
	wl_list_for_each_safe(bs, tmp, &bw->dirty, dirty_link) {
		wl_list_remove(&bs->dirty_link);
		wl_list_init(&bs->dirty_link);
		update(bw, bs);
		give_facts(bw, bs);
	}
	/* A surface that just appeared may be what a seat that lost its focus needs. */
	refocus_seats(bw);
}

static void dirty_idle(void *data)
{
	struct bw *bw = data;
	bw->dirty_idle = NULL;
	update_dirty(bw);
}

/*
 * The module's commit listener runs before the shell's: libweston-desktop adds its own when
 * the client gives the surface a role, after weston announced the surface. So at this point
 * the shell has not mapped or placed the view for this commit yet. The surface is marked, and
 * updated once the dispatch is over (an idle callback), or at the next touch-down if that
 * comes first. The deferral state is double-buffered with the commit and goes to the plugin
 * now.
 */
static void schedule_update(struct bw *bw)
{
	if (!bw->dirty_idle)
		bw->dirty_idle = wl_event_loop_add_idle(
			wl_display_get_event_loop(bw->ec->wl_display), dirty_idle, bw);
}

static void surface_committed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, commit_listener);
	struct bw *bw = bs->bw;
	(void)data;
	bezel_surface_commit(bw->plugin, bs->resource);
	if (wl_list_empty(&bs->dirty_link))
		wl_list_insert(bw->dirty.prev, &bs->dirty_link);
	schedule_update(bw);
}

static void forget(struct bw_surface *bs)
{
	wl_list_remove(&bs->dirty_link);
	wl_list_remove(&bs->commit_listener.link);
	wl_list_remove(&bs->resource_destroy_listener.link);
	wl_list_remove(&bs->link);
	free(bs);
}

static void resource_destroyed(struct wl_listener *l, void *data)
{
	struct bw_surface *bs = wl_container_of(l, bs, resource_destroy_listener);
	(void)data;
	struct bw *bw = bs->bw;
	forget(bs);
	/* weston clears a seat's touch focus when its surface goes: look again after it. */
	schedule_update(bw);
}

static void surface_created(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, create_surface_listener);
	struct weston_surface *s = data;
	if (!s->resource)
		return; /* weston signals client surfaces only, with their resource */
	struct bw_surface *bs = calloc(1, sizeof *bs);
	if (!bs)
		return;
	bs->bw = bw;
	bs->surface = s;
	bs->resource = s->resource;
	wl_list_init(&bs->dirty_link);
	bs->commit_listener.notify = surface_committed;
	wl_signal_add(&s->commit_signal, &bs->commit_listener);
	bs->resource_destroy_listener.notify = resource_destroyed;
	wl_resource_add_destroy_listener(s->resource, &bs->resource_destroy_listener);
	wl_list_insert(bw->surfaces.prev, &bs->link);
}

/* Does `view` take input at layout point (x, y)? As weston_compositor_pick_view decides. */
static bool takes_touch_at(struct weston_view *view, wl_fixed_t x, wl_fixed_t y)
{
	double sx, sy;
	weston_view_update_transform(view);
	if (!pixman_region32_contains_point(&view->transform.boundingbox, wl_fixed_to_int(x),
					    wl_fixed_to_int(y), NULL))
		return false;
	bw_view_local(view, wl_fixed_to_double(x), wl_fixed_to_double(y), &sx, &sy);
	int ix = wl_fixed_to_int(wl_fixed_from_double(sx)), iy = wl_fixed_to_int(wl_fixed_from_double(sy));
	if (!pixman_region32_contains_point(&view->surface->input, ix, iy, NULL))
		return false;
	return !view->geometry.scissor_enabled ||
	       pixman_region32_contains_point(&view->geometry.scissor, ix, iy, NULL);
}

/* The topmost of `view` and its subsurfaces' views (their stacking list runs top to bottom,
 * the surface itself among them) that takes input at (x, y). */
static struct weston_view *pick_in(struct weston_view *view, wl_fixed_t x, wl_fixed_t y)
{
	struct weston_subsurface *sub;
	if (wl_list_empty(&view->surface->subsurface_list))
		return takes_touch_at(view, x, y) ? view : NULL;
	wl_list_for_each(sub, &view->surface->subsurface_list, parent_link) {
		if (sub->surface == view->surface) {
			if (takes_touch_at(view, x, y))
				return view;
			continue;
		}
		if (!weston_surface_is_mapped(sub->surface))
			continue;
		struct weston_view *child;
		wl_list_for_each(child, &sub->surface->views, surface_link) {
			if (child->geometry.parent != view)
				continue;
			struct weston_view *hit = pick_in(child, x, y);
			if (hit)
				return hit;
		}
	}
	return NULL;
}

struct weston_view *bw_pick_view(struct weston_compositor *ec, double gx, double gy)
{
	wl_fixed_t x = wl_fixed_from_double(gx), y = wl_fixed_from_double(gy);
	struct weston_layer *layer;
	struct weston_view *view;
	wl_list_for_each(layer, &ec->layer_list, link)
		wl_list_for_each(view, &layer->view_list.link, layer_link.link) {
			struct weston_view *hit = pick_in(view, x, y);
			if (hit)
				return hit;
		}
	return NULL;
}

void bw_surfaces_touch_down(struct bw *bw, struct weston_touch *touch, int32_t id, double gx,
			    double gy, uint32_t time)
{
	update_dirty(bw);
	struct weston_view *v = bw_pick_view(bw->ec, gx, gy);
	struct bw_surface *hit = v ? find(bw, v->surface) : NULL;
	if (hit) {
		struct bw_surface *main = find(bw, weston_surface_get_main_surface(hit->surface));
		if (main && main != hit)
			update(bw, main);
		update(bw, hit);
		if (!hit->added)
			hit = NULL;
	}
	/* The first finger's surface is weston's touch focus (weston picked it from its copy of
	 * the order, which may be a frame old). */
	if (touch && touch->num_tp == 1 && hit && touch->focus != v)
		weston_touch_set_focus(touch, v);
	bezel_touch_down_layout_on_surface(bw->plugin, id, gx, gy, hit ? hit->resource : NULL, time);
}

void bw_surfaces_init(struct bw *bw)
{
	wl_list_init(&bw->dirty);
	bw->create_surface_listener.notify = surface_created;
	wl_signal_add(&bw->ec->create_surface_signal, &bw->create_surface_listener);
}

void bw_surfaces_fini(struct bw *bw)
{
	struct bw_surface *bs, *tmp;
	wl_list_remove(&bw->create_surface_listener.link);
	if (bw->dirty_idle)
		wl_event_source_remove(bw->dirty_idle);
	bw->dirty_idle = NULL;
	wl_list_for_each_safe(bs, tmp, &bw->surfaces, link)
		forget(bs);
}

/* A wl_region of weston's wl_compositor is a struct weston_region: its pixman region holds
 * the client's union of rectangles, surface-local, as disjoint boxes, lent to the plugin as
 * they lie (struct bezel_box has pixman_box32_t's layout). libwayland has checked that the
 * request's argument is a wl_region; the class check guards anything else. */
_Static_assert(sizeof(struct bezel_box) == sizeof(pixman_box32_t) &&
		       offsetof(struct bezel_box, y2) == offsetof(pixman_box32_t, y2),
	       "struct bezel_box has pixman_box32_t's layout");

int bw_read_region(void *data, struct wl_resource *resource, const struct bezel_box **boxes)
{
	(void)data;
	if (strcmp(wl_resource_get_class(resource), "wl_region") != 0)
		return -1;
	struct weston_region *region = wl_resource_get_user_data(resource);
	if (region == NULL)
		return -1;
	int n = 0;
	*boxes = (const struct bezel_box *)pixman_region32_rectangles(&region->region, &n);
	return n;
}
