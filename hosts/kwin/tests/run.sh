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
. "$ROOT/hosts/kwin/tests/lib.sh"

# ---- build ----
mkdir -p "$OUT"
echo "== building libbezel and bezel-kwin.so (hosts/kwin/build.sh)"
if kwin_build_plugin "$SCRATCH/meson" "$SCRATCH/prefix" "$OUT/build.err"; then
	pass "hosts/kwin/build.sh installs bezel-kwin.so into $PLUGINDIR"
else
	cat "$OUT/build.err"
	fail "hosts/kwin/build.sh"
	finish
fi
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1"
if host_protocol_code "$OUT" && host_table_clients "$OUT" && host_hostile_clients "$OUT" && kwin_build_feeder "$OUT"; then
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

kwin_binaries "$OUT"
BOUNDED_DUMP_DIR=$OUT

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

# host_start, host_stop and the feeder's functions: hosts/kwin/tests/lib.sh.
# host_replay: the feeder replays on SIGUSR2; its last roundtrip means KWin has processed every
# touch (the host contract of tests/lib/host.sh's play).
host_replay() {
	kill -USR2 "$HOST_PID" && feed_done $((KWIN_WAIT_S * 2))
}
host_play() { play "$@"; }
# The unplug row: KWin starts with two virtual outputs (--output-count 2) and the feeder
# disables the first, the touchscreen's, after the N-th motion through KWin's output
# management (--unplug-after): KWin takes a disabled output out of its workspace as it takes an
# unplugged one (Workspace::outputRemoved, which the plugin follows). The points after it land
# on the output that is left.
host_unplug() { :; }
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
[ "$KWIN_MAJOR" = 6 ] &&
	HOST_SKIP[rot-flipped-90]="KWin 6.3 maps a touchscreen on a flipped output as on the unflipped one (libinput/connection.cpp, devicePointToGlobalPosition), so a panel edge is not where a flipped transform puts it"
HOST_NAME=KWin
HOST_UP_LINE="fake-input up"

# Every row of the shared table runs here (drag: R7 through KWin's seat, hosts/kwin/README.md).
. "$ROOT/hosts/kwin/tests/cases.sh"

# ---- the hostile course (tests/hosts/hostile.sh) instead of the table ----
# host_start and host_stop (lib.sh); the clients come from host_hostile_clients.
HOST_INPUT="KWin's fake_input"
# The region flood's control: KWin's own set_input_region costs about 290 µs a commit for 4,096
# rectangles (weston's: 4), and a full socket is writable again only once the compositor has
# drained three quarters of it, thousands of commits: seconds of KWin's own work on a loaded
# 2-core machine, before any of Bezel's. The hostile clients (the rounds' floods too) allow it 30 s.
HOST_FLOOD_FLUSH_MS=30000
# KWin sends queued replies only when its Qt event loop is about to block (Display::flush on
# QAbstractEventDispatcher::aboutToBlock, src/wayland/display.cpp in 5.27 and 6.3): while any
# client floods, another client's wl_display.sync waits until the loop runs dry, which on a
# 2-core machine took from 0.01 ms to 14 s, set_input_region flood or Bezel's alike.
HOST_FLUSHES_WHEN_IDLE="KWin sends replies only when its event loop goes idle, so a flood of any request holds them"
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
