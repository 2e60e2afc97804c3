/*
 * libbezel-gtk4's side of the shared GTK code (bezel-gtk-private.h): GTK 4's Wayland display,
 * the window's GdkSurface and where the window's content starts in it.
 */
#include "bezel-gtk-private.h"

#include <gdk/wayland/gdkwayland.h>

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
	GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
	if (!surface || !GDK_IS_WAYLAND_SURFACE(surface))
		return NULL;
	return gdk_wayland_surface_get_wl_surface(surface);
}

/* GTK 4's surface holds the client-side shadows around the window's content. */
void toolkit_window_offset(GtkWindow *window, double *dx, double *dy)
{
	gtk_native_get_surface_transform(GTK_NATIVE(window), dx, dy);
}
