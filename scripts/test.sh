#!/usr/bin/env bash
# Runs every test of the project: the Swift test suites (engine rules E1-E18, conformance
# suite R1-R9, 10,000 random R9 property sequences, trace readers and real libinput under
# umockdev), the `bezel` command's exit codes, the protocol tests over a real Wayland socket
# (hostile clients included), the meson-shim install with a C consumer, and headless weston
# with the bezel module and real clients.
# Usage: scripts/test.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh" || { echo "could not install dependencies"; exit 1; }

status=0
step() { echo; echo "=== $*"; }

step "swift build"
swift build 2>&1 | tail -3 || status=1

step "swift test (BezelCore, BezelScenario, BezelInput)"
swift test 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Linking|Write|Building)|^◇|^↳' ; [ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step "bezel command line"
tests/cli/run.sh "$(swift build --show-bin-path)/bezel" || status=1

step "protocol tests over a real socket"
BEZEL_PROTOCOL_SCRATCH="$root/.build" tests/protocol/run.sh || status=1

step "libinput touch source through bezel.h, from C, real libinput under umockdev"
BEZEL_INPUT_SCRATCH="$root/.build" tests/input/run.sh || status=1

step "meson-shim install and C consumer"
tests/protocol/install-test.sh || status=1

step "weston 10 headless with bezel-weston.so, real clients, libinput under umockdev"
BEZEL_WESTON_SCRATCH="$root/.build" tests/weston/run.sh || status=1

echo
if [ $status -eq 0 ]; then echo "scripts/test.sh: all test groups passed"; else echo "scripts/test.sh: some test group FAILED"; fi
exit $status
