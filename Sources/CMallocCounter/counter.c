/* Counts heap allocations by interposing glibc's allocator entry points in the `bezel`
 * executable. Each wrapper bumps a counter and forwards to glibc's own implementation
 * (__libc_*), so behaviour is unchanged. The linker exports these definitions because the Swift
 * runtime's shared libraries reference malloc, so their allocations are counted too. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include "malloc_counter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t allocation_count;

static inline void count_one(void) { __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED); }

uint64_t bezel_malloc_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count_one(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count_one(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count_one(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}
