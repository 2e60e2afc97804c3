/*
 * solid-view.c (weston 14): a panel's view, a surface showing a solid-colour buffer.
 *
 * weston 14 has no weston_surface_set_color; a colour is a buffer of its own
 * (weston_buffer_create_solid_rgba, attached with weston_surface_attach_solid), as weston's
 * curtains are made (shell-utils.c). A new colour or size attaches a new solid buffer and lets
 * the old one go. Views enter and leave a layer with weston_view_move_to_layer, which repaints
 * what they covered.
 */
#include "bezel-weston.h"

bool bw_solid_show(struct bw *bw, struct bw_panel *p, struct weston_layer *layer, float r, float g,
		   float b, float a, double x, double y, int32_t w, int32_t h)
{
	struct weston_buffer_reference *buffer = weston_buffer_create_solid_rgba(bw->ec, r, g, b, a);
	if (!buffer)
		return false;
	weston_surface_attach_solid(p->surface, buffer, w, h);
	if (p->buffer)
		weston_buffer_destroy_solid(p->buffer);
	p->buffer = buffer;
	weston_view_set_position(p->view, (struct weston_coord_global){ .c = weston_coord(x, y) });
	if (!p->shown) {
		weston_surface_map(p->surface);
		weston_view_move_to_layer(p->view, &layer->view_list);
		p->view->is_mapped = true;
	}
	weston_view_geometry_dirty(p->view);
	weston_surface_damage(p->surface);
	weston_compositor_schedule_repaint(bw->ec);
	return true;
}

void bw_solid_hide(struct bw *bw, struct bw_panel *p)
{
	weston_view_move_to_layer(p->view, NULL);
	p->view->is_mapped = false;
	weston_compositor_schedule_repaint(bw->ec);
}

void bw_solid_destroy(struct bw_panel *p)
{
	if (p->view)
		weston_view_destroy(p->view);
	if (p->surface)
		weston_surface_unref(p->surface);
	if (p->buffer)
		weston_buffer_destroy_solid(p->buffer);
	p->surface = NULL;
	p->view = NULL;
	p->buffer = NULL;
}
