# KWin with bezel-kwin.so under test: building the plugin and the fake_input feeder, starting
# kwin_wayland headless (--virtual) under its own session bus with the feeder connected and
# waiting for SIGUSR2, stopping both. Sourced by hosts/kwin/tests/run.sh and by the toolkit suite
# (tests/toolkits/run.sh --hosts ...,kwin), after tests/lib/host.sh, with ROOT and OUT set (each
# case's folder is OUT/NAME). VALGRIND=1: kwin_wayland under memcheck (hosts/kwin/tests/valgrind.sh
# sourced first).

# kwin_build_plugin BUILD PREFIX LOG: hosts/kwin/build.sh builds libbezel and bezel-kwin.so in
# BUILD and installs them into PREFIX (its errors in LOG); sets PLUGINDIR and QTPLUGINS (the
# folder for QT_PLUGIN_PATH).
kwin_build_plugin() {
	PLUGINDIR=$(BEZEL_KWIN_BUILD=$1 "$ROOT/hosts/kwin/build.sh" "$2" 2>"$3" | tail -1) &&
		[ -f "$PLUGINDIR/bezel-kwin.so" ] || return 1
	QTPLUGINS=$(dirname "$(dirname "$PLUGINDIR")")
}

# kwin_build_feeder DIR: DIR/bezel-kwin-feed (hosts/kwin/rig/bezel-kwin-feed.c), with CFLAGS. It
# speaks fake_input, and KWin's output management to turn the output (rot-runtime).
kwin_build_feeder() {
	local p
	for p in fake-input kde-output-device-v2 kde-output-management-v2; do
		wayland-scanner client-header "/usr/share/plasma-wayland-protocols/$p.xml" "$1/$p-client-protocol.h" &&
			wayland-scanner private-code "/usr/share/plasma-wayland-protocols/$p.xml" "$1/$p-protocol.c" || return 1
	done
	# shellcheck disable=SC2046,SC2086 # CFLAGS and pkg-config's output are word lists
	cc $CFLAGS -o "$1/bezel-kwin-feed" "$ROOT/hosts/kwin/rig/bezel-kwin-feed.c" "$1/fake-input-protocol.c" \
		"$1/kde-output-device-v2-protocol.c" "$1/kde-output-management-v2-protocol.c" \
		-I"$1" $(pkg-config --cflags --libs wayland-client)
}

# kwin_binaries DIR: the kwin_wayland host_start runs (KWIN) and the feeder built in DIR (FEED);
# the output's size (W, H) and the bounds. /usr/bin/kwin_wayland carries a file capability this
# sandbox refuses to execute: a copy, whose name still ends in kwin_wayland (KWin reads its own
# name).
kwin_binaries() {
	mkdir -p "$1/bin"
	cp /usr/bin/kwin_wayland "$1/bin/kwin_wayland" || return 1
	KWIN=$1/bin/kwin_wayland
	FEED=$1/bezel-kwin-feed
	W=1080
	H=1920
	# KWIN_WAIT_S: the bound on KWin's socket and the feeder's first roundtrip; KWIN_STOP_S: on
	# KWin's exit after SIGTERM.
	KWIN_WAIT_S=30
	KWIN_STOP_S=30
}

# host_start NAME RECORDING [MODE]: KWin with the plugin (PLUGIN=0: without), the feeder
# connected and waiting. Sets DIR, SOCK, KPID, HOST_PID (the feeder: its SIGUSR2 starts the
# replay), CONTACTS. KWIN_GENERATOR: the recording's generator instead of tests/hosts/gen-touch.py
# (called as GENERATOR RECORDING OUT.evemu); EXTRA_INI: more [Bezel] lines; EXTRA_KWINRC: more kwinrc groups;
# KWIN_ARGS: arguments instead of the defaults; KWIN_LOCKSCREEN=1: KWin's lock screen on (no
# --no-lockscreen). HOST_UNPLUG=N (the unplug row): two virtual outputs, and the feeder disables
# the first, the touchscreen's, after N motions. $DIR/bus holds the private session bus's address.
host_start() {
	local name=$1 rec=$2
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/config" "$DIR/xdg"
	chmod 700 "$DIR/xdg"
	if [ "$rec" = none ]; then
		CONTACTS=0
	elif [ -n "${KWIN_GENERATOR:-}" ]; then
		# A generator of its own W x H recordings (the toolkit suite's back gesture).
		CONTACTS=$(python3 "$KWIN_GENERATOR" "$rec" "$DIR/touch.evemu") || return 1
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
	[ "${VALGRIND:-0}" = 1 ] && wrap=($(kwin_valgrind_wrap "$DIR/valgrind.log" "$ROOT"))
	# The session bus is private to this run; dbus-monitor records our signals on it.
	env XDG_RUNTIME_DIR="$DIR/xdg" XDG_CONFIG_HOME="$DIR/config" QT_PLUGIN_PATH="$qt" \
		KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 KWIN_COMPOSE=Q QT_LOGGING_RULES="bezel.kwin.debug=false" \
		timeout -k 5 900 dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" >"$1/bus"; dbus-monitor --session "interface=org.kde.bezel" >"$1/dbus.log" 2>&1 & shift; exec "$@"' \
		sh "$DIR" "${wrap[@]}" "$KWIN" --virtual --width $W --height $H ${HOST_UNPLUG:+--output-count 2} $lockscreen ${KWIN_ARGS:---no-global-shortcuts} \
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
			${HOST_ROTATE:+--turns 0 $W $H --rotate-after "${HOST_ROTATE#*@}" "$(kwin_turns "${HOST_ROTATE%@*}")"} \
			${HOST_UNPLUG:+--unplug-after "$HOST_UNPLUG"} "$DIR/touch.evemu" || return 1
	fi
	return 0
}

# start_feed ARGS...: the feeder under `timeout`, connected and waiting for SIGUSR2; sets
# FEED_PID (timeout's, for stops) and HOST_PID (the feeder's own: timeout does not pass SIGUSR2).
start_feed() {
	WAYLAND_DISPLAY=$SOCK timeout -k 5 600 "$FEED" --log "$DIR/events.log" --wait-usr2 --stay "$@" >"$DIR/feed.out" 2>&1 &
	FEED_PID=$!
	bounded_track $FEED_PID "feeder ($(basename "$DIR"))"
	wait_while_alive $FEED_PID "$DIR/feed.out" "feed ready" 1 "$KWIN_WAIT_S" "the feeder's ready line" || return 1
	HOST_PID=$(pgrep -P $FEED_PID | head -1)
	[ -n "$HOST_PID" ]
}

# feed_done TIMEOUT_S: waits for the feeder's last roundtrip (its "feed done" line; a feeder
# gone since is checked against the file once more).
feed_done() {
	wait_while_alive "$FEED_PID" "$DIR/feed.out" "feed done" 1 "$1" "the feeder's last roundtrip" ||
		grep -q "feed done" "$DIR/feed.out"
}

host_why_not_started() { tail -3 "$DIR/host.log" 2>/dev/null | tr '\n' ' '; }

# host_stop [CLIENT PIDS...]: the feeder stops (its touch device goes), then KWin stops (SIGTERM
# to dbus-run-session's child through timeout) and the clients see the hang-up.
host_stop() {
	# Done or not (the hostile course stops while its cycle plays): the feeder stays connected
	# after its last roundtrip (--stay, start_feed), so it is stopped here.
	[ -n "${FEED_PID:-}" ] && stop_process "feeder" "$FEED_PID" "$FEED_PID" 10
	FEED_PID= HOST_PID=
	if [ -n "${KPID:-}" ]; then
		# timeout (KPID) passes SIGTERM to its process group: dbus-run-session, the bus,
		# dbus-monitor and kwin_wayland.
		stop_process "kwin_wayland" "$KPID" "$KPID" "$KWIN_STOP_S" || fail "kwin_wayland ($(basename "$DIR")) did not stop within its bound"
		if [ "${VALGRIND:-0}" = 1 ]; then
			# dbus-run-session returns before memcheck has written its report.
			bounded_gone "$HOST_ALIVE_PID" "$KWIN_STOP_S" 2>/dev/null ||
				echo "timeout: memcheck (pid $HOST_ALIVE_PID) still runs $KWIN_STOP_S s after KWin's stop"
			kwin_valgrind_judge "$DIR/valgrind.log" "$(basename "$DIR")"
		fi
	fi
	KPID=
	reap_clients "$@"
}

# kwin_turns T: KWin's quarter turns (OutputTransform) that put the panel where the table's
# transform T (a weston.ini name, unflipped) puts it.
kwin_turns() {
	case $1 in 90) echo 3 ;; 180) echo 2 ;; 270) echo 1 ;; *) echo 0 ;; esac
}
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
