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
 * 4. A read() of such an fd never ends inside a struct input_event, and never waits for the
 *    rest of one. A pty is a byte stream and, under CPU load, can hand out part of an event;
 *    libevdev would fail that read with EINVAL and libinput would stop reading the device. The
 *    shim keeps the partial event's bytes and hands them out in front of the next read, which
 *    completes it: a non-blocking fd (libinput's) gets EAGAIN meanwhile, as an evdev node with
 *    nothing whole to read would answer, and is readable again when the rest arrives. A
 *    blocking fd waits for the rest at most 1 s (on the clock), then gets what it has.
 *
 * 5. A tag (emulated node, kept bytes) belongs to the open file, not to the number: it is
 *    dropped by close(), fclose(), dup2()/dup3() onto the number and close_range(), and each
 *    use checks that the number still names the same file (device and inode, asked of the
 *    kernel directly), so a pipe or socket that reuses the number is never taken for the
 *    touchscreen.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define MAX_TRACKED_FDS 4096
#define EVENT_SIZE sizeof(struct input_event)
/* How long a blocking read waits for the rest of an event it got part of. */
#define BLOCKING_REST_MS 1000

struct tag {
    dev_t rdev;                        /* emulated node's major:minor; 0 = not tracked */
    unsigned long long dev, ino;       /* the real file behind the number when it was tagged */
    unsigned char handshake_done;      /* 1 once the handshake was written (or not wanted) */
    unsigned char kept;                /* bytes of a partial event kept for the next read */
    unsigned char bytes[EVENT_SIZE];
};
static struct tag tags[MAX_TRACKED_FDS];

static void *next_symbol(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

/* The file behind fd as the kernel sees it, past every preload's fstat wrapper. */
static int real_identity(int fd, unsigned long long *dev, unsigned long long *ino)
{
#ifdef SYS_statx
    struct statx stx;
    if (syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_INO, &stx) != 0)
        return -1;
    *dev = ((unsigned long long)stx.stx_dev_major << 32) | stx.stx_dev_minor;
    *ino = stx.stx_ino;
    return 0;
#else
    (void)fd; (void)dev; (void)ino;
    return -1;
#endif
}

static void forget(int fd)
{
    if (fd >= 0 && fd < MAX_TRACKED_FDS)
        memset(&tags[fd], 0, sizeof tags[fd]);
}

/* The tag of fd, if fd still names the file it was given to; otherwise forgets it. */
static struct tag *tag_of(int fd)
{
    if (fd < 0 || fd >= MAX_TRACKED_FDS || tags[fd].rdev == 0)
        return NULL;
    int saved = errno;
    unsigned long long dev, ino;
    int same = real_identity(fd, &dev, &ino) == 0 && dev == tags[fd].dev && ino == tags[fd].ino;
    errno = saved;
    if (!same) {
        forget(fd);
        return NULL;
    }
    return &tags[fd];
}

static void remember(int fd, const char *path)
{
    if (fd < 0 || fd >= MAX_TRACKED_FDS)
        return;
    forget(fd);
    if (path == NULL || strncmp(path, "/dev/", 5) != 0 || getenv("UMOCKDEV_DIR") == NULL)
        return;
    int saved = errno;
    struct stat st;
    unsigned long long dev, ino;
    /* stat() by path goes to umockdev's wrapper, which knows the emulated major:minor. */
    if (stat(path, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev != 0 &&
        real_identity(fd, &dev, &ino) == 0) {
        tags[fd].rdev = st.st_rdev;
        tags[fd].dev = dev;
        tags[fd].ino = ino;
        const char *handshake = getenv("BEZEL_UMOCKDEV_HANDSHAKE");
        tags[fd].handshake_done = !(handshake != NULL && strcmp(handshake, "1") == 0);
    }
    errno = saved;
}

/* Must match UmockdevFiles.handshake in Sources/BezelInputProbe: EV_SYN, code 0x0f, 'bezl'. */
static void maybe_handshake(int fd, struct tag *t)
{
    if (t->handshake_done)
        return;
    t->handshake_done = 1;
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = EV_SYN;
    ev.code = 0x0f;
    ev.value = 0x62657a6c;
    static ssize_t (*next_write)(int, const void *, size_t);
    if (next_write == NULL)
        next_write = (ssize_t (*)(int, const void *, size_t))next_symbol("write");
    if (next_write(fd, &ev, sizeof ev) != (ssize_t)sizeof ev)
        t->handshake_done = 0; /* try again at the next empty read */
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A read of whole events from a tagged fd: kept bytes first, then the fd; whole events out,
 * the rest kept. Never waits on a non-blocking fd; a blocking one waits for the rest of an
 * event at most BLOCKING_REST_MS. */
static ssize_t read_events(int fd, struct tag *t, char *buf, size_t count, ssize_t (*next)(int, void *, size_t))
{
    size_t have = t->kept;
    memcpy(buf, t->bytes, have);
    t->kept = 0;
    ssize_t r = next(fd, buf + have, count - have);
    int err = errno;
    /* An error other than "nothing yet", or the end of the file, drops what was kept. */
    if (r < 0 && (have == 0 || (err != EAGAIN && err != EINTR))) {
        if (err == EAGAIN)
            maybe_handshake(fd, t);
        errno = err;
        return -1;
    }
    if (r == 0)
        return 0;
    if (r > 0)
        have += (size_t)r;
    int blocking = !(fcntl(fd, F_GETFL) & O_NONBLOCK);
    long long deadline = now_ms() + BLOCKING_REST_MS;
    while (blocking && r > 0 && have % EVENT_SIZE != 0 && have < count) {
        long long left = deadline - now_ms();
        struct pollfd pfd = { fd, POLLIN, 0 };
        if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
            break;
        r = next(fd, buf + have, EVENT_SIZE - have % EVENT_SIZE);
        if (r > 0)
            have += (size_t)r;
    }
    if (blocking && have % EVENT_SIZE != 0 && have < EVENT_SIZE) {
        errno = 0;
        return (ssize_t)have; /* the rest never came: what a plain read would have returned */
    }
    size_t whole = have - have % EVENT_SIZE;
    t->kept = (unsigned char)(have - whole);
    memcpy(t->bytes, buf + whole, t->kept);
    if (whole == 0) {
        errno = EAGAIN; /* nothing whole yet: the rest will make the fd readable again */
        return -1;
    }
    errno = 0;
    return (ssize_t)whole;
}

ssize_t read(int fd, void *buf, size_t count)
{
    static ssize_t (*next)(int, void *, size_t);
    if (next == NULL)
        next = (ssize_t (*)(int, void *, size_t))next_symbol("read");
    struct tag *t = tag_of(fd);
    if (t == NULL)
        return next(fd, buf, count);
    if (count == 0 || count % EVENT_SIZE != 0) {
        ssize_t r = next(fd, buf, count);
        if (r < 0 && errno == EAGAIN) {
            int err = errno;
            maybe_handshake(fd, t);
            errno = err;
        }
        return r;
    }
    return read_events(fd, t, buf, count, next);
}

/* Works for struct stat and struct stat64 alike (same field names). */
#define PATCH(fd, result, st)                                                           \
    do {                                                                              \
        struct tag *t_ = (result) == 0 ? tag_of(fd) : NULL;                           \
        if (t_ != NULL) {                                                             \
            (st)->st_mode = ((st)->st_mode & ~S_IFMT) | S_IFCHR;                      \
            (st)->st_rdev = t_->rdev;                                                 \
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

/* What fortified callers (_FORTIFY_SOURCE) call instead of open(). */
#define WRAP_OPEN_2(fname)                                                            \
    int fname(const char *path, int flags)                                            \
    {                                                                                 \
        static int (*next)(const char *, int);                                        \
        if (next == NULL)                                                             \
            next = (int (*)(const char *, int))next_symbol(#fname);                   \
        int fd = next(path, flags);                                                   \
        remember(fd, path);                                                           \
        return fd;                                                                    \
    }

WRAP_OPEN(open)
WRAP_OPEN(open64)
WRAP_OPEN_2(__open_2)
WRAP_OPEN_2(__open64_2)
WRAP_OPENAT(openat)
WRAP_OPENAT(openat64)

int close(int fd)
{
    static int (*next)(int);
    if (next == NULL)
        next = (int (*)(int))next_symbol("close");
    forget(fd);
    return next(fd);
}

/* fclose closes its fd inside the C library, past the close() above. Its stream is never NULL
 * (glibc declares it nonnull, and fclose(NULL) has no meaning to pass on). */
int fclose(FILE *stream)
{
    static int (*next)(FILE *);
    if (next == NULL)
        next = (int (*)(FILE *))next_symbol("fclose");
    forget(fileno(stream));
    return next(stream);
}

int dup2(int oldfd, int newfd)
{
    static int (*next)(int, int);
    if (next == NULL)
        next = (int (*)(int, int))next_symbol("dup2");
    int r = next(oldfd, newfd);
    if (r >= 0 && oldfd != newfd)
        forget(newfd);
    return r;
}

int dup3(int oldfd, int newfd, int flags)
{
    static int (*next)(int, int, int);
    if (next == NULL)
        next = (int (*)(int, int, int))next_symbol("dup3");
    int r = next(oldfd, newfd, flags);
    if (r >= 0)
        forget(newfd);
    return r;
}

int close_range(unsigned int first, unsigned int last, int flags)
{
    static int (*next)(unsigned int, unsigned int, int);
    if (next == NULL)
        next = (int (*)(unsigned int, unsigned int, int))next_symbol("close_range");
    if (next == NULL) {
        errno = ENOSYS;
        return -1;
    }
    int r = next(first, last, flags);
    /* CLOSE_RANGE_CLOEXEC (4) only marks them; the identity check covers the exec. */
    if (r == 0 && !(flags & 4))
        for (unsigned int fd = first; fd <= last && fd < MAX_TRACKED_FDS; fd++)
            forget((int)fd);
    return r;
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
