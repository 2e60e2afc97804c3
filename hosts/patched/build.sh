# The build of a patched compositor, shared by hosts/cage/build.sh, hosts/sway/build.sh and
# hosts/phoc/build.sh: Bezel through the meson shim (or as installed already), then the
# compositor's upstream tarball unpacked, the patch series of its version applied and built with
# meson. Sourced, not run.
#
# The build script sets `set -eu`, name (the compositor: its binary, its folder under hosts/, its
# log names) and releases (one line per upstream version it builds: "VERSION TARBALL DEBIAN",
# the series in hosts/NAME/patches/VERSION/, the tarball in ../shared/third_party beside the
# repository, the Debian release whose compositor that version is), then sources this file, which
# reads the script's own arguments and sets here, root, version, tarball, build and prefix; then
# it calls
#   patched_build MESON_OPTION...
# with the compositor's own meson options (chosen by $version); the last line printed is the
# binary's path.
#
#   hosts/NAME/build.sh [--unpatched] [--version V] [--bezel DIR] PREFIX
#   hosts/NAME/build.sh [--version V] --print-version
#
#   --unpatched      the tarball as it is, without Bezel (baselines)
#   --bezel DIR      Bezel as installed in DIR already (the tests' product install,
#                    tests/lib/product.sh): no meson shim build; the compositor is built against
#                    DIR's libbezel-wlroots and finds it through its rpath
#   --version V      the upstream version to build; default: the version of the Debian release
#                    this runs in (/etc/os-release), from releases
#   --print-version  print the version that would be built, and exit
# Environment: BEZEL_NAME_TARBALL (the tarball instead), BEZEL_NAME_BUILD (the build folder,
# default .build/NAME in the repository, .build/NAME-$BEZEL_DISTRO inside another distribution's
# root: scripts/distro.sh), BEZEL_SHIM_BUILD (the meson shim's build folder,
# default inside it).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
variant=patched
version=
print_version=0
bezel=
usage="usage: $0 [--unpatched] [--version V] [--bezel DIR] PREFIX | [--version V] --print-version"
while [ $# -gt 0 ]; do
	case $1 in
	--unpatched) variant=unpatched ;;
	--version | --bezel)
		[ $# -gt 1 ] || { echo "$usage" >&2; exit 2; }
		if [ "$1" = --version ]; then version=$2; else bezel=$(cd "$2" && pwd); fi
		shift
		;;
	--print-version) print_version=1 ;;
	-*) echo "$usage" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
if [ -z "$version" ]; then
	debian=$(. /etc/os-release && echo "${VERSION_ID:-}")
	version=$(echo "$releases" | awk -v d="$debian" '$3 == d { print $1; exit }')
	[ -n "$version" ] || { echo "build.sh: no $name version for Debian '$debian' (--version V: one of $(echo "$releases" | awk '{ printf " %s", $1 }'))" >&2; exit 2; }
fi
tarball=$(echo "$releases" | awk -v v="$version" '$1 == v { print $2 }')
[ -n "$tarball" ] && [ -d "$here/patches/$version" ] ||
	{ echo "build.sh: no $name $version here (a line in releases and hosts/$name/patches/$version/)" >&2; exit 2; }
[ $print_version = 1 ] && { echo "$version"; exit 0; }
[ $# = 1 ] || { echo "$usage" >&2; exit 2; }
NAME=$(echo "$name" | tr a-z A-Z)
eval "tarball=\${BEZEL_${NAME}_TARBALL:-\$root/../shared/third_party/\$tarball}"
eval "build=\${BEZEL_${NAME}_BUILD:-\$root/.build/\$name\${BEZEL_DISTRO:+-\$BEZEL_DISTRO}}"
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
bezel=${bezel:-$prefix}
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
	# 1. Bezel, unless it is installed already
	if [ $variant = patched ] && [ "$bezel" = "$prefix" ]; then
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
	[ $variant = patched ] && series=$(ls "$here/patches/$version"/*.patch)
	# shellcheck disable=SC2086 # the series is a list of files
	stamp="$(cat "$tarball" $series | sha256sum | cut -d' ' -f1) $prefix $bezel"
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
		# The installed binary finds Bezel's libbezel-wlroots through its rpath.
		step "meson setup ($name)" "$build/$name-setup-$variant.log" \
			env PKG_CONFIG_PATH="$bezel/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" meson setup "$out" "$src" \
			--prefix "$prefix" --libdir lib --buildtype release "$@" -Dc_link_args="-Wl,-rpath,$bezel/lib"
	fi
	step "ninja install ($name)" "$build/$name-build-$variant.log" ninja -C "$out" install
	echo "$prefix/bin/$name"
}
