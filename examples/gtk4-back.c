/*
 * gtk4-back: predictive back in a GTK 4 app, through libbezel-gtk4 (protocol version 4).
 *
 * Three pages, one above the other: Inbox, Message, Attachment; the app opens on the last.
 * Swiping in from an edge where the compositor has a back gesture (bind-left=back:0.0:1.0)
 * slides the page off to the right with the finger, and the page below it shows through
 * where the page was. Lifting past half way goes back (the page slides out); lifting before
 * that snaps the page back. A tap opens the next page again. On the first page the app hands
 * the back gesture back to the compositor (its own back, for example closing the window), as
 * there is nothing to go back to.
 *
 * Build against the installed helper:
 *   cc -o gtk4-back gtk4-back.c $(pkg-config --cflags --libs bezel-gtk4)
 *   GDK_BACKEND=wayland ./gtk4-back [--windowed]
 *
 * It prints what it is told, one line each: back_handling 1|0 (whether the back gesture is
 * the app's; never 1 when the compositor has no back gesture for apps), back_edges N, back_began EDGE X Y, back_changed PROGRESS X Y,
 * back_invoked, back_cancelled, page NAME (the page shown once a back has settled), and
 * ready (three frames drawn).
 */
#include <bezel-gtk4.h>
#include <stdio.h>
#include <string.h>

typedef struct {
	const char *title, *hint;
	double r, g, b;
} Page;

/* Plain colours (8-bit exact), so that a screenshot tells the pages apart. */
static const Page pages[] = {
	{ "Inbox", "Tap to open the message.", 0x33 / 255.0, 0x66 / 255.0, 0xcc / 255.0 },
	{ "Message", "Swipe in from the edge to go back.", 0xf2 / 255.0, 0x99 / 255.0, 0x1a / 255.0 },
	{ "Attachment", "Swipe in from the edge to go back.", 0x33 / 255.0, 0xb3 / 255.0, 0x59 / 255.0 },
};
#define SETTLE_US 180000 /* how long the page takes to slide out or snap back */

static struct {
	GtkWindow *window;
	GtkWidget *area;
	int page;          /* the page on top */
	double offset;     /* how far it is slid to the right, in pixels */
	gboolean settling; /* sliding out (invoked) or back (cancelled) after the finger lifted */
	double from, to;
	gint64 start;
	int frames;
} app;

static void show_page(int page)
{
	app.page = page;
	app.offset = 0;
	/* Nothing below the first page: the compositor's back applies there. FALSE: this
	 * compositor has no back gesture for apps; a back button would be the way. */
	if (!bezel_gtk_window_set_back_handling(app.window, page > 0))
		g_message("gtk4-back: no back gesture from the compositor");
	printf("back_handling %d\n", bezel_gtk_window_get_back_handling(app.window));
	printf("page %s\n", pages[page].title);
	gtk_widget_queue_draw(app.area);
}

static void draw_page(GtkWidget *widget, cairo_t *cr, const Page *page, int width, int height)
{
	cairo_set_source_rgb(cr, page->r, page->g, page->b);
	cairo_rectangle(cr, 0, 0, width, height);
	cairo_fill(cr);
	char *markup = g_markup_printf_escaped("<span size='xx-large' weight='bold'>%s</span>\n%s",
		page->title, page->hint);
	PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
	pango_layout_set_markup(layout, markup, -1);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_move_to(cr, 48, 64);
	pango_cairo_show_layout(cr, layout);
	g_object_unref(layout);
	g_free(markup);
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
	(void)data;
	if (app.offset > 0 && app.page > 0) {
		/* The page below, where back leads, shows where the top page was. */
		draw_page(GTK_WIDGET(area), cr, &pages[app.page - 1], width, height);
		/* The top page's shadow on it. */
		cairo_pattern_t *shadow = cairo_pattern_create_linear(app.offset - 24, 0, app.offset, 0);
		cairo_pattern_add_color_stop_rgba(shadow, 0, 0, 0, 0, 0);
		cairo_pattern_add_color_stop_rgba(shadow, 1, 0, 0, 0, 0.35);
		cairo_set_source(cr, shadow);
		cairo_rectangle(cr, app.offset - 24, 0, 24, height);
		cairo_fill(cr);
		cairo_pattern_destroy(shadow);
	}
	cairo_translate(cr, app.offset, 0);
	draw_page(GTK_WIDGET(area), cr, &pages[app.page], width, height);
}

static void settle(double to)
{
	app.settling = TRUE;
	app.from = app.offset;
	app.to = to;
	app.start = g_get_monotonic_time();
}

/* The page has slid out (the page below is on top now) or back. */
static void settled(void)
{
	app.settling = FALSE;
	show_page(app.to > 0 && app.page > 0 ? app.page - 1 : app.page);
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
	(void)data;
	if (++app.frames == 3)
		printf("ready\n");
	if (!app.settling)
		return G_SOURCE_CONTINUE;
	double t = (double)(gdk_frame_clock_get_frame_time(clock) - app.start) / SETTLE_US;
	if (t >= 1) {
		settled();
		return G_SOURCE_CONTINUE;
	}
	double eased = 1 - (1 - t) * (1 - t);
	app.offset = app.from + (app.to - app.from) * eased;
	gtk_widget_queue_draw(widget);
	return G_SOURCE_CONTINUE;
}

static void on_back_began(BezelGtkGestures *gestures, BezelGtkEdges edge, double x, double y, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_began %u %.0f %.0f\n", edge, x, y);
	/* A back that comes while the last one still slides: that one ends at once. */
	if (app.settling)
		settled();
}

static void on_back_changed(BezelGtkGestures *gestures, double progress, double x, double y, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_changed %.3f %.0f %.0f\n", progress, x, y);
	if (app.page == 0)
		return; /* a back that began as the last one reached the first page: nothing below */
	app.offset = progress * gtk_widget_get_width(app.area);
	gtk_widget_queue_draw(app.area);
}

static void on_back_invoked(BezelGtkGestures *gestures, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_invoked\n");
	settle(gtk_widget_get_width(app.area));
}

static void on_back_cancelled(BezelGtkGestures *gestures, gpointer data)
{
	(void)gestures; (void)data;
	printf("back_cancelled\n");
	settle(0);
}

static void on_back_edges(BezelGtkGestures *gestures, GParamSpec *pspec, gpointer data)
{
	(void)pspec; (void)data;
	BezelGtkEdges edges;
	g_object_get(gestures, "back-edges", &edges, NULL);
	printf("back_edges %u\n", edges);
}

static void on_tap(GtkGestureClick *click, int presses, double x, double y, gpointer data)
{
	(void)click; (void)presses; (void)x; (void)y; (void)data;
	if (!app.settling && app.offset == 0 && app.page + 1 < (int)G_N_ELEMENTS(pages))
		show_page(app.page + 1);
}

static void activate(GtkApplication *application, gpointer windowed)
{
	app.window = GTK_WINDOW(gtk_application_window_new(application));
	app.area = gtk_drawing_area_new();
	gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(app.area), draw, NULL, NULL);
	gtk_window_set_child(app.window, app.area);

	BezelGtkGestures *gestures = bezel_gtk_window_get_gestures(app.window);
	g_signal_connect(gestures, "back-began", G_CALLBACK(on_back_began), NULL);
	g_signal_connect(gestures, "back-changed", G_CALLBACK(on_back_changed), NULL);
	g_signal_connect(gestures, "back-invoked", G_CALLBACK(on_back_invoked), NULL);
	g_signal_connect(gestures, "back-cancelled", G_CALLBACK(on_back_cancelled), NULL);
	g_signal_connect(gestures, "notify::back-edges", G_CALLBACK(on_back_edges), NULL);
	show_page(G_N_ELEMENTS(pages) - 1);

	GtkGesture *click = gtk_gesture_click_new();
	g_signal_connect(click, "released", G_CALLBACK(on_tap), NULL);
	gtk_widget_add_controller(app.area, GTK_EVENT_CONTROLLER(click));
	gtk_widget_add_tick_callback(app.area, on_tick, NULL, NULL);
	if (windowed)
		gtk_window_set_default_size(app.window, 540, 960);
	else
		gtk_window_fullscreen(app.window);
	gtk_window_present(app.window);
}

int main(int argc, char **argv)
{
	gboolean windowed = argc > 1 && strcmp(argv[1], "--windowed") == 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	GtkApplication *application = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
	g_signal_connect(application, "activate", G_CALLBACK(activate), GINT_TO_POINTER(windowed));
	int status = g_application_run(G_APPLICATION(application), 1, argv);
	g_object_unref(application);
	return status;
}
