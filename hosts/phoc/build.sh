#!/bin/sh
# Builds phoc with Bezel into PREFIX and prints the path of the phoc binary as the last line.
#
#   hosts/phoc/build.sh [--unpatched] [--version V] [--bezel DIR] PREFIX
#   hosts/phoc/build.sh [--version V] --print-version
#
# 1. Bezel through the meson shim (release): libbezel, libbezel-wlroots and bezel-wlroots.pc,
#    installed into PREFIX (skipped with --unpatched, and with --bezel DIR: Bezel as installed
#    in DIR, which the compositor then links and finds through its rpath).
# 2. phoc's upstream source of version V (the releases below; default: the Debian release's own,
#    0.24 on Debian 12: tag v0.24.0, ../shared/third_party/phoc-0.24.0.tar.xz beside the
#    repository; 0.46 on Debian 13: phoc-0.46.0.tar.xz; or $BEZEL_PHOC_TARBALL) unpacked into a
#    build folder, the series hosts/phoc/patches/V/*.patch applied (not with --unpatched: the
#    same tarball as it is, for baselines), built with meson against the system's wlroots (0.15.1
#    on Debian 12, 0.18 on Debian 13; never the wlroots subproject: -Dembed-wlroots=disabled)
#    without phoc's unit tests, and installed into PREFIX: bin/phoc and its
#    GSettings schema, compiled in PREFIX/share/glib-2.0/schemas (run phoc with
#    GSETTINGS_SCHEMA_DIR set to it; the system's schemas that phoc also reads,
#    gsettings-desktop-schemas and mutter-common's keybindings, are found as usual). Xwayland
#    stays enabled: phoc 0.24 does not compile without it. The system's phoc is never touched.
#
# The options, steps 1 and 2, the build folder ($BEZEL_PHOC_BUILD, default .build/phoc in the
# repository) and its cache are hosts/patched/build.sh's; what is phoc's own is here.
# Debian packages: meson, ninja-build, pkg-config, gcc, patch, xz-utils, libwlroots-dev,
# wayland-protocols, libwayland-dev, libxkbcommon-dev, libpixman-1-dev, libinput-dev,
# libudev-dev, libdrm-dev, libgles-dev, libxcb1-dev, libglib2.0-dev, libgnome-desktop-3-dev,
# gsettings-desktop-schemas, mutter-common (at run time), and Swift for Bezel; phoc 0.46 also
# libgmobile-dev and gettext (the debian13 list of scripts/install-deps.sh).
set -eu
name=phoc
# VERSION TARBALL DEBIAN
releases="0.24 phoc-0.24.0.tar.xz 12
0.46 phoc-0.46.0.tar.xz 13"
. "$(dirname "$0")/../patched/build.sh"
bin=$(patched_build -Dembed-wlroots=disabled -Dtests=false -Dgtk_doc=false | tail -1)
step "glib-compile-schemas" "$build/schemas.log" glib-compile-schemas "$prefix/share/glib-2.0/schemas"
echo "$bin"
