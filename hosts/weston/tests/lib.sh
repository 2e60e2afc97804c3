# Shell functions shared by the weston integration tests (hosts/weston/tests/run.sh) and the demo
# (scripts/demo.sh): a touch recording turned into an umockdev device, and headless weston
# started inside umockdev-run so that the module's libinput reads that device.
# Source it; it defines functions only.
#
# Needs: python3, umockdev-run, weston 10, bezel-input-probe (swift build --product
# bezel-input-probe) and the LD_PRELOAD shim of tools/umockdev-preload.

# wait_for, stop_process and the EXIT trap that stops what a suite left running.
# shellcheck source=../../../tests/lib/bounded.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/tests/lib/bounded.sh"

# build_weston_modules ROOT BIN OUT: compiles the product module (hosts/weston/src/*.c) into
# OUT/bezel-weston.so and the test rig (hosts/weston/rig/*.c) into OUT/bezel-weston-rig.so, against
# BIN/libBezelPlugin.so, with -Werror. Tests load both: --modules="$(weston_modules OUT)".
# DWARF 4: Debian's valgrind cannot read the DWARF 5 that newer compilers emit by default.
build_weston_modules() {
	local root=$1 bin=$2 out=$3 flags="-std=gnu11 -Wall -Wextra -Werror -O1 -gdwarf-4 -shared -fPIC"
	local inc=$root/CBezel/Sources/CBezel/include
	# shellcheck disable=SC2086 # flags and pkg-config output are lists
	cc $flags -o "$out/bezel-weston.so" "$root"/hosts/weston/src/*.c -I"$inc" \
		$(pkg-config --cflags --libs libweston-10 libweston-desktop-10 weston wayland-server) \
		-L"$bin" -lBezelPlugin -Wl,-rpath,"$bin" &&
		cc $flags -o "$out/bezel-weston-rig.so" "$root"/hosts/weston/rig/*.c -I"$inc" \
			$(pkg-config --cflags --libs libweston-10 weston wayland-server) \
			-L"$bin" -lBezelPlugin -Wl,-rpath,"$bin"
}

# weston_modules OUT: the --modules value for the module and the rig built by build_weston_modules
weston_modules() { echo "$1/bezel-weston.so,$1/bezel-weston-rig.so"; }

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

# start_umockdev_weston DIR NODE SHIM MODULE SOCK [WESTON ARGS...]
# Starts headless weston (kiosk shell, 1080x1920) with MODULE and DIR/weston.ini inside
# umockdev-run, with the device of make_touch_device on NODE. Logs go to DIR/weston.log.
# Sets WPID (umockdev-run) and WESTON_PID; returns once weston accepts clients and has installed
# its signal handlers (so SIGUSR2 and SIGTERM are safe to send).
# WESTON_WRAP: a command weston runs under (e.g. valgrind and its options; hosts/weston/tests/valgrind.sh);
# WESTON_START_TIMEOUT: seconds to wait for the start (default 20; more under valgrind).
start_umockdev_weston() {
	local dir=$1 node=$2 shim=$3 module=$4 sock=$5
	shift 5
	local attempt i timeout=${WESTON_START_TIMEOUT:-20}
	for attempt in 1 2; do
		rm -f "$XDG_RUNTIME_DIR/$sock" "$XDG_RUNTIME_DIR/$sock.lock" "$dir/weston.pid"
		umockdev-run -d "$dir/dev/device.umockdev" -i "$node=$dir/dev/device.ioctl" \
			-s "$node=$dir/dev/device.script" -- \
			sh -c 'echo $$ >"$1/weston.pid"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
			"$shim" "$dir" ${WESTON_WRAP:-} weston --backend=headless-backend.so --shell=kiosk-shell.so --width=1080 --height=1920 \
			--socket="$sock" --config="$dir/weston.ini" --modules="$module" "$@" \
			--log="$dir/weston.log" >"$dir/umockdev.log" 2>&1 &
		WPID=$!
		bounded_track "$WPID" "weston ($(basename "$dir"))"
		i=0
		while [ ! -S "$XDG_RUNTIME_DIR/$sock" ] && [ $i -lt $((timeout * 50)) ] && bounded_alive "$WPID"; do
			sleep 0.02 # polling interval, not synchronisation
			i=$((i + 1))
		done
		[ $attempt = 1 ] && umockdev_died_early "$WPID" "$dir/weston.pid" && continue
		break
	done
	[ -S "$XDG_RUNTIME_DIR/$sock" ] || echo "timeout: ${timeout} s waiting for weston's socket $sock (or weston ended: see $dir/weston.log)"
	WESTON_PID=$(cat "$dir/weston.pid" 2>/dev/null)
	# Stops signal weston itself (umockdev-run waits for it).
	[ -n "$WESTON_PID" ] && bounded_track "$WPID" "weston ($(basename "$dir"))" "$WESTON_PID"
	# The socket file appears at bind(), a moment before listen(): a client connecting in
	# between is refused. weston loads modules after both, so the module's first log line
	# means clients can connect. The test rig installs its SIGUSR2 handler after that line
	# (SIGUSR2 would kill weston before), and logs "... open on SIGUSR2" once it has.
	[ -S "$XDG_RUNTIME_DIR/$sock" ] &&
		wait_for "$dir/weston.log" "bezel: libbezel .* loaded" 1 "$timeout" "weston's log line of the module's load" || return 1
	if grep -q '^touch-device-open=sigusr2' "$dir/weston.ini" 2>/dev/null; then
		wait_for "$dir/weston.log" "open.* on SIGUSR2" 1 "$timeout" "the rig's SIGUSR2 handler"
	fi
}

# stop_umockdev_weston: stops the weston of start_umockdev_weston (SIGTERM, a bounded wait,
# then a stack dump and SIGKILL); STOP_STATUS is umockdev-run's exit status.
stop_umockdev_weston() {
	stop_process "weston" "${WESTON_PID:-$WPID}" "$WPID"
}

# screenshot DIR SOCK: weston-screenshooter (weston must run with --debug and a renderer,
# e.g. --use-pixman) saves the next repaint in DIR; prints the PNG's path.
screenshot() {
	local dir=$1 sock=$2 before
	before=$(ls "$dir"/wayland-screenshot-*.png 2>/dev/null)
	(cd "$dir" && WAYLAND_DISPLAY=$sock timeout 20 weston-screenshooter >>"$dir/screenshooter.log" 2>&1)
	for f in "$dir"/wayland-screenshot-*.png; do
		case "$before" in *"$f"*) ;; *) [ -e "$f" ] && echo "$f" && return 0 ;; esac
	done
	return 1
}
