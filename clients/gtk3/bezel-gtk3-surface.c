/*
 * libbezel-gtk3's side of the shared GTK code (bezel-gtk-private.h): GTK 3's Wayland display and
 * the toplevel GdkWindow's wl_surface, which GTK 3 makes when the window is shown and destroys
 * when it is hidden.
 */
#include "bezel-gtk-private.h"

#include <gdk/gdkwayland.h>

struct wl_display *toolkit_wl_display(GdkDisplay *display)
{
	if (!display || !GDK_IS_WAYLAND_DISPLAY(display))
		return NULL;
	return gdk_wayland_display_get_wl_display(display);
}

struct wl_compositor *toolkit_wl_compositor(GdkDisplay *display)
{
	return gdk_wayland_display_get_wl_compositor(display);
}

struct wl_surface *toolkit_window_wl_surface(GtkWindow *window)
{
	GdkWindow *gdk_window = gtk_widget_get_window(GTK_WIDGET(window));
	if (!gdk_window || !GDK_IS_WAYLAND_WINDOW(gdk_window))
		return NULL;
	return gdk_wayland_window_get_wl_surface(gdk_window);
}

/* GTK 3's toplevel widget spans its whole GdkWindow, shadows included: the window's own
 * coordinates are the surface's. */
void toolkit_window_offset(GtkWindow *window, double *dx, double *dy)
{
	(void)window;
	*dx = 0;
	*dy = 0;
}
