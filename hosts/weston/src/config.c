/*
 * config.c: the [bezel] section of weston.ini.
 *
 * The plugin reads the section itself (bezel_plugin_configure_file): every key of the one list
 * in docs/hosts.md, gesture settings and host settings alike, with a warning naming any key it
 * refuses. The module then reads back the few settings only it acts on:
 *
 *   lock-detect=lock-layer|idle|none  where the lock state comes from (lock.c)
 *   panels=true|false                 draw the demo panels (panels.c)
 *   intercept=true|false              false: leave weston's touch grab alone (a diagnostic:
 *                                     weston's own path with the module loaded; env
 *                                     BEZEL_WESTON_INTERCEPT=0 too)
 *
 * The environment can name the event log (BEZEL_WESTON_EVENT_LOG), as the test rig's does.
 * The rig's own keys (touch-device, touch-device-open, seat) are in the list too, so writing
 * them under [bezel] is no error; bezel-weston-rig.so reads them.
 */
#include <stdio.h> /* weston 14's config-parser.h names FILE without including it */
#include <stdlib.h>
#include <string.h>

#include <libweston/config-parser.h>

#include "bezel-weston.h"

static bool setting_bool(struct bw *bw, const char *key)
{
	bool value = true;
	bezel_plugin_get_setting_bool(bw->plugin, key, &value);
	return value;
}

void bw_config_read(struct bw *bw, struct weston_config *config)
{
	const char *path = config ? weston_config_get_full_path(config) : NULL;
	if (path)
		bezel_plugin_configure_file(bw->plugin, path, "bezel");

	const char *env = getenv("BEZEL_WESTON_EVENT_LOG");
	if (env && *env)
		bezel_plugin_set_event_log(bw->plugin, env);

	char lock[32] = "";
	bezel_plugin_get_setting(bw->plugin, "lock-detect", lock, sizeof lock);
	bw->cfg.lock_detect = !strcmp(lock, "idle") ? BW_LOCK_IDLE
			      : !strcmp(lock, "none") ? BW_LOCK_NONE : BW_LOCK_LAYER;
	bw->cfg.panels = setting_bool(bw, "panels");
	bw->cfg.intercept = setting_bool(bw, "intercept");
	env = getenv("BEZEL_WESTON_INTERCEPT");
	if (env && !strcmp(env, "0"))
		bw->cfg.intercept = false;
}
