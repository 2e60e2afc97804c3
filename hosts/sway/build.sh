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
#    tag 1.7 on Debian 12 (wlroots 0.15), 1.10.1 on Debian 13 (wlroots 0.18):
#    ../shared/third_party/sway-VERSION.tar.xz beside the repository, or $BEZEL_SWAY_TARBALL)
#    unpacked into a build folder, the series hosts/sway/patches/V/*.patch applied (not with
#    --unpatched: the same tarball as it is, for baselines), built with meson against the
#    system's wlroots and installed into PREFIX: sway only (no swaybar, swaynag, tray, wallpaper,
#    man pages or shell completions), without -Werror (gcc 12 warns in sway 1.7's criteria.c, as
#    Debian's build does not stop for). 1.7 is built without Xwayland; 1.10.1 has no such option
#    (it follows wlroots, and starts Xwayland only for an X client).
#
# The options, steps 1 and 2, the build folder ($BEZEL_SWAY_BUILD, default .build/sway in the
# repository) and its cache are hosts/patched/build.sh's; what is sway's own is here.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, libjson-c-dev, libpcre3-dev, libcairo2-dev, libpango1.0-dev, libgdk-pixbuf-2.0-dev,
# libevdev-dev, libdrm-dev, libgles-dev, and Swift for Bezel; on Debian 13 libwlroots-0.18-dev,
# libpcre2-dev (for libpcre3-dev), libxcb1-dev and libxcb-icccm4-dev (wlroots there has Xwayland),
# and no libgdk-pixbuf-2.0-dev or libgles-dev.
set -eu
name=sway
# VERSION TARBALL DEBIAN
releases="1.7 sway-1.7.tar.xz 12
1.10.1 sway-1.10.1.tar.xz 13"
. "$(dirname "$0")/../patched/build.sh"
# 1.10.1 has no xwayland option: it follows wlroots.
xwayland=
[ "$version" = 1.7 ] && xwayland=-Dxwayland=disabled
# shellcheck disable=SC2086 # $xwayland: one option or none
patched_build -Dwerror=false $xwayland -Dman-pages=disabled -Dswaybar=false -Dswaynag=false \
	-Dtray=disabled -Dgdk-pixbuf=disabled -Ddefault-wallpaper=false -Dzsh-completions=false \
	-Dbash-completions=false -Dfish-completions=false
