#!/usr/bin/env bash
# Hostile scale: what one client's surfaces cost the compositor and every other client, with real
# weston 10 (headless, kiosk shell) and bezel-weston.so (docs/design.md §5: no client can stall the
# compositor; §9: cost grows no worse than linearly with surfaces).
#
#   1. idle surfaces: another client's commit round trip (commit + wl_display.sync) with 0 and
#      with IDLE plain wl_surfaces (no role, no buffer, no Bezel request) held by an attacker,
#      and a tap's latency from libinput to the client in both cases (touches from real
#      libinput on an umockdev touchscreen, replayed in real time);
#   2. creation: CREATE surfaces, each committed once, with and without the module;
#   3. disconnect: a client with TOPLEVELS mapped toplevels is killed; weston's stall is the
#      longest roundtrip of another client meanwhile, with and without the module.
# Every figure is printed. The assertions are generous bounds that catch a cost growing with
# other clients' surfaces (a scan per commit, a quadratic teardown), never tight timings:
#   commit with IDLE surfaces  < 3 x commit with 0 + 300 us     (median)
#   tap latency with IDLE      < 3 x tap latency with 0 + 2 ms  (median)
#   creation with the module   < 3 x without + 250 ms
#   disconnect stall with      < 3 x without + 250 ms           (goal: within 2 x)
#   mapping the toplevels with < 3 x without + 500 ms
#
# usage: hosts/weston/tests/hostile-scale.sh [--debug] [--idle N] [--create N] [--toplevels N]
#   default: the plugin built optimised (--release of run.sh), IDLE 50000, CREATE 25000,
#   TOPLEVELS 10000. --debug: the debug build (figures then say little about the product).
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_WESTON_SCRATCH:-$ROOT/.build-weston}
OUT=$SCRATCH/weston-tests
IDLE=50000
CREATE=25000
TOPLEVELS=10000
CONFIG=release
while [ $# -gt 0 ]; do
	case $1 in
	--debug) CONFIG=debug ;;
	--idle) IDLE=$2; shift ;;
	--create) CREATE=$2; shift ;;
	--toplevels) TOPLEVELS=$2; shift ;;
	*) echo "usage: $0 [--debug] [--idle N] [--create N] [--toplevels N]" >&2; exit 2 ;;
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

# ---- build: the module, clients and umockdev shim through run.sh, then the scale client ----
BUILD_ARGS=()
[ $CONFIG = release ] && BUILD_ARGS=(--release)
echo "== building (hosts/weston/tests/run.sh --build-only ${BUILD_ARGS[*]:-})"
if ! BEZEL_WESTON_SCRATCH=$SCRATCH "$ROOT/hosts/weston/tests/run.sh" --build-only "${BUILD_ARGS[@]}" >"$SCRATCH.scale-build.log" 2>&1; then
	tail -30 "$SCRATCH.scale-build.log"
	fail "build (hosts/weston/tests/run.sh --build-only)"
	finish
fi
BIN=$(swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
PROBE=$BIN/bezel-input-probe
SC=$OUT/hostile-scale-client
if cc -std=gnu11 -Wall -Wextra -Werror -O2 -g -o "$SC" "$ROOT/hosts/weston/tests/hostile-scale-client.c" \
	"$OUT/xdg-shell-protocol.c" -I"$OUT" $(pkg-config --cflags --libs wayland-client) &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "hostile-scale-client compiles with -Werror ($CONFIG plugin)"
else
	fail "compile hostile-scale-client"
	finish
fi

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
NODE=/dev/input/event7
. "$ROOT/hosts/weston/tests/lib.sh"

# num FILE KEY N: the N-th word after KEY on its line (num F commit-us 2: "commit-us median 80" -> 80)
num() { awk -v k="$2" -v f="$3" '$1 == k { print $(f + 1); exit }' "$1"; }
# lt A B: A < B for decimal numbers
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
# bound A K C: K * A + C
bound() { awk -v a="$1" -v k="$2" -v c="$3" 'BEGIN { printf "%.1f", a * k + c }'; }

# start_plain NAME with|without: headless weston without a touch device, with or without the
# module; sets DIR, SOCK, WPID. The scale client retries its connection until weston accepts it.
start_plain() {
	DIR=$OUT/scale-$1
	rm -rf "$DIR"
	mkdir -p "$DIR"
	SOCK=bezel-scale-$1
	rm -f "$XDG_RUNTIME_DIR/$SOCK" "$XDG_RUNTIME_DIR/$SOCK.lock"
	printf '[core]\nidle-time=0\n[bezel]\nlog-level=warning\n' >"$DIR/weston.ini"
	local modules=()
	[ "$2" = with ] && modules=(--modules="$OUT/bezel-weston.so")
	weston --backend=headless-backend.so --shell=kiosk-shell.so --width=1080 --height=1920 \
		--socket="$SOCK" --config="$DIR/weston.ini" "${modules[@]}" --log="$DIR/weston.log" \
		</dev/null >"$DIR/weston.out" 2>&1 &
	WPID=$!
	if [ "$2" = with ]; then
		wait_for "$DIR/weston.log" "bezel: libbezel .* loaded" 1 60
	fi
}
stop_plain() {
	kill -TERM "$WPID" 2>/dev/null
	wait "$WPID" 2>/dev/null
}
# sc ARGS...: runs the scale client on the current weston (bounded: a stall is a result, a
# hang is a failure)
sc() { WAYLAND_DISPLAY=$SOCK timeout 600 "$SC" "$@"; }

# ---- 1. idle surfaces: another client's commits and taps ----
# One umockdev weston per case: the touch client maps, the attacker's surfaces are created,
# then the commit probe runs and the taps replay in real time.
idle_case() {
	local name=$1 count=$2
	DIR=$OUT/scale-idle-$count
	rm -rf "$DIR"
	mkdir -p "$DIR"
	SOCK=bezel-idle-$count
	make_touch_device "$ROOT" "$PROBE" taps-100 "$DIR" $NODE realtime || return 1
	cat >"$DIR/weston.ini" <<-EOF
	[core]
	idle-time=0
	[bezel]
	log-level=warning
	output-width-mm=68
	output-height-mm=121
	event-log=$DIR/events.log
	[bezel-rig]
	touch-device=$NODE
	touch-device-open=sigusr2
	event-log=$DIR/events.log
	EOF
	if ! start_umockdev_weston "$DIR" $NODE "$SHIM" "$(weston_modules "$OUT")" "$SOCK"; then
		kill -TERM "$WESTON_PID" 2>/dev/null
		wait "$WPID" 2>/dev/null
		return 1
	fi
	WAYLAND_DISPLAY=$SOCK "$OUT/bezel-touch-client" >"$DIR/c.out" 2>"$DIR/c.err" &
	local cpid=$! apid=
	wait_for "$DIR/c.out" " ready" 1 60 || return 1
	if [ "$count" -gt 0 ]; then
		WAYLAND_DISPLAY=$SOCK "$SC" idle "$count" >"$DIR/attacker.out" 2>&1 &
		apid=$!
		wait_for "$DIR/attacker.out" "^ready" 1 300 || return 1
	fi
	sc commits 300 >"$DIR/commits.out" 2>&1 || return 1
	kill -USR2 "$WESTON_PID"
	wait_for "$DIR/events.log" "libinput up" 100 60
	python3 "$ROOT/hosts/weston/tests/latency.py" "$DIR/events.log" "$DIR/c.out" "$name" >"$DIR/latency.out" 2>&1
	kill -TERM "$WESTON_PID" 2>/dev/null
	wait "$WPID" 2>/dev/null
	wait "$cpid" 2>/dev/null
	[ -n "$apid" ] && { kill "$apid" 2>/dev/null; wait "$apid" 2>/dev/null; }
	return 0
}
if idle_case "0 idle surfaces" 0; then D0=$DIR; else fail "idle case 0 (see $DIR)"; D0=; fi
if idle_case "$IDLE idle surfaces" "$IDLE"; then DN=$DIR; else fail "idle case $IDLE (see $DIR)"; DN=; fi
if [ -n "$D0" ] && [ -n "$DN" ]; then
	c0=$(num "$D0/commits.out" commit-us 2); cn=$(num "$DN/commits.out" commit-us 2)
	r0=$(num "$D0/commits.out" roundtrip-us 2); rn=$(num "$DN/commits.out" roundtrip-us 2)
	echo "figure: another client's commit round trip (median us): $c0 with 0 idle surfaces, $cn with $IDLE (bare roundtrip $r0 / $rn us); $(sed -n 's/^ready: //p' "$DN/attacker.out")"
	l0=$(sed -n 's/.*median \([0-9]*\) us.*/\1/p' "$D0/latency.out"); ln=$(sed -n 's/.*median \([0-9]*\) us.*/\1/p' "$DN/latency.out")
	echo "figure: tap latency libinput -> client: $(cat "$D0/latency.out"); $(cat "$DN/latency.out")"
	if [ -n "$c0" ] && [ -n "$cn" ] && lt "$cn" "$(bound "$c0" 3 300)"; then
		pass "another client's commit costs ${cn} us with $IDLE idle surfaces held by an attacker, ${c0} us with none (bound 3x + 300 us)"
	else
		fail "commit cost grows with another client's idle surfaces: ${cn:-?} us with $IDLE, ${c0:-?} us with none (bound 3x + 300 us)"
	fi
	if [ -n "$l0" ] && [ -n "$ln" ] && lt "$ln" "$(bound "$l0" 3 2000)"; then
		pass "tap latency ${ln} us with $IDLE idle surfaces, ${l0} us with none (median; bound 3x + 2 ms)"
	else
		fail "tap latency grows with another client's idle surfaces: ${ln:-?} us with $IDLE, ${l0:-?} us with none (see $DN/latency.out)"
	fi
fi

# ---- 2. creation of CREATE surfaces, each committed once ----
declare -A CREATE_MS STALL_MS MAP_MS
for mode in without with; do
	start_plain create-$mode $mode
	if sc create "$CREATE" >"$DIR/create.out" 2>&1; then
		CREATE_MS[$mode]=$(num "$DIR/create.out" create-ms 1)
	fi
	stop_plain
done
echo "figure: creating $CREATE surfaces (each committed once): ${CREATE_MS[with]:-?} ms with the module, ${CREATE_MS[without]:-?} ms without"
if [ -n "${CREATE_MS[with]:-}" ] && [ -n "${CREATE_MS[without]:-}" ] &&
	lt "${CREATE_MS[with]}" "$(bound "${CREATE_MS[without]}" 3 250)"; then
	pass "creating $CREATE surfaces: ${CREATE_MS[with]} ms with the module, ${CREATE_MS[without]} ms without (bound 3x + 250 ms)"
else
	fail "creating $CREATE surfaces: ${CREATE_MS[with]:-?} ms with the module, ${CREATE_MS[without]:-?} ms without (bound 3x + 250 ms)"
fi

# ---- 3. a client with TOPLEVELS mapped toplevels disconnects ----
for mode in without with; do
	start_plain disconnect-$mode $mode
	if sc disconnect "$TOPLEVELS" >"$DIR/disconnect.out" 2>&1; then
		STALL_MS[$mode]=$(num "$DIR/disconnect.out" stall-ms 1)
		MAP_MS[$mode]=$(awk '$1 == "mapped" { print $5 }' "$DIR/disconnect.out")
	fi
	if ! kill -0 "$WPID" 2>/dev/null; then
		fail "weston ($mode the module) died during the disconnect of $TOPLEVELS toplevels (see $DIR)"
	fi
	stop_plain
done
echo "figure: a client with $TOPLEVELS toplevels killed: weston stalls ${STALL_MS[with]:-?} ms with the module, ${STALL_MS[without]:-?} ms without (mapping them took ${MAP_MS[with]:-?} / ${MAP_MS[without]:-?} ms)"
if [ -n "${STALL_MS[with]:-}" ] && [ -n "${STALL_MS[without]:-}" ] &&
	lt "${STALL_MS[with]}" "$(bound "${STALL_MS[without]}" 3 250)"; then
	pass "disconnect of $TOPLEVELS toplevels: weston stalls ${STALL_MS[with]} ms with the module, ${STALL_MS[without]} ms without (bound 3x + 250 ms; goal 2x)"
else
	fail "disconnect of $TOPLEVELS toplevels: weston stalls ${STALL_MS[with]:-?} ms with the module, ${STALL_MS[without]:-?} ms without (bound 3x + 250 ms)"
fi
if [ -n "${MAP_MS[with]:-}" ] && [ -n "${MAP_MS[without]:-}" ] &&
	lt "${MAP_MS[with]}" "$(bound "${MAP_MS[without]}" 3 500)"; then
	pass "mapping $TOPLEVELS toplevels: ${MAP_MS[with]} ms with the module, ${MAP_MS[without]} ms without (bound 3x + 500 ms)"
else
	fail "mapping $TOPLEVELS toplevels: ${MAP_MS[with]:-?} ms with the module, ${MAP_MS[without]:-?} ms without (bound 3x + 500 ms)"
fi
finish
