#!/usr/bin/env bash
# Integration tests of libbezel-wlroots: bezel-compositor (headless backend, pixman renderer)
# with the adapter, on the wlroots of the distribution it runs in (Debian 12: 0.15; Debian 13:
# 0.18, run as `scripts/distro.sh debian13 run -- hosts/wlroots/tests/run.sh`, which builds in
# a scratch folder of its own, .build-wlroots-debian13), touches from real libinput reading an
# umockdev-emulated touchscreen (tools/umockdev-preload) through the rig's touch device, real
# Wayland clients. No /dev/input, /dev/uinput, DRM or display needed.
#
# The product is built and installed through meson-shim (tests/lib/product.sh). The cases with
# touches run bezel-compositor-rig, the installed test build of the compositor with the rig of
# hosts/wlroots/rig/ (it reads the touchscreen, touch-device=); those without (the hostile
# course's scale part, the latency baseline's start) run the product bezel-compositor.
#
# Each test writes a touch recording (tests/hosts/gen-touch.py, or hosts/wlroots/tests/
# gen-touch-wlroots.py for the wlroots-only cases), starts bezel-compositor-rig under
# umockdev-run with the device opening on SIGUSR2, starts the client(s), waits for their
# "ready" line, sends SIGUSR2, waits until the event log has seen every contact lift, stops the
# compositor and checks what each party saw. Moments are awaited by polling files with a
# timeout (tests/lib/bounded.sh wait_for); no fixed sleeps.
#
# usage: hosts/wlroots/tests/run.sh [CASE...] [--only CASE]... [--release] [--valgrind] [--latency N]
#          [--hostile [--rounds N] [--seed S]] [--scale [--idle N] [--create N] [--toplevels N]] [--build-only]
#   (tests/lib/args.sh)
#   --valgrind: the compositor runs under valgrind memcheck; each case also fails on an error
#   or a definite leak it reports (valgrind.log in the case's folder). Cases replayed at once
#   (tap, swipe, late, defer, config, locked) depend on the plugin's hold timer keeping up with
#   the recording's times, which valgrind's slowdown breaks: run the real-time ones under it
#   (drag kill simple-touch policy: no error, no definite leak).
#   CASE: run only these cases (table cases tap swipe late defer drag kill kill-sub remap multi
#   multi-defer multi-policy rot-*; popup, two-outputs, event-log-cap, simple-touch, policy,
#   panel, remap-log, config, locked)
#   --hostile / --scale: the shared hostile course (tests/hosts/hostile.sh) instead: ROUNDS
#   hostile rounds (default 56, 14 under valgrind), or its scale part (IDLE 50000 idle
#   surfaces, CREATE 25000, TOPLEVELS 10000; "without Bezel" is intercept=false)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: libwlroots-dev (0.15; Debian 13: libwlroots-0.18-dev), libwayland-dev, wayland-protocols, libinput-dev,
# libudev-dev, libpixman-1-dev, umockdev, libumockdev-dev, python3, meson, a C compiler,
# wayland-utils, weston (weston-simple-touch), grim (screenshots through wlr-screencopy).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
. "$ROOT/tests/lib/host.sh"
runner_folders wlroots
runner_args "$@"

# ---- build: the product installed through meson-shim, the test clients, the umockdev shim ----
mkdir -p "$OUT"
product_install "$CONFIG" || { fail "meson-shim build and install of the product ($CONFIG)"; finish; }
COMPOSITOR=$PRODUCT_PREFIX/bin/bezel-compositor
COMPOSITOR_RIG=$PRODUCT_PREFIX/bin/bezel-compositor-rig
# DWARF 4: Debian's valgrind cannot read the DWARF 5 that newer compilers emit by default.
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g -gdwarf-4"
if [ -x "$COMPOSITOR" ] && [ -x "$COMPOSITOR_RIG" ] && host_protocol_code "$OUT" &&
	host_table_clients "$OUT" &&
	host_client "$OUT" bezel-shell-client "$ROOT/hosts/wlroots/tests/bezel-shell-client.c" &&
	host_hostile_clients "$OUT" &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "meson-shim installs libbezel-wlroots, bezel-compositor and its test build bezel-compositor-rig; test clients and umockdev shim compile with -Werror"
else
	fail "installed compositors ($PRODUCT_PREFIX/bin) or test equipment"
	finish
fi
# The product reads no touchscreen itself (its touches come from the backend's devices); the
# test build reads one through libbezel's source (bezel_input_source_*).
if ! nm -D --undefined-only "$COMPOSITOR" | grep -q bezel_input_source_ &&
	nm -D --undefined-only "$COMPOSITOR_RIG" | grep -q bezel_input_source_create; then
	pass "the installed bezel-compositor carries no touch rig; bezel-compositor-rig reads its touchscreen through bezel_input_source_*"
else
	fail "bezel-compositor links bezel_input_source_* (the rig in the product?), or bezel-compositor-rig does not"
fi
[ "$BUILD_ONLY" = 1 ] && finish

# Under valgrind, libbezel.so is a copy without the Swift toolchain's DWARF 5 debug info
# (valgrind gives up on it), found first through LD_LIBRARY_PATH.
VG_ENV=
[ "$VALGRIND" = 1 ] && VG_ENV="LD_LIBRARY_PATH=$(product_strip_debug "$OUT/valgrind-lib")"
VG=
[ "$VALGRIND" = 1 ] && VG=1

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
NODE=/dev/input/event7
START_TIMEOUT_S=20
[ -n "$VG" ] && START_TIMEOUT_S=90
# bezel-compositor under memcheck may take a while to exit (its leak check).
[ -n "$VG" ] && BOUNDED_STOP_TIMEOUT=180
BOUNDED_DUMP_DIR=$OUT
COMP_PID=

. "$ROOT/hosts/weston/tests/lib.sh"

# start_compositor NAME SCENARIO [realtime]: sets DIR, CPID (umockdev-run), COMP_PID, CONTACTS,
# SOCK. EXTRA_INI: more [bezel] lines; EXTRA_ARGS: more bezel-compositor arguments.
start_compositor() {
	local name=$1 scenario=$2 mode=${3:-}
	DIR=$OUT/$name
	make_fresh_touch_device "$DIR" "$scenario" "$mode" "$ROOT/hosts/wlroots/tests/gen-touch-wlroots.py" || return 1
	cat >"$DIR/bezel.ini" <<-EOF
	[bezel]
	log-level=debug
	touch-device=$NODE
	touch-device-open=sigusr2
	output-width-mm=68
	output-height-mm=121
	event-log=$DIR/events.log
	${EXTRA_INI:-}
	EOF
	SOCK=bezel-wlr-$name
	rm -f "$XDG_RUNTIME_DIR/$SOCK" "$XDG_RUNTIME_DIR/$SOCK.lock"
	COMP_PID=
	# The compositor logs "running" after listen() and after its touch device exists.
	# shellcheck disable=SC2086 # VG_ENV and EXTRA_ARGS are lists of arguments
	touchscreen_start "bezel-compositor ($name)" "bezel-compositor: running on" "bezel-compositor's 'running on' line" \
		"$DIR" "$NODE" "$SHIM" "$DIR/compositor.pid" "$DIR/host.log" \
		env WLR_BACKENDS=headless WLR_RENDERER=pixman $VG_ENV \
		${VG:+valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=$ROOT/tests/input/umockdev.supp --suppressions=$ROOT/hosts/wlroots/tests/valgrind.supp --log-file="$DIR/valgrind.log"} \
		"$COMPOSITOR_RIG" --socket "$SOCK" --config "$DIR/bezel.ini" ${EXTRA_ARGS:-} || return 1
	COMP_PID=$(cat "$DIR/compositor.pid" 2>/dev/null)
	[ -n "$COMP_PID" ] && bounded_track "$CPID" "bezel-compositor ($name)" "$COMP_PID"
}


stop_compositor() {
	stop_process bezel-compositor "${COMP_PID:-$CPID}" "$CPID" ||
		fail "$(basename "$DIR"): bezel-compositor did not stop within its bound after SIGTERM (stacks above)"
	local rc=$STOP_STATUS
	if [ -n "$VG" ]; then
		if [ $rc = 99 ] || grep -q "ERROR SUMMARY: [1-9]" "$DIR/valgrind.log" 2>/dev/null; then
			fail "$(basename "$DIR"): valgrind reports errors ($DIR/valgrind.log)"
		elif ! grep -q "ERROR SUMMARY: 0 errors" "$DIR/valgrind.log" 2>/dev/null; then
			fail "$(basename "$DIR"): valgrind did not finish its report ($DIR/valgrind.log)"
		fi
	fi
	reap_clients "$@"
}

# play NAME SCENARIO READY CLIENT...: start, one client, wait for READY, replay, stop.
play() {
	local name=$1 scenario=$2 ready=$3
	shift 3
	if ! start_compositor "$name" "$scenario" ${REALTIME:+realtime}; then
		stop_compositor
		fail "$name: bezel-compositor did not start (see $DIR)"
		return 1
	fi
	start_client c "$@"
	if wait_for "$DIR/c.out" "$ready" && kill -USR2 "$COMP_PID" &&
		wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30; then
		PNG=
		if [ -n "${SCREENSHOT:-}" ] &&
			WAYLAND_DISPLAY=$SOCK timeout 20 grim "$DIR/screenshot.png" >"$DIR/grim.log" 2>&1; then
			PNG=$DIR/screenshot.png
		fi
		stop_compositor "$CPID_c"
		return 0
	fi
	stop_compositor "$CPID_c"
	fail "$name: client not ready or replay incomplete (see $DIR)"
	return 1
}

. "$ROOT/tests/hosts/expectations.sh"

# The host side of tests/hosts/expectations.sh for wlroots. WINDOWED=1 needs nothing:
# bezel-compositor makes a toplevel full screen only when it asks.
host_play() {
	local args=${EXTRA_ARGS:-}
	# Rotation rows: the compositor's outputs start turned, or the rig turns the touch output
	# after a number of motions.
	[ -n "${HOST_TRANSFORM:-}" ] && args="${args:+$args }--transform $HOST_TRANSFORM"
	[ -n "${HOST_ROTATE:-}" ] && args="${args:+$args }--rotate $HOST_ROTATE"
	# The unplug row: two outputs, the touchscreen and the client on the second, which the rig
	# unplugs after HOST_UNPLUG motions.
	if [ -n "${HOST_UNPLUG:-}" ]; then
		args="${args:+$args }--outputs 2"
		BEZEL_RIG_UNPLUG=$HOST_UNPLUG EXTRA_ARGS=$args EXTRA_INI="${EXTRA_INI:+$EXTRA_INI$'\n'}touch-output=2" play "$@"
		return
	fi
	EXTRA_ARGS=$args play "$@"
}
# bezel-compositor takes --transform and --rotate.
host_rotation() { :; }
# bezel-compositor takes --outputs 2; its rig unplugs the touch output (BEZEL_RIG_UNPLUG).
host_unplug() { :; }
host_start() { start_compositor "$@" || return 1; HOST_PID=$COMP_PID; }
host_stop() { stop_compositor "$@"; }
# bezel-compositor logs each toplevel it maps; SIGUSR2 opens the touchscreen.
host_simple_touch_replay() {
	wait_for "$DIR/host.log" "toplevel mapped" && kill -USR2 "$COMP_PID" &&
		wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30
}
HOST_NAME=bezel-compositor
HOST_VALGRIND=$VG
# host_start_plain NAME with|without: bezel-compositor with the adapter, or without it
# (intercept=false: touches straight to the seat, as in tinywl), and no touch device.
host_start_plain() {
	local name=$1 intercept=true
	[ "$2" = without ] && intercept=false
	DIR=$OUT/$name
	rm -rf "$DIR"
	mkdir -p "$DIR"
	printf '[bezel]\nlog-level=warning\nintercept=%s\n' $intercept >"$DIR/bezel.ini"
	SOCK=bezel-wlr-$name
	rm -f "$XDG_RUNTIME_DIR/$SOCK" "$XDG_RUNTIME_DIR/$SOCK.lock"
	WLR_BACKENDS=headless WLR_RENDERER=pixman "$COMPOSITOR" --socket "$SOCK" --config "$DIR/bezel.ini" \
		</dev/null >"$DIR/host.log" 2>&1 &
	CPID=$!
	COMP_PID=$CPID
	HOST_PID=$CPID
	bounded_track "$CPID" "bezel-compositor ($name)"
	wait_for "$DIR/host.log" "bezel-compositor: running on" 1 "$START_TIMEOUT_S" "bezel-compositor's 'running on' line"
}
. "$ROOT/tests/hosts/hostile.sh"

# ---- the hostile course (tests/hosts/hostile.sh) instead of the cases ----
if [ "$COURSE" = hostile ]; then
	run_host_hostile "$ROUNDS" "$SEED"
	finish
elif [ "$COURSE" = scale ]; then
	run_host_scale "$IDLE" "$CREATE" "$TOPLEVELS"
	finish
fi

# ---- 0. wayland-info: the global and a seat with touch ----
if start_compositor info tap-bottom; then
	run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
	stop_compositor
	if grep -q "bezel_system_gestures_manager_v1" "$DIR/wayland-info.out" &&
		grep -A3 "interface: 'wl_seat'" "$DIR/wayland-info.out" | grep -q "capabilities:.*touch"; then
		pass "wayland-info lists bezel_system_gestures_manager_v1 and a seat with touch"
	else
		fail "wayland-info (see $DIR/wayland-info.out)"
	fi
else
	stop_compositor
	fail "bezel-compositor did not start (see $DIR/host.log)"
	finish
fi

# ---- 1-6. the table every host runs (tests/hosts/expectations.sh): tap, dock swipe, late
# begin, swipe twice with the defer client, drag, client killed mid-touch ----
if [ ${#CASES[@]} = 0 ]; then
	run_host_expectations
else
	run_host_expectations "${CASES[@]}"
fi

# ---- 7. a popup with a grab is open during an edge swipe ----
# The popup's grab goes underneath the adapter's: the swipe is the dock and the client sees
# none of it, the popup is not dismissed, and the tap that follows reaches the popup (the seat
# still has the popup's grab, not the default one).
if want popup && play popup popup " ready" "$OUT/bezel-shell-client" --popup; then
	c=$DIR/c.out
	if grep -q "gesture began dock" "$DIR/events.log" && grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
		[ "$(grep -c ' motion id=0' "$c")" = 0 ] && ! grep -q "popup-done" "$c" &&
		[ "$(grep -c ' down id=0 .*on=popup' "$c")" = 1 ] && [ "$(grep -c ' up id=0' "$c")" = 1 ] &&
		[ "$(grep -c ' down id=0' "$c")" = 1 ]; then
		pass "popup open during a dock swipe: the swipe is the dock, unseen; the popup stays and gets the next tap"
	else
		fail "popup during an edge swipe (see $DIR)"
	fi
fi

# ---- 8. two outputs: the touchscreen maps to the second one, where the client is ----
# Layout: HEADLESS-1 at x 0, HEADLESS-2 at x 1080. A tap in the middle of output 2 reaches the
# client at its surface-local centre; a swipe up from output 2's bottom edge is the dock.
if want two-outputs && EXTRA_ARGS="--outputs 2" EXTRA_INI="touch-output=2" play two-outputs tap-swipe " ready" "$TOUCH_CLIENT"; then
	c=$DIR/c.out
	if grep -q " down id=0 x=540.0 y=960.0" "$c" && [ "$(grep -c ' down id=0' "$c")" = 1 ] &&
		[ "$(grep -c ' up id=0' "$c")" = 1 ] && grep -q "gesture began dock" "$DIR/events.log" &&
		grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
		grep -q "output HEADLESS-2 (id 1) 1080x1920+1080+0" "$DIR/host.log" &&
		grep -q "bezel: dock began (edge 2) on HEADLESS-2" "$DIR/host.log"; then
		pass "two outputs: a tap on output 2 reaches its client at (540, 960); output 2's bottom swipe is the dock"
	else
		fail "two outputs (see $DIR)"
	fi
fi

# ---- 8d. the event log handed over as a FILE keeps its cap (docs/limits.md) ----
# The rig hands the plugin its event log as an open FILE (bezel_wlr_set_event_log,
# BEZEL_RIG_EVENT_LOG_FILE), capped at 1 KiB; 40 taps write some 15 KiB of lines. The file is
# renamed to .1 past the cap and begun again: neither holds more than the cap and one line.
if want event-log-cap; then
	cap_log=$OUT/event-log-cap.plugin.log
	rm -f "$cap_log" "$cap_log.1"
	if BEZEL_RIG_EVENT_LOG_FILE=$cap_log EXTRA_INI="event-log-max-kb=1" play event-log-cap taps-40 " ready" "$TOUCH_CLIENT"; then
		size=$(stat -c %s "$cap_log" 2>/dev/null || echo -1)
		old=$(stat -c %s "$cap_log.1" 2>/dev/null || echo -1)
		longest=$(cat "$cap_log" "$cap_log.1" 2>/dev/null | awk '{ if (length($0) + 1 > n) n = length($0) + 1 } END { print n + 0 }')
		echo "event log handed over as a FILE, cap 1024 bytes: $size bytes, .1 $old bytes, longest line $longest"
		if [ "$size" -ge 0 ] && [ "$old" -gt 0 ] && [ "$size" -le $((1024 + longest)) ] &&
			[ "$old" -le $((1024 + longest)) ] && grep -q " send up id=0" "$cap_log" "$cap_log.1" &&
			[ "$(grep -c ' up id=0' "$DIR/c.out")" = 40 ]; then
			pass "event log handed over as a FILE (bezel_wlr_set_event_log) with event-log-max-kb=1: renamed to .1 past the cap, neither file over the cap and one line; the 40 taps delivered"
		else
			fail "event log handed over as a FILE grew past its cap (see $DIR, $cap_log)"
		fi
	fi
fi

# ---- 8c. weston-simple-touch, a client that knows nothing of Bezel ----
# The swipe up from the bottom edge passes over no window.
run_simple_touch bezel-compositor "the bottom swipe over no window"

# ---- 8d. R6 policy: by default only full-screen toplevels may defer edges ----
# The same client asking to defer the bottom from a window that is not full-screen is told
# honored_edges 0; with [bezel] policy=all it is told 2 (bottom).
for policy in default all; do
	want policy || break
	ini=
	[ $policy = all ] && ini="policy=all"
	if EXTRA_INI="$ini" play policy-$policy tap-bottom " ready" "$OUT/bezel-shell-client" --windowed 2; then
		want_edges=0
		[ $policy = all ] && want_edges=2
		if [ "$(grep ' honored_edges' "$DIR/c.out" | tail -1 | awk '{print $3}')" = "$want_edges" ]; then
			pass "R6 policy $policy: a deferring window that is not full-screen is told honored_edges $want_edges"
		else
			fail "R6 policy $policy (see $DIR)"
		fi
	fi
done

# ---- 8e. what the user sees: the dock panel, in the compositor's own pixels ----
# The pixman renderer draws into memory; grim takes it through wlr-screencopy. A committed dock
# stays open until the next touch-down. The client's surface is (96, 96, 96); the dock panel
# (153, 163, 184 at 92 %) covers the bottom 22 % (422 px) and shows as about (148, 158, 177).
if want panel && SCREENSHOT=1 play panel-dock swipe-up " ready" "$TOUCH_CLIENT"; then
	expect_dock_pixels "148 158 177" "96 96 96" grim
fi

# ---- 8f. the adapter never names a surface the plugin does not know ----
# The table's `remap` row, watched from the compositor's log: the client's 400x400 subsurface
# sits on a 600x600 subsurface of the window; both get new content while shown (the plugin
# knows them), then that parent unmaps (a null buffer commit) and maps again, and a tap lands
# on the inner one. The plugin dropped the parent with the inner one at the unmap, and drops a
# destroyed surface by itself: the adapter adds both again and removes nothing twice, so no
# "was not added" warning comes, at the tap nor when the surfaces are destroyed at the end.
if want remap-log && play remap-log tap-middle " ready" "$TOUCH_CLIENT" --subsurface --remap; then
	if grep -q " remapped" "$DIR/c.out" && grep -q " on sub" "$DIR/c.out" &&
		grep -q "bezel-compositor: running on" "$DIR/host.log" && ! grep -q "was not added" "$DIR/host.log"; then
		pass "R8 a subsurface's parent unmapped and mapped again, a tap on it, every surface destroyed: the adapter never names a surface the plugin does not know (no 'was not added' warning)"
	else
		fail "remap-log: $(grep -c 'was not added' "$DIR/host.log") 'was not added' warnings, or the tap missed the subsurface (see $DIR; $(grep -m2 'was not added' "$DIR/host.log"))"
	fi
fi

# ---- 9. gesture settings from [bezel] reach the plugin ----
run_config_unbind "bind-bottom=" config-unbind "[bezel] bind-bottom="

# ---- 10. R6 lock: while locked no deferral is honoured and gestures that are off while locked
# (the dock by default) fail `locked`: both swipes reach the deferring client as plain touches.
if want locked && EXTRA_INI="locked=true" play locked swipe-twice "honored_edges" "$DEFER_CLIENT"; then
	c=$DIR/c.out
	if grep -q "honored_edges none" "$c" && ! grep -q "honored_edges bottom" "$c" &&
		! grep -q "deferred_swipe" "$c" && [ "$(grep -c 'touch down id=0' "$c")" = 2 ] &&
		[ "$(grep -c 'touch up id=0' "$c")" = 2 ] &&
		[ "$(grep -c 'gesture failed dock .*reason=locked' "$DIR/events.log")" = 2 ] &&
		! grep -q "gesture began" "$DIR/events.log"; then
		pass "R6 locked: honored_edges none, both swipes fail 'locked' and reach the client as plain touches"
	else
		fail "R6 locked (see $DIR)"
	fi
fi

# ---- latency (optional): libinput event -> client's wl_touch event, with and without ----
# From the moment the compositor's test rig gets a touch event from libinput (the event log's
# "libinput down|up" line) to the client's receipt of the wl_touch event, for N taps in the
# middle (R1: delivered at once) replayed in real time 10 ms apart. "without": the same
# compositor, seat and libinput source, with touches sent straight to the seat as tinywl does
# (intercept=false), so the difference is what the adapter and the plugin add.
if [ "$LATENCY" -gt 0 ]; then
	for mode in with without; do
		ini=
		[ $mode = without ] && ini="intercept=false"
		# Without the adapter there is no bezel global: the client then runs without a
		# gesture object, in both modes so that they compare the same client.
		if EXTRA_INI="$ini" REALTIME=1 play latency-$mode taps-$LATENCY " ready" "$TOUCH_CLIENT" --no-gesture-object; then
			if python3 "$ROOT/tests/hosts/latency.py" "$DIR/events.log" "$DIR/c.out" "$mode the adapter"; then
				pass "latency measured ($mode)"
			else
				fail "latency ($mode), see $DIR"
			fi
		fi
	done
fi

finish
