#!/usr/bin/env bash
# bezel.h section 4 from C: the libinput touch source on a host's wl_event_loop, reading real
# libinput on an umockdev-emulated touchscreen (tools/umockdev-preload; no /dev/input needed).
# input-source-test.c prints every listener call; the lines must equal what BezelInput's trace
# reader decodes from the same recording with the same output and transform:
#   1. argument handling: bad calls return codes with a log line (no device needed);
#   2. a swipe on a 90-degree output: every touch, position and time as in the recording, and
#      the first point where the rotation puts it;
#   3. a real four-finger recording (../shared/traces) on a 270-degree output;
#   3b. protocol A recordings (no slots, SYN_MT_REPORT): live libinput, which reads them through
#      mtdev, and the trace reader give the same touches (tests/input/compare-touches.py prints
#      the touch counts and the largest coordinate difference);
#   4. the device removed with a finger down (R8): cancel, then device_removed, and the source
#      destroyed from inside device_removed; then the node added again (hot-plug re-add);
#   5. the udev backend on seat0 finds the emulated touchscreen and gives the same touches.
#
# Usage: tests/input/run.sh [--valgrind]     Ends with "N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_INPUT_SCRATCH:-$ROOT/.build-input${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
OUT=$SCRATCH/input-tests
NODE=/dev/input/event9
TRACES=$ROOT/../shared/traces/evemu-devices
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/args.sh"
. "$ROOT/tests/lib/product.sh"
runner_args "$@"

for tool in umockdev-run cc python3 pkg-config; do
	command -v "$tool" >/dev/null || { skip "$tool is not installed (scripts/install-deps.sh)"; finish; }
done

# ---- build: the product installed through meson-shim (tests/lib/product.sh: libbezel.so and
# the test rig bezel-input-probe) ----
mkdir -p "$OUT"
product_install debug || { fail "meson-shim build and install of the product"; finish; }
TEST=$OUT/input-source-test
if cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -gdwarf-4 -O1 -o "$TEST" \
	"$ROOT/tests/input/input-source-test.c" \
	$(pkg-config --cflags --libs wayland-server) $(product_link); then
	pass "input-source-test.c compiles against the installed bezel.h and libbezel.so with -Werror"
else
	fail "compiling tests/input/input-source-test.c"
	finish
fi
SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim") || { fail "building tools/umockdev-preload"; finish; }
# umockdev skips the spaces a script line starts with; this keeps them (see the script)
SPACES=$ROOT/tools/umockdev-preload/script-spaces.py

# ---- 0. the umockdev preload itself, on a real pty: it never waits for the rest of an event
# on a non-blocking fd (keeps it for the next read), bounds a blocking one, writes the replay
# handshake, and forgets an fd's tag when the number comes to name another file ----
if cc -std=gnu11 -Wall -Wextra -Werror -O1 -o "$OUT/preload-selftest" "$ROOT/tools/umockdev-preload/selftest.c" &&
	LD_PRELOAD=$SHIM UMOCKDEV_DIR=$OUT timeout 30 "$OUT/preload-selftest" >"$OUT/preload-selftest.out" 2>&1; then
	pass "umockdev preload: $(grep -c '^ok ' "$OUT/preload-selftest.out") checks (a partial event kept for the next read, EAGAIN at once; a blocking read bounded; handshake; untagged after fclose, dup2, dup3, close_range and an unseen close)"
else
	sed 's/^/    /' "$OUT/preload-selftest.out" 2>/dev/null | head -20
	fail "umockdev preload self-test (tools/umockdev-preload/selftest.c)"
fi

RUN=("$TEST")
if [ "$VALGRIND" = 1 ]; then
	# valgrind cannot read the Swift toolchain's DWARF 5: a stripped copy comes first on the path.
	rm -f "$OUT"/valgrind-*.log
	product_strip_debug "$OUT/valgrind-lib" >/dev/null
	export LD_LIBRARY_PATH="$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	RUN=(valgrind --quiet --error-exitcode=97 --suppressions="$ROOT/tests/input/umockdev.supp"
		--leak-check=full --show-leak-kinds=definite
		--errors-for-leak-kinds=definite --log-file="$OUT/valgrind-%p.log" "$TEST")
fi

# expected FRAMES_FILE: the trace reader's frames (TouchFrameText lines) as the listener calls
# the test prints: events, then "frame T"; times floored to whole milliseconds.
expected() {
	python3 - "$1" <<'EOF'
import math, sys
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("t="):
        continue
    head, _, rest = line.partition(" ")
    t = int(math.floor(float(head[2:])))
    touched = False
    for part in rest.split("; "):
        f = part.split()
        if f and f[0] in ("down", "motion"):
            print(f"{f[0]} {f[1]} {float(f[2]):.3f} {float(f[3]):.3f} {t}")
            touched = True
        elif f and f[0] == "up":
            print(f"up {f[1]} {t}")
            touched = True
    if touched:
        print(f"frame {t}")
EOF
}

# live NAME DEV_DIR ARGS...: runs the test under umockdev with the device in DEV_DIR.
live() {
	local name=$1 dir=$2
	shift 2
	timeout 60 "$ROOT/tools/umockdev-preload/run.sh" "$SHIM" "$dir" "$NODE" "${RUN[@]}" "$@" \
		>"$OUT/$name.out" 2>"$OUT/$name.err"
}

# compare NAME: the touch lines of the live run against NAME.expected.
compare() {
	local name=$1
	grep -vE '^(added|removed|cancel) ' "$OUT/$name.out" >"$OUT/$name.touches"
	if diff -u "$OUT/$name.expected" "$OUT/$name.touches" >"$OUT/$name.diff"; then
		return 0
	fi
	head -20 "$OUT/$name.diff"
	return 1
}

# ---- 1. argument handling ----
if "${RUN[@]}" --api-checks >"$OUT/api.out" 2>"$OUT/api.err"; then
	pass "argument handling: $(grep -c 'ok:' "$OUT/api.err") checks (NULLs, seat and paths, missing node, bad output, NaN calibration, unknown node)"
else
	grep -E 'FAIL' "$OUT/api.err"
	fail "argument handling"
fi

# ---- 2. a generated swipe on a 90-degree output ----
# gen-touch.py's device axes are 0..1079 x 0..1919, so device units are pixels of a portrait
# 1080x1920 panel. Rotated 90 degrees the user sees 1920x1080 and the panel point (u, v)
# appears at (v * 1920, (1 - u) * 1080): the swipe's first point (540, 1910) at (1910, 540).
python3 "$ROOT/tests/hosts/gen-touch.py" swipe-up "$OUT/swipe.evemu" >/dev/null &&
	mkdir -p "$OUT/swipe-dev" "$OUT/four-dev" "$OUT/held-dev" &&
	"$PROBE" umockdev --events "$OUT/swipe.evemu" --out "$OUT/swipe-dev" --node "$NODE" >/dev/null &&
	python3 "$SPACES" "$OUT/swipe-dev/device.script" >/dev/null &&
	"$PROBE" trace --events "$OUT/swipe.evemu" --output 1920x1080@121x68 --transform 90 >"$OUT/swipe.frames" ||
	{ fail "preparing the swipe recording"; finish; }
expected "$OUT/swipe.frames" >"$OUT/swipe.expected"
FRAMES=$(grep -c '^frame ' "$OUT/swipe.expected")
if live swipe "$OUT/swipe-dev" --device "$NODE" --output 1920x1080 --transform 1 --frames "$FRAMES" &&
	compare swipe; then
	pass "swipe on a 90-degree output: $FRAMES frames, every touch, position and time as the trace reader decodes the recording"
else
	tail -5 "$OUT/swipe.err"
	fail "swipe on a 90-degree output"
fi
grep -q '^added "Bezel Weston Test Touchscreen" event9$' "$OUT/swipe.out" &&
	pass "device_added names the touchscreen and its sysname" || fail "no device_added line in $OUT/swipe.out"
FIRST=$(grep -m1 '^down ' "$OUT/swipe.out")
LAST=$(grep '^motion ' "$OUT/swipe.out" | tail -1)
case "$FIRST|$LAST" in
"down 0 1910.000 540.000 "*"|motion 0 1310.000 540.000 "*)
	pass "the rotation puts the swipe where the user sees it: $FIRST .. $LAST" ;;
*) fail "rotated positions: first '$FIRST', last '$LAST' (want down 0 1910 540 .. motion 0 1310 540)" ;;
esac
T0=$(echo "$FIRST" | awk '{print $5}')
TU=$(grep '^up ' "$OUT/swipe.out" | awk '{print $3}')
[ -n "$T0" ] && [ -n "$TU" ] && [ $((TU - T0)) -eq 168 ] &&
	pass "times are the recording's: up $((TU - T0)) ms after down" || fail "up-down time: '$T0' '$TU' (want 168 ms)"

# ---- 2b. the same swipe 31.95 s into a recording: its events straddle the 32nd second, whose
# time's first byte is 0x20, which umockdev would drop from a script line (script-spaces.py
# keeps it): every frame must still arrive whole and in step ----
mkdir -p "$OUT/late-dev"
awk '$1 == "E:" { $2 = sprintf("%.6f", $2 + 31.95) } { print }' "$OUT/swipe.evemu" >"$OUT/late.evemu" &&
	"$PROBE" umockdev --events "$OUT/late.evemu" --out "$OUT/late-dev" --node "$NODE" >/dev/null &&
	MOVED=$(python3 "$SPACES" "$OUT/late-dev/device.script") &&
	"$PROBE" trace --events "$OUT/late.evemu" --output 1080x1920@68x121 >"$OUT/late.frames" ||
	fail "preparing the late swipe"
expected "$OUT/late.frames" >"$OUT/late.expected"
FRAMES=$(grep -c '^frame ' "$OUT/late.expected")
if [ "${MOVED:-0}" -gt 0 ] && live late "$OUT/late-dev" --device "$NODE" --frames "$FRAMES" && compare late; then
	pass "a swipe across a recording's 32nd second: $FRAMES frames, all whole and in step ($MOVED script lines kept their leading 0x20)"
else
	tail -5 "$OUT/late.err"
	fail "a swipe across a recording's 32nd second (moved ${MOVED:-?} lines)"
fi

# ---- 3. a real four-finger recording on a 270-degree output ----
REC=atmel-maxtouch.4-finger-drag-down
if [ -f "$TRACES/$REC.events" ]; then
	"$PROBE" umockdev --desc "$TRACES/atmel-maxtouch.desc" --events "$TRACES/$REC.events" \
		--out "$OUT/four-dev" --node "$NODE" >/dev/null &&
		python3 "$SPACES" "$OUT/four-dev/device.script" >/dev/null &&
		"$PROBE" trace --desc "$TRACES/atmel-maxtouch.desc" --events "$TRACES/$REC.events" \
			--output 2340x1080@147x68 --transform 270 >"$OUT/four.frames" ||
		fail "preparing $REC"
	expected "$OUT/four.frames" >"$OUT/four.expected"
	FRAMES=$(grep -c '^frame ' "$OUT/four.expected")
	if live four "$OUT/four-dev" --device "$NODE" --output 2340x1080 --transform 3 --frames "$FRAMES" &&
		compare four; then
		pass "$REC on a 270-degree output: $FRAMES frames, $(grep -c '^down ' "$OUT/four.touches") fingers, identical to the trace reader"
	else
		tail -5 "$OUT/four.err"
		fail "$REC on a 270-degree output"
	fi
else
	skip "$REC: ../shared/traces is not next to the repository"
fi

# ---- 3b. protocol A devices: every contact, paired into slots as mtdev does (design.md §7) ----
# The fixtures are written by tests/input/gen-protocol-a.py. The probe reads the emulated node
# with LibinputTouchSource (real libinput, which puts a device without ABS_MT_SLOT through
# mtdev); compare-touches.py checks touch counts, down/up order, frame times and positions.
FIXTURES=$ROOT/Tests/BezelInputTests/Fixtures
for REC in kernel-doc two-fingers-cross finger-joins-leaves five-fingers-shuffled; do
	name=protoa-$REC
	mkdir -p "$OUT/$name-dev"
	if ! { "$PROBE" umockdev --desc "$FIXTURES/protocol-a.desc" --events "$FIXTURES/protocol-a.$REC.events" \
		--out "$OUT/$name-dev" --node "$NODE" >/dev/null &&
		python3 "$SPACES" "$OUT/$name-dev/device.script" >/dev/null &&
		"$PROBE" trace --desc "$FIXTURES/protocol-a.desc" --events "$FIXTURES/protocol-a.$REC.events" \
			--output 1080x2340@68x147 >"$OUT/$name.trace"; }; then
		fail "preparing protocol A recording $REC"
		continue
	fi
	FRAMES=$(grep -c '^t=' "$OUT/$name.trace")
	# bounded twice: the probe gives up after 20 s without an event, timeout after 60 s in all
	if timeout 60 "$ROOT/tools/umockdev-preload/run.sh" "$SHIM" "$OUT/$name-dev" "$NODE" "$PROBE" read \
		--device "$NODE" --output 1080x2340@68x147 --frames "$FRAMES" --timeout-ms 20000 \
		>"$OUT/$name.live" 2>"$OUT/$name.err" &&
		python3 "$ROOT/tests/input/compare-touches.py" "protocol A $REC" "$OUT/$name.trace" "$OUT/$name.live" \
			0.01 >"$OUT/$name.cmp"; then
		pass "$(cat "$OUT/$name.cmp")"
	else
		sed 's/^/    /' "$OUT/$name.cmp" 2>/dev/null
		tail -5 "$OUT/$name.err"
		fail "protocol A $REC: live libinput and the trace reader differ"
	fi
done

# ---- 4. the device removed with a finger down (R8) ----
# The swipe without its last report (the lift): the finger is still down at the end.
python3 - "$OUT/swipe.evemu" "$OUT/held.evemu" <<'EOF'
import sys
lines = open(sys.argv[1]).read().splitlines()
reports = [i for i, l in enumerate(lines) if l.startswith("E:") and l.split()[2:5] == ["0000", "0000", "0000"]]
cut = reports[-2] + 1
open(sys.argv[2], "w").write("\n".join(lines[:cut]) + "\n")
EOF
"$PROBE" umockdev --events "$OUT/held.evemu" --out "$OUT/held-dev" --node "$NODE" >/dev/null &&
	python3 "$SPACES" "$OUT/held-dev/device.script" >/dev/null &&
	"$PROBE" trace --events "$OUT/held.evemu" --output 1080x1920@68x121 >"$OUT/held.frames" ||
	fail "preparing the held recording"
expected "$OUT/held.frames" >"$OUT/held.expected"
FRAMES=$(grep -c '^frame ' "$OUT/held.expected")
if live held "$OUT/held-dev" --device "$NODE" --remove-after "$FRAMES" --destroy-in-callback && compare held; then
	TAIL=$(grep -vE '^(down|motion|up|frame) ' "$OUT/held.out" | tail -2 | cut -d' ' -f1 | tr '\n' ' ')
	if [ "$TAIL" = "cancel removed " ] && ! grep -q '^up ' "$OUT/held.out"; then
		pass "removal with a finger down: $FRAMES frames, then cancel, then device_removed, no up; destroyed from inside device_removed"
	else
		fail "removal: want cancel then removed at the end, got '$TAIL'"
	fi
else
	tail -5 "$OUT/held.err"
	fail "removal with a finger down"
fi

# The same, but the node comes back and is opened again (hot-plug re-add, path backend).
if live readd "$OUT/held-dev" --device "$NODE" --remove-after "$FRAMES" --readd &&
	[ "$(grep -vE '^(down|motion|up|frame) ' "$OUT/readd.out" | cut -d' ' -f1 | tr '\n' ' ')" = "added cancel removed added " ]; then
	pass "a removed node added again: added, cancel, removed, added"
else
	tail -5 "$OUT/readd.err"
	fail "re-adding a removed node: $(grep -vE '^(down|motion|up|frame) ' "$OUT/readd.out" | tr '\n' ' ')"
fi

# ---- 5. the udev backend ----
if live udev "$OUT/swipe-dev" --seat seat0 --output 1920x1080 --transform 1 --frames "$(grep -c '^frame ' "$OUT/swipe.expected")" &&
	cp "$OUT/swipe.expected" "$OUT/udev.expected" && compare udev; then
	pass "udev backend on seat0: the same touches as the path backend"
else
	tail -5 "$OUT/udev.err"
	fail "udev backend on seat0"
fi

if [ "$VALGRIND" = 1 ]; then
	if cat "$OUT"/valgrind-*.log 2>/dev/null | grep -qE 'Invalid|definitely lost|uninitialised'; then
		grep -hE 'Invalid|definitely lost|uninitialised' "$OUT"/valgrind-*.log | head
		fail "valgrind reports errors ($OUT/valgrind-*.log)"
	else
		pass "valgrind: no invalid access and no definite leak in $(ls "$OUT"/valgrind-*.log 2>/dev/null | wc -l) runs"
	fi
fi
finish
