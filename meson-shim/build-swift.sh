#!/bin/sh
# Builds a SwiftPM product with the Swift runtime linked statically, and copies it to the
# outputs meson expects.
#   build-swift.sh SWIFT PACKAGE_ROOT SCRATCH CONFIG PRODUCT SONAME VERSION_SCRIPT OUT [OUT...]
#   CONFIG: debug or release (meson option swift-config). SONAME "-": PRODUCT is an executable
#   (no SONAME, no version script), copied from the bin directory under its own name.
set -eu
swift=$1 root=$2 scratch=$3 config=$4 product=$5 soname=$6 map=$7
shift 7
if [ "$soname" = - ]; then
	"$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --product "$product" \
		-Xswiftc -static-stdlib
	file=$product
else
	"$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --product "$product" \
		-Xswiftc -static-stdlib \
		-Xlinker -soname="$soname" -Xlinker --version-script="$map"
	file=lib$product.so
fi
bin=$("$swift" build -c "$config" --package-path "$root" --scratch-path "$scratch" --show-bin-path)
for out in "$@"; do
	cp "$bin/$file" "$out.tmp"
	mv "$out.tmp" "$out"
done
