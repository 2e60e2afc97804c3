/*
 * The event log (bezel.h section 5): one line per event, each prefixed by CLOCK_MONOTONIC µs.
 *
 * Written in C because the lines are printf shapes (docs/hosts.md) that tests match exactly,
 * and because Swift cannot call variadic C functions. The bzl_evlog_* writers below are what
 * the plugin calls for its own lines: typed, so a line costs no allocation on the Swift side.
 *
 * Tests read the file while the compositor runs, so lines must reach it promptly, but a
 * write(2) per line is a system call per event on the compositor's thread. The plugin's log
 * (bzl_evlog_attach) therefore gathers whole lines in a buffer of its own, written out when the
 * event loop goes idle (at once after the dispatch that wrote the lines) or before a line that
 * would not fit; a log of one's own (a test rig's) has no loop and writes each line at once.
 * Only whole lines are written, with O_APPEND, so the lines of several writers sharing the file
 * (a host and its test rig) never cut into each other (stdio's buffer is written out when full,
 * mid-line). Past its cap the file is renamed PATH.1 (replacing an older one) and a new PATH
 * begun, so a client cannot fill the disk.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "bezel.h"
#include "bezel_shim.h"

/* Lines gathered before they are written, in bytes. */
#define EVLOG_BUFFER 65536
/* The longest line, newline included; a longer one is cut to this. */
#define EVLOG_LINE_MAX 1024

struct bezel_event_log {
	int fd;
	char *path;
	unsigned long long size;      /* bytes in the file at PATH */
	unsigned long long max_bytes; /* rotate past this; 0: never */
	struct wl_event_loop *loop;   /* write out on idle (NULL: at each line) */
	struct wl_event_source *idle; /* the idle write-out scheduled, if any */
	size_t pending;               /* bytes of whole lines in buffer, not yet written */
	char buffer[EVLOG_BUFFER];
};

static unsigned long long now_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000u + (unsigned long long)ts.tv_nsec / 1000u;
}

/* Writes the gathered lines out. A failing file (full disk) loses them rather than stall the
 * compositor: the log is a witness, never a reason to stop. */
static void write_out(struct bezel_event_log *log)
{
	size_t done = 0;
	while (done < log->pending) {
		ssize_t n = write(log->fd, log->buffer + done, log->pending - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	log->pending = 0;
}

static void idle_write_out(void *data)
{
	struct bezel_event_log *log = data;
	log->idle = NULL;
	write_out(log);
}

static int open_append(const char *path)
{
	/* Append, close-on-exec: several writers (a host and its test rig) share one file. */
	return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
}

/* PATH becomes PATH.1 and a new PATH begins. A failure keeps writing to the old file. */
static void rotate(struct bezel_event_log *log)
{
	char old[4096];
	if (snprintf(old, sizeof old, "%s.1", log->path) >= (int)sizeof old)
		return;
	write_out(log);
	if (rename(log->path, old) == 0) {
		int fd = open_append(log->path);
		if (fd >= 0) {
			close(log->fd);
			log->fd = fd;
		}
	}
	log->size = 0;
}

static void vline(struct bezel_event_log *log, const char *fmt, va_list ap)
{
	char text[EVLOG_LINE_MAX];
	int stamp = snprintf(text, sizeof text, "%llu ", now_usec());
	/* One byte kept for the newline; vsnprintf's count says how long the line wanted to be. */
	int body = vsnprintf(text + stamp, sizeof text - (size_t)stamp - 1, fmt, ap);
	size_t room = sizeof text - (size_t)stamp - 2;
	size_t len = (size_t)stamp + (body < 0 ? 0 : (size_t)body < room ? (size_t)body : room);
	text[len++] = '\n';
	if (log->pending + len > sizeof log->buffer)
		write_out(log);
	memcpy(log->buffer + log->pending, text, len);
	log->pending += len;
	log->size += len;
	if (log->max_bytes && log->size > log->max_bytes)
		rotate(log);
	if (!log->loop)
		write_out(log);
	else if (!log->idle)
		log->idle = wl_event_loop_add_idle(log->loop, idle_write_out, log);
	if (log->loop && !log->idle)
		write_out(log); /* no idle source could be added */
}

__attribute__((format(printf, 2, 3)))
static void line(struct bezel_event_log *log, const char *fmt, ...)
{
	va_list ap;
	if (!log)
		return;
	va_start(ap, fmt);
	vline(log, fmt, ap);
	va_end(ap);
}

int bezel_event_log_open(const char *path, struct bezel_event_log **out)
{
	if (out)
		*out = NULL;
	if (!path || !*path || !out)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	struct bezel_event_log *log = calloc(1, sizeof *log);
	if (!log)
		return BEZEL_ERROR_IO;
	log->path = strdup(path);
	log->fd = log->path ? open_append(path) : -1;
	if (log->fd < 0) {
		int err = log->path ? errno : ENOMEM;
		free(log->path);
		free(log);
		errno = err;
		return BEZEL_ERROR_IO;
	}
	struct stat st;
	if (fstat(log->fd, &st) == 0)
		log->size = (unsigned long long)st.st_size;
	*out = log;
	return BEZEL_OK;
}

void bzl_evlog_attach(struct bezel_event_log *log, struct wl_event_loop *loop,
		      unsigned long long max_bytes)
{
	if (!log)
		return;
	if (log->idle && loop != log->loop) {
		wl_event_source_remove(log->idle);
		log->idle = NULL;
	}
	write_out(log);
	log->loop = loop;
	log->max_bytes = max_bytes;
}

int bezel_event_log_write(struct bezel_event_log *log, const char *fmt, ...)
{
	va_list ap;
	if (!fmt)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	if (!log)
		return BEZEL_OK;
	va_start(ap, fmt);
	vline(log, fmt, ap);
	va_end(ap);
	return BEZEL_OK;
}

int bezel_event_log_close(struct bezel_event_log *log)
{
	if (!log)
		return BEZEL_ERROR_INVALID_ARGUMENT;
	if (log->idle)
		wl_event_source_remove(log->idle);
	write_out(log);
	close(log->fd);
	free(log->path);
	free(log);
	return BEZEL_OK;
}

/* ---- the plugin's own lines (bezel_shim.h) ---- */

static const char *const touch_phases[] = { "down", "motion", "up" };
static const char *const gesture_phases[] = { "began", "changed", "ended", "cancelled", "failed" };

void bzl_evlog_touch(struct bezel_event_log *log, int sent, int phase, int32_t id, double x,
		     double y, uint32_t time)
{
	const char *who = sent ? "send" : "input";
	if (phase < 0 || phase > 2)
		return;
	if (phase == 2)
		line(log, "%s up id=%d time=%u", who, id, time);
	else
		line(log, "%s %s id=%d x=%.1f y=%.1f time=%u", who, touch_phases[phase], id, x, y, time);
}

void bzl_evlog_text(struct bezel_event_log *log, const char *text)
{
	if (text)
		line(log, "%s", text);
}

void bzl_evlog_touch_output(struct bezel_event_log *log, int32_t id, uint32_t output)
{
	line(log, "input output id=%d output=%u", id, output);
}

void bzl_evlog_gesture(struct bezel_event_log *log, const struct bezel_gesture_event *e)
{
	if (!log || !e || e->phase > BEZEL_GESTURE_FAILED)
		return;
	const char *phase = gesture_phases[e->phase];
	const char *reason = e->reason ? e->reason : "?";
	/* A gesture the app handles (§4.6) says so last, so the line's other fields keep their
	 * places. */
	const char *app = e->app_handled ? " app_handled=1" : "";
	if (e->kind == BEZEL_GESTURE_KIND_EDGE) {
		switch (e->phase) {
		case BEZEL_GESTURE_CHANGED:
			line(log, "gesture changed %s edge=%u travel=%.2f progress=%.3f velocity=%.1f "
			     "output=%u%s", e->gesture, e->edge, e->travel_mm, e->progress,
			     e->velocity_mm_s, e->output_id, app);
			break;
		case BEZEL_GESTURE_ENDED:
			line(log, "gesture ended %s edge=%u committed=%d output=%u%s", e->gesture,
			     e->edge, e->committed, e->output_id, app);
			break;
		case BEZEL_GESTURE_FAILED:
			line(log, "gesture failed %s edge=%u reason=%s output=%u", e->gesture, e->edge,
			     reason, e->output_id);
			break;
		default:
			line(log, "gesture %s %s edge=%u output=%u%s", phase, e->gesture, e->edge,
			     e->output_id, app);
		}
		return;
	}
	/* Multi-finger gestures (docs/design.md §4.5): no edge; the kind and finger count instead. */
	switch (e->phase) {
	case BEZEL_GESTURE_CHANGED:
		line(log, "gesture changed %s edge=0 travel=%.2f progress=%.3f velocity=%.1f "
		     "scale=%.3f kind=%u fingers=%u output=%u", e->gesture, e->travel_mm, e->progress,
		     e->velocity_mm_s, e->scale, e->kind, e->fingers, e->output_id);
		break;
	case BEZEL_GESTURE_ENDED:
		line(log, "gesture ended %s edge=0 committed=%d kind=%u fingers=%u output=%u",
		     e->gesture, e->committed, e->kind, e->fingers, e->output_id);
		break;
	case BEZEL_GESTURE_FAILED:
		line(log, "gesture failed %s edge=0 reason=%s kind=%u fingers=%u output=%u",
		     e->gesture, reason, e->kind, e->fingers, e->output_id);
		break;
	default:
		line(log, "gesture %s %s edge=0 kind=%u fingers=%u output=%u", phase, e->gesture,
		     e->kind, e->fingers, e->output_id);
	}
}

void bzl_evlog_affordance(struct bezel_event_log *log, uint32_t output, uint32_t edge, int shown)
{
	line(log, "affordance %s edge=%u output=%u", shown ? "shown" : "hidden", edge, output);
}

void bzl_evlog_drag_start(struct bezel_event_log *log, int32_t id)
{
	line(log, "drag start id=%d", id);
}

void bzl_evlog_lock(struct bezel_event_log *log, int locked)
{
	line(log, "lock locked=%d", locked ? 1 : 0);
}

void bzl_evlog_output(struct bezel_event_log *log, int added, uint32_t id, int32_t x, int32_t y,
		      int32_t width, int32_t height)
{
	line(log, "output %s id=%u %dx%d+%d+%d", added ? "added" : "changed", id, width, height, x, y);
}

void bzl_evlog_output_removed(struct bezel_event_log *log, uint32_t id)
{
	line(log, "output removed id=%u", id);
}

void bzl_evlog_surface_add(struct bezel_event_log *log, double x, double y, double width,
			   double height)
{
	line(log, "surface add %.0f,%.0f %.0fx%.0f", x, y, width, height);
}

void bzl_evlog_surface_policy(struct bezel_event_log *log, uint32_t edges, uint32_t kinds)
{
	line(log, "surface policy edges=%u gestures=%u", edges, kinds);
}
