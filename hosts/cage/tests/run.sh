#!/usr/bin/env bash
# Integration tests of cage with Bezel's patch series (hosts/cage/patches): cage built from its
# upstream tarball by hosts/cage/build.sh, run headless (wlroots' headless backend, pixman) as an
# unprivileged user, touches from real libinput reading an umockdev-emulated touchscreen
# (tools/umockdev-preload) and fed to a headless touch device by the test rig
# (hosts/cage/rig, an LD_PRELOAD), real Wayland clients. The same tarball built without the
# series is the baseline: what cage did before.
#
# Each case writes a touch recording, starts cage (its primary application maps nothing:
# hosts/cage/tests/cage-primary.c), starts the client, waits for its "ready" line, sends SIGUSR2
# (the rig opens the touchscreen), waits until the event log has seen every contact lift,
# stops cage and checks what each party saw. No fixed sleeps; every wait bounded.
#
# usage: hosts/cage/tests/run.sh [CASE...]
#        hosts/cage/tests/run.sh --latency N
#        hosts/cage/tests/run.sh --hostile [--rounds N] [--seed S]
#   CASE: start, the table (tap swipe late defer drag kill kill-sub multi multi-defer
#   multi-policy), frame, cancel, simple-touch, report, config
#   --latency N: only the latency of N taps, patched against unpatched
#   --hostile: the shared hostile course (tests/hosts/hostile.sh), ROUNDS rounds (default 56)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: those of hosts/cage/build.sh, umockdev, libumockdev-dev, python3,
# wayland-utils, weston (weston-simple-touch), util-linux (setpriv).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_CAGE_SCRATCH:-$ROOT/.build-cage}
OUT=$SCRATCH/cage-tests
LATENCY=0
CASES=()
COURSE=
ROUNDS=56
SEED=1
while [ $# -gt 0 ]; do
	case $1 in
	--latency) LATENCY=$2; COURSE=latency; shift ;;
	--hostile) COURSE=hostile ;;
	--rounds) ROUNDS=$2; shift ;;
	--seed) SEED=$2; shift ;;
	-*) echo "usage: $0 [CASE...] | --latency N | --hostile [--rounds N] [--seed S]" >&2; exit 2 ;;
	*) CASES+=("$1") ;;
	esac
	shift
done

want() {
	[ ${#CASES[@]} = 0 ] && return 0
	local c
	for c in "${CASES[@]}"; do [ "$c" = "$1" ] && return 0; done
	return 1
}

. "$ROOT/tests/hosts/runner.sh"
COMP_LABEL=cage
. "$ROOT/hosts/cage/tests/lib.sh"

# ---- build: cage patched and unpatched (hosts/cage/build.sh, cached in SCRATCH), the probe,
# the rig, the clients ----
host_build_plugin "$SCRATCH" debug "$OUT"
mkdir -p "$OUT"
export BEZEL_CAGE_BUILD=$SCRATCH/cage BEZEL_SHIM_BUILD=$SCRATCH/bezel-shim-release
start_s=$(date +%s)
if CAGE=$("$ROOT/hosts/cage/build.sh" "$OUT/prefix" | tail -1) &&
	CAGE_PLAIN=$("$ROOT/hosts/cage/build.sh" --unpatched "$OUT/prefix-unpatched" | tail -1) &&
	[ -x "$CAGE" ] && [ -x "$CAGE_PLAIN" ]; then
	pass "hosts/cage/build.sh builds cage 395189f with the series ($(cat "$ROOT"/hosts/cage/patches/*.patch | grep '^+' | grep -vc '^+++') lines added) and without it, in $(($(date +%s) - start_s)) s"
else
	fail "hosts/cage/build.sh (logs in $BEZEL_CAGE_BUILD)"
	finish
fi
host_protocol_code "$OUT" || { fail "wayland-scanner"; finish; }
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
if build_rig "$OUT/prefix" && host_table_clients "$OUT" && host_hostile_clients "$OUT" &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "the test rig, cage's primary client and the test clients compile with -Werror"
else
	fail "compile the rig and the clients"
	finish
fi
as_user_can_run "$CAGE" "$CAGE_PLAIN" "$RIG" "$PRIMARY" "$SHIM" "$OUT/prefix/lib/libbezel.so.0" ||
	{ fail "user $RUN_USER cannot read the build (make $SCRATCH readable)"; finish; }
BOUNDED_DUMP_DIR=$OUT

# The compositor of comp_start: patched cage with DIR/bezel.ini, or (VARIANT=unpatched) the
# tarball's cage as it is; its primary application under `timeout`.
comp_prepare() {
	if [ "${VARIANT:-patched}" = unpatched ]; then
		COMP_CMD=("$CAGE_PLAIN" -- timeout 900 "$PRIMARY")
	else
		cat >"$DIR/bezel.ini" <<-EOF
		[bezel]
		log-level=${LOG_LEVEL:-debug}
		output-width-mm=68
		output-height-mm=121
		event-log=$DIR/events.log
		${EXTRA_INI:-}
		EOF
		COMP_CMD=("$CAGE" -b "$DIR/bezel.ini" -- timeout 900 "$PRIMARY")
	fi
	COMP_READY="^cage-primary: connected to "
}

. "$ROOT/tests/hosts/expectations.sh"
# The host side of the shared table. WINDOWED=1 needs nothing: cage maximizes a toplevel that
# does not ask for full screen, and a maximized window is not full screen (R6).
host_play() { comp_play "$@"; }
host_start() { comp_start "$@" || return 1; HOST_PID=$COMP_PID; }
host_stop() { comp_stop "$@"; }
host_why_not_started() { comp_why_not_started; }
# The rig turns the output (at start, or after the N-th motion) and maps the touches with it.
host_rotation() { :; }
HOST_NAME=cage
HOST_VALGRIND=
. "$ROOT/tests/hosts/hostile.sh"

if [ "$COURSE" = hostile ]; then
	run_host_hostile "$ROUNDS" "$SEED"
	finish
fi

# ---- latency: libinput event -> the client's wl_touch event, patched and unpatched ----
# N taps in the middle (R1: delivered at once), 10 ms apart, in real time; the rig logs when
# libinput gave it each event (the same rig, the same client, in both builds). Patched cage
# logs at error level, as the unpatched build does.
if [ "$COURSE" = latency ]; then
	LOG_LEVEL=error
	declare -A MED=() P99=()
	for VARIANT in unpatched patched; do
		if REALTIME=1 comp_play "latency-$VARIANT" "taps-$LATENCY" " ready" "$TOUCH_CLIENT" --no-gesture-object; then
			line=$(python3 "$ROOT/tests/hosts/latency.py" "$DIR/events.log" "$DIR/c.out" "cage $VARIANT" 2>&1)
			echo "$line"
			echo "figure: $line"
			MED[$VARIANT]=$(sed -n 's/.* median \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
			P99[$VARIANT]=$(sed -n 's/.* p99 \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
			n=$(sed -n 's/.*: \([0-9]*\) touch events.*/\1/p' <<<"$line" | tail -1)
			if [ "${n:-0}" = $((2 * LATENCY)) ]; then
				pass "latency ($VARIANT cage): all $n downs and ups of $LATENCY taps reached the client"
			else
				fail "latency ($VARIANT cage): ${n:-0} of $((2 * LATENCY)) events paired (see $DIR)"
			fi
		fi
	done
	VARIANT=
	if [ -n "${MED[patched]:-}" ] && [ -n "${MED[unpatched]:-}" ]; then
		echo "figure: cage, latency libinput -> wl_touch over $LATENCY taps: median ${MED[patched]} us with Bezel, ${MED[unpatched]} us without (added $((MED[patched] - MED[unpatched])) us); p99 ${P99[patched]} us with, ${P99[unpatched]} us without"
		if [ $((MED[patched] - MED[unpatched])) -le 1000 ]; then
			pass "R1: Bezel adds $((MED[patched] - MED[unpatched])) us at the median to a tap in the middle (bound 1 ms)"
		else
			fail "R1: Bezel adds $((MED[patched] - MED[unpatched])) us at the median (bound 1 ms)"
		fi
	fi
	finish
fi

# ---- 0. cage starts headless with Bezel: the adapter's line; the global and a touch seat ----
if want start; then
	if comp_start start tap-bottom; then
		run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
		comp_stop
		if grep -q "bezel: system edge gestures on seat seat0 (libbezel " "$DIR/host.log" &&
			[ "$(grep -c "interface: 'bezel_system_gestures_manager_v1'" "$DIR/wayland-info.out")" = 1 ] &&
			grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
			pass "§6 patched cage runs headless as $RUN_USER, says 'bezel: system edge gestures on seat seat0'; wayland-info lists bezel_system_gestures_manager_v1 once and a seat with touch"
		else
			fail "start (see $DIR)"
		fi
	else
		comp_stop
		fail "cage did not start headless here: $(comp_why_not_started) (see $DIR/host.log)"
		finish
	fi
fi

# ---- 1. the table every host runs (tests/hosts/expectations.sh) ----
table=()
for row in "${HOST_EXPECTATIONS[@]}"; do want "${row%%|*}" && table+=("${row%%|*}"); done
[ ${#table[@]} -gt 0 ] && run_host_expectations "${table[@]}"

# ---- 2. wl_touch.frame: cage never sent it; patched, every group of events ends in one ----
# A tap in the middle (R1: delivered at once) reads down, frame, up, frame; the unpatched
# build of the same tarball sends down, up and no frame.
if want frame; then
	events() { grep -E ' (down|up|frame|cancel)( |$)' "$1" | awk '{print $2}' | tr '\n' ' '; }
	if VARIANT=unpatched comp_play frame-unpatched taps-1 " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		before=$(events "$DIR/c.out")
		if VARIANT=patched comp_play frame taps-1 " ready" "$TOUCH_CLIENT"; then
			after=$(events "$DIR/c.out")
			if [ "$before" = "down up " ] && [ "$after" = "down frame up frame " ]; then
				pass "R9 wl_touch.frame after each input frame: a tap reads '${after% }' (unpatched cage: '${before% }', no frame)"
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
	if VARIANT=unpatched comp_play cancel-unpatched late-begin " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		c0=$DIR/c.out
		if VARIANT=patched comp_play cancel late-begin " ready" "$TOUCH_CLIENT"; then
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
# Its 600x500 window sits at the top left. A tap inside it is delivered at once at the
# surface-local point; a swipe up from the bottom edge, over no window, is the dock; it keeps
# running (nothing it was sent made it fail).
if want simple-touch; then
	if comp_start simple-touch tap-app; then
		start_client c weston-simple-touch
		if wait_for "$DIR/events.log" "surface add" 1 20 "weston-simple-touch's surface" && kill -USR2 "$COMP_PID" &&
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up"; then
			bounded_alive "$CPID_c"
			alive=$?
			comp_stop "$CPID_c"
			ev=$DIR/events.log
			if [ $alive = 0 ] && grep -q "send down id=0 x=300.0 y=250.0" "$ev" &&
				[ "$(count "$ev" 'send up id=0')" = 1 ] && grep -q "gesture began dock" "$ev" &&
				grep -q "gesture ended dock .*committed=1" "$ev"; then
				pass "R1/R2 weston-simple-touch: a tap in its window is delivered at (300, 250); the bottom swipe over no window is the dock; it keeps running"
			else
				fail "weston-simple-touch (see $DIR)"
			fi
		else
			comp_stop "$CPID_c"
			fail "simple-touch: not mapped or replay incomplete (see $DIR)"
		fi
	else
		comp_stop
		fail "simple-touch: cage did not start (see $DIR)"
	fi
fi

# ---- 5. cage has no panels: a committed gesture is reported in its log ----
if want report && comp_play report swipe-up " ready" "$TOUCH_CLIENT"; then
	if grep -q "bezel: dock committed (edge bottom, 1 finger) on HEADLESS-1" "$DIR/host.log" &&
		grep -q "gesture ended dock edge=2 committed=1" "$DIR/events.log"; then
		pass "R5 a committed dock swipe is reported: 'bezel: dock committed (edge bottom, 1 finger) on HEADLESS-1' in cage's log, 'gesture ended dock … committed=1' in the event log"
	else
		fail "gesture report (see $DIR/host.log)"
	fi
fi

# ---- 6. [bezel] settings from cage -b FILE reach the plugin ----
if want config && EXTRA_INI="bind-bottom=" comp_play config swipe-up " ready" "$TOUCH_CLIENT"; then
	if [ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] && ! grep -q "gesture began" "$DIR/events.log"; then
		pass "§4.4 cage -b FILE: [bezel] bind-bottom= unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "[bezel] bind-bottom= (see $DIR)"
	fi
fi

finish
