#!/usr/bin/env bash
# Integration tests of phoc (phosh's compositor) with Bezel's patch series
# (hosts/phoc/patches/VERSION): phoc built from its upstream tarball by hosts/phoc/build.sh, run
# headless (wlroots' headless backend, pixman, GSETTINGS_BACKEND=memory) as an unprivileged user,
# touches from real libinput reading an umockdev-emulated touchscreen fed to a headless touch
# device by the patched hosts' test rig (hosts/patched/rig, an LD_PRELOAD), real Wayland clients.
# The same tarball built without the series is the baseline. The build, the rig, starting phoc
# and the cases every patched host runs are hosts/patched/tests/lib.sh; phoc's own are here.
#
# Each case writes a touch recording, starts phoc with a phoc.ini of its own ([core], the
# output, [bezel]) and a session that maps nothing (hosts/patched/tests/primary-client.c, whose
# line says phoc serves clients), starts the client, waits for its "ready" line, sends SIGUSR2
# (the rig opens the touchscreen), waits until the event log has seen every contact lift, stops
# phoc and checks what each party saw. No fixed sleeps; every wait bounded.
#
# usage: hosts/phoc/tests/run.sh [CASE...] [--version V]
#        hosts/phoc/tests/run.sh --latency N [--version V]
#        hosts/phoc/tests/run.sh --hostile [--rounds N] [--seed S] [--version V]
#   CASE: start, the table (tap swipe late defer region-in region-out drag kill kill-sub multi
#   multi-defer multi-policy rot-90 rot-180 rot-270 rot-flipped-90 rot-runtime unplug), drag-commit,
#   drag-return, cover, defer-panel, reveal, lock, unplug-panel, scale2, scaled; on phoc 0.46
#   (Debian 13, whose squeekboard the root holds) also osk-shown, osk-hidden
#   --latency N: only the latency of N taps, patched against unpatched
#   --hostile: the shared hostile course (tests/hosts/hostile.sh), ROUNDS rounds (default 56)
#   --version V: phoc's upstream version (default: hosts/phoc/build.sh's, the Debian release's)
#   --build-only: build and stop (tests/lib/args.sh)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: those of hosts/phoc/build.sh, umockdev, libumockdev-dev, python3,
# wayland-utils, weston (weston-simple-touch), util-linux (setpriv); on Debian 13 squeekboard,
# dbus-daemon and libglib2.0-bin (gdbus) for the osk cases.
set -u
COMP_LABEL=phoc
. "$(dirname "$0")/../../patched/tests/lib.sh"
. "$ROOT/hosts/phoc/tests/lib.sh"
runner_args "$@"
GEN_TOUCH=$ROOT/hosts/phoc/tests/gen-touch-phoc.py

# phoc's own clients: a panel made draggable with phoc's layer-shell effects (protocol XML from
# the patched source tree), a lock client holding wlr's input inhibitor, an oversized window.
comp_clients() {
	local xml
	for xml in "$COMP_SRC/protocols/phoc-layer-shell-effects-unstable-v1.xml" \
		"$COMP_SRC/protocols/wlr-layer-shell-unstable-v1.xml" "$ROOT/hosts/phoc/tests/input-inhibitor.xml"; do
		wayland-scanner client-header "$xml" "$OUT/$(basename "$xml" .xml)-client-protocol.h" &&
			wayland-scanner private-code "$xml" "$OUT/$(basename "$xml" .xml)-protocol.c" || return 1
	done
	DRAG_PANEL=$OUT/drag-panel
	COMP_FILES=("$SCHEMAS/gschemas.compiled")
	phoc_client drag-panel phoc-layer-shell-effects-unstable-v1-protocol.c wlr-layer-shell-unstable-v1-protocol.c &&
		phoc_client lock-client input-inhibitor-protocol.c && phoc_client big-client
}
COMP_CLIENTS="the layer-shell-effects panel, the lock client and the oversized window"

# phoc_client NAME [PROTOCOL_CODE...]: hosts/phoc/tests/NAME.c with the client kit, xdg-shell and
# the protocol code files in OUT.
phoc_client() {
	local name=$1 code=() c
	shift
	for c in "$@" xdg-shell-protocol.c; do code+=("$OUT/$c"); done
	# shellcheck disable=SC2046,SC2086 # CFLAGS and pkg-config's output are lists
	cc $CFLAGS -I"$OUT" -I"$ROOT/tests/hosts" -o "$OUT/$name" "$ROOT/hosts/phoc/tests/$name.c" \
		"$ROOT/tests/hosts/client-kit.c" "${code[@]}" $(pkg-config --cflags --libs wayland-client)
}

# phoc's host contract, over the library's: with PANEL set (drag-panel's arguments), a drag panel
# (as phosh's home bar or top panel) starts once phoc serves clients, before the case's client
# (p.out), and the replay lasts until the panel came to rest too (its drag_end after the one
# before ready), or, with NO_DRAG_END=1, until the lifts only.
host_start() {
	CPID_p=
	comp_start "$@" || return 1
	HOST_PID=$COMP_PID
	[ -z "${PANEL:-}" ] && return 0
	# shellcheck disable=SC2086 # the panel's arguments are a list
	start_client p "$DRAG_PANEL" $PANEL
	wait_for "$DIR/p.out" " ready" 1 20 "the panel's ready line"
}
host_replay() {
	comp_replay && { [ -z "${PANEL:-}" ] || [ "${NO_DRAG_END:-0}" = 1 ] ||
		wait_for "$DIR/p.out" " drag_end" 2 20 "the panel's drag_end after the one before ready"; }
}
host_stop() { comp_stop "$@" ${CPID_p:+"$CPID_p"}; }

# margins FILE: the panel's margins in order ("-760 -700 ... 0 ").
margins() { sed -n 's/.* dragged margin=\(-*[0-9]*\)$/\1/p' "$1" | tr '\n' ' '; }
# rising MARGINS: how many times a margin is above the one before it.
rising() { awk '{n = 0; for (i = 2; i <= NF; i++) if ($i > $(i - 1)) n++; print n}' <<<"$1"; }
# first_time FILE PATTERN: the receipt time (µs) of the first line matching PATTERN.
first_time() { grep -m1 -- "$2" "$1" 2>/dev/null | cut -d' ' -f1; }
last_time() { grep -- "$2" "$1" 2>/dev/null | tail -1 | cut -d' ' -f1; }

# ---- the build; 0. phoc starts headless with Bezel; 1. the table every host runs (or the
# hostile course, or the latency, alone) ----
patched_setup
run_patched_course

# ---- 2. the dock drives a panel made draggable with zphoc_layer_shell_effects_v1 ----
# The panel is phosh's home bar as phosh makes it (800 px, 40 px handle showing when folded,
# threshold 0.5); a full-screen client covers the bottom edge, so the swipe starts on the app
# (phoc's own drag gesture would need a finger on the panel's handle).
if want drag-commit && PANEL="--edge bottom" play drag-commit swipe-up " ready" "$TOUCH_CLIENT"; then
	m=$(margins "$DIR/p.out")
	up=$(first_time "$DIR/p.out" " drag_end")
	if grep -q "gesture ended dock .*committed=1" "$DIR/events.log" && [ "$(rising "$m")" -gt 5 ] &&
		[ "$(awk '{print $1}' <<<"$m")" -lt -500 ] &&
		[ "$(count "$DIR/p.out" ' drag_end')" = 2 ] && grep -q " drag_end unfolded" "$DIR/p.out" &&
		[ "$(grep -c -E ' (down|motion|up|cancel)( |$)' "$DIR/c.out")" = 0 ] &&
		[ "$(grep -c -E ' (down|up)( |$)' "$DIR/p.out")" = 0 ]; then
		pass "R5 the dock drives the draggable bottom panel (zphoc_layer_shell_effects_v1, as phosh's home bar): it follows the finger ($(rising "$m") rising margins from $(awk '{print $1}' <<<"$m")), then ends committed: it slides open, drag_end unfolded; neither the app nor the panel got a touch"
	else
		fail "dock drives the panel: margins '$m' (see $DIR)"
	fi
fi
if want drag-return && PANEL="--edge bottom" play drag-return short-swipe " ready" "$TOUCH_CLIENT"; then
	m=$(margins "$DIR/p.out")
	top=$(awk '{t = $1; for (i = 2; i <= NF; i++) if ($i > t) t = $i; print t}' <<<"$m")
	if grep -q "gesture began dock" "$DIR/events.log" && grep -q -E "gesture (ended dock .*committed=0|cancelled dock)" "$DIR/events.log" &&
		[ -n "$top" ] && [ "$top" -gt -760 ] && [ "$(awk '{print $NF}' <<<"$m")" -lt "$top" ] &&
		[ "$(count "$DIR/p.out" ' drag_end')" = 2 ] && [ "$(grep " drag_end" "$DIR/p.out" | tail -1 | cut -d" " -f3)" = folded ]; then
		pass "R5 a dock swipe too short to commit: the panel followed the finger (up to margin $top) and returns: it slides back, drag_end folded"
	else
		fail "short swipe: margins '$m' (see $DIR)"
	fi
fi
# The cover sheet drives the panel anchored to the top (phosh's top panel).
if want cover && PANEL="--edge top" play cover tap-swipe-top " ready" "$TOUCH_CLIENT"; then
	m=$(margins "$DIR/p.out")
	if grep -q "gesture ended cover_sheet .*committed=1" "$DIR/events.log" && [ "$(rising "$m")" -gt 5 ] &&
		grep -q " drag_end unfolded" "$DIR/p.out" &&
		[ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ]; then
		pass "R5 the cover sheet drives the draggable top panel (phosh's top panel): it follows the finger and ends unfolded; the tap in the middle before it reached the app (one down, one up)"
	else
		fail "cover sheet drives the top panel: margins '$m' (see $DIR)"
	fi
fi

# ---- 3. deferral and swipe twice replace phoc's shell reveal ----
# A full-screen app deferring the bottom edge gets the first swipe (deferred_swipe, the
# affordance) and the panel does not move; the second swipe is the dock and drives the panel.
if want defer-panel && PANEL="--edge bottom" play defer-panel swipe-twice "honored_edges bottom" "$DEFER_CLIENT"; then
	c_up=$(first_time "$DIR/events.log" "libinput up id=0")
	p_first=$(first_time "$DIR/p.out" " dragged")
	if grep -q "deferred_swipe bottom" "$DIR/c.out" && [ "$(count "$DIR/c.out" 'touch down id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" 'touch up id=0')" = 1 ] && grep -q "affordance shown edge=2" "$DIR/events.log" &&
		[ "$(count "$DIR/events.log" 'gesture began dock')" = 1 ] && grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
		[ -n "$c_up" ] && [ -n "$p_first" ] && [ "$p_first" -gt "$c_up" ] && grep -q " drag_end unfolded" "$DIR/p.out" &&
		[ "$(count "$DIR/p.out" ' drag_end')" = 2 ]; then
		pass "R3/R4 a full-screen app deferring the bottom edge gets the first swipe (down to up, deferred_swipe, affordance shown); the panel moves only after the first lift, with the second swipe (the dock), and ends unfolded"
	else
		fail "deferral and the panel (see $DIR)"
	fi
fi
# Taps 4 px from the bottom edge of a full-screen app, with a bottom panel on the output:
# unpatched phoc's shell reveal (10 px) takes them, and the app gets nothing; patched, each is
# held (R2) and reaches the app at its up.
if want reveal; then
	if VARIANT=unpatched NO_DRAG_END=1 PANEL="--edge bottom" play reveal-unpatched edge-taps " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		before=$(count "$DIR/c.out" ' down id=0')
		if NO_DRAG_END=1 PANEL="--edge bottom" play reveal edge-taps " ready" "$TOUCH_CLIENT"; then
			if [ "$before" = 0 ] && [ "$(count "$DIR/c.out" ' down id=0')" = 5 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 5 ] &&
				[ "$(count "$DIR/events.log" 'reason=tap')" = 5 ] && [ "$(grep -c -E ' (down|up)( |$)' "$DIR/p.out")" = 0 ]; then
				pass "R2 shell reveal no longer swallows edge taps: 5 taps 4 px above the bottom edge of a full-screen app reach it (5 downs, 5 ups, each held: candidate failed 'tap'); unpatched phoc gave it $before"
			else
				fail "edge taps: patched $(count "$DIR/c.out" ' down id=0') downs, unpatched $before (see $DIR)"
			fi
		fi
	fi
fi

# ---- 4. the lock follows phosh's lock screen: on 0.24 phoc's exclusive client (wlr's input
# inhibitor, as phosh 0.24's lock screen holds it); on 0.46, which keeps no exclusive client
# (wlroots 0.17 dropped the input inhibitor), phosh's lock screen layer surface. Only gestures
# allowed when locked (the cover sheet) begin, and the app behind the lock gets nothing ----
if [ "$COMP_VERSION" = 0.24 ]; then
	LOCK_CLIENT=("$OUT/lock-client")
	LOCK_WHAT="phoc's exclusive client: an input inhibitor, as phosh 0.24's lock screen"
else
	LOCK_CLIENT=("$DRAG_PANEL" --lock)
	LOCK_WHAT="phosh's lock screen: the overlay layer surface 'phosh lockscreen', as phosh 0.46 maps it"
fi
if want lock; then
	if comp_start lock lock-swipe realtime; then
		start_client l "${LOCK_CLIENT[@]}"
		if wait_for "$DIR/l.out" " locked" 1 20 "the lock client's 'locked'" && start_client c "$TOUCH_CLIENT" &&
			wait_for "$DIR/c.out" " ready" 1 20 "the client's ready line" && kill -USR2 "$COMP_PID" &&
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up in the event log"; then
			comp_stop "$CPID_l" "$CPID_c"
			if grep -q "gesture began cover_sheet" "$DIR/events.log" && ! grep -q "gesture began dock" "$DIR/events.log" &&
				[ "$(grep -c -E ' (down|motion|up)( |$)' "$DIR/c.out")" = 0 ]; then
				pass "R6 locked ($LOCK_WHAT): the cover sheet begins, the dock never does (two swipes up), and the app behind the lock gets no touch"
			else
				fail "lock (see $DIR)"
			fi
		else
			comp_stop "$CPID_l" "$CPID_c"
			fail "lock: a client not ready or the replay incomplete (see $DIR)"
		fi
	else
		comp_stop
		fail "lock: phoc did not start (see $DIR)"
	fi
fi

# ---- 4b. R8 on unplug with the home bar: the table's unplug row with phosh's home bar on the
# touchscreen's output (--first-output), which the dock takes to drive when the output goes.
# phoc frees its output on the output's destroy signal; the dock's cancel and the home bar's
# return must not read it (the compositor runs on with freed memory filled, HOST_UNPLUG; before
# the adapter told the plugin first, phoc crashed here). The home bar goes with its output, so
# the replay waits for the lifts only.
if want unplug-panel && PANEL="--edge bottom --first-output" NO_DRAG_END=1 HOST_UNPLUG=16 EXTRA_INI="hold-window-ms=1000" \
	REALTIME=1 play unplug-panel unplug-mid " ready" "$TOUCH_CLIENT"; then
	if check_unplugged_mid_gesture && grep -q " ready" "$DIR/p.out"; then
		pass "R8 on unplug while the dock runs over phosh's home bar on that output: the dock cancelled, not ended; the client's resting finger gets wl_touch.cancel and nothing after; phoc runs on and a later tap reaches a client"
	else
		fail "R8 on unplug while the dock drives the home bar (see $DIR)"
	fi
fi

# ---- 5. output scale 2: layout coordinates are logical (540x960), surfaces' too ----
if want scale2 && PHOC_SCALE=2 PANEL="--edge bottom --height 400 --handle 20" play scale2 tap-swipe " ready" "$TOUCH_CLIENT"; then
	m=$(margins "$DIR/p.out")
	if grep -q " down id=0 x=270.0 y=480.0" "$DIR/c.out" && [ "$(count "$DIR/c.out" ' down id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' up id=0')" = 1 ] && grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
		[ "$(rising "$m")" -gt 3 ] && grep -q " drag_end unfolded" "$DIR/p.out"; then
		pass "§4.1 output at scale 2 (1080x1920 px, 540x960 logical): a tap in the middle reaches the full-screen app at (270, 480); the dock swipe is recognised at the bottom edge and drives the panel to unfolded"
	else
		fail "scale 2 (see $DIR)"
	fi
fi

# ---- 6. phoc's scale-to-fit views: a window of 2160x3840 on the 1080x1920 output, drawn at
# half its size. A finger moving 120 px across the screen moves 240 px across the window: the
# touch keeps phoc's path, which scales it (libbezel-wlroots would not), and Bezel sees none of
# it ----
if want scaled && PHOC_SCALE_TO_FIT=1 play scaled slow-middle " ready" "$OUT/big-client"; then
	first=$(grep -m1 ' down id=' "$DIR/c.out" | sed -n 's/.* x=\([0-9.]*\) y=\([0-9.]*\)$/\1 \2/p')
	last=$(grep ' motion id=' "$DIR/c.out" | tail -1 | sed -n 's/.* x=\([0-9.]*\) y=\([0-9.]*\)$/\1 \2/p')
	dx=$(awk -v a="$first" -v b="$last" 'BEGIN { split(a, p, " "); split(b, q, " "); printf "%.0f", q[1] - p[1] }')
	dy=$(awk -v a="$first" -v b="$last" 'BEGIN { split(a, p, " "); split(b, q, " "); printf "%.0f", q[2] - p[2] }')
	if [ "$(count "$DIR/c.out" ' down id=')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=')" = 30 ] && [ "$dx" = 240 ] && [ "$dy" = 0 ] &&
		! grep -q " input down" "$DIR/events.log"; then
		pass "§6 a scale-to-fit view (2160x3840 drawn at half size): a finger moving 120 px moves 240 px across the window from its down at ($first), 30 motions, one up; the touch kept phoc's path (Bezel got no input down)"
	else
		fail "scaled view: down at '$first', last motion '$last', dx $dx dy $dy (see $DIR)"
	fi
fi

# ---- 7. squeekboard, phosh's on-screen keyboard (phoc 0.46's generation: Debian 13's package) ----
# A window under the keyboard (not full screen: phoc keeps a full-screen view above the top
# layer), squeekboard on a session bus of its own, shown or not through phosh's call
# (sm.puri.OSK0.SetVisible), then a swipe up from the bottom edge. Shown, the swipe starts on the
# keyboard's layer surface: it is the keyboard's (phoc's path; Bezel sees no touch, no dock).
# Hidden, the same swipe is the dock.
OSK_SURFACE="surface add 0,1[0-9]* 1080x"
# osk_case NAME SHOWN(true|false): sets OSK_OK when squeekboard ran and the replay completed.
osk_case() {
	local name=$1 shown=$2 bus bus_pid
	OSK_OK=0
	comp_start "$name" swipe-up || { comp_stop; fail "$name: phoc did not start (see $DIR)"; return 1; }
	CPID_k=
	if bus=$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1); then
		bus_pid=$(sed -n 2p <<<"$bus")
		bounded_track "$bus_pid" "the keyboard's session bus ($name)"
		export DBUS_SESSION_BUS_ADDRESS
		DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$bus")
		start_client c "$TOUCH_CLIENT" --windowed
		# GTK 3 takes the socket as a name in XDG_RUNTIME_DIR.
		start_client k env GSETTINGS_BACKEND=memory XDG_RUNTIME_DIR="${SOCK%/*}" WAYLAND_DISPLAY="${SOCK##*/}" squeekboard
		if wait_for "$DIR/c.out" " ready" 1 20 "the client's ready line" &&
			timeout 20 gdbus wait --session --timeout 20 sm.puri.OSK0 &&
			timeout 20 gdbus call --session --dest sm.puri.OSK0 --object-path /sm/puri/OSK0 \
				--method sm.puri.OSK0.SetVisible "$shown" >"$DIR/osk-call.out" 2>&1 &&
			{ [ "$shown" = false ] || wait_for "$DIR/events.log" "$OSK_SURFACE" 1 20 "the keyboard's layer surface"; } &&
			kill -USR2 "$COMP_PID" &&
			wait_for "$DIR/events.log" "libinput up" "$CONTACTS" 30 "every contact's up in the event log"; then
			OSK_OK=1
		fi
		comp_stop "$CPID_c" "$CPID_k"
		kill "$bus_pid" 2>/dev/null
		unset DBUS_SESSION_BUS_ADDRESS
	else
		comp_stop
	fi
	[ $OSK_OK = 1 ] || fail "$name: squeekboard or the replay did not come (see $DIR)"
}
if [ "$COMP_VERSION" != 0.24 ] && want osk-shown && osk_case osk-shown true && [ $OSK_OK = 1 ]; then
	if ! grep -q "gesture began" "$DIR/events.log" && ! grep -q " input down" "$DIR/events.log" &&
		[ "$(grep -c -E ' (down|motion|up)( |$)' "$DIR/c.out")" = 0 ]; then
		pass "§6 squeekboard shown (its layer surface $(grep -m1 -o "$OSK_SURFACE[0-9]*" "$DIR/events.log" | cut -d' ' -f3-)): a swipe up from the bottom edge that starts on it is the keyboard's: phoc's path, no dock (Bezel got no input down), the window under it got no touch"
	else
		fail "osk-shown: the swipe on the keyboard was not the keyboard's (see $DIR)"
	fi
fi
if [ "$COMP_VERSION" != 0.24 ] && want osk-hidden && osk_case osk-hidden false && [ $OSK_OK = 1 ]; then
	if ! grep -q "$OSK_SURFACE" "$DIR/events.log" && grep -q "gesture ended dock .*committed=1" "$DIR/events.log" &&
		[ "$(grep -c -E ' (down|up)( |$)' "$DIR/c.out")" = 0 ]; then
		pass "R2/R5 squeekboard running and hidden (SetVisible false): the same swipe up from the bottom edge is the dock, committed; the window got no touch"
	else
		fail "osk-hidden: no dock with the keyboard hidden (see $DIR)"
	fi
fi

finish
