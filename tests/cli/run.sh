#!/usr/bin/env bash
# Checks the `bezel` command's exit codes and output on real files (docs/design.md §8):
# 0 when expectations hold, 1 on a mismatch with a diff on stderr, 2 on a malformed file.
# Usage: tests/cli/run.sh PATH_TO_BEZEL
set -u
bezel=${1:?usage: run.sh PATH_TO_BEZEL}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$root/tests/lib/counters.sh"

check() { # name, expected status, command... (bounded: 5 minutes, then killed, exit 124)
    local name=$1 want=$2; shift 2
    timeout -k 5 300 "$@" >"$work/out" 2>"$work/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then
        pass "$name"
    else
        fail "$name: exit $got, wanted $want"; sed 's/^/     /' "$work/err" | head -20
    fi
}

check "conformance suite passes (exit 0)" 0 "$bezel" scenario "$root"/conformance/*.yaml
lines=$(wc -l <"$work/out")
if [ "$lines" -gt 100 ] && head -1 "$work/out" | grep -q '^{"t":'; then
    pass "scenario prints JSON lines ($lines)"
else
    fail "scenario output is not JSON lines"
fi

cat >"$work/mismatch.yaml" <<'YAML'
surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]
timeline: [ { t: 0, down: { id: 0, x: 540, y: 2338 } }, { t: 60, up: { id: 0 } } ]
expect: { sequence: [ { event: client.down, id: 0, t: 0 } ] }
YAML
check "a held tap does not reach the client at t=0 (exit 1)" 1 "$bezel" scenario "$work/mismatch.yaml"
if grep -q "not found" "$work/err"; then pass "mismatch diff on stderr"; else fail "no diff on stderr"; fi

printf 'timeline:\n  - { t: 0, down: { id: 0, x: 1, y: 2 } }\n  - { t: 1, tapp: {} }\n' >"$work/malformed.yaml"
check "malformed scenario (exit 2)" 2 "$bezel" scenario "$work/malformed.yaml"
if grep -q "malformed.yaml:3: timeline entry: unknown event 'tapp'" "$work/err"; then
    pass "malformed file names line and reason"
else
    fail "malformed message: $(cat "$work/err")"
fi

printf 'edges: { bottom: { edge_zone_mm: "5mm" } }\n' >"$work/bad-config.yaml"
check "replay with a bad config (exit 2)" 2 "$bezel" replay --config "$work/bad-config.yaml" \
    --desc "$root/../shared/traces/evemu-devices/ep0430m09.desc" \
    --events "$root/../shared/traces/evemu-devices/ep0430m09.1-finger-drag-up-down.events"
if grep -q "edges.bottom.edge_zone_mm" "$work/err"; then pass "config error names the key"; else fail "config error: $(cat "$work/err")"; fi

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
    pass "bench prints events, ns_per_event and work counts"
else
    fail "bench JSON: $(cat "$work/out")"
fi

# §9 growth: the synthetic load's shape is set from the command line and reported back.
check "bench --fingers 10 --surfaces 200 --depth 8" 0 "$bezel" bench --events 20000 --repeat 1 --json \
    --fingers 10 --surfaces 200 --depth 8
if grep -q '"fingers":10,"top_level_surfaces":200,"depth":8' "$work/out" && grep -q '"surfaces":1600' "$work/out"; then
    pass "bench reports the shape it ran (10 fingers, 200 tiles 8 deep)"
else
    fail "bench shape: $(cat "$work/out")"
fi
check "bench --fingers 0 is refused (exit 2)" 2 "$bezel" bench --fingers 0

# ---- hostile and malformed files (docs/design.md §8, §9): exit 2 with a message naming the place,
# within seconds and in bounded memory. Each runs under `ulimit -v` (512 MiB of address space)
# and `timeout 10`; /usr/bin/time, when present, reports the peak resident memory.
hostile() { # name, text the message must contain, command...
    local name=$1 want=$2; shift 2
    local start end got figures=""
    start=$(date +%s%N)
    if [ -x /usr/bin/time ]; then
        ( ulimit -v 524288; exec /usr/bin/time -o "$work/time" -f "%M" timeout 10 "$@" ) >"$work/out" 2>"$work/err"
        got=$?
        figures=", peak $(( $(tail -1 "$work/time") / 1024 )) MiB"
    else
        ( ulimit -v 524288; exec timeout 10 "$@" ) >"$work/out" 2>"$work/err"
        got=$?
    fi
    end=$(date +%s%N)
    figures="$(( (end - start) / 1000000 )) ms$figures"
    if [ "$got" -eq 2 ] && grep -qF -- "$want" "$work/err"; then
        pass "$name: exit 2 in $figures: $(head -1 "$work/err" | cut -c1-160)"
    else
        fail "$name: exit $got in $figures, wanted 2 and a message with '$want'"
        head -c 600 "$work/err" | sed 's/^/     /'
    fi
}

printf 'surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]\ntimeline:\n  - { t: 0, down: { id: 0, x: 540, y: 1000 } }\n  - { t: 1e20, up: { id: 0 } }\n' >"$work/time-1e20.yaml"
hostile "scenario: t 1e20" "time-1e20.yaml:4: t: must be between 0 and 4294967295 ms" "$bezel" scenario "$work/time-1e20.yaml"

{ printf 'timeline: '; head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; echo; } >"$work/nested.yaml"
hostile "scenario: 100,000 nested brackets" "nested.yaml:1: YAML nested deeper than 64 levels" "$bezel" scenario "$work/nested.yaml"
hostile "render: 100,000 nested brackets" "nested.yaml:1: YAML nested deeper than 64 levels" "$bezel" render "$work/nested.yaml" -o "$work/nested.svg"

cat >"$work/alias-bomb.yaml" <<'YAML'
a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
YAML
hostile "scenario: alias bomb (9^9 nodes)" "alias-bomb.yaml:7: YAML more than 1000000 nodes once aliases are expanded" "$bezel" scenario "$work/alias-bomb.yaml"
hostile "replay --config: alias bomb" "alias-bomb.yaml:7: YAML more than" "$bezel" replay --config "$work/alias-bomb.yaml" \
    --record "$root/Tests/BezelInputTests/Fixtures/two-fingers.libinput-record.yml"

hostile "scenario: /dev/zero" "/dev/zero: larger than 8388608 bytes" "$bezel" scenario /dev/zero
hostile "replay --config /dev/zero" "/dev/zero: larger than 8388608 bytes" "$bezel" replay --config /dev/zero \
    --record "$root/Tests/BezelInputTests/Fixtures/two-fingers.libinput-record.yml"
hostile "replay --record /dev/zero" "/dev/zero: larger than 67108864 bytes" "$bezel" replay --record /dev/zero
hostile "replay --desc/--events /dev/zero" "/dev/zero: larger than 67108864 bytes" "$bezel" replay --desc /dev/zero --events /dev/zero

{ echo "timeline:"; yes '  - { t: 0, advance: {} }' | head -c 9000000; } >"$work/large.yaml"
hostile "scenario: a 9 MB file" "large.yaml: larger than 8388608 bytes" "$bezel" scenario "$work/large.yaml"

printf 'surfaces: [ { id: app, client: A, rect: [0, 0, 1080, 2340] } ]\ntimeline:\n  - { t: 0, down: { id: 0, x: 540, y' >"$work/truncated.yaml"
hostile "scenario: truncated YAML" "truncated.yaml:3: invalid YAML" "$bezel" scenario "$work/truncated.yaml"

head -c 65536 "$bezel" >"$work/binary.yaml"
hostile "scenario: binary garbage" "binary.yaml:1: invalid YAML: control characters are not allowed" "$bezel" scenario "$work/binary.yaml"
if LC_ALL=C grep -q '[^[:print:][:space:]]' "$work/err"; then
    fail "binary garbage: the message carries raw bytes"
else
    pass "binary garbage: the message is plain text"
fi

printf 'timeline:\n  - { t: 0, down: { id: 0, x: 1e400, y: 2 } }\n' >"$work/huge-number.yaml"
hostile "scenario: 1e400 coordinate" "huge-number.yaml:2: number '1e400' is out of range" "$bezel" scenario "$work/huge-number.yaml"

printf 'hold_window_ms: 1e308\n' >"$work/hold-1e308.yaml"
hostile "replay --config: hold_window_ms 1e308" "hold-1e308.yaml:1: hold_window_ms: must be from 0 to 2000" "$bezel" replay \
    --config "$work/hold-1e308.yaml" --record "$root/Tests/BezelInputTests/Fixtures/two-fingers.libinput-record.yml"
printf 'config: { edges: { bottom: { full_distance_mm: 1e-9 } } }\n' >"$work/full-1e-9.yaml"
hostile "scenario: full_distance_mm 1e-9" "full-1e-9.yaml:1: config: edges.bottom.full_distance_mm: must be from 1 to 500" "$bezel" scenario "$work/full-1e-9.yaml"

record="$root/Tests/BezelInputTests/Fixtures/two-fingers.libinput-record.yml"
sed 's/\[  0,  16000,   3,  53,   320\]/[  0,  16000,   3,  53 320 garbage/' "$record" >"$work/record-unterminated.yml"
hostile "replay --record: unterminated event line" "record-unterminated.yml:56:" "$bezel" replay --record "$work/record-unterminated.yml"
sed 's/\[  0,  16000,   3,  53,   320\]/[  0,  16000,   3,  53,   99999999999999999999999]/' "$record" >"$work/record-huge.yml"
hostile "replay --record: huge value" "record-huge.yml:56:" "$bezel" replay --record "$work/record-huge.yml"
sed 's/\[  0,  16000,   3,  53,   320\]/[ -5,  16000,   3,  53,   320]/' "$record" >"$work/record-time.yml"
hostile "replay --record: negative time" "record-time.yml:56: bad timestamp" "$bezel" replay --record "$work/record-time.yml"
{ head -40 "$record"; head -c 4096 "$bezel"; } >"$work/record-binary.yml"
hostile "replay --record: binary lines" "record-binary.yml:41:" "$bezel" replay --record "$work/record-binary.yml"

hostile "replay: a bad --output is an argument error (exit 2)" "--output must look like" "$bezel" replay --output 1080 --record "$record"
hostile "an unknown option (exit 2)" "Unknown option '--bogus'" "$bezel" scenario --bogus "$work/time-1e20.yaml"

finish
