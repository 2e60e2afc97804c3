/*
 * bezel-gtk-window.h: the calls libbezel-gtk4 and libbezel-gtk3 share, on a GtkWindow of either
 * GTK. Include bezel-gtk4.h or bezel-gtk3.h, which say how to build with them.
 */
#ifndef BEZEL_GTK_WINDOW_H
#define BEZEL_GTK_WINDOW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * BezelGtkEdges:
 * @BEZEL_GTK_EDGE_NONE: no edge
 * @BEZEL_GTK_EDGE_TOP: the top edge of the screen
 * @BEZEL_GTK_EDGE_BOTTOM: the bottom edge
 * @BEZEL_GTK_EDGE_LEFT: the left edge
 * @BEZEL_GTK_EDGE_RIGHT: the right edge
 *
 * Screen edges as the person holding the device sees them.
 */
typedef enum /*< flags >*/ {
	BEZEL_GTK_EDGE_NONE = 0,
	BEZEL_GTK_EDGE_TOP = 1 << 0,
	BEZEL_GTK_EDGE_BOTTOM = 1 << 1,
	BEZEL_GTK_EDGE_LEFT = 1 << 2,
	BEZEL_GTK_EDGE_RIGHT = 1 << 3,
} BezelGtkEdges;

/**
 * BezelGtkGestureKinds:
 * @BEZEL_GTK_GESTURE_NONE: no kind
 * @BEZEL_GTK_GESTURE_SWIPE: several fingers moving together
 * @BEZEL_GTK_GESTURE_PINCH: several fingers moving towards or away from each other
 * @BEZEL_GTK_GESTURE_HOLD: several fingers resting on the screen
 *
 * Kinds of multi-finger system gesture (protocol version 2).
 */
typedef enum /*< flags >*/ {
	BEZEL_GTK_GESTURE_NONE = 0,
	BEZEL_GTK_GESTURE_SWIPE = 1 << 0,
	BEZEL_GTK_GESTURE_PINCH = 1 << 1,
	BEZEL_GTK_GESTURE_HOLD = 1 << 2,
} BezelGtkGestureKinds;

GType bezel_gtk_edges_get_type(void) G_GNUC_CONST;
#define BEZEL_GTK_TYPE_EDGES (bezel_gtk_edges_get_type())
GType bezel_gtk_gesture_kinds_get_type(void) G_GNUC_CONST;
#define BEZEL_GTK_TYPE_GESTURE_KINDS (bezel_gtk_gesture_kinds_get_type())

#define BEZEL_GTK_TYPE_GESTURES (bezel_gtk_gestures_get_type())
G_DECLARE_FINAL_TYPE(BezelGtkGestures, bezel_gtk_gestures, BEZEL_GTK, GESTURES, GObject)

/**
 * bezel_gtk_is_supported:
 *
 * Returns: whether the default display is a Wayland one whose compositor offers
 *   bezel_system_gestures_manager_v1. Before gtk_init() it is %FALSE.
 */
gboolean bezel_gtk_is_supported(void);

/**
 * bezel_gtk_get_protocol_version:
 *
 * Returns: the version the global was bound at on the default display, 0 if none.
 */
guint bezel_gtk_get_protocol_version(void);

/**
 * bezel_gtk_window_get_gestures:
 * @window: a #GtkWindow
 *
 * The object that holds @window's settings and emits its signals. It is made on the first call
 * and lives as long as the window.
 *
 * Returns: (transfer none): the window's #BezelGtkGestures
 */
BezelGtkGestures *bezel_gtk_window_get_gestures(GtkWindow *window);

/**
 * bezel_gtk_window_set_deferred_edges:
 * @window: a #GtkWindow
 * @edges: the complete set of edges whose system gesture is to be deferred to @window
 *
 * Asks the compositor to leave touches on @edges to the window. Which edges it honours is
 * told by bezel_gtk_window_get_honored_edges() and #BezelGtkGestures:honored-edges.
 */
void bezel_gtk_window_set_deferred_edges(GtkWindow *window, BezelGtkEdges edges);

/**
 * bezel_gtk_window_get_deferred_edges:
 * @window: a #GtkWindow
 *
 * Returns: the edges last set with bezel_gtk_window_set_deferred_edges()
 */
BezelGtkEdges bezel_gtk_window_get_deferred_edges(GtkWindow *window);

/**
 * bezel_gtk_window_get_honored_edges:
 * @window: a #GtkWindow
 *
 * Returns: the edges on which the compositor honours the deferral now; none while the window
 *   is hidden
 */
BezelGtkEdges bezel_gtk_window_get_honored_edges(GtkWindow *window);

/**
 * bezel_gtk_window_set_deferred_gestures:
 * @window: a #GtkWindow
 * @kinds: the complete set of multi-finger gesture kinds to defer to @window
 *
 * Like bezel_gtk_window_set_deferred_edges(), for multi-finger gestures. Ignored (with a
 * warning) when the compositor speaks only version 1 of the protocol.
 */
void bezel_gtk_window_set_deferred_gestures(GtkWindow *window, BezelGtkGestureKinds kinds);

/**
 * bezel_gtk_window_get_deferred_gestures:
 * @window: a #GtkWindow
 *
 * Returns: the kinds last set with bezel_gtk_window_set_deferred_gestures()
 */
BezelGtkGestureKinds bezel_gtk_window_get_deferred_gestures(GtkWindow *window);

/**
 * bezel_gtk_window_set_deferred_region:
 * @window: a #GtkWindow
 * @region: (nullable): where on @window the deferred edges apply, in the window's own
 *   coordinates (GTK 4: those gtk_widget_compute_point() gives relative to the window;
 *   GTK 3: those gtk_widget_translate_coordinates() gives); %NULL for
 *   the whole window
 *
 * Limits the deferred edges to @region (protocol version 3): a swipe from a deferred edge
 * that starts inside it stays with the window, one that starts outside it goes to the
 * system gesture. A canvas or a board can defer an edge while the toolbar beside it does
 * not. @region is copied. Ignored (with a debug message) when the compositor speaks only
 * versions 1 or 2 of the protocol: the edges are then deferred over the whole window.
 */
void bezel_gtk_window_set_deferred_region(GtkWindow *window, const cairo_region_t *region);

/**
 * bezel_gtk_window_get_deferred_region:
 * @window: a #GtkWindow
 *
 * Returns: (nullable) (transfer none): the region last set with
 *   bezel_gtk_window_set_deferred_region(), or %NULL for the whole window
 */
const cairo_region_t *bezel_gtk_window_get_deferred_region(GtkWindow *window);

/**
 * bezel_gtk_window_get_honored_gestures:
 * @window: a #GtkWindow
 *
 * Returns: the gesture kinds whose deferral the compositor honours now
 */
BezelGtkGestureKinds bezel_gtk_window_get_honored_gestures(GtkWindow *window);

/**
 * bezel_gtk_window_set_back_handling:
 * @window: a #GtkWindow
 * @enabled: %TRUE for the window to show the back gesture itself
 *
 * Asks for the back gesture's progress (protocol version 4). While it is on, a back gesture
 * that starts on the window is the window's to show: #BezelGtkGestures::back-began, then
 * #BezelGtkGestures::back-changed as the finger moves (draw the previous page sliding in),
 * then #BezelGtkGestures::back-invoked (go back) or #BezelGtkGestures::back-cancelled (snap
 * back). The compositor takes no back action of its own for it. The edges where a back
 * gesture can come from are #BezelGtkGestures:back-edges.
 *
 * Returns: %TRUE when the setting is taken; %FALSE when @enabled is %TRUE and the compositor
 *   has no back gesture for apps (protocol version below 4, no Bezel, or not Wayland): then
 *   nothing is sent and #BezelGtkGestures:back-handling stays %FALSE, and the app keeps its
 *   own back.
 */
gboolean bezel_gtk_window_set_back_handling(GtkWindow *window, gboolean enabled);

/**
 * bezel_gtk_window_get_back_handling:
 * @window: a #GtkWindow
 *
 * Returns: whether the window's back handling is on
 */
gboolean bezel_gtk_window_get_back_handling(GtkWindow *window);

/**
 * bezel_gtk_window_get_back_edges:
 * @window: a #GtkWindow
 *
 * Returns: the edges on which the compositor has a back gesture for the window (none while
 *   handling is off, while the window is hidden, and while the session is locked)
 */
BezelGtkEdges bezel_gtk_window_get_back_edges(GtkWindow *window);

G_END_DECLS

#endif
