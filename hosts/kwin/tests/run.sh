#!/usr/bin/env bash
# Integration tests: real KWin (Debian's kwin_wayland, virtual backend, headless: 5.27.5 on
# Debian 12, 6.3.6 on Debian 13) with the plugin bezel-kwin.so built for it and loaded from
# QT_PLUGIN_PATH, real clients, touches through KWin's own org_kde_kwin_fake_input path
# (version 4 on 5.27, 5 on 6.3; hosts/kwin/rig/bezel-kwin-feed.c).
#
# Each case: writes a touch recording (tests/hosts/gen-touch.py), starts kwin_wayland under its
# own dbus-run-session with a private XDG_RUNTIME_DIR and XDG_CONFIG_HOME (kwinrc's [Bezel]
# group holds the keys), starts the client, waits for its ready line, signals the feeder, waits
# for the feeder's last roundtrip (KWin has processed every touch), stops KWin and the clients,
# then checks what each party saw.
#
# usage: hosts/kwin/tests/run.sh [--latency N] [--build-only] [CASE...]
#        hosts/kwin/tests/run.sh --hostile [--rounds N] [--seed S]
#        hosts/kwin/tests/run.sh --valgrind [CASE...]
#        hosts/kwin/tests/run.sh --scale [--idle N] [--create N] [--toplevels N]
#   (tests/lib/args.sh's command line)
#   CASE: a row of the shared table (tests/hosts/expectations.sh) or one of this host's own:
#   info dbus edge-strip lock. --latency N: added latency over N taps, with and without the
#   plugin, after the cases. --hostile: the shared hostile course's rounds instead
#   (tests/hosts/hostile.sh; ROUNDS default 56, SEED 1). --valgrind: kwin_wayland runs under
#   memcheck for the table's swipe, defer, region-in and drag (or the CASEs named); an error
#   with a frame in the plugin or libbezel fails, errors in KWin and its libraries alone are
#   counted (hosts/kwin/tests/valgrind.sh). --scale: the hostile course's scale part.
# Ends with "N passed, N failed".
# Debian packages: kwin-wayland, kwin-dev (Debian 12: qtbase5-dev, libkf5config-dev,
# libkf5coreaddons-dev, libkf5windowsystem-dev besides), plasma-wayland-protocols, dbus,
# wayland-utils, weston (for weston-simple-touch), python3, meson, a C/C++ compiler; KWin's
# source tarball for its headers.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
. "$ROOT/tests/lib/host.sh"
runner_args "$@"
# Each distribution builds in its own folder (scripts/distro.sh sets BEZEL_DISTRO inside its root).
SCRATCH=${BEZEL_KWIN_SCRATCH:-$ROOT/.build-kwin${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
OUT=$SCRATCH/kwin-tests
. "$ROOT/tests/hosts/expectations.sh"

# ---- build ----
mkdir -p "$OUT"
echo "== building libbezel and bezel-kwin.so (hosts/kwin/build.sh)"
if PLUGINDIR=$(BEZEL_KWIN_BUILD=$SCRATCH/meson "$ROOT/hosts/kwin/build.sh" "$SCRATCH/prefix" 2>"$OUT/build.err" | tail -1) &&
	[ -f "$PLUGINDIR/bezel-kwin.so" ]; then
	pass "hosts/kwin/build.sh installs bezel-kwin.so into $PLUGINDIR"
else
	cat "$OUT/build.err"
	fail "hosts/kwin/build.sh"
	finish
fi
QTPLUGINS=$(dirname "$(dirname "$PLUGINDIR")")
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1"
# The feeder speaks fake_input, and KWin's output management to turn the output (rot-runtime).
feeder_protocols() {
	local p
	for p in fake-input kde-output-device-v2 kde-output-management-v2; do
		wayland-scanner client-header "/usr/share/plasma-wayland-protocols/$p.xml" "$OUT/$p-client-protocol.h" &&
			wayland-scanner private-code "/usr/share/plasma-wayland-protocols/$p.xml" "$OUT/$p-protocol.c" || return 1
	done
}
if host_protocol_code "$OUT" && host_table_clients "$OUT" && host_hostile_clients "$OUT" && feeder_protocols &&
	cc $CFLAGS -o "$OUT/bezel-kwin-feed" "$ROOT/hosts/kwin/rig/bezel-kwin-feed.c" "$OUT/fake-input-protocol.c" \
		"$OUT/kde-output-device-v2-protocol.c" "$OUT/kde-output-management-v2-protocol.c" \
		-I"$OUT" $(pkg-config --cflags --libs wayland-client); then
	pass "test clients and the fake_input feeder compile with -Werror"
else
	fail "compile"
	finish
fi
# The plugin's IID pins the KWin version it was built for: the installed kwin-wayland's.
# KWIN_MAJOR (5 or 6) is the generation the host contract below follows.
KWIN_VERSION=$(dpkg-query -W -f '${Version}' kwin-wayland 2>/dev/null | sed 's/^[0-9]*://; s/-.*//')
KWIN_MAJOR=${KWIN_VERSION%%.*}
if strings "$PLUGINDIR/bezel-kwin.so" | grep -q "org.kde.kwin.PluginFactoryInterface$KWIN_VERSION\$" &&
	case $KWIN_VERSION in 5.27.5 | 6.3.6) true ;; *) false ;; esac; then
	pass "the plugin's IID is org.kde.kwin.PluginFactoryInterface$KWIN_VERSION, the installed kwin-wayland's version"
else
	fail "IID or kwin-wayland version mismatch (kwin-wayland ${KWIN_VERSION:-missing}; the plugin builds for 5.27.5 and 6.3.6)"
fi
[ "$BUILD_ONLY" = 1 ] && finish

# /usr/bin/kwin_wayland carries a file capability this sandbox refuses to execute: a copy,
# whose name still ends in kwin_wayland (KWin reads its own name).
mkdir -p "$OUT/bin"
cp /usr/bin/kwin_wayland "$OUT/bin/kwin_wayland"
KWIN=$OUT/bin/kwin_wayland
FEED=$OUT/bezel-kwin-feed
BOUNDED_DUMP_DIR=$OUT
W=1080
H=1920
# KWIN_WAIT_S: the bound on KWin's socket and the feeder's first roundtrip; KWIN_STOP_S: on
# KWin's exit after SIGTERM.
KWIN_WAIT_S=30
KWIN_STOP_S=30

# --valgrind: every kwin_wayland below runs under memcheck; each stop judges its report.
if [ "$VALGRIND" = 1 ]; then
	. "$ROOT/hosts/kwin/tests/valgrind.sh"
	# The plugin finds libbezel through its rpath; LD_LIBRARY_PATH comes first: a copy without
	# debug info (tests/lib/product.sh product_strip_debug: valgrind and the Swift toolchain's
	# DWARF 5).
	mkdir -p "$OUT/valgrind-lib"
	objcopy --strip-debug "$(cd "$PLUGINDIR/../../../.." && pwd)/libbezel.so.0" "$OUT/valgrind-lib/libbezel.so.0"
	export LD_LIBRARY_PATH=$OUT/valgrind-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	KWIN_WAIT_S=180
	KWIN_STOP_S=300
	# memcheck runs KWin many times slower, and libbezel's timers run on the wall clock: longer
	# windows keep the cases' outcome what it is at full speed (as weston's --valgrind).
	EXTRA_INI=$'hold-window-ms=2000\nstill-timeout-ms=3000\nrearm-window-ms=10000'
fi

# host_start NAME RECORDING [MODE]: KWin with the plugin (PLUGIN=0: without), the feeder
# connected and waiting. Sets DIR, SOCK, KPID, HOST_PID (the feeder: its SIGUSR2 starts the
# replay), CONTACTS. EXTRA_INI: more [Bezel] lines; EXTRA_KWINRC: more kwinrc groups;
# KWIN_ARGS: arguments instead of the defaults; KWIN_LOCKSCREEN=1: KWin's lock screen on (no
# --no-lockscreen). $DIR/bus holds the private session bus's address.
host_start() {
	local name=$1 rec=$2
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/config" "$DIR/xdg"
	chmod 700 "$DIR/xdg"
	if [ "$rec" = none ]; then
		CONTACTS=0
	else
		CONTACTS=$(python3 "$ROOT/tests/hosts/gen-touch.py" "$rec" "$DIR/touch.evemu" --size ${W}x$H) || return 1
	fi
	{
		printf '[Bezel]\nlog-level=debug\noutput-width-mm=68\noutput-height-mm=121\nevent-log=%s\n' "$DIR/events.log"
		[ -n "${EXTRA_INI:-}" ] && printf '%s\n' "$EXTRA_INI"
		[ -n "${EXTRA_KWINRC:-}" ] && printf '%s\n' "$EXTRA_KWINRC"
	} >"$DIR/config/kwinrc"
	[ -n "${HOST_TRANSFORM:-}" ] && kwin_output_config "$(kwin_turns "$HOST_TRANSFORM")" >"$DIR/config/kwinoutputconfig.json"
	# Each case has its own XDG_RUNTIME_DIR: a short name keeps the socket's path under 108 bytes.
	SOCK=kwin-$$
	local qt=
	[ "${PLUGIN:-1}" = 1 ] && qt=$QTPLUGINS
	local lockscreen=--no-lockscreen wrap=()
	[ "${KWIN_LOCKSCREEN:-0}" = 1 ] && lockscreen=
	# shellcheck disable=SC2207 # valgrind's command line, one word each
	[ "$VALGRIND" = 1 ] && wrap=($(kwin_valgrind_wrap "$DIR/valgrind.log" "$ROOT"))
	# The session bus is private to this run; dbus-monitor records our signals on it.
	env XDG_RUNTIME_DIR="$DIR/xdg" XDG_CONFIG_HOME="$DIR/config" QT_PLUGIN_PATH="$qt" \
		KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 KWIN_COMPOSE=Q QT_LOGGING_RULES="bezel.kwin.debug=false" \
		timeout -k 5 900 dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" >"$1/bus"; dbus-monitor --session "interface=org.kde.bezel" >"$1/dbus.log" 2>&1 & shift; exec "$@"' \
		sh "$DIR" "${wrap[@]}" "$KWIN" --virtual --width $W --height $H $lockscreen ${KWIN_ARGS:---no-global-shortcuts} \
		--no-kactivities --socket "$SOCK" >"$DIR/host.log" 2>&1 &
	KPID=$!
	bounded_track $KPID "kwin_wayland ($name)"
	export XDG_RUNTIME_DIR=$DIR/xdg
	local i=0
	while [ ! -S "$DIR/xdg/$SOCK" ] && [ $i -lt $((KWIN_WAIT_S * 20)) ]; do
		bounded_alive $KPID || return 1
		sleep 0.05 # polling interval for KWin's socket, not synchronisation
		i=$((i + 1))
	done
	[ -S "$DIR/xdg/$SOCK" ] || { echo "timeout: $KWIN_WAIT_S s waiting for KWin's socket $SOCK"; return 1; }
	# kwin_wayland itself (under timeout, dbus-run-session, sh's exec): the hostile course
	# checks that it survived.
	local p
	HOST_ALIVE_PID=
	for p in $(bounded_descendants $KPID); do
		case $(cat /proc/$p/comm 2>/dev/null) in kwin_wayland | memcheck-*) HOST_ALIVE_PID=$p ;; esac
	done
	[ -n "$HOST_ALIVE_PID" ] || HOST_ALIVE_PID=$KPID
	if [ "$rec" != none ]; then
		start_feed ${HOST_TRANSFORM:+--turns "$(kwin_turns "$HOST_TRANSFORM")" $W $H} \
			${HOST_ROTATE:+--turns 0 $W $H --rotate-after "${HOST_ROTATE#*@}" "$(kwin_turns "${HOST_ROTATE%@*}")"} "$DIR/touch.evemu" || return 1
	fi
	return 0
}

# start_feed ARGS...: the feeder under `timeout`, connected and waiting for SIGUSR2; sets
# FEED_PID (timeout's, for stops) and HOST_PID (the feeder's own: timeout does not pass SIGUSR2).
start_feed() {
	WAYLAND_DISPLAY=$SOCK timeout -k 5 600 "$FEED" --log "$DIR/events.log" --wait-usr2 "$@" >"$DIR/feed.out" 2>&1 &
	FEED_PID=$!
	bounded_track $FEED_PID "feeder ($(basename "$DIR"))"
	wait_while_alive $FEED_PID "$DIR/feed.out" "feed ready" 1 "$KWIN_WAIT_S" "the feeder's ready line" || return 1
	HOST_PID=$(pgrep -P $FEED_PID | head -1)
	[ -n "$HOST_PID" ]
}

# feed_done TIMEOUT_S: waits for the feeder's last roundtrip; the feeder exits right after its
# line, so a "gone" from wait_while_alive is checked against the file once more.
feed_done() {
	wait_while_alive "$FEED_PID" "$DIR/feed.out" "feed done" 1 "$1" "the feeder's last roundtrip" ||
		grep -q "feed done" "$DIR/feed.out"
}

host_why_not_started() { tail -3 "$DIR/host.log" 2>/dev/null | tr '\n' ' '; }

# host_stop [CLIENT PIDS...]: the feeder ends by itself after its last roundtrip; then KWin
# stops (SIGTERM to dbus-run-session's child through timeout) and the clients see the hang-up.
host_stop() {
	# A replay still under way (the hostile course stops while its cycle plays) ends now.
	if [ -n "${FEED_PID:-}" ] && ! grep -q "feed done" "$DIR/feed.out" 2>/dev/null; then
		stop_process "feeder" "$FEED_PID" "$FEED_PID" 10
	fi
	[ -n "${FEED_PID:-}" ] && reap_process "feeder" "$FEED_PID" 60
	FEED_PID= HOST_PID=
	if [ -n "${KPID:-}" ]; then
		# timeout (KPID) passes SIGTERM to its process group: dbus-run-session, the bus,
		# dbus-monitor and kwin_wayland.
		stop_process "kwin_wayland" "$KPID" "$KPID" "$KWIN_STOP_S" || fail "kwin_wayland ($(basename "$DIR")) did not stop within its bound"
		if [ "$VALGRIND" = 1 ]; then
			# dbus-run-session returns before memcheck has written its report.
			bounded_gone "$HOST_ALIVE_PID" "$KWIN_STOP_S" 2>/dev/null ||
				echo "timeout: memcheck (pid $HOST_ALIVE_PID) still runs $KWIN_STOP_S s after KWin's stop"
			kwin_valgrind_judge "$DIR/valgrind.log" "$(basename "$DIR")"
		fi
	fi
	KPID=
	reap_clients "$@"
}

# host_replay: the feeder replays on SIGUSR2; its last roundtrip means KWin has processed every
# touch (the host contract of tests/lib/host.sh's play).
host_replay() {
	kill -USR2 "$HOST_PID" && feed_done $((KWIN_WAIT_S * 2))
}
host_play() { play "$@"; }
# The unplug row needs an output removed from inside KWin at the N-th motion; the feeder plays
# from outside (a Wayland client), and KWin 5.27's virtual backend removes an output only by
# replacing every output (VirtualBackend::setVirtualOutputs), which no test plugin calls yet.
host_unplug() {
	echo "KWin's feeder injects touches from outside KWin (org_kde_kwin_fake_input) and KWin 5.27's virtual backend removes an output only by replacing them all (VirtualBackend::setVirtualOutputs); no rig inside KWin removes one after N motions yet"
}
# The rotation rows: KWin 6.3 starts its output turned as kwinoutputconfig.json in
# XDG_CONFIG_HOME says (its OutputConfigurationStore; the virtual output is Virtual-0), and the
# feeder turns the panel's recording into layout coordinates as KWin maps a touchscreen's.
# KWin's Rotate90 turns the panel the other way from wl_output's 90 as weston and wlroots map
# touches (the plugin tells libbezel so, bezel-kwin.cpp touchTransform), so the table's 90 is
# KWin's Rotated270 and its 270 KWin's Rotated90. KWin maps a touchscreen on a flipped output as
# on the unflipped one: the flipped row is skipped. rot-runtime: the feeder turns KWin 6.3's
# output itself after the N-th motion (kde_output_management_v2, --rotate-after). KWin 5.27
# keeps outputs in kscreen's configuration, which this runner does not write.
host_rotation() {
	if [ "$KWIN_MAJOR" != 6 ]; then
		echo "this runner does not turn KWin 5.27's output (kscreen's configuration)"
	fi
}
# kwin_turns T: KWin's quarter turns (OutputTransform) that put the panel where the table's
# transform T (a weston.ini name, unflipped) puts it.
kwin_turns() {
	case $1 in 90) echo 3 ;; 180) echo 2 ;; 270) echo 1 ;; *) echo 0 ;; esac
}
[ "$KWIN_MAJOR" = 6 ] &&
	HOST_SKIP[rot-flipped-90]="KWin 6.3 maps a touchscreen on a flipped output as on the unflipped one (libinput/connection.cpp, devicePointToGlobalPosition), so a panel edge is not where a flipped transform puts it"
# kwin_output_config N: KWin 6.3's kwinoutputconfig.json for the virtual output turned by N of
# KWin's quarter turns.
kwin_output_config() {
	local t=Normal
	[ "$1" != 0 ] && t=Rotated$(($1 * 90))
	cat <<-EOF
	[{"name": "outputs", "data": [{"connectorName": "Virtual-0", "scale": 1, "transform": "$t"}]},
	 {"name": "setups", "data": [{"lidClosed": false, "outputs": [{"enabled": true, "outputIndex": 0, "position": {"x": 0, "y": 0}, "priority": 0}]}]}]
	EOF
}
HOST_NAME=KWin
HOST_UP_LINE="fake-input up"

# Every row of the shared table runs here (drag: R7 through KWin's seat, hosts/kwin/README.md).
. "$ROOT/hosts/kwin/tests/cases.sh"

# ---- the hostile course (tests/hosts/hostile.sh) instead of the table ----
# host_start and host_stop above; the clients come from host_hostile_clients.
HOST_INPUT="KWin's fake_input"
[ "$VALGRIND" = 1 ] && HOST_VALGRIND=1
# host_start_plain NAME with|without (the scale part): KWin with the plugin or without it, no
# feeder; HOST_PID is kwin_wayland itself.
host_start_plain() {
	local with=0
	[ "$2" = with ] && with=1
	PLUGIN=$with host_start "$1" none || return 1
	HOST_PID=$HOST_ALIVE_PID
	[ $with = 0 ] || wait_for "$DIR/host.log" "bezel: .* loaded" 1 "$KWIN_WAIT_S" "KWin's log line of the plugin's load"
}
. "$ROOT/tests/hosts/hostile.sh"
host_course

# --valgrind: the table's tap, swipe and defer are the representative subset (or the table's
# cases named), as weston's; KWin's own cases and the latency do not run under memcheck.
if [ "$VALGRIND" = 1 ]; then
	[ -z "${CASES[*]:-}" ] && CASES=(swipe defer region-in drag)
	HOST_READY_S=120
fi
table=()
for row in "${HOST_EXPECTATIONS[@]}"; do want "${row%%|*}" && table+=("${row%%|*}"); done
[ "$VALGRIND" = 1 ] && { run_host_expectations "${table[@]}"; finish; }
[ ${#table[@]} -eq 0 ] || run_host_expectations "${table[@]}"
run_kwin_cases
[ "$LATENCY" -gt 0 ] && run_kwin_latency "$LATENCY"
finish
