# Shell functions of the tests of the patched wlroots compositors (hosts/cage/tests/run.sh,
# hosts/sway/tests/run.sh): the unprivileged user they run as, the test rig, and starting the
# compositor headless under umockdev-run, as that user, with a recording.
# Source it after tests/hosts/runner.sh, with ROOT, OUT, PROBE set. Test equipment only.
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
# hosts/wlroots/tests/gen-touch-wlroots.py's own), its touchscreen opening on SIGUSR2. Sets DIR,
# CPID (umockdev-run), COMP_PID, CONTACTS and SOCK (the socket's path: clients run as this
# shell's user, which may reach it). EXTRA_INI: more [bezel] lines for comp_prepare;
# RIG_POINTER=1: the rig adds a pointer device too (the seat gets the pointer capability);
# HOST_TRANSFORM, HOST_ROTATE (tests/hosts/expectations.sh): the rig turns the output.
comp_start() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/dev"
	CONTACTS=$(python3 "$ROOT/hosts/wlroots/tests/gen-touch-wlroots.py" "$scenario" "$DIR/rec.evemu") || return 1
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
