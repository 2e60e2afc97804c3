/*
 * bezel-gtk-private.h: what bezel-gtk-gestures.c (the window's object, deferral),
 * bezel-gtk-back.c (the back gesture) and each toolkit's surface file share. Not installed;
 * nothing here is exported from the libraries.
 */
#ifndef BEZEL_GTK_PRIVATE_H
#define BEZEL_GTK_PRIVATE_H

#include <gtk/gtk.h>
#include "bezel-gtk-window.h"
#include "bezel-client.h"

#include <wayland-client.h>

struct _BezelGtkGestures {
	GObject parent;
	GtkWindow *window; /* not a reference: the window owns this object */
	struct bezel_client_surface *surface;
	BezelGtkEdges deferred_edges, honored_edges;
	BezelGtkGestureKinds deferred_gestures, honored_gestures;
	cairo_region_t *deferred_region; /* window coordinates; NULL: the whole window */
	gboolean back_handling;
	BezelGtkEdges back_edges;
	gboolean back_running; /* between back-began and its end, for the end a hidden window misses */
};

/* The binding of DISPLAY's connection, NULL when it has no Bezel or is not a Wayland one. */
G_GNUC_INTERNAL struct bezel_client *display_client(GdkDisplay *display);
/* Makes the protocol object for the window's current wl_surface, when something is set. */
G_GNUC_INTERNAL void gestures_attach(BezelGtkGestures *self);

/* bezel-gtk4-surface.c or bezel-gtk3-surface.c: what differs between the two GTKs. */
/* DISPLAY's wl_display, NULL when it is not a Wayland one. */
G_GNUC_INTERNAL struct wl_display *toolkit_wl_display(GdkDisplay *display);
G_GNUC_INTERNAL struct wl_compositor *toolkit_wl_compositor(GdkDisplay *display);
/* The window's current wl_surface, NULL while it has none (GTK makes one each time it shows). */
G_GNUC_INTERNAL struct wl_surface *toolkit_window_wl_surface(GtkWindow *window);
/* Where the window's own coordinates start in its surface's. */
G_GNUC_INTERNAL void toolkit_window_offset(GtkWindow *window, double *dx, double *dy);

/* bezel-gtk-back.c */
G_GNUC_INTERNAL extern const struct bezel_client_back_listener back_listener;
/* Installs back-handling and back-edges (property ids FIRST_ID and FIRST_ID + 1) and the
 * four back-* signals. */
G_GNUC_INTERNAL void back_class_init(GObjectClass *klass, guint first_id);
/* The back properties' part of get_property and set_property: FALSE for another id. */
G_GNUC_INTERNAL gboolean back_get_property(BezelGtkGestures *self, guint id, GValue *value);
G_GNUC_INTERNAL gboolean back_set_property(BezelGtkGestures *self, guint id, const GValue *value);
/* A new protocol object: the back handling is sent with the other settings. */
G_GNUC_INTERNAL void back_attach(BezelGtkGestures *self);
/* The protocol object goes: a running back ends as cancelled, back-edges becomes none. */
G_GNUC_INTERNAL void back_detach(BezelGtkGestures *self);

#endif
