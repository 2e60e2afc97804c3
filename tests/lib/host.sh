# The library of every host's integration runner (hosts/NAME/tests/run.sh) and of the suites that
# run clients on a compositor (tests/toolkits): start and reap clients, generate the protocol
# code, build the test clients the shared table and the hostile course use. Source it after
# setting ROOT; it sources the bounded waits (bounded.sh), the counters (counters.sh), the
# command line (args.sh) and the product install (product.sh), and defines functions only.
#
# A runner then defines its host contract (host_start, host_stop, host_play, ...: see
# tests/hosts/expectations.sh) and its own cases.

# Bounded waits and stops (wait_for, stop_process, ...), and the EXIT trap that stops whatever
# the suite left running.
. "$ROOT/tests/lib/bounded.sh"
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/args.sh"
. "$ROOT/tests/lib/product.sh"

# runner_folders NAME: a runner's build folder SCRATCH ($BEZEL_<NAME>_SCRATCH, else
# .build-NAME) and its test output OUT ($SCRATCH/NAME-tests). Each distribution builds in its
# own folder (scripts/distro.sh sets BEZEL_DISTRO inside its root), so a Debian 12 build and a
# Debian 13 build never share object files.
runner_folders() {
	local var
	var=BEZEL_$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')_SCRATCH
	SCRATCH=${!var:-$ROOT/.build-$1${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
	OUT=$SCRATCH/$1-tests
}

# start_client LABEL CMD...: starts a client on the compositor at $SOCK, its output in
# $DIR/LABEL.out and .err, under `timeout` (CLIENT_TIMEOUT_S, default 900: the suite's stops
# end it long before); sets CPID_<LABEL> (timeout's pid: signals reach the client through it,
# and kill_process kills both).
start_client() {
	local label=$1
	shift
	WAYLAND_DISPLAY=$SOCK timeout -k 5 "${CLIENT_TIMEOUT_S:-900}" "$@" >"$DIR/$label.out" 2>"$DIR/$label.err" &
	eval "CPID_$label=$!"
	bounded_track $! "client $label ($(basename "$1"))"
}

# reap_clients PID...: the clients of a compositor that has stopped end by themselves (they
# read what it sent, then see the hang-up); each gets a bounded wait, then SIGTERM, SIGKILL.
reap_clients() {
	local p
	for p in "$@"; do [ -n "$p" ] && reap_process "${BOUNDED_LABEL[$p]:-client $p}" "$p" 10; done
	return 0
}

# stop_host LABEL PID RUNTIME_DIR [CLIENT PIDS...]: stops the compositor LABEL, PID (CPID,
# umockdev-run, when empty), within its bound, and fails the case (DIR's name) when it does not
# stop; reaps the clients (reap_clients); removes RUNTIME_DIR when it is one the runner made
# (mktemp's ${TMPDIR:-/tmp}/bezel-NN.XXXXXX), not the user's own.
stop_host() {
	local label=$1 pid=$2 rundir=$3
	shift 3
	stop_process "$label" "${pid:-$CPID}" "$CPID" ||
		fail "$(basename "$DIR"): $label did not stop within its bound after SIGTERM (stacks above)"
	reap_clients "$@"
	case $rundir in
	"${TMPDIR:-/tmp}"/bezel-??.??????) rm -rf "$rundir" ;;
	esac
}

# host_protocol_code OUT [XML]: client code of bezel-system-gestures (XML, default the
# repository's protocol/; the demos pass the installed one) and xdg-shell in OUT (and
# xdg-shell's server header, for compositors built by the runner).
host_protocol_code() {
	local out=$1 xml=${2:-$ROOT/protocol/bezel-system-gestures-v1.xml} xdg
	xdg=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
	mkdir -p "$out"
	wayland-scanner client-header "$xml" "$out/bezel-system-gestures-v1-client-protocol.h" &&
		wayland-scanner private-code "$xml" "$out/bezel-system-gestures-v1-protocol.c" &&
		wayland-scanner client-header "$xdg" "$out/xdg-shell-client-protocol.h" &&
		wayland-scanner server-header "$xdg" "$out/xdg-shell-protocol.h" &&
		wayland-scanner private-code "$xdg" "$out/xdg-shell-protocol.c"
}

# host_client OUT NAME SOURCE: builds a Wayland client that speaks bezel and xdg-shell ($CFLAGS),
# with the test clients' shared helpers (tests/hosts/client-kit.c).
host_client() {
	local out=$1 name=$2 src=$3
	# shellcheck disable=SC2086 # CFLAGS is a list of flags
	cc $CFLAGS -o "$out/$name" "$src" "$ROOT/tests/hosts/client-kit.c" \
		"$out/bezel-system-gestures-v1-protocol.c" "$out/xdg-shell-protocol.c" -I"$out" -I"$ROOT/tests/hosts" \
		$(pkg-config --cflags --libs wayland-client)
}

# host_hostile_clients OUT: the clients of the hostile course (tests/hosts/hostile.sh):
# HOSTILE_CLIENT and SCALE_CLIENT.
host_hostile_clients() {
	local out=$1
	HOSTILE_CLIENT=$out/hostile-client
	SCALE_CLIENT=$out/hostile-scale-client
	host_client "$out" hostile-client "$ROOT/tests/hosts/hostile-client.c" &&
		host_client "$out" hostile-scale-client "$ROOT/tests/hosts/hostile-scale-client.c"
}

# host_table_clients OUT: the two clients of the shared table (TOUCH_CLIENT, DEFER_CLIENT).
host_table_clients() {
	local out=$1
	TOUCH_CLIENT=$out/bezel-touch-client
	DEFER_CLIENT=$out/bezel-defer-client
	host_client "$out" bezel-touch-client "$ROOT/tests/hosts/bezel-touch-client.c" &&
		host_client "$out" bezel-defer-client "$ROOT/examples/bezel-defer-client.c"
}

# ---- the host contract: a runner defines host_start NAME SCENARIO [realtime] (sets DIR, SOCK,
# HOST_PID), host_stop [CLIENT_PID...], host_replay (plays the recording and waits until every
# contact has lifted), HOST_NAME, and optionally host_why_not_started ----

# play NAME SCENARIO READY CLIENT...: the common course of a case. Starts the host for SCENARIO
# (REALTIME=1: the recording keeps its delays) and one client (label c), waits for READY in the
# client's output (HOST_READY_S, default 20 s), replays the recording (host_replay), then stops the host and the client so
# that their output is complete. Returns 0 when the checks can run; otherwise it has printed a
# FAIL line.
play() {
	local name=$1 scenario=$2 ready=$3 why=
	shift 3
	if ! host_start "$name" "$scenario" ${REALTIME:+realtime}; then
		host_stop
		[ "$(type -t host_why_not_started)" = function ] && why=": $(host_why_not_started)"
		fail "$name: $HOST_NAME did not start$why (see $DIR)"
		return 1
	fi
	start_client c "$@"
	if wait_for "$DIR/c.out" "$ready" 1 "${HOST_READY_S:-20}" && host_replay; then
		host_stop "$CPID_c"
		return 0
	fi
	host_stop "$CPID_c"
	fail "$name: client not ready or replay incomplete (see $DIR)"
	return 1
}

# host_course: with --hostile or --scale (COURSE), runs that part of the hostile course
# (tests/hosts/hostile.sh, sourced by the runner) and finishes; otherwise does nothing.
host_course() {
	case ${COURSE:-} in
	hostile) run_host_hostile "$ROUNDS" "$SEED"; finish ;;
	scale) run_host_scale "$IDLE" "$CREATE" "$TOPLEVELS"; finish ;;
	esac
}

# host_wayland_info: the host starts (case "info", a tap recording) and wayland-info on it lists
# bezel_system_gestures_manager_v1 and a seat with touch. A host that does not start fails,
# and the run finishes.
host_wayland_info() {
	if ! host_start info tap-bottom; then
		host_stop
		fail "$HOST_NAME did not start (see $DIR)"
		finish
	fi
	run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
	host_stop
	if grep -q "bezel_system_gestures_manager_v1" "$DIR/wayland-info.out" &&
		grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
		pass "wayland-info lists bezel_system_gestures_manager_v1 and a seat with touch"
	else
		fail "wayland-info (see $DIR/wayland-info.out)"
	fi
}
