# The build of a patched compositor, shared by hosts/cage/build.sh and hosts/sway/build.sh:
# Bezel through the meson shim, then the compositor's upstream tarball unpacked, its patch series
# applied and built with meson. Sourced, not run.
#
# The build script sets `set -eu`, here (its folder, holding patches/), root (the repository),
# name (the compositor: its binary, its log names), tarball and build (its build folder), then
# sources this file, which reads the script's own arguments ([--unpatched] PREFIX), and calls
#   patched_build MESON_OPTION...
# with the compositor's own meson options; the last line printed is the binary's path.
variant=patched
[ "${1:-}" = --unpatched ] && { variant=unpatched; shift; }
[ $# = 1 ] || { echo "usage: $0 [--unpatched] PREFIX" >&2; exit 2; }
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
shim=${BEZEL_SHIM_BUILD:-$build/bezel-shim}
mkdir -p "$build"
build=$(cd "$build" && pwd)

# step NAME LOG COMMAND...: runs COMMAND with its output in LOG; on failure shows the tail.
step() {
	what=$1 log=$2
	shift 2
	if ! "$@" >"$log" 2>&1; then
		tail -40 "$log" >&2
		echo "build.sh: $what failed (log: $log)" >&2
		exit 1
	fi
}

[ -f "$tarball" ] || { echo "build.sh: no tarball $tarball" >&2; exit 1; }

patched_build() {
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

	# 2. the compositor: a fresh source tree whenever the tarball or the series changed
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
		step "meson setup ($name)" "$build/$name-setup-$variant.log" \
			env PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" meson setup "$out" "$src" \
			--prefix "$prefix" --libdir lib --buildtype release "$@" -Dc_link_args="-Wl,-rpath,$prefix/lib"
	fi
	step "ninja install ($name)" "$build/$name-build-$variant.log" ninja -C "$out" install
	echo "$prefix/bin/$name"
}
