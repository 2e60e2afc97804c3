#!/usr/bin/env bash
# Integration tests of libbezel-wayfire.so: the real Wayfire 0.7 (Debian's `wayfire`) on the
# wlroots headless backend with the plugin loaded from its [core] plugins line, touches from
# real libinput reading an umockdev-emulated touchscreen (tools/umockdev-preload), fed to a
# headless touch device by the test rig plugin (tests/wayfire/rig), real Wayland clients.
#
# Test equipment (never part of the product): tests/wayfire/preload (lets Wayfire start with no
# DRM node, as root, on the pixman renderer) and tests/wayfire/rig (the touchscreen).
#
# Each case writes a touch recording (tests/weston/gen-touch.py), starts Wayfire under
# umockdev-run with the device opening on SIGUSR2, starts the client(s), waits for their
# "ready" line, sends SIGUSR2, waits until the event log has seen every contact lift, stops
# Wayfire and checks what each party saw (tests/hosts/expectations.sh: the table every host
# runs). Moments are awaited by polling files with a timeout; no fixed sleeps.
#
# Where Wayfire cannot run (not installed, refuses to start), the test says why and counts a
# FAILURE: a host that cannot be tested has not passed.
#
# usage: tests/wayfire/run.sh [CASE...]
#   CASE: start, tap swipe late defer drag kill (the table), config, frame
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: wayfire wayfire-dev libglm-dev (wayfire.pc needs glm.pc), libwlroots-dev,
# libwayland-dev, wayland-protocols, libinput-dev, libudev-dev, libpixman-1-dev, umockdev,
# libumockdev-dev, python3, gcc, g++, wayland-utils.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_WAYFIRE_SCRATCH:-$ROOT/.build-wayfire}
OUT=$SCRATCH/wayfire-tests
CONFIG=debug
CASES=()
for a in "$@"; do
	case $a in
	-*) echo "usage: $0 [CASE...]" >&2; exit 2 ;;
	*) CASES+=("$a") ;;
	esac
done

want() {
	[ ${#CASES[@]} = 0 ] && return 0
	local c
	for c in "${CASES[@]}"; do [ "$c" = "$1" ] && return 0; done
	return 1
}

PASS=0
FAIL=0
pass() { PASS=$((PASS + 1)); echo "PASS: $*"; }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}

# ---- can Wayfire run here at all? If not, say why: that is a failure, not a skip ----
if ! command -v wayfire >/dev/null 2>&1; then
	fail "wayfire is not installed (Debian: apt-get install wayfire wayfire-dev libglm-dev); the Wayfire host is untested"
	finish
fi
if ! pkg-config --exists wayfire 2>/dev/null; then
	fail "pkg-config cannot find wayfire ($(pkg-config --print-errors --exists wayfire 2>&1 | head -1)); install wayfire-dev and libglm-dev"
	finish
fi
WF_VERSION=$(pkg-config --modversion wayfire)
case $WF_VERSION in
0.7.*) ;;
*) fail "the plugin is for Wayfire 0.7; this machine has $WF_VERSION"; finish ;;
esac

# ---- build ----
mkdir -p "$OUT"
echo "== building libBezelPlugin.so and bezel-input-probe ($CONFIG, scratch $SCRATCH)"
for product in BezelPlugin bezel-input-probe; do
	if ! swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --product $product \
		-Xswiftc -static-stdlib >"$OUT/swift-$product.log" 2>&1; then
		tail -30 "$OUT/swift-$product.log"
		fail "swift build --product $product"
		finish
	fi
done
BIN=$(swift build -c $CONFIG --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
PROBE=$BIN/bezel-input-probe
INC=$ROOT/CBezel/Sources/CBezel/include
XML=$ROOT/protocol/bezel-system-gestures-v1.xml
XDG_XML=$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header "$XML" "$OUT/bezel-system-gestures-v1-client-protocol.h"
wayland-scanner private-code "$XML" "$OUT/bezel-system-gestures-v1-protocol.c"
wayland-scanner client-header "$XDG_XML" "$OUT/xdg-shell-client-protocol.h"
wayland-scanner server-header "$XDG_XML" "$OUT/xdg-shell-protocol.h"
wayland-scanner private-code "$XDG_XML" "$OUT/xdg-shell-protocol.c"
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
CXXFLAGS="-std=c++17 -Wall -Wextra -Werror -O1 -g -fPIC -shared -DWLR_USE_UNSTABLE -DWAYFIRE_PLUGIN"
WLR="-DWLR_USE_UNSTABLE -I$OUT -I$ROOT/wlroots/include -I$INC $(pkg-config --cflags --libs wlroots wayland-server pixman-1)"
WF="-I$OUT -I$ROOT/wlroots/include -I$INC $(pkg-config --cflags wayfire)"
# Plugins are found by name in WAYFIRE_PLUGIN_PATH: "bezel" is lib + bezel + .so there.
PLUGINS=$OUT/plugins
mkdir -p "$PLUGINS"
if cc $CFLAGS -shared -fPIC -o "$OUT/libbezel-wlroots.so" "$ROOT/wlroots/bezel-wlroots.c" $WLR \
	-L"$BIN" -lBezelPlugin -Wl,-rpath,"$BIN" &&
	c++ $CXXFLAGS -o "$OUT/libbezel-wayfire.so" "$ROOT/wayfire/bezel-wayfire.cpp" $WF \
		-L"$OUT" -lbezel-wlroots -L"$BIN" -lBezelPlugin -Wl,-rpath,"$OUT:$BIN" &&
	c++ $CXXFLAGS -o "$PLUGINS/libbezel-test-rig.so" "$ROOT/tests/wayfire/rig/bezel-test-rig.cpp" $WF \
		-L"$BIN" -lBezelPlugin -Wl,-rpath,"$BIN" &&
	ln -sf ../libbezel-wayfire.so "$PLUGINS/libbezel.so" &&
	cc $CFLAGS -shared -fPIC -DWLR_USE_UNSTABLE -o "$OUT/wayfire-headless-preload.so" \
		"$ROOT/tests/wayfire/preload/wayfire-headless-preload.c" \
		$(pkg-config --cflags --libs wlroots pixman-1) -ldl &&
	cc $CFLAGS -o "$OUT/bezel-touch-client" "$ROOT/tests/weston/bezel-touch-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
		$(pkg-config --cflags --libs wayland-client) &&
	cc $CFLAGS -o "$OUT/bezel-defer-client" "$ROOT/examples/bezel-defer-client.c" \
		"$OUT/bezel-system-gestures-v1-protocol.c" "$OUT/xdg-shell-protocol.c" -I"$OUT" \
		$(pkg-config --cflags --libs wayland-client) &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "libbezel-wayfire.so, the test rig plugin, the test preload and the clients compile with -Werror (Wayfire $WF_VERSION)"
else
	fail "compile"
	finish
fi
WFPRELOAD=$OUT/wayfire-headless-preload.so

NODE=/dev/input/event7
START_TIMEOUT_S=20
WF_PID=

. "$ROOT/tests/weston/lib.sh"

# start_wayfire NAME SCENARIO [realtime]: sets DIR, CPID (umockdev-run), WF_PID, CONTACTS,
# SOCK and XDG_RUNTIME_DIR (one per case: Wayfire names its socket wayland-1, wayland-2, ...).
# EXTRA_INI: more [bezel] lines; EXTRA_SECTIONS: more sections; PLUGIN_LIST: [core] plugins.
start_wayfire() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/dev" "$DIR/xdg"
	chmod 700 "$DIR/xdg"
	export XDG_RUNTIME_DIR=$DIR/xdg
	make_touch_device "$ROOT" "$PROBE" "$scenario" "$DIR" "$NODE" "$mode" || return 1
	cat >"$DIR/wayfire.ini" <<-EOF
	[core]
	plugins = ${PLUGIN_LIST:-bezel bezel-test-rig}
	xwayland = false

	[output:HEADLESS-1]
	mode = 1080x1920

	[bezel]
	log-level = debug
	output-width-mm = 68
	output-height-mm = 121
	event-log = $DIR/events.log
	${EXTRA_INI:-}

	[bezel-test-rig]
	touch-device = $NODE
	touch-device-open = sigusr2
	event-log = $DIR/events.log

	${EXTRA_SECTIONS:-}
	EOF
	umockdev-run -d "$DIR/dev/device.umockdev" -i "$NODE=$DIR/dev/device.ioctl" \
		-s "$NODE=$DIR/dev/device.script" -- \
		sh -c 'echo $$ >"$1/wayfire.pid"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
		"$SHIM:$WFPRELOAD" "$DIR" env WLR_BACKENDS=headless WAYFIRE_PLUGIN_PATH="$PLUGINS" \
		WAYFIRE_PLUGIN_XML_PATH="$ROOT/wayfire/metadata" wayfire -c "$DIR/wayfire.ini" \
		>"$DIR/host.log" 2>&1 &
	CPID=$!
	# The rig's line comes after the plugins load, which is after Wayfire listens.
	if ! wait_for "$DIR/host.log" "Using socket name" 1 "$START_TIMEOUT_S" ||
		! wait_for "$DIR/host.log" "bezel-test-rig: headless touch device\|bezel-test-rig: no \|Failed to load plugin" 1 "$START_TIMEOUT_S"; then
		return 1
	fi
	SOCK=$(sed -n 's/.*Using socket name \(wayland-[0-9]*\).*/\1/p' "$DIR/host.log" | head -1)
	WF_PID=$(cat "$DIR/wayfire.pid" 2>/dev/null)
	[ -n "$WF_PID" ] && [ -n "$SOCK" ] && ! grep -q "Failed to load plugin" "$DIR/host.log"
}

start_client() {
	local label=$1
	shift
	WAYLAND_DISPLAY=$SOCK "$@" >"$DIR/$label.out" 2>"$DIR/$label.err" &
	eval "CPID_$label=$!"
}

stop_wayfire() {
	[ -n "$WF_PID" ] && kill -TERM "$WF_PID" 2>/dev/null
	wait "$CPID" 2>/dev/null
	local p
	for p in "$@"; do
		kill -TERM "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	WF_PID=
}

# Why Wayfire did not start, from its log: the reasons it gives for refusing.
why_not_started() {
	grep -m1 -E "Failed to get DRM|refusing to start|Failed to|error loading plugin|cannot" "$DIR/host.log" 2>/dev/null ||
		tail -3 "$DIR/host.log" 2>/dev/null
}

# play NAME SCENARIO READY CLIENT...: start, one client, wait for READY, replay, stop.
play() {
	local name=$1 scenario=$2 ready=$3
	shift 3
	if ! start_wayfire "$name" "$scenario" ${REALTIME:+realtime}; then
		stop_wayfire
		fail "$name: Wayfire did not start: $(why_not_started) (see $DIR)"
		return 1
	fi
	start_client c "$@"
	if wait_for "$DIR/c.out" "$ready" && kill -USR2 "$WF_PID" &&
		wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30; then
		stop_wayfire "$CPID_c"
		return 0
	fi
	stop_wayfire "$CPID_c"
	fail "$name: client not ready or replay incomplete (see $DIR)"
	return 1
}

. "$ROOT/tests/hosts/expectations.sh"

# The host side of tests/hosts/expectations.sh for Wayfire.
TOUCH_CLIENT=$OUT/bezel-touch-client
DEFER_CLIENT=$OUT/bezel-defer-client
host_play() { play "$@"; }
host_play_kill() {
	local name=$1 rec=$2
	if ! start_wayfire "$name" "$rec" realtime; then
		stop_wayfire
		fail "$name: Wayfire did not start: $(why_not_started) (see $DIR)"
		return 1
	fi
	start_client c "$TOUCH_CLIENT"
	if ! wait_for "$DIR/c.out" " ready"; then
		stop_wayfire "$CPID_c"
		fail "$name: client not ready (see $DIR)"
		return 1
	fi
	kill -USR2 "$WF_PID"
	wait_for "$DIR/c.out" " motion id=0" 1 20
	kill -KILL "$CPID_c"
	wait "$CPID_c" 2>/dev/null
	# A second client maps while the first finger still moves over the dead client's place.
	start_client d "$TOUCH_CLIENT"
	wait_for "$DIR/d.out" " ready"
	wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
	WAYLAND_DISPLAY=$SOCK wayland-info >"$DIR/wayland-info.out" 2>&1
	echo $? >"$DIR/wayland-info.status"
	stop_wayfire "$CPID_d"
}

# ---- 0. Wayfire starts headless with the plugin; it says so; wayland-info lists the global ----
if want start; then
	if start_wayfire start tap-bottom; then
		WAYLAND_DISPLAY=$SOCK wayland-info >"$DIR/wayland-info.out" 2>&1
		stop_wayfire
		if grep -q "bezel: loaded; libbezel .* global bezel_system_gestures_manager_v1 created" "$DIR/host.log" &&
			[ "$(grep -c 'bezel: loaded' "$DIR/host.log")" = 1 ]; then
			pass "Wayfire $WF_VERSION headless loads the plugin from '[core] plugins = bezel …' and logs it, once (one global, not one per output)"
		else
			fail "plugin load line (see $DIR/host.log)"
		fi
		if [ "$(grep -c "interface: 'bezel_system_gestures_manager_v1'" "$DIR/wayland-info.out")" = 1 ] &&
			grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
			pass "wayland-info lists bezel_system_gestures_manager_v1 once, and a seat with touch"
		else
			fail "wayland-info (see $DIR/wayland-info.out)"
		fi
	else
		stop_wayfire
		fail "Wayfire did not start headless here: $(why_not_started) (see $DIR/host.log)"
		finish
	fi
fi

# ---- 1-6. the table every host runs (tests/hosts/expectations.sh) ----
table=()
for c in tap swipe late defer drag kill; do want $c && table+=("$c"); done
[ ${#table[@]} -gt 0 ] && run_host_expectations "${table[@]}"

# ---- 7. Wayfire 0.7 never sends wl_touch.frame; with the plugin, every client event group
# ends in one. A tap in the middle (R1: delivered at once): down, frame, up, frame.
if want frame && play frame taps-1 " ready" "$TOUCH_CLIENT"; then
	c=$DIR/c.out
	if [ "$(grep -c ' down id=0' "$c")" = 1 ] && [ "$(grep -c ' up id=0' "$c")" = 1 ] &&
		[ "$(grep -c ' frame' "$c")" -ge 2 ] &&
		[ "$(grep -E ' (down|up|frame)( |$)' "$c" | awk '{print $2}' | tr '\n' ' ')" = "down frame up frame " ]; then
		pass "wl_touch.frame (which Wayfire 0.7 never sends) closes each group: a tap in the middle reads down, frame, up, frame"
	else
		fail "frames (see $DIR/c.out)"
	fi
fi

# ---- 8. gesture settings from [bezel] reach the engine ----
if want config && EXTRA_INI="bind-bottom =" play config swipe-up " ready" "$TOUCH_CLIENT"; then
	if grep -q "1 gesture setting(s) from \[bezel\] applied" "$DIR/host.log" &&
		[ "$(grep -c ' down id=0' "$DIR/c.out")" = 1 ] && [ "$(grep -c ' up id=0' "$DIR/c.out")" = 1 ] &&
		[ "$(grep -c ' motion id=0' "$DIR/c.out")" -gt 5 ] && ! grep -q "gesture began" "$DIR/events.log"; then
		pass "[bezel] bind-bottom= (an undeclared key) unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "[bezel] bind-bottom= (see $DIR)"
	fi
fi

finish
