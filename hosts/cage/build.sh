#!/bin/sh
# Builds cage with Bezel into PREFIX and prints the path of the cage binary as the last line.
#
#   hosts/cage/build.sh [--unpatched] [--version V] [--bezel DIR] PREFIX
#   hosts/cage/build.sh [--version V] --print-version
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched, and with --bezel DIR: Bezel as installed
#    in DIR, which the compositor then links and finds through its rpath).
# 2. cage's upstream source of version V (the releases below; default: the Debian release's own,
#    395189f on Debian 12 (wlroots 0.15), 0.2.0 on Debian 13 (wlroots 0.18):
#    ../shared/third_party/cage-VERSION.tar.xz beside the repository, or $BEZEL_CAGE_TARBALL)
#    unpacked into a build folder, the series hosts/cage/patches/V/*.patch applied (not with
#    --unpatched: the same tarball as it is, for baselines), built with meson against the
#    system's wlroots and installed into PREFIX. 395189f is built without Xwayland; 0.2.0 has no
#    such option (it follows wlroots) and starts Xwayland only for an X client.
#
# The options, steps 1 and 2, the build folder ($BEZEL_CAGE_BUILD, default .build/cage in the
# repository) and its cache are hosts/patched/build.sh's; what is cage's own is here.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev
# (Debian 13: libwlroots-0.18-dev),
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, and Swift for Bezel.
set -eu
name=cage
# VERSION TARBALL DEBIAN
releases="395189f cage-395189f.tar.xz 12
0.2.0 cage-0.2.0.tar.xz 13"
. "$(dirname "$0")/../patched/build.sh"
case $version in
395189f) patched_build -Dxwayland=false -Dman-pages=disabled ;;
*) patched_build -Dman-pages=disabled ;;
esac
