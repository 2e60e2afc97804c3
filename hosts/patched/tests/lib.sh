# The test library of the patched wlroots compositors (hosts/cage, hosts/sway, hosts/phoc): what
# their runners (hosts/NAME/tests/run.sh) share. Test equipment only.
#   - the host runners' library (tests/lib/host.sh: the counters, the command line of
#     tests/lib/args.sh, and --version V: the upstream version to build and test, default the
#     one of the Debian release this runs in, as hosts/NAME/build.sh picks it);
#   - the build (patched_setup): the product installed through meson-shim in release
#     (tests/lib/product.sh), the compositor patched against it and unpatched
#     (hosts/NAME/build.sh --bezel, cached in SCRATCH), the touch rig (hosts/patched/rig, an
#     LD_PRELOAD), the session client (hosts/patched/tests/primary-client.c), the clients of the
#     shared table and hostile course;
#   - the unprivileged user the compositor runs as, and starting it headless under umockdev-run
#     with a recording (comp_start, comp_replay, comp_stop): the host contract of
#     tests/lib/host.sh's play, the shared table and the hostile course (host_start,
#     host_replay, host_stop, ...), which a runner may wrap;
#   - the cases every patched host runs alike: run_patched_course (the hostile course or the
#     latency alone, otherwise the start and the table), run_patched_config, and
#     host_simple_touch_replay for the table's run_simple_touch.
#
# The runner sets COMP_LABEL (its folder under hosts/), sources this file (which sets ROOT), calls
# `runner_args "$@"`, defines the hooks below, then calls patched_setup and run_patched_course
# before its own cases, and finish. SCRATCH is $BEZEL_<COMP_LABEL>_SCRATCH (default
# .build-COMP_LABEL, or .build-COMP_LABEL-$BEZEL_DISTRO inside another distribution's root:
# scripts/distro.sh), OUT the tests' folder in it.
#   comp_prepare MODE: called with DIR set (a fresh folder the compositor may write to); writes
#       the compositor's configuration into DIR (bezel_settings: the [bezel] lines of a case)
#       and sets COMP_CMD (an array: the command line; comp_variant_bin: the binary VARIANT asks
#       for) and COMP_READY (a pattern of host.log meaning "serving clients", its last word the
#       socket's name: sway avoids wayland-0; PRIMARY_READY when the session is PRIMARY).
#   comp_clients (optional): builds the runner's own clients into OUT; COMP_CLIENTS names them
#       in the pass line. COMP_FILES (optional): more files the user must be able to read.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
# A suite that runs a patched compositor among other hosts (tests/toolkits) has the runners'
# library loaded already: loading it again would reset its counters.
declare -F runner_args >/dev/null || . "$ROOT/tests/lib/host.sh"
. "$ROOT/tests/lib/touchscreen.sh"
RUNNER_EXTRA_OPTS="--version"
runner_folders "$COMP_LABEL"
PRIMARY_READY="^primary-client: connected to "

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

# ---- the test rig (hosts/patched/rig) and the session client ----
# build_rig PREFIX: the rig against PREFIX's libbezel; sets RIG and PRIMARY.
build_rig() {
	local prefix=$1
	RIG=$OUT/bezel-wlr-touch-rig.so
	PRIMARY=$OUT/primary-client
	# shellcheck disable=SC2046 # pkg-config output is a list
	# wlroots 0.15's pkg-config name is wlroots; later ones carry their version (wlroots-0.18).
	local wlroots=wlroots
	pkg-config --exists wlroots || wlroots=$(pkg-config --list-package-names | grep -m1 '^wlroots-')
	cc -std=gnu11 -Wall -Wextra -Werror -O1 -g -shared -fPIC -DWLR_USE_UNSTABLE -o "$RIG" \
		"$ROOT/hosts/patched/rig/bezel-wlr-touch-rig.c" -I"$prefix/include" \
		$(pkg-config --cflags "$wlroots" pixman-1) -L"$prefix/lib" -lbezel -Wl,-rpath,"$prefix/lib" -ldl &&
		cc -std=gnu11 -Wall -Wextra -Werror -O1 -o "$PRIMARY" "$ROOT/hosts/patched/tests/primary-client.c" \
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
# HOST_TRANSFORM, HOST_ROTATE (tests/hosts/expectations.sh): the rig turns the output;
# HOST_UNPLUG: it adds a second output and unplugs the touchscreen's; glibc then fills freed
# memory (MALLOC_PERTURB_, GLib's objects through malloc too), so that state read after the
# output freed it crashes the compositor rather than passing unseen (no valgrind run here).
comp_start() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	make_fresh_touch_device "$DIR" "$scenario" "$mode" "${GEN_TOUCH:-$ROOT/hosts/wlroots/tests/gen-touch-wlroots.py}" || return 1
	# A short runtime directory of the user's own, private (a socket path must fit 108 bytes).
	RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-pc.XXXXXX") || return 1
	comp_prepare "$mode" || return 1
	if [ ${#AS_USER[@]} -gt 0 ]; then
		chown -R "$RUN_USER:" "$DIR" "$RUNTIME_DIR" || return 1
	fi
	chmod 700 "$RUNTIME_DIR"
	local rc
	# umockdev-run and the compositor run as the user, with the rig's settings.
	local -a TOUCHSCREEN_AS=("${AS_USER[@]}" env HOME="$DIR" PATH=/usr/local/bin:/usr/bin:/bin
		XDG_RUNTIME_DIR="$RUNTIME_DIR" WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_XWAYLAND=/bin/false
		BEZEL_RIG_TOUCH_DEVICE="$NODE" BEZEL_RIG_OPEN=sigusr2 BEZEL_RIG_EVENT_LOG="$DIR/events.log"
		BEZEL_RIG_POINTER="${RIG_POINTER:-0}" BEZEL_RIG_TRANSFORM="${HOST_TRANSFORM:-}"
		BEZEL_RIG_ROTATE="${HOST_ROTATE:-}" BEZEL_RIG_UNPLUG="${HOST_UNPLUG:-}"
		${HOST_UNPLUG:+MALLOC_PERTURB_=165 G_SLICE=always-malloc})
	COMP_PID=
	# The rig's line: the touch device exists and SIGUSR2 is handled; then the compositor's.
	touchscreen_start "$COMP_LABEL ($name)" "bezel-wlr-touch-rig: headless touch device" "the test rig's touch device line" \
		"$DIR" "$NODE" "$SHIM:$RIG" "$DIR/compositor.pid" "$DIR/host.log" "${COMP_CMD[@]}"
	rc=$?
	COMP_PID=$(cat "$DIR/compositor.pid" 2>/dev/null)
	[ -n "$COMP_PID" ] && bounded_track "$CPID" "$COMP_LABEL ($name)" "$COMP_PID"
	[ $rc = 0 ] && wait_while_alive "$CPID" "$DIR/host.log" "$COMP_READY" 1 "$START_TIMEOUT_S" "$COMP_LABEL's ready line" || return 1
	SOCK=$RUNTIME_DIR/$(grep -m1 -- "$COMP_READY" "$DIR/host.log" | awk '{print $NF}')
	[ -S "$SOCK" ]
}

# comp_stop [CLIENT PIDS...]
comp_stop() {
	stop_host "$COMP_LABEL" "${COMP_PID:-}" "${RUNTIME_DIR:-}" "$@"
	COMP_PID=
	RUNTIME_DIR=
}

# Why the compositor did not start, from its log.
comp_why_not_started() {
	grep -m1 -E "refusing|Unable|cannot|[Ff]ailed|error" "$DIR/host.log" 2>/dev/null || tail -3 "$DIR/host.log" 2>/dev/null
}

# ---- the build ----
# comp_build ARG...: hosts/COMP_LABEL/build.sh ARG... at the version the command line asks for
# (--version V), its build folder SCRATCH/COMP_LABEL (the patched source tree in it:
# SCRATCH/COMP_LABEL/src-patched); prints the last line (the binary's path) and returns the
# script's status.
comp_build() {
	local build=("$ROOT/hosts/$COMP_LABEL/build.sh") printed rc
	[ -n "${RUNNER_OPT[--version]:-}" ] && build+=(--version "${RUNNER_OPT[--version]}")
	printed=$(env "BEZEL_${COMP_LABEL^^}_BUILD=$SCRATCH/$COMP_LABEL" "${build[@]}" "$@")
	rc=$?
	echo "${printed##*$'\n'}"
	return $rc
}

# comp_series_size: "with the series patches/COMP_VERSION (N lines added)".
comp_series_size() {
	echo "with the series patches/$COMP_VERSION ($(cat "$ROOT/hosts/$COMP_LABEL/patches/$COMP_VERSION"/*.patch | grep '^+' | grep -vc '^+++') lines added)"
}

# patched_setup: the product (release: the compositor's Bezel, and the probe), the compositor
# patched against it and unpatched at COMP_VERSION (hosts/NAME/build.sh, cached in SCRATCH), the
# protocol code, the rig, the session client, the shared clients and the runner's
# (comp_clients), the umockdev preload (SHIM). Sets COMP_VERSION, COMP_BIN, COMP_PLAIN_BIN,
# COMP_SRC (the patched source tree), PROBE; finishes the run on failure, and after the build
# with --build-only.
patched_setup() {
	local start_s
	if [ "$VALGRIND" = 1 ] || [ "$COURSE" = scale ]; then
		echo "$0: --valgrind and --scale do not run on patched $COMP_LABEL (hosts/README.md)" >&2
		exit 2
	fi
	COMP_VERSION=$(comp_build --print-version 2>&1) || { fail "hosts/$COMP_LABEL/build.sh: $COMP_VERSION"; finish; }
	product_install release || { fail "the product install through meson-shim (tests/lib/product.sh)"; finish; }
	mkdir -p "$OUT"
	COMP_SRC=$SCRATCH/$COMP_LABEL/src-patched
	start_s=$(date +%s)
	if COMP_BIN=$(comp_build --bezel "$PRODUCT_PREFIX" "$OUT/prefix") &&
		COMP_PLAIN_BIN=$(comp_build --unpatched "$OUT/prefix-unpatched") &&
		[ -x "$COMP_BIN" ] && [ -x "$COMP_PLAIN_BIN" ]; then
		pass "hosts/$COMP_LABEL/build.sh builds $COMP_LABEL $COMP_VERSION $(comp_series_size) and without it, in $(($(date +%s) - start_s)) s"
	else
		fail "hosts/$COMP_LABEL/build.sh (logs in $SCRATCH/$COMP_LABEL)"
		finish
	fi
	host_protocol_code "$OUT" || { fail "wayland-scanner"; finish; }
	CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
	if build_rig "$PRODUCT_PREFIX" && host_table_clients "$OUT" && host_hostile_clients "$OUT" &&
		{ ! declare -F comp_clients >/dev/null || comp_clients; } &&
		SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
		pass "the test rig, the session client and the test clients${COMP_CLIENTS:+ (and $COMP_CLIENTS)} compile with -Werror"
	else
		fail "compile the rig and the clients"
		finish
	fi
	as_user_can_run "$COMP_BIN" "$COMP_PLAIN_BIN" "$RIG" "$PRIMARY" "$SHIM" "$PRODUCT_LIB/libbezel.so.0" ${COMP_FILES[@]+"${COMP_FILES[@]}"} ||
		{ fail "user $RUN_USER cannot read the build (make $SCRATCH readable)"; finish; }
	BOUNDED_DUMP_DIR=$OUT
	[ "$BUILD_ONLY" = 1 ] && finish
	return 0
}

# comp_variant_bin: the compositor's binary for VARIANT (unpatched: the tarball's as it is).
comp_variant_bin() {
	if [ "${VARIANT:-patched}" = unpatched ]; then echo "$COMP_PLAIN_BIN"; else echo "$COMP_BIN"; fi
}

# bezel_settings: the [bezel] settings of a case, one key=value a line: the log level
# (LOG_LEVEL, default debug), the output's size in mm, the event log in DIR, EXTRA_INI's lines.
bezel_settings() {
	printf '%s\n' "log-level=${LOG_LEVEL:-debug}" output-width-mm=68 output-height-mm=121 "event-log=$DIR/events.log"
	[ -z "${EXTRA_INI:-}" ] || printf '%s\n' "$EXTRA_INI"
}

# ---- the host side of the shared table and hostile course (tests/hosts/expectations.sh,
# tests/hosts/hostile.sh) ----
# WINDOWED=1 needs nothing: cage maximizes a toplevel that does not ask for full screen, sway
# tiles it (alone, over the whole output); neither is full screen (R6).
. "$ROOT/tests/hosts/expectations.sh"
host_play() { play "$@"; }
host_start() { comp_start "$@" || return 1; HOST_PID=$COMP_PID; }
# comp_replay: the rig opens the touchscreen on SIGUSR2; every contact's lift reaches its log.
# Then one roundtrip of a client of its own (wayland-info): the compositor has gone round its
# event loop since the last lift, which flushes what it sent the clients, so that a stop right
# after (SIGTERM) loses none of it on a loaded machine.
comp_replay() {
	kill -USR2 "$COMP_PID" && wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up in the event log" &&
		run_bounded 20 "wayland-info (a roundtrip after the replay)" env WAYLAND_DISPLAY="$SOCK" wayland-info >/dev/null 2>&1
}
host_replay() { comp_replay; }
host_stop() { comp_stop "$@"; }
host_why_not_started() { comp_why_not_started; }
host_simple_touch_replay() {
	wait_for "$DIR/events.log" "surface add" 1 20 "weston-simple-touch's surface" && comp_replay
}
# The rig turns the output (at start, or after the N-th motion) and maps the touches with it.
host_rotation() { :; }
# The rig adds a second output and destroys the touchscreen's after HOST_UNPLUG motions.
host_unplug() { :; }
HOST_NAME=$COMP_LABEL
HOST_VALGRIND=
. "$ROOT/tests/hosts/hostile.sh"
. "$ROOT/tests/hosts/latency.sh"

# The cases below need the runner's comp_prepare and the build (TOUCH_CLIENT).

# run_patched_course: with --hostile the shared hostile course alone, with --latency N the
# latency alone (both finish the run); otherwise the start case and the rows of the table that
# the command line asks for.
run_patched_course() {
	host_course
	[ "$LATENCY" -gt 0 ] && { run_patched_latency "$LATENCY"; finish; }
	run_patched_start
	run_patched_table
}

# run_patched_latency TAPS: the added latency (tests/hosts/latency.sh), unpatched then patched.
# The patched build logs at error level, as the unpatched build does.
run_patched_latency() {
	LOG_LEVEL=error
	run_host_latency "$1" "$COMP_LABEL" "unpatched:unpatched $COMP_LABEL" "patched:patched $COMP_LABEL"
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

# run_patched_config HOW WHAT: settings from the compositor's own configuration reach the
# plugin: bind-bottom= (HOW: how the pass line says it was set; WHAT: the fail line's name)
# unbinds the bottom edge, so the swipe up reaches the client whole and nothing begins.
run_patched_config() {
	local how=$1 what=$2
	want config || return 0
	EXTRA_INI="bind-bottom=" play config swipe-up " ready" "$TOUCH_CLIENT" || return 0
	if [ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] && ! grep -q "gesture began" "$DIR/events.log"; then
		pass "§4.4 $how unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "$what (see $DIR)"
	fi
}
