#!/usr/bin/env bash
# Runs every test of the project: the Swift test suites (engine rules E1-E18, conformance
# suite R1-R9, 10,000 random R9 property sequences, trace readers and real libinput under
# umockdev), the `bezel` command's exit codes, the protocol tests over a real Wayland socket
# (hostile clients included), the same under valgrind, the meson-shim options and install with
# a C consumer, and headless weston with the bezel module and real clients (also under valgrind,
# against hostile clients, and at hostile scale).
#
# Each group runs through `group`, which reads the group's closing "N passed, N failed" line
# and adds it to the totals. A group that prints no such line counts as one failure. A test
# that is skipped (a line starting with "SKIP" or "skip", or a skipped Swift test) is a failure
# when CI=true: CI must not pass while checking less than it says.
# The script ends with exactly one line "N passed, N failed" over all groups, and exits
# non-zero if anything failed.
#
# Usage: scripts/test.sh        (CI=true scripts/test.sh in CI)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh" >&2 || { echo "could not install dependencies" >&2; echo "0 passed, 1 failed"; exit 1; }

total_passed=0
total_failed=0
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT

# group NAME COMMAND [ARGS...]: runs one test group and adds its counts to the totals.
# Hosts add a group with one line, for example:
#   group "wlroots host" hosts/wlroots/tests/run.sh
group() {
    local name=$1; shift
    local log="$log_dir/group.log" rc passed failed skipped
    echo; echo "=== $name"
    "$@" 2>&1 | tee "$log" | grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Linking|Write|Building)|^◇|^↳'
    rc=${PIPESTATUS[0]}
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
    echo "--- $name: $passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo " ($skipped skipped)")"
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
}

# swift_build: the package builds (one check).
swift_build() {
    if swift build 2>&1 | tail -3; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; return 1; fi
}

# swift_tests: runs `swift test` and turns its results into one "N passed, N failed" line.
# Swift Testing prints one "✔ Test ... passed" / "✘ Test ... failed" line per test (a
# parameterised test counts once per argument); XCTest prints "Executed N tests, with M
# failures". A skipped Swift test becomes a "SKIP" line.
swift_tests() {
    local out="$log_dir/swift-test.log" rc
    swift test 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    awk '
        / Test run with /                                   { next }
        /^✔ Test .* with [0-9]+ test cases? passed/         { n = $0; sub(/.* with /, "", n); sub(/ test.*/, "", n); p += n; next }
        /^✔ Test .* passed/                                 { p++; next }
        /^✘ Test .* failed after/                           { f++; next }
        /^➜ Test .* skipped/                                { sub(/^➜ /, ""); print "SKIP: swift " $0 }
        /Executed [0-9]+ tests?, with [0-9]+ failures?/     { sub(/.*Executed /, ""); xe = $1; xf = $4 }
        END {
            # XCTest reports once per bundle run; the last line is the total.
            p += xe - xf; f += xf
            printf "%d passed, %d failed\n", p, f
        }' "$out"
    return "$rc"
}

group "swift build" swift_build
group "swift test (BezelCore, BezelScenario, BezelInput, BezelRender)" swift_tests
group "bezel command line" tests/cli/run.sh "$(swift build --show-bin-path)/bezel"
group "protocol tests over a real socket" env BEZEL_PROTOCOL_SCRATCH="$root/.build" tests/protocol/run.sh
group "protocol tests under valgrind" env BEZEL_PROTOCOL_SCRATCH="$root/.build" tests/protocol/run.sh --valgrind
group "libinput touch source through bezel.h, from C, real libinput under umockdev" env BEZEL_INPUT_SCRATCH="$root/.build" tests/input/run.sh
group "meson-shim host module options" tests/meson-shim/run.sh
group "meson-shim install and C consumer" tests/protocol/install-test.sh
group "weston 10 headless with bezel-weston.so, real clients, libinput under umockdev" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh
group "weston with bezel-weston.so under valgrind (tap, swipe, defer)" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/run.sh --valgrind
group "weston: hostile clients while touches play" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/hostile.sh
group "weston: hostile clients under valgrind" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/hostile.sh --valgrind
group "weston: hostile scale (idle surfaces, creation, disconnect stall; release build)" env BEZEL_WESTON_SCRATCH="$root/.build" hosts/weston/tests/hostile-scale.sh

group "wlroots 0.15 with libbezel-wlroots + bezel-compositor headless, real clients, libinput under umockdev" env BEZEL_WLROOTS_SCRATCH="$root/.build" hosts/wlroots/tests/run.sh
group "meson-shim -Dwlroots=enabled install: bezel-wlroots.pc, header, bezel-compositor" hosts/wlroots/tests/install-test.sh
group "Wayfire 0.7 headless with libbezel-wayfire.so, real clients, libinput under umockdev" env BEZEL_WAYFIRE_SCRATCH="$root/.build" hosts/wayfire/tests/run.sh
group "meson-shim -Dwayfire=enabled install: Wayfire loads the installed plugin" hosts/wayfire/tests/install-test.sh
group "toolkit apps (GTK 4 C and Python, SDL2, Qt 6) on weston and bezel-compositor, demo recording" env BEZEL_TOOLKITS_SCRATCH="$root/.build" tests/toolkits/run.sh
echo
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
