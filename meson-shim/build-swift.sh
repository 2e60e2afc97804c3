#!/bin/sh
# Builds a SwiftPM product with the Swift runtime linked statically, and copies it to the
# outputs meson expects.
#   build-swift.sh SWIFT PACKAGE_ROOT SCRATCH CONFIG PRODUCT SONAME VERSION_SCRIPT OUT [OUT...]
#   CONFIG: debug or release (meson option swift-config). SONAME "-": PRODUCT is an executable
#   (no SONAME, no version script), copied from the bin directory under its own name.
set -eu
swift=$1 root=$2 scratch=$3 config=$4 product=$5 soname=$6 map=$7
shift 7
# swift_build ARGS...: `swift build` with ARGS. A build that swift-build itself did not survive
# (killed by a signal: a crash of the tool, not an error in the code, which exits 1) is run once
# more, and says so; a second crash fails the build.
swift_build() {
	status=0
	"$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --product "$product" "$@" || status=$?
	if [ "$status" -gt 128 ]; then
		echo "build-swift.sh: swift build of $product was killed by signal $((status - 128)) (the tool crashed); building once more" >&2
		status=0
		"$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --product "$product" "$@" || status=$?
	fi
	return "$status"
}
if [ "$soname" = - ]; then
	swift_build -Xswiftc -static-stdlib
	file=$product
else
	swift_build -Xswiftc -static-stdlib -Xlinker -soname="$soname" -Xlinker --version-script="$map"
	file=lib$product.so
fi
bin=$("$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --show-bin-path)
for out in "$@"; do
	cp "$bin/$file" "$out.tmp"
	mv "$out.tmp" "$out"
done
