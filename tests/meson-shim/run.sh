#!/usr/bin/env bash
# meson-shim host module options: a host module that is asked for and cannot be built fails
# `meson setup` instead of being skipped silently.
#   1. -Dweston=enabled on this machine (weston installed) configures the module;
#   2. -Dweston=enabled where libweston-10 cannot be found fails, naming the dependency;
#   3. -Dweston=auto there succeeds and the summary says the module is not built;
#   4. -Dweston=disabled never builds it;
#   5. -Dswift-scratch, -Dswift-config and -Dtest-rigs (the tests' product build) reach the build.
# Only `meson setup` runs (no Swift build), so this takes seconds. "Cannot be found" is made
# real with a pkg-config directory that holds only what libbezel needs.
# Usage: tests/meson-shim/run.sh
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

. "$ROOT/tests/lib/counters.sh"

# setup NAME [meson args...]: configures meson-shim into $WORK/NAME; output in $WORK/NAME.log.
setup() {
	local name=$1; shift
	meson setup "$WORK/$name" "$ROOT/meson-shim" "$@" >"$WORK/$name.log" 2>&1
}

# A pkg-config directory without libweston-10 or weston, but with what libbezel itself needs
# (wayland-server, libinput, libudev) and what those require.
PCDIR=$WORK/pkgconfig
mkdir -p "$PCDIR"
for pc in wayland-server libffi libinput libudev; do
	cp "$(pkg-config --variable=pcfiledir $pc)/$pc.pc" "$PCDIR/" 2>/dev/null
done

if setup enabled -Dweston=enabled && grep -qE 'weston \(bezel-weston.so\) *: YES' "$WORK/enabled.log"; then
	pass "-Dweston=enabled with weston installed configures bezel-weston.so"
else
	tail -20 "$WORK/enabled.log"
	fail "-Dweston=enabled with weston installed"
fi

if PKG_CONFIG_LIBDIR=$PCDIR setup missing -Dweston=enabled; then
	fail "-Dweston=enabled without libweston-10 should fail meson setup, but it succeeded"
elif grep -q "libweston-10" "$WORK/missing.log"; then
	pass "-Dweston=enabled without libweston-10 fails meson setup and names the dependency"
else
	tail -20 "$WORK/missing.log"
	fail "-Dweston=enabled without libweston-10 failed for another reason"
fi

if PKG_CONFIG_LIBDIR=$PCDIR setup auto -Dweston=auto && grep -qE 'weston \(bezel-weston.so\) *: NO' "$WORK/auto.log"; then
	pass "-Dweston=auto without libweston-10 configures, and the summary says the module is not built"
else
	tail -20 "$WORK/auto.log"
	fail "-Dweston=auto without libweston-10"
fi

if setup disabled -Dweston=disabled && grep -qE 'weston \(bezel-weston.so\) *: NO' "$WORK/disabled.log"; then
	pass "-Dweston=disabled does not build the module"
else
	tail -20 "$WORK/disabled.log"
	fail "-Dweston=disabled"
fi

# The tests' product build (tests/lib/product.sh): the Swift build in a given scratch path and
# configuration, and the input probe installed with the test rigs only.
if setup scratch -Dswift-scratch="$WORK/swift" -Dswift-config=debug -Dtest-rigs=true &&
	grep -q "build-swift.sh [^ ]*swift [^ ]* $WORK/swift debug BezelPlugin" "$WORK/scratch/build.ninja" &&
	grep -q "build-swift.sh .* bezel-input-probe - -" "$WORK/scratch/build.ninja" &&
	! grep -q "bezel-input-probe" "$WORK/disabled/build.ninja"; then
	pass "-Dswift-scratch and -Dswift-config reach the Swift build; -Dtest-rigs=true (only) builds bezel-input-probe"
else
	tail -20 "$WORK/scratch.log"
	fail "-Dswift-scratch=DIR -Dswift-config=debug -Dtest-rigs=true (see the build.ninja of a setup)"
fi
if ! setup badconfig -Dswift-config=fast; then
	pass "-Dswift-config=fast is refused by meson setup (debug or release only)"
else
	fail "-Dswift-config=fast was accepted"
fi

finish
