#!/usr/bin/env bash
# Side by side: Bezel's edge swipes (libbezel-wayfire.so) and Wayfire 0.7's own (wf-touch's
# edge-swipe gesture in Wayfire's core, bound with the `command` plugin), on the same
# recordings, replayed through the same real libinput on an umockdev touchscreen into the same
# Wayfire, with the same full-screen client (tests/hosts/bezel-touch-client, without a gesture
# object so that it is the same client in every mode).
#
# Modes:
#   wayfire  plugins = command bezel-test-rig; [command] binds `edge-swipe DIR N` (every
#            direction, 1 to 3 fingers) to a command that appends a line to a file: one line
#            per edge swipe Wayfire recognized
#   bezel    plugins = bezel bezel-test-rig: system gestures from the event log; all four
#            edges bound (the default leaves the left edge unbound; here bind-left=back, as
#            the benchmark's README asks), as Wayfire's bindings cover every direction
#   both     plugins = bezel command bezel-test-rig: what a user gets who loads the plugin and
#            keeps Wayfire's own bindings
# Recordings: the host table's synthetic ones (tests/hosts/gen-touch.py), the real
# touchscreen recordings in ../shared/traces/evemu-devices, and the shared benchmark stream
# ../shared/bench/stream-100k.txt (on a 1080x2340, 68x147 mm output, as its README says).
#
# usage: hosts/wayfire/tests/side-by-side.sh [--no-stream] [--realtime] [RECORDING...]
#   RECORDING: only these (tap-bottom, swipe-up, late-begin, swipe-twice, trace:FILE.events,
#   stream)
#   --realtime: replay with the recordings' own pacing (the stream then takes 11.5 min a mode)
# Prints one markdown table (docs/wayfire.md holds the one it gave), then "N passed, N failed"
# (a run counts as passed when it completed; the numbers are measurements, not assertions).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_WAYFIRE_SCRATCH:-$ROOT/.build-wayfire}
OUT=$SCRATCH/wayfire-side-by-side
. "$ROOT/tests/lib/host.sh"
RUNNER_EXTRA_FLAGS="--no-stream --realtime"
runner_args "$@"
STREAM=1
[ -n "${RUNNER_OPT[--no-stream]:-}" ] && STREAM=
PACING=
[ -n "${RUNNER_OPT[--realtime]:-}" ] && PACING=realtime
ONLY=("${CASES[@]}")
# Here a run passes when it completed; the numbers are measurements. Failures go to stderr so
# that stdout is the table.
COUNTERS_QUIET=1
. "$ROOT/hosts/wayfire/tests/lib.sh" >/dev/null

TRACES=$ROOT/../shared/traces/evemu-devices
BENCH=$ROOT/../shared/bench/stream-100k.txt
PREP=$OUT/recordings
mkdir -p "$PREP"

# prepare NAME: umockdev files in $PREP/NAME; sets UPS (fingers lifted in the recording),
# REC_MODE, REC_MM. NAME: a gen-touch.py scenario, trace:FILE.events, or stream.
prepare() {
	local name=$1 d=$PREP/${1//[:\/]/_} src
	RIG_STREAM=
	REC_MODE=1080x1920
	REC_MM=68x121
	rm -rf "$d"
	mkdir -p "$d"
	case $name in
	trace:*)
		src=$TRACES/${name#trace:}
		local desc
		desc=$(echo "$src" | sed 's/\.[^/]*\.events$/.desc/')
		"$PROBE" umockdev --desc "$desc" --events "$src" --out "$d" --node "$NODE" >"$d/probe.log" 2>&1 || return 1
		UPS=$("$PROBE" trace --desc "$desc" --events "$src" --output "$REC_MODE@$REC_MM" | grep -o ' up [0-9]' | wc -l)
		if [ "$PACING" = realtime ]; then
			python3 "$ROOT/tests/hosts/realtime-script.py" "$src" "$d/device.script" || return 1
		fi
		;;
	stream)
		# 100,000 events: umockdev replays a few dozen a second, so the rig reads the stream
		# itself (a recording reader, no libinput); the device below is never opened.
		REC_MODE=1080x2340
		REC_MM=68x147
		python3 "$ROOT/tests/hosts/gen-touch.py" tap-bottom "$d/rec.evemu" >/dev/null || return 1
		"$PROBE" umockdev --events "$d/rec.evemu" --out "$d" --node "$NODE" >"$d/probe.log" 2>&1 || return 1
		UPS=$(grep -c ' up ' "$BENCH")
		RIG_STREAM=$BENCH
		DEVICE_DIR=$d
		return 0
		;;
	*)
		python3 "$ROOT/tests/hosts/gen-touch.py" "$name" "$d/rec.evemu" >/dev/null || return 1
		"$PROBE" umockdev --events "$d/rec.evemu" --out "$d" --node "$NODE" >"$d/probe.log" 2>&1 || return 1
		UPS=$(grep -c ' 0039 -001' "$d/rec.evemu")
		;;
	esac
	if [ "$PACING" = realtime ] && [ -f "$d/rec.evemu" ]; then
		python3 "$ROOT/tests/hosts/realtime-script.py" "$d/rec.evemu" "$d/device.script" || return 1
	fi
	python3 "$ROOT/tools/umockdev-preload/script-spaces.py" "$d/device.script" >/dev/null || return 1
	DEVICE_DIR=$d
}

# [command] bindings: every edge-swipe direction with 1 to 3 fingers appends "DIR N" to FILE.
command_section() {
	local file=$1 dir n
	echo "[command]"
	for dir in up down left right; do
		for n in 1 2 3; do
			echo "binding_edge_${dir}_$n = edge-swipe $dir $n"
			echo "command_edge_${dir}_$n = echo $dir $n >>$file"
		done
	done
}

# settle FILE: waits until FILE stops growing (the command plugin's shells finish), 10 s at most.
settle() {
	local file=$1 last=-1 now i=0
	while [ $i -lt 50 ]; do
		now=$(wc -l <"$file" 2>/dev/null || echo 0)
		[ "$now" = "$last" ] && return 0
		last=$now
		sleep 0.2 # polling interval, not synchronisation
		i=$((i + 1))
	done
}

# run_one RECORDING MODE: replays RECORDING in Wayfire in MODE; prints a table row.
run_one() {
	local rec=$1 mode=$2 plugins sections= timeout=60
	case $mode in
	wayfire) plugins="command bezel-test-rig" ;;
	bezel) plugins="bezel bezel-test-rig" ;;
	both) plugins="bezel command bezel-test-rig" ;;
	esac
	[ "$rec" = stream ] && timeout=900
	local name=sbs-${rec//[:\/.]/_}-$mode
	local gest=$OUT/$name.wf-gestures
	rm -f "$gest"
	: >"$gest"
	[ "$mode" != bezel ] && sections=$(command_section "$gest")
	if ! EXTRA_INI="bind-left = back:0.0:1.0" RIG_STREAM=$RIG_STREAM DEVICE_DIR=$DEVICE_DIR OUTPUT_MODE=$REC_MODE OUTPUT_MM=$REC_MM PLUGIN_LIST=$plugins \
		EXTRA_SECTIONS=$sections start_wayfire "$name" unused; then
		stop_wayfire
		fail "$rec $mode: Wayfire did not start: $(why_not_started) (see $DIR)"
		return
	fi
	start_client c "$OUT/bezel-touch-client" --no-gesture-object
	if ! wait_for "$DIR/c.out" " ready" || ! kill -USR2 "$WF_PID" ||
		! wait_for "$DIR/events.log" "libinput up\|stream up" "$UPS" "$timeout"; then
		stop_wayfire "$CPID_c"
		fail "$rec $mode: replay incomplete (see $DIR)"
		return
	fi
	settle "$gest"
	stop_wayfire "$CPID_c"
	pass
	local ev=$DIR/events.log c=$DIR/c.out
	local contacts wf_n began committed downs ups cancels
	contacts=$(grep -c "libinput down\|stream down" "$ev")
	wf_n=$(wc -l <"$gest")
	began=$(grep -c "gesture began" "$ev")
	committed=$(grep -c "gesture ended .*committed=1" "$ev")
	downs=$(grep -c " down id=" "$c")
	ups=$(grep -c " up id=" "$c")
	cancels=$(grep -c " cancel" "$c")
	case $mode in
	wayfire) began=-; committed=- ;;
	bezel) wf_n=- ;;
	esac
	printf '| %s | %s | %s | %s | %s / %s | %s / %s / %s |\n' "$rec" "$mode" "$contacts" "$wf_n" \
		"$began" "$committed" "$downs" "$ups" "$cancels"
}

RECORDINGS=(tap-bottom swipe-up late-begin swipe-twice)
if [ -d "$TRACES" ]; then
	for e in "$TRACES"/*.events; do RECORDINGS+=("trace:$(basename "$e")"); done
else
	echo "note: $TRACES not found; the real recordings are left out" >&2
fi
if [ -n "$STREAM" ]; then
	if [ -f "$BENCH" ]; then RECORDINGS+=(stream); else echo "note: $BENCH not found" >&2; fi
fi

[ ${#ONLY[@]} -gt 0 ] && RECORDINGS=("${ONLY[@]}")

echo "| recording | mode | contacts | Wayfire edge swipes | Bezel gestures began / committed | client got down / up / cancel |"
echo "| --- | --- | --- | --- | --- | --- |"
for rec in "${RECORDINGS[@]}"; do
	if ! prepare "$rec"; then
		fail "$rec: cannot prepare the recording"
		continue
	fi
	for mode in wayfire bezel both; do
		run_one "$rec" "$mode"
	done
done
finish
