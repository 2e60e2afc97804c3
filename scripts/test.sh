#!/usr/bin/env bash
# Runs every test of the project: the Swift test suites (engine rules E1-E18, conformance
# suite R1-R9, 10,000 random R9 property sequences, trace readers and real libinput under
# umockdev), the `bezel` command's exit codes, the protocol tests over a real Wayland socket
# (hostile clients included), the same under valgrind, the meson-shim options and install with
# a C consumer, and each host (headless weston, bezel-compositor on wlroots, Wayfire, KWin,
# patched cage, sway and phoc) with real clients: the shared table, and the shared hostile course
# (under valgrind too where the host has a valgrind mode, and at hostile scale). Then the Debian 13
# generation inside a Debian 13 root (scripts/distro.sh).
#
# Each group runs through `group`, which reads the group's closing "N passed, N failed" line
# and adds it to the totals. A group that prints no such line counts as one failure. A test
# that is skipped (a line starting with "SKIP" or "skip", or a skipped Swift test) is a failure
# when CI=true: CI must not pass while checking less than it says.
# The script ends with exactly one line "N passed, N failed" over all groups, and exits
# non-zero if anything failed.
#
# Two groups run at a time: the Debian 13 groups, then the patched Debian 12 hosts (cage, sway,
# phoc), run in a second process of this script (`--lane second`, for this script's own use)
# beside the other Debian 12 groups. Most groups wait on compositors, clients and touches played
# in real time, so two at once take little longer than one. The second process's output is
# printed after this one's, whole, and its counts join the totals. The elapsed times per group
# are therefore times with another group running beside.
#
# Usage: scripts/test.sh        (CI=true scripts/test.sh in CI)
set -uo pipefail
lane=
[ "${1:-}" = --lane ] && { lane=$2; shift 2; }
[ -z "$lane" ] || [ "$lane" = second ] || { echo "unknown lane '$lane' (second)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -n "$lane" ] || "$root/scripts/install-deps.sh" >&2 || { echo "could not install dependencies" >&2; echo "0 passed, 1 failed"; exit 1; }

suite_start=$(date +%s)
# mmss SECONDS: "M:SS"
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
total_passed=0
total_failed=0
log_dir=$(mktemp -d)
group_pid=
trap 'rm -rf "$log_dir"' EXIT
# Stopped (a cancelled CI job, ^C): the running group is stopped too, its suite's EXIT trap
# stopping its processes, before this script ends.
lane_pid=
trap '[ -n "$lane_pid" ] && kill -TERM "$lane_pid" 2>/dev/null; [ -n "$group_pid" ] && kill -TERM "$group_pid" 2>/dev/null && timeout 90 tail --pid="$group_pid" -f /dev/null; [ -n "$lane_pid" ] && timeout 90 tail --pid="$lane_pid" -f /dev/null; exit 143' TERM INT HUP

# group [--limit MINUTES] NAME COMMAND [ARGS...]: runs one test group under a time limit
# (default 20 minutes: a group that hangs is stopped, its processes with it, and fails) and
# adds its counts to the totals; prints the group's elapsed time. Hosts add a group with one
# line, for example:
#   group "wlroots host" hosts/wlroots/tests/run.sh
group_times=()
failures=()
group() {
    local limit=20
    [ "$1" = --limit ] && { limit=$2; shift 2; }
    local name=$1; shift
    local log="$log_dir/group.log" rc passed failed skipped start elapsed
    echo; echo "=== $name"
    start=$(date +%s)
    # timeout signals the group's whole process group; each suite's EXIT trap stops its own.
    # (A function of this script runs in a bash of its own, which timeout can stop.) The
    # group runs in the background so that this script, stopped itself, stops it at once.
    [ "$(type -t "$1")" = function ] && set -- bash -c '"$@"' "$1" "$@"
    : >"$log"
    timeout -k 60 $((limit * 60)) "$@" </dev/null >"$log" 2>&1 &
    group_pid=$!
    tail -n +1 -s 0.2 --pid="$group_pid" -f "$log" | grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Linking|Write|Building)|^◇|^↳' &
    local show_pid=$!
    wait "$group_pid"
    rc=$?
    group_pid=
    wait "$show_pid" # the output above, to its end (not the other lane, also a child)
    elapsed=$(($(date +%s) - start))
    [ "$rc" = 137 ] && rc=124
    [ "$rc" = 124 ] && echo "FAIL: $name did not finish within its limit of $limit minutes (stopped)"
    read -r passed failed < <(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$log" | tail -1)
    if [ -z "${passed:-}" ]; then
        echo "FAIL: $name printed no 'N passed, N failed' line (exit $rc)"
        passed=0; failed=1
    elif [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
        echo "FAIL: $name exited $rc although it counted no failure"
        failed=1
    fi
    skipped=$(grep -cE '^(SKIP|skip|skipping)\b' "$log")
    if [ "$skipped" -gt 0 ] && [ "${CI:-}" = true ]; then
        echo "FAIL: $name skipped $skipped check(s), and CI=true allows no skips:"
        grep -E '^(SKIP|skip|skipping)\b' "$log" | sed 's/^/    /'
        failed=$((failed + skipped))
    fi
    echo "--- $name: $passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo " ($skipped skipped)") in $(mmss "$elapsed")"
    # Remembered for the end, where a reader of only the last lines (a CI summary) sees them.
    if [ "$failed" -gt 0 ]; then
        failures+=("$name: $failed failed")
        while IFS= read -r line; do failures+=("    $line"); done < <(grep -E '^FAIL|✘ Test .* failed' "$log" | cut -c1-300 | head -5)
    fi
    group_times+=("$(printf '%6s  %s' "$(mmss "$elapsed")" "$name")")
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
}

# swift_build: the package builds (one check).
swift_build() {
    if swift build 2>&1 | tail -3; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; return 1; fi
}

# swift_tests: runs `swift test` and turns its results into one "N passed, N failed" line.
# The counts come from the run's own totals, not from one line per test: parameterised tests
# print one line for all their cases, and tests' own output, written alongside, can land in
# the middle of a line. Swift Testing ends with "Test run with N tests ... passed|failed"
# (N counts skipped tests too); its failed tests are the distinct "✘ Test NAME failed after"
# lines, each skipped test ("➜ Test NAME skipped") becomes a SKIP line, and the rest passed.
# XCTest's last "Executed N tests, with M failures" line is its total. A run without Swift
# Testing's closing line (a build error, a crash) counts one failure more.
swift_tests() {
    local out="$log_dir/swift-test.log" rc
    swift test 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    awk '
        /Test run with [0-9]+ tests? .*(passed|failed) after/ { s = $0; sub(/.*Test run with /, "", s); total = s + 0; summary = 1; next }
        /✘ Test .* failed after [0-9.]+ seconds/ {
            s = $0; sub(/.*✘ Test /, "", s); sub(/ (with [0-9]+ test cases? )?failed after.*/, "", s)
            if (!(s in failed)) { failed[s] = 1; f++ }
            next
        }
        /➜ Test .* skipped/                                   { sub(/.*➜ /, ""); print "SKIP: swift " $0; skipped++; next }
        /Executed [0-9]+ tests?, with [0-9]+ failures?/       { sub(/.*Executed /, ""); xe = $1; xf = $4 }
        END {
            if (!summary) { print "FAIL: swift test printed no \"Test run with N tests\" line"; f++ }
            p = total - skipped - f
            if (p < 0) p = 0
            printf "%d passed, %d failed\n", p + xe - xf, f + xf
        }' "$out"
    return "$rc"
}

export -f swift_build swift_tests
# One product install per configuration for every group of this run (tests/lib/product.sh),
# and one SwiftPM scratch path whose builds of libbezel every product, install test and the
# KWin plugin's build reuse.
export BEZEL_TEST_PREFIX="$root/.build/product" BEZEL_SWIFT_SCRATCH="$root/.build"
export log_dir
if [ -z "$lane" ]; then
    # The second process starts at once: its first group makes the Debian 13 root (debootstrap
    # and its packages, minutes of download and dpkg) while the Swift build here runs.
    BEZEL_LANE_SUMMARY="$log_dir/second.summary" "$root/scripts/test.sh" --lane second >"$log_dir/second.out" 2>&1 &
    lane_pid=$!
    echo "the Debian 13 groups and the patched Debian 12 hosts run beside these; their output follows"
fi

# Compositors that load no plugins, patched (hosts/cage, hosts/sway, hosts/phoc, on hosts/patched):
# built from their upstream tarballs by the host's build.sh (cached in .build), run headless as an
# unprivileged user. These Debian 12 groups run in the second process, after the Debian 13
# groups, so that the two take about as long.
debian12_patched_groups() {
group "cage 395189f patched with Bezel, headless as an unprivileged user, real clients, frames and cancels against unpatched cage" env BEZEL_CAGE_SCRATCH="$root/.build" hosts/cage/tests/run.sh
group "cage: hostile clients while touches play" env BEZEL_CAGE_SCRATCH="$root/.build" hosts/cage/tests/run.sh --hostile
group "cage: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" env BEZEL_CAGE_SCRATCH="$root/.build" hosts/cage/tests/run.sh --latency 1000
group "sway 1.7 patched with Bezel, headless as an unprivileged user, real clients, pointer emulation for a client without wl_touch" env BEZEL_SWAY_SCRATCH="$root/.build" hosts/sway/tests/run.sh
group "sway: hostile clients while touches play" env BEZEL_SWAY_SCRATCH="$root/.build" hosts/sway/tests/run.sh --hostile
group "sway: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" env BEZEL_SWAY_SCRATCH="$root/.build" hosts/sway/tests/run.sh --latency 1000
# phoc 0.24 (phosh's compositor), patched the same way (hosts/phoc): the shared table, the dock
# and cover sheet driving phosh-style draggable panels, scale 2; the hostile course; the
# latency figures.
group --limit 8 "phoc 0.24 patched with Bezel, headless as an unprivileged user, real clients, draggable panels driven by the dock and cover sheet" env BEZEL_PHOC_SCRATCH="$root/.build" hosts/phoc/tests/run.sh
group --limit 4 "phoc: hostile clients while touches play" env BEZEL_PHOC_SCRATCH="$root/.build" hosts/phoc/tests/run.sh --hostile
group --limit 4 "phoc: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" env BEZEL_PHOC_SCRATCH="$root/.build" hosts/phoc/tests/run.sh --latency 1000
}

if [ -z "$lane" ]; then
group "test harness: bounded waits and stops (tests/lib/bounded.sh)" tests/lib/run.sh
group "swift build" swift_build
group "swift test (BezelCore, BezelScenario, BezelInput, BezelRender)" swift_tests
group "bezel command line" tests/cli/run.sh "$(swift build --show-bin-path)/bezel"
group "protocol tests over a real socket" env BEZEL_PROTOCOL_SCRATCH="$root/.build" tests/protocol/run.sh
group "protocol tests under valgrind" env BEZEL_PROTOCOL_SCRATCH="$root/.build" tests/protocol/run.sh --valgrind
group "libinput touch source through bezel.h, from C, real libinput under umockdev" env BEZEL_INPUT_SCRATCH="$root/.build" tests/input/run.sh
group "meson-shim host module options" tests/meson-shim/run.sh
group "meson-shim install and C consumer" env BEZEL_INSTALL_SCRATCH="$root/.build" tests/protocol/install-test.sh
group "weston 10 headless with bezel-weston.so, real clients, libinput under umockdev" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh
group "meson-shim -Dweston=enabled install: weston loads the installed module" env BEZEL_INSTALL_SCRATCH="$root/.build" hosts/weston/tests/install-test.sh
group "weston with bezel-weston.so under valgrind (tap, swipe, defer)" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --valgrind
# The hostile course (tests/hosts/hostile.sh), the same on every host: hostile rounds while
# touches play (under valgrind where the host's suite has a valgrind mode), then scale (idle
# surfaces, creation, mapped toplevels, the stall of their client's death). Both on the release
# build, as it ships: the region flood's bound on another client's round trips is about the
# product's cost, which a debug build multiplies by about twenty.
group "weston: hostile clients while touches play" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --release --hostile
group "weston: hostile clients under valgrind" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --hostile --valgrind
group "weston: hostile scale (idle surfaces, creation, 10,000 toplevels; release build)" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --release --scale
# The latency bezel-weston.so adds: weston with the test rig alone, then with the module too.
group --limit 4 "weston: latency of 1,000 taps, libinput to wl_touch, with bezel-weston.so against without" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --latency 1000

group "wlroots 0.15 with libbezel-wlroots + bezel-compositor headless, real clients, libinput under umockdev" env BEZEL_WLROOTS_SCRATCH="$root/.build" hosts/wlroots/tests/run.sh
group "wlroots: hostile clients while touches play" env BEZEL_WLROOTS_SCRATCH="$root/.build" hosts/wlroots/tests/run.sh --release --hostile
group "wlroots: hostile clients under valgrind" env BEZEL_WLROOTS_SCRATCH="$root/.build" hosts/wlroots/tests/run.sh --hostile --valgrind
group "wlroots: hostile scale (idle surfaces, creation, 10,000 toplevels; release build)" env BEZEL_WLROOTS_SCRATCH="$root/.build" hosts/wlroots/tests/run.sh --release --scale
group "meson-shim -Dwlroots=enabled install: bezel-wlroots.pc, header, bezel-compositor" env BEZEL_INSTALL_SCRATCH="$root/.build" hosts/wlroots/tests/install-test.sh
# KWin 5.27: every row of the shared table but the rotation rows (this runner does not turn
# KWin's output), then KWin's own cases (lock: KWin's own lock screen) and the latency figures;
# then the hostile course on KWin.
group "kwin 5.27 headless with bezel-kwin.so, real clients, touches through fake_input" env BEZEL_KWIN_SCRATCH="$root/.build-kwin" hosts/kwin/tests/run.sh --latency 1000 tap swipe late defer region-in region-out drag kill kill-sub remap unplug multi multi-defer multi-policy back-app back-host back-late info dbus edge-strip lock
group "KWin: hostile clients while touches play" env BEZEL_KWIN_SCRATCH="$root/.build-kwin" hosts/kwin/tests/run.sh --hostile
group "Wayfire 0.7 headless with libbezel-wayfire.so, real clients, libinput under umockdev" env BEZEL_WAYFIRE_SCRATCH="$root/.build" hosts/wayfire/tests/run.sh
group "Wayfire: hostile clients while touches play" env BEZEL_WAYFIRE_SCRATCH="$root/.build" hosts/wayfire/tests/run.sh --release --hostile
# 2,000 toplevels: Wayfire 0.7's own cost grows faster than linearly (10,000 take it over 3
# minutes to map and 8 to tear down, with or without the plugin).
group "Wayfire: hostile scale (idle surfaces, creation, 2,000 toplevels; release build)" env BEZEL_WAYFIRE_SCRATCH="$root/.build" hosts/wayfire/tests/run.sh --release --scale --toplevels 2000
group "meson-shim -Dwayfire=enabled install: Wayfire loads the installed plugin" env BEZEL_INSTALL_SCRATCH="$root/.build" hosts/wayfire/tests/install-test.sh
group --limit 4 "Wayfire: latency of 1,000 taps, libinput to wl_touch, with libbezel-wayfire.so against without" env BEZEL_WAYFIRE_SCRATCH="$root/.build" hosts/wayfire/tests/run.sh --latency 1000
# Not the Kirigami app: Debian 12 has Kirigami 2 for Qt 5 only, no Kirigami for Qt 6. Nor the
# SDL 3 app: Debian 12 has no SDL 3 (libsdl3-dev is in Debian 13).
group "toolkit apps (GTK 4 C and Python, GTK 3, SDL2, Qt 6 C++ and QML) on weston and bezel-compositor, demo recording and the back gesture" env BEZEL_TOOLKITS_SCRATCH="$root/.build" tests/toolkits/run.sh --except kirigami --except sdl3
fi

# ---- Debian 13 (trixie): the second generation. The same runners, inside a Debian 13 root
# (scripts/distro.sh: made on first use from the Debian archive, a few minutes, then reused),
# built there against that distribution's libraries and compositors. Group names carry the host
# and its generation (wlroots@0.18). Hostile scale runs on Debian 12 (above) and for weston 14,
# Wayfire 0.9 and KWin 6.3:
# it measures what other clients' surfaces cost, mostly the engine's, and takes minutes.
# Wayfire 0.9's hostile scale maps 500 toplevels, not 2,000 (hosts/wayfire/README.md): Wayfire
# 0.9 itself takes about 45 s to map 2,000 toplevels of one client and 3 to 5 minutes to tear
# them down, with or without the plugin (which adds nothing measurable), so the course's four
# runs would take over 15 minutes.
# debian13_root: makes the root, or finds it ready (one check).
debian13_root() {
    if scripts/distro.sh debian13 make && scripts/distro.sh debian13 run -- sh -c '. /etc/os-release; echo "inside: $PRETTY_NAME, point release $DEBIAN_VERSION_FULL"'; then
        echo "1 passed, 0 failed"
    else
        echo "0 passed, 1 failed"
        return 1
    fi
}
export -f debian13_root
# Every Debian 13 group shares one product install (release and debug) and one SwiftPM scratch
# path, as the Debian 12 groups share theirs: the root's environment is empty, so they are
# passed in.
d13swift=$root/.build-debian13/swiftpm
d13=(scripts/distro.sh debian13 run -- env BEZEL_TEST_PREFIX="$root/.build-debian13/product"
    BEZEL_SWIFT_SCRATCH="$d13swift" BEZEL_INSTALL_SCRATCH="$d13swift")
if [ "$lane" = second ]; then
group --limit 30 "Debian 13 root: made from the archive on first use, then reused (scripts/distro.sh debian13)" debian13_root
group "Debian 13: C interface and protocol tests over a real socket (libwayland 1.23)" "${d13[@]}" tests/protocol/run.sh
group "Debian 13: libinput 1.28 touch source through bezel.h, under umockdev 0.19" "${d13[@]}" tests/input/run.sh
group "Debian 13: meson-shim install and C consumer" "${d13[@]}" tests/protocol/install-test.sh
group "wlroots@0.18 (Debian 13) with libbezel-wlroots + bezel-compositor headless, real clients, libinput under umockdev" "${d13[@]}" hosts/wlroots/tests/run.sh
group "wlroots@0.18: hostile clients while touches play" "${d13[@]}" hosts/wlroots/tests/run.sh --release --hostile
group "wlroots@0.18: hostile clients under valgrind" "${d13[@]}" hosts/wlroots/tests/run.sh --hostile --valgrind
group "wlroots@0.18: meson-shim -Dwlroots=enabled install" "${d13[@]}" hosts/wlroots/tests/install-test.sh
# phoc 0.46 (Debian 13's phosh compositor) with the series patches/0.46 against Debian 13's
# wlroots 0.18: the same runner and cases as phoc 0.24; the lock follows phosh 0.46's lock screen.
group --limit 8 "phoc@0.46 (Debian 13) patched with Bezel, headless as an unprivileged user, real clients, draggable panels driven by the dock and cover sheet" "${d13[@]}" hosts/phoc/tests/run.sh
group --limit 4 "phoc@0.46: hostile clients while touches play" "${d13[@]}" hosts/phoc/tests/run.sh --hostile
group --limit 4 "phoc@0.46: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" "${d13[@]}" hosts/phoc/tests/run.sh --latency 1000
# cage 0.2.0 and sway 1.10.1 (Debian 13's), patched (hosts/cage/patches/0.2.0,
# hosts/sway/patches/1.10.1) and built in the root against wlroots 0.18: the same runners, their
# builds (each compositor patched and unpatched) made once in .build-debian13 and shared by the
# six groups.
d13patched=(env BEZEL_CAGE_SCRATCH="$root/.build-debian13" BEZEL_SWAY_SCRATCH="$root/.build-debian13")
group "cage@0.2.0 (Debian 13, wlroots 0.18) patched with Bezel, headless as an unprivileged user, real clients, frames and cancels against unpatched cage" "${d13[@]}" "${d13patched[@]}" hosts/cage/tests/run.sh
group "cage@0.2.0: hostile clients while touches play" "${d13[@]}" "${d13patched[@]}" hosts/cage/tests/run.sh --hostile
group "cage@0.2.0: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" "${d13[@]}" "${d13patched[@]}" hosts/cage/tests/run.sh --latency 1000
group "sway@1.10.1 (Debian 13, wlroots 0.18) patched with Bezel, headless as an unprivileged user, real clients, pointer emulation for a client without wl_touch" "${d13[@]}" "${d13patched[@]}" hosts/sway/tests/run.sh
group "sway@1.10.1: hostile clients while touches play" "${d13[@]}" "${d13patched[@]}" hosts/sway/tests/run.sh --hostile
group "sway@1.10.1: latency of 1,000 taps, libinput to wl_touch, patched against unpatched" "${d13[@]}" "${d13patched[@]}" hosts/sway/tests/run.sh --latency 1000
# KWin 6.3: the rows and cases of the KWin 5.27 group but lock (Debian 13's greeter needs
# Plasma's QML, not installed: it exits and KWin locks with its internal fallback window, which
# the plugin leaves to KWin; hosts/kwin/README.md), with the rotation rows KWin 6.3 can start
# (not flipped-90: KWin maps touches on a flipped output as unflipped) and rot-runtime (the
# feeder turns the output through KWin's output management), then the hostile course.
group "kwin@6.3 (Debian 13) headless with bezel-kwin.so, real clients, touches through fake_input" "${d13[@]}" hosts/kwin/tests/run.sh --latency 1000 tap swipe late defer region-in region-out drag kill kill-sub remap unplug multi multi-defer multi-policy back-app back-host back-late rot-90 rot-180 rot-270 rot-runtime info dbus edge-strip
group "kwin@6.3: hostile clients while touches play" "${d13[@]}" hosts/kwin/tests/run.sh --hostile
# kwin_wayland itself under memcheck: a report with a frame in the plugin or libbezel fails, KWin's
# own are counted (hosts/kwin/tests/valgrind.sh). tap and late are not in the set: memcheck's
# slowness moves their timing, not their memory (hosts/kwin/README.md).
group "kwin@6.3: kwin_wayland with bezel-kwin.so under valgrind (swipe, defer, region-in, drag)" "${d13[@]}" hosts/kwin/tests/run.sh --valgrind
# 2,000 toplevels: KWin 6.3's own cost grows faster than linearly (2,000 map in about 4 s).
group "kwin@6.3: hostile scale (idle surfaces, creation, 2,000 toplevels)" "${d13[@]}" hosts/kwin/tests/run.sh --scale --toplevels 2000
# weston 14: every row but unplug: its shells crash weston itself (SIGSEGV in their
# touch-to-activate binding) at the first touch on the window of a destroyed output, with or
# without the module (hosts/weston/README.md).
group "weston@14 (Debian 13) headless with bezel-weston.so, real clients, libinput under umockdev" "${d13[@]}" hosts/weston/tests/run.sh --except unplug
group "weston@14 with bezel-weston.so under valgrind (tap, swipe, defer)" "${d13[@]}" hosts/weston/tests/run.sh --valgrind --except unplug
group "weston@14: hostile clients while touches play" "${d13[@]}" hosts/weston/tests/run.sh --release --hostile
group "weston@14: hostile scale (idle surfaces, creation, 10,000 toplevels; release build)" "${d13[@]}" hosts/weston/tests/run.sh --release --scale
group "weston@14: meson-shim -Dweston=enabled install: weston 14 loads the installed module" "${d13[@]}" hosts/weston/tests/install-test.sh
group --limit 4 "weston@14: latency of 1,000 taps, libinput to wl_touch, with bezel-weston.so against without" "${d13[@]}" hosts/weston/tests/run.sh --latency 1000
# The toolkit suite of Debian 12's group, every case, on Debian 13's toolkits and hosts (its
# scratch is .build-toolkits-debian13, beside Debian 12's), with the Kirigami app and the SDL 3
# app (bezel-sdl3.h on SDL 3.2); also on patched phoc 0.46 (phosh's compositor, built in the
# suite's scratch against its debug product): every app's demo recording, the region cases and
# the back gesture (SDL 2's app with SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0 there:
# tests/toolkits/run.sh says why). And on KWin 6.3 (Plasma Mobile's compositor) with
# bezel-kwin.so, started as the kwin tests start it, the recording played through their
# fake_input feeder: every app's demo recording, every app's region
# cases and the example's back gesture (about 50 s, and the plugin's build in the suite's
# scratch).
group "toolkits@debian13 (GTK 4.18 C and Python, GTK 3.24, SDL 2.32, SDL 3.2, Qt 6.8 C++, QML and Kirigami 6.13) on weston 14, bezel-compositor (wlroots 0.18), patched phoc 0.46 and KWin 6.3, demo recording, regions and the back gesture" "${d13[@]}" tests/toolkits/run.sh --hosts weston,wlroots,phoc,kwin
group "wayfire@0.9 (Debian 13) with libbezel-wayfire.so headless, real clients, libinput under umockdev" "${d13[@]}" hosts/wayfire/tests/run.sh
group "wayfire@0.9: hostile clients while touches play" "${d13[@]}" hosts/wayfire/tests/run.sh --release --hostile
group "wayfire@0.9: hostile scale (idle surfaces, creation, 500 toplevels; release build)" "${d13[@]}" hosts/wayfire/tests/run.sh --release --scale --toplevels 500
group "wayfire@0.9: meson-shim -Dwayfire=enabled install: Wayfire 0.9 loads the installed plugin" "${d13[@]}" hosts/wayfire/tests/install-test.sh
group --limit 4 "wayfire@0.9: latency of 1,000 taps, libinput to wl_touch, with libbezel-wayfire.so against without" "${d13[@]}" hosts/wayfire/tests/run.sh --latency 1000
debian12_patched_groups
fi

if [ "$lane" = second ]; then
    # The lane's summary, for the first process to merge: one line per group time, failure
    # and the totals.
    { printf 'time\t%s\n' "${group_times[@]}"
      [ "${#failures[@]}" -gt 0 ] && printf 'failure\t%s\n' "${failures[@]}"
      printf 'total\t%d\t%d\n' "$total_passed" "$total_failed"; } >"$BEZEL_LANE_SUMMARY"
    echo "second process: $total_passed passed, $total_failed failed"
    [ "$total_failed" -eq 0 ]
    exit
fi

# The second process: its groups have their own limits, so it ends; an hour after this one's
# end is its bound all the same.
echo; echo "=== the Debian 13 groups and the patched Debian 12 hosts, run beside the ones above"
if ! timeout 3600 tail --pid="$lane_pid" -f /dev/null; then
    echo "FAIL: the second process's groups did not end within an hour after this one's (stopped)"
    kill -TERM "$lane_pid" 2>/dev/null; timeout 90 tail --pid="$lane_pid" -f /dev/null
fi
lane_pid=
cat "$log_dir/second.out"
if [ -s "$log_dir/second.summary" ]; then
    while IFS=$'\t' read -r kind a b; do
        case $kind in
        time) group_times+=("$a") ;;
        failure) failures+=("$a") ;;
        total) total_passed=$((total_passed + a)); total_failed=$((total_failed + b)) ;;
        esac
    done <"$log_dir/second.summary"
else
    echo "FAIL: the second process's groups left no summary (see their output above)"
    total_failed=$((total_failed + 1))
fi

echo
echo "elapsed time per group (m:ss), two groups at a time:"
printf '  %s\n' "${group_times[@]}"
echo "  total $(mmss $(($(date +%s) - suite_start)))"
if [ "${#failures[@]}" -gt 0 ]; then
    echo "groups that failed, with their first FAIL lines:"
    printf '  %s\n' "${failures[@]}"
fi
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
