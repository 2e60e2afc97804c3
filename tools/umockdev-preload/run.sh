#!/bin/sh
# Runs PROGRAM under umockdev with an emulated evdev touchscreen at NODE, made from the files
# `bezel-input-probe umockdev --out DIR --node NODE` wrote, with Bezel's preload shim loaded
# before umockdev's own preload and the replay handshake switched on.
# usage: run.sh SHIM.so DIR NODE PROGRAM [ARGS...]
set -eu
shim=${1:?usage: run.sh SHIM.so DIR NODE PROGRAM [ARGS...]}
dir=${2:?missing DIR}
node=${3:?missing NODE}
shift 3
exec umockdev-run -d "$dir/device.umockdev" -i "$node=$dir/device.ioctl" -s "$node=$dir/device.script" -- \
    sh -c 'LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' "$shim" "$@"
