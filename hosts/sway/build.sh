#!/bin/sh
# Builds sway with Bezel into PREFIX and prints the path of the sway binary as the last line.
#
#   hosts/sway/build.sh [--unpatched] [--version V] [--bezel DIR] PREFIX
#   hosts/sway/build.sh [--version V] --print-version
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched, and with --bezel DIR: Bezel as installed
#    in DIR, which the compositor then links and finds through its rpath).
# 2. sway's upstream source of version V (the releases below; default: the Debian release's own,
#    tag 1.7 on Debian 12: ../shared/third_party/sway-1.7.tar.xz beside the repository, or
#    $BEZEL_SWAY_TARBALL) unpacked into a build folder, the series hosts/sway/patches/V/*.patch
#    applied (not with --unpatched: the same tarball as it is, for baselines), built with meson
#    against the system's wlroots and installed into PREFIX: sway only (no Xwayland, swaybar,
#    swaynag, tray, wallpaper, man pages or shell completions), without -Werror (gcc 12 warns in
#    sway 1.7's criteria.c, as Debian's build does not stop for).
#
# The options, steps 1 and 2, the build folder ($BEZEL_SWAY_BUILD, default .build/sway in the
# repository) and its cache are hosts/patched/build.sh's; what is sway's own is here.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, libjson-c-dev, libpcre3-dev, libcairo2-dev, libpango1.0-dev, libgdk-pixbuf-2.0-dev,
# libevdev-dev, libdrm-dev, libgles-dev, and Swift for Bezel.
set -eu
name=sway
# VERSION TARBALL DEBIAN
releases="1.7 sway-1.7.tar.xz 12"
. "$(dirname "$0")/../patched/build.sh"
patched_build -Dwerror=false -Dxwayland=disabled -Dman-pages=disabled -Dswaybar=false -Dswaynag=false \
	-Dtray=disabled -Dgdk-pixbuf=disabled -Ddefault-wallpaper=false -Dzsh-completions=false \
	-Dbash-completions=false -Dfish-completions=false
