# weston's own part of the weston tests (hosts/weston/tests/run.sh), the toolkit tests and the
# demo (scripts/demo.sh): headless weston started inside umockdev-run so that the rig's libinput
# reads the touchscreen of tests/lib/touchscreen.sh, with the installed module and rig.
# Source it; it defines functions only (and sources bounded.sh and touchscreen.sh).
#
# The signal that makes the rig open its touchscreens (the replay starts): SIGUSR2 under weston
# 10; weston 14 ends on SIGUSR2 as on SIGTERM, so there the rig opens on SIGUSR1. Tests send
# WESTON_OPEN_SIGNAL and write WESTON_OPEN_KEY into [bezel-rig] touch-device-open=. (Other
# hosts' runners source this file too; their rigs keep SIGUSR2, so the name is weston's own.)
case $(weston --version 2>/dev/null) in
"weston 10."*) WESTON_OPEN_SIGNAL=USR2 ;;
*) WESTON_OPEN_SIGNAL=USR1 ;;
esac
WESTON_OPEN_KEY=sig$(echo "$WESTON_OPEN_SIGNAL" | tr 'A-Z' 'a-z')
#
# Needs: weston 10, umockdev-run and the product installed with its test rigs (product_install).

# wait_for, stop_process and the EXIT trap that stops what a suite left running; the
# touchscreen (make_touch_device) and screenshots.
# shellcheck source=../../../tests/lib/bounded.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/tests/lib/bounded.sh"
# shellcheck source=../../../tests/lib/touchscreen.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/tests/lib/touchscreen.sh"

# weston_modules: the --modules value for the installed product module and test rig
# (tests/lib/product.sh product_install: meson-shim -Dtest-rigs=true installs the rig beside it)
weston_modules() { echo "$PRODUCT_LIB/bezel/bezel-weston.so,$PRODUCT_LIB/bezel/bezel-weston-rig.so"; }

# start_umockdev_weston DIR NODE SHIM MODULE SOCK [WESTON ARGS...]
# Starts headless weston (kiosk shell, 1080x1920) with MODULE (a --modules value: the product
# module and the rig, or the rig alone) and DIR/weston.ini inside
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
		rm -f "$XDG_RUNTIME_DIR/$sock" "$XDG_RUNTIME_DIR/$sock.lock"
		# shellcheck disable=SC2086 # WESTON_WRAP is a command and its options
		touchscreen_run "$dir" "$node" "$shim" "$dir/weston.pid" "$dir/umockdev.log" \
			${WESTON_WRAP:-} weston --backend=headless-backend.so --shell=kiosk-shell.so --width=1080 --height=1920 \
			--socket="$sock" --config="$dir/weston.ini" --modules="$module" "$@" --log="$dir/weston.log"
		WPID=$UMOCKDEV_PID
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
	# means clients can connect (the rig's, when weston loads the rig alone). The test rig
	# installs its SIGUSR2 (SIGUSR1) handler after that line (the signal would kill weston
	# before), and logs "... open on SIGUSRn" once it has.
	local loaded="bezel: libbezel .* loaded" what="weston's log line of the module's load"
	case $module in
	*bezel-weston.so*) ;;
	*) loaded="bezel-rig: [0-9]* touch device" what="the rig's line of its touch devices" ;;
	esac
	[ -S "$XDG_RUNTIME_DIR/$sock" ] && wait_for "$dir/weston.log" "$loaded" 1 "$timeout" "$what" || return 1
	if grep -q '^touch-device-open=sigusr' "$dir/weston.ini" 2>/dev/null; then
		wait_for "$dir/weston.log" "open.* on SIGUSR" 1 "$timeout" "the rig's signal handler"
	fi
}

# stop_umockdev_weston: stops the weston of start_umockdev_weston (SIGTERM, a bounded wait,
# then a stack dump and SIGKILL); STOP_STATUS is umockdev-run's exit status.
stop_umockdev_weston() {
	stop_process "weston" "${WESTON_PID:-$WPID}" "$WPID"
}

