/*
 * An SDL app that defers the bottom edge through bezel-sdl2.h or bezel-sdl3.h and prints what it
 * is told and which touches it gets, in the lines of the toolkit suite (honored N, deferred_swipe
 * EDGE, gesture_taken EDGE, touch begin X Y / touch end, ready). With --back it also takes the
 * back gesture (protocol version 4) and prints the back lines of gtk-app.c: back_handling 1|0,
 * back_edges N, back_began EDGE X Y, back_changed PROGRESS X Y, back_invoked, back_cancelled.
 * With --region X,Y,W,H it defers the bottom edge over that rectangle of the window only
 * (protocol version 3).
 * One source for SDL 2 and SDL 3.2, apart where their calls differ (SDL 3 returns bool).
 *
 * Build: cc -o sdl2-app sdl-app.c $(pkg-config --cflags --libs bezel-client sdl2)
 *    or: cc -o sdl3-app sdl-app.c $(pkg-config --cflags --libs bezel-client sdl3)
 * Run:   SDL_VIDEODRIVER=wayland sdl2-app [--back] [--region X,Y,W,H]
 *        SDL_VIDEO_DRIVER=wayland sdl3-app [--back] [--region X,Y,W,H]
 */
/* SDL 2's pkg-config puts its own folder (SDL.h) on the path; SDL 3's headers are in SDL3/. */
#if __has_include(<SDL.h>)
#include <bezel-sdl2.h>
#else
#include <bezel-sdl3.h>
#endif
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#if SDL_MAJOR_VERSION < 3
/* SDL 3's names of the SDL 2 events read here. */
#define SDL_EVENT_QUIT SDL_QUIT
#define SDL_EVENT_FINGER_DOWN SDL_FINGERDOWN
#define SDL_EVENT_FINGER_UP SDL_FINGERUP
#endif

static const char *edge_name(Sint32 edge)
{
	switch (edge) {
	case BEZEL_CLIENT_EDGE_TOP: return "top";
	case BEZEL_CLIENT_EDGE_BOTTOM: return "bottom";
	case BEZEL_CLIENT_EDGE_LEFT: return "left";
	case BEZEL_CLIENT_EDGE_RIGHT: return "right";
	default: return "none";
	}
}

int main(int argc, char **argv)
{
	bool back = false, has_region = false;
	SDL_Rect region = { 0, 0, 0, 0 };
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--back") == 0)
			back = true;
		else if (strcmp(argv[i], "--region") == 0 && i + 1 < argc)
			has_region = sscanf(argv[++i], "%d,%d,%d,%d", &region.x, &region.y, &region.w, &region.h) == 4;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
#if SDL_MAJOR_VERSION >= 3
	if (!SDL_Init(SDL_INIT_VIDEO)) {
#else
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
#endif
		fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
		return 1;
	}
#if SDL_MAJOR_VERSION >= 3
	SDL_Window *window = SDL_CreateWindow("sdl3-app", 1080, 1920, SDL_WINDOW_FULLSCREEN);
	/* The renderer first: creating it may give the window a new wl_surface. */
	SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, NULL) : NULL;
	if (renderer)
		SDL_SetRenderVSync(renderer, 1);
#else
	SDL_Window *window = SDL_CreateWindow("sdl2-app", 0, 0, 1080, 1920, SDL_WINDOW_FULLSCREEN_DESKTOP);
	/* The renderer first: creating it may give the window a new wl_surface. */
	SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
#endif
	if (!renderer) {
		fprintf(stderr, "SDL window or renderer: %s\n", SDL_GetError());
		return 1;
	}
#if SDL_MAJOR_VERSION >= 3
	bool deferred = bezel_sdl_window_defer_edges(window, BEZEL_CLIENT_EDGE_BOTTOM);
#else
	bool deferred = bezel_sdl_window_defer_edges(window, BEZEL_CLIENT_EDGE_BOTTOM) == 0;
#endif
	if (!deferred)
		fprintf(stderr, "no deferral: %s\n", SDL_GetError());
	if (has_region) {
		/* Only over the board: a swipe from the bottom beside it is the system's. */
#if SDL_MAJOR_VERSION >= 3
		bool limited = bezel_sdl_window_set_deferred_region(window, &region, 1);
#else
		bool limited = bezel_sdl_window_set_deferred_region(window, &region, 1) == 0;
#endif
		if (!limited)
			fprintf(stderr, "no deferred region: %s\n", SDL_GetError());
	}
	if (back) {
#if SDL_MAJOR_VERSION >= 3
		bool taken = bezel_sdl_window_set_back_handling(window, true);
#else
		bool taken = bezel_sdl_window_set_back_handling(window, SDL_TRUE) == 0;
#endif
		printf("back_handling %d\n", taken);
		if (!taken)
			fprintf(stderr, "no back gesture: %s\n", SDL_GetError());
	}

	int frames = 0, w = 1080, h = 1920;
	for (;;) {
		SDL_Event e;
		/* Draw until the compositor has shown a few frames; then only wait for events. */
		bool got = frames < 3 ? SDL_PollEvent(&e) : SDL_WaitEventTimeout(&e, 1000);
		if (!got && frames < 3) {
			SDL_SetRenderDrawColor(renderer, 40, 60, 90, 255);
			SDL_RenderClear(renderer);
			SDL_RenderPresent(renderer); /* vsync: waits for the compositor's frame */
			if (++frames == 3) {
				SDL_GetWindowSize(window, &w, &h);
				printf("ready\n");
			}
			continue;
		}
		if (!got)
			continue;
		if (e.type == SDL_EVENT_QUIT)
			break;
		if (e.type == bezel_sdl_honored_edges_event())
			printf("honored %d\n", e.user.code);
		else if (e.type == bezel_sdl_deferred_swipe_event())
			printf("deferred_swipe %s\n", edge_name(e.user.code));
		else if (e.type == bezel_sdl_gesture_taken_event())
			printf("gesture_taken %s\n", edge_name(e.user.code));
		else if (e.type == bezel_sdl_back_edges_event())
			printf("back_edges %d\n", e.user.code);
		else if (e.type == bezel_sdl_back_began_event())
			printf("back_began %d %.0f %.0f\n", e.user.code, bezel_sdl_back_x(&e), bezel_sdl_back_y(&e));
		else if (e.type == bezel_sdl_back_changed_event())
			printf("back_changed %.3f %.0f %.0f\n", bezel_sdl_back_progress(&e), bezel_sdl_back_x(&e), bezel_sdl_back_y(&e));
		else if (e.type == bezel_sdl_back_invoked_event())
			printf("back_invoked\n");
		else if (e.type == bezel_sdl_back_cancelled_event())
			printf("back_cancelled\n");
		else if (e.type == SDL_EVENT_FINGER_DOWN)
			printf("touch begin %.0f %.0f\n", e.tfinger.x * w, e.tfinger.y * h);
		else if (e.type == SDL_EVENT_FINGER_UP)
			printf("touch end\n");
	}
#if SDL_MAJOR_VERSION < 3
	bezel_sdl_window_forget(window);
#endif
	SDL_DestroyRenderer(renderer);
	SDL_DestroyWindow(window); /* with SDL 3, drops the window's protocol object too */
	SDL_Quit();
	return 0;
}
