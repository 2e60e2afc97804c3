#!/bin/sh
# Builds sway 1.7 with Bezel into PREFIX and prints the path of the sway binary as the last line.
#
#   hosts/sway/build.sh [--unpatched] PREFIX
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched).
# 2. sway's upstream source (tag 1.7, Debian 12's version: ../shared/third_party/sway-1.7.tar.xz
#    beside the repository, or $BEZEL_SWAY_TARBALL) unpacked into a build folder, the patch
#    series hosts/sway/patches/*.patch applied (not with --unpatched: the same tarball as it is,
#    for baselines), built with meson against Debian 12's wlroots 0.15 and installed into
#    PREFIX: sway only (no Xwayland, swaybar, swaynag, tray, wallpaper, man pages or shell
#    completions), without -Werror (gcc 12 warns in sway 1.7's criteria.c, as Debian's build
#    does not stop for).
#
# Steps 1 and 2 are hosts/patched-build.sh, shared with cage; what is sway's own is here.
# Build folder: $BEZEL_SWAY_BUILD (default .build/sway in the repository); the meson shim's
# build folder: $BEZEL_SHIM_BUILD (default inside it). A rerun with the same tarball and series
# only rebuilds what changed. Logs go to the build folder; on failure their tail is printed.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, libjson-c-dev, libpcre3-dev, libcairo2-dev, libpango1.0-dev, libgdk-pixbuf-2.0-dev,
# libevdev-dev, libdrm-dev, libgles-dev, and Swift for Bezel.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
name=sway
tarball=${BEZEL_SWAY_TARBALL:-$root/../shared/third_party/sway-1.7.tar.xz}
build=${BEZEL_SWAY_BUILD:-$root/.build/sway}
. "$root/hosts/patched-build.sh"
patched_build -Dwerror=false -Dxwayland=disabled -Dman-pages=disabled -Dswaybar=false -Dswaynag=false \
	-Dtray=disabled -Dgdk-pixbuf=disabled -Ddefault-wallpaper=false -Dzsh-completions=false \
	-Dbash-completions=false -Dfish-completions=false
