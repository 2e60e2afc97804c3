#!/usr/bin/env bash
# The test harness itself (tests/lib): nothing it waits for can make a suite hang (bounded.sh), and
# one command line for every runner (args.sh).
#   1. wait_for gives up at its bound and says what it waited for;
#   2. a process that ignores SIGTERM is stopped within the bound: stack dump, then SIGKILL,
#      its children too; a process that obeys is reaped with its exit status;
#   3. run_bounded stops a command at its bound;
#   4. kill_process kills a client started under `timeout` (both processes);
#   5. a suite's EXIT trap stops what it left running, when it ends and when it is sent SIGTERM
#      (as scripts/test.sh does to a group past its time limit);
#   6. the runners' one command line (tests/lib/args.sh).
# Usage: tests/lib/run.sh     Ends with "N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bezel-harness.XXXXXX")
. "$ROOT/tests/lib/bounded.sh"
BOUNDED_DUMP_DIR=$WORK
bounded_at_exit 'rm -rf "$WORK"'
. "$ROOT/tests/lib/counters.sh"
now() { date +%s%N | cut -c1-13; } # ms

# 1.
t0=$(now)
out=$(wait_for "$WORK/never" "ready" 1 1 "the ready line of nothing")
rc=$?
ms=$(($(now) - t0))
if [ $rc = 1 ] && [ $ms -lt 3000 ] && [[ $out == *"waiting for the ready line of nothing"* ]]; then
	pass "wait_for gives up after its 1 s bound ($ms ms) and says what it waited for: $out"
else
	fail "wait_for: status $rc after $ms ms, said '$out'"
fi

# 2.
bash -c 'trap "" TERM; sleep 300 & echo $! >"$1"; wait' _ "$WORK/child.pid" &
stubborn=$!
bounded_track "$stubborn" stubborn
wait_for "$WORK/child.pid" . 1 10 "the stubborn process's child" >/dev/null
child=$(cat "$WORK/child.pid")
t0=$(now)
stop_process stubborn "$stubborn" "$stubborn" 2 >"$WORK/stop.out"
rc=$?
out=$(cat "$WORK/stop.out")
ms=$(($(now) - t0))
if [ $rc = 1 ] && [ $ms -lt 20000 ] && ! bounded_alive "$stubborn" && ! bounded_alive "$child" &&
	[[ $out == *"still runs 2 s after SIGTERM"* ]] && { ! command -v gdb >/dev/null || grep -q '^#0 ' "$WORK"/stack-stubborn-*.txt; }; then
	pass "a process that ignores SIGTERM: stopped in $ms ms (bound 2 s), its stacks dumped ($(grep -c '^#' "$WORK"/stack-stubborn-*.txt) frames), SIGKILL to it and its child"
else
	fail "stopping a process that ignores SIGTERM: status $rc after $ms ms; alive: $(bounded_alive "$stubborn" && echo it) $(bounded_alive "$child" && echo child); said: $out"
	kill -KILL "$child" 2>/dev/null
fi
sleep 300 &
obedient=$!
# (until the fork has become sleep: before its exec the child still runs this script's traps)
wait_for "/proc/$obedient/comm" '^sleep$' 1 5 "the obedient process's exec" >/dev/null
stop_process obedient "$obedient" "$obedient" 5
rc=$?
if [ $rc = 0 ] && [ "$STOP_STATUS" = 143 ] && ! bounded_alive "$obedient"; then
	pass "a process that obeys SIGTERM is reaped at once, exit status $STOP_STATUS"
else
	fail "stopping an obedient process: status $rc, exit status $STOP_STATUS"
fi

# 3.
t0=$(now)
out=$(run_bounded 1 "a sleeper" sleep 30)
rc=$?
ms=$(($(now) - t0))
if [ $rc = 124 ] && [ $ms -lt 5000 ] && [[ $out == *"a sleeper did not finish within 1 s"* ]]; then
	pass "run_bounded stops a command at its bound ($ms ms, status 124) and says so"
else
	fail "run_bounded: status $rc after $ms ms, said '$out'"
fi

# 4.
timeout 300 sleep 301 &
client=$!
# until timeout has started its child (bounded: 5 s)
inner=
for _ in $(seq 1 100); do
	inner=$(pgrep -P "$client") && [ -n "$inner" ] && [ "$(cat "/proc/$inner/comm" 2>/dev/null)" = sleep ] && break
	sleep 0.05 # polling interval
done
kill_process client "$client"
if [ -n "$inner" ] && ! bounded_alive "$client" && ! bounded_alive "$inner"; then
	pass "kill_process kills a client under timeout: both timeout and the client are gone"
else
	fail "kill_process: timeout alive: $(bounded_alive "$client" && echo yes || echo no), client ($inner) alive: $(bounded_alive "$inner" && echo yes || echo no)"
fi

# 5.
for how in exit sigterm; do
	rm -f "$WORK/left.pid"
	bash -c '. "$1/tests/lib/bounded.sh"; sleep 300 & echo $! >"$2"; bounded_track $! "a left-over process"
		[ "$3" = exit ] && exit 0; wait_for /dev/null never 1 120' _ "$ROOT" "$WORK/left.pid" "$how" >"$WORK/suite-$how.out" 2>&1 &
	suite=$!
	wait_for "$WORK/left.pid" . 1 10 "the suite's left-over pid" >/dev/null
	left=$(cat "$WORK/left.pid" 2>/dev/null)
	[ $how = sigterm ] && kill -TERM "$suite"
	reap_process "the suite" "$suite" 20 >/dev/null
	if [ -n "$left" ] && ! bounded_alive "$left" && bounded_gone "$left" 0; then
		pass "a suite that ends by $how: its EXIT trap stops the process it left running"
	else
		fail "a suite that ends by $how left pid ${left:-?} running ($(cat "$WORK/suite-$how.out"))"
		[ -n "$left" ] && kill -KILL "$left" 2>/dev/null
	fi
done

# 6. the one runner command line (args.sh): --only CASE and a positional CASE mean the same;
# a runner's own options; an unknown option is an error (exit 2).
args_out=$(
	. "$ROOT/tests/lib/args.sh"
	RUNNER_EXTRA_OPTS=--speed RUNNER_EXTRA_FLAGS=--quick
	runner_args tap --only swipe --release --speed 3 --quick
	want tap && want swipe && ! want drag && echo "cases ok"
	echo "$CONFIG ${RUNNER_OPT[--speed]} ${RUNNER_OPT[--quick]} $ROUNDS"
	runner_args --valgrind
	want drag && echo "all wanted, $CONFIG, $ROUNDS rounds"
)
bad_rc=$(bash -c '. "$1/tests/lib/args.sh"; runner_args --bogus 2>/dev/null; echo 0' _ "$ROOT"; echo $?)
if [ "$args_out" = $'cases ok\nrelease 3 1 56\nall wanted, debug, 14 rounds' ] && [ "$(echo "$bad_rc" | tail -1)" = 2 ]; then
	pass "runner_args: CASE and --only CASE alike, a runner's own options and flags, defaults reset on each call; an unknown option exits 2"
else
	fail "runner_args: got '$args_out', unknown option: '$bad_rc'"
fi

finish
