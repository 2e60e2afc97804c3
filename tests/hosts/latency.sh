# The latency Bezel adds on a host, the same measure on every host whose touches come from
# libinput through a test rig: the time from the rig getting each touch down and up from libinput
# (its event log's `libinput down|up` lines) to the client's wl_touch event (the client's line
# prefix), paired by tests/hosts/latency.py. TAPS taps in the middle of the screen (R1: delivered
# at once), 10 ms apart, replayed in real time (tests/hosts/gen-touch.py taps-N), the host run
# without Bezel, then with it: the same rig, recording and client in both runs.
# Source it after the host contract (tests/lib/host.sh play) and the shared clients
# (host_table_clients: TOUCH_CLIENT); it defines functions only.

# run_host_latency TAPS NAME WITHOUT:LABEL WITH:LABEL: one run per variant, VARIANT set to
# WITHOUT, then WITH, while the host starts (the runner's host_start reads it); LABEL names the
# run in its lines, NAME the host in the last figure. Each run prints its "figure:" line and
# passes when every tap reached the client, each down matched by its up; then one "figure:" line
# of both medians and p99s and what Bezel adds, checked against R1's bound (1 ms at the median).
run_host_latency() {
	local taps=$1 name=$2 run line n downs ups
	shift 2
	local -A MED=() P99=() LABEL=()
	local variants=()
	for run in "$@"; do
		VARIANT=${run%%:*}
		variants+=("$VARIANT")
		LABEL[$VARIANT]=${run#*:}
		REALTIME=1 play "latency-$VARIANT" "taps-$taps" " ready" "$TOUCH_CLIENT" --no-gesture-object || continue
		line=$(python3 "$ROOT/tests/hosts/latency.py" "$DIR/events.log" "$DIR/c.out" "${LABEL[$VARIANT]}" 2>&1)
		echo "figure: $line"
		MED[$VARIANT]=$(sed -n 's/.* median \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
		P99[$VARIANT]=$(sed -n 's/.* p99 \([0-9]*\) us.*/\1/p' <<<"$line" | tail -1)
		n=$(sed -n 's/.*: \([0-9]*\) touch events.*/\1/p' <<<"$line" | tail -1)
		downs=$(count "$DIR/c.out" ' down id=')
		ups=$(count "$DIR/c.out" ' up id=')
		if [ "${n:-0}" = $((2 * taps)) ] && [ "$downs" = "$taps" ] && [ "$ups" = "$taps" ]; then
			pass "R1/R9 latency (${LABEL[$VARIANT]}): all $taps taps in the middle reached the client, each down matched by its up ($n events paired with libinput's)"
		else
			fail "R1/R9 latency (${LABEL[$VARIANT]}): of $taps taps the client got $downs downs and $ups ups, ${n:-0} of $((2 * taps)) events paired (see $DIR)"
		fi
	done
	VARIANT=
	local without=${variants[0]} with=${variants[1]}
	[ -n "${MED[$with]:-}" ] && [ -n "${MED[$without]:-}" ] || return 0
	local added=$((MED[$with] - MED[$without]))
	echo "figure: $name, latency libinput -> wl_touch over $taps taps: median ${MED[$with]} us with Bezel, ${MED[$without]} us without (added $added us); p99 ${P99[$with]} us with, ${P99[$without]} us without"
	if [ "$added" -le 1000 ]; then
		pass "R1: Bezel adds $added us at the median to a tap in the middle (bound 1 ms)"
	else
		fail "R1: Bezel adds $added us at the median (bound 1 ms)"
	fi
}
