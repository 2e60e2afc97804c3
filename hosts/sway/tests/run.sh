#!/usr/bin/env bash
# Integration tests of sway with Bezel's patch series (hosts/sway/patches/VERSION): sway built
# from its upstream tarball by hosts/sway/build.sh, run headless (wlroots' headless backend,
# pixman) as an unprivileged user, touches from real libinput reading an umockdev-emulated
# touchscreen fed to a headless touch device by the patched hosts' test rig (hosts/patched/rig,
# an LD_PRELOAD), real Wayland clients. The same tarball built without the series is the
# baseline. The build, the rig, starting sway and the cases every patched host runs are
# hosts/patched/tests/lib.sh; sway's own are here.
#
# Each case writes a touch recording, starts sway with a config of its own (no borders, a
# `bezel { }` block, an `exec` that says when sway serves clients), starts the client, waits for
# its "ready" line, sends SIGUSR2 (the rig opens the touchscreen), waits until the event log has
# seen every contact lift, stops sway and checks what each party saw. No fixed sleeps.
#
# usage: hosts/sway/tests/run.sh [CASE...] [--version V]
#        hosts/sway/tests/run.sh --latency N [--version V]
#        hosts/sway/tests/run.sh --hostile [--rounds N] [--seed S] [--version V]
#   CASE: start, the table (tap swipe late defer drag kill kill-sub multi multi-defer
#   multi-policy), cancel, pointer, simple-touch, report, sxmo, config
#   --latency N: only the latency of N taps, patched against unpatched
#   --hostile: the shared hostile course (tests/hosts/hostile.sh), ROUNDS rounds (default 56)
#   --version V: sway's upstream version (default: hosts/sway/build.sh's, the Debian release's)
#   --build-only: build and stop (tests/lib/args.sh)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: those of hosts/sway/build.sh, umockdev, libumockdev-dev, python3,
# wayland-utils, weston (weston-simple-touch), util-linux (setpriv).
set -u
COMP_LABEL=sway
. "$(dirname "$0")/../../patched/tests/lib.sh"
runner_args "$@"

# The compositor of comp_start: patched sway with a `bezel { }` block, or (VARIANT=unpatched)
# the tarball's sway as it is. The [bezel] lines (key=value) become block lines.
comp_prepare() {
	{
		echo "default_border none"
		echo "default_floating_border none"
		echo "focus_follows_mouse no"
		# 1.7 is built without Xwayland; later versions have it as wlroots does: off here too.
		[ "$COMP_VERSION" = 1.7 ] || echo "xwayland disable"
		if [ "${VARIANT:-patched}" != unpatched ]; then
			echo "bezel {"
			bezel_settings | sed -n 's/^\([^=]*\)=\(.*\)$/    \1 \2/p'
			printf '%s\n' "${EXTRA_SWAY:-}"
			echo "}"
		fi
		echo 'exec echo "sway-ready $WAYLAND_DISPLAY"'
	} >"$DIR/sway.conf"
	COMP_CMD=("$(comp_variant_bin)" -V -c "$DIR/sway.conf")
	# sway 1.10 shows a new window when the transaction that lays it out applies: when the
	# client's commit answers the layout's configure, or 200 ms later (txn-timeout). The test
	# clients (weston-simple-touch among them) draw once and do not answer, so the wait is 1 ms:
	# a window is on screen before the touches that follow its "ready" or "surface add" line.
	[ "$COMP_VERSION" = 1.7 ] || COMP_CMD+=(-D txn-timeout=1)
	COMP_READY="^sway-ready "
}

# The client that binds no wl_touch, for the pointer emulation's cases.
comp_clients() {
	POINTER_CLIENT=$OUT/pointer-client
	host_client "$OUT" pointer-client "$ROOT/hosts/sway/tests/pointer-client.c"
}
COMP_CLIENTS="the pointer-only one"

# ---- the build; 0. sway starts headless with Bezel; 1. the table every host runs (or the
# hostile course, or the latency, alone) ----
patched_setup
run_patched_course

# ---- 2. wl_touch.cancel: unpatched sway never sends it ----
if want cancel; then
	if VARIANT=unpatched play cancel-unpatched late-begin " ready" "$TOUCH_CLIENT" --no-gesture-object; then
		c0=$DIR/c.out
		if [ "$(count "$c0" ' cancel')" = 0 ] && [ "$(count "$c0" ' up id=0')" = 1 ] &&
			[ "$(count "$c0" ' motion id=0')" -gt 5 ]; then
			pass "R2/R9 unpatched sway gives the client the whole late swipe ($(count "$c0" ' motion id=0') motions and an up, no cancel): the table's 'late' row is what the series adds"
		else
			fail "unpatched sway, late swipe (see $DIR)"
		fi
	fi
fi

# ---- 3. a client that binds no wl_touch: sway emulates a pointer, from Bezel's decisions ----
# pointer-client binds wl_pointer only (the rig adds a pointer device, so that the seat has the
# pointer capability: with a touchscreen alone sway 1.7 offers no wl_pointer). Each recording
# is played on patched sway, and the swipe on unpatched sway too, for contrast.
# buttons FILE: the client's button events in order ("pressed released "); sway's own cursor
# may enter and leave the window before the touches start, so enter and leave are not listed.
buttons() { grep -E ' button (pressed|released)' "$1" | awk '{print $3}' | tr '\n' ' '; }
if want pointer; then
	# R1: a tap in the middle is a click at once.
	if RIG_POINTER=1 play pointer-tap taps-1 " ready" "$POINTER_CLIENT"; then
		if [ "$(buttons "$DIR/c.out")" = "pressed released " ] && grep -q " motion x=540.0 y=960.0\| enter x=540.0 y=960.0" "$DIR/c.out"; then
			pass "R1 pointer emulation: a tap in the middle on a client without wl_touch is a click at (540, 960)"
		else
			fail "pointer emulation, tap (see $DIR)"
		fi
	fi
	# R2: a tap at the bottom edge is held; the press comes only after the finger lifted.
	if RIG_POINTER=1 play pointer-edge-tap tap-bottom " ready" "$POINTER_CLIENT"; then
		ev=$DIR/events.log
		pressed=$(grep -m1 ' button pressed' "$DIR/c.out" | cut -d' ' -f1)
		up=$(grep -m1 'libinput up id=0' "$ev" | cut -d' ' -f1)
		if [ "$(buttons "$DIR/c.out")" = "pressed released " ] && [ -n "$pressed" ] && [ -n "$up" ] &&
			[ "$pressed" -gt "$up" ] && grep -q "gesture failed dock.*reason=tap" "$ev"; then
			pass "R2 pointer emulation: a tap at the bottom edge is held: the press reaches the client after the finger lifted, then the release (a click)"
		else
			fail "pointer emulation, edge tap (see $DIR)"
		fi
	fi
	# R2/R5: a swipe up from the bottom is the dock: no press, no motion at all; unpatched sway
	# drags the pointer through the app.
	if VARIANT=unpatched RIG_POINTER=1 play pointer-swipe-unpatched swipe-up " ready" "$POINTER_CLIENT"; then
		before=$(buttons "$DIR/c.out")
		if RIG_POINTER=1 play pointer-swipe swipe-up " ready" "$POINTER_CLIENT"; then
			if [ -z "$(buttons "$DIR/c.out")" ] && [ "$(count "$DIR/c.out" ' motion ')" = 0 ] &&
				grep -q "gesture ended dock .*committed=1" "$DIR/events.log" && [ "$before" = "pressed released " ]; then
				pass "R2/R5 pointer emulation: the dock swipe presses and moves nothing in the app (unpatched sway: '${before% }', a drag through it)"
			else
				fail "pointer emulation, dock swipe: patched '$(buttons "$DIR/c.out")', unpatched '$before' (see $DIR)"
			fi
		fi
	fi
	# R2 late begin: the held press is flushed when the hold window ends; when the dock then
	# takes the touch the pointer leaves the app before the button is let go: no release
	# reaches it, so no click.
	if RIG_POINTER=1 play pointer-late late-begin " ready" "$POINTER_CLIENT"; then
		pressed=$(line_of "$DIR/c.out" ' button pressed')
		left=$(tail -n +"${pressed:-1}" "$DIR/c.out" | grep -c ' leave$')
		if [ "$(buttons "$DIR/c.out")" = "pressed " ] && [ "$left" -ge 1 ] && grep -q "gesture began dock" "$DIR/events.log"; then
			pass "R2 pointer emulation, late begin: the flushed press, then the pointer leaves when the dock takes the touch; no release, no click"
		else
			fail "pointer emulation, late begin: '$(buttons "$DIR/c.out")' (see $DIR)"
		fi
	fi
fi

# ---- 4. weston-simple-touch, a client that knows nothing of Bezel ----
run_simple_touch "$COMP_LABEL" "the bottom swipe"

# ---- 5. sway draws no panels: a committed gesture runs the sway command bound to it ----
if want report && EXTRA_SWAY="    on dock exec touch $OUT/report/dock-ran" play report swipe-up " ready" "$TOUCH_CLIENT"; then
	if grep -q "bezel: dock committed (edge 2, 1 finger) on HEADLESS-1" "$DIR/host.log" &&
		wait_for "$DIR/dock-ran" "" 0 10 "the file the bound command makes" >/dev/null && [ -e "$DIR/dock-ran" ]; then
		pass "R5 a committed dock swipe runs the command bound with 'bezel { on dock exec … }' and is logged"
	else
		fail "gesture command (see $DIR/host.log)"
	fi
fi

# ---- 5b. Sxmo's way: the bottom edge bound to a gesture of its own name, whose command is
# what lisgd ran (here a stand-in that leaves a file) ----
if want sxmo && EXTRA_INI="bind-bottom=showkeyboard:0.0:1.0" \
	EXTRA_SWAY="    on showkeyboard exec touch $OUT/sxmo/showkeyboard-ran" play sxmo swipe-up " ready" "$TOUCH_CLIENT"; then
	if grep -q "gesture ended showkeyboard edge=2 committed=1" "$DIR/events.log" &&
		wait_for "$DIR/showkeyboard-ran" "" 0 10 "the file the bound command makes" >/dev/null &&
		[ "$(grep -c -E ' (down|motion|up)( |$)' "$DIR/c.out")" = 0 ]; then
		pass "§4.4/R5 Sxmo-style binding: 'bind-bottom showkeyboard:0.0:1.0' + 'on showkeyboard exec …': the swipe up runs the command, the app gets no touch"
	else
		fail "Sxmo-style binding (see $DIR)"
	fi
fi

# ---- 6. settings from the sway config's bezel block reach the plugin ----
run_patched_config "sway config 'bezel { bind-bottom }'" "bezel bind-bottom"

finish
