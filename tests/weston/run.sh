#!/usr/bin/env bash
# Integration tests: real weston 10 (headless backend, kiosk shell) with bezel-weston.so, touches
# from real libinput reading an umockdev-emulated touchscreen (tools/umockdev-preload), real
# Wayland clients. No /dev/input, no /dev/uinput, no display needed.
#
# Each test:
#   1. writes a touch recording (tests/weston/gen-touch.py) and the umockdev files for it;
#   2. starts weston under umockdev-run with the module; the module's touch device opens only
#      on SIGUSR2 (`touch-device-open=sigusr2`), so the replay cannot start before the clients
#      are ready;
#   3. starts the client(s), waits for their "ready" line (the client prints it after a
#      roundtrip that follows its mapping commit), then sends weston SIGUSR2;
#   4. waits until the module's event log has seen every touch of the recording lift, stops
#      weston and waits for weston and the clients to exit (clients read everything weston sent
#      before it closed their connection), then checks what each party saw.
# Waiting on files (weston's socket, the client's ready line, the module's event log) is done by
# polling them with a timeout (tests/weston/lib.sh): nothing else signals those moments. No fixed sleeps.
#
# usage: tests/weston/run.sh [--latency N] [--release] [--valgrind] [--build-only]
#   --latency N: also measure the added latency over N taps; --release: build the plugin optimised
#   --valgrind: weston runs under valgrind memcheck, for the table's tap, swipe and defer cases
#     (tests/weston/valgrind.sh says what fails the run); --build-only: build and stop (the
#     other weston test scripts build through it)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: weston (10), libweston-10-dev, libwayland-dev, wayland-protocols, libinput-dev,
# libudev-dev, umockdev, libumockdev-dev, python3, a C compiler, wayland-utils (wayland-info).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_WESTON_SCRATCH:-$ROOT/.build-weston}
OUT=$SCRATCH/weston-tests
LATENCY=0
CONFIG=debug
VALGRIND=0
BUILD_ONLY=0
while [ $# -gt 0 ]; do
	case $1 in
	--latency) LATENCY=$2; shift ;;
	--release) CONFIG=release ;;
	--valgrind) VALGRIND=1 ;;
	--build-only) BUILD_ONLY=1 ;;
	*) echo "usage: $0 [--latency N] [--release] [--valgrind] [--build-only]" >&2; exit 2 ;;
	esac
	shift
done

PASS=0
FAIL=0
pass() { PASS=$((PASS + 1)); echo "PASS: $*"; }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}

# ---- build ----
mkdir -p "$OUT"
echo "== building libBezelPlugin.so and bezel-input-probe ($CONFIG, scratch $SCRATCH)"
for product in BezelPlugin bezel-input-probe; do
	if ! swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --product $product \
		-Xswiftc -static-stdlib >"$OUT/swift-$product.log" 2>&1; then
		tail -30 "$OUT/swift-$product.log"
		fail "swift build --product $product"
		finish
	fi
done
BIN=$(swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
PROBE=$BIN/bezel-input-probe
INC=$ROOT/CBezel/Sources/CBezel/include
XML=$ROOT/protocol/bezel-system-gestures-v1.xml
XDG_XML=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header "$XML" "$OUT/bezel-system-gestures-v1-client-protocol.h"
wayland-scanner private-code "$XML" "$OUT/bezel-system-gestures-v1-protocol.c"
wayland-scanner client-header "$XDG_XML" "$OUT/xdg-shell-client-protocol.h"
wayland-scanner private-code "$XDG_XML" "$OUT/xdg-shell-protocol.c"
# DWARF 4: Debian's valgrind cannot read the DWARF 5 that newer compilers emit by default.
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -gdwarf-4"
if cc $CFLAGS -shared -fPIC -o "$OUT/bezel-weston.so" "$ROOT/weston-module/bezel-weston.c" -I"$INC" \
	$(pkg-config --cflags --libs libweston-10 weston libinput wayland-server) \
	-L"$BIN" -lBezelPlugin -Wl,-rpath,"$BIN" &&
	cc $CFLAGS -o "$OUT/bezel-touch-client" "$ROOT/tests/weston/bezel-touch-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
		$(pkg-config --cflags --libs wayland-client) &&
	cc $CFLAGS -o "$OUT/bezel-defer-client" "$ROOT/examples/bezel-defer-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
		$(pkg-config --cflags --libs wayland-client) &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "bezel-weston.so, test client, example client and umockdev shim compile with -Werror"
else
	fail "compile"
	finish
fi
if nm -D --undefined-only "$OUT/bezel-weston.so" | grep -q notify_touch_normalized &&
	nm -D --defined-only "$(ldconfig -p | awk '/libweston-10.so.0 /{print $NF; exit}')" | grep -q ' T notify_touch_normalized'; then
	pass "redeclared weston 10 internals are exported by libweston-10.so.0"
else
	fail "weston 10 internals not found in libweston-10.so.0"
fi
[ "$BUILD_ONLY" = 1 ] && finish

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
NODE=/dev/input/event7

. "$ROOT/tests/weston/lib.sh"

# --valgrind: every weston below runs under memcheck; each stop checks its log.
if [ "$VALGRIND" = 1 ]; then
	. "$ROOT/tests/weston/valgrind.sh"
	export LD_LIBRARY_PATH
	LD_LIBRARY_PATH=$(valgrind_strip_plugin "$BIN" "$OUT/valgrind-lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	WESTON_WRAP=$(valgrind_wrap "$OUT/valgrind" "$ROOT")
	WESTON_START_TIMEOUT=120
	# memcheck runs weston many times slower, and the plugin's timers run on the wall clock:
	# between two events of a replayed swipe, the 250 ms still timeout or the 150 ms hold
	# window would run out. Longer windows keep the cases' outcome what it is at full speed.
	EXTRA_INI=$'hold-window-ms=3000\nstill-timeout-ms=3000\nrearm-window-ms=10000'
	rm -f "$OUT"/valgrind/weston-*.log
fi

# start_weston NAME SCENARIO [realtime]: sets DIR, WPID (umockdev-run), WESTON_PID, CONTACTS, SOCK
# By default umockdev replays the whole recording at once (the event times carry the timing);
# "realtime" keeps the recording's delays, for tests where a client reacts between events.
# EXTRA_INI: more lines for the [bezel] section; EXTRA_ARGS: more weston arguments.
start_weston() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR"
	make_touch_device "$ROOT" "$PROBE" "$scenario" "$DIR" $NODE $mode || return 1
	cat >"$DIR/weston.ini" <<-EOF
	[core]
	idle-time=0
	[bezel]
	log-level=debug
	touch-device=$NODE
	touch-device-open=sigusr2
	output-width-mm=68
	output-height-mm=121
	event-log=$DIR/events.log
	${EXTRA_INI:-}
	EOF
	SOCK=bezel-$name
	# shellcheck disable=SC2086 # EXTRA_ARGS is a list of arguments
	start_umockdev_weston "$DIR" $NODE "$SHIM" "$OUT/bezel-weston.so" "$SOCK" ${EXTRA_ARGS:-}
}

# start_client LABEL CMD...: starts a client on the current weston; sets CPID_<LABEL>
start_client() {
	local label=$1
	shift
	WAYLAND_DISPLAY=$SOCK "$@" >"$DIR/$label.out" 2>"$DIR/$label.err" &
	eval "CPID_$label=$!"
}

# replay: starts the recording and waits until every contact has lifted
replay() {
	kill -USR2 "$WESTON_PID"
	wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
}

stop_weston() {
	kill -TERM "$WESTON_PID" 2>/dev/null
	wait "$WPID" 2>/dev/null
	local p
	for p in "$@"; do wait "$p" 2>/dev/null; done
	if [ "$VALGRIND" = 1 ] && [ -n "${WESTON_PID:-}" ]; then
		if valgrind_verdict "$OUT/valgrind/weston-$WESTON_PID.log"; then
			pass "valgrind: no error in weston with the module ($(basename "$DIR"), through its shutdown)"
		else
			fail "valgrind: errors in weston with the module ($(basename "$DIR"), log $OUT/valgrind/weston-$WESTON_PID.log)"
		fi
	fi
}

# play NAME SCENARIO READY CLIENT...: the common course of a test. Starts weston for SCENARIO
# (start_weston) and one client, waits for READY in the client's output, replays the recording,
# then stops weston and the client so that their output is complete. Returns 0 when the checks
# can run; otherwise it has printed a FAIL line. REALTIME=1 replays in real time; SCREENSHOT=1
# sets PNG to a screenshot taken after the replay, before weston stops.
play() {
	local name=$1 scenario=$2 ready=$3
	shift 3
	if ! start_weston "$name" "$scenario" ${REALTIME:+realtime}; then
		stop_weston
		fail "$name: headless weston did not start (see $DIR)"
		return 1
	fi
	start_client c "$@"
	if wait_for "$DIR/c.out" "$ready" && replay; then
		PNG=
		[ -z "${SCREENSHOT:-}" ] || PNG=$(screenshot "$DIR" "$SOCK")
		stop_weston "$CPID_c"
		return 0
	fi
	stop_weston "$CPID_c"
	fail "$name: client not ready or replay incomplete (see $DIR)"
	return 1
}

. "$ROOT/tests/hosts/expectations.sh"

# The host side of tests/hosts/expectations.sh for weston.
TOUCH_CLIENT=$OUT/bezel-touch-client
DEFER_CLIENT=$OUT/bezel-defer-client
host_play() { play "$@"; }
host_play_kill() {
	local name=$1 rec=$2
	if ! start_weston "$name" "$rec" realtime; then
		stop_weston
		fail "$name: headless weston did not start (see $DIR)"
		return 1
	fi
	ln -sf weston.log "$DIR/host.log"
	start_client c "$TOUCH_CLIENT"
	if ! wait_for "$DIR/c.out" " ready"; then
		stop_weston "$CPID_c"
		fail "$name: client not ready (see $DIR)"
		return 1
	fi
	kill -USR2 "$WESTON_PID"
	wait_for "$DIR/c.out" " motion id=0" 1 20
	kill -KILL "$CPID_c"
	wait "$CPID_c" 2>/dev/null
	# A second client maps while the first finger still moves over the dead client's place.
	start_client d "$TOUCH_CLIENT"
	wait_for "$DIR/d.out" " ready"
	wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
	WAYLAND_DISPLAY=$SOCK wayland-info >"$DIR/wayland-info.out" 2>&1
	echo $? >"$DIR/wayland-info.status"
	stop_weston "$CPID_d"
}

# ---- 0. wayland-info: the global and a seat with touch ----
if start_weston info tap-bottom; then
	WAYLAND_DISPLAY=$SOCK wayland-info >"$DIR/wayland-info.out" 2>&1
	stop_weston
	if grep -q "bezel_system_gestures_manager_v1" "$DIR/wayland-info.out" &&
		grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
		pass "wayland-info lists bezel_system_gestures_manager_v1 and a seat with touch"
	else
		fail "wayland-info (see $DIR/wayland-info.out)"
	fi
else
	fail "headless weston did not start (see $DIR/weston.log)"
	finish
fi

# --valgrind: the table's tap, swipe and defer cases are the representative subset (the
# hostile loop runs under valgrind in tests/weston/hostile.sh --valgrind).
if [ "$VALGRIND" = 1 ]; then
	run_host_expectations tap swipe defer
	finish
fi

# ---- 1-6. the table every host runs (tests/hosts/expectations.sh): tap, dock swipe, late
# begin, swipe twice with the defer client, drag, client killed mid-touch ----
run_host_expectations

# ---- 7. gesture settings from [bezel] (DESIGN §4.4, flattened keys) reach the plugin ----
# bind-bottom= unbinds the bottom edge: a swipe up from the bottom is then the client's.
if EXTRA_INI="bind-bottom=" play config-unbind swipe-up " ready" "$OUT/bezel-touch-client"; then
	if grep -q "1 gesture setting(s) from \[bezel\] applied" "$DIR/weston.log" &&
		[ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] &&
		! grep -q "gesture began" "$DIR/events.log"; then
		pass "[bezel] bind-bottom= unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "[bezel] bind-bottom= (see $DIR)"
	fi
fi

# A bad value is named in weston's log, and the defaults apply: the dock still works.
if EXTRA_INI="bottom-edge-zone-mm=wide" play config-bad swipe-up " ready" "$OUT/bezel-touch-client"; then
	if grep -q "bezel\[warning\]:.*bottom-edge-zone-mm" "$DIR/weston.log" &&
		grep -q "gesture settings rejected" "$DIR/weston.log" &&
		grep -q "gesture began dock" "$DIR/events.log"; then
		pass "[bezel] bottom-edge-zone-mm=wide: a warning names the key, the defaults apply (dock began)"
	else
		fail "[bezel] bad gesture setting (see $DIR)"
	fi
fi

# ---- 8. what the user sees: the dock panel and the affordance bar, in weston's own pixels ----
# The pixman renderer draws into memory; weston-screenshooter (allowed by --debug) saves it.
# A committed dock stays open until the next touch-down, so a screenshot after the replay is
# deterministic; the affordance is kept up by a long rearm window (set through [bezel]).
# rgb_near "R G B" R G B TOL: the pixel is within TOL of the expected colour on each channel
rgb_near() {
	local got=($1)
	[ ${#got[@]} = 3 ] || return 1
	[ $(( ${got[0]} - $2 )) -le $5 ] && [ $(( $2 - ${got[0]} )) -le $5 ] &&
		[ $(( ${got[1]} - $3 )) -le $5 ] && [ $(( $3 - ${got[1]} )) -le $5 ] &&
		[ $(( ${got[2]} - $4 )) -le $5 ] && [ $(( $4 - ${got[2]} )) -le $5 ]
}
# pixel PNG X Y: "R G B"
pixel() { python3 "$ROOT/tests/weston/png-pixel.py" "$1" "$2,$3" | cut -d' ' -f2-; }
if EXTRA_ARGS="--use-pixman --debug" SCREENSHOT=1 play panel-dock swipe-up " ready" "$OUT/bezel-touch-client"; then
	# The client's surface shows white; the dock panel (153, 163, 184 at 92 %) covers the
	# bottom 22 % (422 px) and shows as about (161, 171, 189) over it.
	if [ -n "$PNG" ] && rgb_near "$(pixel "$PNG" 540 1850)" 161 171 189 10 &&
		rgb_near "$(pixel "$PNG" 540 1520)" 161 171 189 10 &&
		rgb_near "$(pixel "$PNG" 540 1480)" 255 255 255 3 &&
		rgb_near "$(pixel "$PNG" 540 600)" 255 255 255 3; then
		pass "dock panel: after a committed swipe the bottom 22 % of the screen is the dock's colour, the rest the client's"
	else
		fail "dock panel pixels (see $DIR, screenshot '$PNG')"
	fi
fi
if EXTRA_ARGS="--use-pixman --debug" EXTRA_INI="rearm-window-ms=600000" SCREENSHOT=1 play panel-affordance defer-once "honored_edges bottom" "$OUT/bezel-defer-client"; then
	# The example client paints (32, 40, 48); the bar (235, 235, 242 at 85 %) sits just
	# above the bottom edge, centred, about 390 px long, and shows as about (204, 205, 213).
	if [ -n "$PNG" ] && grep -q "deferred_swipe bottom" "$DIR/c.out" &&
		rgb_near "$(pixel "$PNG" 540 1896)" 204 205 213 10 &&
		rgb_near "$(pixel "$PNG" 400 1896)" 204 205 213 10 &&
		rgb_near "$(pixel "$PNG" 100 1896)" 32 40 48 3 &&
		rgb_near "$(pixel "$PNG" 540 1000)" 32 40 48 3; then
		pass "affordance bar: after a deferred swipe a light bar sits above the bottom edge, nothing else is drawn"
	else
		fail "affordance bar pixels (see $DIR, screenshot '$PNG')"
	fi
fi

# ---- latency (optional): libinput event time -> client receipt, with and without the module ----
# The time from the module receiving a libinput event to the client receiving the wl_touch
# event, for N taps in the middle (R1: delivered at once), replayed in real time 10 ms apart.
# "without": the same weston, seat and libinput source, but weston's own touch grab delivers
# (intercept=false), so the difference is what the plugin's routing adds.
if [ "$LATENCY" -gt 0 ]; then
	for mode in with without; do
		if [ $mode = without ]; then export BEZEL_WESTON_INTERCEPT=0; else unset BEZEL_WESTON_INTERCEPT; fi
		if REALTIME=1 play latency-$mode taps-$LATENCY " ready" "$OUT/bezel-touch-client"; then
			if python3 "$ROOT/tests/weston/latency.py" "$DIR/events.log" "$DIR/c.out" "$mode the module's routing"; then
				pass "latency measured ($mode)"
			else
				fail "latency ($mode), see $DIR"
			fi
		fi
	done
	unset BEZEL_WESTON_INTERCEPT
fi

finish
