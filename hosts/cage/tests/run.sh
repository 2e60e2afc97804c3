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
#   multi-policy), frame, cancel, simple-touch, report, config
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

finish
