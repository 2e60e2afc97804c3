/* An LD_PRELOAD allocation counter for scripts/bench.sh: counts heap allocations from outside
 * the measured program and prints the total to stderr at exit.
 *
 * Why the __libc_* entry points too: a program may define its own malloc (the `bezel`
 * executable does, to count for itself). Symbol lookup finds the executable's definition first,
 * so a preloaded malloc would never be called. Its malloc forwards to glibc's __libc_malloc,
 * which this library also defines, so every allocation is seen exactly once: either through
 * malloc (programs that use glibc's) or through __libc_malloc (programs with their own).
 *
 * Build: cc -shared -fPIC -O2 -o alloc-counter.so alloc-counter.c -ldl
 * Use:   LD_PRELOAD=./alloc-counter.so program ...   (stderr: "alloc-counter: N allocations") */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t allocations;

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void *(*next_memalign)(size_t, size_t);
static void (*next_free)(void *);

/* dlsym itself may allocate before the pointers above are set: serve those few requests from a
 * static arena, and never hand arena memory to glibc's free. */
static _Alignas(16) char arena[8192];
static size_t arena_used;

static int in_arena(const void *p) {
	return (const char *)p >= arena && (const char *)p < arena + sizeof arena;
}

static void *arena_alloc(size_t size) {
	size_t start = (arena_used + 15) & ~(size_t)15;
	if (start + size > sizeof arena) return NULL;
	arena_used = start + size;
	return arena + start;
}

static void resolve(void) {
	static int resolving;
	if (next_malloc || resolving) return;
	resolving = 1;
	/* The __libc_* names are glibc's own allocator, whichever malloc the program defines. */
	next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "__libc_malloc");
	next_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "__libc_calloc");
	next_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "__libc_realloc");
	next_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "__libc_memalign");
	next_free = (void (*)(void *))dlsym(RTLD_NEXT, "__libc_free");
	resolving = 0;
}

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *__libc_malloc(size_t size) {
	resolve();
	if (!next_malloc) return arena_alloc(size);
	count();
	return next_malloc(size);
}

void *__libc_calloc(size_t n, size_t size) {
	resolve();
	if (!next_calloc) return arena_alloc(n * size); /* the arena is zeroed static memory */
	count();
	return next_calloc(n, size);
}

void *__libc_realloc(void *p, size_t size) {
	resolve();
	if (in_arena(p)) {
		void *q = __libc_malloc(size);
		if (q) memcpy(q, p, size); /* arena blocks are never resized; copy what fits */
		return q;
	}
	count();
	return next_realloc(p, size);
}

void *__libc_memalign(size_t alignment, size_t size) {
	resolve();
	count();
	return next_memalign(alignment, size);
}

void __libc_free(void *p) {
	if (!p || in_arena(p)) return;
	resolve();
	next_free(p);
}

/* The public names, for programs that use glibc's malloc. */
void *malloc(size_t size) { return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
	void *p = __libc_memalign(alignment, size);
	if (!p && size) return 12; /* ENOMEM */
	*out = p;
	return 0;
}

__attribute__((destructor)) static void report(void) {
	fprintf(stderr, "alloc-counter: %llu allocations\n", (unsigned long long)allocations);
}
