/*
 * The plugin's log lines, which go to wlr_log. (The event log is the plugin's: the `event-log`
 * key, or bezel_wlr_set_event_log for compositors that hand over a FILE.)
 */
#include <stdio.h>
#include <time.h>

#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

uint64_t bwl_now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void bwl_plugin_log(void *data, int level, const char *message)
{
	(void)data;
	enum wlr_log_importance imp = level <= BEZEL_LOG_ERROR ? WLR_ERROR
				      : level <= BEZEL_LOG_INFO ? WLR_INFO : WLR_DEBUG;
	wlr_log(imp, "%s", message); /* the plugin prefixes "bezel:" */
}

/* The plugin appends to the same file through a descriptor of its own. */
void bezel_wlr_set_event_log(struct bezel_wlr *bw, FILE *log)
{
	if (!bw)
		return;
	if (!log) {
		bezel_plugin_set_event_log(bw->plugin, NULL);
		return;
	}
	char path[64];
	fflush(log);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fileno(log));
	bezel_plugin_set_event_log(bw->plugin, path);
}
