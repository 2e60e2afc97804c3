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
variant=patched
[ "${1:-}" = --unpatched ] && { variant=unpatched; shift; }
[ $# = 1 ] || { echo "usage: $0 [--unpatched] PREFIX" >&2; exit 2; }
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
tarball=${BEZEL_SWAY_TARBALL:-$root/../shared/third_party/sway-1.7.tar.xz}
build=${BEZEL_SWAY_BUILD:-$root/.build/sway}
shim=${BEZEL_SHIM_BUILD:-$build/bezel-shim}
mkdir -p "$build"
build=$(cd "$build" && pwd)

# step NAME LOG COMMAND...: runs COMMAND with its output in LOG; on failure shows the tail.
step() {
	name=$1 log=$2
	shift 2
	if ! "$@" >"$log" 2>&1; then
		tail -40 "$log" >&2
		echo "build.sh: $name failed (log: $log)" >&2
		exit 1
	fi
}

[ -f "$tarball" ] || { echo "build.sh: no tarball $tarball" >&2; exit 1; }

# 1. Bezel
if [ $variant = patched ]; then
	if [ ! -f "$shim/build.ninja" ]; then
		step "meson setup (Bezel)" "$build/bezel-setup.log" meson setup "$shim" "$root/meson-shim" \
			--prefix "$prefix" --libdir lib --buildtype release -Dwlroots=enabled \
			-Dweston=disabled -Dwayfire=disabled -Dclient=disabled -Dgtk4=disabled
	else
		step "meson configure (Bezel)" "$build/bezel-setup.log" meson configure "$shim" --prefix "$prefix" --libdir lib
	fi
	step "ninja install (Bezel)" "$build/bezel-build.log" ninja -C "$shim" install
fi

# 2. sway: a fresh source tree whenever the tarball or the series changed
src=$build/src-$variant
out=$build/build-$variant
series=
[ $variant = patched ] && series=$(ls "$here"/patches/*.patch)
# shellcheck disable=SC2086 # the series is a list of files
stamp="$(cat "$tarball" $series | sha256sum | cut -d' ' -f1) $prefix"
if [ "$(cat "$src/.bezel-stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$src" "$out"
	mkdir -p "$src"
	tar -xJf "$tarball" -C "$src" --strip-components=1
	for p in $series; do
		step "patch $(basename "$p")" "$build/patch.log" patch -d "$src" -p1 -s -N -i "$p"
	done
	echo "$stamp" >"$src/.bezel-stamp"
fi
if [ ! -f "$out/build.ninja" ]; then
	# The installed binary finds PREFIX's libbezel-wlroots through its rpath.
	step "meson setup (sway)" "$build/sway-setup-$variant.log" \
		env PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" meson setup "$out" "$src" \
		--prefix "$prefix" --libdir lib --buildtype release -Dwerror=false -Dxwayland=disabled \
		-Dman-pages=disabled -Dswaybar=false -Dswaynag=false -Dtray=disabled -Dgdk-pixbuf=disabled \
		-Ddefault-wallpaper=false -Dzsh-completions=false -Dbash-completions=false \
		-Dfish-completions=false -Dc_link_args="-Wl,-rpath,$prefix/lib"
fi
step "ninja install (sway)" "$build/sway-build-$variant.log" ninja -C "$out" install
echo "$prefix/bin/sway"
