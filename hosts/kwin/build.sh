#!/bin/sh
# Builds Bezel (libbezel.so, through the meson shim) and the plugin bezel-kwin.so for the KWin of
# the distribution it runs in (KWin 5.27.5 on Qt 5, Debian 12; KWin 6.3.6 on Qt 6, Debian 13),
# and installs them into PREFIX. KWin headers come from its source tarball (option kwin-source,
# default ../shared/third_party/kwin_VERSION.orig.tar.xz beside the checkout), unpacked into the
# build folder. The last line printed is the plugin's directory: put its qt5/plugins or
# qt6/plugins parent on QT_PLUGIN_PATH for kwin_wayland to load it.
#   hosts/kwin/build.sh PREFIX
# Environment: BEZEL_KWIN_BUILD (build folder, default .build-kwin/meson in the checkout,
# .build-kwin-debian13/meson inside scripts/distro.sh debian13),
# KWIN_SOURCE (the tarball), BEZEL_SWIFT_SCRATCH (a SwiftPM scratch path whose release build of
# libbezel is reused, as scripts/test.sh does for every group of a run).
set -eu
[ $# -eq 1 ] || { echo "usage: $0 PREFIX" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
build=${BEZEL_KWIN_BUILD:-$root/.build-kwin${BEZEL_DISTRO:+-$BEZEL_DISTRO}/meson}
set -- -Dkwin=enabled -Dweston=disabled -Dwlroots=disabled -Dwayfire=disabled -Dclient=disabled \
	-Dgtk4=disabled -Dkwin-source="${KWIN_SOURCE:-}" --prefix "$prefix" \
	${BEZEL_SWIFT_SCRATCH:+"-Dswift-scratch=$BEZEL_SWIFT_SCRATCH"}
if [ -f "$build/build.ninja" ]; then
	meson configure "$build" "$@" >/dev/null
else
	mkdir -p "$(dirname "$build")"
	meson setup "$build" "$root/meson-shim" "$@" >"$build.setup.log" 2>&1 || {
		cat "$build.setup.log" >&2
		exit 1
	}
fi
ninja -C "$build" install >"$build.ninja.log" 2>&1 || { tail -40 "$build.ninja.log" >&2; exit 1; }
plugin=$(find "$prefix" -name bezel-kwin.so -path '*/qt[56]/plugins/kwin/plugins/*' | head -1)
[ -n "$plugin" ] || { echo "build.sh: bezel-kwin.so was not installed under $prefix" >&2; exit 1; }
dirname "$plugin"
