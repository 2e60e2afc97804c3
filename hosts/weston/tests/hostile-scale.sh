#!/usr/bin/env bash
# Hostile scale against real weston 10 with bezel-weston.so: the scale part of the shared hostile
# course (tests/hosts/hostile.sh, run_host_scale), which every host runs: another client's commit
# and tap latency with idle attacker surfaces, creating surfaces, mapping toplevels, a commit
# beside them, and the stall when their client is killed, with and without the module.
#
# usage: hosts/weston/tests/hostile-scale.sh [--debug] [--idle N] [--create N] [--toplevels N]
#   default: the plugin built optimised (--release of run.sh), IDLE 50000, CREATE 25000,
#   TOPLEVELS 10000. --debug: the debug build (figures then say little about the product).
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
config=(--release)
args=()
for a in "$@"; do
	if [ "$a" = --debug ]; then config=(); else args+=("$a"); fi
done
exec "$(dirname "$0")/run.sh" --scale "${config[@]}" "${args[@]}"
