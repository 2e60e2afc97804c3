/*
 * input-source-test: drives bezel.h's libinput touch source (section 4) the way a host does.
 *
 * It creates a wl_event_loop, creates the source on it (path backend with --device, or udev
 * backend with --seat), sets the output, and dispatches the loop, printing every listener call
 * as one line on stdout:
 *
 *   added "NAME" SYSNAME | down ID X Y T | motion ID X Y T | up ID T | frame T | cancel T |
 *   removed "NAME" SYSNAME
 *
 * (X, Y with 3 decimals; T the listener's time_msec). tests/input/run.sh compares those lines
 * with what the trace reader decodes from the same recording.
 *
 *   --frames N          stop after N frame calls
 *   --remove-after N    after N frame calls, close the device (bezel_input_source_remove_device):
 *                       the fingers still down must be cancelled, then device_removed must come
 *   --destroy-in-callback  destroy the source from inside device_removed (deferred destroy)
 *   --readd             after device_removed, add the node again: device_added must come again
 *   --output WxH        output logical size after the transform (default 1080x1920)
 *   --transform T       wl_output_transform 0..7
 *   --timeout-ms MS     give up (exit 3) when nothing happens for this long (default 20000)
 *   --api-checks        first check argument handling without any device (exit 1 on failure)
 *
 * Exit status: 0 done, 1 a check failed, 2 usage, 3 timeout.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server-core.h>

#include "bezel.h"

struct test {
	struct wl_event_loop *loop;
	struct bezel_input_source *source;
	const char *device;
	int frames_wanted;      /* -1: no limit */
	int remove_after;       /* -1: never */
	int destroy_in_callback;
	int readd;
	int added;
	int frames;
	int cancels;
	int removed;
	int done;
	int failed;
	int last_log_level;
	char last_log[512];
};

static void fail(struct test *t, const char *what)
{
	fprintf(stderr, "input-source-test: FAIL: %s\n", what);
	t->failed = 1;
	t->done = 1;
}

static void on_down(void *data, int32_t id, double x, double y, uint32_t time_msec)
{
	(void)data;
	printf("down %d %.3f %.3f %u\n", id, x, y, time_msec);
}

static void on_motion(void *data, int32_t id, double x, double y, uint32_t time_msec)
{
	(void)data;
	printf("motion %d %.3f %.3f %u\n", id, x, y, time_msec);
}

static void on_up(void *data, int32_t id, uint32_t time_msec)
{
	(void)data;
	printf("up %d %u\n", id, time_msec);
}

static void on_frame(void *data, uint32_t time_msec)
{
	struct test *t = data;
	printf("frame %u\n", time_msec);
	uint64_t us = bezel_input_source_get_time_usec(t->source);
	if ((uint32_t)(us / 1000) != time_msec)
		fail(t, "bezel_input_source_get_time_usec disagrees with time_msec");
	t->frames++;
	if (t->frames_wanted >= 0 && t->frames >= t->frames_wanted)
		t->done = 1;
	/* The host decides to close the device while fingers are down (R8). The cancel and
	 * device_removed must come from the loop, not from inside this call. */
	if (t->remove_after >= 0 && t->frames == t->remove_after) {
		int cancels_before = t->cancels;
		int rc = bezel_input_source_remove_device(t->source, t->device);
		if (rc != BEZEL_OK)
			fail(t, "bezel_input_source_remove_device did not return BEZEL_OK");
		else if (t->cancels != cancels_before || t->removed)
			fail(t, "remove_device called the listener from inside the call");
	}
}

static void on_cancel(void *data, uint32_t time_msec)
{
	struct test *t = data;
	printf("cancel %u\n", time_msec);
	t->cancels++;
}

static void on_added(void *data, const char *name, const char *sysname)
{
	struct test *t = data;
	printf("added \"%s\" %s\n", name, sysname);
	t->added++;
	if (t->readd && t->removed)
		t->done = 1; /* the node came back */
}

static void on_removed(void *data, const char *name, const char *sysname)
{
	struct test *t = data;
	printf("removed \"%s\" %s\n", name, sysname);
	t->removed++;
	if (t->remove_after >= 0 && !t->readd)
		t->done = 1;
	/* The node is back (hot-plug re-add on the path backend): open it again. */
	if (t->readd && bezel_input_source_add_device(t->source, t->device) != BEZEL_OK)
		fail(t, "bezel_input_source_add_device after the removal");
	if (t->destroy_in_callback) {
		/* Deferred destroy: allowed here, the source is freed when its dispatch returns. */
		if (bezel_input_source_destroy(t->source) != BEZEL_OK)
			fail(t, "bezel_input_source_destroy from inside device_removed");
		t->source = NULL;
	}
}

static void on_log(void *data, int level, const char *message)
{
	struct test *t = data;
	fprintf(stderr, "[log %d] %s\n", level, message);
	t->last_log_level = level;
	snprintf(t->last_log, sizeof t->last_log, "%s", message);
}

static const struct bezel_input_listener listener = {
	.down = on_down,
	.motion = on_motion,
	.up = on_up,
	.frame = on_frame,
	.cancel = on_cancel,
	.device_added = on_added,
	.device_removed = on_removed,
	.log = on_log,
};

#define CHECK(t, cond, what)                                                                  \
	do {                                                                                  \
		if (!(cond)) {                                                                \
			fprintf(stderr, "input-source-test: FAIL: %s\n", what);               \
			(t)->failed = 1;                                                      \
		} else {                                                                      \
			fprintf(stderr, "input-source-test: ok: %s\n", what);                 \
		}                                                                             \
	} while (0)

/* Argument handling: every misuse is a return code with a log line, never a crash. */
static void api_checks(struct test *t)
{
	struct bezel_input_source *s = (struct bezel_input_source *)&s; /* must be reset to NULL */
	const char *none[] = { NULL };
	const char *missing[] = { "/nonexistent/bezel-input-node", NULL };

	CHECK(t, bezel_input_source_create(NULL, NULL, none, &listener, t, &s) ==
			 BEZEL_ERROR_INVALID_ARGUMENT && s == NULL,
	      "create without a loop: BEZEL_ERROR_INVALID_ARGUMENT, *out = NULL");
	CHECK(t, bezel_input_source_create(t->loop, NULL, none, NULL, t, &s) ==
			 BEZEL_ERROR_INVALID_ARGUMENT,
	      "create without a listener: BEZEL_ERROR_INVALID_ARGUMENT");
	CHECK(t, bezel_input_source_create(t->loop, "seat0", none, &listener, t, &s) ==
			 BEZEL_ERROR_INVALID_ARGUMENT,
	      "create with both a seat and paths: BEZEL_ERROR_INVALID_ARGUMENT");
	t->last_log[0] = '\0';
	CHECK(t, bezel_input_source_create(t->loop, NULL, missing, &listener, t, &s) ==
			 BEZEL_ERROR_INPUT && s == NULL,
	      "create with a missing node: BEZEL_ERROR_INPUT, nothing kept");
	CHECK(t, strcmp(bezel_result_string(BEZEL_ERROR_INPUT), "unknown result code") != 0,
	      "bezel_result_string knows BEZEL_ERROR_INPUT");
	CHECK(t, strstr(t->last_log, "/nonexistent/bezel-input-node") != NULL &&
			 t->last_log_level == BEZEL_LOG_ERROR,
	      "the missing node is named in an error log line");

	/* An empty path source: valid, devices come later. */
	CHECK(t, bezel_input_source_create(t->loop, NULL, NULL, &listener, t, &s) == BEZEL_OK &&
			 s != NULL,
	      "create with no device (paths NULL): BEZEL_OK");
	if (!s)
		return;
	CHECK(t, bezel_input_source_set_output(s, 0, 100, 0) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "set_output with width 0: BEZEL_ERROR_INVALID_ARGUMENT");
	CHECK(t, bezel_input_source_set_output(s, 100, 100, 8) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "set_output with transform 8: BEZEL_ERROR_INVALID_ARGUMENT");
	CHECK(t, bezel_input_source_set_output(NULL, 100, 100, 0) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "set_output on NULL: BEZEL_ERROR_INVALID_ARGUMENT");
	const double bad[6] = { 1, 0, 0, 0, 1, NAN };
	CHECK(t, bezel_input_source_set_calibration(s, bad) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "set_calibration with NaN: BEZEL_ERROR_INVALID_ARGUMENT");
	CHECK(t, bezel_input_source_set_calibration(s, NULL) == BEZEL_OK,
	      "set_calibration NULL (identity): BEZEL_OK");
	CHECK(t, bezel_input_source_remove_device(s, "/dev/input/event99") == BEZEL_ERROR_NOT_FOUND,
	      "remove_device of a node not open: BEZEL_ERROR_NOT_FOUND");
	CHECK(t, bezel_input_source_add_device(s, "/nonexistent/bezel-input-node") == BEZEL_ERROR_INPUT,
	      "add_device of a missing node: BEZEL_ERROR_INPUT");
	CHECK(t, bezel_input_source_destroy(s) == BEZEL_OK, "destroy: BEZEL_OK");
	CHECK(t, bezel_input_source_destroy(NULL) == BEZEL_ERROR_INVALID_ARGUMENT,
	      "destroy NULL: BEZEL_ERROR_INVALID_ARGUMENT");
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int usage(void)
{
	fprintf(stderr, "usage: input-source-test [--api-checks] (--device NODE | --seat SEAT) "
			"[--frames N] [--remove-after N] [--destroy-in-callback] [--output WxH] "
			"[--transform T] [--timeout-ms MS]\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct test t = { .frames_wanted = -1, .remove_after = -1 };
	const char *seat = NULL;
	int width = 1080, height = 1920, transform = 0, timeout_ms = 20000, checks = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--api-checks")) {
			checks = 1;
			continue;
		}
		if (!strcmp(a, "--destroy-in-callback")) {
			t.destroy_in_callback = 1;
			continue;
		}
		if (!strcmp(a, "--readd")) {
			t.readd = 1;
			continue;
		}
		if (!v)
			return usage();
		i++;
		if (!strcmp(a, "--device"))
			t.device = v;
		else if (!strcmp(a, "--seat"))
			seat = v;
		else if (!strcmp(a, "--frames"))
			t.frames_wanted = atoi(v);
		else if (!strcmp(a, "--remove-after"))
			t.remove_after = atoi(v);
		else if (!strcmp(a, "--transform"))
			transform = atoi(v);
		else if (!strcmp(a, "--timeout-ms"))
			timeout_ms = atoi(v);
		else if (!strcmp(a, "--output")) {
			if (sscanf(v, "%dx%d", &width, &height) != 2)
				return usage();
		} else
			return usage();
	}

	t.loop = wl_event_loop_create();
	if (!t.loop) {
		fprintf(stderr, "input-source-test: wl_event_loop_create failed\n");
		return 1;
	}
	if (checks)
		api_checks(&t);
	if (!t.device && !seat) {
		wl_event_loop_destroy(t.loop);
		return t.failed ? 1 : 0;
	}

	const char *paths[] = { t.device, NULL };
	int rc = bezel_input_source_create(t.loop, seat, seat ? NULL : paths, &listener, &t,
					   &t.source);
	if (rc != BEZEL_OK) {
		fprintf(stderr, "input-source-test: bezel_input_source_create: %s\n",
			bezel_result_string(rc));
		wl_event_loop_destroy(t.loop);
		return 1;
	}
	if (bezel_input_source_set_output(t.source, width, height, transform) != BEZEL_OK) {
		fprintf(stderr, "input-source-test: set_output %dx%d transform %d refused\n", width,
			height, transform);
		return 1;
	}

	/* The host's main loop: every listener call comes from in here. */
	int status = 0;
	int64_t last_progress = now_ms();
	while (!t.done) {
		int frames = t.frames, cancels = t.cancels, removed = t.removed;
		if (wl_event_loop_dispatch(t.loop, 100) < 0 && errno != EINTR) {
			perror("wl_event_loop_dispatch");
			status = 1;
			break;
		}
		fflush(stdout);
		if (t.frames != frames || t.cancels != cancels || t.removed != removed)
			last_progress = now_ms();
		else if (now_ms() - last_progress > timeout_ms) {
			fprintf(stderr, "input-source-test: nothing for %d ms; timed out after %d frames\n",
				timeout_ms, t.frames);
			status = 3;
			break;
		}
	}
	if (t.failed)
		status = 1;
	if (t.remove_after >= 0 && status == 0) {
		if (t.cancels != 1)
			fprintf(stderr, "input-source-test: FAIL: %d cancel calls after the removal\n",
				t.cancels), status = 1;
		if (t.readd && t.added != 2)
			fprintf(stderr, "input-source-test: FAIL: %d device_added calls with --readd\n",
				t.added), status = 1;
		if (t.removed != 1)
			fprintf(stderr, "input-source-test: FAIL: %d device_removed calls\n", t.removed),
				status = 1;
	}
	if (t.source)
		bezel_input_source_destroy(t.source);
	wl_event_loop_destroy(t.loop);
	fflush(stdout);
	return status;
}
