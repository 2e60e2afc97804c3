#!/usr/bin/env bash
# The engine demo (no compositor): a phone screen with a full-screen game that defers the bottom edge. It plays the
# "swipe twice" story through the engine, then a real touchscreen recording, then the
# benchmark, and prints what each party saw.
# Usage: scripts/engine-demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh"
swift build -c release --product bezel 2>&1 | tail -1
bezel="$(swift build -c release --show-bin-path)/bezel"

echo
echo "== 1. Swipe twice (R3, R4): a game defers the bottom edge"
echo "   first swipe goes to the game and shows the affordance; the second opens the dock"
"$bezel" scenario conformance/r4-swipe-twice.yaml | grep -vE '"client.(motion|frame)"'

echo
echo "== 2. A tap at the bottom edge reaches the app when the finger lifts (R2)"
"$bezel" scenario conformance/r2-tap-at-edge.yaml

echo
echo "== 3. A late dock swipe takes the touch back: gesture_taken, then wl_touch.cancel (R2)"
"$bezel" scenario conformance/r2-late-begin.yaml | grep -vE '"client.frame"'

traces="$root/../shared/traces/evemu-devices"
if [ -d "$traces" ]; then
    echo
    echo "== 4. A real touchscreen recording (two-finger scroll), replayed"
    lines=$(mktemp)
    "$bezel" replay --desc "$traces/ep0430m09.desc" --events "$traces/ep0430m09.2-finger-scroll-down.events" \
        --output 1280x768@95x57 >"$lines"
    head -5 "$lines"
    echo "   ... $(wc -l <"$lines") decisions in all"
    rm -f "$lines"
fi

echo
echo "== 5. Cost of the whole path per touch event (release build)"
if [ -f "$root/../shared/bench/stream-100k.txt" ]; then
    "$bezel" bench --stream "$root/../shared/bench/stream-100k.txt" --json
fi
"$bezel" bench --events 200000 --json
