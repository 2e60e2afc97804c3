#!/usr/bin/env bash
# Protocol tests for bezel-system-gestures-v1 over a real Wayland socket (headless: no display,
# no input devices). Installs the product through meson-shim (tests/lib/product.sh), builds a
# tiny C compositor that loads the installed libbezel.so through bezel.h,
# and a C test client; then:
#   1. wayland-scanner --strict validates the protocol XML;
#   2. a client binds the global, sees honored_edges after commit, and keeps an inert object
#      that is safe to destroy after its wl_surface is gone;
#   3. already_constructed and invalid_edges arrive as protocol errors;
#   4. hostile clients (random requests, bad bits, stale ids, wrong objects, surfaces destroyed
#      mid-way, raw garbage) hammer the compositor while a well-behaved bystander keeps checking
#      its own state; the compositor must survive and the bystander must see no difference;
#      a hostile client ends with a protocol error, or with its connection reset only when the
#      compositor's log shows a protocol error sent to its pid (libwayland-client 1.23 drops
#      the error it read when the reset follows);
#   5. the compositor shuts down cleanly; with --valgrind it runs under valgrind and must
#      report no errors and no definitely-lost memory;
#   6. configure-test drives bezel_plugin_configure in-process (no socket): flattened keys
#      change what a swipe does, bad keys are refused with a warning and the defaults;
#   6b. protocol version 2: set_deferred_gestures/honored_gestures, invalid_gesture_kinds, and a
#      3-finger swipe taken from a version 2 client (gesture_taken 0), a version 1 client (only
#      the cancel) and kept by a client that defers swipes (docs/design.md §4.5, §5);
#   6c. R6 over a real socket: a windowed client is told honored_edges / honored_gestures 0 once,
#      never a value taken back (the plugin decides from the host's late fact), and at once under
#      defer-policy=all;
#   6d. protocol version 3 (deferral regions): the region is copied at the request and applied
#      at the commit; a v2 object cannot send it; a v3 client's swipe inside its region is
#      deferred and one outside it is the dock's; v1 and v2 clients and a host without a
#      wl_region reader keep deferring over the whole surface (docs/design.md §5 version 3, R3);
#   6e. protocol version 4 (the back gesture, R10): the global at 4 and objects at 1 to 4 at
#      their versions; set_back_handling double-buffered (back_edges after the commit that turns
#      it on), invalid_back_handling for a value other than 0 or 1, invalid_method from a v3
#      object; a swipe in from the left edge and a late begin there as back events to a client
#      handling back (under valgrind too), told to the host as the app's, and not at all to a
#      host with the version 1 callbacks (docs/design.md §4.6, §5 version 4);
#   7. deep-chain-test adds a 300,000-deep subsurface chain through bezel.h, hit-tests it and
#      removes it three ways (bezel_surface_remove, resource destroyed, client destroyed);
#   8. host-calls-test drives the 0.3 calls in-process: the [bezel] key list and its parser, the
#      settings read back, the event log's line shapes, layout touches, the policy from facts,
#      a refused down; every bad call comes back with its code and a log line.
#   9. reentry-test: a gesture callback that reconfigures keeps reading its gesture's name, and
#      every call from inside the log callback is BEZEL_ERROR_BUSY (bezel.h RE-ENTRANCY);
#
# Usage: tests/protocol/run.sh [--valgrind] [--rounds N]   (N hostile and N raw-fuzz clients, default 150)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_PROTOCOL_SCRATCH:-$ROOT/.build-protocol${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
OUT=$SCRATCH/protocol-tests
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/args.sh"
. "$ROOT/tests/lib/product.sh"
# --rounds N: the hostile and raw-fuzz clients (150 each by default)
RUNNER_ROUNDS=150
runner_args "$@"
HOSTILE=$ROUNDS

# wait_for, stop_process, run_bounded and the EXIT trap that stops what is left running.
. "$ROOT/tests/lib/bounded.sh"
BOUNDED_DUMP_DIR=$OUT
# the test compositor under memcheck may take a while to exit (its leak check)
[ "$VALGRIND" = 1 ] && BOUNDED_STOP_TIMEOUT=180

if [ "$VALGRIND" = 1 ] && ! command -v valgrind >/dev/null; then
	fail "--valgrind asked for, but valgrind is not installed (scripts/install-deps.sh installs it)"
	finish
fi

# ---- build: the product installed through meson-shim (tests/lib/product.sh) ----
mkdir -p "$OUT"
product_install debug || { fail "meson-shim build and install of the product"; finish; }
LIB=$PRODUCT_LIB/libbezel.so.0
XML=$ROOT/protocol/bezel-system-gestures-v1.xml
LINK=$(product_link)

if wayland-scanner --strict client-header "$XML" "$OUT/bezel-system-gestures-v1-client-protocol.h" &&
	wayland-scanner --strict private-code "$XML" "$OUT/bezel-system-gestures-v1-protocol.c" &&
	wayland-scanner --strict server-header "$XML" /dev/null; then
	pass "wayland-scanner --strict accepts protocol/bezel-system-gestures-v1.xml"
else
	fail "wayland-scanner --strict rejects protocol/bezel-system-gestures-v1.xml"
	finish
fi

# DWARF 4: Debian's valgrind cannot read the DWARF 5 that newer compilers emit by default.
XDG_XML=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
wayland-scanner server-header "$XDG_XML" "$OUT/xdg-shell-server-protocol.h"
wayland-scanner client-header "$XDG_XML" "$OUT/xdg-shell-client-protocol.h"
wayland-scanner private-code "$XDG_XML" "$OUT/xdg-shell-protocol.c"

CFLAGS="-std=c11 -Wall -Wextra -Werror -gdwarf-4 -O1"
if cc $CFLAGS -o "$OUT/test-compositor" "$ROOT/tests/protocol/test-compositor.c" \
	"$OUT/xdg-shell-protocol.c" -I"$INC" -I"$OUT" \
	$(pkg-config --cflags --libs wayland-server) $LINK &&
	cc $CFLAGS -o "$OUT/test-client" "$ROOT/tests/protocol/test-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" -I"$OUT" $(pkg-config --cflags --libs wayland-client) &&
	cc $CFLAGS -o "$OUT/back-client" "$ROOT/tests/protocol/back-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" -I"$OUT" $(pkg-config --cflags --libs wayland-client) &&
	cc $CFLAGS -o "$OUT/bezel-defer-client" "$ROOT/examples/bezel-defer-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
		$(pkg-config --cflags --libs wayland-client); then
	pass "test compositor (against bezel.h), test clients and examples/bezel-defer-client compile with -Werror"
else
	fail "compiling the test programs"
	finish
fi

# The installed libbezel.so must need no Swift runtime library.
if ldd "$LIB" | grep -q 'libswift'; then
	fail "libbezel.so links a Swift runtime library dynamically: $(ldd "$LIB" | grep libswift | tr -s ' \t' ' ')"
else
	pass "ldd of the installed libbezel.so shows no libswift*.so"
fi

# ---- compositor ----
export XDG_RUNTIME_DIR
XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-proto.XXXXXX")
chmod 700 "$XDG_RUNTIME_DIR"
CPID=
bounded_at_exit 'rm -rf "$XDG_RUNTIME_DIR"'

LOG=$OUT/compositor.log
VGLOG=$OUT/valgrind.log
: >"$OUT/compositor.out" # not left to the background job (see the demo below)
if [ "$VALGRIND" = 1 ]; then
	# The Swift toolchain's DWARF 5 debug info makes valgrind give up: use a stripped copy
	# (LD_LIBRARY_PATH is searched before the test programs' RUNPATH).
	product_strip_debug "$OUT/valgrind-lib" >/dev/null
	LD_LIBRARY_PATH="$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" valgrind --quiet --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
		--error-exitcode=97 --log-file="$VGLOG" \
		"$OUT/test-compositor" --quiet >"$OUT/compositor.out" 2>"$LOG" &
else
	"$OUT/test-compositor" --quiet >"$OUT/compositor.out" 2>"$LOG" &
fi
CPID=$!
bounded_track "$CPID" test-compositor
wait_for "$OUT/compositor.out" '^socket ' 1 60 "the test compositor's socket line"
export WAYLAND_DISPLAY
WAYLAND_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/compositor.out")
if [ -z "$WAYLAND_DISPLAY" ]; then
	cat "$LOG"
	fail "test compositor did not start"
	finish
fi
pass "test compositor listens on $WAYLAND_DISPLAY with the plugin loaded ($(awk '/^bezel /{print $2}' "$OUT/compositor.out"))"

client() { timeout 60 "$OUT/test-client" "$@"; }
run_client() {
	local name=$1
	shift
	if client "$@" >"$OUT/client-$name.log" 2>&1; then
		pass "$name ($(grep -c '^ok ' "$OUT/client-$name.log") checks)"
	else
		fail "$name"
		sed 's/^/    /' "$OUT/client-$name.log"
	fi
}

run_client basic basic
run_client already-constructed already-constructed
run_client invalid-edges invalid-edges

# ---- hostile clients next to a bystander ----
client bystander 8 >"$OUT/client-bystander.log" 2>&1 &
BPID=$!
bounded_track "$BPID" "bystander client"
HFAIL=0
: >"$OUT/client-hostile.log"
: >"$OUT/client-rawfuzz.log"
START=$(date +%s)
for seed in $(seq 1 "$HOSTILE"); do
	client hostile "$seed" 300 >>"$OUT/client-hostile.log" 2>&1 || HFAIL=$((HFAIL + 1))
	client rawfuzz "$seed" >>"$OUT/client-rawfuzz.log" 2>&1 || HFAIL=$((HFAIL + 1))
	bounded_alive "$CPID" || break
done
# A client whose connection was reset cannot read the error it provoked (libwayland-client 1.23
# drops it when the compositor closes with requests of that client unread; test-client.c,
# check_ending): the compositor's log must show a protocol error sent to its pid.
RESETS=0
for pid in $(sed -n 's/^reset pid \([0-9]*\):.*/\1/p' "$OUT/client-hostile.log" "$OUT/client-rawfuzz.log"); do
	RESETS=$((RESETS + 1))
	grep -q "^compositor: protocol error to pid $pid:" "$LOG" && continue
	HFAIL=$((HFAIL + 1))
	echo "FAIL reset pid $pid: no protocol error to that pid in $LOG" >>"$OUT/client-hostile.log"
done
if bounded_alive "$CPID" && [ "$HFAIL" -eq 0 ]; then
	pass "compositor survived $HOSTILE hostile + $HOSTILE raw-fuzz clients in $(($(date +%s) - START)) s; $RESETS reset after a protocol error it logged; hostile endings:$(sed -n 's/.*ended with \([^ ]*\).*(errno \([0-9]*\)).*/\1 errno \2/p' "$OUT/client-hostile.log" | sort | uniq -c | sort -rn | head -5 | tr -s ' \n' ' ')"
else
	fail "hostile clients: compositor alive: $(bounded_alive "$CPID" && echo yes || echo NO), client failures: $HFAIL"
	grep FAIL "$OUT/client-hostile.log" "$OUT/client-rawfuzz.log" | head -5
fi
if reap_process "bystander client" "$BPID" 70 && [ "$STOP_STATUS" = 0 ]; then
	pass "bystander unaffected: $(sed 's/^ok //' "$OUT/client-bystander.log")"
else
	fail "bystander: $(cat "$OUT/client-bystander.log")"
fi
run_client basic-after-hostile basic

# ---- the example client against scripted swipes ----
# A second compositor plays two bottom-edge swipes once the client's bottom edge is honoured:
# a quick one (deferred: the client keeps it, gets deferred_swipe) and, within the re-arm
# window, a slow one that is flushed to the client and then taken by the dock.
# Emptied here, not by the background job's redirection, which may come after wait_for has
# read a previous run's socket line.
: >"$OUT/demo-compositor.out"
"$OUT/test-compositor" --quiet --demo-swipes >"$OUT/demo-compositor.out" 2>"$OUT/demo-compositor.log" &
DPID=$!
bounded_track "$DPID" "test-compositor --demo-swipes"
wait_for "$OUT/demo-compositor.out" '^socket ' 1 10 "the demo compositor's socket line"
DEMO_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/demo-compositor.out")
WAYLAND_DISPLAY=$DEMO_DISPLAY run_bounded 20 bezel-defer-client "$OUT/bezel-defer-client" --seconds 2 >"$OUT/defer-client.log" 2>&1
stop_process "test-compositor --demo-swipes" "$DPID" || fail "the demo compositor did not stop within its bound (stacks above)"
demo_ok=1
for want in 'honored_edges bottom (2)' 'touch down id=0' 'touch motion id=0' 'touch up id=0' \
	'touch frame' 'deferred_swipe bottom' 'gesture_taken bottom' 'touch cancel'; do
	grep -qF "$want" "$OUT/defer-client.log" || { demo_ok=0; echo "    missing: $want"; }
done
# gesture_taken must come right before the cancel it explains.
grep -A1 '^gesture_taken' "$OUT/defer-client.log" | grep -q '^touch cancel' || { demo_ok=0; echo "    gesture_taken not followed by touch cancel"; }
if [ "$demo_ok" = 1 ]; then
	pass "examples/bezel-defer-client: honored_edges, its touches, deferred_swipe, gesture_taken then cancel ($(wc -l <"$OUT/defer-client.log") lines)"
else
	fail "examples/bezel-defer-client output"
	sed 's/^/    /' "$OUT/defer-client.log" | head -40
fi

# ---- R6: a window is told its honoured edges and kinds once, never a value taken back ----
# The client defers the bottom edge and swipes; the host finds out after its first commit that
# it is a window. With the plugin deciding (--window-facts) it must hear 0 and nothing before
# it; the 0.2 way (--window-masks: the host sets masks 0 then) is shown for comparison, and
# defer-policy=all honours the window at once without any fact.
policy_run() {
	local name=$1 args=$2
	: >"$OUT/policy-$name.out" # not left to the background job (see the demo above)
	# shellcheck disable=SC2086 # args is a list of options
	"$OUT/test-compositor" --quiet $args >"$OUT/policy-$name.out" 2>"$OUT/policy-$name-compositor.log" &
	local ppid=$!
	for _ in $(seq 1 600); do
		grep -q '^socket ' "$OUT/policy-$name.out" 2>/dev/null && break
		sleep 0.1 # polling interval, not synchronisation
	done
	WAYLAND_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/policy-$name.out") timeout 20 \
		"$OUT/bezel-defer-client" --seconds 1 --windowed --gestures swipe >"$OUT/policy-$name.log" 2>&1
	kill -TERM "$ppid"
	timeout 30 tail --pid="$ppid" -f /dev/null || kill -KILL "$ppid" # bounded wait for its exit
	wait "$ppid" 2>/dev/null
	grep '^honored_' "$OUT/policy-$name.log" | tr '\n' ';'
}
FACTS=$(policy_run facts --window-facts)
MASKS=$(policy_run masks --window-masks)
ALL=$(policy_run all "--window-facts --config defer-policy=all")
if [ "$FACTS" = "honored_edges none (0);honored_gestures none (0);" ]; then
	pass "R6 windowed client, plugin decides: told only \"$FACTS\" (the 0.2 way, masks set after the commit: \"$MASKS\")"
else
	fail "R6 windowed client, plugin decides: told \"$FACTS\", want only 0 for edges and kinds"
fi
if [ "$ALL" = "honored_edges bottom (2);honored_gestures swipe (1);" ]; then
	pass "R6 defer-policy=all: the window is honoured at once without a fact: \"$ALL\""
else
	fail "R6 defer-policy=all: told \"$ALL\""
fi

# ---- protocol version 2 and multi-finger gestures (docs/design.md §4.5, §5) ----
run_client v2-basic v2-basic
run_client invalid-gesture-kinds invalid-gesture-kinds

# A compositor with a 3-finger swipe bound (bezel_plugin_configure "multi-finger=...") plays one
# over the client's surface. $1 names the run; the rest are bezel-defer-client options.
mf_demo() {
	local name=$1
	shift
	# $MF_COMPOSITOR_ARGS: extra test-compositor options for this run (e.g. a gesture policy).
	: >"$OUT/mf-$name.out" # not left to the background job (see the demo above)
	# shellcheck disable=SC2086
	"$OUT/test-compositor" --quiet --demo-multi-finger ${MF_COMPOSITOR_ARGS:-} >"$OUT/mf-$name.out" 2>"$OUT/mf-$name-compositor.log" &
	local mpid=$!
	bounded_track "$mpid" "test-compositor --demo-multi-finger ($name)"
	# Up to 60 s: on a loaded machine (valgrind runs beside it) the start can take seconds.
	wait_for "$OUT/mf-$name.out" '^socket ' 1 60 "the mf-$name compositor's socket line"
	WAYLAND_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/mf-$name.out") run_bounded 20 bezel-defer-client \
		"$OUT/bezel-defer-client" --seconds 1 "$@" >"$OUT/mf-$name.log" 2>&1
	stop_process "test-compositor --demo-multi-finger ($name)" "$mpid" || { mf_ok=0; echo "    mf-$name: the compositor did not stop within its bound"; }
}
mf_ok=1
mf_want() { grep -qF "$2" "$1" || { mf_ok=0; echo "    missing in $(basename "$1"): $2"; }; }
mf_unwanted() { ! grep -qF "$2" "$1" || { mf_ok=0; echo "    unexpected in $(basename "$1"): $2"; }; }
# M3, version 2 client: its three touches are taken; gesture_taken(0) comes right before the cancel.
mf_demo v2 --version 2
mf_want "$OUT/mf-v2.log" 'bound at version 2'
for id in 0 1 2; do mf_want "$OUT/mf-v2.log" "touch down id=$id"; done
mf_want "$OUT/mf-v2.log" 'gesture_taken 0 (multi-finger)'
grep -A1 '^gesture_taken 0' "$OUT/mf-v2.log" | grep -q '^touch cancel' || { mf_ok=0; echo "    v2: gesture_taken 0 not followed by touch cancel"; }
mf_unwanted "$OUT/mf-v2.log" 'touch up'
mf_want "$OUT/mf-v2.out" 'gesture workspace began output=0 edge=0 kind=1 fingers=3'
mf_want "$OUT/mf-v2.out" 'gesture workspace ended output=0 edge=0 kind=1 fingers=3 committed=1'
# A client bound at version 1 sees exactly version 1: the cancel, never gesture_taken(0).
mf_demo v1 --version 1
mf_want "$OUT/mf-v1.log" 'bound at version 1'
mf_want "$OUT/mf-v1.log" 'touch cancel'
mf_unwanted "$OUT/mf-v1.log" 'gesture_taken'
mf_unwanted "$OUT/mf-v1.log" 'honored_gestures'
# M4: a surface that defers swipes keeps all three touches to their ups.
mf_demo deferred --gestures swipe
mf_want "$OUT/mf-deferred.log" 'honored_gestures swipe (1)'
for id in 0 1 2; do mf_want "$OUT/mf-deferred.log" "touch up id=$id"; done
mf_unwanted "$OUT/mf-deferred.log" 'touch cancel'
mf_unwanted "$OUT/mf-deferred.log" 'gesture_taken'
mf_want "$OUT/mf-deferred.out" 'gesture workspace failed output=0 edge=0 kind=1 fingers=3 reason=deferred'
# M4 + R6: the host's gesture policy honours no kind on the surface (bezel_surface_set_gesture_policy
# 0, as for a window that is not full-screen): the client asked to defer swipes, is told none is
# honoured, and the swipe is the system's.
MF_COMPOSITOR_ARGS="--gesture-policy 0" mf_demo policy --gestures swipe
mf_want "$OUT/mf-policy.log" 'honored_gestures none (0)'
mf_want "$OUT/mf-policy.log" 'gesture_taken 0 (multi-finger)'
mf_want "$OUT/mf-policy.log" 'touch cancel'
mf_unwanted "$OUT/mf-policy.log" 'touch up'
mf_want "$OUT/mf-policy.out" 'gesture workspace began output=0 edge=0 kind=1 fingers=3'
if [ "$mf_ok" = 1 ]; then
	pass "multi-finger swipe over a real socket: v2 client gets gesture_taken(0) then cancel, v1 client only the cancel, a deferring v2 client keeps its touches, unless the host's gesture policy (bezel_surface_set_gesture_policy 0) honours none"
else
	fail "multi-finger swipe over a real socket"
	for f in mf-v2.log mf-v1.log mf-deferred.log mf-v2.out mf-deferred.out; do echo "  -- $f"; sed 's/^/    /' "$OUT/$f" | head -30; done
fi

# ---- protocol version 3: deferral regions (docs/design.md §5 version 3, R3) ----
run_client v2-region v2-region
# A compositor of its own per run, so that its output holds only that client's lines.
# region_run NAME "COMPOSITOR OPTIONS" CLIENT...: the client's output in region-NAME.log, the
# compositor's in region-NAME.out.
region_run() {
	local name=$1 copts=$2
	shift 2
	: >"$OUT/region-$name.out" # not left to the background job (see the demo above)
	# shellcheck disable=SC2086 # copts is a list of options
	"$OUT/test-compositor" --quiet $copts >"$OUT/region-$name.out" 2>"$OUT/region-$name-compositor.log" &
	local rpid=$!
	bounded_track "$rpid" "test-compositor ($name)"
	wait_for "$OUT/region-$name.out" '^socket ' 1 60 "the region-$name compositor's socket line"
	WAYLAND_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/region-$name.out") run_bounded 30 "region client ($name)" \
		"$@" >"$OUT/region-$name.log" 2>&1
	stop_process "test-compositor ($name)" "$rpid" || { region_ok=0; echo "    $name: the compositor did not stop within its bound"; }
}
region_ok=1
rwant() { grep -qF -- "$2" "$1" || { region_ok=0; echo "    missing in $(basename "$1"): $2"; }; }
runwanted() { ! grep -qF -- "$2" "$1" || { region_ok=0; echo "    unexpected in $(basename "$1"): $2"; }; }
# Copied at the request (the client destroys the wl_region before its commit), applied at the commit.
# The same region sent again changes nothing; one with its second rectangle changed is applied.
# The same with a reader that lends the region's boxes (bezel_region_boxes_reader).
WANT="after commit: deferred region whole surface;region read wl_region: 2 rectangles;after request: deferred region whole surface;after commit: deferred region 0,1000,540x920 600,1800,100x120;region read wl_region: 2 rectangles;after request: deferred region 0,1000,540x920 600,1800,100x120;region read wl_region: 2 rectangles;after request: deferred region 0,1000,540x920 600,1800,100x120;after commit: deferred region 0,1000,540x920 600,1800,100x60;after commit: deferred region whole surface;"
for reader in requests boxes; do
	region_run "$reader" "$([ "$reader" = boxes ] && echo --boxes-reader)" "$OUT/test-client" v3-region
	grep -q '^FAIL' "$OUT/region-$reader.log" && { region_ok=0; grep '^FAIL' "$OUT/region-$reader.log"; }
	SEQ=$(grep -E 'deferred region|^region read' "$OUT/region-$reader.out" | sed 's/wl_region@[0-9]*/wl_region/' | tr '\n' ';')
	[ "$SEQ" = "$WANT" ] || { region_ok=0; echo "    compositor saw ($reader): $SEQ"; echo "    wanted:         $WANT"; }
done
# A v3 client defers the bottom edge over its left half: the swipe at x = 270 is deferred (it
# keeps touch 0, gets deferred_swipe, the affordance shows); the one at x = 810 is the dock's.
for run in v3 v3-boxes; do
	region_run "$run" "--demo-region-swipes$([ "$run" = v3-boxes ] && echo " --boxes-reader")" "$OUT/bezel-defer-client" --version 3 --region 0,0,540,1920 --seconds 4
	rwant "$OUT/region-$run.log" 'bound at version 3'
	rwant "$OUT/region-$run.log" 'touch down id=0'
	rwant "$OUT/region-$run.log" 'deferred_swipe bottom'
	rwant "$OUT/region-$run.log" 'touch up id=0'
	runwanted "$OUT/region-$run.log" 'id=1'
	rwant "$OUT/region-$run.out" 'gesture dock failed output=0 edge=2 reason=deferred'
	rwant "$OUT/region-$run.out" 'affordance shown output=0 edge=2'
	rwant "$OUT/region-$run.out" 'gesture dock began output=0 edge=2'
	rwant "$OUT/region-$run.out" 'gesture dock ended output=0 edge=2'
done
# Version 1 and 2 clients, and a v3 client on a host without a reader, defer everywhere.
for v in 1 2; do
	region_run "v$v" --demo-region-swipes "$OUT/bezel-defer-client" --version "$v" --seconds 4
	rwant "$OUT/region-v$v.log" "bound at version $v"
	rwant "$OUT/region-v$v.log" 'touch up id=0'
	rwant "$OUT/region-v$v.log" 'touch up id=1'
	[ "$(grep -c '^deferred_swipe bottom' "$OUT/region-v$v.log")" = 2 ] || { region_ok=0; echo "    v$v: want two deferred_swipe"; }
	runwanted "$OUT/region-v$v.out" 'gesture dock began'
done
region_run noreader "--demo-region-swipes --no-region-reader" "$OUT/bezel-defer-client" --region 0,0,540,1920 --seconds 4
rwant "$OUT/region-noreader.log" 'touch up id=1'
runwanted "$OUT/region-noreader.out" 'gesture dock began'
rwant "$OUT/region-noreader-compositor.log" 'registered no wl_region reader'
if [ "$region_ok" = 1 ]; then
	pass "protocol version 3: the region is copied at the request and applied at the commit (the same region again changes nothing), through either kind of reader; a v2 object cannot send it; a v3 client keeps the swipe inside its region (deferred_swipe) and the dock takes the one outside; v1 and v2 clients, and a host without a reader (warning), defer over the whole surface"
else
	fail "protocol version 3 (deferral regions)"
	for f in region-requests.log region-boxes.log region-v3.log region-v3.out region-v3-boxes.out region-noreader-compositor.log; do echo "  -- $f"; sed 's/^/    /' "$OUT/$f" | head -30; done
fi

# ---- two outputs over a real socket: a touch on each, output 1 unplugged mid-swipe (R8) ----
# The first client's surface fills output 0, the second's output 1. The compositor plays a touch
# on each output and a dock swipe on output 1, then removes output 1: the dock must report
# cancelled on output 1 (version 2 gesture_event), the second client must get wl_touch.cancel
# and nothing after it, and the first client's touch must go on to its up.
TWO_OUT=$OUT/two-outputs.out
TWO_SECONDS=2
: >"$TWO_OUT" # not left to the background job (see the demo above)
if [ "$VALGRIND" = 1 ]; then
	TWO_SECONDS=6
	LD_LIBRARY_PATH="$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" valgrind --quiet --leak-check=full \
		--show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=97 \
		--log-file="$OUT/valgrind-two-outputs.log" \
		"$OUT/test-compositor" --quiet --two-outputs >"$TWO_OUT" 2>"$OUT/two-outputs.log" &
else
	"$OUT/test-compositor" --quiet --two-outputs >"$TWO_OUT" 2>"$OUT/two-outputs.log" &
fi
TPID=$!
bounded_track "$TPID" "test-compositor --two-outputs"
wait_for "$TWO_OUT" '^socket ' 1 60 "the two-outputs compositor's socket line"
TWO_DISPLAY=$(awk '/^socket /{print $2}' "$TWO_OUT")
WAYLAND_DISPLAY=$TWO_DISPLAY timeout 60 "$OUT/bezel-defer-client" --edges 2 --seconds "$TWO_SECONDS" >"$OUT/client-output0.log" 2>&1 &
APID=$!
bounded_track "$APID" "bezel-defer-client on output 0"
# The second client connects once the compositor has the first one's surface (its first commit
# printed), so that the second surface, on output 1, is the second client's: the first client's
# own "surface" line comes before its requests are flushed.
wait_for "$TWO_OUT" '^after commit: ' 1 60 "the compositor's line for the first client's commit"
WAYLAND_DISPLAY=$TWO_DISPLAY run_bounded 60 "bezel-defer-client on output 1" "$OUT/bezel-defer-client" --edges 2 --seconds "$TWO_SECONDS" >"$OUT/client-output1.log" 2>&1
reap_process "bezel-defer-client on output 0" "$APID" 70
stop_process "test-compositor --two-outputs" "$TPID"
TRC=$STOP_STATUS
two_ok=1
want() { grep -qF "$2" "$1" || { two_ok=0; echo "    missing in $(basename "$1"): $2"; }; }
unwanted() { ! grep -qF "$2" "$1" || { two_ok=0; echo "    unexpected in $(basename "$1"): $2"; }; }
want "$TWO_OUT" 'gesture dock began output=1 edge=2'
want "$TWO_OUT" 'output 1 removed: success'
want "$TWO_OUT" 'gesture dock cancelled output=1 edge=2'
want "$TWO_OUT" 'input m id=3 output=1: surface, output or touch not found'
want "$TWO_OUT" 'input u id=2 output=1: surface, output or touch not found'
want "$TWO_OUT" 'two-outputs script done'
want "$OUT/client-output0.log" 'touch down id=1 x=540.0 y=900.0'
want "$OUT/client-output0.log" 'touch motion id=1 x=560.0 y=880.0'
want "$OUT/client-output0.log" 'touch up id=1'
unwanted "$OUT/client-output0.log" 'touch cancel'
want "$OUT/client-output1.log" 'touch down id=2 x=540.0 y=900.0'
want "$OUT/client-output1.log" 'touch cancel'
unwanted "$OUT/client-output1.log" 'id=3'
unwanted "$OUT/client-output1.log" 'touch up id=2'
# Nothing after the cancel for the second client.
[ "$(sed -n '/^touch cancel/,$p' "$OUT/client-output1.log" | grep -c '^touch ')" = 1 ] ||
	{ two_ok=0; echo "    events after touch cancel on output 1's client"; }
[ "$TRC" -eq 0 ] || { two_ok=0; echo "    compositor exit status $TRC"; }
if [ "$VALGRIND" = 1 ] && [ -s "$OUT/valgrind-two-outputs.log" ]; then
	two_ok=0
	head -40 "$OUT/valgrind-two-outputs.log"
fi
if [ "$two_ok" = 1 ]; then
	pass "two outputs: a touch on each, output 1 unplugged mid-swipe: dock cancelled on output 1, its client got wl_touch.cancel, output 0's client its up"
else
	fail "two outputs over a socket"
	sed 's/^/    compositor: /' "$TWO_OUT" | head -30
	sed 's/^/    client 0: /' "$OUT/client-output0.log" | head -20
	sed 's/^/    client 1: /' "$OUT/client-output1.log" | head -20
fi

# ---- protocol version 4: the back gesture (docs/design.md §4.6, §5 version 4, R10) ----
back_client() { timeout 60 "$OUT/back-client" "$@"; }
for mode in versions invalid v3-request; do
	if back_client "$mode" >"$OUT/back-$mode.log" 2>&1; then
		pass "v4 $mode: $(grep -c '^ok ' "$OUT/back-$mode.log") checks ($(sed -n 's/^ok //p' "$OUT/back-$mode.log" | tail -1))"
	else
		fail "v4 $mode"
		sed 's/^/    /' "$OUT/back-$mode.log"
	fi
done
# back_run NAME [COMPOSITOR OPTION...]: a compositor of its own (under memcheck with --valgrind)
# plays two swipes in from the left edge, where back is bound, at a client handling back; the
# client's checks in back-NAME.log, the compositor's lines in back-NAME.out.
back_run() {
	local name=$1 seconds=10 slow= pid
	shift
	: >"$OUT/back-$name.out" # not left to the background job (see the demo above)
	if [ "$VALGRIND" = 1 ]; then
		seconds=40
		# Under memcheck a swipe may come late past the hold window (a late begin) and its
		# motions far apart: the candidate waits 2 s, not 250 ms, before it fails 'still'.
		slow=slow
		LD_LIBRARY_PATH="$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" valgrind --quiet --leak-check=full \
			--show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=97 \
			--log-file="$OUT/valgrind-back-$name.log" \
			"$OUT/test-compositor" --quiet --demo-back-swipes --config still-timeout-ms=2000 "$@" \
			>"$OUT/back-$name.out" 2>"$OUT/back-$name-compositor.log" &
	else
		"$OUT/test-compositor" --quiet --demo-back-swipes "$@" >"$OUT/back-$name.out" 2>"$OUT/back-$name-compositor.log" &
	fi
	pid=$!
	bounded_track "$pid" "test-compositor --demo-back-swipes ($name)"
	wait_for "$OUT/back-$name.out" '^socket ' 1 60 "the back-$name compositor's socket line"
	WAYLAND_DISPLAY=$(awk '/^socket /{print $2}' "$OUT/back-$name.out") run_bounded $((seconds + 10)) "back-client swipes ($name)" \
		"$OUT/back-client" swipes "$seconds" $slow >"$OUT/back-$name.log" 2>&1
	BACK_CLIENT_STATUS=$?
	stop_process "test-compositor --demo-back-swipes ($name)" "$pid"
	BACK_COMPOSITOR_STATUS=$STOP_STATUS
}
back_ok() {
	local name=$1
	[ "$BACK_CLIENT_STATUS" = 0 ] && [ "$BACK_COMPOSITOR_STATUS" = 0 ] &&
		! { [ "$VALGRIND" = 1 ] && [ -s "$OUT/valgrind-back-$name.log" ]; }
}
back_show() {
	local name=$1
	echo "    client exit $BACK_CLIENT_STATUS, compositor exit $BACK_COMPOSITOR_STATUS"
	sed 's/^/    client: /' "$OUT/back-$name.log" | head -20
	sed 's/^/    compositor: /' "$OUT/back-$name.out" | head -20
	[ -s "$OUT/valgrind-back-$name.log" ] && head -40 "$OUT/valgrind-back-$name.log"
}
back_run app
if back_ok app && [ "$(grep -c '^gesture back began output=0 edge=4 app_handled=1$' "$OUT/back-app.out")" = 2 ] &&
	[ "$(grep -c '^gesture back ended output=0 edge=4 committed=1 app_handled=1$' "$OUT/back-app.out")" = 2 ] &&
	! grep '^gesture back' "$OUT/back-app.out" | grep -qv 'app_handled=1'; then
	pass "R10 over a real socket: $(sed -n 's/^sequence //p' "$OUT/back-app.log"): a swipe in from the left is back events to the client handling it, a late begin there is gesture_taken and cancel first; the host is told both as the app's (app_handled=1)"
else
	fail "R10 over a real socket (back events)"
	back_show app
fi
back_run v1 --v1-callbacks
if back_ok v1 && ! grep -q '^v1 gesture back' "$OUT/back-v1.out"; then
	pass "R10, bezel.h 0.6: a host with the version 1 gesture callbacks is not told the gestures the app handles; the client still gets its back events"
else
	fail "R10 with a version 1 host"
	back_show v1
fi

# ---- shutdown ----
stop_process test-compositor "$CPID"
RC=$STOP_STATUS
CPID=
if [ "$RC" -eq 0 ] && grep -q 'clean exit (plugin destroy: success)' "$LOG"; then
	pass "compositor shut down cleanly (clients, plugin, display)"
else
	fail "compositor exit status $RC"
	tail -20 "$LOG"
fi
if [ "$VALGRIND" = 1 ]; then
	if [ "$RC" -ne 97 ] && [ ! -s "$VGLOG" ]; then
		pass "valgrind: no errors, no definitely lost blocks"
	else
		fail "valgrind (exit $RC), see $VGLOG"
		head -60 "$VGLOG"
	fi
fi

# in_process_test NAME TIMEOUT VALGRIND_TIMEOUT [ARG...]: compiles tests/protocol/NAME.c against
# the installed libbezel.so and runs it in a process of its own, under memcheck with --valgrind
# (VALGRIND_ARGS: its arguments there, instead of ARG...); its output in $OUT/NAME.log.
# Returns 0 when it passed, 1 when it failed, 2 when it did not compile.
in_process_test() {
	local name=$1 bound=$2 vg_bound=$3
	shift 3
	# shellcheck disable=SC2086,SC2046 # flag lists
	cc $CFLAGS -o "$OUT/$name" "$ROOT/tests/protocol/$name.c" -I"$INC" \
		$(pkg-config --cflags --libs wayland-server) -lm $LINK || return 2
	if [ "$VALGRIND" = 1 ]; then
		[ -n "${VALGRIND_ARGS:-}" ] && set -- $VALGRIND_ARGS
		LD_LIBRARY_PATH="$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" timeout "$vg_bound" valgrind --quiet \
			--leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
			--error-exitcode=97 "$OUT/$name" "$@" >"$OUT/$name.log" 2>&1
	else
		timeout "$bound" "$OUT/$name" "$@" >"$OUT/$name.log" 2>&1
	fi || return 1
}
# in_process_verdict STATUS NAME WHAT: the pass or fail line for in_process_test's STATUS, with
# the lines of the log that are not "ok" on a failure.
in_process_verdict() {
	case $1 in
	0) pass "$3" ;;
	1) fail "$2: $3"; grep -v '^ok ' "$OUT/$2.log" | sed 's/^/    /' | head -40 ;;
	*) fail "compiling tests/protocol/$2.c" ;;
	esac
}
# ok_lines NAME: how many checks an in-process test passed
ok_lines() { grep -c '^ok ' "$OUT/$1.log" 2>/dev/null; }

# ---- bezel_plugin_configure, in-process (under valgrind too with --valgrind) ----
rc=0; in_process_test configure-test 60 300 || rc=$?
in_process_verdict $rc configure-test "bezel_plugin_configure ($(ok_lines configure-test) checks)"
# ---- the C interface itself, in-process: outputs, v1/v2 hosts, regions, garbage (under valgrind too) ----
rc=0; in_process_test capi-test 120 600 || rc=$?
in_process_verdict $rc capi-test "C interface: outputs, host interface v1/v2, regions, stacking, garbage ($(ok_lines capi-test) checks)"
# ---- the 0.3 calls that took host logic into the library, in-process (under valgrind too) ----
rc=0; in_process_test host-calls-test 60 300 || rc=$?
in_process_verdict $rc host-calls-test "host logic in the library: [bezel] keys, settings read back, event log, layout touches, policy facts, refused downs ($(ok_lines host-calls-test) checks)"
# ---- callbacks that call back into the plugin: a gesture callback that reconfigures, and
# the log callback, from which every call is BEZEL_ERROR_BUSY (in-process, under valgrind too) ----
rc=0; in_process_test reentry-test 60 300 || rc=$?
in_process_verdict $rc reentry-test "re-entry: a gesture's name outlives a reconfiguring callback; every call from log is BUSY ($(ok_lines reentry-test) checks)"
# ---- a 300,000-deep subsurface chain through bezel.h (own process). Under valgrind the chain
# is 25,000 deep to keep CI short and inside its bound on a loaded machine: 100,000 take 4
# minutes there on an idle one (run once, no errors), and 300,000 without the wide part about 5
# (no errors either); 50,000 overran 900 s with two whole suites and builds running beside it. ----
rc=0; VALGRIND_ARGS=25000 in_process_test deep-chain-test 300 900 || rc=$?
dc=$OUT/deep-chain-test.log
in_process_verdict $rc deep-chain-test "deep subsurface chain: $(ok_lines deep-chain-test) checks; $(sed -n 's/^ok a \([0-9]*\)-deep.*(.*, \(.*\))$/\1 deep, added in \2/p' "$dc"), $(sed -n 's/^ok bezel_surface_remove on the top removes the chain (\(.*\))$/removed in \1/p' "$dc")"
if grep -qiE 'fatal error|assertion|Segmentation' "$LOG"; then
	fail "compositor log has a crash message"
fi
finish
