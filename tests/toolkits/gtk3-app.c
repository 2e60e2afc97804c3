/*
 * A GTK 3 app that defers the bottom edge through libbezel-gtk3, as an app developer writes it,
 * and prints the lines of gtk4-app.c (the toolkit suite reads them): honored N,
 * deferred_swipe EDGE, gesture_taken EDGE, touch begin X Y | touch end | touch cancel, ready,
 * supported 0|1; with --back, the back lines of python-app.py --back (back_handling 1|0,
 * back_edges N, back_began EDGE X Y, back_changed PROGRESS X Y, back_invoked, back_cancelled).
 *
 * Build with nothing but:  cc -o gtk3-app gtk3-app.c $(pkg-config --cflags --libs bezel-gtk3)
 * Run: gtk3-app [--hide-show] [--back]
 *   --hide-show  once the bottom edge is honoured: hide the window, show it again, then, while
 *                it is shown, defer the top edge too; prints "done" when that is honoured
 *   --back       take the back gesture (protocol version 4) and print its events
 */
#include <bezel-gtk3.h>
#include <stdio.h>
#include <string.h>

static gboolean hide_show, back;
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
	gtk_widget_show(GTK_WIDGET(window));
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
		gtk_widget_hide(GTK_WIDGET(window));
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

static gboolean on_touch(GtkWidget *widget, GdkEventTouch *event, gpointer data)
{
	(void)widget; (void)data;
	switch (event->type) {
	case GDK_TOUCH_BEGIN: printf("touch begin %.0f %.0f\n", event->x, event->y); break;
	case GDK_TOUCH_END: printf("touch end\n"); break;
	case GDK_TOUCH_CANCEL: printf("touch cancel\n"); break;
	default: break;
	}
	/* Handled here: GTK 3 would otherwise hand it on to the window's other GdkWindows. */
	return GDK_EVENT_STOP;
}

/* Frames are drawn only once the compositor has shown the previous one. */
static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
	(void)widget; (void)clock;
	int *frames = data;
	if (++*frames == 3)
		printf("ready\n");
	return G_SOURCE_CONTINUE;
}

static void activate(GtkApplication *app, gpointer data)
{
	(void)data;
	static int frames;
	GtkWindow *window = GTK_WINDOW(gtk_application_window_new(app));

	/* The one call that defers the bottom edge; the rest is reporting. */
	bezel_gtk_window_set_deferred_edges(window, BEZEL_GTK_EDGE_BOTTOM);

	BezelGtkGestures *gestures = bezel_gtk_window_get_gestures(window);
	g_signal_connect(gestures, "notify::honored-edges", G_CALLBACK(on_honored), window);
	g_signal_connect(gestures, "deferred-swipe", G_CALLBACK(on_deferred_swipe), NULL);
	g_signal_connect(gestures, "gesture-taken", G_CALLBACK(on_gesture_taken), NULL);
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
	gtk_widget_add_events(GTK_WIDGET(window), GDK_TOUCH_MASK);
	g_signal_connect(window, "touch-event", G_CALLBACK(on_touch), NULL);
	gtk_widget_add_tick_callback(GTK_WIDGET(window), on_tick, &frames, NULL);
	gtk_window_fullscreen(window);
	gtk_widget_show_all(GTK_WIDGET(window));
	printf("supported %d\n", bezel_gtk_is_supported());
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--hide-show") == 0)
			hide_show = TRUE;
		else if (strcmp(argv[i], "--back") == 0)
			back = TRUE;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
	g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
	int status = g_application_run(G_APPLICATION(app), 1, argv);
	g_object_unref(app);
	return status;
}
