# A touch recording turned into an umockdev touchscreen, and screenshots of a compositor, for
# every suite that plays touches on a real compositor (hosts/*/tests, tests/toolkits, the demos).
# Source it; it defines functions only.
#
# Needs: python3, umockdev-run, bezel-input-probe (installed by meson-shim -Dtest-rigs=true:
# tests/lib/product.sh sets PROBE) and the LD_PRELOAD shim of tools/umockdev-preload.

# make_touch_device ROOT PROBE SCENARIO DIR NODE [realtime]
# Writes DIR/rec.evemu for SCENARIO (tests/hosts/gen-touch.py) and the umockdev files for it
# in DIR/dev, for the device node NODE. Sets CONTACTS (touch sequences in the recording).
# "realtime": umockdev keeps the recording's delays instead of replaying it at once.
make_touch_device() {
	local root=$1 probe=$2 scenario=$3 dir=$4 node=$5 mode=${6:-}
	CONTACTS=$(python3 "$root/tests/hosts/gen-touch.py" "$scenario" "$dir/rec.evemu") || return 1
	mkdir -p "$dir/dev"
	"$probe" umockdev --events "$dir/rec.evemu" --out "$dir/dev" --node "$node" >"$dir/probe.log" 2>&1 || return 1
	if [ "$mode" = realtime ]; then
		python3 "$root/tests/hosts/realtime-script.py" "$dir/rec.evemu" "$dir/dev/device.script" || return 1
	fi
	python3 "$root/tools/umockdev-preload/script-spaces.py" "$dir/dev/device.script" >/dev/null
}

# screenshot DIR SOCK: weston-screenshooter (weston must run with --debug and a renderer,
# e.g. --use-pixman) saves the next repaint in DIR; prints the PNG's path.
screenshot() {
	local dir=$1 sock=$2 before f
	before=$(ls "$dir"/wayland-screenshot-*.png 2>/dev/null)
	(cd "$dir" && WAYLAND_DISPLAY=$sock timeout 20 weston-screenshooter >>"$dir/screenshooter.log" 2>&1)
	for f in "$dir"/wayland-screenshot-*.png; do
		case "$before" in *"$f"*) ;; *) [ -e "$f" ] && echo "$f" && return 0 ;; esac
	done
	return 1
}

# touchscreen_run DIR NODE PRELOAD PIDFILE LOG CMD...: runs CMD inside umockdev-run with the
# touchscreen of make_touch_device (DIR/dev) on NODE, PRELOAD preloaded (the umockdev shim of
# tools/umockdev-preload, then any more, ':'-separated) and the shim's replay handshake on.
# CMD's pid (it is exec'd) goes to PIDFILE, its output and umockdev-run's to LOG. Sets
# UMOCKDEV_PID (umockdev-run's pid, the one to wait for).
touchscreen_run() {
	local dir=$1 node=$2 preload=$3 pidfile=$4 log=$5
	shift 5
	rm -f "$pidfile"
	umockdev-run -d "$dir/dev/device.umockdev" -i "$node=$dir/dev/device.ioctl" -s "$node=$dir/dev/device.script" -- \
		sh -c 'echo $$ >"$1"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
		"$preload" "$pidfile" "$@" >"$log" 2>&1 &
	UMOCKDEV_PID=$!
}
