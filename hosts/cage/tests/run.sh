#!/usr/bin/env bash
# Integration tests of cage with Bezel's patch series (hosts/cage/patches/VERSION): cage built
# from its upstream tarball by hosts/cage/build.sh, run headless (wlroots' headless backend,
# pixman) as an unprivileged user, touches from real libinput reading an umockdev-emulated
# touchscreen (tools/umockdev-preload) and fed to a headless touch device by the patched hosts'
# test rig (hosts/patched/rig, an LD_PRELOAD), real Wayland clients. The same tarball built
# without the series is the baseline: what cage did before. The build, the rig, starting cage
# and the cases every patched host runs are hosts/patched/tests/lib.sh; cage's own are here.
#
# Each case writes a touch recording, starts cage (its primary application maps nothing:
# hosts/patched/tests/primary-client.c), starts the client, waits for its "ready" line, sends
# SIGUSR2 (the rig opens the touchscreen), waits until the event log has seen every contact
# lift, stops cage and checks what each party saw. No fixed sleeps; every wait bounded.
#
# usage: hosts/cage/tests/run.sh [CASE...] [--version V]
#        hosts/cage/tests/run.sh --latency N [--version V]
#        hosts/cage/tests/run.sh --hostile [--rounds N] [--seed S] [--version V]
#   CASE: start, the table (tap swipe late defer drag kill kill-sub multi multi-defer
#   multi-policy), frame, cancel, simple-touch, report, config, unmap-focus
#   --latency N: only the latency of N taps, patched against unpatched
#   --hostile: the shared hostile course (tests/hosts/hostile.sh), ROUNDS rounds (default 56)
#   --version V: cage's upstream version (default: hosts/cage/build.sh's, the Debian release's)
#   --build-only: build and stop (tests/lib/args.sh)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: those of hosts/cage/build.sh, umockdev, libumockdev-dev, python3,
# wayland-utils, weston (weston-simple-touch), util-linux (setpriv).
set -u
COMP_LABEL=cage
. "$(dirname "$0")/../../patched/tests/lib.sh"
runner_args "$@"

# The compositor of comp_start: patched cage with DIR/bezel.ini, or (VARIANT=unpatched) the
# tarball's cage as it is; its primary application under `timeout`.
comp_prepare() {
	local bezel=()
	if [ "${VARIANT:-patched}" != unpatched ]; then
		{ echo "[bezel]"; bezel_settings; } >"$DIR/bezel.ini"
		bezel=(-b "$DIR/bezel.ini")
	fi
	COMP_CMD=("$(comp_variant_bin)" "${bezel[@]}" -- timeout 900 "$PRIMARY")
	COMP_READY=$PRIMARY_READY
}

# cage's own client: a full-screen window that unmaps (a null buffer) and stays connected.
comp_clients() {
	UNMAPPER=$OUT/unmapper
	host_client "$OUT" unmapper "$ROOT/hosts/cage/tests/unmapper.c"
}
COMP_CLIENTS="the unmapping window"

# ---- the build; 0. cage starts headless with Bezel; 1. the table every host runs (or the
# hostile course, or the latency, alone) ----
patched_setup
run_patched_course

# ---- 2. wl_touch.frame: cage 395189f never sent it; patched, every group of events ends in one ----
# A tap in the middle (R1: delivered at once) reads down, frame, up, frame; the unpatched
# build of 395189f sends down, up and no frame. cage 0.2.0 sends frames itself: the series
# keeps them, one after each group, as unpatched 0.2.0 sends them.
if want frame; then
	events() { grep -E ' (down|up|frame|cancel)( |$)' "$1" | awk '{print $2}' | tr '\n' ' '; }
	unpatched_frames="down up "
	[ "$COMP_VERSION" = 395189f ] || unpatched_frames="down frame up frame "
	if VARIANT=unpatched play frame-unpatched taps-1 " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		before=$(events "$DIR/c.out")
		if VARIANT=patched play frame taps-1 " ready" "$TOUCH_CLIENT"; then
			after=$(events "$DIR/c.out")
			if [ "$before" = "$unpatched_frames" ] && [ "$after" = "down frame up frame " ]; then
				pass "R9 wl_touch.frame after each input frame: a tap reads '${after% }' (unpatched cage $COMP_VERSION: '${before% }')"
			else
				fail "frames: patched '$after', unpatched '$before' (see $DIR)"
			fi
		fi
	fi
fi

# ---- 3. wl_touch.cancel: a touch the system takes is cancelled at its client ----
# The late-begin recording (a touch resting at the bottom edge past the hold window, then
# swiping up): patched, the client gets the flushed down, gesture_taken and wl_touch.cancel
# and nothing after (the table's 'late' row checks the order); unpatched cage sends the whole
# swipe, down, motions and up, and never a cancel.
if want cancel; then
	if VARIANT=unpatched play cancel-unpatched late-begin " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		c0=$DIR/c.out
		if VARIANT=patched play cancel late-begin " ready" "$TOUCH_CLIENT"; then
			c1=$DIR/c.out
			if [ "$(count "$c1" ' cancel')" = 1 ] && [ "$(count "$c1" ' up id=0')" = 0 ] &&
				grep -q "gesture began dock" "$DIR/events.log" && [ "$(count "$c0" ' cancel')" = 0 ] &&
				[ "$(count "$c0" ' up id=0')" = 1 ] && [ "$(count "$c0" ' motion id=0')" -gt 5 ]; then
				pass "R2/R9 wl_touch.cancel when the dock takes a held touch: the client gets one cancel and no up (unpatched cage: the whole swipe, $(count "$c0" ' motion id=0') motions and an up, no cancel)"
			else
				fail "cancel (see $DIR and $(dirname "$c0"))"
			fi
		fi
	fi
fi

# ---- 4. weston-simple-touch, a client that knows nothing of Bezel ----
run_simple_touch "$COMP_LABEL" "the bottom swipe over no window"

# ---- 5. cage has no panels: a committed gesture is reported in its log ----
if want report && play report swipe-up " ready" "$TOUCH_CLIENT"; then
	if grep -q "bezel: dock committed (edge bottom, 1 finger) on HEADLESS-1" "$DIR/host.log" &&
		grep -q "gesture ended dock edge=2 committed=1" "$DIR/events.log"; then
		pass "R5 a committed dock swipe is reported: 'bezel: dock committed (edge bottom, 1 finger) on HEADLESS-1' in cage's log, 'gesture ended dock … committed=1' in the event log"
	else
		fail "gesture report (see $DIR/host.log)"
	fi
fi

# ---- 6. [bezel] settings from cage -b FILE reach the plugin ----
run_patched_config "cage -b FILE: [bezel] bind-bottom=" "[bezel] bind-bottom="

# ---- 7. a window that took its buffer away and stays connected does not take cage down ----
# Upstream cage#136: the touch client is ready; the unmapper (hosts/cage/tests/unmapper.c) maps
# full screen over it, so cage focuses it, then attaches a null buffer and stays connected, which
# leaves cage with no focused view. A tap in the middle then lands on the touch client's window:
# unpatched cage's emulated press asks whether that view is transient for the focused one and
# dies with SIGSEGV (view_is_transient_for <- handle_touch_down); patched, cage runs on and the
# touch client gets the tap.
# unmap_focus_tap NAME [TOUCH CLIENT ARGS...]: cage (VARIANT) with both clients, then the tap. Returns 0 when every
# contact lifted with cage alive, 2 when cage ended before that, 1 when the case could not run
# (a FAIL line printed). Leaves cage stopped.
unmap_focus_tap() {
	local name=$1 rc
	shift
	CPID_u=
	if ! host_start "$name" taps-1; then
		host_stop
		fail "$name: cage did not start: $(host_why_not_started) (see $DIR)"
		return 1
	fi
	start_client c "$TOUCH_CLIENT" "$@"
	rc=1
	if wait_for "$DIR/c.out" " ready" 1 20 "the touch client's ready line"; then
		start_client u "$UNMAPPER"
		wait_for "$DIR/u.out" " unmapped" 1 20 "the unmapper's unmapped line" && rc=0
	fi
	if [ $rc != 0 ]; then
		host_stop "$CPID_c" "$CPID_u"
		fail "$name: the touch client not ready or the unmapper not unmapped (see $DIR)"
		return 1
	fi
	kill -"${HOST_OPEN_SIGNAL:-USR2}" "$COMP_PID"
	wait_while_alive "$COMP_PID" "$DIR/events.log" "libinput up" "$CONTACTS" 30 "the tap's up in the event log"
	rc=$?
	# A roundtrip of a client of its own: cage has gone round its loop since the up (its
	# events to the touch client are flushed), and it still answers.
	[ $rc = 0 ] && ! run_bounded 20 "wayland-info (a roundtrip after the tap)" env WAYLAND_DISPLAY="$SOCK" wayland-info >/dev/null 2>&1 && rc=1
	# A crash at the down can come after the rig logged the up: cage ended is what counts.
	bounded_alive "$COMP_PID" || rc=2
	host_stop "$CPID_c" "$CPID_u"
	return $rc
}
if want unmap-focus; then
	# The baseline: unpatched cage dies at that tap (else the case would not reach the crash).
	VARIANT=unpatched unmap_focus_tap unmap-focus-unpatched --no-gesture-object
	case $? in
	2) pass "R9 baseline: unpatched cage $COMP_VERSION is gone after a tap on a window while the focused one is unmapped (upstream cage#136)" ;;
	0) fail "unmap-focus-unpatched: unpatched cage $COMP_VERSION survived the tap: the case no longer reaches cage#136's crash (see $DIR)" ;;
	esac
	VARIANT=patched unmap_focus_tap unmap-focus
	rc=$?
	c=$DIR/c.out
	if [ $rc = 0 ] && [ "$(count "$c" ' down id=0')" = 1 ] && [ "$(count "$c" ' up id=0')" = 1 ]; then
		pass "R9 a full-screen window that unmapped (null buffer) and stays connected: patched cage keeps running through a tap on the window below, whose client gets its down and up"
	elif [ $rc != 1 ]; then
		fail "unmap-focus: cage $([ $rc = 2 ] && echo "ended at the tap" || echo "did not answer after the tap"), or the touch client missed the tap (see $DIR)"
	fi
fi

finish
