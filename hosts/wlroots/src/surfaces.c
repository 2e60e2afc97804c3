/*
 * Surfaces and their facts (R6): every wl_surface's commits and destruction go to the plugin,
 * and the plugin knows a surface while the compositor shows it, with its rectangle in layout
 * coordinates (surface-local coordinates of the events it sends come from it). The plugin
 * decides which surfaces may defer (`defer-policy`) from one fact the adapter gives for each
 * surface it adds as a top-level one: whether its root is a full-screen xdg toplevel. Surfaces
 * added under a parent follow their top-level surface in the plugin.
 *
 * Cost: a commit costs the same whatever the number of surfaces. The compositor is asked where
 * a surface is (surface_position) only while the plugin does not know it yet (its map), while a
 * finger is on it (it may move under the finger), and for the parents of a surface a touch hits
 * (the R3 lookup reads their deferred regions); a touch-down takes the hit surface's position
 * from the hit-test itself.
 */
#include <stdlib.h>
#include <string.h>

#include <wlr/version.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_region.h>
#if WLR_VERSION_MINOR >= 16
/* wlroots 0.16 moved subsurfaces out of wlr_surface.h into wlr_subcompositor.h. */
#include <wlr/types/wlr_subcompositor.h>
#endif
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

static void surface_destroyed(struct wl_listener *l, void *data);

/* The adapter's record of `s`: found through its own destroy listener on the surface, so the
 * cost is the few listeners of one surface, not the number of surfaces. */
static struct bwl_surface *surface_find(struct bezel_wlr *bw, struct wlr_surface *s)
{
	struct wl_listener *l = wl_signal_get(&s->events.destroy, surface_destroyed);
	struct bwl_surface *bs = l ? wl_container_of(l, bs, destroy) : NULL;
	return bs && bs->bw == bw ? bs : NULL;
}

#if WLR_VERSION_MINOR >= 17
/* wlroots 0.17 replaced wlr_surface_is_X + wlr_X_from_wlr_surface by wlr_X_try_from_wlr_surface,
 * which returns NULL for a surface of another role. */
#define bwl_subsurface_of(s) wlr_subsurface_try_from_wlr_surface(s)
#define bwl_xdg_surface_of(s) wlr_xdg_surface_try_from_wlr_surface(s)
#else
#define bwl_subsurface_of(s) (wlr_surface_is_subsurface(s) ? wlr_subsurface_from_wlr_surface(s) : NULL)
#define bwl_xdg_surface_of(s) (wlr_surface_is_xdg_surface(s) ? wlr_xdg_surface_from_wlr_surface(s) : NULL)
#endif

/* The surface whose deferral the R3 lookup reaches next: a subsurface's parent, a popup's. */
static struct wlr_surface *surface_parent(struct wlr_surface *s)
{
	struct wlr_subsurface *sub = bwl_subsurface_of(s);
	if (sub)
		return sub->parent;
	struct wlr_xdg_surface *xdg = bwl_xdg_surface_of(s);
	if (xdg && xdg->role == WLR_XDG_SURFACE_ROLE_POPUP && xdg->popup)
		return xdg->popup->parent;
	return NULL;
}

/* Is `s` on a full-screen xdg toplevel (itself, or the root of its parents)? */
static bool on_fullscreen_toplevel(struct wlr_surface *s)
{
	struct wlr_surface *root = s;
	for (int depth = 0; depth < 64; depth++) {
		struct wlr_surface *p = surface_parent(root);
		if (!p)
			break;
		root = p;
	}
	struct wlr_xdg_surface *xdg = bwl_xdg_surface_of(root);
	return xdg && xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL && xdg->toplevel &&
	       xdg->toplevel->current.fullscreen;
}

/* The fact for a surface the plugin has as a top-level one (the plugin ignores a repeat). */
static void surface_give_facts(struct bezel_wlr *bw, struct bwl_surface *bs)
{
	if (bs->added && bs->top_level)
		bezel_surface_set_fullscreen(bw->plugin, bs->surface->resource,
					     on_fullscreen_toplevel(bs->surface));
}

static bool surface_position(struct bezel_wlr *bw, struct wlr_surface *s, double *x, double *y)
{
	return s->role && bw->iface.surface_position &&
	       bw->iface.surface_position(bw->data, s, x, y);
}

static void surface_set_rect(struct bezel_wlr *bw, struct bwl_surface *bs, double x, double y,
			     double w, double h)
{
	if (x == bs->x && y == bs->y && w == bs->w && h == bs->h)
		return;
	bezel_surface_set_rect(bw->plugin, bs->surface->resource, x, y, w, h);
	bs->x = x;
	bs->y = y;
	bs->w = w;
	bs->h = h;
}

/*
 * The plugin no longer knows `bs`, nor what was added under it: it dropped them together
 * (bezel_surface_remove, or its own listener on the wl_surface resource). Each is added again
 * when it is next shown or touched (bwl_surface_sync); a child still marked added would never
 * be, and touches on it would be taken as over no surface.
 */
static void surface_forget(struct bwl_surface *bs)
{
	struct bwl_surface *child, *tmp;
	wl_list_for_each_safe(child, tmp, &bs->children, sibling)
		surface_forget(child);
	if (bs->under) {
		wl_list_remove(&bs->sibling);
		wl_list_init(&bs->sibling);
		bs->under = NULL;
	}
	bs->added = false;
}

static void surface_committed(struct wl_listener *l, void *data)
{
	struct bwl_surface *bs = wl_container_of(l, bs, commit);
	struct bezel_wlr *bw = bs->bw;
	struct wlr_surface *s = bs->surface;
	(void)data;
	/* Applies a pending set_deferred_edges (double-buffered on wl_surface.commit). */
	bezel_surface_commit(bw->plugin, s->resource);
	/* A surface is known to the plugin while the compositor shows it. Its role's commit
	 * handler (xdg map) has run before this signal, so the position is current. */
	double x, y;
	if (!wlr_surface_has_buffer(s)) {
		if (bs->added && bw->iface.surface_position) {
			bezel_surface_remove(bw->plugin, s->resource); /* unmapped: R8 for its touches */
			surface_forget(bs);
		}
	} else if ((!bs->added || bwl_touches_on(&bw->touches, s)) && surface_position(bw, s, &x, &y)) {
		bwl_surface_sync(bw, s, x, y, 0);
	} else if (bs->added) {
		surface_set_rect(bw, bs, bs->x, bs->y, s->current.width, s->current.height);
	}
	surface_give_facts(bw, bs);
}

static void surface_destroyed(struct wl_listener *l, void *data)
{
	struct bwl_surface *bs = wl_container_of(l, bs, destroy);
	(void)data;
	/* The plugin has already dropped it with its subtree (cancelling the client's touches
	 * there, dropping held events): its listener on the wl_resource runs before this signal,
	 * which wlroots emits from the resource's destroy callback, after every listener. */
	surface_forget(bs);
	wl_list_remove(&bs->commit.link);
	wl_list_remove(&bs->destroy.link);
	wl_list_remove(&bs->link);
	free(bs);
}

void bwl_new_surface(struct wl_listener *l, void *data)
{
	struct bezel_wlr *bw = wl_container_of(l, bw, new_surface);
	struct wlr_surface *s = data;
	struct bwl_surface *bs = calloc(1, sizeof *bs);
	if (!bs) {
		wlr_log(WLR_ERROR, "bezel: out of memory tracking a surface");
		return;
	}
	bs->bw = bw;
	bs->surface = s;
	bs->commit.notify = surface_committed;
	wl_signal_add(&s->events.commit, &bs->commit);
	wl_list_init(&bs->children);
	wl_list_init(&bs->sibling);
	bs->destroy.notify = surface_destroyed;
	wl_signal_add(&s->events.destroy, &bs->destroy);
	wl_list_insert(bw->surfaces.prev, &bs->link);
}

/*
 * Makes sure the plugin knows `s` at layout (x, y), and the surfaces above it in the R3 lookup
 * where the compositor can place them.
 */
void bwl_surface_sync(struct bezel_wlr *bw, struct wlr_surface *s, double x, double y, int depth)
{
	struct bwl_surface *bs = surface_find(bw, s);
	if (!bs || depth > 64)
		return;
	struct wlr_surface *parent = surface_parent(s);
	struct bwl_surface *pbs = parent ? surface_find(bw, parent) : NULL;
	if (pbs) {
		/* A parent the compositor cannot place sits at the child's origin until its own
		 * hit (only its deferral is looked up through the child). */
		double px = x, py = y;
		bool placed = surface_position(bw, parent, &px, &py);
		if (placed || !pbs->added)
			bwl_surface_sync(bw, parent, px, py, depth + 1);
	}
	double w = s->current.width, h = s->current.height;
	if (bs->added) {
		surface_set_rect(bw, bs, x, y, w, h);
		return;
	}
	bool under = pbs && pbs->added;
	int r = bezel_surface_add(bw->plugin, s->resource, under ? parent->resource : NULL, x, y, w, h);
	if (r == BEZEL_OK || r == BEZEL_ERROR_EXISTS) {
		bs->added = true;
		bs->top_level = !under;
		if (under) {
			bs->under = pbs;
			wl_list_insert(&pbs->children, &bs->sibling);
		}
		bs->x = x;
		bs->y = y;
		bs->w = w;
		bs->h = h;
		surface_give_facts(bw, bs);
	}
}

void bwl_surfaces_finish(struct bezel_wlr *bw)
{
	struct bwl_surface *bs, *btmp;
	wl_list_for_each_safe(bs, btmp, &bw->surfaces, link) {
		wl_list_remove(&bs->commit.link);
		wl_list_remove(&bs->destroy.link);
		wl_list_remove(&bs->link);
		free(bs);
	}
	wl_list_remove(&bw->new_surface.link);
}

int bezel_wlr_set_policy(struct bezel_wlr *bw, enum bezel_wlr_policy policy)
{
	if (!bw || (policy != BEZEL_WLR_POLICY_FULLSCREEN && policy != BEZEL_WLR_POLICY_ALL))
		return BEZEL_ERROR_INVALID_ARGUMENT;
	return bezel_plugin_set_setting(bw->plugin, "defer-policy",
					policy == BEZEL_WLR_POLICY_ALL ? "all" : "fullscreen");
}

/* A wl_region of wlr_compositor (bezel-compositor's and Wayfire's): wlr_region_from_resource
 * gives its pixman region, surface-local disjoint boxes, lent to the plugin as they lie
 * (struct bezel_box has pixman_box32_t's layout). It asserts the resource is one of its own;
 * libwayland has checked the argument is a wl_region, and wl_compositor is wlroots'. */
_Static_assert(sizeof(struct bezel_box) == sizeof(pixman_box32_t) &&
		       offsetof(struct bezel_box, y2) == offsetof(pixman_box32_t, y2),
	       "struct bezel_box has pixman_box32_t's layout");

int bwl_read_region(void *data, struct wl_resource *resource, const struct bezel_box **boxes)
{
	(void)data;
	if (strcmp(wl_resource_get_class(resource), "wl_region") != 0)
		return -1;
	/* const since wlroots 0.18; pixman's reader takes a mutable pointer but only reads. */
	const pixman_region32_t *region = wlr_region_from_resource(resource);
	if (region == NULL)
		return -1;
	int n = 0;
	*boxes = (const struct bezel_box *)pixman_region32_rectangles((pixman_region32_t *)region, &n);
	return n;
}
