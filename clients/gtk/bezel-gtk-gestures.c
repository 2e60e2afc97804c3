/*
 * libbezel-gtk4 and libbezel-gtk3: one BezelGtkGestures per GtkWindow, kept as the window's
 * data, following the window's wl_surface through realize, map, unmap and unrealize
 * (bezel-gtk-window.h says what an app sees). Built into both libraries: what differs between
 * GTK 4 and GTK 3 is bezel-gtk4-surface.c's and bezel-gtk3-surface.c's. The protocol itself is
 * libbezel-client's; the back gesture is bezel-gtk-back.c's.
 */
#include "bezel-gtk-private.h"

/* ---- flags types ---- */

GType bezel_gtk_edges_get_type(void)
{
	static gsize id = 0;
	static const GFlagsValue values[] = {
		{ BEZEL_GTK_EDGE_NONE, "BEZEL_GTK_EDGE_NONE", "none" },
		{ BEZEL_GTK_EDGE_TOP, "BEZEL_GTK_EDGE_TOP", "top" },
		{ BEZEL_GTK_EDGE_BOTTOM, "BEZEL_GTK_EDGE_BOTTOM", "bottom" },
		{ BEZEL_GTK_EDGE_LEFT, "BEZEL_GTK_EDGE_LEFT", "left" },
		{ BEZEL_GTK_EDGE_RIGHT, "BEZEL_GTK_EDGE_RIGHT", "right" },
		{ 0, NULL, NULL },
	};
	if (g_once_init_enter(&id))
		g_once_init_leave(&id, g_flags_register_static(g_intern_static_string("BezelGtkEdges"), values));
	return (GType)id;
}

GType bezel_gtk_gesture_kinds_get_type(void)
{
	static gsize id = 0;
	static const GFlagsValue values[] = {
		{ BEZEL_GTK_GESTURE_NONE, "BEZEL_GTK_GESTURE_NONE", "none" },
		{ BEZEL_GTK_GESTURE_SWIPE, "BEZEL_GTK_GESTURE_SWIPE", "swipe" },
		{ BEZEL_GTK_GESTURE_PINCH, "BEZEL_GTK_GESTURE_PINCH", "pinch" },
		{ BEZEL_GTK_GESTURE_HOLD, "BEZEL_GTK_GESTURE_HOLD", "hold" },
		{ 0, NULL, NULL },
	};
	if (g_once_init_enter(&id))
		g_once_init_leave(&id, g_flags_register_static(g_intern_static_string("BezelGtkGestureKinds"), values));
	return (GType)id;
}

/* ---- the binding, one per GdkDisplay ---- */

/* Bound on first use; a display without the global keeps a NULL client (tried once). */
typedef struct {
	struct bezel_client *client;
} DisplayBinding;

static void display_binding_free(gpointer p)
{
	DisplayBinding *b = p;
	bezel_client_destroy(b->client);
	g_free(b);
}

struct bezel_client *display_client(GdkDisplay *display)
{
	static GQuark quark;
	struct wl_display *wl_display = toolkit_wl_display(display);
	if (!wl_display)
		return NULL;
	if (!quark)
		quark = g_quark_from_static_string("bezel-gtk-binding");
	DisplayBinding *b = g_object_get_qdata(G_OBJECT(display), quark);
	if (!b) {
		b = g_new0(DisplayBinding, 1);
		b->client = bezel_client_create(wl_display, 0);
		g_object_set_qdata_full(G_OBJECT(display), quark, b, display_binding_free);
	}
	return b->client;
}

gboolean bezel_gtk_is_supported(void)
{
	return display_client(gdk_display_get_default()) != NULL;
}

guint bezel_gtk_get_protocol_version(void)
{
	return bezel_client_get_version(display_client(gdk_display_get_default()));
}

/* ---- BezelGtkGestures (its struct: bezel-gtk-private.h) ---- */

G_DEFINE_FINAL_TYPE(BezelGtkGestures, bezel_gtk_gestures, G_TYPE_OBJECT)

enum {
	PROP_0,
	PROP_WINDOW,
	PROP_DEFERRED_EDGES,
	PROP_HONORED_EDGES,
	PROP_DEFERRED_GESTURES,
	PROP_HONORED_GESTURES,
	N_PROPS,
};
static GParamSpec *props[N_PROPS];

enum { SIGNAL_DEFERRED_SWIPE, SIGNAL_GESTURE_TAKEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void set_honored(BezelGtkGestures *self, BezelGtkEdges edges, BezelGtkGestureKinds kinds, gboolean always)
{
	if (always || edges != self->honored_edges) {
		self->honored_edges = edges;
		g_object_notify_by_pspec(G_OBJECT(self), props[PROP_HONORED_EDGES]);
	}
	if (kinds != self->honored_gestures) {
		self->honored_gestures = kinds;
		g_object_notify_by_pspec(G_OBJECT(self), props[PROP_HONORED_GESTURES]);
	}
}

static void on_honored_edges(void *data, struct bezel_client_surface *s, uint32_t edges)
{
	BezelGtkGestures *self = data;
	(void)s;
	/* Each report is notified, a repeated value too: the app sees what it was told. */
	set_honored(self, (BezelGtkEdges)edges, self->honored_gestures, TRUE);
}

static void on_honored_gestures(void *data, struct bezel_client_surface *s, uint32_t kinds)
{
	BezelGtkGestures *self = data;
	(void)s;
	self->honored_gestures = (BezelGtkGestureKinds)kinds;
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_HONORED_GESTURES]);
}

static void on_deferred_swipe(void *data, struct bezel_client_surface *s, uint32_t edge)
{
	(void)s;
	g_signal_emit(data, signals[SIGNAL_DEFERRED_SWIPE], 0, (BezelGtkEdges)edge);
}

static void on_gesture_taken(void *data, struct bezel_client_surface *s, uint32_t edge)
{
	(void)s;
	g_signal_emit(data, signals[SIGNAL_GESTURE_TAKEN], 0, (BezelGtkEdges)edge);
}

static const struct bezel_client_surface_listener surface_listener = {
	.honored_edges = on_honored_edges,
	.honored_gestures = on_honored_gestures,
	.deferred_swipe = on_deferred_swipe,
	.gesture_taken = on_gesture_taken,
};

/* GTK commits only when it draws: a change while the window is shown commits here. Before
 * that, GTK's own first commit (when it presents the window) carries the change. */
static void commit_if_shown(void *data, struct bezel_client_surface *s)
{
	BezelGtkGestures *self = data;
	if (gtk_widget_get_mapped(GTK_WIDGET(self->window)))
		wl_surface_commit(bezel_client_surface_get_wl_surface(s));
}

/* The region, made a wl_region in surface coordinates: GTK 4's surface may be larger than the
 * window's content (client-side shadows), so the window's offset in it is added. */
static void send_region(BezelGtkGestures *self)
{
	if (!self->surface)
		return;
	if (!self->deferred_region) {
		bezel_client_surface_set_deferred_region(self->surface, NULL);
		return;
	}
	GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(self->window));
	struct wl_compositor *compositor = toolkit_wl_compositor(display);
	if (!compositor)
		return;
	double dx = 0, dy = 0;
	toolkit_window_offset(self->window, &dx, &dy);
	struct wl_region *region = wl_compositor_create_region(compositor);
	for (int k = 0; k < cairo_region_num_rectangles(self->deferred_region); k++) {
		cairo_rectangle_int_t r;
		cairo_region_get_rectangle(self->deferred_region, k, &r);
		wl_region_add(region, r.x + (int)dx, r.y + (int)dy, r.width, r.height);
	}
	if (bezel_client_surface_set_deferred_region(self->surface, region) != 0)
		g_debug("bezel-gtk: the compositor has no deferral regions (protocol version %u)",
			bezel_client_get_version(display_client(display)));
	wl_region_destroy(region);
}

static void send_settings(BezelGtkGestures *self)
{
	if (!self->surface)
		return;
	/* The region first: the edges then apply inside it from the same commit on. */
	if (self->deferred_region)
		send_region(self);
	bezel_client_surface_set_deferred_edges(self->surface, self->deferred_edges);
	if (self->deferred_gestures != 0 &&
		bezel_client_surface_set_deferred_gestures(self->surface, self->deferred_gestures) != 0)
		g_debug("bezel-gtk: the compositor has no multi-finger deferral (protocol version %u)",
			bezel_client_get_version(display_client(gtk_widget_get_display(GTK_WIDGET(self->window)))));
}

/* Makes the protocol object for the window's current wl_surface, if there is one and none yet. */
void gestures_attach(BezelGtkGestures *self)
{
	if (self->surface || (self->deferred_edges == 0 && self->deferred_gestures == 0 && !self->back_handling))
		return;
	struct bezel_client *client = display_client(gtk_widget_get_display(GTK_WIDGET(self->window)));
	struct wl_surface *wl_surface = client ? toolkit_window_wl_surface(self->window) : NULL;
	if (!wl_surface)
		return;
	self->surface = bezel_client_surface_create(client, wl_surface, &surface_listener, self);
	if (!self->surface)
		return;
	bezel_client_surface_set_commit_handler(self->surface, commit_if_shown, self);
	send_settings(self);
	back_attach(self);
}

/* The wl_surface is gone or about to go: the object goes with it. The next surface gets a new
 * one at realize or map; comparing surface pointers would not do, as the new surface may have
 * the old one's address. */
static void detach(BezelGtkGestures *self)
{
	if (self->surface) {
		bezel_client_surface_destroy(self->surface);
		self->surface = NULL;
	}
	set_honored(self, BEZEL_GTK_EDGE_NONE, BEZEL_GTK_GESTURE_NONE, FALSE);
	back_detach(self);
}

/* Handlers run after GTK's own (map and realize are run-first signals): the surface exists.
 * unmap too runs after GTK's: the surface is already destroyed. unrealize is run-last: this
 * handler runs before the GdkSurface goes. */
static void on_realize_or_map(GtkWidget *widget, gpointer data)
{
	(void)widget;
	gestures_attach(data);
}

static void on_unmap_or_unrealize(GtkWidget *widget, gpointer data)
{
	(void)widget;
	detach(data);
}

static void bezel_gtk_gestures_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
	BezelGtkGestures *self = BEZEL_GTK_GESTURES(object);
	switch (id) {
	case PROP_WINDOW: g_value_set_object(value, self->window); break;
	case PROP_DEFERRED_EDGES: g_value_set_flags(value, self->deferred_edges); break;
	case PROP_HONORED_EDGES: g_value_set_flags(value, self->honored_edges); break;
	case PROP_DEFERRED_GESTURES: g_value_set_flags(value, self->deferred_gestures); break;
	case PROP_HONORED_GESTURES: g_value_set_flags(value, self->honored_gestures); break;
	default:
		if (!back_get_property(self, id, value))
			G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
	}
}

static void bezel_gtk_gestures_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
	BezelGtkGestures *self = BEZEL_GTK_GESTURES(object);
	switch (id) {
	case PROP_WINDOW: self->window = g_value_get_object(value); break;
	case PROP_DEFERRED_EDGES:
		bezel_gtk_window_set_deferred_edges(self->window, g_value_get_flags(value));
		break;
	case PROP_DEFERRED_GESTURES:
		bezel_gtk_window_set_deferred_gestures(self->window, g_value_get_flags(value));
		break;
	default:
		if (!back_set_property(self, id, value))
			G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
	}
}

static void bezel_gtk_gestures_constructed(GObject *object)
{
	BezelGtkGestures *self = BEZEL_GTK_GESTURES(object);
	G_OBJECT_CLASS(bezel_gtk_gestures_parent_class)->constructed(object);
	g_signal_connect_object(self->window, "realize", G_CALLBACK(on_realize_or_map), self, 0);
	g_signal_connect_object(self->window, "map", G_CALLBACK(on_realize_or_map), self, 0);
	g_signal_connect_object(self->window, "unmap", G_CALLBACK(on_unmap_or_unrealize), self, 0);
	g_signal_connect_object(self->window, "unrealize", G_CALLBACK(on_unmap_or_unrealize), self, 0);
}

static void bezel_gtk_gestures_finalize(GObject *object)
{
	BezelGtkGestures *self = BEZEL_GTK_GESTURES(object);
	bezel_client_surface_destroy(self->surface);
	if (self->deferred_region)
		cairo_region_destroy(self->deferred_region);
	G_OBJECT_CLASS(bezel_gtk_gestures_parent_class)->finalize(object);
}

static void bezel_gtk_gestures_class_init(BezelGtkGesturesClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	object_class->get_property = bezel_gtk_gestures_get_property;
	object_class->set_property = bezel_gtk_gestures_set_property;
	object_class->constructed = bezel_gtk_gestures_constructed;
	object_class->finalize = bezel_gtk_gestures_finalize;

	/**
	 * BezelGtkGestures:window:
	 *
	 * The window these settings belong to.
	 */
	props[PROP_WINDOW] = g_param_spec_object("window", NULL, NULL, GTK_TYPE_WINDOW,
		G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
	/**
	 * BezelGtkGestures:deferred-edges:
	 *
	 * The edges whose system gesture the window asks to have deferred.
	 */
	props[PROP_DEFERRED_EDGES] = g_param_spec_flags("deferred-edges", NULL, NULL, BEZEL_GTK_TYPE_EDGES,
		BEZEL_GTK_EDGE_NONE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	/**
	 * BezelGtkGestures:honored-edges:
	 *
	 * The edges on which the compositor honours the deferral. Notified each time the
	 * compositor reports it (a repeated value too), and when hiding the window clears it.
	 */
	props[PROP_HONORED_EDGES] = g_param_spec_flags("honored-edges", NULL, NULL, BEZEL_GTK_TYPE_EDGES,
		BEZEL_GTK_EDGE_NONE, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	/**
	 * BezelGtkGestures:deferred-gestures:
	 *
	 * The multi-finger gesture kinds the window asks to have deferred.
	 */
	props[PROP_DEFERRED_GESTURES] = g_param_spec_flags("deferred-gestures", NULL, NULL,
		BEZEL_GTK_TYPE_GESTURE_KINDS, BEZEL_GTK_GESTURE_NONE,
		G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	/**
	 * BezelGtkGestures:honored-gestures:
	 *
	 * The gesture kinds whose deferral the compositor honours.
	 */
	props[PROP_HONORED_GESTURES] = g_param_spec_flags("honored-gestures", NULL, NULL,
		BEZEL_GTK_TYPE_GESTURE_KINDS, BEZEL_GTK_GESTURE_NONE,
		G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
	g_object_class_install_properties(object_class, N_PROPS, props);
	back_class_init(object_class, N_PROPS);

	/**
	 * BezelGtkGestures::deferred-swipe:
	 * @self: the window's #BezelGtkGestures
	 * @edge: the edge that was swiped
	 *
	 * A swipe on a deferred edge stayed with the window instead of starting the system
	 * gesture. A second swipe on that edge soon after goes to the system.
	 */
	signals[SIGNAL_DEFERRED_SWIPE] = g_signal_new("deferred-swipe", G_TYPE_FROM_CLASS(klass),
		G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, BEZEL_GTK_TYPE_EDGES);
	/**
	 * BezelGtkGestures::gesture-taken:
	 * @self: the window's #BezelGtkGestures
	 * @edge: the edge whose system gesture took the touches, or none for a multi-finger one
	 *
	 * A system gesture took touches the window had been given; GTK cancels them next.
	 */
	signals[SIGNAL_GESTURE_TAKEN] = g_signal_new("gesture-taken", G_TYPE_FROM_CLASS(klass),
		G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, BEZEL_GTK_TYPE_EDGES);
}

static void bezel_gtk_gestures_init(BezelGtkGestures *self)
{
	(void)self;
}

BezelGtkGestures *bezel_gtk_window_get_gestures(GtkWindow *window)
{
	static GQuark quark;
	g_return_val_if_fail(GTK_IS_WINDOW(window), NULL);
	if (!quark)
		quark = g_quark_from_static_string("bezel-gtk-gestures");
	BezelGtkGestures *self = g_object_get_qdata(G_OBJECT(window), quark);
	if (!self) {
		self = g_object_new(BEZEL_GTK_TYPE_GESTURES, "window", window, NULL);
		g_object_set_qdata_full(G_OBJECT(window), quark, self, g_object_unref);
	}
	return self;
}

void bezel_gtk_window_set_deferred_edges(GtkWindow *window, BezelGtkEdges edges)
{
	g_return_if_fail(GTK_IS_WINDOW(window));
	g_return_if_fail((edges & ~(guint)BEZEL_CLIENT_EDGES_ALL) == 0);
	BezelGtkGestures *self = bezel_gtk_window_get_gestures(window);
	if (self->deferred_edges == edges)
		return;
	self->deferred_edges = edges;
	if (self->surface)
		bezel_client_surface_set_deferred_edges(self->surface, edges);
	else
		gestures_attach(self);
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_DEFERRED_EDGES]);
}

BezelGtkEdges bezel_gtk_window_get_deferred_edges(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), BEZEL_GTK_EDGE_NONE);
	return bezel_gtk_window_get_gestures(window)->deferred_edges;
}

BezelGtkEdges bezel_gtk_window_get_honored_edges(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), BEZEL_GTK_EDGE_NONE);
	return bezel_gtk_window_get_gestures(window)->honored_edges;
}

void bezel_gtk_window_set_deferred_gestures(GtkWindow *window, BezelGtkGestureKinds kinds)
{
	g_return_if_fail(GTK_IS_WINDOW(window));
	g_return_if_fail((kinds & ~(guint)BEZEL_CLIENT_GESTURES_ALL) == 0);
	BezelGtkGestures *self = bezel_gtk_window_get_gestures(window);
	if (self->deferred_gestures == kinds)
		return;
	self->deferred_gestures = kinds;
	if (self->surface)
		send_settings(self);
	else
		gestures_attach(self);
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_DEFERRED_GESTURES]);
}

BezelGtkGestureKinds bezel_gtk_window_get_deferred_gestures(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), BEZEL_GTK_GESTURE_NONE);
	return bezel_gtk_window_get_gestures(window)->deferred_gestures;
}

BezelGtkGestureKinds bezel_gtk_window_get_honored_gestures(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), BEZEL_GTK_GESTURE_NONE);
	return bezel_gtk_window_get_gestures(window)->honored_gestures;
}

void bezel_gtk_window_set_deferred_region(GtkWindow *window, const cairo_region_t *region)
{
	g_return_if_fail(GTK_IS_WINDOW(window));
	BezelGtkGestures *self = bezel_gtk_window_get_gestures(window);
	if (!region && !self->deferred_region)
		return;
	if (region && self->deferred_region && cairo_region_equal(region, self->deferred_region))
		return;
	if (self->deferred_region)
		cairo_region_destroy(self->deferred_region);
	self->deferred_region = region ? cairo_region_copy(region) : NULL;
	if (self->surface)
		send_region(self);
	else
		gestures_attach(self);
}

const cairo_region_t *bezel_gtk_window_get_deferred_region(GtkWindow *window)
{
	g_return_val_if_fail(GTK_IS_WINDOW(window), NULL);
	return bezel_gtk_window_get_gestures(window)->deferred_region;
}
