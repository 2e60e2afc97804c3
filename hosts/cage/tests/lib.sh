# Shell functions of the tests of the patched wlroots compositors (hosts/cage/tests/run.sh,
# hosts/sway/tests/run.sh, hosts/phoc/tests/run.sh): the command line and the build, the unprivileged user they run
# as, the test rig, starting the compositor headless under umockdev-run, as that user, with a
# recording; the host side of the shared table and hostile course; the cases both run alike
# (start, table, latency, weston-simple-touch, config), each named run_patched_*.
# Source it after tests/lib/host.sh, with ROOT, OUT, PROBE set. Test equipment only.
#
# The runner provides:
#   comp_prepare MODE: called with DIR set (a fresh folder the compositor may write to); writes
#       the compositor's configuration into DIR and sets COMP_CMD (an array: the command line)
#       and COMP_READY (a pattern of host.log meaning "serving clients", its last word the
#       socket's name: sway avoids wayland-0).
#   COMP_LABEL: the compositor's name in messages.

# ---- who runs the compositor ----
# cage and sway refuse to run as root (both check that root cannot be regained). As root, the
# tests run them as an unprivileged user: BEZEL_TEST_USER, default `nobody`, with setpriv (the
# user needs no login shell or home). Otherwise as the user running the tests.
AS_USER=()
RUN_USER=$(id -un)
if [ "$(id -u)" = 0 ]; then
	RUN_USER=${BEZEL_TEST_USER:-nobody}
	if ! id -u "$RUN_USER" >/dev/null 2>&1 || ! command -v setpriv >/dev/null; then
		fail "the tests run as root and need an unprivileged user '$RUN_USER' and setpriv (util-linux) to start $COMP_LABEL"
		finish
	fi
	AS_USER=(setpriv --reuid="$(id -u "$RUN_USER")" --regid="$(id -g "$RUN_USER")" --clear-groups)
	# The user must reach the build and the case folders: a checkout it cannot enter (under
	# /root, say) has them built and run from a folder of their own in /tmp instead.
	mkdir -p "$OUT"
	if ! "${AS_USER[@]}" test -x "$OUT"; then
		OUT=$(mktemp -d "/tmp/bezel-$COMP_LABEL-tests.XXXXXX") && chmod 755 "$OUT"
		echo "note: user $RUN_USER cannot enter the scratch folder; the build and the cases are in $OUT"
	fi
fi

# as_user_can_run FILE...: each file is readable by the user (the build folder's parents too).
as_user_can_run() {
	local f
	for f in "$@"; do
		"${AS_USER[@]}" test -r "$f" || { echo "user $RUN_USER cannot read $f"; return 1; }
	done
}

# ---- the test rig (hosts/cage/rig) and cage's primary client, against PREFIX's libbezel ----
# build_rig PREFIX: sets RIG and PRIMARY.
build_rig() {
	local prefix=$1
	RIG=$OUT/bezel-wlr-touch-rig.so
	PRIMARY=$OUT/cage-primary
	# shellcheck disable=SC2046 # pkg-config output is a list
	cc -std=gnu11 -Wall -Wextra -Werror -O1 -g -shared -fPIC -DWLR_USE_UNSTABLE -o "$RIG" \
		"$ROOT/hosts/cage/rig/bezel-wlr-touch-rig.c" -I"$prefix/include" \
		$(pkg-config --cflags wlroots pixman-1) -L"$prefix/lib" -lbezel -Wl,-rpath,"$prefix/lib" -ldl &&
		cc -std=gnu11 -Wall -Wextra -Werror -O1 -o "$PRIMARY" "$ROOT/hosts/cage/tests/cage-primary.c" \
			$(pkg-config --cflags --libs wayland-client)
}

NODE=/dev/input/event7
START_TIMEOUT_S=20
COMP_PID=
RUNTIME_DIR=

# comp_start NAME SCENARIO [realtime]: the compositor for SCENARIO (tests/hosts/gen-touch.py, or
# hosts/wlroots/tests/gen-touch-wlroots.py's own, or the runner's GEN_TOUCH script, which passes
# the names it does not know on to that one), its touchscreen opening on SIGUSR2. Sets DIR,
# CPID (umockdev-run), COMP_PID, CONTACTS and SOCK (the socket's path: clients run as this
# shell's user, which may reach it). EXTRA_INI: more [bezel] lines for comp_prepare;
# RIG_POINTER=1: the rig adds a pointer device too (the seat gets the pointer capability);
# HOST_TRANSFORM, HOST_ROTATE (tests/hosts/expectations.sh): the rig turns the output.
comp_start() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/dev"
	CONTACTS=$(python3 "${GEN_TOUCH:-$ROOT/hosts/wlroots/tests/gen-touch-wlroots.py}" "$scenario" "$DIR/rec.evemu") || return 1
	"$PROBE" umockdev --events "$DIR/rec.evemu" --out "$DIR/dev" --node $NODE >"$DIR/probe.log" 2>&1 || return 1
	if [ "$mode" = realtime ]; then
		python3 "$ROOT/tests/hosts/realtime-script.py" "$DIR/rec.evemu" "$DIR/dev/device.script" || return 1
	fi
	python3 "$ROOT/tools/umockdev-preload/script-spaces.py" "$DIR/dev/device.script" >/dev/null || return 1
	# A short runtime directory of the user's own, private (a socket path must fit 108 bytes).
	RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-pc.XXXXXX") || return 1
	comp_prepare "$mode" || return 1
	if [ ${#AS_USER[@]} -gt 0 ]; then
		chown -R "$RUN_USER:" "$DIR" "$RUNTIME_DIR" || return 1
	fi
	chmod 700 "$RUNTIME_DIR"
	local attempt rc
	for attempt in 1 2; do
		rm -f "$DIR/compositor.pid"
		"${AS_USER[@]}" env HOME="$DIR" PATH=/usr/local/bin:/usr/bin:/bin XDG_RUNTIME_DIR="$RUNTIME_DIR" \
			WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_XWAYLAND=/bin/false \
			BEZEL_RIG_TOUCH_DEVICE=$NODE BEZEL_RIG_OPEN=sigusr2 BEZEL_RIG_EVENT_LOG="$DIR/events.log" \
			BEZEL_RIG_POINTER="${RIG_POINTER:-0}" BEZEL_RIG_TRANSFORM="${HOST_TRANSFORM:-}" \
			BEZEL_RIG_ROTATE="${HOST_ROTATE:-}" \
			umockdev-run -d "$DIR/dev/device.umockdev" -i "$NODE=$DIR/dev/device.ioctl" \
			-s "$NODE=$DIR/dev/device.script" -- \
			sh -c 'echo $$ >"$1/compositor.pid"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
			"$SHIM:$RIG" "$DIR" "${COMP_CMD[@]}" </dev/null >"$DIR/host.log" 2>&1 &
		CPID=$!
		COMP_PID=
		bounded_track "$CPID" "$COMP_LABEL ($name)"
		# The rig's line: the touch device exists and SIGUSR2 is handled; then the compositor's.
		wait_while_alive "$CPID" "$DIR/host.log" "bezel-wlr-touch-rig: headless touch device" 1 "$START_TIMEOUT_S" "the test rig's touch device line"
		rc=$?
		[ $attempt = 1 ] && [ $rc = 2 ] && umockdev_died_early "$CPID" "$DIR/compositor.pid" && continue
		break
	done
	COMP_PID=$(cat "$DIR/compositor.pid" 2>/dev/null)
	[ -n "$COMP_PID" ] && bounded_track "$CPID" "$COMP_LABEL ($name)" "$COMP_PID"
	[ $rc = 0 ] && wait_while_alive "$CPID" "$DIR/host.log" "$COMP_READY" 1 "$START_TIMEOUT_S" "$COMP_LABEL's ready line" || return 1
	SOCK=$RUNTIME_DIR/$(grep -m1 -- "$COMP_READY" "$DIR/host.log" | awk '{print $NF}')
	[ -S "$SOCK" ]
}

# comp_stop [CLIENT PIDS...]
comp_stop() {
	stop_process "$COMP_LABEL" "${COMP_PID:-$CPID}" "$CPID" ||
		fail "$(basename "$DIR"): $COMP_LABEL did not stop within its bound after SIGTERM (stacks above)"
	reap_clients "$@"
	COMP_PID=
	case ${RUNTIME_DIR:-} in
	*/bezel-pc.*) rm -rf "$RUNTIME_DIR" ;;
	esac
	RUNTIME_DIR=
}

# Why the compositor did not start, from its log.
comp_why_not_started() {
	grep -m1 -E "refusing|Unable|cannot|[Ff]ailed|error" "$DIR/host.log" 2>/dev/null || tail -3 "$DIR/host.log" 2>/dev/null
}

# comp_play NAME SCENARIO READY CLIENT...: start, one client, wait for READY, replay, stop.
comp_play() {
	local name=$1 scenario=$2 ready=$3
	shift 3
	if ! comp_start "$name" "$scenario" ${REALTIME:+realtime}; then
		comp_stop
		fail "$name: $COMP_LABEL did not start: $(comp_why_not_started) (see $DIR)"
		return 1
	fi
	start_client c "$@"
	if wait_for "$DIR/c.out" "$ready" 1 20 "the client's '$ready'" && kill -USR2 "$COMP_PID" &&
		wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up in the event log"; then
		comp_stop "$CPID_c"
		return 0
	fi
	comp_stop "$CPID_c"
	fail "$name: client not ready or replay incomplete (see $DIR)"
	return 1
}

# ---- the command line and the build, alike in both runners ----
# patched_args ARG...: the runner's arguments (usage in its header): sets CASES, COURSE,
# LATENCY, ROUNDS, SEED.
patched_args() {
	LATENCY=0
	CASES=()
	COURSE=
	ROUNDS=56
	SEED=1
	while [ $# -gt 0 ]; do
		case $1 in
		--latency) LATENCY=$2; COURSE=latency; shift ;;
		--hostile) COURSE=hostile ;;
		--rounds) ROUNDS=$2; shift ;;
		--seed) SEED=$2; shift ;;
		-*) echo "usage: $0 [CASE...] | --latency N | --hostile [--rounds N] [--seed S]" >&2; exit 2 ;;
		*) CASES+=("$1") ;;
		esac
		shift
	done
}

# want CASE: the command line named CASE, or named none.
want() {
	[ ${#CASES[@]} = 0 ] && return 0
	local c
	for c in "${CASES[@]}"; do [ "$c" = "$1" ] && return 0; done
	return 1
}

# build_patched WHAT: the probe, the compositor patched and unpatched (hosts/NAME/build.sh,
# cached in SCRATCH; WHAT names its upstream version in the pass line) and the protocol code.
# Sets COMP_BIN and COMP_PLAIN_BIN; finishes the run on failure.
build_patched() {
	local what=$1 build_var start_s
	host_build_plugin "$SCRATCH" debug "$OUT"
	mkdir -p "$OUT"
	build_var=BEZEL_${COMP_LABEL^^}_BUILD
	export "$build_var=$SCRATCH/$COMP_LABEL" BEZEL_SHIM_BUILD="$SCRATCH/bezel-shim-release"
	start_s=$(date +%s)
	if COMP_BIN=$("$ROOT/hosts/$COMP_LABEL/build.sh" "$OUT/prefix" | tail -1) &&
		COMP_PLAIN_BIN=$("$ROOT/hosts/$COMP_LABEL/build.sh" --unpatched "$OUT/prefix-unpatched" | tail -1) &&
		[ -x "$COMP_BIN" ] && [ -x "$COMP_PLAIN_BIN" ]; then
		pass "hosts/$COMP_LABEL/build.sh builds $what with the series ($(cat "$ROOT/hosts/$COMP_LABEL"/patches/*.patch | grep '^+' | grep -vc '^+++') lines added) and without it, in $(($(date +%s) - start_s)) s"
	else
		fail "hosts/$COMP_LABEL/build.sh (logs in ${!build_var})"
		finish
	fi
	host_protocol_code "$OUT" || { fail "wayland-scanner"; finish; }
}

# ---- the host side of the shared table and hostile course (tests/hosts/expectations.sh,
# tests/hosts/hostile.sh) ----
# WINDOWED=1 needs nothing: cage maximizes a toplevel that does not ask for full screen, sway
# tiles it (alone, over the whole output); neither is full screen (R6).
. "$ROOT/tests/hosts/expectations.sh"
host_play() { comp_play "$@"; }
host_start() { comp_start "$@" || return 1; HOST_PID=$COMP_PID; }
host_stop() { comp_stop "$@"; }
host_why_not_started() { comp_why_not_started; }
# The rig turns the output (at start, or after the N-th motion) and maps the touches with it.
host_rotation() { :; }
HOST_NAME=$COMP_LABEL
HOST_VALGRIND=
. "$ROOT/tests/hosts/hostile.sh"

# The cases below need the runner's comp_prepare, the build (TOUCH_CLIENT) and `want CASE`.

# run_patched_latency TAPS: libinput event -> the client's wl_touch event, unpatched then
# patched. TAPS taps in the middle (R1: delivered at once), 10 ms apart, in real time; the rig
# logs when libinput gave it each event (the same rig, the same client, in both builds). The
# patched build logs at error level, as the unpatched build does.
run_patched_latency() {
	local taps=$1 line n
	local -A MED=() P99=()
	LOG_LEVEL=error
	for VARIANT in unpatched patched; do
		if REALTIME=1 comp_play "latency-$VARIANT" "taps-$taps" " ready" "$TOUCH_CLIENT" --no-gesture-object; then
			line=$(python3 "$ROOT/tests/hosts/latency.py" "$DIR/events.log" "$DIR/c.out" "$COMP_LABEL $VARIANT" 2>&1)
			echo "figure: $line"
			MED[$VARIANT]=$(sed -n 's/.* median \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
			P99[$VARIANT]=$(sed -n 's/.* p99 \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
			n=$(sed -n 's/.*: \([0-9]*\) touch events.*/\1/p' <<<"$line" | tail -1)
			if [ "${n:-0}" = $((2 * taps)) ]; then
				pass "latency ($VARIANT $COMP_LABEL): all $n downs and ups of $taps taps reached the client"
			else
				fail "latency ($VARIANT $COMP_LABEL): ${n:-0} of $((2 * taps)) events paired (see $DIR)"
			fi
		fi
	done
	VARIANT=
	if [ -n "${MED[patched]:-}" ] && [ -n "${MED[unpatched]:-}" ]; then
		echo "figure: $COMP_LABEL, latency libinput -> wl_touch over $taps taps: median ${MED[patched]} us with Bezel, ${MED[unpatched]} us without (added $((MED[patched] - MED[unpatched])) us); p99 ${P99[patched]} us with, ${P99[unpatched]} us without"
		if [ $((MED[patched] - MED[unpatched])) -le 1000 ]; then
			pass "R1: Bezel adds $((MED[patched] - MED[unpatched])) us at the median to a tap in the middle (bound 1 ms)"
		else
			fail "R1: Bezel adds $((MED[patched] - MED[unpatched])) us at the median (bound 1 ms)"
		fi
	fi
}

# run_patched_start: the compositor starts headless with Bezel: the adapter's line; the global
# and a touch seat. Finishes the run when it does not start.
run_patched_start() {
	want start || return 0
	if comp_start start tap-bottom; then
		run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
		comp_stop
		if grep -q "bezel: system edge gestures on seat seat0 (libbezel " "$DIR/host.log" &&
			[ "$(grep -c "interface: 'bezel_system_gestures_manager_v1'" "$DIR/wayland-info.out")" = 1 ] &&
			grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
			pass "§6 patched $COMP_LABEL runs headless as $RUN_USER, says 'bezel: system edge gestures on seat seat0'; wayland-info lists bezel_system_gestures_manager_v1 once and a seat with touch"
		else
			fail "start (see $DIR)"
		fi
	else
		comp_stop
		fail "$COMP_LABEL did not start headless here: $(comp_why_not_started) (see $DIR/host.log)"
		finish
	fi
}

# run_patched_table: the table every host runs, the rows `want` asks for.
run_patched_table() {
	local row table=()
	for row in "${HOST_EXPECTATIONS[@]}"; do want "${row%%|*}" && table+=("${row%%|*}"); done
	[ ${#table[@]} -eq 0 ] || run_host_expectations "${table[@]}"
}

# run_patched_simple_touch SWIPE: weston-simple-touch, a client that knows nothing of Bezel. Its
# 600x500 window sits at the top left. A tap inside it is delivered at once at the surface-local
# point; a swipe up from the bottom edge is the dock; it keeps running (nothing it was sent made
# it fail). SWIPE: how the pass line names that swipe.
run_patched_simple_touch() {
	local swipe=$1 alive ev
	want simple-touch || return 0
	if comp_start simple-touch tap-app; then
		start_client c weston-simple-touch
		if wait_for "$DIR/events.log" "surface add" 1 20 "weston-simple-touch's surface" && kill -USR2 "$COMP_PID" &&
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up"; then
			bounded_alive "$CPID_c"
			alive=$?
			comp_stop "$CPID_c"
			ev=$DIR/events.log
			if [ $alive = 0 ] && grep -q "send down id=0 x=300.0 y=250.0" "$ev" &&
				[ "$(count "$ev" 'send up id=0')" = 1 ] && grep -q "gesture began dock" "$ev" &&
				grep -q "gesture ended dock .*committed=1" "$ev"; then
				pass "R1/R2 weston-simple-touch: a tap in its window is delivered at (300, 250); $swipe is the dock; it keeps running"
			else
				fail "weston-simple-touch (see $DIR)"
			fi
		else
			comp_stop "$CPID_c"
			fail "simple-touch: not mapped or replay incomplete (see $DIR)"
		fi
	else
		comp_stop
		fail "simple-touch: $COMP_LABEL did not start (see $DIR)"
	fi
}

# run_patched_config HOW WHAT: settings from the compositor's own configuration reach the
# plugin: bind-bottom= (HOW: how the pass line says it was set; WHAT: the fail line's name)
# unbinds the bottom edge, so the swipe up reaches the client whole and nothing begins.
run_patched_config() {
	local how=$1 what=$2
	want config || return 0
	EXTRA_INI="bind-bottom=" comp_play config swipe-up " ready" "$TOUCH_CLIENT" || return 0
	if [ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] && ! grep -q "gesture began" "$DIR/events.log"; then
		pass "§4.4 $how unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "$what (see $DIR)"
	fi
}
