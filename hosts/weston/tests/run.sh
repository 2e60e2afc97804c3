#!/usr/bin/env bash
# Integration tests: real weston (10 on Debian 12; 14 on Debian 13, run as
# `scripts/distro.sh debian13 run -- hosts/weston/tests/run.sh`, which builds in its own folder)
# (headless backend, kiosk shell) with bezel-weston.so, touches
# from real libinput reading an umockdev-emulated touchscreen (tools/umockdev-preload), real
# Wayland clients. No /dev/input, no /dev/uinput, no display needed.
#
# Each test:
#   1. writes a touch recording (tests/hosts/gen-touch.py) and the umockdev files for it;
#   2. starts weston under umockdev-run with the module; the module's touch device opens only
#      on SIGUSR2 (`touch-device-open=sigusr2`; SIGUSR1 on weston 14, tests/lib.sh), so the replay cannot start before the clients
#      are ready;
#   3. starts the client(s), waits for their "ready" line (the client prints it after a
#      roundtrip that follows its mapping commit), then sends weston that signal;
#   4. waits until the module's event log has seen every touch of the recording lift, stops
#      weston and waits for weston and the clients to exit (clients read everything weston sent
#      before it closed their connection), then checks what each party saw.
# Waiting on files (weston's socket, the client's ready line, the module's event log) is done by
# polling them with a timeout (hosts/weston/tests/lib.sh): nothing else signals those moments. No fixed sleeps.
#
# usage: hosts/weston/tests/run.sh [CASE...] [--only CASE]... [--release] [--valgrind] [--latency N]
#          [--hostile [--rounds N] [--seed S]] [--scale [--idle N] [--create N] [--toplevels N]] [--build-only]
#   (tests/lib/args.sh). CASE: a group (info host config panels killed stack-popup lock policy
#     outputs) or a case of the table (tap swipe late defer drag kill multi multi-defer
#     multi-policy; "host" is all of them); none: everything
#   --valgrind: weston runs under valgrind memcheck, for the table's tap, swipe, defer and unplug cases
#     (hosts/weston/tests/valgrind.sh says what fails the run); --build-only: install and stop
#   --latency N: only the latency of N taps (tests/hosts/latency.sh; the product built in
#     release): weston with the rig alone, then with bezel-weston.so too
#   --hostile: the shared hostile course's rounds instead (tests/hosts/hostile.sh; ROUNDS default
#     56, 14 with --valgrind: each ending 8 times, or twice); --scale: its scale part (IDLE
#     50000 idle surfaces, CREATE 25000, TOPLEVELS 10000; meant with --release)
# The product is built and installed through meson-shim (tests/lib/product.sh): weston loads the
# installed bezel-weston.so and the test rig bezel-weston-rig.so.
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: weston (10), libweston-10-dev (Debian 13: weston 14, libweston-14-dev, weston-dev), libwayland-dev, wayland-protocols, libinput-dev,
# libudev-dev, umockdev, libumockdev-dev, python3, a C compiler, wayland-utils (wayland-info).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
. "$ROOT/tests/lib/host.sh"
runner_folders weston
. "$ROOT/hosts/weston/tests/lib.sh"
# The shared table and hostile course start the replay with HOST_OPEN_SIGNAL.
HOST_OPEN_SIGNAL=$WESTON_OPEN_SIGNAL
runner_args "$@"

# ---- build: the product installed through meson-shim, the test clients, the umockdev shim ----
# The latency is measured on the optimised build, as on the patched hosts.
[ "$LATENCY" -gt 0 ] && CONFIG=release
mkdir -p "$OUT"
product_install "$CONFIG" || { fail "meson-shim build and install of the product ($CONFIG)"; finish; }
MODULE=$PRODUCT_LIB/bezel/bezel-weston.so
RIG=$PRODUCT_LIB/bezel/bezel-weston-rig.so
# DWARF 4: Debian's valgrind cannot read the DWARF 5 that newer compilers emit by default.
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -gdwarf-4"
if [ -f "$MODULE" ] && [ -f "$RIG" ] && host_protocol_code "$OUT" &&
	host_table_clients "$OUT" && host_hostile_clients "$OUT" &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "meson-shim installs bezel-weston.so and bezel-weston-rig.so; test clients (table, hostile course), example client and umockdev shim compile with -Werror"
else
	fail "installed modules or test equipment (modules in $PRODUCT_LIB/bezel)"
	finish
fi
# The weston generation here (10 or 14): the runner's host contract follows it below.
WESTON_MAJOR=$(weston --version 2>/dev/null | sed -n 's/^weston \([0-9]*\)\..*/\1/p')
# The rig redeclares backend functions weston installs no header for (src/weston10/weston10.h,
# src/weston14/weston14.h): each one it calls must be exported by the libweston it runs with.
lib=$(ldconfig -p | awk -v l="libweston-$WESTON_MAJOR.so.0" '$1 == l {print $NF; exit}')
missing=
for f in $(nm -D --undefined-only "$RIG" | awk '{print $2}' | grep -E '^(notify_touch|weston_seat_init|weston_seat_release|weston_touch_create_touch_device|weston_touch_device_destroy)'); do
	nm -D --defined-only "$lib" | grep -q " T $f\$" || missing="$missing $f"
done
if [ -n "$lib" ] && [ -z "$missing" ] && nm -D --undefined-only "$RIG" | grep -q notify_touch_normalized; then
	pass "redeclared weston $WESTON_MAJOR internals the rig calls are exported by $(basename "$lib")"
else
	fail "weston $WESTON_MAJOR internals not found in libweston-$WESTON_MAJOR.so.0:${missing:- (no library)}"
fi
# The product module reads no input device itself: touches reach it through weston's seats.
# The rig reads its touchscreens through libbezel's source (BezelInput), not a reader of its own.
if ! grep -rq libinput_ "$ROOT"/hosts/weston/src &&
	! grep -rq libinput_ "$ROOT"/hosts/weston/rig &&
	nm -D --undefined-only "$RIG" | grep -q bezel_input_source_create; then
	pass "no libinput_ call in the product module (touches come through weston's seats) nor in the rig (it uses bezel_input_source_*)"
else
	fail "libinput_ calls in hosts/weston/src/ or hosts/weston/rig/, or the rig does not use bezel_input_source"
fi
[ "$BUILD_ONLY" = 1 ] && finish

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
NODE=/dev/input/event7
BOUNDED_DUMP_DIR=$OUT

# --valgrind: every weston below runs under memcheck; each stop checks its log.
if [ "$VALGRIND" = 1 ]; then
	. "$ROOT/hosts/weston/tests/valgrind.sh"
	export LD_LIBRARY_PATH
	LD_LIBRARY_PATH=$(product_strip_debug "$OUT/valgrind-lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	WESTON_WRAP=$(valgrind_wrap "$OUT/valgrind" "$ROOT")
	WESTON_START_TIMEOUT=120
	# weston under memcheck may take a minute to exit (the leak check of a large heap).
	BOUNDED_STOP_TIMEOUT=180
	# memcheck runs weston many times slower, and the plugin's timers run on the wall clock:
	# between two events of a replayed swipe, the 250 ms still timeout or the 150 ms hold
	# window would run out. Longer windows keep the cases' outcome what it is at full speed.
	EXTRA_INI=$'hold-window-ms=2000\nstill-timeout-ms=3000\nrearm-window-ms=10000'
	rm -f "$OUT"/valgrind/weston-*.log
fi

# start_weston NAME SCENARIO [realtime]: sets DIR, WPID (umockdev-run), WESTON_PID, CONTACTS, SOCK
# By default umockdev replays the whole recording at once (the event times carry the timing);
# "realtime" keeps the recording's delays, for tests where a client reacts between events.
# EXTRA_INI: more lines for the [bezel] section; WESTON_INI: more weston.ini sections (before
# [bezel]); EXTRA_ARGS: more weston arguments; LOG_LEVEL: the module's (default debug);
# MODULE_EVENT_LOG: the module's event log in DIR, when not the rig's (events.log);
# VARIANT=without: weston loads the rig alone, no bezel-weston.so (the latency's baseline).
start_weston() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR"
	make_touch_device "$ROOT" "$PROBE" "$scenario" "$DIR" $NODE $mode || return 1
	# weston 14's desktop-shell covers the screen with its start-up fade, which takes the
	# touches, until its helper client is up: a replay that starts at once would hit it.
	local shell_ini=
	[ "$WESTON_MAJOR" = 10 ] || shell_ini=$'[shell]\nstartup-animation=none'
	cat >"$DIR/weston.ini" <<-EOF
	[core]
	idle-time=0
	${shell_ini}
	${WESTON_INI:-}
	[bezel]
	log-level=${LOG_LEVEL:-debug}
	output-width-mm=68
	output-height-mm=121
	event-log=$DIR/${MODULE_EVENT_LOG:-events.log}
	${EXTRA_INI:-}
	[bezel-rig]
	touch-device=${RIG_DEVICES:-$NODE}
	touch-device-open=$WESTON_OPEN_KEY
	event-log=$DIR/events.log
	${RIG_INI:-}
	EOF
	SOCK=bezel-$name
	local modules
	modules=$(weston_modules)
	[ "${VARIANT:-}" = without ] && modules=$RIG
	# shellcheck disable=SC2086 # EXTRA_ARGS is a list of arguments
	start_umockdev_weston "$DIR" $NODE "$SHIM" "$modules" "$SOCK" ${EXTRA_ARGS:-}
}


# open_touch_devices: the rig opens its touchscreens on this signal; the replay starts.
open_touch_devices() { kill -"$WESTON_OPEN_SIGNAL" "$WESTON_PID"; }

# replay: starts the recording and waits until every contact has lifted
replay() {
	open_touch_devices
	wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
}

stop_weston() {
	stop_umockdev_weston || fail "weston ($(basename "$DIR")) did not stop within its bound after SIGTERM (stacks above)"
	reap_clients "$@"
	if [ "$VALGRIND" = 1 ] && [ -n "${WESTON_PID:-}" ]; then
		if valgrind_verdict "$OUT/valgrind/weston-$WESTON_PID.log"; then
			pass "valgrind: no error in weston with the module ($(basename "$DIR"), through its shutdown)"
		else
			fail "valgrind: errors in weston with the module ($(basename "$DIR"), log $OUT/valgrind/weston-$WESTON_PID.log)"
		fi
	fi
}

# host_replay (the host contract of tests/lib/host.sh play): the replay; SCREENSHOT=1 sets PNG
# to a screenshot taken after it, before weston stops.
host_replay() {
	replay || return 1
	PNG=
	[ -z "${SCREENSHOT:-}" ] || PNG=$(screenshot "$DIR" "$SOCK")
	return 0
}

. "$ROOT/tests/hosts/expectations.sh"

# The host side of tests/hosts/expectations.sh for weston. kiosk-shell (the runner's shell)
# makes every toplevel full screen; a case whose window must stay as it asked (WINDOWED=1) runs
# under desktop-shell, which leaves it a window.
host_play() {
	local args=${EXTRA_ARGS:-} rig=${RIG_INI:-}
	# Rotation rows: headless weston starts its output turned (--transform); the rig turns it
	# at run time (rotate-to after rotate-after-motions).
	# weston 10 spells them rotate-90, flipped-rotate-90, ... (its --help says otherwise).
	local t=${HOST_TRANSFORM:-}
	case $t in [0-9]*) t=rotate-$t ;; flipped-*) t=flipped-rotate-${t#flipped-} ;; esac
	[ -n "$t" ] && args="${args:+$args }--transform=$t"
	[ -n "${HOST_ROTATE:-}" ] &&
		rig="${rig:+$rig$'\n'}rotate-to=${HOST_ROTATE%@*}"$'\n'"rotate-after-motions=${HOST_ROTATE#*@}"
	[ -n "${WINDOWED:-}" ] && args="${args:+$args }--shell=desktop-shell.so"
	# The unplug row: the rig plugs in a second screen beside the touchscreen's ("headless",
	# where kiosk-shell puts the client) and unplugs the touchscreen's after N motions; the
	# touchscreen then maps onto the one left. kiosk-shell leaves an app on the output it was
	# given, gone or not: a second client (app_id "right") is on the second screen, where the
	# later tap lands (host_start below).
	local weston_ini=
	if [ -n "${HOST_UNPLUG:-}" ]; then
		rig="${rig:+$rig$'\n'}add-output=headless-2"$'\n'"unplug-output=headless"$'\n'"unplug-after-motions=$HOST_UNPLUG"
		weston_ini=$'[output]\nname=headless-2\napp-ids=right'
	fi
	WESTON_INI=$weston_ini EXTRA_ARGS=$args RIG_INI=$rig play "$@"
}
# weston 10's headless backend takes --transform, and the rig turns the output at run time.
host_rotation() { :; }
# The rig adds a second headless head and destroys an output (weston_output_destroy).
host_unplug() { :; }
host_start() {
	CPID_s=
	start_weston "$@" || return 1
	HOST_PID=$WESTON_PID
	ln -sf weston.log "$DIR/host.log"
	[ -z "${HOST_UNPLUG:-}" ] && return 0
	start_client s "$TOUCH_CLIENT" --app-id right
	wait_for "$DIR/s.out" " ready" 1 20 "the second screen's client's ready line"
}
host_stop() { stop_weston "$@" ${CPID_s:+"$CPID_s"}; }
HOST_NAME=weston
# weston 14 moves the output that is left to where the unplugged one was, under the shell's
# window of the gone output, and the shell then crashes weston (SIGSEGV in kiosk-shell's, and
# likewise desktop-shell's, touch-to-activate binding, called from notify_touch_normalized
# before any touch grab) at the first touch-down on that window. Outside Bezel: the rig only
# calls weston_output_destroy, as weston's frontend does for an unplugged monitor.
[ "$WESTON_MAJOR" = 10 ] ||
	HOST_SKIP[unplug]="weston $WESTON_MAJOR's shells crash weston (SIGSEGV in their touch-to-activate binding) at the first touch-down on the window of an output that was destroyed"
HOST_VALGRIND=
[ "$VALGRIND" = 1 ] && HOST_VALGRIND=1
# host_start_plain NAME with|without: weston (kiosk shell) with the product module only, or with
# no module, and no touch device. Its clients retry their connection until weston accepts them.
host_start_plain() {
	DIR=$OUT/$1
	rm -rf "$DIR"
	mkdir -p "$DIR"
	SOCK=bezel-$1
	rm -f "$XDG_RUNTIME_DIR/$SOCK" "$XDG_RUNTIME_DIR/$SOCK.lock"
	printf '[core]\nidle-time=0\n[bezel]\nlog-level=warning\n' >"$DIR/weston.ini"
	local modules=()
	[ "$2" = with ] && modules=(--modules="$MODULE")
	weston --backend=headless-backend.so --shell=kiosk-shell.so --width=1080 --height=1920 \
		--socket="$SOCK" --config="$DIR/weston.ini" "${modules[@]}" --log="$DIR/weston.log" \
		</dev/null >"$DIR/weston.out" 2>&1 &
	WPID=$!
	WESTON_PID=$WPID
	HOST_PID=$WPID
	bounded_track "$WPID" "weston ($1)"
	ln -sf weston.log "$DIR/host.log"
	if [ "$2" = with ]; then
		wait_for "$DIR/weston.log" "bezel: libbezel .* loaded" 1 60 "weston's log line of the module's load"
	fi
}
. "$ROOT/tests/hosts/hostile.sh"
. "$ROOT/tests/hosts/latency.sh"

# ---- the hostile course (tests/hosts/hostile.sh) instead of the table ----
host_course

# ---- --latency N: the latency alone (tests/hosts/latency.sh). The baseline is weston with the
# rig alone: its touches take weston's own path (its touch grab delivers them); then with
# bezel-weston.so, whose grab takes them. The module logs at error level, its event lines in a
# file of their own, so that the file the latency is read from holds the rig's alone. ----
if [ "$LATENCY" -gt 0 ]; then
	LOG_LEVEL=error MODULE_EVENT_LOG=module-events.log run_host_latency "$LATENCY" "weston $WESTON_MAJOR" \
		"without:weston $WESTON_MAJOR, the rig alone" "with:weston $WESTON_MAJOR with bezel-weston.so"
	finish
fi

# ---- 0. wayland-info: the global and a seat with touch ----
want info && host_wayland_info

# --valgrind: the table's tap, swipe and defer cases are the representative subset, with the
# unplug row (an output destroyed under a gesture); the hostile loop runs under valgrind in
# hosts/weston/tests/run.sh --hostile --valgrind. --only CASE narrows it to the table's cases named.
if [ "$VALGRIND" = 1 ]; then
	table=()
	for row in "${HOST_EXPECTATIONS[@]}"; do
		case " ${CASES[*]:-} " in *" ${row%%|*} "*) table+=("${row%%|*}") ;; esac
	done
	[ ${#table[@]} -gt 0 ] || table=(tap swipe defer unplug)
	run_host_expectations "${table[@]}"
	finish
fi

# ---- 1-6. the table every host runs (tests/hosts/expectations.sh): tap, dock swipe, late
# begin, swipe twice with the defer client, drag, client killed mid-touch, multi-finger swipes.
# --only host runs them all; --only CASE (a case of the table) runs that case alone ----
table=()
for row in "${HOST_EXPECTATIONS[@]}"; do
	case " ${CASES[*]:-} " in *" ${row%%|*} "*) table+=("${row%%|*}") ;; esac
done
if [ ${#table[@]} -gt 0 ]; then
	run_host_expectations "${table[@]}"
elif want host; then
	run_host_expectations
fi

# ---- 7. gesture settings from [bezel] (docs/design.md §4.4, flattened keys) reach the plugin ----
# bind-bottom= unbinds the bottom edge: a swipe up from the bottom is then the client's.
if want config && EXTRA_INI="bind-bottom=" play config-unbind swipe-up " ready" "$OUT/bezel-touch-client"; then
	if grep -q "bezel\[info\]: bezel: configuration set" "$DIR/weston.log" &&
		[ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] &&
		! grep -q "gesture began" "$DIR/events.log"; then
		pass "[bezel] bind-bottom= unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "[bezel] bind-bottom= (see $DIR)"
	fi
fi

# A bad value is named in weston's log, and the defaults apply: the dock still works.
if want config && EXTRA_INI="bottom-edge-zone-mm=wide" play config-bad swipe-up " ready" "$OUT/bezel-touch-client"; then
	if grep -q "bezel\[warning\]:.*bottom-edge-zone-mm" "$DIR/weston.log" &&
		grep -q "configuration rejected, using the defaults" "$DIR/weston.log" &&
		grep -q "gesture began dock" "$DIR/events.log"; then
		pass "[bezel] bottom-edge-zone-mm=wide: a warning names the key, the defaults apply (dock began)"
	else
		fail "[bezel] bad gesture setting (see $DIR)"
	fi
fi

# ---- 8. what the user sees: the dock panel and the affordance bar, in weston's own pixels ----
# The pixman renderer draws into memory; weston-screenshooter (allowed by --debug) saves it.
# A committed dock stays open until the next touch-down, so a screenshot after the replay is
# deterministic; the affordance is kept up by a long rearm window (set through [bezel]).
if want panels && EXTRA_ARGS="--use-pixman --debug" SCREENSHOT=1 play panel-dock swipe-up " ready" "$OUT/bezel-touch-client"; then
	# The client's surface shows white under weston 10 and its own (96, 96, 96) under weston
	# 14; the dock panel (153, 163, 184 at 92 %) covers the bottom 22 % (422 px) and shows as
	# about (161, 171, 189) over white, (149, 158, 177) over that grey.
	if [ "$WESTON_MAJOR" = 10 ]; then
		expect_dock_pixels "161 171 189" "255 255 255"
	else
		expect_dock_pixels "149 158 177" "96 96 96"
	fi
fi
if want panels && EXTRA_ARGS="--use-pixman --debug" EXTRA_INI="rearm-window-ms=600000" SCREENSHOT=1 play panel-affordance defer-once "honored_edges bottom" "$OUT/bezel-defer-client"; then
	# The example client paints (32, 40, 48); the bar (235, 235, 242 at 85 %) sits just
	# above the bottom edge, centred, about 390 px long, and shows as about (204, 205, 213).
	if [ -n "$PNG" ] && grep -q "deferred_swipe bottom" "$DIR/c.out" &&
		rgb_near "$(pixel "$PNG" 540 1896)" 204 205 213 10 &&
		rgb_near "$(pixel "$PNG" 400 1896)" 204 205 213 10 &&
		rgb_near "$(pixel "$PNG" 100 1896)" 32 40 48 3 &&
		rgb_near "$(pixel "$PNG" 540 1000)" 32 40 48 3; then
		pass "affordance bar: after a deferred swipe a light bar sits above the bottom edge, nothing else is drawn"
	else
		fail "affordance bar pixels (see $DIR, screenshot '$PNG')"
	fi
fi

# ---- weston's side of the table's drag case: the drag ended for the plugin too ----
# The touches of the drag case come through weston's default path (the rig only calls
# notify_touch_*): the module saw the drag from weston's seat, and the cancelled drag ends.
if want host && [ -f "$OUT/drag/events.log" ]; then
	ev=$OUT/drag/events.log
	dcancel=$(line_of "$ev" "drag cancelled")
	dend=$(line_of "$ev" "drag end")
	if grep -q "drag start id=0" "$ev" && [ -n "$dcancel" ] && [ -n "$dend" ] && [ "$dcancel" -lt "$dend" ]; then
		pass "R7 on weston's default path: the drag is seen from the seat's grab; the cancelled drag ends with bezel_drag_end"
	else
		fail "R7 drag start/cancel/end (see $OUT/drag)"
	fi
fi

# ---- a client killed mid-gesture ----
# Finger 0 rests on the client while finger 1 swipes up the dock; the client is killed while
# the dock runs. The dock goes on and commits, the module forgets the client's surface (its
# resource destroy listener runs), weston keeps running, and a new client gets the next taps.
if want killed; then
	if start_weston kill-gesture kill-gesture realtime; then
		start_client c "$TOUCH_CLIENT"
		if wait_for "$DIR/c.out" " ready"; then
			open_touch_devices
			wait_for "$DIR/events.log" "gesture began dock" 1 20
			kill_process "client c" "$CPID_c"
			start_client d "$TOUCH_CLIENT"
			wait_for "$DIR/d.out" " ready"
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
			run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
			echo $? >"$DIR/wayland-info.status"
		fi
		stop_weston "$CPID_d"
		ev=$DIR/events.log d=$DIR/d.out
		began=$(line_of "$ev" "gesture began dock")
		gone=$(line_of "$ev" "surface destroyed")
		if [ -n "$began" ] && [ -n "$gone" ] && [ "$began" -lt "$gone" ] &&
			grep -q "gesture ended dock .*committed=1" "$ev" &&
			[ "$(cat "$DIR/wayland-info.status" 2>/dev/null)" = 0 ] &&
			[ "$(count "$d" ' down id=')" -ge 1 ] && [ "$(count "$d" ' down id=')" = "$(count "$d" ' up id=')" ] &&
			! grep -q -i "segfault\|assert" "$DIR/weston.log"; then
			pass "client killed mid-gesture: the dock goes on and commits, the client's surface is forgotten, weston keeps running, the next client gets its taps"
		else
			fail "client killed mid-gesture (see $DIR)"
		fi
	else
		stop_weston
		fail "kill-gesture: headless weston did not start (see $DIR)"
	fi
fi

# ---- 9. stacking from weston's own order, and a popup with its grab (docs/design.md §6) ----
# Two full-screen clients overlap (kiosk-shell): b, mapped last, is on top. b opens an
# xdg_popup with an explicit grab under its first touch, while that finger is still down.
# Then a tap inside the popup, a dock swipe while the popup is open, a tap outside it; b is
# killed, and the taps that follow go to a, now on top.
if want stack-popup; then
	if start_weston stack-popup popup realtime; then
		start_client a "$TOUCH_CLIENT"
		wait_for "$DIR/a.out" " ready"
		start_client b "$TOUCH_CLIENT" --popup
		if wait_for "$DIR/b.out" " ready" && open_touch_devices &&
			wait_for "$DIR/events.log" "libinput up" 4 30; then
			kill_process "client b" "$CPID_b"
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
		fi
		stop_weston "$CPID_a"
		b=$DIR/b.out a=$DIR/a.out
		first_up=$(line_of "$b" " up id=0")
		popup=$(line_of "$b" "popup-mapped")
		if grep -q " down id=0 x=540.0 y=600.0" "$b" && [ -n "$first_up" ] && [ -n "$popup" ] &&
			[ "$popup" -lt "$first_up" ] && grep -q "popup grab" "$DIR/events.log"; then
			pass "popup: b's menu grabs the touch that opened it; that finger's up still reaches b (its slot is not stuck)"
		else
			fail "popup opened mid-touch (see $DIR)"
		fi
		if grep -A1 " down id=0 x=199.0 y=199.0" "$b" | grep -q " on popup" &&
			grep -A1 " down id=0 x=200.0 y=1500.0" "$b" | grep -q " on main"; then
			pass "popup: a tap inside the menu goes to the popup surface (popup-local 199,199: the menu sits at 541,601), one outside to the window"
		else
			fail "popup hit-test (see $DIR)"
		fi
		if grep -q "gesture began dock" "$DIR/events.log" &&
			grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
			[ "$(count "$b" ' down id=0 x=540.0 y=1910.0')" = 0 ]; then
			pass "popup: a dock swipe while the menu is open is the dock's; b sees none of it"
		else
			fail "dock with a popup open (see $DIR)"
		fi
		if [ "$(count "$a" ' down id=0')" -ge 3 ] && [ "$(count "$a" ' down id=0 x=540.0 y=960.0')" = "$(count "$a" ' down id=0')" ] &&
			[ "$(count "$a" ' up id=0')" = "$(count "$a" ' down id=0')" ]; then
			pass "stacking: a, under b, got none of the touches on b; after b is killed, the next taps are a's"
		else
			fail "stacking (see $DIR)"
		fi
	else
		stop_weston
		fail "stack-popup: headless weston did not start (see $DIR)"
	fi
fi

# A popup grab and a drag on the same seat, started by the same touch: the client opens its
# popup (xdg_popup.grab) and starts a drag (wl_data_device.start_drag) at finger 0's down, in
# one dispatch. The module must tell the two grabs apart (weston 10: by the library that
# defines each; weston 14, where one library defines both: by the request that started it):
# the popup grab is given back (touches stay with the plugin), the drag is wrapped (R7): the
# dock still works with a second finger, and the cover sheet cancels the drag.
if want stack-popup && EXTRA_INI="hold-window-ms=1000" REALTIME=1 play popup-drag drag " ready" "$TOUCH_CLIENT" --popup --drag; then
	c=$DIR/c.out ev=$DIR/events.log
	pgrab=$(line_of "$ev" "popup grab")
	dstart=$(line_of "$ev" "drag start id=0")
	dcancel=$(line_of "$ev" "drag cancelled")
	dend=$(line_of "$ev" "drag end")
	if grep -q "popup-mapped" "$c" && grep -q "drag-started" "$c" && [ -n "$pgrab" ] &&
		[ -n "$dstart" ] && [ "$pgrab" -lt "$dstart" ] && ! grep -q "foreign grab" "$ev" &&
		grep -q "gesture ended dock .*committed=1" "$ev" && [ -n "$dcancel" ] && [ -n "$dend" ] &&
		[ "$dcancel" -lt "$dend" ] && grep -q "source-cancelled" "$c" &&
		! grep -q -E "dd-drop|source-drop-performed" "$c"; then
		pass "R7 popup and drag on one seat: the popup grab is told from the drag grab (popup grab, then drag start), the dock commits during the drag, the cover sheet cancels it"
	else
		fail "popup grab and drag on one seat (see $DIR)"
	fi
fi

# A restack without a new map: a window with a subsurface in the middle, above it; 1.5 s after
# it is ready the client puts the subsurface below the window (wl_subsurface.place_below and a
# commit). Taps in the middle every 300 ms go to the subsurface (at its local 200,200) until
# the restack, and to the window (540,960) after it: the hit-test follows weston's current order.
if want stack-popup && REALTIME=1 play stack-restack stack " ready" "$TOUCH_CLIENT" --subsurface --lower-after 1500; then
	c=$DIR/c.out
	lowered=$(grep -m1 "subsurface-lowered" "$c" | cut -d' ' -f1)
	last_sub=$(grep -B1 " on sub" "$c" | grep " down id=0 x=200.0 y=200.0" | tail -1 | cut -d' ' -f1)
	first_main=$(grep -B1 " on main" "$c" | grep " down id=0 x=540.0 y=960.0" | head -1 | cut -d' ' -f1)
	nsub=$(count "$c" " on sub") nmain=$(count "$c" " on main")
	if [ -n "$lowered" ] && [ -n "$last_sub" ] && [ -n "$first_main" ] && [ "$last_sub" -lt "$lowered" ] &&
		[ "$lowered" -lt "$first_main" ] && [ "$nsub" -ge 2 ] && [ "$nmain" -ge 2 ] &&
		[ $((nsub + nmain)) = "$CONTACTS" ] && [ "$(count "$c" ' up id=0')" = "$CONTACTS" ]; then
		pass "stacking follows a restack without a map: taps hit the subsurface ($nsub) until it is placed below its window, then the window ($nmain)"
	else
		fail "stacking after a subsurface restack (see $DIR)"
	fi
fi

# ---- 10. R6: a lock in the middle of a swipe ----
# A full-screen client defers the bottom edge and swipes up from it; in the middle of the
# swipe a lock screen appears (the rig puts a layer at weston's lock position, as
# desktop-shell does when it locks). The module sees the lock at the next input frame.
# (" input ...": the module's lines; the rig's "libinput ..." lines may come first in the file.)
if want lock && RIG_INI="lock-after-motions=30" play lock lock-swipe "honored_edges 2" "$TOUCH_CLIENT" --edges 2; then
	c=$DIR/c.out ev=$DIR/events.log
	locked=$(line_of "$ev" "lock locked=1")
	in_down=$(line_of "$ev" " input down id=0")
	in_up=$(line_of "$ev" " input up id=0")
	hon0=$(line_of "$c" "honored_edges 0")
	down=$(line_of "$c" " down id=0")
	up=$(line_of "$c" " up id=0")
	if [ -n "$locked" ] && [ -n "$in_down" ] && [ -n "$in_up" ] && [ "$in_down" -lt "$locked" ] &&
		[ "$locked" -lt "$in_up" ] && [ -n "$hon0" ] && [ -n "$down" ] && [ -n "$up" ] &&
		[ "$down" -lt "$hon0" ] && [ "$hon0" -lt "$up" ] && [ "$(count "$c" ' cancel')" = 0 ]; then
		pass "R6 lock mid-swipe: the module locks the plugin during the deferred swipe; the client is told honored_edges 0 and keeps its touch to the end"
	else
		fail "R6 lock mid-swipe (see $DIR)"
	fi
	if grep -q "gesture began cover_sheet" "$ev" && ! grep -q "gesture began dock" "$ev"; then
		pass "R6 while locked: the cover sheet (when_locked) still opens, the dock does not"
	else
		fail "R6 gestures while locked (see $DIR)"
	fi
fi

# R6 from weston's idle and wake signals ([bezel] lock-detect=idle): weston goes idle after 1 s
# without input, the module locks the plugin and the deferring client is told honored_edges 0;
# the first touch wakes weston, the module unlocks, and that swipe is the client's (deferred).
if want lock; then
	if EXTRA_INI="lock-detect=idle" EXTRA_ARGS="--idle-time=1" start_weston lock-idle defer-once; then
		start_client c "$TOUCH_CLIENT" --edges 2
		if wait_for "$DIR/c.out" " ready" && wait_for "$DIR/c.out" "honored_edges 0" 1 10; then
			replay
		fi
		stop_weston "$CPID_c"
		c=$DIR/c.out
		h0=$(line_of "$c" "honored_edges 0")
		h2=$(grep -n "honored_edges 2" "$c" | tail -1 | cut -d: -f1)
		down=$(line_of "$c" " down id=0")
		if [ -n "$h0" ] && [ -n "$h2" ] && [ -n "$down" ] && [ "$h0" -lt "$h2" ] && [ "$h2" -lt "$down" ] &&
			grep -q "deferred_swipe 2" "$c" && grep -q "lock locked=1" "$DIR/events.log" &&
			grep -q "lock locked=0" "$DIR/events.log"; then
			pass "R6 lock-detect=idle: locked when weston goes idle (honored_edges 0), unlocked by the touch that wakes it, whose swipe is deferred"
		else
			fail "R6 lock from idle and wake (see $DIR)"
		fi
	else
		stop_weston
		fail "lock-idle: headless weston did not start (see $DIR)"
	fi
fi

# ---- 11. R6 policy: deferral honoured for full-screen surfaces only (default), or all ----
# desktop-shell, where windows are not full screen unless they ask.
if want policy; then
	if EXTRA_ARGS="--shell=desktop-shell.so" play policy-window swipe-up " ready" "$TOUCH_CLIENT" --edges 2 --windowed; then
		if [ "$(grep "honored_edges" "$DIR/c.out" | tail -1 | cut -d' ' -f2-)" = "honored_edges 0" ] &&
			grep -q "gesture began dock" "$DIR/events.log" && ! grep -q "deferred_swipe" "$DIR/c.out"; then
			pass "R6 policy (default): a window that is not full screen asks to defer the bottom, is told none is honoured, and the swipe is the dock"
		else
			fail "R6 policy, windowed client (see $DIR)"
		fi
	fi
	if EXTRA_ARGS="--shell=desktop-shell.so" play policy-fullscreen swipe-up " ready" "$TOUCH_CLIENT" --edges 2; then
		if grep -q "honored_edges 2" "$DIR/c.out" && grep -q "deferred_swipe 2" "$DIR/c.out" &&
			! grep -q "gesture began dock" "$DIR/events.log"; then
			pass "R6 policy (default): a full-screen client deferring the bottom gets the swipe and deferred_swipe"
		else
			fail "R6 policy, full-screen client (see $DIR)"
		fi
	fi
	if EXTRA_ARGS="--shell=desktop-shell.so" EXTRA_INI="defer-policy=all" play policy-all swipe-up " ready" "$TOUCH_CLIENT" --edges 2 --windowed; then
		if grep -q "honored_edges 2" "$DIR/c.out" && grep -q "deferred_swipe 2" "$DIR/c.out" &&
			! grep -q "gesture began dock" "$DIR/events.log"; then
			pass "R6 policy defer-policy=all: the same window's deferral is honoured"
		else
			fail "R6 policy all (see $DIR)"
		fi
	fi
fi

# ---- 12. every output: two screens, a touchscreen on each (R8 "every output") ----
# weston 10's headless backend makes one head; the rig plugs a second one in through the
# backend (add-output), which weston's frontend enables as it would a hot-plugged monitor.
# Two emulated touchscreens: event7 mapped onto "headless", event8 onto "headless-2". Client a
# is on the first screen, client b on the second (kiosk-shell places apps by app_id). (An
# output unplugged mid-gesture is the table's unplug row.)
if want outputs; then
	DIR=$OUT/outputs
	rm -rf "$DIR"
	mkdir -p "$DIR/a" "$DIR/b"
	ok=1
	make_touch_device "$ROOT" "$PROBE" outputs-a "$DIR/a" /dev/input/event7 realtime || ok=0
	ca=$CONTACTS
	make_touch_device "$ROOT" "$PROBE" outputs-b "$DIR/b" /dev/input/event8 realtime || ok=0
	CONTACTS=$((ca + CONTACTS))
	cat >"$DIR/weston.ini" <<-EOF
	[core]
	idle-time=0
	[output]
	name=headless-2
	app-ids=right
	[bezel]
	log-level=debug
	output-width-mm=68
	output-height-mm=121
	event-log=$DIR/events.log
	[bezel-rig]
	add-output=headless-2
	touch-device=/dev/input/event7@headless,/dev/input/event8@headless-2
	touch-device-open=$WESTON_OPEN_KEY
	event-log=$DIR/events.log
	EOF
	SOCK=bezel-outputs
	rm -f "$XDG_RUNTIME_DIR/$SOCK" "$XDG_RUNTIME_DIR/$SOCK.lock"
	umockdev-run -d "$DIR/a/dev/device.umockdev" -d "$DIR/b/dev/device.umockdev" \
		-i "/dev/input/event7=$DIR/a/dev/device.ioctl" -i "/dev/input/event8=$DIR/b/dev/device.ioctl" \
		-s "/dev/input/event7=$DIR/a/dev/device.script" -s "/dev/input/event8=$DIR/b/dev/device.script" -- \
		sh -c 'echo $$ >"$1/weston.pid"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
		"$SHIM" "$DIR" weston --backend=headless-backend.so --shell=kiosk-shell.so --width=1080 --height=1920 \
		--socket="$SOCK" --config="$DIR/weston.ini" --modules="$(weston_modules)" \
		--log="$DIR/weston.log" >"$DIR/umockdev.log" 2>&1 &
	WPID=$!
	WESTON_PID=
	bounded_track "$WPID" "weston (outputs)"
	if [ $ok = 1 ] && wait_for "$DIR/weston.log" "bezel: libbezel .* loaded" 1 20 &&
		wait_for "$DIR/events.log" "output added id=2" 1 20; then
		WESTON_PID=$(cat "$DIR/weston.pid")
		bounded_track "$WPID" "weston (outputs)" "$WESTON_PID"
		start_client a "$TOUCH_CLIENT" --app-id left
		start_client b "$TOUCH_CLIENT" --app-id right
		if wait_for "$DIR/a.out" " ready" && wait_for "$DIR/b.out" " ready"; then
			kill -"$WESTON_OPEN_SIGNAL" "$WESTON_PID"
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
		fi
		run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
		echo $? >"$DIR/wayland-info.status"
		stop_weston "$CPID_a" "$CPID_b"
		a=$DIR/a.out b=$DIR/b.out ev=$DIR/events.log
		if grep -q "output added id=1 1080x1920+0+0" "$ev" && grep -q "output added id=2 1080x1920+1080+0" "$ev" &&
			grep -q " down id=[0-9]* x=540.0 y=960.0" "$a" && grep -q " down id=[0-9]* x=540.0 y=960.0" "$b"; then
			pass "two outputs: the plugin has both at their layout positions; a touch on each screen reaches that screen's client at its own local position"
		else
			fail "two outputs (see $DIR)"
		fi
		if [ "$(cat "$DIR/wayland-info.status")" = 0 ] && ! grep -q -i "segfault\|assert" "$DIR/weston.log"; then
			pass "two outputs: weston keeps running and serving clients"
		else
			fail "two outputs: weston after the replay (see $DIR)"
		fi
	else
		stop_weston
		fail "outputs: headless weston with two outputs did not start (see $DIR)"
	fi
fi

finish
