/*
 * main.c: bezel-compositor's start-up and teardown, the same for every wlroots generation.
 * Read it after VERSION/bezel-compositor.c (0.15/ or 0.18/), which holds what its wlroots
 * makes different: windows (xdg-shell), the adapter's two questions (surface_at,
 * surface_position), touches, and what the compositor frees itself at the end. Where only a
 * call's arguments moved, an #if on WLR_VERSION_MINOR says so here.
 *
 * The order is tinywl's: display, backend, renderer and allocator, globals, the scene, the
 * seat and xdg-shell; then (Bezel:) the adapter joins the seat and the configuration is read;
 * then the socket, the backend's start, the signals, the run, and the teardown.
 */
#ifndef _GNU_SOURCE /* the meson build defines it for every file */
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wlr/version.h> /* WLR_VERSION_MINOR, before the #ifs below */
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/types/wlr_seat.h>
#if WLR_VERSION_MINOR >= 16
#include <wlr/types/wlr_subcompositor.h>
#endif
#include <wlr/types/wlr_xdg_output_v1.h>
#include <wlr/util/log.h>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "compositor.h"

/* The product has no rig: a test build's rig file sets this (compositor.h). */
__attribute__((weak)) const struct compositor_rig *compositor_rig;

static void find_headless(struct wlr_backend *b, void *data)
{
	struct server *s = data;
	if (wlr_backend_is_headless(b))
		s->headless = b;
}

static int on_terminate(int sig, void *data)
{
	struct server *s = data;
	wlr_log(WLR_INFO, "signal %d: shutting down", sig);
	wl_display_terminate(s->display);
	return 0;
}

int main(int argc, char **argv)
{
	struct server s = { .width = 1080, .height = 1920 };
	struct command_line cl;
	int status = read_command_line(argc, argv, &s, &cl);
	if (status >= 0)
		return status; /* --help, or a word it does not take */
	bool intercept = true;
	wlr_log_init(WLR_INFO, NULL); /* read_settings raises it for log-level=debug */
	wl_list_init(&s.outputs);

	s.display = wl_display_create();
#if WLR_VERSION_MINOR >= 17
	/* wlroots 0.17: a backend takes the event loop, not the display. */
	s.backend = wlr_backend_autocreate(wl_display_get_event_loop(s.display), NULL);
#else
	s.backend = wlr_backend_autocreate(s.display);
#endif
	if (!s.backend) {
		wlr_log(WLR_ERROR, "no backend (for no display and no GPU: WLR_BACKENDS=headless)");
		return 1;
	}
	if (wlr_backend_is_multi(s.backend))
		wlr_multi_for_each_backend(s.backend, find_headless, &s);
	else if (wlr_backend_is_headless(s.backend))
		s.headless = s.backend;
	s.renderer = wlr_renderer_autocreate(s.backend);
	if (!s.renderer) {
		wlr_log(WLR_ERROR, "no renderer (without a GPU: WLR_RENDERER=pixman)");
		return 1;
	}
	wlr_renderer_init_wl_display(s.renderer, s.display);
	s.allocator = wlr_allocator_autocreate(s.backend, s.renderer);
#if WLR_VERSION_MINOR >= 16
	/* wl_compositor version 5; subsurfaces are a global of their own since wlroots 0.16. */
	s.compositor = wlr_compositor_create(s.display, 5, s.renderer);
	wlr_subcompositor_create(s.display);
#else
	s.compositor = wlr_compositor_create(s.display, s.renderer);
#endif
	wlr_data_device_manager_create(s.display);

#if WLR_VERSION_MINOR >= 18
	s.layout = wlr_output_layout_create(s.display); /* the display's: it goes with it */
#else
	s.layout = wlr_output_layout_create();
#endif
	/* Screenshots (grim) of what the compositor draws: the tests check the panels' pixels. */
	wlr_screencopy_manager_v1_create(s.display);
	wlr_xdg_output_manager_v1_create(s.display, s.layout);
	s.scene = wlr_scene_create();
	/* Layer order: apps, then the demo shell's panels above them (never hit: surface_at
	 * looks in the apps' tree only). wlroots 0.16 made the scene's root a tree. */
#if WLR_VERSION_MINOR >= 18
	s.scene_layout = wlr_scene_attach_output_layout(s.scene, s.layout);
	s.apps = wlr_scene_tree_create(&s.scene->tree);
	s.panels.tree = wlr_scene_tree_create(&s.scene->tree);
#else
	wlr_scene_attach_output_layout(s.scene, s.layout);
	s.apps = wlr_scene_tree_create(&s.scene->node);
	s.panels.tree = wlr_scene_tree_create(&s.scene->node);
#endif
	s.new_output.notify = new_output;
	wl_signal_add(&s.backend->events.new_output, &s.new_output);

	/* The seat before xdg-shell: at wl_display_destroy, wlroots 0.15 frees xdg-shell's popup
	 * grab while it still listens to the seat's destroy signal, unless the seat goes first. */
	s.seat = wlr_seat_create(s.display, "seat0");
	xdg_shell_start(&s);
	s.new_input.notify = new_input;
	wl_signal_add(&s.backend->events.new_input, &s.new_input);
	s.request_start_drag.notify = request_start_drag;
	wl_signal_add(&s.seat->events.request_start_drag, &s.request_start_drag);
	s.request_set_selection.notify = request_set_selection;
	wl_signal_add(&s.seat->events.request_set_selection, &s.request_set_selection);

	/* Bezel: the adapter joins the seat. It asks the compositor two questions (surface_at,
	 * surface_position) and tells it about gestures (the demo shell draws them). */
	struct bezel_wlr_interface iface = {
		.version = BEZEL_WLR_INTERFACE_VERSION,
		.surface_at = surface_at,
		.surface_position = surface_position,
		.gesture = panels_gesture,
		.affordance = panels_affordance,
	};
	int r = bezel_wlr_create(s.display, s.compositor, s.seat, s.layout, &iface, &s, &s.bezel);
	if (r != BEZEL_OK) {
		wlr_log(WLR_ERROR, "bezel: cannot attach: %s", bezel_result_string(r));
		return 1;
	}
	if (read_settings(&s, cl.config_path, cl.rotate, &intercept) < 0)
		return 1;
	/* A latency baseline: the adapter read the configuration and goes again before any client
	 * can connect; touches go straight to the seat, as in tinywl. */
	if (!intercept) {
		bezel_wlr_destroy(s.bezel);
		s.bezel = NULL;
		wlr_log(WLR_INFO, "bezel: intercept=false, touches go straight to the seat");
	}

	const char *name = cl.socket;
	if (cl.socket) {
		if (wl_display_add_socket(s.display, cl.socket) != 0) {
			wlr_log(WLR_ERROR, "cannot listen on socket %s", cl.socket);
			return 1;
		}
	} else if (!(name = wl_display_add_socket_auto(s.display))) {
		wlr_log(WLR_ERROR, "cannot create a Wayland socket");
		return 1;
	}
	if (!wlr_backend_start(s.backend)) {
		wlr_log(WLR_ERROR, "cannot start the backend");
		return 1;
	}
	/* More headless outputs than WLR_HEADLESS_OUTPUTS gave (one by default). */
	int have = wl_list_length(&s.outputs);
	for (int i = have; s.headless && i < cl.outputs; i++)
		wlr_headless_add_output(s.headless, s.width, s.height);
	if (compositor_rig && !compositor_rig->start(&s))
		return 1;

	struct wl_event_loop *loop = wl_display_get_event_loop(s.display);
	struct wl_event_source *sigterm = wl_event_loop_add_signal(loop, SIGTERM, on_terminate, &s);
	struct wl_event_source *sigint = wl_event_loop_add_signal(loop, SIGINT, on_terminate, &s);
	setenv("WAYLAND_DISPLAY", name, true);
	if (cl.startup && fork() == 0) {
		execl("/bin/sh", "/bin/sh", "-c", cl.startup, (char *)NULL);
		_exit(127);
	}
	wlr_log(WLR_INFO, "bezel-compositor: running on WAYLAND_DISPLAY=%s", name);
	wl_display_run(s.display);

	wl_display_destroy_clients(s.display);
	wl_event_source_remove(sigterm);
	wl_event_source_remove(sigint);
	if (compositor_rig)
		compositor_rig->stop(&s);
	bezel_wlr_destroy(s.bezel);
	/* What goes with the display and what the compositor frees differ by generation. */
	server_finish(&s);
	return 0;
}
