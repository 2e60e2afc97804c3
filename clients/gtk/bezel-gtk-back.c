/*
 * The back gesture of libbezel-gtk4 and libbezel-gtk3 (protocol version 4): the back-handling and back-edges
 * properties and the back-* signals of BezelGtkGestures, over libbezel-client's back listener.
 */
#include "bezel-gtk-private.h"


enum { BACK_PROP_HANDLING, BACK_PROP_EDGES, N_BACK_PROPS };
static GParamSpec *back_props[N_BACK_PROPS];
static guint back_first_id;

enum { SIGNAL_BEGAN, SIGNAL_CHANGED, SIGNAL_INVOKED, SIGNAL_CANCELLED, N_BACK_SIGNALS };
static guint back_signals[N_BACK_SIGNALS];

static void set_back_edges(BezelGtkGestures *self, BezelGtkEdges edges, gboolean always)
{
	if (!always && edges == self->back_edges)
		return;
	self->back_edges = edges;
	g_object_notify_by_pspec(G_OBJECT(self), back_props[BACK_PROP_EDGES]);
}

/* The protocol's surface-local position, in the window's own coordinates: GTK's surface may
 * be larger than the window's content (GTK 4's client-side shadows). */
static void window_point(BezelGtkGestures *self, double *x, double *y)
{
	double dx = 0, dy = 0;
	toolkit_window_offset(self->window, &dx, &dy);
	*x -= dx;
	*y -= dy;
}

static void on_back_edges(void *data, struct bezel_client_surface *s, uint32_t edges)
{
	(void)s;
	/* Each report is notified, a repeated value too, as honored-edges is. */
	set_back_edges(data, (BezelGtkEdges)edges, TRUE);
}

static void on_began(void *data, struct bezel_client_surface *s, uint32_t edge, double x, double y)
{
	BezelGtkGestures *self = data;
	(void)s;
	self->back_running = TRUE;
	window_point(self, &x, &y);
	g_signal_emit(self, back_signals[SIGNAL_BEGAN], 0, (BezelGtkEdges)edge, x, y);
}

static void on_changed(void *data, struct bezel_client_surface *s, double progress, double x, double y)
{
	BezelGtkGestures *self = data;
	(void)s;
	window_point(self, &x, &y);
	g_signal_emit(self, back_signals[SIGNAL_CHANGED], 0, progress, x, y);
}

static void on_invoked(void *data, struct bezel_client_surface *s)
{
	BezelGtkGestures *self = data;
	(void)s;
	self->back_running = FALSE;
	g_signal_emit(self, back_signals[SIGNAL_INVOKED], 0);
}

static void on_cancelled(void *data, struct bezel_client_surface *s)
{
	BezelGtkGestures *self = data;
	(void)s;
	self->back_running = FALSE;
	g_signal_emit(self, back_signals[SIGNAL_CANCELLED], 0);
}

const struct bezel_client_back_listener back_listener = {
	.back_edges = on_back_edges,
	.began = on_began,
	.changed = on_changed,
	.invoked = on_invoked,
	.cancelled = on_cancelled,
};

void back_attach(BezelGtkGestures *self)
{
	bezel_client_surface_set_back_listener(self->surface, &back_listener, self);
	if (self->back_handling)
		bezel_client_surface_set_back_handling(self->surface, TRUE);
}

void back_detach(BezelGtkGestures *self)
{
	/* Hidden mid-gesture: the compositor sends the end to the old surface, which is gone. */
	if (self->back_running) {
		self->back_running = FALSE;
		g_signal_emit(self, back_signals[SIGNAL_CANCELLED], 0);
	}
	set_back_edges(self, BEZEL_GTK_EDGE_NONE, FALSE);
}

gboolean back_get_property(BezelGtkGestures *self, guint id, GValue *value)
{
	if (id == back_first_id + BACK_PROP_HANDLING)
		g_value_set_boolean(value, self->back_handling);
	else if (id == back_first_id + BACK_PROP_EDGES)
		g_value_set_flags(value, self->back_edges);
	else
		return FALSE;
	return TRUE;
}

gboolean back_set_property(BezelGtkGestures *self, guint id, const GValue *value)
{
	if (id != back_first_id + BACK_PROP_HANDLING)
		return FALSE;
	bezel_gtk_window_set_back_handling(self->window, g_value_get_boolean(value));
	return TRUE;
}

void back_class_init(GObjectClass *klass, guint first_id)
{
	back_first_id = first_id;
	/**
	 * BezelGtkGestures:back-handling:
	 *
	 * Whether the window shows the back gesture itself (protocol version 4): see
	 * bezel_gtk_window_set_back_handling(). Setting it to %TRUE on a compositor without the
	 * back gesture leaves it %FALSE.
	 */
	back_props[BACK_PROP_HANDLING] = g_param_spec_boolean("back-handling", NULL, NULL, FALSE,
		G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	/**
	 * BezelGtkGestures:back-edges:
	 *
	 * The edges on which the compositor has a back gesture for the window, while
	 * #BezelGtkGestures:back-handling is on; none while the session is locked, while handling
	 * is off and while the window is hidden. Notified each time the compositor reports it (a
	 * repeated value too). The window may keep an in-app back swipe on the other edges.
	 */
	back_props[BACK_PROP_EDGES] = g_param_spec_flags("back-edges", NULL, NULL, BEZEL_GTK_TYPE_EDGES,
		BEZEL_GTK_EDGE_NONE, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	for (guint k = 0; k < N_BACK_PROPS; k++)
		g_object_class_install_property(klass, first_id + k, back_props[k]);

	GType type = G_TYPE_FROM_CLASS(klass);
	/**
	 * BezelGtkGestures::back-began:
	 * @self: the window's #BezelGtkGestures
	 * @edge: the edge the gesture started from
	 * @x: the touch's x in the window's coordinates
	 * @y: the touch's y
	 *
	 * A back gesture started and is the window's to show. Exactly one
	 * #BezelGtkGestures::back-invoked or #BezelGtkGestures::back-cancelled follows.
	 */
	back_signals[SIGNAL_BEGAN] = g_signal_new("back-began", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 3, BEZEL_GTK_TYPE_EDGES, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
	/**
	 * BezelGtkGestures::back-changed:
	 * @self: the window's #BezelGtkGestures
	 * @progress: from 0 (where the gesture began) to 1 (far enough to go back when lifted)
	 * @x: the touch's x in the window's coordinates
	 * @y: the touch's y
	 *
	 * The finger of the running back gesture moved: show where back leads, @progress of the way.
	 */
	back_signals[SIGNAL_CHANGED] = g_signal_new("back-changed", type, G_SIGNAL_RUN_LAST, 0, NULL,
		NULL, NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
	/**
	 * BezelGtkGestures::back-invoked:
	 * @self: the window's #BezelGtkGestures
	 *
	 * The back gesture ended committed: go back.
	 */
	back_signals[SIGNAL_INVOKED] = g_signal_new("back-invoked", type, G_SIGNAL_RUN_LAST, 0, NULL,
		NULL, NULL, G_TYPE_NONE, 0);
	/**
	 * BezelGtkGestures::back-cancelled:
	 * @self: the window's #BezelGtkGestures
	 *
	 * The back gesture ended without being committed, was cancelled, or the window was hidden
	 * while it ran: return to where the window was.
	 */
	back_signals[SIGNAL_CANCELLED] = g_signal_new("back-cancelled", type, G_SIGNAL_RUN_LAST, 0,
		NULL, NULL, NULL, G_TYPE_NONE, 0);
}

gboolean bezel_gtk_window_set_back_handling(GtkWindow *window, gboolean enabled)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), FALSE);
	BezelGtkGestures *self = bezel_gtk_window_get_gestures(window);
	enabled = enabled != FALSE;
	struct bezel_client *client = display_client(gtk_widget_get_display(GTK_WIDGET(window)));
	if (enabled && !bezel_client_has_feature(client, BEZEL_CLIENT_FEATURE_BACK)) {
		/* Sending it would end the connection: the compositor keeps its own back. */
		g_debug("bezel-gtk: the compositor has no back gesture for apps (protocol version %u)",
			bezel_client_get_version(client));
		return FALSE;
	}
	if (self->back_handling == enabled)
		return TRUE;
	self->back_handling = enabled;
	if (self->surface)
		bezel_client_surface_set_back_handling(self->surface, enabled);
	else
		gestures_attach(self);
	if (!enabled)
		set_back_edges(self, BEZEL_GTK_EDGE_NONE, FALSE);
	g_object_notify_by_pspec(G_OBJECT(self), back_props[BACK_PROP_HANDLING]);
	return TRUE;
}

gboolean bezel_gtk_window_get_back_handling(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), FALSE);
	return bezel_gtk_window_get_gestures(window)->back_handling;
}

BezelGtkEdges bezel_gtk_window_get_back_edges(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), BEZEL_GTK_EDGE_NONE);
	return bezel_gtk_window_get_gestures(window)->back_edges;
}
