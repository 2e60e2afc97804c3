#!/bin/sh
# The speed figures of the README's Performance section, in one run (a few minutes on 2 cores).
#
#   instructions/event  callgrind, the difference between `--repeat 1` and `--repeat 3` on the
#                       shared stream divided by the extra events: parsing the file, building the
#                       routers and starting the process cancel out
#   allocations/event   counted from outside by an LD_PRELOAD counter (scripts/alloc-counter.c),
#                       at two run lengths of the same stream (all of it, and its first 1,000
#                       events); the file is parsed whole in both, so only the replay differs
#   ns/event            median of `bezel bench` runs (wall clock: read it as a range)
#   swipes begun        edge swipes of the stream that began as system gestures
#   growth              instructions/event on the synthetic load at fingers 1/10, surfaces 1/200
#                       and depth 1/8, each against the load with all three at 1
#   multi-finger        the same stream with a 3-finger swipe and a 4-finger pinch bound
#                       (docs/design.md §4.5), measured as above, beside the stream without them
#   back                the synthetic load with back bound on both side edges and every other
#                       surface handling it (docs/design.md §4.6), beside the load without
#
# Usage: scripts/bench.sh [--no-build] [--stream FILE]   (run from the repository root)
# Needs: swift, valgrind, cc, objcopy. The stream defaults to ../shared/bench/stream-100k.txt.
set -eu

stream=../shared/bench/stream-100k.txt
build=1
while [ $# -gt 0 ]; do
	case "$1" in
	--no-build) build=0 ;;
	--stream) stream=$2; shift ;;
	*) echo "usage: $0 [--no-build] [--stream FILE]" >&2; exit 2 ;;
	esac
	shift
done
[ -f "$stream" ] || { echo "bench: no stream file at $stream" >&2; exit 2; }

if [ "$build" = 1 ]; then
	swift build -c release --product bezel >/dev/null
fi
bin=$(swift build -c release --show-bin-path)/bezel
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Debian's valgrind cannot read the DWARF 5 debug info of the Swift toolchain: profile a copy
# without it (the symbol table stays, so callgrind_annotate still names functions).
objcopy --strip-debug "$bin" "$work/bezel"
cc -shared -fPIC -O2 -o "$work/alloc-counter.so" scripts/alloc-counter.c -ldl

# field NAME: the value of a numeric or string field of the JSON object on stdin.
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p"; }

# instructions ARGS...: instructions callgrind counts for one `bezel bench ARGS`.
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/bezel" bench "$@" --json \
		2>"$work/vg.log" >/dev/null
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg.log"
}

# per_event ARGS...: instructions per event of `bezel bench ARGS` (one timed run against three;
# each run replays the same events through a fresh router).
per_event() {
	events=$("$bin" bench "$@" --repeat 1 --json | field events)
	one=$(instructions "$@" --repeat 1)
	three=$(instructions "$@" --repeat 3)
	echo "$one $three $events" | awk '{ printf "%.0f", ($2 - $1) / (2 * $3) }'
}

# allocations ARGS...: heap allocations of one `bezel bench ARGS` process, counted from outside.
allocations() {
	LD_PRELOAD="$work/alloc-counter.so" "$bin" bench "$@" --repeat 1 --json 2>"$work/alloc.log" >/dev/null
	sed -n 's/^alloc-counter: \([0-9]*\) allocations$/\1/p' "$work/alloc.log"
}

echo "bench: $stream ($(wc -l <"$stream") lines), binary $bin"

full=$("$bin" bench --stream "$stream" --repeat 11 --json)
events=$(echo "$full" | field events)
short=1000
instr=$(per_event --stream "$stream")
# Both runs name --events, so that parsing the command line costs the same.
a_full=$(allocations --stream "$stream" --events "$events")
a_short=$(allocations --stream "$stream" --events "$short")
alloc=$(echo "$a_full $a_short $events $short" | awk '{ printf "%.4f", ($1 - $2) / ($3 - $4) }')
swipes=$(echo "$full" | field edge_swipes)
begun=$(echo "$full" | field system_gestures_begun)

echo
echo "stream                 value      target"
printf 'instructions/event     %-10s <= 200\n' "$instr"
printf 'allocations/event      %-10s 0 (%s allocations at %s events, %s at %s)\n' \
	"$alloc" "$a_full" "$events" "$a_short" "$short"
printf 'ns/event (median)      %-10s (min %s, max %s, 11 runs)\n' \
	"$(echo "$full" | field ns_per_event)" "$(echo "$full" | field ns_per_event_min)" \
	"$(echo "$full" | field ns_per_event_max)"
printf 'edge swipes begun      %-10s >= 827 of 910 (%s of %s)\n' \
	"$(echo "$begun $swipes" | awk '{ printf "%.1f%%", 100 * $1 / $2 }')" "$begun" "$swipes"
printf 'client events          %s\n' "$(echo "$full" | field client_events)"

# Multi-finger gestures (docs/design.md §4.5): the same stream with two of them bound, so that every
# touch also goes through the gesture engine's recognizers on the root.
mf_spec=workspace:swipe:3:left,overview:pinch:4:in
mf=$("$bin" bench --stream "$stream" --multi-finger "$mf_spec" --repeat 11 --json)
mf_instr=$(per_event --stream "$stream" --multi-finger "$mf_spec")
mf_a_full=$(allocations --stream "$stream" --multi-finger "$mf_spec" --events "$events")
mf_a_short=$(allocations --stream "$stream" --multi-finger "$mf_spec" --events "$short")
echo
echo "multi-finger ($mf_spec)   without      with"
printf 'instructions/event     %-12s %-10s (target with: <= 400)\n' "$instr" "$mf_instr"
printf 'allocations/event      %-12s %s\n' "$alloc" \
	"$(echo "$mf_a_full $mf_a_short $events $short" | awk '{ printf "%.4f", ($1 - $2) / ($3 - $4) }')"
printf 'ns/event (median)      %-12s %s\n' "$(echo "$full" | field ns_per_event)" "$(echo "$mf" | field ns_per_event)"
printf 'edge swipes begun      %-12s %s\n' "$begun" "$(echo "$mf" | field system_gestures_begun)"
printf 'multi-finger begun     %-12s %s (candidates failed: %s without, %s with)\n' 0 \
	"$(echo "$mf" | field multi_finger_begun)" "$(echo "$full" | field candidates_failed)" \
	"$(echo "$mf" | field candidates_failed)"

# The back gesture handled by the app (docs/design.md §4.6): the synthetic load with back bound
# on both side edges and every other surface handling it, beside the same load without.
back_args="--events 100000"
# shellcheck disable=SC2086
back=$("$bin" bench $back_args --back --repeat 5 --json)
# shellcheck disable=SC2086
back_plain=$(per_event $back_args)
# shellcheck disable=SC2086
back_instr=$(per_event $back_args --back)
echo
echo "back (synthetic, 100000 events)   without      with"
printf 'instructions/event     %-12s %-10s\n' "$back_plain" "$back_instr"
printf 'allocations per timed run   %s (counted inside bezel around each run)\n' "$(echo "$back" | field allocations_per_run)"
printf 'back taken by the app  %-12s %s of %s begun\n' 0 "$(echo "$back" | field back_began)" \
	"$(echo "$back" | field system_gestures_begun)"

# Growth: the synthetic load (100,000 events) with one dimension raised at a time.
echo
echo "growth (synthetic, 100000 events)   instructions/event   ns/event   ratio to 1/1/1 (target <= 2.00x)"
base=""
for shape in "1 1 1" "10 1 1" "1 200 1" "1 1 8"; do
	set -- $shape
	args="--events 100000 --fingers $1 --surfaces $2 --depth $3"
	# shellcheck disable=SC2086
	i=$(per_event $args)
	# shellcheck disable=SC2086
	ns=$("$bin" bench $args --repeat 5 --json | field ns_per_event)
	[ -n "$base" ] || base=$i
	printf 'fingers %-3s surfaces %-4s depth %-2s  %-20s %-10s %s\n' "$1" "$2" "$3" "$i" "$ns" \
		"$(echo "$i $base" | awk '{ printf "%.2fx", $1 / $2 }')"
done

echo
engine_ns=$("$bin" bench --engine --events 100000 --repeat 5 --json)
e1=$(instructions --engine --events 50000 --repeat 1)
e2=$(instructions --engine --events 100000 --repeat 1)
printf 'engine (bench --engine): %s instructions/event, %s ns/event, %s allocations/run\n' \
	"$(echo "$e1 $e2" | awk '{ printf "%.0f", ($2 - $1) / 50000 }')" \
	"$(echo "$engine_ns" | field ns_per_event)" "$(echo "$engine_ns" | field allocations_per_run)"
