/*
 * Smallest useful host of libbezel: creates a wl_display, loads the plugin on it, feeds it an
 * output and a tap, and tears everything down. Prints what it did; exits 0 on success.
 */
#include <stdio.h>
#include <wayland-server-core.h>

#include <bezel.h>

static void on_log(void *data, int level, const char *message)
{
	(void)data;
	printf("log[%d] %s\n", level, message);
}

int main(void)
{
	printf("bezel.h %d.%d.%d, libbezel %s (0x%06x), protocol XML %s\n", BEZEL_VERSION_MAJOR,
	       BEZEL_VERSION_MINOR, BEZEL_VERSION_MICRO, bezel_version_string(), bezel_version(),
	       BEZEL_PROTOCOL_XML);
	if (bezel_version() >> 16 != BEZEL_VERSION_MAJOR) {
		fprintf(stderr, "incompatible libbezel\n");
		return 1;
	}
	struct wl_display *display = wl_display_create();
	if (display == NULL)
		return 1;
	const struct bezel_host_interface host = { .version = BEZEL_HOST_INTERFACE_VERSION, .log = on_log };
	struct bezel_plugin *plugin = NULL;
	int rc = bezel_plugin_create(display, &host, NULL, &plugin);
	printf("bezel_plugin_create: %s\n", bezel_result_string(rc));
	if (rc != BEZEL_OK)
		return 1;
	rc = bezel_output_set(plugin, 1080, 2340, 68, 147, 0);
	printf("bezel_output_set: %s\n", bezel_result_string(rc));
	/* Errors are return codes, never aborts: */
	printf("bezel_output_set(-1 x 0): %s\n", bezel_result_string(bezel_output_set(plugin, -1, 0, 0, 0, 0)));
	printf("bezel_surface_commit(NULL): %s\n", bezel_result_string(bezel_surface_commit(plugin, NULL)));
	bezel_touch_down(plugin, 0, 540, 1000, 0);
	bezel_touch_up(plugin, 0, 10);
	bezel_touch_frame(plugin, 10);
	rc = bezel_plugin_destroy(plugin);
	printf("bezel_plugin_destroy: %s\n", bezel_result_string(rc));
	wl_display_destroy(display);
	return rc == BEZEL_OK ? 0 : 1;
}
