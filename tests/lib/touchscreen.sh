# A touch recording turned into an umockdev touchscreen, and screenshots of a compositor, for
# every suite that plays touches on a real compositor (hosts/*/tests, tests/toolkits, the demos).
# Source it; it defines functions only.
#
# Needs: python3, umockdev-run, bezel-input-probe (installed by meson-shim -Dtest-rigs=true:
# tests/lib/product.sh sets PROBE) and the LD_PRELOAD shim of tools/umockdev-preload;
# touchscreen_start, the waits of tests/lib/bounded.sh.

# make_touch_device ROOT PROBE SCENARIO DIR NODE [realtime [GENERATOR]]
# Writes DIR/rec.evemu for SCENARIO (GENERATOR, tests/hosts/gen-touch.py unless named) and the
# umockdev files for it in DIR/dev, for the device node NODE. Sets CONTACTS (touch sequences in
# the recording). "realtime": umockdev keeps the recording's delays instead of replaying it at
# once.
make_touch_device() {
	local root=$1 probe=$2 scenario=$3 dir=$4 node=$5 mode=${6:-} gen=${7:-$1/tests/hosts/gen-touch.py}
	CONTACTS=$(python3 "$gen" "$scenario" "$dir/rec.evemu") || return 1
	mkdir -p "$dir/dev"
	"$probe" umockdev --events "$dir/rec.evemu" --out "$dir/dev" --node "$node" >"$dir/probe.log" 2>&1 || return 1
	if [ "$mode" = realtime ]; then
		python3 "$root/tests/hosts/realtime-script.py" "$dir/rec.evemu" "$dir/dev/device.script" || return 1
	fi
	python3 "$root/tools/umockdev-preload/script-spaces.py" "$dir/dev/device.script" >/dev/null
}

# make_fresh_touch_device DIR SCENARIO [realtime [GENERATOR]]: make_touch_device with the
# runner's ROOT, PROBE and NODE in DIR, emptied first.
make_fresh_touch_device() {
	rm -rf "$1"
	mkdir -p "$1"
	make_touch_device "$ROOT" "$PROBE" "$2" "$1" "$NODE" "${3:-}" "${4:-}"
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

# rgb_near "R G B" R G B TOL: the pixel is within TOL of the expected colour on each channel
rgb_near() {
	local got=($1)
	[ ${#got[@]} = 3 ] || return 1
	[ $(( ${got[0]} - $2 )) -le $5 ] && [ $(( $2 - ${got[0]} )) -le $5 ] &&
		[ $(( ${got[1]} - $3 )) -le $5 ] && [ $(( $3 - ${got[1]} )) -le $5 ] &&
		[ $(( ${got[2]} - $4 )) -le $5 ] && [ $(( $4 - ${got[2]} )) -le $5 ]
}

# pixel PNG X Y: "R G B" of a screenshot's pixel (ROOT: the checkout)
pixel() { python3 "$ROOT/tests/hosts/png-pixel.py" "$1" "$2,$3" | cut -d' ' -f2-; }

# touchscreen_run DIR NODE PRELOAD PIDFILE LOG CMD...: runs CMD inside umockdev-run with the
# touchscreen of make_touch_device (DIR/dev) on NODE, PRELOAD preloaded (the umockdev shim of
# tools/umockdev-preload, then any more, ':'-separated) and the shim's replay handshake on.
# CMD's pid (it is exec'd) goes to PIDFILE, its output and umockdev-run's to LOG. Sets
# UMOCKDEV_PID (umockdev-run's pid, the one to wait for). TOUCHSCREEN_AS (optional, an
# array): the command umockdev-run itself runs under, e.g. setpriv for an unprivileged user
# and env with its settings.
touchscreen_run() {
	local dir=$1 node=$2 preload=$3 pidfile=$4 log=$5
	shift 5
	rm -f "$pidfile"
	${TOUCHSCREEN_AS[@]+"${TOUCHSCREEN_AS[@]}"} \
		umockdev-run -d "$dir/dev/device.umockdev" -i "$node=$dir/dev/device.ioctl" -s "$node=$dir/dev/device.script" -- \
		sh -c 'echo $$ >"$1"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
		"$preload" "$pidfile" "$@" </dev/null >"$log" 2>&1 &
	UMOCKDEV_PID=$!
}

# touchscreen_start LABEL LINE WHAT DIR NODE PRELOAD PIDFILE LOG CMD...: touchscreen_run (from
# DIR on), then waits up to START_TIMEOUT_S seconds for LINE (a pattern; WHAT names it) in LOG
# while umockdev-run lives. umockdev-run that died before it started CMD (umockdev_died_early)
# is started once more. Sets CPID (umockdev-run's pid, tracked by bounded_track as LABEL);
# returns wait_while_alive's status (2: the process ended before LINE came).
touchscreen_start() {
	local label=$1 line=$2 what=$3 pidfile=$7 log=$8 attempt rc
	shift 3
	for attempt in 1 2; do
		touchscreen_run "$@"
		CPID=$UMOCKDEV_PID
		bounded_track "$CPID" "$label"
		wait_while_alive "$CPID" "$log" "$line" 1 "$START_TIMEOUT_S" "$what"
		rc=$?
		[ $attempt = 1 ] && [ $rc = 2 ] && umockdev_died_early "$CPID" "$pidfile" && continue
		break
	done
	return $rc
}
