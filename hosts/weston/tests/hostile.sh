#!/usr/bin/env bash
# Hostile clients against real weston 10 with bezel-weston.so while touches play: the shared
# hostile course (tests/hosts/hostile.sh, run_host_hostile), which every host runs.
#
# usage: hosts/weston/tests/hostile.sh [--rounds N] [--seed S] [--valgrind] [--release]
#   --rounds N: hostile rounds (default 56, 14 with --valgrind: each ending 8 times, or twice)
#   --valgrind: weston runs under valgrind memcheck (hosts/weston/tests/valgrind.sh); the run also
#     fails on any unsuppressed valgrind error, through weston's shutdown.
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
exec "$(dirname "$0")/run.sh" --hostile "$@"
