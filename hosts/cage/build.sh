#!/bin/sh
# Builds cage with Bezel into PREFIX and prints the path of the cage binary as the last line.
#
#   hosts/cage/build.sh [--unpatched] PREFIX
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched).
# 2. cage's upstream source (commit 395189f, ../shared/third_party/cage-395189f.tar.xz beside the
#    repository, or $BEZEL_CAGE_TARBALL) unpacked into a build folder, the patch series
#    hosts/cage/patches/*.patch applied (not with --unpatched: the same tarball as it is, for
#    baselines), built with meson against Debian 12's wlroots 0.15 and installed into PREFIX.
#
# Steps 1 and 2 are hosts/patched-build.sh, shared with sway; what is cage's own is here.
# Build folder: $BEZEL_CAGE_BUILD (default .build/cage in the repository); the meson shim's
# build folder: $BEZEL_SHIM_BUILD (default inside it). A rerun with the same tarball and series
# only rebuilds what changed. Logs go to the build folder; on failure their tail is printed.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, and Swift for Bezel.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
name=cage
tarball=${BEZEL_CAGE_TARBALL:-$root/../shared/third_party/cage-395189f.tar.xz}
build=${BEZEL_CAGE_BUILD:-$root/.build/cage}
. "$root/hosts/patched-build.sh"
patched_build -Dxwayland=false -Dman-pages=disabled
