#!/bin/sh
# Builds bezel-umockdev-preload.so from source into OUT_DIR and prints its path.
# usage: build.sh OUT_DIR        (needs cc; Debian: gcc or clang, libc6-dev)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUT_DIR}
mkdir -p "$out"
${CC:-cc} -shared -fPIC -O2 -Wall -Wextra -o "$out/bezel-umockdev-preload.so" \
    "$here/bezel-umockdev-preload.c" -ldl
echo "$out/bezel-umockdev-preload.so"
