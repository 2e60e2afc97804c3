#!/bin/sh
# Unpacks the headers of KWin 5.27.5's source tarball (src/**/*.h only) into OUTDIR/kwin-5.27.5,
# after checking the tarball is Debian's original one. Prints the include directory.
#   hosts/kwin/unpack-headers.sh TARBALL OUTDIR
set -eu
tarball=$1 out=$2
want=bb1226b15919681ea5f1de58b24ea4b568ea3f2b5452411f76daa80eb30c20ea
stamp=$out/kwin-5.27.5/.unpacked
if [ ! -f "$stamp" ]; then
	have=$(sha256sum "$tarball" | cut -d' ' -f1)
	if [ "$have" != "$want" ]; then
		echo "unpack-headers.sh: $tarball is not kwin_5.27.5.orig.tar.xz (sha256 $have)" >&2
		exit 1
	fi
	mkdir -p "$out"
	tar -xJf "$tarball" -C "$out" --wildcards 'kwin-5.27.5/src/*.h'
	touch "$stamp"
fi
echo "$out/kwin-5.27.5/src"
