# KWin's own cases, beside the shared table (sourced by hosts/kwin/tests/run.sh, which provides
# host_start, host_stop, host_play and feed_done; start_client, the counters and `want` are the
# host runners' library, tests/lib/host.sh).

# write_edge_tap FILE Y: an evemu recording of one tap at (W/2, Y), 40 ms long (device axes =
# output pixels, as tests/hosts/gen-touch.py writes them).
write_edge_tap() {
	cat >"$1" <<-EOF
	# EVEMU 1.3
	E: 0.000000 0003 002f 0000
	E: 0.000000 0003 0039 0500
	E: 0.000000 0003 0035 $((W / 2))
	E: 0.000000 0003 0036 $2
	E: 0.000000 0000 0000 0000
	E: 0.040000 0003 0039 -001
	E: 0.040000 0000 0000 0000
	EOF
}

# Design §6 (global on KWin's display): wayland-info lists bezel_system_gestures_manager_v1 at
# the version libbezel advertises (3: the plugin reads wl_regions), beside org_kde_kwin_fake_input
# (version 4 on KWin 5.27, 5 on 6.3); weston-simple-touch (a plain wl_touch client) gets a tap in
# the middle through the plugin, and KWin logs the plugin. After the last tap the seat still
# offers touch: the rig's touchscreen stays plugged in, so a client's last touch end (R3: a
# deferred swipe is the client's down to up) is not raced by the device's removal.
case_info() {
	if ! host_start info taps-3; then
		host_stop
		fail "info: KWin did not start: $(host_why_not_started)"
		return
	fi
	run_bounded 20 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
	start_client t weston-simple-touch
	wait_for "$DIR/events.log" "surface add" 1 20 "weston-simple-touch's surface in the event log"
	kill -USR2 "$HOST_PID"
	feed_done 30
	# After the last up: the seat as a client that connects now sees it.
	run_bounded 20 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info-after.out" 2>&1
	host_stop "$CPID_t"
	local v fake=4
	[ "$KWIN_MAJOR" = 6 ] && fake=5 # KWin 6 advertises version 5 (its destroy request)
	v=$(grep "bezel_system_gestures_manager_v1" "$DIR/wayland-info.out" | sed -n 's/.*version: *\([0-9]*\).*/\1/p')
	if [ "$v" = 4 ] && grep -q "org_kde_kwin_fake_input', *version: *$fake" "$DIR/wayland-info.out"; then
		pass "info: wayland-info lists bezel_system_gestures_manager_v1 version $v on KWin's display, and org_kde_kwin_fake_input version $fake"
	else
		fail "info: bezel_system_gestures_manager_v1 version 4 (the back gesture) or fake_input $fake missing from wayland-info (see $DIR)"
	fi
	if grep -q "bezel: .* loaded, touch filter in front of KWin's" "$DIR/host.log" &&
		[ "$(count "$DIR/events.log" "send down id=0")" = 3 ] && [ "$(count "$DIR/events.log" "send up id=0")" = 3 ]; then
		pass "info: KWin loaded the plugin from QT_PLUGIN_PATH; weston-simple-touch was sent its 3 taps (3 downs, 3 ups) through it"
	else
		fail "info: plugin not loaded, or weston-simple-touch's taps not delivered (see $DIR)"
	fi
	# The rig's touchscreen stays plugged in (bezel-kwin-feed --stay): were KWin's fake touch
	# device to go with the last up, a client that reads the seat's loss of touch in the same
	# dispatch as that up drops it (GTK 4 never ends its touch; hosts/kwin/README.md).
	if grep -A2 "'wl_seat'" "$DIR/wayland-info-after.out" | grep -q "capabilities:.* touch"; then
		pass "info: after the last tap's up, KWin's seat still offers touch: the feeder's touch device stays as a touchscreen does, the clients' last touch end is not raced by its removal"
	else
		fail "info: KWin's seat lost touch after the last tap (the feeder's device went with it): $(grep -A2 "'wl_seat'" "$DIR/wayland-info-after.out" | tr '\n\t' '  ') (see $DIR)"
	fi
}

# Design §6 (the shell learns of gestures): a dock swipe is a log line in KWin's log and
# org.kde.bezel D-Bus signals on the session bus (gestureBegan "dock" edge 2, gestureChanged,
# gestureEnded committed).
case_dbus() {
	if host_play dbus swipe-up " ready" "$TOUCH_CLIENT"; then
		local d=$DIR/dbus.log
		if grep -q "bezel: gesture began dock edge=2" "$DIR/host.log" &&
			grep -q "bezel: gesture ended dock edge=2 output=0 committed" "$DIR/host.log" &&
			grep -A1 "member=gestureBegan" "$d" | grep -q '"dock"' &&
			[ "$(grep -c "member=gestureChanged" "$d")" -gt 3 ] &&
			grep -A3 "member=gestureEnded" "$d" | grep -q "boolean true"; then
			pass "dbus: the dock swipe is a KWin log line and org.kde.bezel signals gestureBegan(dock), gestureChanged x$(grep -c "member=gestureChanged" "$d"), gestureEnded(committed)"
		else
			fail "dbus: log line or org.kde.bezel signals missing (see $DIR)"
		fi
	fi
}

# KWin's touch screen edge (kwinrc [TouchEdges] Bottom=ShowDesktop, a 3 px strip on KWin 5.27,
# 8 px on 6.3) swallows a tap on the strip's innermost row without Bezel; with Bezel, which binds
# the bottom edge, the tap reaches the app (held, released at its up), because the plugin's
# replay skips KWin's edge filter there.
case_edge_strip() {
	local with strip=3
	[ "$KWIN_MAJOR" = 6 ] && strip=8 # screenedge.cpp's TOUCH_TARGET
	for with in 0 1; do
		local name=edge-strip-$([ $with = 1 ] && echo with || echo without)
		if ! PLUGIN=$with EXTRA_KWINRC=$'[TouchEdges]\nBottom=ShowDesktop' KWIN_ARGS=" " host_start "$name" none; then
			host_stop
			fail "$name: KWin did not start: $(host_why_not_started)"
			continue
		fi
		write_edge_tap "$DIR/touch.evemu" $((H - strip))
		start_client c "$TOUCH_CLIENT" --windowed --no-gesture-object
		if start_feed "$DIR/touch.evemu" && wait_for "$DIR/c.out" " ready" 1 20 "the client's ready line"; then
			kill -USR2 "$HOST_PID"
			feed_done 30
		fi
		host_stop "$CPID_c"
		eval "EDGE_DOWNS_$with=$(count "$DIR/c.out" ' down id=0')"
	done
	if [ "${EDGE_DOWNS_0:-x}" = 0 ] && [ "${EDGE_DOWNS_1:-x}" = 1 ] &&
		[ "$(count "$OUT/edge-strip-with/c.out" ' up id=0')" = 1 ] &&
		grep -q "gesture failed dock.*reason=tap" "$OUT/edge-strip-with/events.log"; then
		pass "edge-strip: a tap on the innermost row of KWin's $strip px bottom touch edge (Bottom=ShowDesktop) is swallowed without the plugin (0 downs) and reaches the app with it (1 down, 1 up; dock failed 'tap')"
	else
		fail "edge-strip: downs without the plugin ${EDGE_DOWNS_0:-?} (want 0), with it ${EDGE_DOWNS_1:-?} (want 1) (see $OUT/edge-strip-*)"
	fi
}

# Added latency, fake_input request to the client's wl_touch event: N taps in the middle, with
# the plugin and without it; the n-th injected down/up is paired with the client's n-th.
run_kwin_latency() {
	local n=$1 with label
	for with in 1 0; do
		label=$([ $with = 1 ] && echo with || echo without)
		if ! PLUGIN=$with host_start "latency-$label" none; then
			host_stop
			fail "latency ($label): KWin did not start"
			continue
		fi
		start_client c "$TOUCH_CLIENT" --no-gesture-object
		if start_feed --taps "$n" $((W / 2)) $((H / 2)) && wait_for "$DIR/c.out" " ready" 1 20 "the client's ready line"; then
			kill -USR2 "$HOST_PID"
			feed_done 120
			wait_for "$DIR/c.out" " up id=0" "$n" 20 "the client's $n ups"
		fi
		host_stop "$CPID_c"
		python3 - "$DIR/events.log" "$DIR/c.out" "$label" >"$DIR/latency.txt" <<-'EOF'
		import sys
		ev, cl, label = sys.argv[1:4]
		src = {"down": [], "up": []}
		for l in open(ev):
		    p = l.split()
		    if len(p) >= 3 and p[1] == "fake-input" and p[2] in src:
		        src[p[2]].append(int(p[0]))
		dst = {"down": [], "up": []}
		for l in open(cl):
		    p = l.split()
		    if len(p) >= 2 and p[1] in dst:
		        dst[p[1]].append(int(p[0]))
		v = sorted(d - s for k in src for s, d in zip(src[k], dst[k]))
		print(f"figure: latency {label} the plugin: {len(v)} events ({len(src['down'])} taps sent, {len(dst['down'])} downs received), "
		      f"median {v[len(v) // 2]} us, p99 {v[min(len(v) - 1, int(0.99 * len(v)))]} us")
		EOF
		cat "$DIR/latency.txt"
		if grep -q "($n taps sent, $n downs received)" "$DIR/latency.txt"; then
			pass "latency ($label the plugin): every one of $n taps reached the client"
		else
			fail "latency ($label the plugin): taps lost (see $DIR)"
		fi
	done
}

# R3's affordance drawn (src/affordance.cpp), after the table's defer row: KWin's log says the
# plugin's bar was painted, after libbezel's "affordance shown", where the other hosts put it
# (bezel_demo_affordance_box on 1080x1920: 388x11 px, centred, 16 px above the bottom edge).
# The plugin logs the paint of its window; KWin composites it as an internal window (seen in the
# Plasma Mobile demo's screenshot, scripts/demo-plasma-mobile.sh --defer).
check_affordance_drawn() {
	local log=$OUT/defer/host.log shown drawn
	shown=$(grep -n -m1 "bezel: affordance shown edge=2 output=0" "$log" 2>/dev/null | cut -d: -f1)
	drawn=$(grep -n -m1 "bezel: affordance drawn edge=2 output=0 at 346,1893 388x11" "$log" 2>/dev/null | cut -d: -f1)
	if [ -n "$shown" ] && [ -n "$drawn" ] && [ "$shown" -lt "$drawn" ]; then
		pass "affordance (R3): after the deferred swipe KWin drew the plugin's bar at the bottom edge (388x11 at 346,1893)"
	else
		fail "affordance (R3): no bar drawn at the bottom edge after 'affordance shown' (see $log)"
	fi
}

run_kwin_cases() {
	want defer && check_affordance_drawn
	want drag && case_drag_lift
	want info && case_info
	want dbus && case_dbus
	want edge-strip && case_edge_strip
	want lock && case_lock
	return 0
}

# R6 on KWin's own lock screen: KWin runs with its lock screen (KScreenLocker inside KWin), a
# full-screen client defers the bottom edge (honored_edges 2); org.freedesktop.ScreenSaver.Lock
# on the session bus locks KWin. The plugin follows KWin's lock state: the client is told
# honored_edges 0 (no deferral honoured while locked). Then, locked: a slow swipe up from the
# bottom, a swipe down from the top, a fast swipe up: the cover sheet (when_locked) begins and
# commits, the dock never begins (failed 'locked' twice), the client gets no touch and no
# deferred_swipe. KWin starts its greeter (kscreenlocker_greet, a Wayland client: it needs
# qtwayland5); Plasma's lock screen QML is not installed here, so no lock screen window maps
# and the touches land on no window (hosts/kwin/README.md). KWin 6.3's greeter exits without
# that QML and KWin shows its internal fallback locker: the gestures part is then skipped.
case_lock() {
	if ! ls /usr/lib/*/qt$KWIN_MAJOR/plugins/platforms/libqwayland-generic.so >/dev/null 2>&1; then
		fail "lock: Qt's wayland platform plugin is missing (Debian: qtwayland5, qt6-wayland for KWin 6): KWin's greeter cannot start, KWin would lock with its internal fallback window, which the plugin leaves to KWin"
		return
	fi
	if ! KWIN_LOCKSCREEN=1 host_start lock lock-swipe; then
		host_stop
		fail "lock: KWin did not start with its lock screen: $(host_why_not_started)"
		return
	fi
	start_client c "$TOUCH_CLIENT" --edges 2
	if wait_for "$DIR/c.out" "honored_edges 2" 1 20 "the client's honored_edges 2"; then
		DBUS_SESSION_BUS_ADDRESS=$(cat "$DIR/bus") run_bounded 20 "dbus-send Lock" dbus-send --session --print-reply \
			--dest=org.freedesktop.ScreenSaver /ScreenSaver org.freedesktop.ScreenSaver.Lock >"$DIR/lock.out" 2>&1
		if wait_for "$DIR/events.log" "lock locked=1" 1 20 "the plugin's lock line" &&
			wait_for "$DIR/c.out" "honored_edges 0" 1 20 "the client's honored_edges 0"; then
			kill -USR2 "$HOST_PID"
			feed_done 30
		fi
	fi
	host_stop "$CPID_c"
	local ev=$DIR/events.log c=$DIR/c.out
	if grep -q "method return" "$DIR/lock.out" && grep -q "lock locked=1" "$ev" &&
		[ "$(line_of "$c" "honored_edges 2")" -lt "$(line_of "$c" "honored_edges 0")" ] 2>/dev/null &&
		grep -q "bezel.kwin: locked: deferrals suspended" "$DIR/host.log"; then
		pass "lock: org.freedesktop.ScreenSaver.Lock locks KWin; the plugin follows KWin's lock state (R6): the deferring full-screen client is told honored_edges 2, then honored_edges 0"
	else
		fail "lock: KWin's lock not followed, or the deferral still honoured (see $DIR)"
	fi
	if grep -q "gesture began cover_sheet" "$ev" && grep -q "gesture ended cover_sheet edge=1 committed=1" "$ev" &&
		[ "$(count "$ev" "gesture failed dock edge=2 reason=locked")" = 2 ] && ! grep -q "gesture began dock" "$ev" &&
		[ "$(count "$c" ' down id=')" = 0 ] && ! grep -q "deferred_swipe" "$c"; then
		pass "lock: while locked the cover sheet (when_locked) begins and commits; both swipes up fail 'locked' (no dock); the client gets no touch and no deferred_swipe"
	elif grep -q "Failed to load the fallback lockscreen QML" "$DIR/host.log"; then
		# KWin 6.3's greeter exits without Plasma's lock screen QML (plasma-workspace, not
		# installed) and KWin locks with its internal fallback window instead.
		echo "SKIP: lock: gestures while locked: kscreenlocker_greet exited (Plasma's lock screen QML is not installed) and KWin shows its internal fallback locker, whose touches bypass Bezel (see $DIR/host.log)"
	else
		fail "lock: gestures while locked (see $DIR)"
	fi
}

# R7/R9 on KWin, after the shared drag row: the drag that the cover sheet cancelled leaves
# finger 0 down; its lift still reaches KWin's seat, so the client gets "up id=0" after its
# dd-leave and the seat's touch sequence ends (KWin changes no touch focus during a sequence).
case_drag_lift() {
	local c=$OUT/drag/c.out leave up
	[ -f "$c" ] || return 0
	leave=$(line_of "$c" "dd-leave")
	up=$(grep -n " up id=0" "$c" | tail -1 | cut -d: -f1)
	if [ -n "$leave" ] && [ -n "$up" ] && [ "$leave" -lt "$up" ] && [ "$(count "$c" ' up id=0')" = 1 ] &&
		! grep -q "touch that never started" "$OUT/drag/host.log"; then
		pass "drag (KWin): after the cancelled drag its finger's lift reaches the client once (up id=0 after dd-leave): KWin's touch sequence ends"
	else
		fail "drag (KWin): the cancelled drag's finger never ended at KWin's seat (see $OUT/drag)"
	fi
}
