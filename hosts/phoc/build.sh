#!/bin/sh
# Builds phoc 0.24.0 with Bezel into PREFIX and prints the path of the phoc binary as the last line.
#
#   hosts/phoc/build.sh [--unpatched] PREFIX
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched).
# 2. phoc's upstream source (tag v0.24.0, Debian 12's version: ../shared/third_party/phoc-0.24.0.tar.xz
#    beside the repository, or $BEZEL_PHOC_TARBALL) unpacked into a build folder, the patch
#    series hosts/phoc/patches/*.patch applied (not with --unpatched: the same tarball as it is,
#    for baselines), built with meson against Debian 12's wlroots 0.15.1 (not the wlroots
#    subproject) without phoc's unit tests, and installed into PREFIX: bin/phoc and its GSettings
#    schema, compiled in PREFIX/share/glib-2.0/schemas (run phoc with GSETTINGS_SCHEMA_DIR set
#    to it; the system's schemas that phoc also reads, gsettings-desktop-schemas and
#    mutter-common's keybindings, are found as usual). Xwayland stays enabled: phoc 0.24 does
#    not compile without it. The system's phoc is never touched.
#
# Steps 1 and 2 are hosts/patched-build.sh, shared with cage and sway; what is phoc's own is here.
# Build folder: $BEZEL_PHOC_BUILD (default .build/phoc in the repository); the meson shim's
# build folder: $BEZEL_SHIM_BUILD (default inside it). A rerun with the same tarball and series
# only rebuilds what changed. Logs go to the build folder; on failure their tail is printed.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, libdrm-dev, libgles-dev, libxcb1-dev, libglib2.0-dev, libgnome-desktop-3-dev,
# gsettings-desktop-schemas, mutter-common (at run time), and Swift for Bezel.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
name=phoc
tarball=${BEZEL_PHOC_TARBALL:-$root/../shared/third_party/phoc-0.24.0.tar.xz}
build=${BEZEL_PHOC_BUILD:-$root/.build/phoc}
. "$root/hosts/patched-build.sh"
bin=$(patched_build -Dembed-wlroots=disabled -Dtests=false -Dgtk_doc=false | tail -1)
step "glib-compile-schemas" "$build/schemas.log" glib-compile-schemas "$prefix/share/glib-2.0/schemas"
echo "$bin"
