#!/bin/sh
# Builds a SwiftPM dynamic-library product in release mode with the Swift runtime linked
# statically, and copies it to the outputs meson expects.
#   build-swift.sh SWIFT PACKAGE_ROOT SCRATCH PRODUCT SONAME VERSION_SCRIPT OUT [OUT...]
set -eu
swift=$1 root=$2 scratch=$3 product=$4 soname=$5 map=$6
shift 6
"$swift" build -c release \
	--package-path "$root" --scratch-path "$scratch" --product "$product" \
	-Xswiftc -static-stdlib \
	-Xlinker -soname="$soname" -Xlinker --version-script="$map"
bin=$("$swift" build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)
for out in "$@"; do
	cp "$bin/lib$product.so" "$out.tmp"
	mv "$out.tmp" "$out"
done
