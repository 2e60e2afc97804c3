/*
 * hostile-scale-client: the clients of the hostile course's scale part (tests/hosts/hostile.sh),
 * run against every host.
 * They measure what one client's surfaces cost everyone else (docs/design.md §9: cost grows no worse
 * than linearly with surfaces; §5: no client can stall the compositor).
 *
 *   hostile-scale-client idle N          creates N wl_surfaces (no role, no buffer, no commit),
 *                                        prints "ready ..." and holds them until killed
 *   hostile-scale-client create N        creates N wl_surfaces, each committed once (empty),
 *                                        and prints "create-ms X" once the compositor has
 *                                        processed them all
 *   hostile-scale-client mapped N        maps N xdg toplevels (one shared buffer), prints
 *                                        "ready ..." and holds them until killed
 *   hostile-scale-client commits K       maps a toplevel, then K times: commit + roundtrip;
 *                                        prints "commit-us median X p90 Y max Z" and the same
 *                                        for bare roundtrips
 *   hostile-scale-client disconnect N    a child process maps N xdg toplevels (one shared
 *                                        buffer) and holds them; this process connects too,
 *                                        maps one toplevel of its own and times 200 commits
 *                                        + roundtrips ("mapped-commit-us median X ...": a
 *                                        commit's cost beside N mapped toplevels), then
 *                                        SIGKILLs the child and runs roundtrips back to back:
 *                                        "stall-ms X" is the longest wait for an answer (from
 *                                        the kill to the first, or any one after), i.e. how
 *                                        long the compositor did nothing else while it tore
 *                                        the dead client's surfaces down
 *
 * Connecting retries for up to 30 s: the compositor's socket file appears a moment before it
 * accepts connections.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wayland-client.h>

#include "client-kit.h"

static struct kit kit;

static void connect_or_die(void)
{
	if (!kit_connect(&kit, 30000) || !kit.compositor || !kit.shm || !kit.wm_base) {
		if (kit.display)
			fprintf(stderr, "missing globals\n");
		else
			fprintf(stderr, "cannot connect: %s\n", strerror(errno));
		exit(1);
	}
}

/* Sends what is queued, waiting for the socket to drain. */
static void flush_or_die(void)
{
	if (!kit_flush(&kit, 60000)) {
		fprintf(stderr, "connection lost while sending (%s)\n", strerror(errno));
		exit(1);
	}
}

static void roundtrip_or_die(void)
{
	flush_or_die();
	if (wl_display_roundtrip(kit.display) < 0) {
		fprintf(stderr, "connection lost (error %d)\n", wl_display_get_error(kit.display));
		exit(1);
	}
}

/* Objects per batch before the socket is flushed: libwayland-client's buffer holds 4 KiB and
 * a full buffer that cannot be written at once is a fatal error, so a batch stays well below
 * (a toplevel takes about 80 bytes of requests, a plain surface 20). */
#define BATCH 100
#define TOPLEVEL_BATCH 20
/* weston answers each toplevel with configure events; libwayland-server disconnects a client
 * whose events it cannot write, so the client reads them every so many toplevels. */
#define READ_EVERY 200

/* ---- toplevels ---- */

/* Maps `n` toplevels sharing one 64x64 buffer; returns them (held until the process ends). */
static struct kit_toplevel *map_toplevels(int n)
{
	struct kit_toplevel *t = calloc((size_t)n, sizeof *t);
	struct wl_buffer *buf = kit_buffer(&kit, 64, 64, 0);
	if (!t || !buf)
		exit(1);
	for (int i = 0; i < n; i++) {
		kit_toplevel_init(&kit, &t[i], 64, 64);
		t[i].ack_later = true; /* acked below, with the buffer */
		wl_surface_commit(t[i].surface);
		if (i % TOPLEVEL_BATCH == TOPLEVEL_BATCH - 1)
			flush_or_die();
		if (i % READ_EVERY == READ_EVERY - 1)
			roundtrip_or_die();
	}
	roundtrip_or_die();
	for (int i = 0; i < n; i++) {
		if (!t[i].configured)
			roundtrip_or_die();
		xdg_surface_ack_configure(t[i].xs, t[i].serial);
		kit_commit_buffer(t[i].surface, buf, 64, 64);
		if (i % TOPLEVEL_BATCH == TOPLEVEL_BATCH - 1)
			flush_or_die();
		if (i % READ_EVERY == READ_EVERY - 1)
			roundtrip_or_die();
	}
	roundtrip_or_die();
	return t;
}

/* ---- statistics ---- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void print_stats(const char *label, uint64_t *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_u64);
	printf("%s median %llu p90 %llu max %llu\n", label, (unsigned long long)v[n / 2],
	       (unsigned long long)v[n * 9 / 10], (unsigned long long)v[n - 1]);
}

/* ---- modes ---- */

static int mode_idle(int n)
{
	connect_or_die();
	uint64_t t0 = kit_now_us();
	for (int i = 0; i < n; i++) {
		wl_compositor_create_surface(kit.compositor);
		if (i % BATCH == BATCH - 1)
			flush_or_die();
	}
	roundtrip_or_die();
	printf("ready: %d idle surfaces in %llu ms\n", n, (unsigned long long)(kit_now_us() - t0) / 1000);
	fflush(stdout);
	return kit_run(&kit);
}

static int mode_mapped(int n)
{
	connect_or_die();
	uint64_t t0 = kit_now_us();
	map_toplevels(n);
	printf("ready: %d toplevels mapped in %llu ms\n", n, (unsigned long long)(kit_now_us() - t0) / 1000);
	fflush(stdout);
	return kit_run(&kit);
}

static int mode_create(int n)
{
	connect_or_die();
	uint64_t t0 = kit_now_us();
	for (int i = 0; i < n; i++) {
		struct wl_surface *s = wl_compositor_create_surface(kit.compositor);
		wl_surface_commit(s);
		if (i % BATCH == BATCH - 1)
			flush_or_die();
	}
	roundtrip_or_die();
	printf("create-ms %.1f (%d surfaces, each committed once)\n", (double)(kit_now_us() - t0) / 1000.0, n);
	return 0;
}

/* k commits + roundtrips of one mapped toplevel of this connection, and k bare roundtrips */
static int time_commits(const char *commit_label, const char *roundtrip_label, int k)
{
	struct kit_toplevel *t = map_toplevels(1);
	uint64_t *c = calloc((size_t)k, sizeof *c), *r = calloc((size_t)k, sizeof *r);
	if (!c || !r)
		return 1;
	for (int i = 0; i < k; i++) {
		uint64_t t0 = kit_now_us();
		wl_surface_commit(t->surface);
		roundtrip_or_die();
		uint64_t t1 = kit_now_us();
		roundtrip_or_die();
		c[i] = t1 - t0;
		r[i] = kit_now_us() - t1;
	}
	print_stats(commit_label, c, k);
	print_stats(roundtrip_label, r, k);
	free(c);
	free(r);
	return 0;
}

static int mode_commits(int k)
{
	connect_or_die();
	return time_commits("commit-us", "roundtrip-us", k);
}

static int mode_disconnect(int n)
{
	int ready[2];
	if (pipe(ready) < 0)
		return 1;
	fflush(stdout);
	pid_t child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		close(ready[0]);
		connect_or_die();
		uint64_t t0 = kit_now_us();
		map_toplevels(n);
		char line[64];
		int len = snprintf(line, sizeof line, "%llu\n", (unsigned long long)(kit_now_us() - t0) / 1000);
		if (write(ready[1], line, (size_t)len) != len)
			_exit(1);
		for (;;)
			pause(); /* holds its toplevels until killed */
	}
	close(ready[1]);
	char line[64] = { 0 };
	ssize_t got = read(ready[0], line, sizeof line - 1);
	if (got <= 0) {
		fprintf(stderr, "the child did not map its toplevels\n");
		return 1;
	}
	printf("mapped %d toplevels in %s ms\n", n, strtok(line, "\n"));
	connect_or_die();
	for (int i = 0; i < 20; i++)
		roundtrip_or_die();
	if (time_commits("mapped-commit-us", "mapped-roundtrip-us", 200) != 0)
		return 1;

	/* The child dies with its connection open; weston tears its surfaces down when it sees
	 * the hang-up. Roundtrips back to back for 3 s, or longer if one waited over 1.5 s. */
	uint64_t kill_at = kit_now_us(), worst = 0, last_slow_end = kill_at, first = 0;
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	for (;;) {
		uint64_t t0 = kit_now_us();
		roundtrip_or_die();
		uint64_t t1 = kit_now_us();
		/* weston may start the teardown before the first roundtrip is sent: the time from
		 * the kill to the first answer counts as well */
		if (!first)
			first = t1 - kill_at;
		if (t1 - t0 > worst)
			worst = t1 - t0;
		if (t1 - t0 > 5000)
			last_slow_end = t1;
		/* long enough to see the teardown whole: 3 s, or twice the worst wait so far */
		if (t1 - kill_at > 3000000 && t1 - kill_at > 2 * worst)
			break;
		if (t1 - kill_at > 300u * 1000000u)
			break;
	}
	if (first > worst)
		worst = first;
	printf("stall-ms %.1f (the longer of: kill to the first answer, the longest roundtrip after; "
	       "the last roundtrip over 5 ms ended %.1f ms after the kill)\n",
	       (double)worst / 1000.0, (double)(last_slow_end - kill_at) / 1000.0);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 3) {
		fprintf(stderr, "usage: %s idle|mapped|create|commits|disconnect N\n", argv[0]);
		return 2;
	}
	int n = atoi(argv[2]);
	if (n <= 0) {
		fprintf(stderr, "N must be positive\n");
		return 2;
	}
	if (!strcmp(argv[1], "idle"))
		return mode_idle(n);
	if (!strcmp(argv[1], "mapped"))
		return mode_mapped(n);
	if (!strcmp(argv[1], "create"))
		return mode_create(n);
	if (!strcmp(argv[1], "commits"))
		return mode_commits(n);
	if (!strcmp(argv[1], "disconnect"))
		return mode_disconnect(n);
	fprintf(stderr, "unknown mode %s\n", argv[1]);
	return 2;
}
