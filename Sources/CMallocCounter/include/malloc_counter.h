#ifndef BEZEL_MALLOC_COUNTER_H
#define BEZEL_MALLOC_COUNTER_H
#include <stdint.h>

/* Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
 * made by this process since it started. Used by `bezel bench` to show that the touch hot path
 * allocates nothing in steady state. */
uint64_t bezel_malloc_count(void);

#endif
