/*
 * primary-client: the session the patched compositors are started with in the tests (cage's
 * primary application, phoc's -E session). cage runs one primary application and ends when it
 * ends; at its own end it waits for it. This one maps nothing, so the tests' own clients are
 * alone on the screen: it connects, says so (the line that says the compositor serves clients),
 * and ends when the compositor disconnects it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <wayland-client.h>

int main(void)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display || wl_display_roundtrip(display) < 0) {
		fprintf(stderr, "primary-client: cannot connect to %s\n", getenv("WAYLAND_DISPLAY"));
		return 1;
	}
	fprintf(stderr, "primary-client: connected to %s\n", getenv("WAYLAND_DISPLAY"));
	while (wl_display_dispatch(display) != -1)
		;
	wl_display_disconnect(display);
	return 0;
}
