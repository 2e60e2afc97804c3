#!/usr/bin/env bash
# Installs Bezel through meson-shim with -Dweston=enabled into a temporary prefix and checks
# what a weston user gets:
#   1. bezel-weston.so in bezel.pc's westonmoduledir, finding the prefix's libbezel.so.0 by its
#      run path, and no test rig (bezel-weston-rig.so is installed only with -Dtest-rigs=true);
#   2. headless weston (10, or 14 inside Debian 13's root: scripts/distro.sh) loads the
#      installed module by that path, logs it, and wayland-info
#      lists bezel_system_gestures_manager_v1.
# (-Dweston=enabled where neither libweston-10 nor libweston-14 can be found fails `meson setup`:
# tests/meson-shim/run.sh checks it.)
#
# Usage: hosts/weston/tests/install-test.sh [BUILD_DIR]   (default: build-meson-weston in the repo;
#   build-meson-weston-$BEZEL_DISTRO inside another distribution's root)
#   BEZEL_INSTALL_SCRATCH: the SwiftPM scratch path to build in (tests/lib/product.sh)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${1:-$ROOT/build-meson-weston${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bezel-weston-install.XXXXXX")
# wait_for, stop_process, run_bounded; the EXIT trap stops what is left, then removes WORK.
. "$ROOT/tests/lib/bounded.sh"
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/product.sh"
BOUNDED_DUMP_DIR=$WORK
bounded_at_exit 'rm -rf "$WORK"'
PREFIX=$WORK/prefix

product_meson_install "$BUILD" "$PREFIX" "$WORK/install" -Dweston=enabled -Dtest-rigs=false
case $? in
0) pass "meson-shim -Dweston=enabled: ninja && ninja install into a fresh --prefix" ;;
1) tail -20 "$WORK/install.setup"; fail "meson setup meson-shim -Dweston=enabled"; finish ;;
*) tail -30 "$WORK/install.build"; fail "meson-shim build/install"; finish ;;
esac

PCDIR=$(find "$PREFIX" -name bezel.pc -printf '%h\n' | head -1)
MODDIR=$(PKG_CONFIG_PATH=$PCDIR pkg-config --variable=westonmoduledir bezel)
MODULE=$MODDIR/bezel-weston.so
resolved=$(ldd "$MODULE" 2>/dev/null | awk '$1 == "libbezel.so.0" { print $3 }')
[ -e "$resolved" ] && resolved=$(realpath "$resolved")
if [ -f "$MODULE" ] && [ "$resolved" = "$(realpath "$MODDIR/../libbezel.so.0")" ] && [ ! -e "$MODDIR/bezel-weston-rig.so" ]; then
	pass "installed: westonmoduledir/bezel-weston.so, which finds the prefix's libbezel.so.0 ($resolved); no test rig"
else
	find "$PREFIX" | sed "s|$PREFIX|PREFIX|" | sort
	fail "installed module (libbezel.so.0 resolves to '$resolved')"
fi

# weston from the installed module only: headless, kiosk shell, no touch device.
export XDG_RUNTIME_DIR=$WORK/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
SOCK=bezel-install
printf '[core]\nidle-time=0\n' >"$WORK/weston.ini"
weston --backend=headless-backend.so --shell=kiosk-shell.so --socket="$SOCK" --config="$WORK/weston.ini" \
	--modules="$MODULE" --log="$WORK/weston.log" </dev/null >"$WORK/weston.out" 2>&1 &
WPID=$!
bounded_track "$WPID" weston
wait_for "$WORK/weston.log" "bezel: libbezel .* loaded\|Failed to load module\|fatal" 1 20 "weston's module load line"
WAYLAND_DISPLAY=$SOCK run_bounded 30 wayland-info wayland-info >"$WORK/wayland-info.out" 2>&1
stop_process weston "$WPID" || fail "weston did not stop within its bound after SIGTERM (stacks above)"
if grep -q "bezel: libbezel .* loaded" "$WORK/weston.log" &&
	grep -q "interface: 'bezel_system_gestures_manager_v1'" "$WORK/wayland-info.out"; then
	pass "weston loads the installed bezel-weston.so, logs it, and wayland-info lists bezel_system_gestures_manager_v1"
else
	grep -i "bezel\|module\|fatal" "$WORK/weston.log" | head -10
	fail "weston with the installed module"
fi

finish
