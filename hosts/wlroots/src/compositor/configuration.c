/*
 * configuration.c: what bezel-compositor reads at start, the same for every wlroots
 * generation: the [bezel] keys only the compositor acts on, and its command line's words.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wlr/util/log.h>

#include "compositor.h"

/* Bezel: the plugin parses the whole [bezel] section (one key list for every host); the
 * compositor reads back the few keys only it acts on. The rig reads its own keys here too,
 * while the plugin still exists (intercept=false destroys it next). */
int read_settings(struct server *s, const char *config_path, const char *rotate, bool *intercept)
{
	struct bezel_plugin *p = bezel_wlr_get_plugin(s->bezel);
	if (config_path && bezel_plugin_configure_file(p, config_path, "bezel") == BEZEL_ERROR_IO)
		return -1; /* the plugin said why */
	char buf[4096];
	if (bezel_plugin_get_setting(p, "log-level", buf, sizeof buf) == BEZEL_OK && !strcmp(buf, "debug"))
		wlr_log_init(WLR_DEBUG, NULL);
	int32_t n = 0;
	bezel_plugin_get_setting_int(p, "touch-output", &n);
	s->touch_output = n;
	bezel_plugin_get_setting_bool(p, "panels", &s->panels.enabled);
	bezel_plugin_get_setting_bool(p, "intercept", intercept);
	if (compositor_rig)
		return compositor_rig->configure(s, p, rotate) ? 0 : -1;
	if (bezel_plugin_get_setting(p, "touch-device", buf, sizeof buf) == BEZEL_OK && *buf)
		wlr_log(WLR_ERROR, "touch-device=%s: only the test build (bezel-compositor-rig) reads a "
			"touchscreen itself; this one takes the backend's touch devices", buf);
	return 0;
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--socket NAME] [-s CMD] [--config FILE] [--outputs N] "
		"[--size WxH] [--transform T]%s\n", argv0, compositor_rig ? " [--rotate T@N]" : "");
}

int read_command_line(int argc, char **argv, struct server *s, struct command_line *cl)
{
	*cl = (struct command_line){ .outputs = 1 };
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 'S' }, { "config", required_argument, NULL, 'c' },
		{ "outputs", required_argument, NULL, 'o' }, { "size", required_argument, NULL, 'z' },
		{ "transform", required_argument, NULL, 't' }, { "rotate", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' }, { 0, 0, 0, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'S': cl->socket = optarg; break;
		case 's': cl->startup = optarg; break;
		case 'c': cl->config_path = optarg; break;
		case 'o': cl->outputs = atoi(optarg); break;
		case 'z':
			if (sscanf(optarg, "%dx%d", &s->width, &s->height) != 2 || s->width <= 0 || s->height <= 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 't':
			if ((s->transform = transform_value(optarg)) < 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 'r': /* the rig's: it turns the touch output mid-gesture */
			if (!compositor_rig) {
				usage(argv[0]);
				return 2;
			}
			cl->rotate = optarg;
			break;
		default: usage(argv[0]); return c == 'h' ? 0 : 2;
		}
	}
	if (cl->outputs < 1 || cl->outputs > 8) {
		usage(argv[0]);
		return 2;
	}
	return -1;
}
