#!/usr/bin/env bash
# R8 with a subsurface: a client whose window has a subsurface is killed right after a
# touch-down on that subsurface. The compositor must survive: `timeout 10 wayland-info` answers
# and the next client gets the next taps, every down matched by an up.
#
# Wayfire 0.7.4 itself crashes here, with or without Bezel's plugin: its touch code keeps a
# pointer to the touched subsurface's wf::surface_interface_t after Wayfire has deleted it, and
# the next focus change (the view's unmap) reads it (wf::touch_interface_t::set_touch_focus ->
# __dynamic_cast, from view_interface_t::emit_view_unmap). The plugin keeps Wayfire alive by
# taking the touch focus off a surface before Wayfire unmaps it (hosts/wayfire/src).
#
# Two uses:
#   sourced by a host runner that provides the tests/hosts/expectations.sh interface
#   (host_start, host_stop, HOST_PID, SOCK, DIR, TOUCH_CLIENT, start_client, wait_for, pass,
#   fail): defines host_play_subsurface_kill NAME and check_subsurface_kill, the course and
#   its check, for any host's table;
#   run: hosts/wayfire/tests/subsurface-kill.sh [--without-plugin]
#     the course on Wayfire with the plugin (and, with --without-plugin, also without it, to
#     show Wayfire's own bug: that run reports SKIP, never FAIL, when Wayfire crashes).
#   Ends with "N passed, N failed"; exit status 0 only if nothing failed.

# host_play_subsurface_kill NAME: the kill recording (finger 0 lands in the middle, on the
# subsurface, and moves for 2.5 s; then two taps); client c (with --subsurface) is killed at its
# first down; wayland-info runs at once under `timeout 10`; client d maps and gets the taps.
# KILL_CLIENT_ARGS: more arguments for both clients (--no-gesture-object where no Bezel runs).
host_play_subsurface_kill() {
	local name=$1
	if ! host_start "$name" kill realtime; then
		host_stop
		fail "$name: the compositor did not start (see $DIR)"
		return 1
	fi
	# shellcheck disable=SC2086 # a list of arguments
	start_client c "$TOUCH_CLIENT" --subsurface ${KILL_CLIENT_ARGS:-}
	if ! wait_for "$DIR/c.out" " ready" 1 20; then
		host_stop "$CPID_c"
		fail "$name: client not ready (see $DIR)"
		return 1
	fi
	kill -USR2 "$HOST_PID"
	wait_for "$DIR/c.out" " down id=0" 1 20 || echo "    $name: the client saw no down (see $DIR/c.out)"
	kill_process "client c" "$CPID_c"
	WAYLAND_DISPLAY=$SOCK timeout -k 2 10 wayland-info >"$DIR/wayland-info.out" 2>&1
	echo $? >"$DIR/wayland-info.status"
	if [ "$(cat "$DIR/wayland-info.status")" = 0 ]; then
		# shellcheck disable=SC2086 # a list of arguments
		start_client d "$TOUCH_CLIENT" ${KILL_CLIENT_ARGS:-}
		wait_for "$DIR/d.out" " ready" 1 20 &&
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
		host_stop "$CPID_d"
	else
		host_stop
	fi
	return 0
}

# check_subsurface_kill: the compositor answered wayland-info after the kill, the next client
# got the taps (each down matched by an up), and the log shows no crash.
check_subsurface_kill() {
	local d=$DIR/d.out
	[ "$(cat "$DIR/wayland-info.status" 2>/dev/null)" = 0 ] && [ "$(grep -c ' down id=0' "$d" 2>/dev/null)" -ge 1 ] &&
		[ "$(grep -c ' up id=0' "$d")" = "$(grep -c ' down id=0' "$d")" ] &&
		! grep -q -i "segfault\|signal 11\|assert\|fatal" "$DIR/host.log"
}

# The crash's stack from Wayfire's log (it prints its own backtrace on SIGSEGV).
crash_stack() {
	grep -A12 -i "signal 11\|segfault\|Fatal error" "$DIR/host.log" 2>/dev/null | grep -E "#|at |wf::|signal" | head -12 | sed 's/^/      /'
}

# ---- run directly: the course on Wayfire ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -u
	ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
	SCRATCH=${BEZEL_WAYFIRE_SCRATCH:-$ROOT/.build-wayfire}
	OUT=$SCRATCH/wayfire-tests
	. "$ROOT/tests/lib/host.sh"
	RUNNER_EXTRA_FLAGS=--without-plugin
	runner_args "$@"
	WITHOUT=${RUNNER_OPT[--without-plugin]:-}
	. "$ROOT/hosts/wayfire/tests/lib.sh"
	host_start() { start_wayfire "$@" || return 1; HOST_PID=$WF_PID; }
	host_stop() { stop_wayfire "$@"; }

	what="R8 a client with a subsurface killed right after a touch-down on it: Wayfire $WF_VERSION keeps running, answers wayland-info within 10 s, the next client gets the next taps"
	if host_play_subsurface_kill subsurface-kill; then
		if check_subsurface_kill; then pass "$what"; else fail "$what (see $DIR)"; crash_stack; fi
	fi
	if [ -n "$WITHOUT" ]; then
		if PLUGIN_LIST=bezel-test-rig KILL_CLIENT_ARGS=--no-gesture-object host_play_subsurface_kill subsurface-kill-without; then
			if check_subsurface_kill; then
				pass "without Bezel's plugin too, Wayfire $WF_VERSION survives the same kill"
			else
				echo "SKIP wayfire subsurface-kill without the plugin: Wayfire 0.7 bug (touch focus left on a deleted subsurface; set_touch_focus -> __dynamic_cast from emit_view_unmap); see $DIR/host.log"
				crash_stack
			fi
		fi
	fi
	finish
fi
