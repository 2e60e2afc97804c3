# The hostile course every host runs in both generations (weston, wlroots, Wayfire, KWin, cage,
# sway, phoc), written once: misbehaving clients while touches play, and what one client's surfaces
# cost the compositor and every other client (docs/design.md §5: a hostile client gets a protocol
# error and is disconnected; it can never crash, stall or confuse the compositor, nor affect another
# client; §9: cost grows no worse than linearly with surfaces). Source it after tests/lib/host.sh
# and tests/hosts/expectations.sh; it defines functions only.
#
# A host runner provides, besides what tests/hosts/expectations.sh asks for:
#   host_start NAME RECORDING realtime / host_stop [CLIENT PIDS...]: as for the table (under
#       valgrind when the runner was asked for it: HOST_VALGRIND=1; host_stop then also judges
#       valgrind's report);
#   host_start_plain NAME with|without: the compositor with Bezel or without it, and no touch
#       device; sets DIR, SOCK and HOST_PID; host_stop stops it;
#   HOSTILE_CLIENT, SCALE_CLIENT (tests/lib/host.sh host_hostile_clients), HOST_NAME (for
#       messages: weston, bezel-compositor, KWin, …);
#   optionally HOST_FLUSHES_WHEN_IDLE (why the host sends its replies only when its event loop
#       goes idle, so that any flood holds every other client's replies; the region flood then
#       reports the other client's round trips without bounding them, and judges the commits'
#       cost alone: KWin),
#   HOST_ALIVE_PID (the compositor's pid, when HOST_PID is a separate touch feeder
#       that SIGUSR2 starts: KWin), HOST_INPUT (what reads the touches, default libinput) and
#       HOST_OPEN_SIGNAL (the signal that starts the replay, default USR2; weston 14 ends on
#       SIGUSR2, so its rig opens on USR1).
# Then it calls run_host_hostile ROUNDS [SEED] and/or run_host_scale IDLE CREATE TOPLEVELS.
# Every figure is printed on a "figure:" line.

# ---- 1. hostile rounds while touches play ----
# A well-behaved client (bezel-touch-client) maps first and stays; the touches (gen-touch.py
# hostile-S: a 1.5 s cycle of taps, slow moves with a second finger swiping up from the bottom,
# swipes from the top and the bottom) are replayed in real time; tests/hosts/hostile-client runs
# ROUNDS rounds, one connection each (floods, gesture objects and surfaces destroyed mid-touch in
# odd orders, unknown edge bits, a second gesture object for one surface, unknown opcodes, abrupt
# exits and SIGKILL). Then: the compositor still runs, wayland-info still works, a new client
# gets its taps, every error a round saw was the one it provoked, and the log shows no crash.
run_host_hostile() {
	local rounds=$1 seed=${2:-1} secs name=hostile start elapsed status summary endings errors
	secs=$((40 + rounds * 4))
	if [ -n "${HOST_VALGRIND:-}" ]; then
		name=hostile-valgrind
		secs=$((120 + rounds * 40))
	fi
	if ! host_start "$name" "hostile-$secs" realtime; then
		host_stop
		fail "$HOST_NAME did not start for the hostile course$(type host_why_not_started >/dev/null 2>&1 && echo ": $(host_why_not_started)") (see $DIR)"
		return 1
	fi
	start_client c "$TOUCH_CLIENT"
	if ! wait_for "$DIR/c.out" " ready" 1 60 "the well-behaved client's ready line"; then
		host_stop "$CPID_c"
		fail "hostile course: the well-behaved client did not map (see $DIR)"
		return 1
	fi
	kill -"${HOST_OPEN_SIGNAL:-USR2}" "$HOST_PID"
	# The first tap of the cycle is the well-behaved client's while it is alone on screen; once
	# the rounds map their own windows, which one is on top at a touch is the shell's choice.
	wait_for "$DIR/c.out" " down id=" 1 60 "the well-behaved client's first touch, before the rounds"

	start=$(date +%s)
	run_bounded $((rounds * 60 + 60)) "hostile-client ($rounds rounds)" \
		env WAYLAND_DISPLAY="$SOCK" HOSTILE_FLUSH_MS="$(hostile_flush_ms)" "$HOSTILE_CLIENT" "$seed" "$rounds" >"$DIR/hostile.out" 2>&1
	status=$?
	elapsed=$(($(date +%s) - start))
	summary=$(grep '^hostile:' "$DIR/hostile.out")
	errors=$(grep -c '^ok round [0-9]* [a-z-]*: protocol error' "$DIR/hostile.out")
	endings=$(sed -n 's/^ok round [0-9]* \([a-z-]*\): \(protocol error [a-z_0-9]*\)#[0-9]* \(code [0-9]*\).*/\1 -> \2 \3/p; s/^ok round [0-9]* \([a-z-]*\): \(abrupt end\|no error\|disconnected\).*/\1 -> \2/p' "$DIR/hostile.out" |
		sort | uniq -c | sed 's/^ *//' | paste -sd ';' | sed 's/;/; /g')
	if [ "$status" = 0 ] && [ -n "$summary" ]; then
		pass "$HOST_NAME: $rounds hostile rounds in ${elapsed} s, every error the provoked protocol error ($summary): $endings"
	else
		fail "$HOST_NAME: hostile rounds (status $status, see $DIR/hostile.out)"
		grep '^FAIL' "$DIR/hostile.out" | head -10 | sed 's/^/    /'
		# What the compositor logged about each failed round's client: libwayland-server names
		# it by pid when it cuts it off, and says when a client's events overflowed its buffer
		# (a client that stopped reading; that line names no client).
		for pid in $(sed -n 's/^FAIL round [0-9]* [a-z-]* (pid \([0-9]*\)).*/\1/p' "$DIR/hostile.out" | head -3); do
			grep -B3 "pid $pid)" "$DIR/host.log" | head -8 | sed 's/^/      host log: /'
		done
		grep -m3 "Data too big for buffer" "$DIR/host.log" | sed 's/^/      host log: /'
	fi

	local alive=no
	bounded_alive "${HOST_ALIVE_PID:-$HOST_PID}" && alive=yes
	echo "figure: $HOST_NAME${HOST_VALGRIND:+ under valgrind}, hostile rounds: $rounds rounds in ${elapsed} s, $errors protocol errors provoked (each the one provoked), survived: $alive"
	if [ $alive = yes ]; then
		pass "$HOST_NAME still runs after the hostile rounds"
	else
		fail "$HOST_NAME is gone after the hostile rounds (see $DIR/host.log)"
		host_stop "$CPID_c"
		return 1
	fi
	if run_bounded 60 wayland-info env WAYLAND_DISPLAY="$SOCK" wayland-info >"$DIR/wayland-info.out" 2>&1 &&
		grep -q bezel_system_gestures_manager_v1 "$DIR/wayland-info.out"; then
		pass "wayland-info still works on $HOST_NAME after the hostile rounds and lists bezel_system_gestures_manager_v1"
	else
		fail "wayland-info after the hostile rounds (see $DIR/wayland-info.out)"
	fi
	# The recording keeps playing its cycle. The first client leaves before the new one maps:
	# with two full-screen windows, which is on top is the shell's choice (kiosk-shell raises
	# the window a touch activates); alone, the new one must get the middle taps.
	stop_process "client c" "$CPID_c" "$CPID_c" 10
	start_client d "$TOUCH_CLIENT"
	if wait_for "$DIR/d.out" " ready" 1 60 "the new client's ready line" &&
		wait_for "$DIR/d.out" " up id=0" 2 60 "two taps reaching the new client" &&
		[ "$(count "$DIR/d.out" ' down id=0')" -ge 2 ]; then
		pass "a new well-behaved client gets its taps after the hostile rounds ($(count "$DIR/d.out" ' up id=0') ups so far)"
	else
		fail "new client's taps after the hostile rounds (see $DIR/d.out)"
	fi
	host_stop "$CPID_c" "$CPID_d"

	# R9: each touch the first client got ended with an up or a cancel; at most the two that
	# were down when it was stopped may still be open.
	local downs open_ids
	read -r downs open_ids <<<"$(awk '$2 == "down" { n++; split($3, a, "="); open[a[2]] = 1 }
		$2 == "up" { split($3, a, "="); delete open[a[2]] }
		$2 == "cancel" { for (k in open) delete open[k] }
		END { m = 0; for (k in open) m++; print n + 0, m }' "$DIR/c.out")"
	if [ "$downs" -ge 1 ] && [ "$open_ids" -le 2 ]; then
		pass "the client mapped throughout got $downs touch downs, each ended by an up or a cancel ($open_ids open when it was stopped)"
	else
		fail "the client mapped throughout: $downs downs, $open_ids never ended (see $DIR/c.out)"
	fi
	# A touchscreen stream out of step shows as SYN_DROPPED (garbage read as events).
	if grep -q "SYN_DROPPED" "$DIR/host.log"; then
		fail "libinput read the touchscreen out of step (SYN_DROPPED in $DIR/host.log)"
	else
		pass "the touchscreen's events reached ${HOST_INPUT:-libinput} whole and in step (no SYN_DROPPED) for the $(grep -c "${HOST_UP_LINE:-libinput up}" "$DIR/events.log") touches played"
	fi
	if grep -q -i -E "segfault|assertion|fatal|backtrace|invalid write|aborted" "$DIR/host.log"; then
		fail "$HOST_NAME's log reports a crash or an assertion (see $DIR/host.log)"
		grep -i -E "segfault|assertion|fatal|backtrace|invalid write|aborted" "$DIR/host.log" | head -5 | sed 's/^/    /'
	else
		pass "$HOST_NAME's log shows no crash, assertion or abort"
	fi
	run_host_region_flood
}

# hostile_flush_ms [UNDER_MEMCHECK]: how long the compositor may leave a hostile client's socket
# full (the client's HOSTILE_FLUSH_MS; empty: its 5 s): UNDER_MEMCHECK ms under memcheck, which
# drains a full socket far more slowly; otherwise HOST_FLOOD_FLUSH_MS where the host's runner
# sets it, with why (a host whose own requests are slow on a loaded machine).
hostile_flush_ms() {
	if [ -n "${HOST_VALGRIND:-}" ] && [ -n "${1:-}" ]; then echo "$1"; else echo "${HOST_FLOOD_FLUSH_MS:-}"; fi
}

# ---- 1b. region flood: one client's deferred-region commits must not stall another client ----
# One client maps full screen with a version 3 gesture object and floods set_deferred_region +
# commit with 4,096 rectangles (the same region at every commit, as a client re-sending its
# region with each frame does; then, on a release build, two regions in turn, so that every
# commit changes it); meanwhile another client times its round trips. The control is the same
# flood with set_input_region instead (what the compositor's own commits cost). The figure line
# gives what a region commit costs beside set_input_region with the same rectangles, and the
# other client's median, p95 and p99 in each flood. Two checks, each a bound that catches a region
# rebuilt slowly at every commit (hundreds of µs a commit, seconds of wait) even on a loaded
# 2-core machine, not a timing goal: a region commit's extra cost stays under three times
# set_input_region's plus HOSTILE_COST_SLACK_US (50 µs), and the other client's p95 during each
# region flood under twice the control's p95 plus HOSTILE_FLOOD_SLACK_MS (20 ms): a p95, not the
# p99, because a loaded machine leaves the 3 s window about 130 round trips, whose p99 is the
# second slowest, set by one stall of the machine (two 0.9 s round trips beside a 1.2 ms median,
# once, with two suites at once on 2 cores); on a host that sends replies only when idle
# (HOST_FLUSHES_WHEN_IDLE) that wait is the flood's, whatever its requests cost, so there only
# the cost is bounded.
# region_flood_case LABEL MODE: runs MODE (region-flood, changing-region-flood,
# input-region-flood) beside the round trips on the compositor at $SOCK; their output in
# $DIR/LABEL.out and $DIR/LABEL-roundtrips.out.
region_flood_case() {
	local label=$1 mode=$2 pid
	HOSTILE_FLUSH_MS=$(hostile_flush_ms 120000) start_client "$label" "$HOSTILE_CLIENT" "$mode" 6
	pid=$(eval echo "\$CPID_$label")
	if ! wait_for "$DIR/$label.out" "^flooding" 1 120 "the $mode client's cost figures and its flooding line"; then
		fail "$HOST_NAME: the $mode client did not start flooding (see $DIR/$label.out)"
		stop_process "client $label" "$pid" "$pid" 10
		return 1
	fi
	run_bounded 60 "hostile-client roundtrips" env WAYLAND_DISPLAY="$SOCK" "$HOSTILE_CLIENT" roundtrips 3 \
		>"$DIR/$label-roundtrips.out" 2>&1
	wait_for "$DIR/$label.out" "^flooded\\|^FAIL" 1 120 "the $mode client's last line"
	reap_clients "$pid"
	if grep -q '^FAIL' "$DIR/$label.out" "$DIR/$label-roundtrips.out"; then
		fail "$HOST_NAME: $mode clients: $(grep -h '^FAIL' "$DIR/$label.out" "$DIR/$label-roundtrips.out" | head -2 | paste -sd ';')"
	fi
}

run_host_region_flood() {
	local limit p95c
	# The table's own start (every host has it); the recording is never played.
	if ! host_start region-flood tap-bottom fast; then
		host_stop
		fail "$HOST_NAME did not start for the region flood$(type host_why_not_started >/dev/null 2>&1 && echo ": $(host_why_not_started)") (see $DIR)"
		return 1
	fi
	region_flood_case control input-region-flood
	region_flood_case flood region-flood
	# A region that changes at every commit is converted at each: a debug build takes about
	# twenty times as long (its flood would measure the debug build, and under memcheck take
	# minutes to drain), so that case runs on the release build, as the product ships; a debug
	# group says "not run" (not a SKIP: the check belongs to the release groups, which run it).
	local changing=
	if [ "${CONFIG:-release}" = release ] && [ -z "${HOST_VALGRIND:-}" ]; then
		changing=1
		region_flood_case changing changing-region-flood
	fi
	host_stop
	p95c=$(num "$DIR/control-roundtrips.out" roundtrip-ms 4)
	echo "figure: $HOST_NAME${HOST_VALGRIND:+ under valgrind}, region flood: a commit's extra cost in us (median): $(sed -n 's/^region-cost-us //p' "$DIR/flood.out"); another client's round trips (ms) during the region flood: $(flood_figure flood), during the changing-region flood: $([ -n "$changing" ] && flood_figure changing || echo "not run (a ${CONFIG:-debug} build)"), during the set_input_region flood: $(flood_figure control)"
	region_cost_judge same "an unchanged region's commit"
	[ -n "$changing" ] && region_cost_judge changed "a changed region's commit"
	limit=$(bound "${p95c:-0}" 2 "${HOSTILE_FLOOD_SLACK_MS:-20}")
	region_flood_judge flood "region commits" "$p95c" "$limit"
	if [ -n "$changing" ]; then
		region_flood_judge changing "region commits (each a changed region)" "$p95c" "$limit"
	else
		echo "not run: $HOST_NAME: the flood of changed regions, a release build's check (this is a ${CONFIG:-debug} build${HOST_VALGRIND:+ under memcheck}, whose conversion is not the product's cost; the release groups of weston, wlroots and Wayfire run it)"
	fi
}

# flood_figure LABEL: the round-trip figures beside the LABEL flood, and how many commits it sent.
flood_figure() {
	echo "$(sed -n 's/^roundtrip-ms //p' "$DIR/$1-roundtrips.out") ($(sed -n 's/^flooded //p' "$DIR/$1.out"))"
}

# region_cost_judge KIND WHAT: the region client's median extra cost of a KIND (same, changed)
# commit against its set_input_region commit with the same 4,096 rectangles (not under memcheck,
# whose own cost it would be).
region_cost_judge() {
	local kind=$1 what=$2 input cost limit
	read -r input cost <<<"$(awk -v k="$kind" '$1 == "region-cost-us" {
		for (i = 2; i < NF; i++) { if ($i == "input") a = $(i + 1); if ($i == k) b = $(i + 1) }
		print a, b; exit }' "$DIR/flood.out" 2>/dev/null)"
	if [ -n "${HOST_VALGRIND:-}" ]; then
		echo "not bounded under valgrind: $HOST_NAME: $what costs ${cost:-?} µs beside set_input_region's ${input:-?} µs (memcheck's cost, not the product's)"
		return 0
	fi
	# A negative median is noise around a bare commit: the bound starts from zero then.
	limit=$(bound "$(awk -v a="${input:-0}" 'BEGIN { print (a < 0 ? 0 : a) }')" 3 "${HOSTILE_COST_SLACK_US:-50}")
	if [ -n "$cost" ] && [ -n "$input" ] && lt "$cost" "$limit"; then
		pass "$HOST_NAME: $what with 4,096 rectangles costs $cost µs more than a bare commit, set_input_region's $input µs (bound 3x + ${HOSTILE_COST_SLACK_US:-50} µs = $limit µs)"
	else
		fail "$HOST_NAME: $what with 4,096 rectangles costs ${cost:-?} µs more than a bare commit, set_input_region's ${input:-?} µs (bound $limit µs; see $DIR/flood.out)"
	fi
}

# region_flood_judge LABEL WHAT P95_CONTROL LIMIT: the other client's p95 beside the LABEL flood
# against LIMIT (under memcheck: only that every round trip completed).
region_flood_judge() {
	local label=$1 what=$2 p95c=$3 limit=$4 p95 p99
	p95=$(num "$DIR/$label-roundtrips.out" roundtrip-ms 4)
	p99=$(num "$DIR/$label-roundtrips.out" roundtrip-ms 6)
	# Under memcheck the figures are memcheck's slowdown, not Bezel's (memcheck's own errors are
	# judged at the host's stop); on a host that replies only when idle, they are the flood's. Then
	# the check is only that every round trip completed.
	local unbounded=${HOST_FLUSHES_WHEN_IDLE:-}
	[ -n "${HOST_VALGRIND:-}" ] && unbounded="memcheck's slowdown, not Bezel's"
	if [ -n "$unbounded" ]; then
		[ -n "$p99" ] && pass "$HOST_NAME${HOST_VALGRIND:+ under valgrind}: another client's round trips all completed beside the flood of 4,096-rectangle $what (p95 ${p95} ms, p99 ${p99} ms, ${p95c:-?} ms beside the set_input_region flood; not bounded: $unbounded)" ||
			fail "$HOST_NAME${HOST_VALGRIND:+ under valgrind}: no round-trip figures beside the flood of 4,096-rectangle $what (see $DIR)"
		return 0
	fi
	if [ -n "$p95" ] && [ -n "$p95c" ] && lt "$p95" "$limit"; then
		pass "$HOST_NAME: another client's round trip p95 ${p95} ms (p99 ${p99}) while a client floods 4,096-rectangle $what, ${p95c} ms beside the same set_input_region flood (bound 2x + ${HOSTILE_FLOOD_SLACK_MS:-20} ms = $limit ms)"
	else
		fail "$HOST_NAME: another client's round trip p95 ${p95:-?} ms (p99 ${p99:-?}) while a client floods 4,096-rectangle $what, ${p95c:-?} ms beside the same set_input_region flood (bound ${limit} ms; see $DIR)"
	fi
}

# ---- 2. scale: what one client's surfaces cost everyone else ----
# num FILE KEY N: the N-th word after KEY on its line (num F commit-us 2: "commit-us median 80" -> 80)
num() { awk -v k="$2" -v f="$3" '$1 == k { print $(f + 1); exit }' "$1" 2>/dev/null; }
# lt A B: A < B for decimal numbers
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
# least A B: the smaller of two numbers (either may be empty)
least() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "") print b; else if (b == "" || a + 0 <= b + 0) print a; else print b }'; }
# bound A K C: K * A + C
bound() { awk -v a="$1" -v k="$2" -v c="$3" 'BEGIN { printf "%.1f", a * k + c }'; }
# scale_client LABEL TIMEOUT_S ARGS...: the scale client on the compositor at $SOCK (bounded: a
# stall is a result, a hang a failure)
scale_client() {
	local label=$1 t=$2
	shift 2
	run_bounded "$t" "hostile-scale-client $label" env WAYLAND_DISPLAY="$SOCK" "$SCALE_CLIENT" "$@"
}

# scale_idle_case COUNT: with Bezel and a touch device: the touch client maps, an attacker
# creates COUNT plain wl_surfaces (no role, no buffer, no Bezel request) and holds them; then
# another client's commit round trip is timed and 100 taps replay in real time (latency from
# libinput to the client). Sets DIR.
scale_idle_case() {
	local count=$1
	if ! host_start "scale-idle-$count" taps-100 realtime; then
		host_stop
		return 1
	fi
	start_client c "$TOUCH_CLIENT"
	wait_for "$DIR/c.out" " ready" 1 60 "the touch client's ready line" || { host_stop "$CPID_c"; return 1; }
	CPID_attacker=
	if [ "$count" -gt 0 ]; then
		start_client attacker "$SCALE_CLIENT" idle "$count"
		wait_for "$DIR/attacker.out" "^ready" 1 300 "the attacker's $count idle surfaces" ||
			{ host_stop "$CPID_c" "$CPID_attacker"; return 1; }
	fi
	scale_client commits 600 commits 300 >"$DIR/commits.out" 2>&1 || { host_stop "$CPID_c" "$CPID_attacker"; return 1; }
	kill -"${HOST_OPEN_SIGNAL:-USR2}" "$HOST_PID"
	wait_for "$DIR/events.log" "${HOST_UP_LINE:-libinput up}" 100 60 "the 100 taps' ups in the event log"
	python3 "$ROOT/tests/hosts/latency.py" "$DIR/events.log" "$DIR/c.out" "$count idle surfaces" >"$DIR/latency.out" 2>&1
	host_stop "$CPID_c" "$CPID_attacker"
	return 0
}

# run_host_scale IDLE CREATE TOPLEVELS (creation and toplevels: the smaller of two runs per
# mode). The assertions are generous bounds that catch a cost
# growing with other clients' surfaces (a scan per commit, a quadratic teardown), never tight
# timings:
#   commit with IDLE idle surfaces           < 3 x commit with 0 + 300 us   (median)
#   tap latency with IDLE                    < 3 x tap latency with 0 + 2 ms (median)
#   creating CREATE surfaces, with Bezel     < 3 x without + 250 ms
#   mapping TOPLEVELS toplevels, with Bezel  < 3 x without + 500 ms
#   a commit beside TOPLEVELS toplevels      < 3 x without Bezel + 300 us  (median)
#   stall when their client is killed        < 3 x without Bezel + 250 ms  (goal: within 2 x)
run_host_scale() {
	local idle=$1 create=$2 toplevels=$3 d0= dn= mode
	local c0 cn r0 rn l0 ln
	if scale_idle_case 0; then d0=$DIR; else fail "$HOST_NAME: idle case with 0 surfaces (see $DIR)"; fi
	if scale_idle_case "$idle"; then dn=$DIR; else fail "$HOST_NAME: idle case with $idle surfaces (see $DIR)"; fi
	if [ -n "$d0" ] && [ -n "$dn" ]; then
		c0=$(num "$d0/commits.out" commit-us 2); cn=$(num "$dn/commits.out" commit-us 2)
		r0=$(num "$d0/commits.out" roundtrip-us 2); rn=$(num "$dn/commits.out" roundtrip-us 2)
		l0=$(sed -n 's/.*median \([0-9]*\) us.*/\1/p' "$d0/latency.out"); ln=$(sed -n 's/.*median \([0-9]*\) us.*/\1/p' "$dn/latency.out")
		echo "figure: $HOST_NAME, another client's commit round trip (median): ${c0:-?} us with 0 idle attacker surfaces, ${cn:-?} us with $idle (bare roundtrip ${r0:-?} / ${rn:-?} us); $(sed -n 's/^ready: //p' "$dn/attacker.out")"
		echo "figure: $HOST_NAME, tap latency ${HOST_INPUT:-libinput} -> client: $(cat "$d0/latency.out"); $(cat "$dn/latency.out")"
		if [ -n "$c0" ] && [ -n "$cn" ] && lt "$cn" "$(bound "$c0" 3 300)"; then
			pass "$HOST_NAME: another client's commit costs ${cn} us with $idle idle surfaces held by an attacker, ${c0} us with none (bound 3x + 300 us)"
		else
			fail "$HOST_NAME: commit cost grows with another client's idle surfaces: ${cn:-?} us with $idle, ${c0:-?} us with none (bound 3x + 300 us)"
		fi
		if [ -n "$l0" ] && [ -n "$ln" ] && lt "$ln" "$(bound "$l0" 3 2000)"; then
			pass "$HOST_NAME: tap latency ${ln} us with $idle idle surfaces, ${l0} us with none (median; bound 3x + 2 ms)"
		else
			fail "$HOST_NAME: tap latency grows with another client's idle surfaces: ${ln:-?} us with $idle, ${l0:-?} us with none (see $dn/latency.out)"
		fi
	fi

	# Each of these is measured twice per mode, alternating, and the smaller figure kept: on a
	# loaded machine another process only ever adds time, to one run or the other.
	local -A create_ms=() stall_ms=() map_ms=() mcommit_us=()
	local rep v
	for rep in 1 2; do
		for mode in without with; do
			if host_start_plain "create-$mode-$rep" $mode; then
				scale_client create 600 create "$create" >"$DIR/create.out" 2>&1 &&
					v=$(num "$DIR/create.out" create-ms 1) && create_ms[$mode]=$(least "${create_ms[$mode]:-}" "$v")
			else
				fail "$HOST_NAME ($mode Bezel) did not start (see $DIR)"
			fi
			host_stop
		done
	done
	echo "figure: $HOST_NAME, creating $create surfaces (each committed once; the better of two runs): ${create_ms[with]:-?} ms with Bezel, ${create_ms[without]:-?} ms without"
	if [ -n "${create_ms[with]:-}" ] && [ -n "${create_ms[without]:-}" ] &&
		lt "${create_ms[with]}" "$(bound "${create_ms[without]}" 3 250)"; then
		pass "$HOST_NAME: creating $create surfaces: ${create_ms[with]} ms with Bezel, ${create_ms[without]} ms without (bound 3x + 250 ms)"
	else
		fail "$HOST_NAME: creating $create surfaces: ${create_ms[with]:-?} ms with Bezel, ${create_ms[without]:-?} ms without (bound 3x + 250 ms)"
	fi

	for rep in 1 2; do
		for mode in without with; do
			if host_start_plain "toplevels-$mode-$rep" $mode; then
				if scale_client disconnect 900 disconnect "$toplevels" >"$DIR/disconnect.out" 2>&1; then
					stall_ms[$mode]=$(least "${stall_ms[$mode]:-}" "$(num "$DIR/disconnect.out" stall-ms 1)")
					map_ms[$mode]=$(least "${map_ms[$mode]:-}" "$(awk '$1 == "mapped" { print $5 }' "$DIR/disconnect.out")")
					mcommit_us[$mode]=$(least "${mcommit_us[$mode]:-}" "$(num "$DIR/disconnect.out" mapped-commit-us 2)")
				fi
				bounded_alive "$HOST_PID" ||
					fail "$HOST_NAME ($mode Bezel) died during the disconnect of $toplevels toplevels (see $DIR)"
			else
				fail "$HOST_NAME ($mode Bezel) did not start (see $DIR)"
			fi
			host_stop
		done
	done
	echo "figure: $HOST_NAME, $toplevels mapped toplevels (the better of two runs): mapping took ${map_ms[with]:-?} ms with Bezel, ${map_ms[without]:-?} ms without; another client's commit beside them ${mcommit_us[with]:-?} us with Bezel, ${mcommit_us[without]:-?} us without (median); their client killed: stall ${stall_ms[with]:-?} ms with Bezel, ${stall_ms[without]:-?} ms without"
	if [ -n "${map_ms[with]:-}" ] && [ -n "${map_ms[without]:-}" ] &&
		lt "${map_ms[with]}" "$(bound "${map_ms[without]}" 3 500)"; then
		pass "$HOST_NAME: mapping $toplevels toplevels: ${map_ms[with]} ms with Bezel, ${map_ms[without]} ms without (bound 3x + 500 ms)"
	else
		fail "$HOST_NAME: mapping $toplevels toplevels: ${map_ms[with]:-?} ms with Bezel, ${map_ms[without]:-?} ms without (bound 3x + 500 ms)"
	fi
	if [ -n "${mcommit_us[with]:-}" ] && [ -n "${mcommit_us[without]:-}" ] &&
		lt "${mcommit_us[with]}" "$(bound "${mcommit_us[without]}" 3 300)"; then
		pass "$HOST_NAME: another client's commit beside $toplevels mapped toplevels: ${mcommit_us[with]} us with Bezel, ${mcommit_us[without]} us without (median; bound 3x + 300 us)"
	else
		fail "$HOST_NAME: another client's commit beside $toplevels mapped toplevels: ${mcommit_us[with]:-?} us with Bezel, ${mcommit_us[without]:-?} us without (bound 3x + 300 us)"
	fi
	if [ -n "${stall_ms[with]:-}" ] && [ -n "${stall_ms[without]:-}" ] &&
		lt "${stall_ms[with]}" "$(bound "${stall_ms[without]}" 3 250)"; then
		pass "$HOST_NAME: a client with $toplevels toplevels killed: stall ${stall_ms[with]} ms with Bezel, ${stall_ms[without]} ms without (bound 3x + 250 ms; goal 2x)"
	else
		fail "$HOST_NAME: a client with $toplevels toplevels killed: stall ${stall_ms[with]:-?} ms with Bezel, ${stall_ms[without]:-?} ms without (bound 3x + 250 ms)"
	fi
}
