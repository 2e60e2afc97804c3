/*
 * bezel-gtk3.h: defer a touchscreen's system edge gestures to a GtkWindow, and show the back
 * gesture in it (GTK 3.24, Wayland).
 *
 *   pkg-config --cflags --libs bezel-gtk3
 *   Python: gi.require_version("BezelGtk3", "1.0"); from gi.repository import BezelGtk3
 *
 * Every function may be called at any time in the window's life: before it is realized, while
 * it is shown, hidden or shown again. The library follows the window (GTK makes a new
 * wl_surface each time a window is shown), commits the surface itself after a change while
 * the window is shown, and does nothing when the display is not a Wayland one or the
 * compositor has no bezel_system_gestures_manager_v1 (the getters then return 0).
 */
#ifndef BEZEL_GTK3_H
#define BEZEL_GTK3_H

#include <gtk/gtk.h>
#include "bezel-gtk-window.h"

#endif
