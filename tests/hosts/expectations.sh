# The one table of expectations that every host's integration tests run (weston, wlroots,
# Wayfire): the same recording, the same client, the same assertion, whatever compositor is in
# between. Source it; it defines functions and the table only.
#
# A host runner provides:
#   host_play NAME RECORDING READY CLIENT [ARGS...]
#       starts the compositor for RECORDING (tests/hosts/gen-touch.py scenario names), starts
#       CLIENT, waits for READY in its output, replays the recording until every contact has
#       lifted, stops everything, and sets DIR to a folder holding:
#         c.out       the client's standard output
#         events.log  the host's event log (line shapes in docs/hosts.md)
#       returns non-zero (after printing a FAIL line) if the run could not complete;
#       REALTIME=1 asks for the recording's own pacing; WINDOWED=1 (a client that does not ask
#       for full screen) asks for a shell that leaves a window as it asked, not one that makes
#       every toplevel full screen.
#   host_start NAME RECORDING MODE / host_stop [CLIENT PIDS...]
#       start and stop the compositor as host_play does (MODE "realtime" keeps the recording's
#       pacing); host_start sets DIR (with host.log, the compositor's log), SOCK and HOST_PID,
#       the process whose SIGUSR2 (HOST_OPEN_SIGNAL when set: USR1 for weston 14) starts the replay. Used by host_play_kill below, the "client
#       killed mid-touch" course, which DIR then also holds d.out and wayland-info.status for.
#   host_why_not_started (optional): a few words on why the compositor did not start.
#   host_rotation (optional): prints nothing and returns 0 when the host can start its output
#       turned by HOST_TRANSFORM (a weston.ini transform name: 90, flipped-90, ...) and turn it
#       at run time as HOST_ROTATE="T@N" asks (to transform T after the N-th touch motion the
#       test rig reads); otherwise prints why not, and the rotation rows are skipped with it.
#       The recording stays in the panel's own orientation: the host maps it through the
#       transform as a real touchscreen's events are mapped (docs/design.md §4.1, §7).
#   host_unplug (optional): prints nothing and returns 0 when the host can start a second output
#       beside the touchscreen's and, as HOST_UNPLUG=N asks, remove the
#       touchscreen's output after the N-th touch motion the test rig reads, writing "rig unplug
#       NAME" to the event log; the touchscreen then covers an output that is left, and the
#       client is full screen on the touchscreen's output until then; otherwise prints why not,
#       and the unplug row is skipped with it.
#   host_simple_touch_replay (for run_simple_touch): waits until weston-simple-touch's window
#       is mapped, then replays the recording until every contact has lifted.
#   HOST_UP_LINE (optional): the event log line of a lifted contact, when the host's rig does
#       not write "libinput up" (KWin's feeder writes "fake-input up").
#   TOUCH_CLIENT, DEFER_CLIENT: paths of tests/hosts/bezel-touch-client and
#       examples/bezel-defer-client built for the host.
#   pass MESSAGE / fail MESSAGE: count results.
# Then it calls run_host_expectations [CASE...] (all cases when none are named).
declare -gA HOST_SKIP=()

# count FILE PATTERN: lines of FILE matching PATTERN (0 when FILE is missing)
count() { grep -c -- "$2" "$1" 2>/dev/null || true; }

# line_of FILE PATTERN: first line number of PATTERN in FILE (empty if absent)
# runner_window_wider KEY=VALUE: true when KEY is a timing window (a "-ms" key) that the runner's
# own EXTRA_INI already sets at least as wide. A row widens a window for a loaded machine
# (hold-window-ms=1000); it must not narrow what a runner widened further (valgrind's 2000).
runner_window_wider() {
	local key=${1%%=*} value=${1#*=} own
	case $key in *-ms) ;; *) return 1 ;; esac
	own=$(printf '%s\n' "${EXTRA_INI:-}" | sed -n "s/^$key=//p" | tail -1)
	[ -n "$own" ] && [ "$own" -ge "$value" ] 2>/dev/null
}

line_of() { grep -n -m1 -- "$2" "$1" 2>/dev/null | cut -d: -f1 || true; }

# R2: a tap at the bottom edge is held and released at its up, with its original time; the
# dock candidate fails `tap`.
check_tap() {
	local ev=$DIR/events.log c=$DIR/c.out in_up send_down down_time
	in_up=$(line_of "$ev" "[0-9] input up id=0")
	send_down=$(line_of "$ev" "send down id=0")
	down_time=$(grep -m1 "[0-9] input down id=0" "$ev" | sed 's/.*time=//')
	[ "$(count "$c" ' down id=0')" = 1 ] && [ "$(count "$c" ' up id=0')" = 1 ] &&
		[ -n "$send_down" ] && [ -n "$in_up" ] && [ "$send_down" -gt "$in_up" ] &&
		[ -n "$down_time" ] && grep -q " down id=0 .*time=$down_time\$" "$c" &&
		grep -q "gesture failed dock.*reason=tap" "$ev"
}

# R1/R8: a subsurface whose parent was unmapped (a null buffer commit) and mapped again still
# takes touches: a tap in the middle lands on it (bezel-touch-client --subsurface --remap puts
# its 400x400 subsurface there), delivered at once at its surface-local centre.
check_remap() {
	local c=$DIR/c.out
	grep -q " unmapped" "$c" && grep -q " remapped" "$c" &&
		[ "$(count "$c" ' down id=0')" = 1 ] && [ "$(count "$c" ' up id=0')" = 1 ] &&
		grep -q " down id=0 x=200.0 y=200.0" "$c" && grep -q " on sub" "$c"
}

# R2 + R5: a swipe up from the bottom is the dock; it follows the finger and commits; the client
# never sees the touch.
check_dock_swipe() {
	local ev=$DIR/events.log
	grep -q "gesture began dock" "$ev" && grep -q "gesture ended dock .*committed=1" "$ev" &&
		[ "$(count "$ev" 'gesture changed dock')" -gt 3 ] &&
		[ "$(grep -c -E ' (down|motion|up|cancel|frame)( |$)' "$DIR/c.out")" = 0 ]
}

# R2 late begin: the held down is flushed, then gesture_taken, then wl_touch.cancel, then nothing.
check_late_begin() {
	local c=$DIR/c.out taken cancel down total after
	taken=$(line_of "$c" "gesture_taken")
	cancel=$(line_of "$c" " cancel")
	down=$(line_of "$c" " down id=0")
	total=$(wc -l <"$c")
	after=$(tail -n +$((${cancel:-$total} + 1)) "$c" | grep -c -E ' (down|motion|up)( |$)')
	[ -n "$down" ] && [ -n "$taken" ] && [ -n "$cancel" ] && [ "$down" -lt "$taken" ] &&
		[ "$taken" -lt "$cancel" ] && [ "$after" = 0 ] &&
		grep -q "gesture began dock" "$DIR/events.log"
}

# R3 + R4: a client deferring the bottom gets the first swipe, deferred_swipe and the
# affordance; the second swipe is the dock and the client sees nothing of it.
check_swipe_twice() {
	local c=$DIR/c.out ev=$DIR/events.log shown began
	shown=$(line_of "$ev" 'affordance shown edge=2')
	began=$(line_of "$ev" 'gesture began dock')
	[ "$(count "$c" 'touch down id=0')" = 1 ] && [ "$(count "$c" 'touch up id=0')" = 1 ] &&
		[ -n "$(line_of "$c" "deferred_swipe bottom")" ] && [ "$(count "$c" 'touch motion')" -gt 5 ] &&
		[ "$(count "$ev" 'gesture began dock')" = 1 ] && [ -n "$shown" ] && [ -n "$began" ] &&
		[ "$shown" -lt "$began" ] && grep -q "affordance hidden edge=2" "$ev" &&
		[ "$(count "$c" 'touch cancel')" = 0 ]
}

# R3 with a deferral region (protocol version 3, docs/design.md §5): a client that defers the
# bottom edge only over a region holding the swipe keeps it, as R3 says: its touch from the
# down, deferred_swipe, the affordance; the dock fails 'deferred' and never begins.
check_region_inside() {
	local c=$DIR/c.out ev=$DIR/events.log
	grep -q "bound at version 3" "$c" &&
		[ "$(count "$c" 'touch down id=0')" = 1 ] && [ "$(count "$c" 'touch up id=0')" = 1 ] &&
		grep -q "deferred_swipe bottom" "$c" && [ "$(count "$c" 'touch cancel')" = 0 ] &&
		grep -q "gesture failed dock.*reason=deferred" "$ev" && grep -q "affordance shown edge=2" "$ev" &&
		! grep -q "gesture began dock" "$ev"
}

# R3/R2 with a deferral region: the same swipe outside the client's region is the system's:
# the dock begins and commits, and the client, which defers the bottom edge elsewhere, sees
# nothing of the touch.
check_region_outside() {
	local c=$DIR/c.out ev=$DIR/events.log
	grep -q "bound at version 3" "$c" && grep -q "honored_edges bottom" "$c" &&
		grep -q "gesture began dock" "$ev" && grep -q "gesture ended dock .*committed=1" "$ev" &&
		[ "$(grep -c -E 'touch (down|motion|up|cancel)' "$c")" = 0 ] && ! grep -q "deferred_swipe" "$c"
}

# R7: a drag survives a dock swipe by a second finger; the modal cover sheet cancels it
# (source cancelled, leave, nothing dropped), before it begins; the client never gets the other
# fingers. The row sets hold-window-ms=1000: a host stalled past the default 150 ms on a loaded
# machine would flush the cover sheet's finger to the client first, a correct R2 late begin
# that is not what this row checks.
check_drag() {
	local c=$DIR/c.out ev=$DIR/events.log dock cover dcancel
	dock=$(line_of "$ev" "gesture began dock")
	cover=$(line_of "$ev" "gesture began cover_sheet")
	dcancel=$(line_of "$ev" "drag cancelled")
	grep -q "drag-started" "$c" && grep -q "drag start id=0" "$ev" && [ -n "$dock" ] &&
		[ -n "$cover" ] && [ -n "$dcancel" ] && [ "$dock" -lt "$dcancel" ] &&
		[ "$dcancel" -lt "$cover" ] && grep -q "source-cancelled" "$c" &&
		grep -q "dd-leave" "$c" && ! grep -q -E "dd-drop|source-drop-performed|source-dnd-finished" "$c" &&
		[ "$(count "$c" ' down id=1')" = 0 ] && [ "$(count "$c" ' down id=2')" = 0 ]
}

# R10 (docs/design.md §4.6): the rows below bind back on the left edge (bind-left=back:0.0:1.0)
# and swipe in from it. back_in_order FILE: the client's back events came in order: back_edges
# left (4) first, then back_began from the left edge, back_changed at least twice, and
# back_invoked, each once (back_changed aside), and no back_cancelled.
back_in_order() {
	local c=$1 edges began changed invoked
	edges=$(line_of "$c" " back_edges 4$")
	began=$(line_of "$c" " back_began edge=4 ")
	changed=$(line_of "$c" " back_changed progress=")
	invoked=$(line_of "$c" " back_invoked")
	[ -n "$edges" ] && [ -n "$began" ] && [ -n "$changed" ] && [ -n "$invoked" ] &&
		[ "$edges" -lt "$began" ] && [ "$began" -lt "$changed" ] && [ "$changed" -lt "$invoked" ] &&
		[ "$(count "$c" ' back_began')" = 1 ] && [ "$(count "$c" ' back_invoked')" = 1 ] &&
		[ "$(count "$c" ' back_changed')" -ge 2 ] && [ "$(count "$c" ' back_cancelled')" = 0 ]
}

# R10, the app's: a client handling back (protocol version 4) gets the swipe in from the left as
# back events and no touch at all; the host is told the gesture as the app's (app_handled=1 on
# its began and ended lines, committed), and runs nothing of its own.
check_back_app() {
	local c=$DIR/c.out ev=$DIR/events.log
	back_in_order "$c" &&
		[ "$(grep -c -E ' (down|motion|up|cancel|frame)( |$)' "$c")" = 0 ] &&
		grep -q "gesture began back edge=4 .*app_handled=1" "$ev" &&
		grep -q "gesture ended back edge=4 committed=1 .*app_handled=1" "$ev"
}

# R10, the host's: a client that does not handle back (a version 1 gesture object) leaves the
# gesture to the host: began and ended committed, without app_handled; the client gets no touch
# and no back event.
check_back_host() {
	local c=$DIR/c.out ev=$DIR/events.log
	grep -q "gesture began back edge=4 " "$ev" && grep -q "gesture ended back edge=4 committed=1 " "$ev" &&
		! grep -q "app_handled" "$ev" && ! grep -q " back_" "$c" &&
		[ "$(grep -c -E ' (down|motion|up|cancel|frame)( |$)' "$c")" = 0 ]
}

# R10 + R2 late begin: the client handling back had the touch (held past the hold window, then
# flushed to it): gesture_taken left, then wl_touch.cancel, then the back events, and no touch
# event after the cancel.
check_back_late() {
	local c=$DIR/c.out down taken cancel began total after
	down=$(line_of "$c" " down id=0")
	taken=$(line_of "$c" " gesture_taken 4")
	cancel=$(line_of "$c" " cancel$")
	began=$(line_of "$c" " back_began edge=4 ")
	total=$(wc -l <"$c")
	after=$(tail -n +$((${cancel:-$total} + 1)) "$c" | grep -c -E ' (down|motion|up)( |$)')
	[ -n "$down" ] && [ -n "$taken" ] && [ -n "$cancel" ] && [ -n "$began" ] &&
		[ "$down" -lt "$taken" ] && [ "$taken" -lt "$cancel" ] && [ "$cancel" -lt "$began" ] &&
		[ "$after" = 0 ] && back_in_order "$c" &&
		grep -q "gesture began back edge=4 .*app_handled=1" "$DIR/events.log"
}

# R8/R9: a client killed mid-touch disturbs neither the compositor nor the next client, whose
# taps are each matched by an up.
check_client_killed() {
	local d=$DIR/d.out
	[ "$(cat "$DIR/wayland-info.status" 2>/dev/null)" = 0 ] && [ "$(count "$d" ' down id=0')" -ge 1 ] &&
		[ "$(count "$d" ' up id=0')" = "$(count "$d" ' down id=0')" ] &&
		! grep -q -i "segfault\|assert\|fatal" "$DIR/host.log"
}

# M1/M3 (docs/design.md §4.5): three fingers landing together in the middle and swiping left are the
# bound multi-finger swipe; the client got the three downs, then wl_touch.cancel (a version-1
# client is never sent gesture_taken with edge 0), then nothing; it ends committed.
check_multi_finger_swipe() {
	local c=$DIR/c.out ev=$DIR/events.log cancel total after
	cancel=$(line_of "$c" " cancel")
	total=$(wc -l <"$c")
	after=$(tail -n +$((${cancel:-$total} + 1)) "$c" | grep -c -E ' (down|motion|up)( |$)')
	grep -q "gesture began workspace edge=0 .*kind=1 fingers=3" "$ev" &&
		grep -q "gesture ended workspace edge=0 committed=1" "$ev" &&
		[ "$(count "$c" ' down id=')" = 3 ] && [ -n "$cancel" ] && [ "$after" = 0 ] &&
		! grep -q "gesture began dock" "$ev"
}

# M4 (docs/design.md §4.5): a full-screen client deferring the swipe kind keeps the three-finger swipe:
# it is told honored_gestures swipe, gets the three downs and the three ups, never gesture_taken
# nor wl_touch.cancel; the bound gesture fails with reason deferred and never begins.
check_multi_finger_deferred() {
	local c=$DIR/c.out ev=$DIR/events.log
	grep -q "honored_gestures swipe (1)" "$c" &&
		[ "$(count "$c" 'touch down id=')" = 3 ] && [ "$(count "$c" 'touch up id=')" = 3 ] &&
		[ "$(count "$c" 'touch cancel')" = 0 ] && [ "$(count "$c" 'gesture_taken')" = 0 ] &&
		grep -q "gesture failed workspace edge=0 reason=deferred" "$ev" &&
		! grep -q "gesture began workspace" "$ev"
}

# M4 + R6: the same client in a window that is not full screen asks for the swipe kind and is
# told honored_gestures none (0) (default defer-policy=fullscreen masks kinds as it masks
# edges), and only that: never an edge or kind honoured first and taken back a moment later;
# the three-finger swipe is the system's: it begins and commits, and the client gets its three
# downs, then gesture_taken 0, then wl_touch.cancel, and no up.
check_multi_finger_policy() {
	local c=$DIR/c.out ev=$DIR/events.log last_down taken cancel
	last_down=$(grep -n "touch down id=" "$c" | tail -1 | cut -d: -f1)
	taken=$(line_of "$c" "gesture_taken 0 (multi-finger)")
	cancel=$(line_of "$c" "touch cancel")
	[ "$(grep "^honored_" "$c" | tr '\n' ';')" = "honored_edges none (0);honored_gestures none (0);" ] &&
		grep -q "gesture began workspace edge=0 .*kind=1 fingers=3" "$ev" &&
		grep -q "gesture ended workspace edge=0 committed=1" "$ev" &&
		[ "$(count "$c" 'touch down id=')" = 3 ] && [ "$(count "$c" 'touch up id=')" = 0 ] &&
		[ -n "$taken" ] && [ -n "$cancel" ] && [ "$last_down" -lt "$taken" ] && [ "$taken" -lt "$cancel" ]
}

# Rotated outputs (docs/design.md §4.1: edges are the user's, after the output transform). The
# recording swipes in from the panel's bottom edge, then from the panel edge that the transform
# makes the user's bottom. check_rotated_edges GESTURE EDGE: the panel's bottom swipe opened
# GESTURE at the user's EDGE (protocol value), or, for "none", nothing began (the user's left is
# unbound) and the client got that swipe; the second swipe is the dock at the user's bottom
# (edge 2), followed and committed; the dock began once, and the client never saw that swipe.
check_rotated_edges() {
	local ev=$DIR/events.log c=$DIR/c.out first dock
	dock=$(line_of "$ev" "gesture began dock edge=2 ")
	[ -n "$dock" ] && [ "$(count "$ev" 'gesture began dock')" = 1 ] &&
		grep -q "gesture ended dock edge=2 committed=1" "$ev" || return 1
	if [ "$1" = none ]; then
		[ "$(count "$ev" 'gesture began')" = 1 ] && [ "$(count "$c" ' down id=')" = 1 ] &&
			[ "$(count "$c" ' up id=')" = 1 ] && [ "$(count "$c" ' motion id=')" -gt 5 ] &&
			[ "$(count "$c" ' cancel')" = 0 ]
	else
		first=$(line_of "$ev" "gesture began $1 edge=$2 ")
		[ -n "$first" ] && [ "$first" -lt "$dock" ] && [ "$(count "$ev" 'gesture began')" = 2 ] &&
			[ "$(grep -c -E ' (down|motion|up|cancel)( |$)' "$c")" = 0 ]
	fi
}
check_rotated_90() { check_rotated_edges slide_over 8; }
check_rotated_180() { check_rotated_edges cover_sheet 1; }
check_rotated_270() { check_rotated_edges none 4; }
check_rotated_flipped_90() { check_rotated_edges none 4; }

# R8 on rotation: the output turns a quarter (normal to 90) while the dock follows a finger and
# another finger rests on the client. The rig's "rig rotate" line is later than the dock's begin;
# the dock is cancelled, the client gets wl_touch.cancel and nothing after it. Then the new
# edges: in from the panel's left (the user's bottom now) is the dock, and commits; in from the
# panel's right (the user's top) is the cover sheet; in from the panel's bottom (the user's
# right) is a slide-over candidate, never the dock. (It begins where the finger's motions reach
# the host; weston passes no motion for a finger with no view under it, and the client, which
# does not redraw at the new size, no longer covers the user's right edge: there the candidate
# fails, `still` or `tap`.) The row's hold window is 1000 ms, so that a host stalled on a
# loaded machine does not flush the dock's finger to the client first (an R2 late begin).
check_rotated_mid_gesture() {
	local ev=$DIR/events.by-time c=$DIR/c.out began rotate cancelled again cover slide cancel total after
	# In the order of the lines' times (a stable sort keeps the order of equal times): the rig
	# and the plugin write the log through buffers of their own, so the rig's "rig rotate" may
	# be written before plugin lines older than it.
	sort -s -n -k1,1 "$DIR/events.log" >"$ev"
	began=$(line_of "$ev" "gesture began dock edge=2 ")
	rotate=$(line_of "$ev" "rig rotate")
	cancelled=$(line_of "$ev" "gesture cancelled dock edge=2 ")
	again=$(grep -n "gesture began dock edge=2 " "$ev" | sed -n 2p | cut -d: -f1)
	cover=$(line_of "$ev" "gesture began cover_sheet edge=1 ")
	slide=$(grep -n -E -m1 "gesture (began|failed) slide_over edge=8 " "$ev" | cut -d: -f1)
	cancel=$(line_of "$c" " cancel")
	total=$(wc -l <"$c")
	after=$(tail -n +$((${cancel:-$total} + 1)) "$c" | grep -c -E ' (down|motion|up|cancel)( |$)')
	[ -n "$began" ] && [ -n "$rotate" ] && [ -n "$cancelled" ] && [ -n "$again" ] && [ -n "$cover" ] &&
		[ -n "$slide" ] && [ "$began" -lt "$rotate" ] && [ "$rotate" -lt "$cancelled" ] &&
		[ "$cancelled" -lt "$again" ] && [ "$again" -lt "$cover" ] && [ "$cover" -lt "$slide" ] &&
		[ "$(count "$ev" 'gesture began dock')" = 2 ] &&
		[ "$(count "$ev" 'gesture ended dock edge=2 committed=1')" = 1 ] &&
		[ "$(count "$c" ' down id=')" = 1 ] && [ -n "$cancel" ] && [ "$after" = 0 ]
}

# R8 on unplug: the touchscreen's output is removed while the dock follows finger 1 and finger
# 0 rests on the client. The dock began before the rig's "rig unplug" line and is cancelled
# after it, never ended; the client got finger 0's down, then wl_touch.cancel, and none of the
# two fingers' events after it (no motion; at most the later tap's down and up); that later tap,
# on the output that is left, reaches a client (a "send down" after "output removed"): the
# compositor serves on.
check_unplugged_mid_gesture() {
	local ev=$DIR/events.log c=$DIR/c.out cancel tail_c order
	# In the order of the lines' times: the rig and the plugin write the log through buffers of
	# their own, so its lines need not be in time order (under valgrind, far from it). The first
	# output removed at or after the unplug (a host may replace the plugin's default output at
	# its start with a removal too), and a client's down after that.
	order=$(awk '
		/ gesture began dock edge=2 / && !began { began = $1 }
		/ rig unplug / && !unplug { unplug = $1 }
		/ gesture cancelled dock edge=2 / && !cancelled { cancelled = $1 }
		/ gesture ended dock/ { ended++ }
		/ gesture began dock/ { begins++ }
		{ t[NR] = $1; line[NR] = $0 }
		END {
			for (i = 1; i <= NR; i++) {
				if (unplug && t[i] >= unplug && line[i] ~ / output removed id=/ && (!removed || t[i] < removed)) removed = t[i]
			}
			for (i = 1; i <= NR; i++)
				if (removed && t[i] > removed && line[i] ~ / send down id=/) sent++
			ok = began && unplug && removed && cancelled && began < unplug && removed <= cancelled &&
				ended == 0 && begins == 1 && sent >= 1
			print ok ? "ok" : "began=" began " unplug=" unplug " removed=" removed " cancelled=" cancelled " ended=" ended+0 " begins=" begins+0 " sent=" sent+0
		}' "$ev")
	[ "$order" = ok ] || { echo "unplug: the event log's order: $order"; return 1; }
	cancel=$(line_of "$c" " cancel")
	[ -n "$cancel" ] || return 1
	tail_c=$(tail -n +$((cancel + 1)) "$c")
	[ "$(head -n "$cancel" "$c" | grep -c ' down id=0 ')" = 1 ] &&
		[ "$(grep -c -E ' motion id=' <<<"$tail_c")" = 0 ] && [ "$(grep -c -E ' down id=' <<<"$tail_c")" -le 1 ] &&
		[ "$(grep -c -E ' up id=' <<<"$tail_c")" -le 1 ] && [ "$(grep -c ' cancel' <<<"$tail_c")" = 0 ]
}

# host_play_kill NAME RECORDING MOMENT [CLIENT ARGS...]: client c (bezel-touch-client with
# ARGS) is killed as soon as it prints MOMENT (" motion id=0": while finger 0 moves over it;
# " down id=0": right after the touch-down); client d maps while that finger still moves and
# gets the next taps; wayland-info runs after the replay.
host_play_kill() {
	local name=$1 rec=$2 moment=$3
	shift 3
	if ! host_start "$name" "$rec" realtime; then
		host_stop
		fail "$name: the compositor did not start$(type host_why_not_started >/dev/null 2>&1 && echo ": $(host_why_not_started)") (see $DIR)"
		return 1
	fi
	start_client c "$TOUCH_CLIENT" "$@"
	if ! wait_for "$DIR/c.out" " ready" 1 20 "client c's ready line"; then
		host_stop "$CPID_c"
		fail "$name: client not ready (see $DIR)"
		return 1
	fi
	kill -"${HOST_OPEN_SIGNAL:-USR2}" "$HOST_PID"
	wait_for "$DIR/c.out" "$moment" 1 20 "'$moment' at client c, the moment it is killed"
	kill_process "client c" "$CPID_c"
	start_client d "$TOUCH_CLIENT"
	wait_for "$DIR/d.out" " ready" 1 20 "client d's ready line"
	wait_for "$DIR/events.log" "${HOST_UP_LINE:-libinput up}" "$CONTACTS" 30 "every contact's up in the event log"
	run_bounded 30 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1
	echo $? >"$DIR/wayland-info.status"
	host_stop "$CPID_d"
}

# The table: case | recording | client | ready pattern | pacing | check | [bezel] keys | what a
# user would see. client: touch or defer, optionally followed by ':' and the client's arguments
# (split at spaces: "defer:--gestures swipe"), or "kill" for the client-killed course (with the
# touch client's arguments after ':', and the moment it is killed in place of the ready
# pattern); pacing: realtime or fast; keys: extra [bezel] lines (\n between them), "-" for none;
# a key "host:transform=T" or "host:rotate=T@N" is no [bezel] line but asks the host to start
# its output turned by T, or to turn it to T after N touch motions (host_rotation above);
# "host:unplug=N" to remove the touchscreen's output after N touch motions (host_unplug above).
# A host may skip a case it cannot pass for a reason outside Bezel: HOST_SKIP[case]="why"
# (printed as a SKIP line, which CI counts as a failure).
HOST_EXPECTATIONS=(
	"tap|tap-bottom|touch| ready|fast|check_tap|-|R2 tap at the bottom edge: held, released at its up with its original time, candidate failed 'tap'"
	"swipe|swipe-up|touch| ready|fast|check_dock_swipe|-|R2/R5 swipe up from the bottom: dock began, changed, ended committed; the client got no touch event"
	"late|late-begin|touch| ready|fast|check_late_begin|-|R2 late begin: the held down flushed, then gesture_taken, then wl_touch.cancel, then nothing"
	"defer|swipe-twice|defer|honored_edges bottom|fast|check_swipe_twice|-|R3/R4 deferring client: first swipe delivered + deferred_swipe + affordance; second swipe is the dock, unseen by the client"
	"region-in|swipe-up|defer:--version 3 --region 0,1000,720,920|honored_edges bottom|fast|check_region_inside|-|R3 v3 client deferring the bottom edge over a region (0,1000 720x920) that holds the swipe: the client keeps it (down to up), deferred_swipe, affordance shown; the dock failed 'deferred'"
	"region-out|swipe-up|defer:--version 3 --region 720,0,360,1920|honored_edges bottom|fast|check_region_outside|-|R3/R2 v3 client deferring the bottom edge over a region (720,0 360x1920) beside the swipe: the dock begins and commits; the client sees nothing of the touch"
	"drag|drag|touch:--drag| ready|realtime|check_drag|hold-window-ms=1000|R7 drag survives a second-finger dock swipe; the cover sheet cancels it (source cancelled, leave, no drop)"
	"kill|kill|kill| motion id=0|realtime|check_client_killed|-|R8/R9 client killed mid-touch: the compositor keeps running, the next client gets the next taps"
	"kill-sub|kill|kill:--subsurface| down id=0|realtime|check_client_killed|-|R8/R9 a client with a subsurface killed right after a touch-down on it: the compositor keeps running, the next client gets the next taps"
	"remap|tap-middle|touch:--subsurface --remap| ready|fast|check_remap|-|R1/R8 a subsurface whose parent was unmapped (null buffer) and mapped again: a tap on it reaches the client at (200, 200) on the subsurface"
	"multi|three-finger-swipe|touch| ready|fast|check_multi_finger_swipe|multi-finger=workspace:swipe:3:left|M1/M3 three-finger swipe in the middle: the bound gesture begins and commits; the client got the downs, then wl_touch.cancel, then nothing"
	"multi-defer|three-finger-swipe|defer:--gestures swipe|honored_gestures swipe|fast|check_multi_finger_deferred|multi-finger=workspace:swipe:3:left|M4 a full-screen client deferring the swipe kind keeps the three-finger swipe: downs and ups, no gesture_taken, no cancel; the workspace gesture failed 'deferred', never began"
	"multi-policy|three-finger-swipe|defer:--gestures swipe --windowed|honored_gestures none|fast|check_multi_finger_policy|multi-finger=workspace:swipe:3:left|M4/R6 the same deferral from a window that is not full screen: told honored_gestures none (0); the workspace swipe begins and commits; the client got its downs, gesture_taken 0, wl_touch.cancel, no up"
	"back-app|edges-left|touch:--back| back_edges|fast|check_back_app|bind-left=back:0.0:1.0|R10 a client handling back (protocol version 4): the swipe in from the left edge comes as back_edges left, back_began, back_changed, back_invoked, and no touch; the host is told it as the app's (app_handled=1) and acts on nothing"
	"back-host|edges-left|touch| ready|fast|check_back_host|bind-left=back:0.0:1.0|R10 a client not handling back: the swipe in from the left edge is the host's back (began, ended committed, not app_handled); the client gets no touch and no back event"
	"back-late|late-left|touch:--back| back_edges|fast|check_back_late|bind-left=back:0.0:1.0|R10/R2 a late back begin on a client handling back: it had the touch, then gesture_taken left, wl_touch.cancel, then back_began, back_changed, back_invoked, and no touch after the cancel"
	"rot-90|edges-bottom-left|touch| ready|fast|check_rotated_90|host:transform=90|§4.1 output turned 90: the panel's bottom is the user's right (slide-over began, no dock); the panel's left is the user's bottom: dock began and committed, unseen by the client"
	"rot-180|edges-bottom-top|touch| ready|fast|check_rotated_180|host:transform=180|§4.1 output turned 180: the panel's bottom is the user's top (cover sheet began, no dock); the panel's top is the user's bottom: dock began and committed, unseen by the client"
	"rot-270|edges-bottom-right|touch| ready|fast|check_rotated_270|host:transform=270|§4.1 output turned 270: the panel's bottom is the user's left (unbound: the client got the swipe, nothing began); the panel's right is the user's bottom: dock began and committed, unseen by the client"
	"rot-flipped-90|edges-bottom-left|touch| ready|fast|check_rotated_flipped_90|host:transform=flipped-90|§4.1 output flipped-90: the panel's bottom is the user's left (unbound: the client got the swipe, nothing began); the panel's left is the user's bottom: dock began and committed, unseen by the client"
	"unplug|unplug-mid|touch| ready|realtime|check_unplugged_mid_gesture|host:unplug=16\nhold-window-ms=1000|R8 on unplug: the touchscreen's output is removed mid-dock: dock cancelled, not ended; the client's resting finger gets wl_touch.cancel and nothing after; a later tap on the output left reaches a client"
	"rot-runtime|rotate-mid|touch| ready|realtime|check_rotated_mid_gesture|host:rotate=90@16\nhold-window-ms=1000|R8 on rotation: the output turns 90 mid-dock: dock cancelled, the client's resting finger gets wl_touch.cancel and nothing after; then the panel's left is the dock (committed), its right the cover sheet, its bottom slide-over, never the dock"
)

# run_simple_touch LABEL SWIPE: the case simple-touch, weston-simple-touch, a client that knows
# nothing of Bezel. Its 600x500 window sits at the top left. A tap inside it is delivered at
# once (R1) at the surface-local point; a swipe up from the bottom edge is the dock (R2); it
# keeps running (nothing it was sent made it fail). LABEL: the compositor, as a failed start
# names it; SWIPE: how the pass line names that swipe.
run_simple_touch() {
	local label=$1 swipe=$2 alive ev
	want simple-touch || return 0
	if host_start simple-touch tap-app; then
		start_client c weston-simple-touch
		if host_simple_touch_replay; then
			bounded_alive "$CPID_c"
			alive=$?
			host_stop "$CPID_c"
			ev=$DIR/events.log
			if [ $alive = 0 ] && grep -q "send down id=0 x=300.0 y=250.0" "$ev" &&
				[ "$(count "$ev" 'send up id=0')" = 1 ] && grep -q "gesture began dock" "$ev" &&
				grep -q "gesture ended dock .*committed=1" "$ev"; then
				pass "R1/R2 weston-simple-touch: a tap in its window is delivered at (300, 250); $swipe is the dock; it keeps running"
			else
				fail "weston-simple-touch (see $DIR)"
			fi
		else
			host_stop "$CPID_c"
			fail "simple-touch: not mapped or replay incomplete (see $DIR)"
		fi
	else
		host_stop
		fail "simple-touch: $label did not start (see $DIR)"
	fi
}

# run_config_unbind INI NAME HOW: the case config, gesture settings from the host's [bezel]
# section reach the plugin (its "configuration set" line): INI (bind-bottom= as the host spells
# it) unbinds the bottom edge, so a swipe up reaches the client whole and nothing begins.
# NAME: the run's folder; HOW: how the pass line names the setting.
run_config_unbind() {
	local ini=$1 name=$2 how=$3
	want config || return 0
	EXTRA_INI=$ini host_play "$name" swipe-up " ready" "$TOUCH_CLIENT" || return 0
	if grep -q "bezel: configuration set" "$DIR/host.log" &&
		[ "$(count "$DIR/c.out" ' down id=0')" = 1 ] && [ "$(count "$DIR/c.out" ' up id=0')" = 1 ] &&
		[ "$(count "$DIR/c.out" ' motion id=0')" -gt 5 ] && ! grep -q "gesture began" "$DIR/events.log"; then
		pass "$how unbinds the bottom edge: the swipe up reaches the client, no dock"
	else
		fail "[bezel] bind-bottom= (see $DIR)"
	fi
}

# expect_dock_pixels PANEL SURFACE [TOOL]: the screenshot PNG (tests/lib/touchscreen.sh's
# pixel), taken after a committed dock swipe, shows the dock panel over the bottom 22 % of the
# screen (PANEL, "R G B" within 10, at two points) and the client's surface above it (SURFACE,
# within 3, at two points). TOOL: the screenshot tool the pass line names, if any.
expect_dock_pixels() {
	local tool=${3:-}
	# shellcheck disable=SC2086 # PANEL and SURFACE are three numbers each
	if [ -n "$PNG" ] && rgb_near "$(pixel "$PNG" 540 1850)" $1 10 &&
		rgb_near "$(pixel "$PNG" 540 1520)" $1 10 &&
		rgb_near "$(pixel "$PNG" 540 1480)" $2 3 &&
		rgb_near "$(pixel "$PNG" 540 600)" $2 3; then
		pass "dock panel: after a committed swipe the bottom 22 % of the screen is the dock's colour, the rest the client's${tool:+ ($tool)}"
	else
		fail "dock panel pixels (see $DIR, screenshot '$PNG')"
	fi
}

# run_host_expectations [CASE...]: plays each case of the table on the host and checks it.
run_host_expectations() {
	local row name rec client ready pacing check keys what want args
	for row in "${HOST_EXPECTATIONS[@]}"; do
		IFS='|' read -r name rec client ready pacing check keys what <<<"$row"
		# "defer:--gestures swipe": the client, then its arguments (split at the first ':').
		args=()
		case $client in *:*) read -r -a args <<<"${client#*:}"; client=${client%%:*} ;; esac
		if [ $# -gt 0 ]; then
			want=0
			for c in "$@"; do [ "$c" = "$name" ] && want=1; done
			[ $want = 1 ] || continue
		fi
		case " ${EXCEPT[*]:-} " in *" $name "*) echo "not run: $name (left out with --except)"; continue ;; esac
		if [ -n "${HOST_SKIP[$name]:-}" ]; then
			echo "SKIP: $name on this host: ${HOST_SKIP[$name]}"
			continue
		fi
		local realtime= windowed= ini=${EXTRA_INI:-} transform= rotate= unplug= line why
		[ "$pacing" = realtime ] && realtime=1
		case " ${args[*]} " in *" --windowed "*) windowed=1 ;; esac
		# "host:" keys are asks of the host (rotation), the rest [bezel] lines.
		if [ "$keys" != - ]; then
			while IFS= read -r line; do
				case $line in
				host:transform=*) transform=${line#host:transform=} ;;
				host:rotate=*) rotate=${line#host:rotate=} ;;
				host:unplug=*) unplug=${line#host:unplug=} ;;
				# After the runner's own (EXTRA_INI, e.g. valgrind's), unless the runner's
				# window for the same key is already as wide (memcheck's slowness needs it).
				?*) runner_window_wider "$line" || ini="${ini:+$ini$'\n'}$line" ;;
				esac
			done < <(printf '%b\n' "$keys")
		fi
		if [ -n "$transform$rotate" ]; then
			why="the runner has no host_rotation"
			type host_rotation >/dev/null 2>&1 && why=$(host_rotation)
			if [ -n "$why" ]; then
				echo "SKIP: $name on this host: $why"
				continue
			fi
		fi
		if [ -n "$unplug" ]; then
			why="the runner has no host_unplug"
			type host_unplug >/dev/null 2>&1 && why=$(host_unplug)
			if [ -n "$why" ]; then
				echo "SKIP: $name on this host: $why"
				continue
			fi
		fi
		local ok=1
		case $client in
		touch) HOST_TRANSFORM=$transform HOST_ROTATE=$rotate HOST_UNPLUG=$unplug EXTRA_INI=$ini REALTIME=$realtime WINDOWED=$windowed host_play "$name" "$rec" "$ready" "$TOUCH_CLIENT" "${args[@]}" || ok=0 ;;
		defer) HOST_TRANSFORM=$transform HOST_ROTATE=$rotate EXTRA_INI=$ini REALTIME=$realtime WINDOWED=$windowed host_play "$name" "$rec" "$ready" "$DEFER_CLIENT" "${args[@]}" || ok=0 ;;
		kill) EXTRA_INI=$ini host_play_kill "$name" "$rec" "$ready" "${args[@]}" || ok=0 ;;
		esac
		[ $ok = 1 ] || continue # host_play printed the FAIL line
		if "$check"; then pass "$what"; else fail "$what (see $DIR)"; fi
	done
}
