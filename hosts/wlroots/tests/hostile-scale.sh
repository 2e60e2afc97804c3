#!/usr/bin/env bash
# Hostile scale on bezel-compositor (wlroots 0.15, headless backend, pixman renderer): what one
# client's surfaces cost the compositor and every other client, with the adapter and without it
# (intercept=false: no plugin, touches straight to the seat, as in tinywl). The same client
# (tests/hosts/hostile-scale-client.c) and the same bounds as weston's hostile-scale:
#
#   1. mapping N toplevels (MAP_COUNTS, default 2500 5000 10000 20000):
#        with the adapter < 3 x without + 500 ms
#   2. another client's commit round trip (commit + wl_display.sync, median of 300) while an
#      attacker holds nothing, MAPPED mapped toplevels, or IDLE idle wl_surfaces:
#        with an attacker < 3 x with none + 300 us, and with the adapter < 3 x without + 300 us
#   3. a client holding TOPLEVELS mapped toplevels is killed; the stall is the longest wait of
#      another client for a round trip meanwhile (median of KILL_RUNS runs):
#        with the adapter < 3 x without + 250 ms
#
# The shared hostile course (tests/hosts/hostile.sh; hosts/wlroots/tests/run.sh --scale) is what
# scripts/test.sh runs on every host; this script adds the mapping curve over several counts.
# Every figure is printed (and kept in OUT/scale-*/). Every client runs under `timeout`, every
# wait is bounded and says what it waited for, every process is stopped by its PID with a
# bounded wait, then a stack dump, then SIGKILL.
#
# usage: hosts/wlroots/tests/hostile-scale.sh [--debug] [--map "N..."] [--mapped N] [--idle N]
#        [--toplevels N] [--kill-runs N]
#   default: the plugin built optimised, MAP_COUNTS "2500 5000 10000 20000", MAPPED 10000,
#   IDLE 50000, TOPLEVELS 10000, KILL_RUNS 3. --debug: the debug plugin (figures then say little).
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_WLROOTS_SCRATCH:-$ROOT/.build-wlroots}
OUT=$SCRATCH/wlroots-scale
CONFIG=release
MAP_COUNTS="2500 5000 10000 20000"
MAPPED=10000
IDLE=50000
TOPLEVELS=10000
KILL_RUNS=3
while [ $# -gt 0 ]; do
	case $1 in
	--debug) CONFIG=debug ;;
	--map) MAP_COUNTS=$2; shift ;;
	--mapped) MAPPED=$2; shift ;;
	--idle) IDLE=$2; shift ;;
	--toplevels) TOPLEVELS=$2; shift ;;
	--kill-runs) KILL_RUNS=$2; shift ;;
	*) echo "usage: $0 [--debug] [--map \"N...\"] [--mapped N] [--idle N] [--toplevels N] [--kill-runs N]" >&2; exit 2 ;;
	esac
	shift
done

. "$ROOT/tests/lib/host.sh"

# ---- build: the plugin, the adapter and bezel-compositor (optimised), the scale client ----
host_build_plugin "$SCRATCH" "$CONFIG" "$OUT"
host_protocol_code "$OUT" || { fail "wayland-scanner"; finish; }
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O2 -g"
WLR="-DWLR_USE_UNSTABLE -I$OUT -I$ROOT/hosts/wlroots/src -I$INC $(pkg-config --cflags --libs wlroots wayland-server pixman-1)"
SC=$OUT/hostile-scale-client
# shellcheck disable=SC2086 # flag variables are lists
if cc $CFLAGS -shared -fPIC -o "$OUT/libbezel-wlroots.so" "$ROOT"/hosts/wlroots/src/*.c $WLR \
	-L"$BIN" -lBezelPlugin -Wl,-rpath,"$BIN" &&
	cc $CFLAGS -o "$OUT/bezel-compositor" "$ROOT/hosts/wlroots/compositor/bezel-compositor.c" $WLR \
		-L"$OUT" -lbezel-wlroots -L"$BIN" -lBezelPlugin -Wl,-rpath,"$OUT:$BIN" &&
	cc $CFLAGS -o "$SC" "$ROOT/tests/hosts/hostile-scale-client.c" "$ROOT/tests/hosts/client-kit.c" \
		"$OUT/xdg-shell-protocol.c" -I"$OUT" $(pkg-config --cflags --libs wayland-client); then
	pass "bezel-compositor, libbezel-wlroots.so and hostile-scale-client compile with -Werror ($CONFIG plugin)"
else
	fail "compile"
	finish
fi

export XDG_RUNTIME_DIR
XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-wlr-scale.XXXXXX")
chmod 700 "$XDG_RUNTIME_DIR"
bounded_at_exit 'rm -rf "$XDG_RUNTIME_DIR"'
BOUNDED_DUMP_DIR=$OUT

# start_comp NAME with|without: bezel-compositor with the adapter or without; sets DIR, SOCK,
# COMP. It logs "running on" once it accepts clients.
start_comp() {
	DIR=$OUT/scale-$1
	rm -rf "$DIR"
	mkdir -p "$DIR"
	SOCK=bezel-wlr-scale-$1
	printf '[bezel]\nlog-level=warning\n' >"$DIR/bezel.ini"
	[ "$2" = without ] && echo "intercept=false" >>"$DIR/bezel.ini"
	WLR_BACKENDS=headless WLR_RENDERER=pixman "$OUT/bezel-compositor" --socket "$SOCK" \
		--config "$DIR/bezel.ini" >"$DIR/host.log" 2>&1 </dev/null &
	COMP=$!
	bounded_track "$COMP" "bezel-compositor ($1)"
	wait_for "$DIR/host.log" "bezel-compositor: running on" 1 30 "bezel-compositor ($2 the adapter) to accept clients"
}
stop_comp() {
	stop_process bezel-compositor "$COMP"
	COMP=
}
# sc ARGS...: the scale client on the current compositor (a stall is a result, a hang a failure)
sc() { WAYLAND_DISPLAY=$SOCK timeout -k 5 600 "$SC" "$@"; }

# num FILE KEY N: the N-th word after KEY on its line ("commit-us median 80" -> 80 for N 2)
num() { awk -v k="$2" -v f="$3" '$1 == k { print $(f + 1); exit }' "$1" 2>/dev/null; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
bound() { awk -v a="$1" -v k="$2" -v c="$3" 'BEGIN { printf "%.1f", a * k + c }'; }
# check WHAT WITH BASE K C UNIT: pass if WITH < K x BASE + C
check() {
	local what=$1 with=$2 base=$3 k=$4 c=$5 unit=$6
	if [ -n "$with" ] && [ -n "$base" ] && lt "$with" "$(bound "$base" "$k" "$c")"; then
		pass "$what: $with $unit against $base $unit (bound ${k}x + $c $unit)"
	else
		fail "$what: ${with:-?} $unit against ${base:-?} $unit (bound ${k}x + $c $unit)"
	fi
}

declare -A MAP_MS STALL_MS STALL_RUNS COMMIT_US
# median A B C...: the middle value
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

# ---- 1. mapping N toplevels (each count once per mode) ----
for n in $MAP_COUNTS; do
	for mode in without with; do
		start_comp map-$n-$mode $mode || { fail "bezel-compositor did not start (see $DIR)"; stop_comp; continue; }
		if sc disconnect "$n" >"$DIR/disconnect.out" 2>&1; then
			MAP_MS[$n-$mode]=$(awk '$1 == "mapped" { print $5 }' "$DIR/disconnect.out")
		else
			echo "    scale client: $(tail -1 "$DIR/disconnect.out")"
		fi
		bounded_alive "$COMP" || fail "bezel-compositor ($mode the adapter) died with $n toplevels (see $DIR)"
		stop_comp
	done
	echo "figure: mapping $n toplevels: ${MAP_MS[$n-with]:-?} ms with the adapter, ${MAP_MS[$n-without]:-?} ms without"
	check "mapping $n toplevels with the adapter (ms)" "${MAP_MS[$n-with]:-}" "${MAP_MS[$n-without]:-}" 3 500 ms
done

# ---- 3. the client holding TOPLEVELS toplevels killed: KILL_RUNS runs per mode, the median ----
for mode in without with; do
	runs=()
	for r in $(seq "$KILL_RUNS"); do
		start_comp kill-$r-$mode $mode || { fail "bezel-compositor did not start (see $DIR)"; stop_comp; continue; }
		sc disconnect "$TOPLEVELS" >"$DIR/disconnect.out" 2>&1 &&
			runs+=("$(num "$DIR/disconnect.out" stall-ms 1)")
		bounded_alive "$COMP" || fail "bezel-compositor ($mode the adapter) died when the client was killed (see $DIR)"
		stop_comp
	done
	[ ${#runs[@]} -gt 0 ] && STALL_MS[$mode]=$(median "${runs[@]}")
	STALL_RUNS[$mode]="${runs[*]:-}"
done
echo "figure: killing a client with $TOPLEVELS toplevels stalls ${STALL_MS[with]:-?} ms with the adapter (runs: ${STALL_RUNS[with]}), ${STALL_MS[without]:-?} ms without (runs: ${STALL_RUNS[without]})"
check "stall when a client holding $TOPLEVELS toplevels is killed, with the adapter (median of $KILL_RUNS)" \
	"${STALL_MS[with]:-}" "${STALL_MS[without]:-}" 3 250 ms

# ---- 2. another client's commits while an attacker holds nothing, mapped toplevels, idle surfaces ----
for mode in without with; do
	for attacker in none "mapped $MAPPED" "idle $IDLE"; do
		key=$mode-${attacker%% *}
		start_comp commit-${attacker%% *}-$mode $mode || { fail "bezel-compositor did not start (see $DIR)"; stop_comp; continue; }
		apid=
		if [ "$attacker" != none ]; then
			# shellcheck disable=SC2086 # "mode N"
			WAYLAND_DISPLAY=$SOCK timeout -k 5 900 "$SC" $attacker >"$DIR/attacker.out" 2>&1 &
			apid=$!
			bounded_track "$apid" "attacker ($attacker)"
			wait_for "$DIR/attacker.out" "^ready" 1 300 "the attacker to hold $attacker" || fail "attacker $attacker ($mode the adapter) not ready (see $DIR)"
		fi
		sc commits 300 >"$DIR/commits.out" 2>&1 && COMMIT_US[$key]=$(num "$DIR/commits.out" commit-us 2)
		echo "    $mode the adapter, attacker $attacker: $(head -1 "$DIR/commits.out"); $(sed -n 's/^ready: //p' "$DIR/attacker.out" 2>/dev/null)"
		stop_process attacker "$apid"
		stop_comp
	done
done
echo "figure: another client's commit round trip (median us): with the adapter ${COMMIT_US[with-none]:-?} / ${COMMIT_US[with-mapped]:-?} with $MAPPED mapped toplevels / ${COMMIT_US[with-idle]:-?} with $IDLE idle surfaces; without ${COMMIT_US[without-none]:-?} / ${COMMIT_US[without-mapped]:-?} / ${COMMIT_US[without-idle]:-?}"
for a in mapped idle; do
	check "another client's commit with the attacker's $a surfaces, with the adapter (us)" \
		"${COMMIT_US[with-$a]:-}" "${COMMIT_US[with-none]:-}" 3 300 us
	check "another client's commit with the attacker's $a surfaces, adapter against none (us)" \
		"${COMMIT_US[with-$a]:-}" "${COMMIT_US[without-$a]:-}" 3 300 us
done
finish
