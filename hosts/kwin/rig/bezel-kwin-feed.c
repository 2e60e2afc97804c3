/*
 * bezel-kwin-feed: test equipment, never installed. Replays an evemu touch recording
 * (tests/hosts/gen-touch.py) into KWin through org_kde_kwin_fake_input version 4, KWin's own
 * path for injected touches (the same TouchInputRedirection a libinput device feeds).
 *
 *   bezel-kwin-feed [--log FILE] [--wait-usr2] [--stay] [--turns N W H] [--rotate-after N T]
 *                   [--unplug-after N] RECORDING
 *   bezel-kwin-feed [--log FILE] [--stay] --taps N X Y    (N taps, 10 ms apart; latency runs)
 *
 * --turns N W H: the recording is a W x H panel's (device axes = panel pixels) on an output KWin
 * turned by N quarter turns (its OutputTransform Rotate90 is 1): each point is turned into
 * layout coordinates as KWin 6.3 turns a touchscreen's (libinput/connection.cpp,
 * devicePointToGlobalPosition).
 * --rotate-after N T: after the frame of the N-th motion, KWin turns its output to T quarter
 * turns (a kde_output_management_v2 configuration, applied before the replay goes on; event log
 * "rig rotate turns=T"); the points after it are turned by T.
 * --unplug-after N: after the frame of the N-th motion, KWin's first output (the touchscreen's)
 * is disabled through kde_output_management_v2, as a settings app takes an output away; KWin
 * removes it from its workspace as it does an unplugged one (event log "rig unplug
 * output-device-0", before the request). The points after it land on the second output (KWin
 * started with --output-count 2), at the place KWin gives it then, as a touchscreen mapped to
 * the output that is left.
 *
 * Connects, authenticates, then (with --wait-usr2) waits for SIGUSR2, so the replay starts
 * only once the clients are ready. The recording keeps its own pacing: KWin stamps fake input
 * with its clock at arrival, so timing cannot travel inside the events. Each event is followed
 * by a line in the event log FILE: "fake-input down|motion id=N time_us=U", "fake-input up
 * id=N time_us=U" (CLOCK_MONOTONIC, when the request was flushed). Exits 0 after a roundtrip
 * that follows the last event.
 * --stay: after that roundtrip ("feed done"), stays connected until KWin hangs up or a signal
 * ends it. KWin's fake touch device lives as long as this connection: when it goes, KWin drops
 * the seat's touch capability, and a client that reads that in the same dispatch as the last
 * up (GTK 4 releases its wl_touch and forgets the queued touch end) never ends its touch. A
 * touchscreen stays plugged in after a swipe; so does this one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "fake-input-client-protocol.h"
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

static struct org_kde_kwin_fake_input *fake;
static FILE *logf_;
/* --turns: KWin's quarter turns (0-3) and the panel's size. */
static int turns, panel_w, panel_h;
/* --rotate-after N T: after the N-th motion, KWin's output turned to T quarter turns through
 * KWin's output management (kde_output_management_v2), as a settings app turns it. */
static int rotate_after = -1, rotate_to;
/* --unplug-after N: after the N-th motion, the first output disabled. */
static int unplug_after = -1;
/* KWin's output devices in the order it announces them: the first is the touchscreen's, the
 * second (--unplug-after) the one left after the unplug. */
static struct kde_output_device_v2 *devices[2];
static struct kde_output_management_v2 *management;
/* Where the touchscreen's output starts in the layout: the second output's place once the first
 * is gone (its geometry event). */
static int origin_x, origin_y, second_x, second_y;

/* A panel point in layout coordinates, as KWin maps a touchscreen's on a turned output. */
static void to_layout(int x, int y, int *lx, int *ly)
{
	switch (turns) {
	case 1: *lx = panel_h - y, *ly = x; break;
	case 2: *lx = panel_w - x, *ly = panel_h - y; break;
	case 3: *lx = y, *ly = panel_w - x; break;
	default: *lx = x, *ly = y; break;
	}
	*lx += origin_x, *ly += origin_y;
}

/* The second output's events: only its place in the layout is of use. Every event of version 1
 * needs a handler (libwayland calls them without checking). */
static void dev_geometry(void *data, struct kde_output_device_v2 *d, int32_t x, int32_t y, int32_t pw,
			 int32_t ph, int32_t subpixel, const char *make, const char *model, int32_t transform)
{
	(void)data, (void)d, (void)pw, (void)ph, (void)subpixel, (void)make, (void)model, (void)transform;
	second_x = x, second_y = y;
}
static void dev_mode_object(void *data, struct kde_output_device_v2 *d, struct kde_output_device_mode_v2 *m)
{
	(void)data, (void)d, (void)m;
}
static void dev_done(void *data, struct kde_output_device_v2 *d) { (void)data, (void)d; }
static void dev_fixed(void *data, struct kde_output_device_v2 *d, wl_fixed_t v) { (void)data, (void)d, (void)v; }
static void dev_string(void *data, struct kde_output_device_v2 *d, const char *v) { (void)data, (void)d, (void)v; }
static void dev_int(void *data, struct kde_output_device_v2 *d, int32_t v) { (void)data, (void)d, (void)v; }
static void dev_uint(void *data, struct kde_output_device_v2 *d, uint32_t v) { (void)data, (void)d, (void)v; }

static const struct kde_output_device_v2_listener second_listener = {
	.geometry = dev_geometry,
	.current_mode = dev_mode_object,
	.mode = dev_mode_object,
	.done = dev_done,
	.scale = dev_fixed,
	.edid = dev_string,
	.enabled = dev_int,
	.uuid = dev_string,
	.serial_number = dev_string,
	.eisa_id = dev_string,
	.capabilities = dev_uint,
	.overscan = dev_uint,
	.vrr_policy = dev_uint,
	.rgb_range = dev_uint,
};

static void global(void *data, struct wl_registry *reg, uint32_t name, const char *iface, uint32_t version)
{
	(void)data;
	if (strcmp(iface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 4)
		fake = wl_registry_bind(reg, name, &org_kde_kwin_fake_input_interface, 4);
	/* Only when asked: the outputs' many events are of no use otherwise (the first's are
	 * dropped: no listener). The first output device is the touchscreen's. */
	int outputs = rotate_after >= 0 || unplug_after >= 0;
	if (outputs && strcmp(iface, kde_output_device_v2_interface.name) == 0) {
		if (!devices[0]) {
			devices[0] = wl_registry_bind(reg, name, &kde_output_device_v2_interface, 1);
		} else if (unplug_after >= 0 && !devices[1]) {
			devices[1] = wl_registry_bind(reg, name, &kde_output_device_v2_interface, 1);
			kde_output_device_v2_add_listener(devices[1], &second_listener, NULL);
		}
	}
	if (outputs && strcmp(iface, kde_output_management_v2_interface.name) == 0)
		management = wl_registry_bind(reg, name, &kde_output_management_v2_interface, 1);
}

static void global_remove(void *data, struct wl_registry *reg, uint32_t name)
{
	(void)data, (void)reg, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* `t`: taken before the request was written, so that the client's receipt is always later. */
static void note(const char *what, int id, uint64_t t)
{
	if (!logf_)
		return;
	fprintf(logf_, "%llu fake-input %s id=%d time_us=%llu\n", (unsigned long long)t, what, id,
		(unsigned long long)t);
	fflush(logf_);
}

/* Sleeps until `start_us + offset_us` on the monotonic clock: the recording's pacing. */
static void pace(uint64_t start_us, uint64_t offset_us)
{
	uint64_t at = start_us + offset_us;
	struct timespec ts = {(time_t)(at / 1000000), (long)(at % 1000000) * 1000};
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* 1: KWin applied the output configuration, -1: it refused it, 0: no answer yet. */
static int configured;

static void config_applied(void *data, struct kde_output_configuration_v2 *c)
{
	(void)data, (void)c;
	configured = 1;
}

static void config_failed(void *data, struct kde_output_configuration_v2 *c)
{
	(void)data, (void)c;
	configured = -1;
}

static const struct kde_output_configuration_v2_listener config_listener = {
	.applied = config_applied,
	.failed = config_failed,
};

/* Applies the output configuration `c` and waits for KWin's answer; 0 when KWin applied it. */
static int apply_configuration(struct wl_display *dpy, struct kde_output_configuration_v2 *c)
{
	kde_output_configuration_v2_add_listener(c, &config_listener, NULL);
	kde_output_configuration_v2_apply(c);
	configured = 0;
	/* KWin's answer, within 10 s: a feeder that never hears it says so instead of blocking. */
	uint64_t deadline = now_us() + 10 * 1000000ull;
	while (!configured) {
		while (wl_display_prepare_read(dpy) != 0)
			if (wl_display_dispatch_pending(dpy) < 0)
				return -1;
		if (configured) {
			wl_display_cancel_read(dpy);
			break;
		}
		wl_display_flush(dpy);
		uint64_t now = now_us();
		struct pollfd pfd = { .fd = wl_display_get_fd(dpy), .events = POLLIN };
		if (now >= deadline || poll(&pfd, 1, (int)((deadline - now) / 1000) + 1) <= 0) {
			wl_display_cancel_read(dpy);
			fprintf(stderr, "bezel-kwin-feed: KWin did not answer the output configuration within 10 s\n");
			return -1;
		}
		if (wl_display_read_events(dpy) < 0 || wl_display_dispatch_pending(dpy) < 0)
			return -1;
	}
	kde_output_configuration_v2_destroy(c);
	return configured > 0 ? 0 : -1;
}

/* Logs a rig line as the other hosts' rigs do, before the request: KWin changes the output (and
 * the plugin hears of it) before its answer arrives. */
static void rig_line(const char *what)
{
	if (logf_) {
		fprintf(logf_, "%llu rig %s\n", (unsigned long long)now_us(), what);
		fflush(logf_);
	}
}

/* Turns KWin's output to `t` quarter turns; from then on the panel's points are mapped with the
 * new turns. */
static int turn_output(struct wl_display *dpy, int t)
{
	struct kde_output_configuration_v2 *c = kde_output_management_v2_create_configuration(management);
	kde_output_configuration_v2_transform(c, devices[0], t);
	char line[32];
	snprintf(line, sizeof line, "rotate turns=%d", t);
	rig_line(line);
	if (apply_configuration(dpy, c) < 0) {
		fprintf(stderr, "bezel-kwin-feed: KWin refused to turn its output to %d quarter turns\n", t);
		return -1;
	}
	turns = t;
	return 0;
}

/* Disables KWin's first output; from then on the panel's points land on the second output, where
 * KWin has it once the first is gone (the roundtrip brings its geometry). */
static int unplug_output(struct wl_display *dpy)
{
	struct kde_output_configuration_v2 *c = kde_output_management_v2_create_configuration(management);
	kde_output_configuration_v2_enable(c, devices[0], 0);
	rig_line("unplug output-device-0");
	if (apply_configuration(dpy, c) < 0 || wl_display_roundtrip(dpy) < 0) {
		fprintf(stderr, "bezel-kwin-feed: KWin refused to disable its first output\n");
		return -1;
	}
	origin_x = second_x, origin_y = second_y;
	return 0;
}

#define SLOTS 16
struct slot {
	int tracking, x, y, was_down, moved;
};

static int replay(struct wl_display *dpy, FILE *in)
{
	struct slot s[SLOTS];
	for (int i = 0; i < SLOTS; i++)
		s[i] = (struct slot){-1, 0, 0, 0, 0};
	int cur = 0, motions = 0;
	char line[256];
	uint64_t start = now_us(), first = UINT64_MAX;
	while (fgets(line, sizeof line, in)) {
		unsigned long sec, usec;
		unsigned type, code;
		int value;
		if (sscanf(line, "E: %lu.%lu %x %x %d", &sec, &usec, &type, &code, &value) != 5)
			continue;
		uint64_t t = (uint64_t)sec * 1000000 + usec;
		if (first == UINT64_MAX)
			first = t;
		if (type == 3) {
			if (code == 0x2f && value >= 0 && value < SLOTS)
				cur = value;
			else if (code == 0x39)
				s[cur].tracking = value;
			else if (code == 0x35)
				s[cur].x = value, s[cur].moved = 1;
			else if (code == 0x36)
				s[cur].y = value, s[cur].moved = 1;
			continue;
		}
		if (type != 0 || code != 0)
			continue;
		pace(start, t - first);
		uint64_t sent = now_us();
		for (int i = 0; i < SLOTS; i++) {
			struct slot *p = &s[i];
			int lx, ly;
			to_layout(p->x, p->y, &lx, &ly);
			if (p->tracking >= 0 && !p->was_down) {
				org_kde_kwin_fake_input_touch_down(fake, i, wl_fixed_from_int(lx), wl_fixed_from_int(ly));
				p->was_down = 1;
				note("down", i, sent);
			} else if (p->tracking >= 0 && p->moved) {
				org_kde_kwin_fake_input_touch_motion(fake, i, wl_fixed_from_int(lx), wl_fixed_from_int(ly));
				note("motion", i, sent);
				motions++;
			} else if (p->tracking < 0 && p->was_down) {
				org_kde_kwin_fake_input_touch_up(fake, i);
				p->was_down = 0;
				note("up", i, sent);
			}
			p->moved = 0;
		}
		org_kde_kwin_fake_input_touch_frame(fake);
		if (wl_display_flush(dpy) < 0)
			return -1;
		if (rotate_after >= 0 && motions >= rotate_after) {
			rotate_after = -1;
			if (turn_output(dpy, rotate_to) < 0)
				return -1;
		}
		if (unplug_after >= 0 && motions >= unplug_after) {
			unplug_after = -1;
			if (unplug_output(dpy) < 0)
				return -1;
		}
	}
	return 0;
}

static int taps(struct wl_display *dpy, int n, int x, int y)
{
	uint64_t start = now_us();
	for (int i = 0; i < n; i++) {
		pace(start, (uint64_t)i * 10000);
		uint64_t sent = now_us();
		org_kde_kwin_fake_input_touch_down(fake, 0, wl_fixed_from_int(x), wl_fixed_from_int(y));
		org_kde_kwin_fake_input_touch_frame(fake);
		if (wl_display_flush(dpy) < 0)
			return -1;
		note("down", 0, sent);
		pace(start, (uint64_t)i * 10000 + 4000);
		sent = now_us();
		org_kde_kwin_fake_input_touch_up(fake, 0);
		org_kde_kwin_fake_input_touch_frame(fake);
		if (wl_display_flush(dpy) < 0)
			return -1;
		note("up", 0, sent);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *log_path = NULL, *recording = NULL;
	int wait_usr2 = 0, stay = 0, ntaps = 0, tx = 0, ty = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--log") && i + 1 < argc)
			log_path = argv[++i];
		else if (!strcmp(argv[i], "--wait-usr2"))
			wait_usr2 = 1;
		else if (!strcmp(argv[i], "--stay"))
			stay = 1;
		else if (!strcmp(argv[i], "--turns") && i + 3 < argc)
			turns = atoi(argv[i + 1]) & 3, panel_w = atoi(argv[i + 2]), panel_h = atoi(argv[i + 3]), i += 3;
		else if (!strcmp(argv[i], "--rotate-after") && i + 2 < argc)
			rotate_after = atoi(argv[i + 1]), rotate_to = atoi(argv[i + 2]) & 3, i += 2;
		else if (!strcmp(argv[i], "--unplug-after") && i + 1 < argc)
			unplug_after = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--taps") && i + 3 < argc)
			ntaps = atoi(argv[i + 1]), tx = atoi(argv[i + 2]), ty = atoi(argv[i + 3]), i += 3;
		else
			recording = argv[i];
	}
	if (!recording && !ntaps) {
		fprintf(stderr, "usage: %s [--log FILE] [--wait-usr2] [--stay] [--turns N W H] [--rotate-after N T] [--unplug-after N] RECORDING | [--stay] --taps N X Y\n", argv[0]);
		return 2;
	}
	/* Blocked before anything else: a SIGUSR2 sent early stays pending for sigwait. */
	sigset_t usr2;
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &usr2, NULL);

	FILE *in = NULL;
	if (recording && !(in = fopen(recording, "r"))) {
		perror(recording);
		return 1;
	}
	if (log_path && !(logf_ = fopen(log_path, "a"))) {
		perror(log_path);
		return 1;
	}
	struct wl_display *dpy = wl_display_connect(NULL);
	if (!dpy) {
		fprintf(stderr, "bezel-kwin-feed: cannot connect to the compositor\n");
		return 1;
	}
	struct wl_registry *reg = wl_display_get_registry(dpy);
	wl_registry_add_listener(reg, &registry_listener, NULL);
	wl_display_roundtrip(dpy);
	if (!fake) {
		fprintf(stderr, "bezel-kwin-feed: no org_kde_kwin_fake_input version 4\n");
		return 1;
	}
	if (rotate_after >= 0 && (!devices[0] || !management)) {
		fprintf(stderr, "bezel-kwin-feed: no kde_output_device_v2 or kde_output_management_v2 to turn the output with\n");
		return 1;
	}
	if (unplug_after >= 0 && (!devices[1] || !management)) {
		fprintf(stderr, "bezel-kwin-feed: no second kde_output_device_v2 (KWin started with --output-count 2?) or no kde_output_management_v2 to disable the first with\n");
		return 1;
	}
	org_kde_kwin_fake_input_authenticate(fake, "bezel-kwin-feed", "Bezel's KWin tests");
	wl_display_roundtrip(dpy);
	printf("feed ready\n");
	fflush(stdout);
	if (wait_usr2) {
		int sig;
		sigwait(&usr2, &sig);
	}
	int rc = ntaps ? taps(dpy, ntaps, tx, ty) : replay(dpy, in);
	if (rc < 0 || wl_display_roundtrip(dpy) < 0) {
		fprintf(stderr, "bezel-kwin-feed: the compositor went away\n");
		return 1;
	}
	printf("feed done\n");
	fflush(stdout);
	while (stay && wl_display_dispatch(dpy) >= 0)
		;
	return 0;
}
