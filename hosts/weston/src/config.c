/*
 * config.c: the [bezel] section of weston.ini.
 *
 * Two kinds of keys share the section. The module's own keys (below) are read with weston's
 * config API. Every other key is a gesture setting of DESIGN §4.4, flattened
 * (`bottom-edge-zone-mm=5`, `bind-left=back:0.0:1.0`), and goes unparsed to the plugin through
 * bezel_plugin_configure, which owns their syntax and ranges.
 *
 *   log-level=error|warning|info|debug     plugin log verbosity (default info)
 *   output-width-mm=, output-height-mm=    physical size when the head reports none
 *   lock-detect=lock-layer|idle|none       where the lock state comes from (lock.c)
 *   defer-policy=fullscreen|all            which surfaces may defer edges (lock.c)
 *   panels=true|false                      draw the demo panels (default true)
 *   intercept=true|false                   false: leave weston's touch grab alone (latency
 *                                          baselines only; env BEZEL_WESTON_INTERCEPT=0)
 *   event-log=PATH                         one line per event, for tests (env
 *                                          BEZEL_WESTON_EVENT_LOG)
 *   touch-device=, touch-device-open=, seat=
 *                                          the test rig's keys (bezel-weston-rig.so reads them
 *                                          from [bezel-rig], or from here); not gesture settings
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libweston/config-parser.h>

#include "bezel-weston.h"

static const char *const module_keys[] = {
	"log-level", "output-width-mm", "output-height-mm", "lock-detect", "defer-policy",
	"panels", "intercept", "event-log",
	/* the test rig's, when written under [bezel] */
	"touch-device", "touch-device-open", "seat",
};

static bool is_module_key(const char *key)
{
	for (size_t i = 0; i < sizeof module_keys / sizeof module_keys[0]; i++)
		if (!strcmp(key, module_keys[i]))
			return true;
	return false;
}

static int parse_level(const char *s)
{
	if (!strcasecmp(s, "error")) return BEZEL_LOG_ERROR;
	if (!strcasecmp(s, "warning")) return BEZEL_LOG_WARNING;
	if (!strcasecmp(s, "debug")) return BEZEL_LOG_DEBUG;
	if (strcasecmp(s, "info"))
		weston_log("bezel: warning: [bezel] log-level=%s is not error, warning, info or "
			   "debug; using info\n", s);
	return BEZEL_LOG_INFO;
}

void bw_config_read(struct bw_config *cfg, struct weston_config *config)
{
	struct weston_config_section *sec =
		config ? weston_config_get_section(config, "bezel", NULL, NULL) : NULL;
	char *s = NULL;

	weston_config_section_get_string(sec, "log-level", &s, "info");
	cfg->log_level = parse_level(s);
	free(s);

	weston_config_section_get_string(sec, "lock-detect", &s, "lock-layer");
	if (!strcmp(s, "idle"))
		cfg->lock_detect = BW_LOCK_IDLE;
	else if (!strcmp(s, "none"))
		cfg->lock_detect = BW_LOCK_NONE;
	else {
		if (strcmp(s, "lock-layer"))
			weston_log("bezel: warning: [bezel] lock-detect=%s unknown; using lock-layer\n", s);
		cfg->lock_detect = BW_LOCK_LAYER;
	}
	free(s);

	weston_config_section_get_string(sec, "defer-policy", &s, "fullscreen");
	if (!strcmp(s, "all"))
		cfg->defer_policy = BW_DEFER_ALL;
	else {
		if (strcmp(s, "fullscreen"))
			weston_log("bezel: warning: [bezel] defer-policy=%s unknown; using fullscreen\n", s);
		cfg->defer_policy = BW_DEFER_FULLSCREEN;
	}
	free(s);

	weston_config_section_get_int(sec, "output-width-mm", &cfg->width_mm, 0);
	weston_config_section_get_int(sec, "output-height-mm", &cfg->height_mm, 0);
	weston_config_section_get_bool(sec, "intercept", &cfg->intercept, true);
	weston_config_section_get_bool(sec, "panels", &cfg->panels, true);
	weston_config_section_get_string(sec, "event-log", &cfg->event_log, NULL);

	const char *env = getenv("BEZEL_WESTON_INTERCEPT");
	if (env && !strcmp(env, "0"))
		cfg->intercept = false;
	env = getenv("BEZEL_WESTON_EVENT_LOG");
	if (env && *env) {
		free(cfg->event_log);
		cfg->event_log = strdup(env);
	}
}

void bw_config_fini(struct bw_config *cfg)
{
	free(cfg->event_log);
	cfg->event_log = NULL;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * weston's config API can look a key up but cannot list a section's keys, and a misspelt
 * gesture key must be reported rather than ignored. So the first [bezel] section of the file
 * weston parsed is read again here, only to collect its key=value pairs (weston's rules: '#'
 * comments, "[section]" headers); their meaning is the plugin's.
 */
void bw_configure_gestures(struct bw *bw, struct weston_config *config)
{
	const char *path = config ? weston_config_get_full_path(config) : NULL;
	enum { MAX_KEYS = 128 };
	char *keys[MAX_KEYS], *values[MAX_KEYS];
	size_t count = 0;
	bool in_bezel = false, seen_bezel = false;
	char line[1024];
	FILE *f = path ? fopen(path, "re") : NULL;
	if (!f) {
		if (path)
			weston_log("bezel: cannot read %s for gesture settings: %s\n", path,
				   strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f)) {
		char *l = trim(line);
		if (*l == '#' || *l == '\0')
			continue;
		if (*l == '[') {
			char *end = strchr(l, ']');
			in_bezel = end && !seen_bezel && end - l == 6 && !strncmp(l, "[bezel", 6);
			seen_bezel = seen_bezel || in_bezel;
			continue;
		}
		char *eq = strchr(l, '=');
		if (!in_bezel || !eq)
			continue;
		*eq = '\0';
		char *key = trim(l), *value = trim(eq + 1);
		if (is_module_key(key))
			continue;
		if (count == MAX_KEYS) {
			weston_log("bezel: warning: more than %d gesture settings in [bezel]; "
				   "ignoring %s and the rest\n", MAX_KEYS, key);
			break;
		}
		keys[count] = strdup(key);
		values[count] = strdup(value);
		if (!keys[count] || !values[count]) {
			free(keys[count]);
			free(values[count]);
			break;
		}
		count++;
	}
	fclose(f);
	if (count > 0) {
		int r = bezel_plugin_configure(bw->plugin, (const char *const *)keys,
					       (const char *const *)values, count);
		if (r == BEZEL_OK)
			weston_log("bezel: %zu gesture setting(s) from [bezel] applied\n", count);
		else
			weston_log("bezel: warning: [bezel] gesture settings rejected (%s); using "
				   "the defaults\n", bezel_result_string(r));
	}
	for (size_t i = 0; i < count; i++) {
		free(keys[i]);
		free(values[i]);
	}
}
