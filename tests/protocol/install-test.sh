#!/usr/bin/env bash
# Installs Bezel through meson-shim into a temporary prefix, builds examples/meson-consumer
# against it with pkg-config only, and runs it with nothing from the Swift toolchain on its
# library path. Ends with "N passed, N failed".
#
# Usage: tests/protocol/install-test.sh [BUILD_DIR]   (default: build-meson-shim in the repo)
#   BEZEL_INSTALL_SCRATCH: the SwiftPM scratch path to build in (tests/lib/product.sh)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build-meson-shim${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bezel-install.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
PREFIX=$WORK/prefix
. "$ROOT/tests/lib/counters.sh"
. "$ROOT/tests/lib/product.sh"

product_meson_install "$BUILD" "$PREFIX" "$WORK/install"
case $? in
0) pass "meson-shim: ninja && ninja install into a fresh --prefix" ;;
1) cat "$WORK/install.setup"; fail "meson setup meson-shim"; finish ;;
*) tail -30 "$WORK/install.build"; fail "meson-shim build/install"; finish ;;
esac

LIBDIR=$(dirname "$(find "$PREFIX" -name 'libbezel.so.0' | head -1)")
PCDIR=$(dirname "$(find "$PREFIX" -name bezel.pc | head -1)")
LIB=$LIBDIR/libbezel.so.0
for f in "$LIBDIR/libbezel.so" "$LIB" "$PREFIX/include/bezel.h" "$PCDIR/bezel.pc"; do
	[ -e "$f" ] || fail "missing $f"
done
XML=$(PKG_CONFIG_PATH=$PCDIR pkg-config --variable=pkgdatadir bezel)/bezel-system-gestures-v1.xml
[ -f "$XML" ] && pass "bezel.pc pkgdatadir holds the protocol XML ($XML)" || fail "protocol XML not at pkgdatadir ($XML)"
SONAME=$(readelf -d "$LIB" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$SONAME" = libbezel.so.0 ] && pass "SONAME libbezel.so.0" || fail "SONAME is '$SONAME'"
if ldd "$LIB" | grep -q libswift; then
	fail "libbezel.so needs Swift runtime libraries: $(ldd "$LIB" | grep libswift | tr -s ' \t\n' ' ')"
else
	pass "ldd libbezel.so: no libswift*.so ($(ldd "$LIB" | awk '/=>/{print $1}' | tr '\n' ' '))"
fi
# The libinput touch source (bezel.h section 4) makes libinput and libudev run-time needs,
# named in bezel.pc for static linking and for pkg-config --libs --static.
NEEDED=$(readelf -d "$LIB" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | tr '\n' ' ')
case "$NEEDED" in
*libinput.so*libudev.so* | *libudev.so*libinput.so*) pass "libbezel.so needs libinput and libudev ($NEEDED)" ;;
*) fail "libbezel.so does not link libinput and libudev: $NEEDED" ;;
esac
REQ=$(PKG_CONFIG_PATH=$PCDIR pkg-config --print-requires-private bezel | tr '\n' ' ')
case "$REQ" in
*libinput*libudev* | *libudev*libinput*) pass "bezel.pc Requires.private: $REQ" ;;
*) fail "bezel.pc Requires.private lacks libinput/libudev: '$REQ'" ;;
esac
nm -D --defined-only "$LIB" | grep -q ' T bezel_input_source_create$' &&
	pass "libbezel.so exports bezel_input_source_create" || fail "bezel_input_source_create not exported"
# Global (upper-case type) dynamic symbols other than bezel_*: the version script hides them.
EXTRA=$(nm -D --defined-only "$LIB" | awk '$2 ~ /^[A-Z]$/ && $3 !~ /^bezel_/' | wc -l)
[ "$EXTRA" -eq 0 ] && pass "libbezel.so exports only bezel_* symbols" || fail "libbezel.so exports $EXTRA symbols besides bezel_*"

if PKG_CONFIG_PATH=$PCDIR meson setup "$WORK/consumer" "$ROOT/examples/meson-consumer" >"$WORK/c-setup.log" 2>&1 &&
	ninja -C "$WORK/consumer" >"$WORK/c-build.log" 2>&1; then
	pass "examples/meson-consumer builds with dependency('bezel') from the installed prefix"
else
	cat "$WORK/c-setup.log" "$WORK/c-build.log" | tail -30
	fail "building examples/meson-consumer"
	finish
fi
# A clean environment: no PATH to the toolchain, only the prefix on the library path.
if env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH="$LIBDIR" timeout 60 "$WORK/consumer/bezel-consumer" >"$WORK/run.log" 2>&1; then
	pass "bezel-consumer runs with only the prefix on LD_LIBRARY_PATH: $(grep -c . "$WORK/run.log") lines, $(head -1 "$WORK/run.log")"
else
	cat "$WORK/run.log"
	fail "bezel-consumer run"
fi
if env -i LD_LIBRARY_PATH="$LIBDIR" ldd "$WORK/consumer/bezel-consumer" | grep -qE 'libswift|/opt/swift|not found'; then
	fail "bezel-consumer resolves Swift toolchain libraries"
else
	pass "bezel-consumer resolves nothing from a Swift toolchain"
fi
finish
