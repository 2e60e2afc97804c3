# Shell functions of the Wayfire tests (hosts/wayfire/tests/run.sh, hosts/wayfire/tests/side-by-side.sh):
# the checks that Wayfire can run here, the installed plugin (tests/lib/product.sh), the test
# rig, the test-only preload and the clients, and starting Wayfire headless under umockdev-run with a recording.
# Source it after tests/lib/host.sh, with ROOT, SCRATCH, OUT and CONFIG set.
# Test equipment only (see hosts/wayfire/rig/preload/README.md).

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
0.7.* | 0.9.*) ;;
*) fail "the plugin is for Wayfire 0.7 and 0.9; this machine has $WF_VERSION"; finish ;;
esac

# ---- build: the product installed through meson-shim (tests/lib/product.sh); the test rig,
# the test-only preload and the clients (tests/lib/host.sh) ----
product_install "$CONFIG" || { fail "meson-shim build and install of the product ($CONFIG)"; finish; }
host_protocol_code "$OUT" || { fail "wayland-scanner"; finish; }
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
CXXFLAGS="-std=c++17 -Wall -Wextra -Werror -O1 -g -fPIC -shared -DWLR_USE_UNSTABLE -DWAYFIRE_PLUGIN"
WF="-I$OUT -I$INC $(pkg-config --cflags wayfire)"
# Plugins are found by name in WAYFIRE_PLUGIN_PATH: "bezel" is lib + bezel + .so in the
# installed plugin directory, the test rig's in PLUGINS.
PLUGINS=$OUT/plugins
WF_PLUGIN_PATH=$PRODUCT_LIB/wayfire:$PLUGINS
WF_XML_PATH=$PRODUCT_PREFIX/share/wayfire/metadata
mkdir -p "$PLUGINS"
# wlroots' pkg-config name: wlroots (0.15, Debian 12) or wlroots-0.18 (Debian 13, Wayfire 0.9).
WLR_PC=wlroots
pkg-config --exists wlroots-0.18 && WLR_PC=wlroots-0.18
# shellcheck disable=SC2086,SC2046 # flag variables are lists
if [ -f "$PRODUCT_LIB/wayfire/libbezel-wayfire.so" ] && [ -f "$WF_XML_PATH/bezel.xml" ] &&
	c++ $CXXFLAGS -o "$PLUGINS/libbezel-test-rig.so" "$ROOT/hosts/wayfire/rig/bezel-test-rig.cpp" $WF \
		$(product_link) &&
	cc $CFLAGS -shared -fPIC -DWLR_USE_UNSTABLE -o "$OUT/wayfire-headless-preload.so" \
		"$ROOT/hosts/wayfire/rig/preload/wayfire-headless-preload.c" \
		$(pkg-config --cflags --libs "$WLR_PC" pixman-1) -ldl &&
	host_table_clients "$OUT" &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "meson-shim installs libbezel-wayfire.so and its metadata; the test rig plugin, the test preload and the clients compile with -Werror (Wayfire $WF_VERSION)"
else
	fail "installed plugin (prefix $PRODUCT_PREFIX) or test equipment"
	finish
fi
WFPRELOAD=$OUT/wayfire-headless-preload.so

host_hostile_clients "$OUT" || { fail "compile the hostile course's clients"; finish; }

NODE=/dev/input/event7
START_TIMEOUT_S=20
WF_PID=
BOUNDED_DUMP_DIR=$OUT

. "$ROOT/hosts/weston/tests/lib.sh"

# start_wayfire NAME SCENARIO [realtime]: sets DIR, CPID (umockdev-run), WF_PID, CONTACTS,
# SOCK and XDG_RUNTIME_DIR (one per case: Wayfire names its socket wayland-1, wayland-2, ...).
# EXTRA_INI: more [bezel] lines; EXTRA_SECTIONS: more sections; PLUGIN_LIST: [core] plugins;
# LOG_LEVEL: the plugin's log-level (default debug); PLUGIN_EVENT_LOG: its event-log (default
# DIR/events.log, which the rig writes too; empty: none).
# DEVICE_DIR: umockdev files made beforehand (SCENARIO is then unused; the caller sets
# CONTACTS); OUTPUT_MODE (default 1080x1920) and OUTPUT_MM (default 68x121): the output;
# OUTPUT_TRANSFORM: its [output] transform (Wayfire's spelling: 90, 90_flipped, ...); RIG_INI:
# more [bezel-test-rig] lines;
# RIG_STREAM: a touch stream file the rig reads itself instead of the node (the node's device
# is still made, and never opened).
start_wayfire() {
	local name=$1 scenario=$2 mode=${3:-}
	local size=${OUTPUT_MODE:-1080x1920} mm=${OUTPUT_MM:-68x121}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR/dev"
	# A short runtime directory of its own: a socket path must fit in 108 bytes.
	export XDG_RUNTIME_DIR
	XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-wf.XXXXXX") || return 1
	echo "$XDG_RUNTIME_DIR" >"$DIR/xdg-runtime-dir"
	if [ -n "${DEVICE_DIR:-}" ]; then
		cp "$DEVICE_DIR"/device.* "$DIR/dev/" || return 1
	else
		make_touch_device "$ROOT" "$PROBE" "$scenario" "$DIR" "$NODE" "$mode" || return 1
	fi
	cat >"$DIR/wayfire.ini" <<-EOF
	[core]
	plugins = ${PLUGIN_LIST:-bezel bezel-test-rig}
	xwayland = false

	[output:HEADLESS-1]
	mode = $size
	${OUTPUT_TRANSFORM:+transform = $OUTPUT_TRANSFORM}

	[bezel]
	log-level = ${LOG_LEVEL:-debug}
	output-width-mm = ${mm%x*}
	output-height-mm = ${mm#*x}
	event-log = ${PLUGIN_EVENT_LOG-$DIR/events.log}
	${EXTRA_INI:-}

	[bezel-test-rig]
	touch-device = $NODE
	${RIG_STREAM:+touch-stream = $RIG_STREAM}
	touch-device-open = sigusr2
	event-log = $DIR/events.log
	${RIG_INI:-}

	${EXTRA_SECTIONS:-}
	EOF
	local rc
	WF_PID=
	touchscreen_start "Wayfire ($name)" "Using socket name\|exiting\|refusing" "Wayfire's socket line" \
		"$DIR" "$NODE" "$SHIM:$WFPRELOAD" "$DIR/wayfire.pid" "$DIR/host.log" \
		env WLR_BACKENDS=headless WAYFIRE_PLUGIN_PATH="$WF_PLUGIN_PATH" \
		WAYFIRE_PLUGIN_XML_PATH="$WF_XML_PATH" wayfire -c "$DIR/wayfire.ini"
	rc=$?
	# The rig's line comes after the plugins load, which is after Wayfire listens.
	if [ $rc != 0 ] || ! grep -q "Using socket name" "$DIR/host.log" ||
		! wait_for "$DIR/host.log" "bezel-test-rig: headless touch device\|bezel-test-rig: no \|Failed to load plugin" 1 "$START_TIMEOUT_S" "the test rig's touch device line"; then
		WF_PID=$(cat "$DIR/wayfire.pid" 2>/dev/null)
		return 1
	fi
	SOCK=$(sed -n 's/.*Using socket name \(wayland-[0-9]*\).*/\1/p' "$DIR/host.log" | head -1)
	WF_PID=$(cat "$DIR/wayfire.pid" 2>/dev/null)
	[ -n "$WF_PID" ] && bounded_track "$CPID" "Wayfire ($name)" "$WF_PID"
	[ -n "$WF_PID" ] && [ -n "$SOCK" ] && ! grep -q "Failed to load plugin" "$DIR/host.log"
}

# start_wayfire_plain NAME PLUGINS: Wayfire with [core] plugins = PLUGINS, no touch device, no
# umockdev (the test preload only); sets DIR, CPID, WF_PID, SOCK and XDG_RUNTIME_DIR.
start_wayfire_plain() {
	local name=$1 plugins=$2
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR"
	export XDG_RUNTIME_DIR
	XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bezel-wf.XXXXXX") || return 1
	printf '[core]\nplugins = %s\nxwayland = false\n\n[output:HEADLESS-1]\nmode = 1080x1920\n\n[bezel]\nlog-level = warning\n' \
		"$plugins" >"$DIR/wayfire.ini"
	LD_PRELOAD=$WFPRELOAD WLR_BACKENDS=headless WAYFIRE_PLUGIN_PATH="$WF_PLUGIN_PATH" \
		WAYFIRE_PLUGIN_XML_PATH="$WF_XML_PATH" wayfire -c "$DIR/wayfire.ini" \
		</dev/null >"$DIR/host.log" 2>&1 &
	CPID=$!
	WF_PID=$CPID
	bounded_track "$CPID" "Wayfire ($name)"
	wait_for "$DIR/host.log" "Using socket name" 1 "$START_TIMEOUT_S" "Wayfire's socket line" || return 1
	SOCK=$(sed -n 's/.*Using socket name \(wayland-[0-9]*\).*/\1/p' "$DIR/host.log" | head -1)
	case " $plugins " in
	*" bezel "*) wait_for "$DIR/host.log" "bezel: loaded" 1 "$START_TIMEOUT_S" "the plugin's load line" || return 1 ;;
	esac
}


stop_wayfire() {
	stop_host Wayfire "${WF_PID:-}" "${XDG_RUNTIME_DIR:-}" "$@"
	WF_PID=
}

# Why Wayfire did not start, from its log: the reasons it gives for refusing.
why_not_started() {
	grep -m1 -E "Failed to get DRM|refusing to start|Failed to|error loading plugin|cannot" "$DIR/host.log" 2>/dev/null ||
		tail -3 "$DIR/host.log" 2>/dev/null
}

# host_replay (the host contract of tests/lib/host.sh play): the rig opens its touchscreen on
# SIGUSR2; every contact of the recording lifts.
host_replay() {
	kill -USR2 "$WF_PID" && wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
}
