/*
 * The C tests' one check (the in-process tests and test-client.c): CHECK prints one "ok ..." or
 * "FAIL ..." line per check, which run.sh reads, and counts the failures; a test exits 0 only
 * when `failures` is still 0.
 */
#ifndef BEZEL_TEST_CHECK_H
#define BEZEL_TEST_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...) do { \
	if (cond) { printf("ok "); } else { printf("FAIL "); failures++; } \
	printf(__VA_ARGS__); printf("\n"); fflush(stdout); \
} while (0)

#endif
