/*
 * bezel-gtk4-private.h: what bezel-gtk4.c (the window's object, deferral) and bezel-gtk4-back.c
 * (the back gesture) share. Not installed; nothing here is exported from the library.
 */
#ifndef BEZEL_GTK4_PRIVATE_H
#define BEZEL_GTK4_PRIVATE_H

#include "bezel-gtk4.h"
#include "bezel-client.h"

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

/* bezel-gtk4-back.c */
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
