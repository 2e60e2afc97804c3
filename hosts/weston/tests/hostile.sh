#!/usr/bin/env bash
# Hostile clients against real weston 10 with bezel-weston.so while touches play (docs/design.md §5: a
# hostile client gets a protocol error and is disconnected; it can never crash, stall or confuse
# the compositor, nor affect another client).
#
#   1. headless weston with the module; touches from real libinput on an umockdev touchscreen,
#      replayed in real time: a 1.5 s cycle of taps, slow moves with a second finger swiping
#      up from the bottom, swipes from the top and the bottom (gen-touch.py hostile-S);
#   2. a well-behaved client (bezel-touch-client) is mapped first and stays;
#   3. hosts/weston/tests/hostile-client runs ROUNDS rounds, one connection each: floods, gesture
#      objects and surfaces created and destroyed mid-touch in odd orders, unknown edge bits,
#      a second gesture object for one surface, unknown opcodes, abrupt exits and SIGKILL;
#   4. then: weston still runs, wayland-info still works, a new well-behaved client gets its
#      taps (down then up), every error a hostile round saw was the protocol error it
#      provoked, and weston's log shows no crash.
#
# usage: hosts/weston/tests/hostile.sh [--rounds N] [--seed S] [--valgrind] [--release]
#   --rounds N: hostile rounds (default 56, 14 with --valgrind: each ending 8 times, or twice)
#   --valgrind: weston runs under valgrind memcheck (hosts/weston/tests/valgrind.sh); the run also
#     fails on any unsuppressed valgrind error, through weston's shutdown.
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_WESTON_SCRATCH:-$ROOT/.build-weston}
OUT=$SCRATCH/weston-tests
ROUNDS=
SEED=1
VALGRIND=0
BUILD_ARGS=()
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) ROUNDS=$2; shift ;;
	--seed) SEED=$2; shift ;;
	--valgrind) VALGRIND=1 ;;
	--release) BUILD_ARGS+=(--release) ;;
	*) echo "usage: $0 [--rounds N] [--seed S] [--valgrind] [--release]" >&2; exit 2 ;;
	esac
	shift
done

# Under memcheck a round takes 1 to 15 s (load): two rounds of each ending by default.
[ -z "$ROUNDS" ] && { [ "$VALGRIND" = 1 ] && ROUNDS=14 || ROUNDS=56; }

PASS=0
FAIL=0
pass() { PASS=$((PASS + 1)); echo "PASS: $*"; }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}

# ---- build: the module, clients and umockdev shim through run.sh, then the hostile client ----
echo "== building (hosts/weston/tests/run.sh --build-only ${BUILD_ARGS[*]:-})"
if ! BEZEL_WESTON_SCRATCH=$SCRATCH "$ROOT/hosts/weston/tests/run.sh" --build-only "${BUILD_ARGS[@]}" >"$SCRATCH.hostile-build.log" 2>&1; then
	tail -30 "$SCRATCH.hostile-build.log"
	fail "build (hosts/weston/tests/run.sh --build-only)"
	finish
fi
CONFIG=debug
[ ${#BUILD_ARGS[@]} -gt 0 ] && CONFIG=release
BIN=$(swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
PROBE=$BIN/bezel-input-probe
if cc -std=gnu11 -Wall -Wextra -Werror -O1 -gdwarf-4 -o "$OUT/hostile-client" "$ROOT/hosts/weston/tests/hostile-client.c" \
	"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
	$(pkg-config --cflags --libs wayland-client) &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "hostile-client compiles with -Werror"
else
	fail "compile hostile-client"
	finish
fi

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
NODE=/dev/input/event7
. "$ROOT/hosts/weston/tests/lib.sh"

NAME=hostile
[ "$VALGRIND" = 1 ] && NAME=hostile-valgrind
if [ "$VALGRIND" = 1 ]; then
	. "$ROOT/hosts/weston/tests/valgrind.sh"
	export LD_LIBRARY_PATH
	LD_LIBRARY_PATH=$(valgrind_strip_plugin "$BIN" "$OUT/valgrind-lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	WESTON_WRAP=$(valgrind_wrap "$OUT/valgrind" "$ROOT")
	WESTON_START_TIMEOUT=120
fi
DIR=$OUT/$NAME
rm -rf "$DIR"
mkdir -p "$DIR"
SOCK=bezel-$NAME

# Enough touches for the rounds (each waits at most 1.5 s for a touch) and the checks after.
SECONDS_OF_TOUCH=$((40 + ROUNDS * 4))
[ "$VALGRIND" = 1 ] && SECONDS_OF_TOUCH=$((120 + ROUNDS * 40))
if ! make_touch_device "$ROOT" "$PROBE" "hostile-$SECONDS_OF_TOUCH" "$DIR" $NODE realtime; then
	fail "touch recording for the hostile test (see $DIR)"
	finish
fi
# memcheck slows weston down; longer windows keep the gestures what they are at full speed.
VG_INI=
[ "$VALGRIND" = 1 ] && VG_INI=$'hold-window-ms=2000\nstill-timeout-ms=3000\nrearm-window-ms=10000'
cat >"$DIR/weston.ini" <<EOF
[core]
idle-time=0
[bezel]
log-level=info
output-width-mm=68
output-height-mm=121
event-log=$DIR/events.log
$VG_INI
[bezel-rig]
touch-device=$NODE
touch-device-open=sigusr2
event-log=$DIR/events.log
EOF

stop_all() {
	kill -TERM "$WESTON_PID" 2>/dev/null
	wait "$WPID" 2>/dev/null
	local p
	for p in "$@"; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}

if ! start_umockdev_weston "$DIR" $NODE "$SHIM" "$(weston_modules "$OUT")" "$SOCK"; then
	stop_all
	fail "headless weston did not start (see $DIR)"
	finish
fi

# The well-behaved client maps first, then the touches start.
WAYLAND_DISPLAY=$SOCK "$OUT/bezel-touch-client" >"$DIR/c.out" 2>"$DIR/c.err" &
CPID=$!
if ! wait_for "$DIR/c.out" " ready" 1 60; then
	stop_all "$CPID"
	fail "well-behaved client not ready (see $DIR)"
	finish
fi
kill -USR2 "$WESTON_PID"

# ---- the hostile rounds ----
START=$(date +%s)
WAYLAND_DISPLAY=$SOCK timeout $((ROUNDS * 60 + 60)) "$OUT/hostile-client" "$SEED" "$ROUNDS" >"$DIR/hostile.out" 2>&1
HSTATUS=$?
ELAPSED=$(($(date +%s) - START))
summary=$(grep '^hostile:' "$DIR/hostile.out")
endings=$(sed -n 's/^ok round [0-9]* \([a-z-]*\): \(protocol error [a-z_0-9]*\)#[0-9]* \(code [0-9]*\).*/\1 -> \2 \3/p; s/^ok round [0-9]* \([a-z-]*\): \(abrupt end\|no error\|disconnected\).*/\1 -> \2/p' "$DIR/hostile.out" |
	sort | uniq -c | sed 's/^ *//' | paste -sd ';' | sed 's/;/; /g')
if [ "$HSTATUS" = 0 ] && [ -n "$summary" ]; then
	pass "$ROUNDS hostile rounds in ${ELAPSED} s, every error the provoked protocol error ($summary): $endings"
else
	fail "hostile rounds (status $HSTATUS, see $DIR/hostile.out)"
	grep '^FAIL' "$DIR/hostile.out" | head -10 | sed 's/^/    /'
fi

# ---- afterwards: weston alive, wayland-info, a new client gets its taps ----
if kill -0 "$WESTON_PID" 2>/dev/null; then
	pass "weston still runs after the hostile rounds"
else
	fail "weston is gone after the hostile rounds (see $DIR/weston.log)"
	stop_all "$CPID"
	finish
fi
if WAYLAND_DISPLAY=$SOCK timeout 60 wayland-info >"$DIR/wayland-info.out" 2>&1 &&
	grep -q bezel_system_gestures_manager_v1 "$DIR/wayland-info.out"; then
	pass "wayland-info still works and lists bezel_system_gestures_manager_v1"
else
	fail "wayland-info after the hostile rounds (see $DIR/wayland-info.out)"
fi
WAYLAND_DISPLAY=$SOCK "$OUT/bezel-touch-client" >"$DIR/d.out" 2>"$DIR/d.err" &
DPID=$!
# The recording keeps playing its cycle; the new client is on top and gets the middle taps.
if wait_for "$DIR/d.out" " ready" 1 60 && wait_for "$DIR/d.out" " up id=0" 2 60 &&
	[ "$(grep -c ' down id=0' "$DIR/d.out")" -ge 2 ]; then
	pass "a new well-behaved client gets its taps after the hostile rounds ($(grep -c ' up id=0' "$DIR/d.out") ups so far)"
else
	fail "new client's taps after the hostile rounds (see $DIR/d.out)"
fi
stop_all "$CPID" "$DPID"

# What the first well-behaved client saw while the rounds ran: each touch it got ended with an
# up or a cancel (R9: no touch left hanging by another client's mischief); at most the two
# touches that were down when weston stopped may still be open.
read -r downs open_ids <<<"$(awk '$2 == "down" { n++; split($3, a, "="); open[a[2]] = 1 }
	$2 == "up" { split($3, a, "="); delete open[a[2]] }
	$2 == "cancel" { for (k in open) delete open[k] }
	END { m = 0; for (k in open) m++; print n + 0, m }' "$DIR/c.out")"
if [ "$downs" -ge 1 ] && [ "$open_ids" -le 2 ]; then
	pass "the client mapped throughout got $downs touch downs, each ended by an up or a cancel ($open_ids open when weston stopped)"
else
	fail "the client mapped throughout: $downs downs, $open_ids never ended (see $DIR/c.out)"
fi

if grep -q -i -E "segfault|assert|fatal|backtrace|invalid write|abort" "$DIR/weston.log"; then
	fail "weston's log reports a crash or an assertion (see $DIR/weston.log)"
	grep -i -E "segfault|assert|fatal|backtrace|invalid write|abort" "$DIR/weston.log" | head -5 | sed 's/^/    /'
else
	pass "weston's log shows no crash, assertion or abort"
fi

if [ "$VALGRIND" = 1 ]; then
	if valgrind_verdict "$OUT/valgrind/weston-$WESTON_PID.log"; then
		pass "valgrind: no error in weston with the module through the hostile rounds and shutdown"
	else
		fail "valgrind: errors in weston with the module (log $OUT/valgrind/weston-$WESTON_PID.log)"
	fi
fi
finish
