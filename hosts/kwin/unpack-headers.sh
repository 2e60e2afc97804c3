#!/bin/sh
# Unpacks headers of a KWin source tarball into OUTDIR/kwin-VERSION, after checking the tarball is
# Debian's original one, and prints the include directory (OUTDIR/kwin-VERSION/src).
#   hosts/kwin/unpack-headers.sh TARBALL OUTDIR
# KWin 5.27.5: every src/**/*.h (Debian's kwin-dev 5.27 has only the effects API). KWin 6.3.6:
# only the two headers Debian's kwin-dev 6.3 lacks but its plugin headers include
# (wayland/abstract_drop_handler.h, wayland/abstract_data_source.h); the rest is kwin-dev's.
set -eu
tarball=$1 out=$2
case $(basename "$tarball") in
kwin_5.27.5.orig.tar.xz)
	version=5.27.5 want=bb1226b15919681ea5f1de58b24ea4b568ea3f2b5452411f76daa80eb30c20ea
	set -- --wildcards 'kwin-5.27.5/src/*.h'
	;;
kwin_6.3.6.orig.tar.xz)
	version=6.3.6 want=27f2205f06d58f1d1f480d2a94ae24022c2f95b9c1fdc5a549f8e143713fce12
	set -- kwin-6.3.6/src/wayland/abstract_drop_handler.h kwin-6.3.6/src/wayland/abstract_data_source.h
	;;
*)
	echo "unpack-headers.sh: $tarball is neither kwin_5.27.5.orig.tar.xz nor kwin_6.3.6.orig.tar.xz" >&2
	exit 1
	;;
esac
stamp=$out/kwin-$version/.unpacked
if [ ! -f "$stamp" ]; then
	have=$(sha256sum "$tarball" | cut -d' ' -f1)
	if [ "$have" != "$want" ]; then
		echo "unpack-headers.sh: $tarball is not Debian's kwin_$version.orig.tar.xz (sha256 $have)" >&2
		exit 1
	fi
	mkdir -p "$out"
	tar -xJf "$tarball" -C "$out" "$@"
	touch "$stamp"
fi
echo "$out/kwin-$version/src"
