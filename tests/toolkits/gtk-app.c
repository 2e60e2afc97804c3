/*
 * A GTK app that defers the bottom edge through libbezel-gtk4 or libbezel-gtk3, as an app
 * developer writes it, and prints what it is told and which touches it gets (the toolkit suite
 * reads the lines); one source for GTK 4 and GTK 3, apart where their event APIs differ:
 *   honored N                   each honoured-edges report (N: the edge bits)
 *   deferred_swipe bottom       a swipe on the deferred edge stayed with the app
 *   gesture_taken EDGE          a system gesture took the app's touches
 *   touch begin X Y | touch end | touch cancel
 *   ready                       the window is on screen (three frames drawn)
 *   supported 0|1               whether the display has Bezel (0 on X11: the calls do nothing)
 *   back_handling 1|0, back_edges N, back_began EDGE X Y, back_changed PROGRESS X Y,
 *   back_invoked, back_cancelled     with --back
 *
 * Build with nothing but:  cc -o gtk4-app gtk-app.c $(pkg-config --cflags --libs bezel-gtk4)
 *                     or:  cc -o gtk3-app gtk-app.c $(pkg-config --cflags --libs bezel-gtk3)
 * Run: gtk4-app|gtk3-app [--windowed] [--hide-show] [--region X,Y,W,H] [--back]
 *   --windowed   a plain window, not full screen (by default a compositor honours full screen only)
 *   --hide-show  once the bottom edge is honoured: hide the window, show it again, then, while
 *                it is shown, defer the top edge too; prints "done" when that is honoured
 *   --region     defer the bottom edge only over this rectangle of the window (protocol
 *                version 3: a board or a canvas, not the toolbar beside it)
 *   --back       take the back gesture (protocol version 4) and print its events
 */
#include <gtk/gtk.h>
#if GTK_MAJOR_VERSION >= 4
#include <bezel-gtk4.h>
#else
#include <bezel-gtk3.h>
#endif
#include <stdio.h>
#include <string.h>

static gboolean hide_show, back;
static cairo_rectangle_int_t region;
static gboolean has_region;
static int step; /* --hide-show: 0 wait for 2, 1 hidden, 2 shown again, 3 asked for 3 */

static const char *edge_name(BezelGtkEdges edge)
{
	switch (edge) {
	case BEZEL_GTK_EDGE_TOP: return "top";
	case BEZEL_GTK_EDGE_BOTTOM: return "bottom";
	case BEZEL_GTK_EDGE_LEFT: return "left";
	case BEZEL_GTK_EDGE_RIGHT: return "right";
	default: return "none";
	}
}

static gboolean show_again(gpointer window)
{
	gtk_widget_set_visible(GTK_WIDGET(window), TRUE);
	return G_SOURCE_REMOVE;
}

static void on_honored(BezelGtkGestures *gestures, GParamSpec *pspec, GtkWindow *window)
{
	(void)gestures; (void)pspec;
	BezelGtkEdges honored = bezel_gtk_window_get_honored_edges(window);
	printf("honored %u\n", honored);
	if (!hide_show)
		return;
	if (step == 0 && honored == BEZEL_GTK_EDGE_BOTTOM) {
		step = 1;
		gtk_widget_set_visible(GTK_WIDGET(window), FALSE);
	} else if (step == 1 && honored == BEZEL_GTK_EDGE_NONE) {
		step = 2;
		g_idle_add(show_again, window); /* not from inside the unmap */
	} else if (step == 2 && honored == BEZEL_GTK_EDGE_BOTTOM) {
		step = 3;
		/* No redraw follows: the library commits this change itself. */
		bezel_gtk_window_set_deferred_edges(window, BEZEL_GTK_EDGE_TOP | BEZEL_GTK_EDGE_BOTTOM);
	} else if (step == 3 && honored == (BEZEL_GTK_EDGE_TOP | BEZEL_GTK_EDGE_BOTTOM)) {
		printf("done\n");
	}
}

static void on_deferred_swipe(BezelGtkGestures *gestures, BezelGtkEdges edge, gpointer data)
{
	(void)gestures; (void)data;
	printf("deferred_swipe %s\n", edge_name(edge));
}

static void on_gesture_taken(BezelGtkGestures *gestures, BezelGtkEdges edge, gpointer data)
{
	(void)gestures; (void)data;
	printf("gesture_taken %s\n", edge_name(edge));
}

static void on_back_edges(BezelGtkGestures *gestures, GParamSpec *pspec, GtkWindow *window)
{
	(void)gestures; (void)pspec;
	printf("back_edges %u\n", bezel_gtk_window_get_back_edges(window));
}

static void on_back_began(BezelGtkGestures *gestures, BezelGtkEdges edge, double x, double y, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_began %u %.0f %.0f\n", edge, x, y);
}

static void on_back_changed(BezelGtkGestures *gestures, double progress, double x, double y, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_changed %.3f %.0f %.0f\n", progress, x, y);
}

static void on_back_ended(BezelGtkGestures *gestures, gpointer line)
{
	(void)gestures;
	printf("%s\n", (const char *)line);
}

static void print_touch(GdkEventType type, double x, double y)
{
	switch (type) {
	case GDK_TOUCH_BEGIN: printf("touch begin %.0f %.0f\n", x, y); break;
	case GDK_TOUCH_END: printf("touch end\n"); break;
	case GDK_TOUCH_CANCEL: printf("touch cancel\n"); break;
	default: break;
	}
}

#if GTK_MAJOR_VERSION >= 4
static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
	(void)controller; (void)data;
	double x = 0, y = 0;
	gdk_event_get_position(event, &x, &y); /* FALSE, and no position, for events without one */
	print_touch(gdk_event_get_event_type(event), x, y);
	return GDK_EVENT_PROPAGATE;
}
#else
static gboolean on_touch(GtkWidget *widget, GdkEventTouch *event, gpointer data)
{
	(void)widget; (void)data;
	print_touch(event->type, event->x, event->y);
	/* Handled here: GTK 3 would otherwise hand it on to the window's other GdkWindows. */
	return GDK_EVENT_STOP;
}
#endif

/* Frames are drawn only once the compositor has shown the previous one. */
static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
	(void)widget; (void)clock;
	int *frames = data;
	if (++*frames == 3)
		printf("ready\n");
	return G_SOURCE_CONTINUE;
}

static void activate(GtkApplication *app, gpointer windowed)
{
	static int frames;
	GtkWindow *window = GTK_WINDOW(gtk_application_window_new(app));

	/* The one call that defers the bottom edge; the rest is reporting. */
	bezel_gtk_window_set_deferred_edges(window, BEZEL_GTK_EDGE_BOTTOM);

	BezelGtkGestures *gestures = bezel_gtk_window_get_gestures(window);
	g_signal_connect(gestures, "notify::honored-edges", G_CALLBACK(on_honored), window);
	g_signal_connect(gestures, "deferred-swipe", G_CALLBACK(on_deferred_swipe), NULL);
	g_signal_connect(gestures, "gesture-taken", G_CALLBACK(on_gesture_taken), NULL);
	if (has_region) {
		/* Only over the canvas: a swipe from the bottom beside it is the system's. */
		cairo_region_t *canvas = cairo_region_create_rectangle(&region);
		bezel_gtk_window_set_deferred_region(window, canvas);
		cairo_region_destroy(canvas);
	}
	if (back) {
		/* FALSE: the compositor has no back gesture for apps and keeps its own back. */
		gboolean taken = bezel_gtk_window_set_back_handling(window, TRUE);
		printf("back_handling %d\n", taken);
		g_signal_connect(gestures, "notify::back-edges", G_CALLBACK(on_back_edges), window);
		g_signal_connect(gestures, "back-began", G_CALLBACK(on_back_began), NULL);
		g_signal_connect(gestures, "back-changed", G_CALLBACK(on_back_changed), NULL);
		g_signal_connect(gestures, "back-invoked", G_CALLBACK(on_back_ended), "back_invoked");
		g_signal_connect(gestures, "back-cancelled", G_CALLBACK(on_back_ended), "back_cancelled");
	}
#if GTK_MAJOR_VERSION >= 4
	GtkEventController *events = gtk_event_controller_legacy_new();
	g_signal_connect(events, "event", G_CALLBACK(on_event), NULL);
	gtk_widget_add_controller(GTK_WIDGET(window), events);
#else
	gtk_widget_add_events(GTK_WIDGET(window), GDK_TOUCH_MASK);
	g_signal_connect(window, "touch-event", G_CALLBACK(on_touch), NULL);
#endif
	gtk_widget_add_tick_callback(GTK_WIDGET(window), on_tick, &frames, NULL);
	if (windowed)
		gtk_window_set_default_size(window, 900, 1500);
	else
		gtk_window_fullscreen(window);
#if GTK_MAJOR_VERSION >= 4
	gtk_window_present(window);
#else
	gtk_widget_show_all(GTK_WIDGET(window));
#endif
	printf("supported %d\n", bezel_gtk_is_supported());
}

int main(int argc, char **argv)
{
	gboolean windowed = FALSE;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--windowed") == 0)
			windowed = TRUE;
		else if (strcmp(argv[i], "--hide-show") == 0)
			hide_show = TRUE;
		else if (strcmp(argv[i], "--region") == 0 && i + 1 < argc)
			has_region = sscanf(argv[++i], "%d,%d,%d,%d", &region.x, &region.y, &region.width, &region.height) == 4;
		else if (strcmp(argv[i], "--back") == 0)
			back = TRUE;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
	g_signal_connect(app, "activate", G_CALLBACK(activate), GINT_TO_POINTER(windowed));
	int status = g_application_run(G_APPLICATION(app), 1, argv);
	g_object_unref(app);
	return status;
}
