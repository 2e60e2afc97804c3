# Bounded waits and stops for every test suite: nothing a test does may wait forever.
#
#   wait_for FILE PATTERN [COUNT] [TIMEOUT_S] [WHAT]
#       polls FILE until PATTERN (grep regex) matches COUNT lines; on timeout prints what it
#       waited for and how far it got, and returns 1.
#   bounded_track PID LABEL [SIGNAL_PID] / bounded_untrack PID
#       remembers a process the suite started (PID: the one `wait` reaps; SIGNAL_PID: the one
#       to signal, e.g. the compositor inside umockdev-run); the EXIT trap stops what is left.
#   stop_process LABEL PID [WAIT_PID] [TIMEOUT_S]
#       SIGTERM to PID, then a bounded wait for WAIT_PID (default PID); past the bound, a
#       stack dump of PID (gdb, or eu-stack, or the kernel's view), then SIGKILL. Sets
#       STOP_STATUS to WAIT_PID's exit status (when it is a child of this shell); returns 1 if
#       the process had to be killed.
#   reap_process LABEL PID [TIMEOUT_S]
#       for a process that ends by itself (a client whose compositor stopped): a bounded wait
#       for it, then stop_process.
#   kill_process LABEL PID: SIGKILL to PID and every process below it (a client under
#       `timeout`), then a bounded wait and the reap.
#   run_bounded TIMEOUT_S LABEL CMD...
#       runs CMD under `timeout`; says so when the bound was hit.
#   bounded_at_exit CMD: one more command for the EXIT trap (after the stops).
# Source it; it installs the EXIT trap (and makes SIGTERM/SIGINT/SIGHUP run it).
# Polling is at intervals, never a sleep that stands for an event.

declare -gA BOUNDED_LABEL=() BOUNDED_SIGNAL=()
BOUNDED_MAIN_PID=$BASHPID
BOUNDED_EXIT_CMDS=()
STOP_STATUS=0
# Seconds a stop waits after SIGTERM (valgrind's leak check at exit can take a while).
: "${BOUNDED_STOP_TIMEOUT:=30}"

# wait_for FILE PATTERN [COUNT] [TIMEOUT_S] [WHAT]
wait_for() {
	local file=$1 pattern=$2 count=${3:-1} timeout=${4:-20} what=${5:-} i=0 n=0
	while [ $i -lt $((timeout * 20)) ]; do
		if [ -e "$file" ]; then
			n=$(grep -c -- "$pattern" "$file" 2>/dev/null)
			[ "${n:-0}" -ge "$count" ] && return 0
		fi
		sleep 0.05 # polling interval, not synchronisation
		i=$((i + 1))
	done
	echo "timeout: ${timeout} s waiting for ${what:-"'$pattern' x$count"} in $file (${n:-0} of $count lines)"
	return 1
}

# wait_while_alive PID FILE PATTERN [COUNT] [TIMEOUT_S] [WHAT]: wait_for, giving up at once
# (status 2) when PID is gone: a process that died will not write the line.
wait_while_alive() {
	local pid=$1 file=$2 pattern=$3 count=${4:-1} timeout=${5:-20} what=${6:-} i=0 n=0
	while [ $i -lt $((timeout * 20)) ]; do
		n=$(grep -c -- "$pattern" "$file" 2>/dev/null)
		[ "${n:-0}" -ge "$count" ] && return 0
		if ! bounded_alive "$pid"; then
			echo "gone: pid $pid ended while waiting for ${what:-"'$pattern'"} in $file"
			return 2
		fi
		sleep 0.05 # polling interval, not synchronisation
		i=$((i + 1))
	done
	echo "timeout: ${timeout} s waiting for ${what:-"'$pattern' x$count"} in $file (${n:-0} of $count lines)"
	return 1
}

# umockdev_died_early PID PIDFILE: PID (umockdev-run) ended by a signal before it started the
# program (which writes PIDFILE first): umockdev itself crashed (seen once under heavy load,
# a segfault at its start), which a second start may avoid. Reaps PID.
umockdev_died_early() {
	[ ! -s "$2" ] && bounded_gone "$1" 0 || return 1
	wait "$1" 2>/dev/null
	local rc=$?
	bounded_untrack "$1"
	[ $rc -ge 128 ] && echo "note: umockdev-run (pid $1) died by signal $((rc - 128)) before it started the compositor; starting it again"
}

# bounded_alive PID: the process exists and is not a zombie.
bounded_alive() {
	local line state
	[ -n "${1:-}" ] && read -r line 2>/dev/null <"/proc/$1/stat" || return 1
	state=${line##*) }
	[ "${state%% *}" != Z ]
}

# bounded_gone PID TIMEOUT_S: polls until PID is gone (or a zombie); 1 on timeout.
bounded_gone() {
	local pid=$1 i=0
	while bounded_alive "$pid"; do
		[ $i -ge $(($2 * 20)) ] && return 1
		sleep 0.05 # polling interval
		i=$((i + 1))
	done
	return 0
}

bounded_track() { BOUNDED_LABEL[$1]=$2; BOUNDED_SIGNAL[$1]=${3:-$1}; }
bounded_untrack() { unset "BOUNDED_LABEL[$1]" "BOUNDED_SIGNAL[$1]"; }
bounded_at_exit() { BOUNDED_EXIT_CMDS+=("$1"); }

# stack_dump PID LABEL: every thread's stack of PID, into a file beside the suite's logs
# (BOUNDED_DUMP_DIR, else TMPDIR), and its first lines on stdout.
stack_dump() {
	local pid=$1 label=$2 dir=${BOUNDED_DUMP_DIR:-${TMPDIR:-/tmp}} out
	out=$dir/stack-${label//[^A-Za-z0-9._-]/_}-$pid.txt
	mkdir -p "$dir"
	if command -v gdb >/dev/null; then
		timeout -k 5 60 gdb -batch -nx -p "$pid" -ex 'thread apply all bt' >"$out" 2>&1 </dev/null
	elif command -v eu-stack >/dev/null; then
		timeout -k 5 60 eu-stack -p "$pid" >"$out" 2>&1
	else
		for t in /proc/"$pid"/task/*; do
			echo "thread ${t##*/}: $(cat "$t/comm" 2>/dev/null) wchan $(cat "$t/wchan" 2>/dev/null) syscall $(cat "$t/syscall" 2>/dev/null)"
			cat "$t/stack" 2>/dev/null
		done >"$out"
	fi
	echo "    stacks of $label (pid $pid), in $out:"
	grep -E '^(Thread|#|thread|TID|#[0-9])' "$out" | head -40 | sed 's/^/      /'
}

# bounded_descendants PID: every process below PID (children first found, then theirs).
bounded_descendants() {
	local c
	for c in $(pgrep -P "$1" 2>/dev/null); do
		echo "$c"
		bounded_descendants "$c"
	done
}

# stop_process LABEL PID [WAIT_PID] [TIMEOUT_S]
stop_process() {
	local label=$1 pid=${2:-} wpid=${3:-${2:-}} timeout=${4:-$BOUNDED_STOP_TIMEOUT} killed=0
	STOP_STATUS=0
	[ -n "$pid" ] || [ -n "$wpid" ] || return 0
	[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
	if ! bounded_gone "$wpid" "$timeout" 2>/dev/null; then
		echo "timeout: $label (pid $pid) still runs ${timeout} s after SIGTERM; SIGKILL after a stack dump"
		[ -n "$pid" ] && bounded_alive "$pid" && stack_dump "$pid" "$label"
		# shellcheck disable=SC2046 # a list of pids
		kill -KILL "$pid" "$wpid" $(bounded_descendants "$wpid") 2>/dev/null
		killed=1
		if ! bounded_gone "$wpid" 10 2>/dev/null; then
			echo "timeout: $label (pid $wpid) survives SIGKILL for 10 s; left behind"
			bounded_untrack "$wpid"
			STOP_STATUS=137
			return 1
		fi
	fi
	# Gone or a zombie now: reaping it cannot block.
	wait "$wpid" 2>/dev/null
	STOP_STATUS=$?
	bounded_untrack "$wpid"
	[ "$wpid" != "$pid" ] && bounded_untrack "$pid"
	return $killed
}

# reap_process LABEL PID [TIMEOUT_S]
reap_process() {
	local label=$1 pid=${2:-} timeout=${3:-10}
	[ -n "$pid" ] || return 0
	if bounded_gone "$pid" "$timeout"; then
		wait "$pid" 2>/dev/null
		STOP_STATUS=$?
		bounded_untrack "$pid"
		return 0
	fi
	echo "note: $label (pid $pid) still runs $timeout s after its compositor stopped; stopping it"
	stop_process "$label" "$pid" "$pid" 10
}

# kill_process LABEL PID
kill_process() {
	local label=$1 pid=${2:-}
	[ -n "$pid" ] || return 0
	local below p
	below=$(bounded_descendants "$pid")
	# shellcheck disable=SC2086 # a list of pids
	kill -KILL $below "$pid" 2>/dev/null
	# (bash reports a child killed by a signal on stderr when it reaps it: not news here)
	for p in $below "$pid"; do
		if ! bounded_gone "$p" 10 2>/dev/null; then
			echo "timeout: $label (pid $p) survives SIGKILL for 10 s; left behind"
			return 1
		fi
	done
	wait "$pid" 2>/dev/null
	bounded_untrack "$pid"
	return 0
}

# stop_tracked PID [TIMEOUT_S]: stop_process for a tracked process, by the pid `wait` reaps.
stop_tracked() {
	local wpid=$1
	[ -n "$wpid" ] || return 0
	stop_process "${BOUNDED_LABEL[$wpid]:-process}" "${BOUNDED_SIGNAL[$wpid]:-$wpid}" "$wpid" "${2:-$BOUNDED_STOP_TIMEOUT}"
}

# run_bounded TIMEOUT_S LABEL CMD...: CMD under `timeout` (SIGTERM, SIGKILL 5 s later).
run_bounded() {
	local t=$1 label=$2 rc p
	shift 2
	# In the background, tracked: timeout runs in a process group of its own, so a suite that is
	# stopped meanwhile stops it from its EXIT trap (a signal to the suite's group misses it).
	timeout -k 5 "$t" "$@" &
	p=$!
	bounded_track "$p" "$label"
	wait "$p"
	rc=$?
	bounded_untrack "$p"
	[ $rc = 124 ] || [ $rc = 137 ] && echo "timeout: $label did not finish within $t s (killed)"
	return $rc
}

bounded_cleanup() {
	local pid cmd
	# A child forked from the suite runs the suite's traps until it execs: a signal in that
	# moment must not make it clean up the suite's things.
	[ "$BASHPID" = "$BOUNDED_MAIN_PID" ] || return 0
	for pid in "${!BOUNDED_LABEL[@]}"; do
		stop_process "${BOUNDED_LABEL[$pid]} (left running at exit)" "${BOUNDED_SIGNAL[$pid]}" "$pid" 10 >&2
	done
	for cmd in "${BOUNDED_EXIT_CMDS[@]}"; do eval "$cmd"; done
}
trap bounded_cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP
