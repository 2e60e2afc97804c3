#!/usr/bin/env bash
# Installs Bezel through meson-shim with -Dwayfire=enabled into a temporary prefix and checks
# what a Wayfire user gets:
#   1. ninja && ninja install put libbezel-wayfire.so (and the libbezel.so name Wayfire's
#      `plugins = bezel` looks for) in <libdir>/wayfire and bezel.xml in
#      <datadir>/wayfire/metadata;
#   2. Wayfire (0.7 or 0.9), started headless (with the test-only preload of hosts/wayfire/rig/preload) with
#      WAYFIRE_PLUGIN_PATH / WAYFIRE_PLUGIN_XML_PATH pointing into that prefix and
#      `[core] plugins = bezel`, loads the installed plugin and logs it; wayland-info lists
#      bezel_system_gestures_manager_v1;
#   3. -Dwayfire=enabled where Wayfire cannot be found fails `meson setup`, naming it; 'auto'
#      there configures and says in the summary that the plugin is not built.
# Where Wayfire is not installed, the test says so and counts a failure.
# Ends with "N passed, N failed".
#
# Usage: hosts/wayfire/tests/install-test.sh [BUILD_DIR]   (default: build-meson-wayfire in the repo,
#   build-meson-wayfire-$BEZEL_DISTRO inside another distribution's root)
#   BEZEL_INSTALL_SCRATCH: the SwiftPM scratch path to build in (tests/lib/product.sh)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${1:-$ROOT/build-meson-wayfire${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bezel-wayfire-install.XXXXXX")
# wait_for, stop_process, run_bounded; the EXIT trap stops what is left, then removes WORK.
. "$ROOT/tests/lib/bounded.sh"
BOUNDED_DUMP_DIR=$WORK
bounded_at_exit 'rm -rf "$WORK"'
PREFIX=$WORK/prefix
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/product.sh"

if ! command -v wayfire >/dev/null 2>&1 || ! pkg-config --exists wayfire 2>/dev/null; then
	fail "Wayfire 0.7 or 0.9 with wayfire-dev and libglm-dev is not installed here; the Wayfire install is untested"
	finish
fi

# libdir as Wayfire's own, relative to the prefix (lib/x86_64-linux-gnu): what meson picks on a
# Debian machine with dpkg-dev, which the Debian 13 root lacks (meson there would pick lib64).
WF_LIBDIR=$(pkg-config --variable=libdir wayfire | sed "s|^$(pkg-config --variable=prefix wayfire)/||")
product_meson_install "$BUILD" "$PREFIX" "$WORK/install" -Dwayfire=enabled --libdir="$WF_LIBDIR"
case $? in
0) pass "meson-shim -Dwayfire=enabled: ninja && ninja install into a fresh --prefix" ;;
1) tail -20 "$WORK/install.setup"; fail "meson setup meson-shim -Dwayfire=enabled"; finish ;;
*) tail -30 "$WORK/install.build"; fail "meson-shim build/install"; finish ;;
esac

LIBDIR=$(find "$PREFIX" -name libbezel-wlroots.so.0 -printf '%h\n' | head -1)
PLUGINDIR=$LIBDIR/wayfire
METADATA=$PREFIX/share/wayfire/metadata
if [ -f "$PLUGINDIR/libbezel-wayfire.so" ] && [ "$(readlink "$PLUGINDIR/libbezel.so")" = libbezel-wayfire.so ] &&
	[ -f "$METADATA/bezel.xml" ] && [ "${PLUGINDIR#"$PREFIX"/}" = "$(pkg-config --variable=plugindir wayfire | sed 's|^/usr/||')" ]; then
	pass "installed: <libdir>/wayfire/libbezel-wayfire.so (+ libbezel.so for 'plugins = bezel'), <datadir>/wayfire/metadata/bezel.xml; the same relative plugin dir as Wayfire's own"
else
	find "$PREFIX" | sed "s|$PREFIX|PREFIX|" | sort
	fail "installed files"
fi

# Wayfire from the installed files only (the preload is test equipment, built here against
# wlroots 0.15, pkg-config name wlroots, or 0.18, wlroots-0.18).
WLR_PC=wlroots
pkg-config --exists wlroots-0.18 && WLR_PC=wlroots-0.18
cc -shared -fPIC -O1 -DWLR_USE_UNSTABLE -o "$WORK/preload.so" "$ROOT/hosts/wayfire/rig/preload/wayfire-headless-preload.c" \
	$(pkg-config --cflags --libs "$WLR_PC" pixman-1) -ldl || { fail "test preload"; finish; }
export XDG_RUNTIME_DIR=$WORK/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
printf '[core]\nplugins = bezel\nxwayland = false\n' >"$WORK/wayfire.ini"
LD_PRELOAD=$WORK/preload.so WLR_BACKENDS=headless WAYFIRE_PLUGIN_PATH=$PLUGINDIR \
	WAYFIRE_PLUGIN_XML_PATH=$METADATA wayfire -c "$WORK/wayfire.ini" >"$WORK/wayfire.log" 2>&1 &
WF=$!
bounded_track "$WF" Wayfire
wait_for "$WORK/wayfire.log" "bezel: loaded\|Failed to load plugin\|error loading plugin" 1 20 "Wayfire's plugin load line"
SOCK=$(sed -n 's/.*Using socket name \(wayland-[0-9]*\).*/\1/p' "$WORK/wayfire.log" | head -1)
WAYLAND_DISPLAY=${SOCK:-none} run_bounded 30 wayland-info wayland-info >"$WORK/wayland-info.out" 2>&1
stop_process Wayfire "$WF" || fail "Wayfire did not stop within its bound after SIGTERM (stacks above)"
if grep -q "bezel: loaded; libbezel" "$WORK/wayfire.log" &&
	grep -q "interface: 'bezel_system_gestures_manager_v1'" "$WORK/wayland-info.out"; then
	pass "Wayfire loads the installed plugin with 'plugins = bezel', logs it, and wayland-info lists bezel_system_gestures_manager_v1"
else
	grep -i "bezel\|plugin\|EE" "$WORK/wayfire.log" | grep -v "Reading XML" | head -10
	fail "Wayfire with the installed plugin"
fi

# -Dwayfire=enabled where Wayfire cannot be found: a pkg-config directory with every .pc file of
# this machine but wayfire's.
NOWF=$WORK/pc-without-wayfire
product_pc_without "$NOWF" wayfire.pc
product_option_missing wayfire Wayfire "$NOWF" "$WORK" "not found\|dependency" \
	'wayfire \(libbezel-wayfire.so\) *: NO' "the plugin is not built"

finish
