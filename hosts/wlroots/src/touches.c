/*
 * The table of fingers (touches.h). A slot keeps the surface a finger went down on until that
 * surface is destroyed, so nothing reads a freed surface.
 */
#include <string.h>

#include "touches.h"

struct bwl_touch *bwl_touches_find(struct bwl_touches *tt, int32_t id)
{
	for (int i = 0; i < BWL_MAX_TOUCHES; i++)
		if (tt->slot[i].down && tt->slot[i].id == id)
			return &tt->slot[i];
	return NULL;
}

static void touch_clear_surface(struct bwl_touch *t)
{
	if (t->surface) {
		wl_list_remove(&t->surface_destroy.link);
		t->surface = NULL;
	}
}

static void touch_surface_destroyed(struct wl_listener *l, void *data)
{
	struct bwl_touch *t = wl_container_of(l, t, surface_destroy);
	(void)data;
	touch_clear_surface(t);
}

struct bwl_touch *bwl_touches_begin(struct bwl_touches *tt, int32_t id)
{
	struct bwl_touch *t = bwl_touches_find(tt, id);
	if (t)
		bwl_touch_release(t);
	for (int i = 0; i < BWL_MAX_TOUCHES; i++)
		if (!tt->slot[i].down) {
			t = &tt->slot[i];
			memset(t, 0, sizeof *t);
			t->down = true;
			t->id = id;
			t->surface_destroy.notify = touch_surface_destroyed;
			return t;
		}
	return NULL;
}

bool bwl_touches_on(const struct bwl_touches *tt, const struct wlr_surface *s)
{
	for (int i = 0; i < BWL_MAX_TOUCHES; i++)
		if (tt->slot[i].down && tt->slot[i].surface == s)
			return true;
	return false;
}

void bwl_touch_set_surface(struct bwl_touch *t, struct wlr_surface *surface)
{
	touch_clear_surface(t);
	t->surface = surface;
	wl_signal_add(&surface->events.destroy, &t->surface_destroy);
}

void bwl_touch_release(struct bwl_touch *t)
{
	touch_clear_surface(t);
	t->down = false;
}

void bwl_touches_release_all(struct bwl_touches *tt)
{
	for (int i = 0; i < BWL_MAX_TOUCHES; i++)
		if (tt->slot[i].down)
			bwl_touch_release(&tt->slot[i]);
}
