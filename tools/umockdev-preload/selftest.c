/*
 * selftest: what bezel-umockdev-preload promises, checked on a real pty (the kind of file
 * umockdev backs an emulated node with), without umockdev:
 *   - a non-blocking read never waits: part of an event is kept, EAGAIN is returned, and the
 *     next read hands out the whole event, bytes intact;
 *   - a blocking read that gets part of an event waits for the rest at most about 1 s;
 *   - the first empty read writes the handshake event (BEZEL_UMOCKDEV_HANDSHAKE=1);
 *   - after fclose, dup2, dup3, close_range, or a close the shim never saw, a pipe that reuses
 *     the number is read and stat'ed as the pipe it is.
 * Run: LD_PRELOAD=bezel-umockdev-preload.so UMOCKDEV_DIR=/tmp BEZEL_UMOCKDEV_HANDSHAKE=1 selftest
 * Prints one "ok" line per check, "FAIL" lines otherwise; exit status 0 when all hold.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define EV sizeof(struct input_event)

static int failures;

static void check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok" : "FAIL", what);
	if (!ok)
		failures++;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The pty's follower side, raw, opened by path (so the shim tags it). */
static int open_follower(int leader, int flags)
{
	char *name = ptsname(leader);
	int fd = name ? open(name, O_RDWR | O_NOCTTY | flags) : -1;
	struct termios t;
	if (fd >= 0 && tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	return fd;
}

/* A pipe whose read end takes the number `want` (the lowest free one), with 5 bytes in it;
 * true when the shim treats that number as the pipe: a plain 5-byte read, a FIFO in fstat. */
static int pipe_reads_plainly(int want, const char *how)
{
	int p[2];
	char buf[EV * 4];
	struct stat st;
	if (pipe(p) != 0 || p[0] != want) {
		printf("FAIL %s: the pipe did not take fd %d (got %d)\n", how, want, p[0]);
		failures++;
		return 0;
	}
	if (write(p[1], "12345", 5) != 5)
		return 0;
	ssize_t r = read(p[0], buf, sizeof buf);
	int ok = r == 5 && fstat(p[0], &st) == 0 && S_ISFIFO(st.st_mode);
	close(p[0]);
	close(p[1]);
	return ok;
}

static void make_events(unsigned char *out, int n)
{
	for (int i = 0; i < n * (int)EV; i++)
		out[i] = (unsigned char)(i * 7 + 3);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	unsetenv("BEZEL_UMOCKDEV_HANDSHAKE");
	int leader = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK);
	if (leader < 0 || grantpt(leader) != 0 || unlockpt(leader) != 0) {
		perror("ptmx");
		return 1;
	}
	setenv("BEZEL_UMOCKDEV_HANDSHAKE", "1", 1);
	int fd = open_follower(leader, O_NONBLOCK);
	unsigned char ev[EV * 2], buf[EV * 64], hs[EV + 1];
	make_events(ev, 2);

	/* the first empty read: EAGAIN, and the handshake goes to the writer's side */
	errno = 0;
	ssize_t r = read(fd, buf, sizeof buf);
	check(r < 0 && errno == EAGAIN, "an empty non-blocking read returns EAGAIN");
	struct input_event h;
	ssize_t hr = -1;
	for (long long end = now_ms() + 2000; hr < 0 && now_ms() < end;)
		hr = read(leader, hs, sizeof hs); /* 25 bytes asked: not a whole-event read */
	memcpy(&h, hs, sizeof h);
	check(hr == (ssize_t)EV && h.type == EV_SYN && h.code == 0x0f && h.value == 0x62657a6c,
	      "the first empty read writes the handshake event");

	/* one event and a third of the next: the whole one now, EAGAIN, then the rest */
	if (write(leader, ev, EV + 8) != (ssize_t)(EV + 8))
		return 1;
	long long t0 = now_ms();
	ssize_t got = -1;
	while (got < 0 && now_ms() - t0 < 2000)
		got = read(fd, buf, sizeof buf);
	check(got == (ssize_t)EV && memcmp(buf, ev, EV) == 0, "a read with part of a second event returns the whole first one");
	errno = 0;
	t0 = now_ms();
	r = read(fd, buf, sizeof buf);
	check(r < 0 && errno == EAGAIN && now_ms() - t0 < 100, "the partial event alone: EAGAIN at once, no wait");
	if (write(leader, ev + EV + 8, EV - 8) != (ssize_t)(EV - 8))
		return 1;
	got = -1;
	for (t0 = now_ms(); got < 0 && now_ms() - t0 < 2000;)
		got = read(fd, buf, sizeof buf);
	check(got == (ssize_t)EV && memcmp(buf, ev + EV, EV) == 0, "the next read completes the kept event, bytes intact");

	/* a blocking fd with part of an event and no rest: bounded, then the plain bytes */
	int bfd = open_follower(leader, 0);
	if (write(leader, ev, 10) != 10)
		return 1;
	t0 = now_ms();
	r = read(bfd, buf, sizeof buf);
	long long waited = now_ms() - t0;
	check(r == 10 && waited < 3000, "a blocking read with a partial event and no rest returns within the bound");
	printf("   (it waited %lld ms)\n", waited);
	close(bfd);

	/* a stream written in odd-sized pieces arrives whole and in order, event by event */
	int sfd = open_follower(leader, O_NONBLOCK);
	const int n_events = 20000;
	fflush(stdout);
	pid_t writer = fork();
	if (writer == 0) {
		unsigned char one[EV];
		unsigned seed = 7;
		int fl = fcntl(leader, F_GETFL);
		fcntl(leader, F_SETFL, fl & ~O_NONBLOCK);
		static unsigned char all[20000 * EV];
		for (int i = 0; i < n_events; i++) {
			struct input_event e;
			memset(&e, 0, sizeof e);
			e.type = EV_ABS;
			e.code = ABS_MT_POSITION_X;
			e.value = i;
			memcpy(one, &e, EV);
			memcpy(all + (size_t)i * EV, one, EV);
		}
		for (size_t off = 0; off < sizeof all;) {
			seed = seed * 1103515245u + 12345u;
			size_t piece = 1 + (seed >> 16) % 97;
			if (piece > sizeof all - off)
				piece = sizeof all - off;
			ssize_t w = write(leader, all + off, piece);
			if (w <= 0)
				_exit(1);
			off += (size_t)w;
		}
		_exit(0);
	}
	int next_value = 0, bad = 0;
	unsigned seed = 3;
	for (long long end = now_ms() + 20000; next_value < n_events && !bad && now_ms() < end;) {
		struct pollfd pfd = { sfd, POLLIN, 0 };
		poll(&pfd, 1, 100);
		seed = seed * 1103515245u + 12345u;
		size_t want = EV * (1 + (seed >> 16) % 64);
		ssize_t got_n = read(sfd, buf, want > sizeof buf ? sizeof buf : want);
		if (got_n < 0 && errno == EAGAIN)
			continue;
		if (got_n <= 0 || got_n % (ssize_t)EV != 0) {
			bad = 1;
			break;
		}
		for (ssize_t off = 0; off < got_n; off += (ssize_t)EV) {
			struct input_event e;
			memcpy(&e, buf + off, sizeof e);
			if (e.type != EV_ABS || e.value != next_value++)
				bad = 1;
		}
	}
	waitpid(writer, NULL, 0);
	check(!bad && next_value == n_events, "20,000 events written in pieces of 1 to 97 bytes are read whole, in order, none lost");
	if (bad || next_value != n_events)
		printf("   (stopped at event %d)\n", next_value);
	close(sfd);

	/* untagging: each way the number can come to name another file */
	int n = fd;
	FILE *f = fdopen(fd, "r");
	fclose(f);
	check(pipe_reads_plainly(n, "fclose"), "after fclose, a pipe on the same number is a pipe");

	fd = open_follower(leader, O_NONBLOCK);
	int p[2];
	if (pipe(p) != 0)
		return 1;
	dup2(p[0], fd);
	if (write(p[1], "12345", 5) != 5)
		return 1;
	struct stat st;
	r = read(fd, buf, sizeof buf);
	check(r == 5 && fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode), "after dup2 onto the number, it reads and stats as the pipe");
	close(fd);
	close(p[0]);
	close(p[1]);

	fd = open_follower(leader, O_NONBLOCK);
	if (pipe(p) != 0)
		return 1;
	dup3(p[0], fd, O_CLOEXEC);
	if (write(p[1], "12345", 5) != 5)
		return 1;
	r = read(fd, buf, sizeof buf);
	check(r == 5 && fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode), "after dup3 onto the number, it reads and stats as the pipe");
	close(fd);
	close(p[0]);
	close(p[1]);

	fd = open_follower(leader, O_NONBLOCK);
	n = fd;
	close_range((unsigned)fd, (unsigned)fd, 0);
	check(pipe_reads_plainly(n, "close_range"), "after close_range, a pipe on the same number is a pipe");

	fd = open_follower(leader, O_NONBLOCK);
	n = fd;
	syscall(SYS_close, fd); /* a close the shim never sees */
	check(pipe_reads_plainly(n, "raw close"), "after a close the shim never saw, a pipe on the same number is a pipe");

	printf("%d failed\n", failures);
	return failures ? 1 : 0;
}
