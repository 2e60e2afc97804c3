#!/usr/bin/env bash
# Integration tests of libbezel-wayfire.so: the real Wayfire 0.7 (Debian's `wayfire`) on the
# wlroots headless backend with the plugin loaded from its [core] plugins line, touches from
# real libinput reading an umockdev-emulated touchscreen (tools/umockdev-preload), fed to a
# headless touch device by the test rig plugin (hosts/wayfire/tests/rig), real Wayland clients.
#
# The plugin is the one meson-shim installs (tests/lib/product.sh).
# Test equipment (never part of the product): hosts/wayfire/rig/preload (lets Wayfire start with no
# DRM node, as root, on the pixman renderer) and hosts/wayfire/tests/rig (the touchscreen).
#
# Each case writes a touch recording (tests/hosts/gen-touch.py), starts Wayfire under
# umockdev-run with the device opening on SIGUSR2, starts the client(s), waits for their
# "ready" line, sends SIGUSR2, waits until the event log has seen every contact lift, stops
# Wayfire and checks what each party saw (tests/hosts/expectations.sh: the table every host
# runs). Moments are awaited by polling files with a timeout; no fixed sleeps.
#
# Where Wayfire cannot run (not installed, refuses to start), the test says why and counts a
# FAILURE: a host that cannot be tested has not passed.
#
# usage: hosts/wayfire/tests/run.sh [--release] [CASE...]   (tests/lib/args.sh; --only CASE too)
#        hosts/wayfire/tests/run.sh --hostile [--rounds N] [--seed S]
#        hosts/wayfire/tests/run.sh --release --scale [--idle N] [--create N] [--toplevels N]
#        hosts/wayfire/tests/run.sh --latency N
#   CASE: start, tap swipe late defer drag kill kill-sub multi multi-defer multi-policy (the
#   table), frame, config, wayfire-edge, unload
#   --hostile / --scale: the shared hostile course (tests/hosts/hostile.sh) instead: ROUNDS
#   hostile rounds (default 56), or its scale part (IDLE 50000 idle surfaces, CREATE 25000,
#   TOPLEVELS 10000; "without Bezel" is Wayfire without the plugin)
#   --latency N: only the latency of N taps in the middle, libinput to the client's wl_touch
#   event, Wayfire without the plugin then with it (tests/hosts/latency.sh), the
#   product built in release
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: wayfire wayfire-dev libglm-dev (wayfire.pc needs glm.pc), libwlroots-dev,
# libwayland-dev, wayland-protocols, libinput-dev, libudev-dev, libpixman-1-dev, umockdev,
# libumockdev-dev, python3, gcc, g++, wayland-utils.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
. "$ROOT/tests/lib/host.sh"
runner_folders wayfire
runner_args "$@"
# The latency is the product's as it ships: the release build, as on the patched hosts.
[ "$LATENCY" -gt 0 ] && CONFIG=release
. "$ROOT/hosts/wayfire/tests/lib.sh"

. "$ROOT/tests/hosts/expectations.sh"

# The host side of tests/hosts/expectations.sh for Wayfire (TOUCH_CLIENT and DEFER_CLIENT are
# built by lib.sh through tests/lib/host.sh). WINDOWED=1 needs nothing: Wayfire leaves a
# toplevel that does not ask for full screen a window.
host_play() {
	local transform=${HOST_TRANSFORM:-} rig=
	# Wayfire spells the flipped turns 90_flipped, ...; the rig turns the output at run time.
	case $transform in flipped-*) transform=${transform#flipped-}_flipped ;; esac
	[ -n "${HOST_ROTATE:-}" ] &&
		rig="rotate-to = ${HOST_ROTATE%@*}"$'\n'"rotate-after-motions = ${HOST_ROTATE#*@}"
	# The unplug row: the rig adds a second output and destroys the first after N motions.
	[ -n "${HOST_UNPLUG:-}" ] && rig="${rig:+$rig$'\n'}unplug-after-motions = $HOST_UNPLUG"
	OUTPUT_TRANSFORM=$transform RIG_INI=$rig play "$@"
}
# Wayfire turns its headless output from [output:HEADLESS-1] transform, and the rig turns it at
# run time through Wayfire's output configuration.
host_rotation() { :; }
# The rig adds a second headless output and destroys the touchscreen's (wlr_output_destroy).
host_unplug() { :; }
# VARIANT "without" (run_host_latency): Wayfire with the test rig alone.
host_start() {
	local plugins=${PLUGIN_LIST:-}
	[ "${VARIANT:-}" = without ] && plugins=bezel-test-rig
	PLUGIN_LIST=$plugins start_wayfire "$@" || return 1
	HOST_PID=$WF_PID
}
host_stop() { stop_wayfire "$@"; }
host_why_not_started() { why_not_started; }
HOST_NAME=Wayfire
HOST_VALGRIND=
# host_start_plain NAME with|without: Wayfire with the plugin, or without it.
host_start_plain() {
	local plugins=bezel
	[ "$2" = without ] && plugins=
	start_wayfire_plain "$1" "$plugins" || return 1
	HOST_PID=$WF_PID
}
. "$ROOT/tests/hosts/hostile.sh"

# ---- the hostile course (tests/hosts/hostile.sh) instead of the cases ----
host_course

# ---- the latency instead of the cases: the rig's "libinput down|up" line is written when
# Bezel's libinput touch source inside Wayfire hands it the event, just before the rig emits it
# as its touch device's own; the rig runs in both runs, the plugin only in the second, logging
# at error level and without an event log of its own, as it ships ----
. "$ROOT/tests/hosts/latency.sh"
if [ "$LATENCY" -gt 0 ]; then
	LOG_LEVEL=error PLUGIN_EVENT_LOG= run_host_latency "$LATENCY" "Wayfire $WF_VERSION" \
		"without:Wayfire $WF_VERSION without the plugin" "with:Wayfire $WF_VERSION with the plugin"
	finish
fi

# ---- 0. Wayfire starts headless with the plugin; it says so; wayland-info lists the global ----
if want start; then
	if start_wayfire start tap-bottom; then
		run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
		stop_wayfire
		if grep -q "bezel: loaded; libbezel .* global bezel_system_gestures_manager_v1 created" "$DIR/host.log" &&
			[ "$(grep -c 'bezel: loaded' "$DIR/host.log")" = 1 ]; then
			pass "Wayfire $WF_VERSION headless loads the plugin from '[core] plugins = bezel …' and logs it, once (one global, not one per output)"
		else
			fail "plugin load line (see $DIR/host.log)"
		fi
		if [ "$(grep -c "interface: 'bezel_system_gestures_manager_v1'" "$DIR/wayland-info.out")" = 1 ] &&
			grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
			pass "wayland-info lists bezel_system_gestures_manager_v1 once, and a seat with touch"
		else
			fail "wayland-info (see $DIR/wayland-info.out)"
		fi
	else
		stop_wayfire
		fail "Wayfire did not start headless here: $(why_not_started) (see $DIR/host.log)"
		finish
	fi
fi

# ---- 1-6. the table every host runs (tests/hosts/expectations.sh) ----
table=()
for row in "${HOST_EXPECTATIONS[@]}"; do want "${row%%|*}" && table+=("${row%%|*}"); done
[ ${#table[@]} -gt 0 ] && run_host_expectations "${table[@]}"

# ---- 7. Wayfire 0.7 never sends wl_touch.frame; with the plugin, every client event group
# ends in one. A tap in the middle (R1: delivered at once): down, frame, up, frame.
if want frame && play frame taps-1 " ready" "$TOUCH_CLIENT"; then
	c=$DIR/c.out
	if [ "$(grep -c ' down id=0' "$c")" = 1 ] && [ "$(grep -c ' up id=0' "$c")" = 1 ] &&
		[ "$(grep -c ' frame' "$c")" -ge 2 ] &&
		[ "$(grep -E ' (down|up|frame)( |$)' "$c" | awk '{print $2}' | tr '\n' ' ')" = "down frame up frame " ]; then
		pass "wl_touch.frame (which Wayfire 0.7 never sends) closes each group: a tap in the middle reads down, frame, up, frame"
	else
		fail "frames (see $DIR/c.out)"
	fi
fi

# ---- 8. gesture settings from [bezel] reach the engine ----
run_config_unbind "bind-bottom =" config "[bezel] bind-bottom= (an undeclared key)"

# ---- 10. Wayfire's own touch edge swipe on the bottom edge ([command] binding "edge-swipe up 1",
# which writes MARK). Wayfire 0.9 takes a whole touch sequence that starts at an edge where
# one of its gestures is bound; the plugin keeps Wayfire's gestures off the edges Bezel binds.
# With Bezel binding the bottom edge, the swipe up is the dock and Wayfire's binding never runs;
# with the edge unbound in Bezel (bind-bottom=), the same swipe runs Wayfire's binding. The
# unbound run comes second: its mark, awaited, was written after any the first run could write.
# A case of Wayfire 0.9's plugin only: the 0.7 plugin leaves Wayfire's gestures running
# (README.md, Missing).
if want wayfire-edge && [ "${WF_VERSION%.*}" = 0.9 ]; then
	edge_ok=1
	for binds in yes no; do
		mark=$OUT/wayfire-edge-$binds.mark
		rm -f "$mark"
		ini=
		[ $binds = no ] && ini="bind-bottom ="
		EXTRA_INI=$ini PLUGIN_LIST="bezel bezel-test-rig command" EXTRA_SECTIONS="[command]
binding_bezel_edge = edge-swipe up 1
command_bezel_edge = echo ran > $mark" play "wayfire-edge-$binds" swipe-up " ready" "$TOUCH_CLIENT" || { edge_ok=0; continue; }
		if [ $binds = yes ]; then
			grep -q "gesture ended dock edge=2.*committed" "$DIR/events.log" || edge_ok=0
		else
			wait_for "$mark" "ran" 1 20 "Wayfire's edge-swipe binding's mark" || edge_ok=0
			! grep -q "gesture began" "$DIR/events.log" || edge_ok=0
		fi
	done
	if [ $edge_ok = 1 ] && [ ! -e "$OUT/wayfire-edge-yes.mark" ]; then
		pass "Wayfire's own edge swipe bound to the bottom edge: where Bezel binds it, the swipe is the dock and Wayfire's binding never runs; unbound in Bezel, the same swipe runs Wayfire's binding"
	else
		fail "Wayfire's edge swipe at a Bezel edge (see $OUT/wayfire-edge-yes, $OUT/wayfire-edge-no)"
	fi
fi

# ---- 9. the plugin unloaded at run time (removed from [core] plugins; Wayfire reloads its
# config file): the global goes away, Wayfire keeps running, and touches reach clients directly
# again (a tap at the bottom edge is no longer held or judged).
if want unload; then
	if start_wayfire unload tap-bottom; then
		start_client c "$TOUCH_CLIENT" --no-gesture-object
		ok=0
		if wait_for "$DIR/c.out" " ready"; then
			# Wayfire rereads the file at each change it sees: a truncation would show it an
			# empty file (its default plugin list). So: same length, one write, in place.
			sed 's/^plugins = bezel bezel-test-rig$/plugins = bezel-test-rig      /' "$DIR/wayfire.ini" >"$DIR/wayfire.ini.new"
			dd if="$DIR/wayfire.ini.new" of="$DIR/wayfire.ini" bs=1M conv=notrunc status=none
			if wait_for "$DIR/host.log" "bezel: unloaded"; then
				run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
				echo $? >"$DIR/wayland-info.status"
				kill -USR2 "$WF_PID" && wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 &&
					wait_for "$DIR/c.out" " up id=0" && ok=1
			fi
		fi
		stop_wayfire "$CPID_c"
		c=$DIR/c.out
		if [ $ok = 1 ] && [ "$(cat "$DIR/wayland-info.status")" = 0 ] &&
			! grep -q "bezel_system_gestures_manager_v1" "$DIR/wayland-info.out" &&
			[ "$(grep -c ' down id=0' "$c")" = 1 ] && [ "$(grep -c ' up id=0' "$c")" = 1 ] &&
			! grep -q "gesture " "$DIR/events.log" && ! grep -q -i "segfault\|assert\|fatal" "$DIR/host.log"; then
			pass "plugin unloaded at run time: logged, the global is gone, Wayfire serves on, a bottom-edge tap reaches the client directly"
		else
			fail "plugin unload (see $DIR)"
		fi
	else
		stop_wayfire
		fail "unload: Wayfire did not start: $(why_not_started) (see $DIR)"
	fi
fi

finish
