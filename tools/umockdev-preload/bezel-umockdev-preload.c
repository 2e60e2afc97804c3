/*
 * bezel-umockdev-preload: the two things umockdev lacks for libinput's path backend
 * (docs/design.md §7). Load it BEFORE umockdev's own preload:
 *
 *   umockdev-run ... -- env LD_PRELOAD=/path/bezel-umockdev-preload.so:$LD_PRELOAD prog
 *
 * 1. udev_device_get_is_initialized() returns 1. umockdev has no udev database
 *    (/run/udev/data), so libinput would wait for a device that never gets initialized.
 * 2. fstat() on an fd opened from an emulated /dev node reports a character device with
 *    the node's major:minor. umockdev backs the node with a pty, whose st_rdev is the
 *    pty's; libinput compares it with the udev device's devnum and rejects the device.
 *
 * 3. With $BEZEL_UMOCKDEV_HANDSHAKE=1, the first read() of such an fd that finds it empty
 *    (EAGAIN: libinput has opened the device and drained what was pending) writes one
 *    handshake event to it. The umockdev script made by `bezel-input-probe umockdev` starts
 *    with a `w` line that waits for exactly these bytes before it delivers the recording, so
 *    no event is lost to libinput's drain and no sleep or timing lead is needed.
 *
 * 4. A read() of such an fd never ends inside a struct input_event. A pty is a byte stream and,
 *    under CPU load, can hand out part of an event; libevdev then fails the read with EINVAL
 *    and libinput silently stops reading the device. When the caller asked for whole events
 *    and got a partial one, the shim waits (poll, at most 5 s) for the rest of it, which the
 *    writer is already sending.
 *
 * Only fds opened from a path under /dev/ while $UMOCKDEV_DIR is set are touched, and only
 * when stat() of that path (answered by umockdev) says it is a character device.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_TRACKED_FDS 4096

/* rdev of the emulated node an fd was opened from; 0 = not an emulated node. */
static dev_t tracked_rdev[MAX_TRACKED_FDS];
/* 1 once the handshake was written to the fd (or is not wanted). */
static unsigned char handshake_done[MAX_TRACKED_FDS];

static void *next_symbol(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

static void remember(int fd, const char *path)
{
    if (fd < 0 || fd >= MAX_TRACKED_FDS)
        return;
    tracked_rdev[fd] = 0;
    handshake_done[fd] = 1;
    if (path == NULL || strncmp(path, "/dev/", 5) != 0 || getenv("UMOCKDEV_DIR") == NULL)
        return;
    struct stat st;
    /* stat() by path goes to umockdev's wrapper, which knows the emulated major:minor. */
    if (stat(path, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev != 0) {
        tracked_rdev[fd] = st.st_rdev;
        const char *handshake = getenv("BEZEL_UMOCKDEV_HANDSHAKE");
        handshake_done[fd] = !(handshake != NULL && strcmp(handshake, "1") == 0);
    }
}

/* Must match UmockdevFiles.handshake in Sources/BezelInputProbe: EV_SYN, code 0x0f, 'bezl'. */
static void maybe_handshake(int fd, ssize_t result, int saved_errno)
{
    if (result >= 0 || saved_errno != EAGAIN || fd < 0 || fd >= MAX_TRACKED_FDS ||
        tracked_rdev[fd] == 0 || handshake_done[fd])
        return;
    handshake_done[fd] = 1;
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = EV_SYN;
    ev.code = 0x0f;
    ev.value = 0x62657a6c;
    static ssize_t (*next_write)(int, const void *, size_t);
    if (next_write == NULL)
        next_write = (ssize_t (*)(int, const void *, size_t))next_symbol("write");
    if (next_write(fd, &ev, sizeof ev) != (ssize_t)sizeof ev)
        handshake_done[fd] = 0; /* try again at the next empty read */
    errno = saved_errno;
}

/* Reads the rest of a partially read event; returns the new byte count (whole events only,
 * unless the rest never comes, in which case the partial count is returned as it was). */
static ssize_t complete_event(int fd, void *buf, ssize_t have, ssize_t (*next)(int, void *, size_t))
{
    size_t size = sizeof(struct input_event);
    size_t missing = size - (size_t)have % size;
    char *p = (char *)buf + have;
    int waited_ms = 0;
    while (missing > 0 && waited_ms < 5000) {
        ssize_t n = next(fd, p, missing);
        if (n > 0) {
            p += n;
            have += n;
            missing -= (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            break;
        struct pollfd pfd = { fd, POLLIN, 0 };
        poll(&pfd, 1, 100);
        waited_ms += 100;
    }
    errno = 0;
    return have;
}

ssize_t read(int fd, void *buf, size_t count)
{
    static ssize_t (*next)(int, void *, size_t);
    if (next == NULL)
        next = (ssize_t (*)(int, void *, size_t))next_symbol("read");
    ssize_t r = next(fd, buf, count);
    maybe_handshake(fd, r, errno);
    if (r > 0 && fd >= 0 && fd < MAX_TRACKED_FDS && tracked_rdev[fd] != 0 &&
        count % sizeof(struct input_event) == 0 && r % (ssize_t)sizeof(struct input_event) != 0)
        r = complete_event(fd, buf, r, next);
    return r;
}

/* Works for struct stat and struct stat64 alike (same field names). */
#define PATCH(fd, result, st)                                                           \
    do {                                                                              \
        if ((result) == 0 && (fd) >= 0 && (fd) < MAX_TRACKED_FDS &&  \
            tracked_rdev[(fd)] != 0) {                                                \
            (st)->st_mode = ((st)->st_mode & ~S_IFMT) | S_IFCHR;                      \
            (st)->st_rdev = tracked_rdev[(fd)];                                       \
        }                                                                             \
    } while (0)

int udev_device_get_is_initialized(void *device)
{
    (void)device;
    return 1;
}

static mode_t mode_argument(int flags, va_list ap)
{
    /* The mode is only passed when the call may create a file. */
    if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
        return (mode_t)va_arg(ap, int);
    return 0;
}

#define WRAP_OPEN(fname)                                                              \
    int fname(const char *path, int flags, ...)                                       \
    {                                                                                 \
        static int (*next)(const char *, int, ...);                                   \
        va_list ap;                                                                   \
        va_start(ap, flags);                                                          \
        mode_t mode = mode_argument(flags, ap);                                       \
        va_end(ap);                                                                   \
        if (next == NULL)                                                             \
            next = (int (*)(const char *, int, ...))next_symbol(#fname);              \
        int fd = next(path, flags, mode);                                             \
        remember(fd, path);                                                           \
        return fd;                                                                    \
    }

#define WRAP_OPENAT(fname)                                                            \
    int fname(int dirfd, const char *path, int flags, ...)                            \
    {                                                                                 \
        static int (*next)(int, const char *, int, ...);                              \
        va_list ap;                                                                   \
        va_start(ap, flags);                                                          \
        mode_t mode = mode_argument(flags, ap);                                       \
        va_end(ap);                                                                   \
        if (next == NULL)                                                             \
            next = (int (*)(int, const char *, int, ...))next_symbol(#fname);         \
        int fd = next(dirfd, path, flags, mode);                                      \
        remember(fd, path);                                                           \
        return fd;                                                                    \
    }

WRAP_OPEN(open)
WRAP_OPEN(open64)
WRAP_OPENAT(openat)
WRAP_OPENAT(openat64)

int close(int fd)
{
    static int (*next)(int);
    if (next == NULL)
        next = (int (*)(int))next_symbol("close");
    if (fd >= 0 && fd < MAX_TRACKED_FDS) {
        tracked_rdev[fd] = 0;
        handshake_done[fd] = 1;
    }
    return next(fd);
}

int fstat(int fd, struct stat *st)
{
    static int (*next)(int, struct stat *);
    if (next == NULL)
        next = (int (*)(int, struct stat *))next_symbol("fstat");
    int r = next(fd, st);
    PATCH(fd, r, st);
    return r;
}

int fstat64(int fd, struct stat64 *st)
{
    static int (*next)(int, struct stat64 *);
    if (next == NULL)
        next = (int (*)(int, struct stat64 *))next_symbol("fstat64");
    int r = next(fd, st);
    PATCH(fd, r, st);
    return r;
}

/* Binaries built against glibc < 2.33 call these instead of fstat. */
int __fxstat(int ver, int fd, struct stat *st)
{
    static int (*next)(int, int, struct stat *);
    if (next == NULL)
        next = (int (*)(int, int, struct stat *))next_symbol("__fxstat");
    if (next == NULL)
        return -1;
    int r = next(ver, fd, st);
    PATCH(fd, r, st);
    return r;
}

int __fxstat64(int ver, int fd, struct stat64 *st)
{
    static int (*next)(int, int, struct stat64 *);
    if (next == NULL)
        next = (int (*)(int, int, struct stat64 *))next_symbol("__fxstat64");
    if (next == NULL)
        return -1;
    int r = next(ver, fd, st);
    PATCH(fd, r, st);
    return r;
}
