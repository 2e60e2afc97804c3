/*
 * The adapter's event log (test and measurement aid, bezel_wlr_set_event_log; line shapes in
 * docs/hosts.md) and the plugin's log lines, which go to wlr_log.
 */
#include <stdarg.h>
#include <time.h>

#include <wlr/util/log.h>

#include "bezel-wlroots-private.h"

uint64_t bw_now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void bw_evlog(struct bezel_wlr *bw, const char *fmt, ...)
{
	if (!bw->event_log)
		return;
	va_list ap;
	fprintf(bw->event_log, "%llu ", (unsigned long long)bw_now_usec());
	va_start(ap, fmt);
	vfprintf(bw->event_log, fmt, ap);
	va_end(ap);
	fputc('\n', bw->event_log);
	fflush(bw->event_log);
}

void bw_plugin_log(void *data, int level, const char *message)
{
	(void)data;
	enum wlr_log_importance imp = level <= BEZEL_LOG_ERROR ? WLR_ERROR
				      : level <= BEZEL_LOG_INFO ? WLR_INFO : WLR_DEBUG;
	wlr_log(imp, "%s", message); /* the plugin prefixes "bezel:" */
}

void bezel_wlr_set_event_log(struct bezel_wlr *bw, FILE *log)
{
	if (bw)
		bw->event_log = log;
}
