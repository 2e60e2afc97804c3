/*
 * The plugin's log lines, which go to wlr_log. (The event log is the plugin's: the `event-log`
 * key, or bezel_wlr_set_event_log for compositors that hand over a FILE.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
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

/*
 * The file's own path, for the plugin to open and, past event-log-max-kb, rename to PATH.1: a
 * /proc/self/fd path cannot be renamed, so the log would grow without its cap. NULL when the
 * file has no path that still names it (deleted, or not a regular file).
 */
static char *path_of(FILE *log)
{
	char link[64], *path = NULL;
	struct stat by_fd, by_path;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fileno(log));
	path = realpath(link, NULL);
	if (path && (fstat(fileno(log), &by_fd) != 0 || stat(path, &by_path) != 0 ||
		     !S_ISREG(by_fd.st_mode) || by_fd.st_dev != by_path.st_dev ||
		     by_fd.st_ino != by_path.st_ino)) {
		free(path);
		path = NULL;
	}
	return path;
}

/* The plugin appends to the same file through a descriptor of its own, opened by the file's path. */
void bezel_wlr_set_event_log(struct bezel_wlr *bw, FILE *log)
{
	if (!bw)
		return;
	if (!log) {
		bezel_plugin_set_event_log(bw->plugin, NULL);
		return;
	}
	fflush(log);
	char *path = path_of(log);
	if (path) {
		bezel_plugin_set_event_log(bw->plugin, path);
		free(path);
		return;
	}
	char fd_path[64];
	snprintf(fd_path, sizeof fd_path, "/proc/self/fd/%d", fileno(log));
	wlr_log(WLR_ERROR, "bezel: the event log's file has no path of its own: event-log-max-kb "
		"cannot rotate it");
	bezel_plugin_set_event_log(bw->plugin, fd_path);
}
