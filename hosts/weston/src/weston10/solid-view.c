/*
 * solid-view.c (weston 10): a panel's view, a surface with no buffer that weston paints in one
 * colour (weston_surface_set_color), put in a layer by hand.
 */
#include "bezel-weston.h"

bool bw_solid_show(struct bw *bw, struct bw_panel *p, struct weston_layer *layer, float r, float g,
		   float b, float a, double x, double y, int32_t w, int32_t h)
{
	if (p->shown)
		weston_view_damage_below(p->view);
	weston_surface_set_color(p->surface, r, g, b, a);
	weston_surface_set_size(p->surface, w, h);
	weston_view_set_position(p->view, (float)x, (float)y);
	if (!p->shown) {
		weston_layer_entry_insert(&layer->view_list, &p->view->layer_link);
		p->surface->is_mapped = true;
		p->view->is_mapped = true;
	}
	weston_view_geometry_dirty(p->view);
	weston_surface_damage(p->surface);
	weston_compositor_schedule_repaint(bw->ec);
	return true;
}

void bw_solid_hide(struct bw *bw, struct bw_panel *p)
{
	weston_view_damage_below(p->view);
	weston_layer_entry_remove(&p->view->layer_link);
	p->view->is_mapped = false;
	p->surface->is_mapped = false;
	weston_compositor_schedule_repaint(bw->ec);
}

void bw_solid_destroy(struct bw_panel *p)
{
	if (p->surface)
		weston_surface_destroy(p->surface); /* destroys its view too */
	p->surface = NULL;
	p->view = NULL;
}
