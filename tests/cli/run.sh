#!/usr/bin/env bash
# Checks the `bezel` command's exit codes and output on real files (DESIGN §8):
# 0 when expectations hold, 1 on a mismatch with a diff on stderr, 2 on a malformed file.
# Usage: tests/cli/run.sh PATH_TO_BEZEL
set -u
bezel=${1:?usage: run.sh PATH_TO_BEZEL}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

check() { # name, expected status, command...
    local name=$1 want=$2; shift 2
    "$@" >"$work/out" 2>"$work/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then
        passed=$((passed + 1)); echo "ok   $name"
    else
        failed=$((failed + 1)); echo "FAIL $name: exit $got, wanted $want"; sed 's/^/     /' "$work/err" | head -20
    fi
}

check "conformance suite passes (exit 0)" 0 "$bezel" scenario "$root"/conformance/*.yaml
lines=$(wc -l <"$work/out")
if [ "$lines" -gt 100 ] && head -1 "$work/out" | grep -q '^{"t":'; then
    passed=$((passed + 1)); echo "ok   scenario prints JSON lines ($lines)"
else
    failed=$((failed + 1)); echo "FAIL scenario output is not JSON lines"
fi

cat >"$work/mismatch.yaml" <<'YAML'
surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]
timeline: [ { t: 0, down: { id: 0, x: 540, y: 2338 } }, { t: 60, up: { id: 0 } } ]
expect: { sequence: [ { event: client.down, id: 0, t: 0 } ] }
YAML
check "a held tap does not reach the client at t=0 (exit 1)" 1 "$bezel" scenario "$work/mismatch.yaml"
if grep -q "not found" "$work/err"; then passed=$((passed + 1)); echo "ok   mismatch diff on stderr"; else failed=$((failed + 1)); echo "FAIL no diff on stderr"; fi

printf 'timeline:\n  - { t: 0, down: { id: 0, x: 1, y: 2 } }\n  - { t: 1, tapp: {} }\n' >"$work/malformed.yaml"
check "malformed scenario (exit 2)" 2 "$bezel" scenario "$work/malformed.yaml"
if grep -q "malformed.yaml:3: timeline entry: unknown event 'tapp'" "$work/err"; then
    passed=$((passed + 1)); echo "ok   malformed file names line and reason"
else
    failed=$((failed + 1)); echo "FAIL malformed message: $(cat "$work/err")"
fi

printf 'edges: { bottom: { edge_zone_mm: "5mm" } }\n' >"$work/bad-config.yaml"
check "replay with a bad config (exit 2)" 2 "$bezel" replay --config "$work/bad-config.yaml" \
    --desc "$root/../shared/traces/evemu-devices/ep0430m09.desc" \
    --events "$root/../shared/traces/evemu-devices/ep0430m09.1-finger-drag-up-down.events"
if grep -q "edges.bottom.edge_zone_mm" "$work/err"; then passed=$((passed + 1)); echo "ok   config error names the key"; else failed=$((failed + 1)); echo "FAIL config error: $(cat "$work/err")"; fi

if [ -d "$root/../shared/traces/evemu-devices" ]; then
    for events in "$root"/../shared/traces/evemu-devices/*.events; do
        base=$(basename "$events"); desc="$(dirname "$events")/${base%%.*}.desc"
        check "replay $base (R9 holds)" 0 "$bezel" replay --desc "$desc" --events "$events"
    done
else
    echo "skip replay of shared recordings: ../shared/traces is not beside the project"
fi

check "bench --json on a small synthetic load" 0 "$bezel" bench --events 20000 --repeat 1 --json
if grep -q '"ns_per_event"' "$work/out" && grep -q '"system_gestures_begun"' "$work/out"; then
    passed=$((passed + 1)); echo "ok   bench prints events, ns_per_event and work counts"
else
    failed=$((failed + 1)); echo "FAIL bench JSON: $(cat "$work/out")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
