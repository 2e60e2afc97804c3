#!/usr/bin/env bash
# The demo: Bezel inside a real compositor. Builds and installs Bezel through meson-shim into a
# local prefix (tests/lib/product.sh), starts headless weston 10 with the installed bezel-weston.so and a full-screen
# app that defers the bottom edge (examples/bezel-defer-client, built against the installed
# protocol), then plays a touch recording through real libinput on an emulated touchscreen:
#
#   1. a swipe up from the bottom: deferred, so the app gets it and a bar appears (R3);
#   2. a second swipe within the window: the dock, which rests half-way (screenshot) (R4);
#   3. a tap in the middle: the app's, and it closes the dock;
#   4. a swipe down from the top: the cover sheet (screenshot).
#
# It prints what each party saw and saves the screenshots in demo-out/.
# No display, no /dev/input, no /dev/uinput needed. Usage: scripts/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh"

. "$root/scripts/demo-setup.sh" demo
. "$root/hosts/weston/tests/lib.sh"
module=$(pkg-config --variable=westonmoduledir bezel)/bezel-weston.so
rig=$(pkg-config --variable=westonmoduledir bezel)/bezel-weston-rig.so
echo "   installed: $(cd "$PRODUCT_PREFIX" && find . -type f | sort | tr '\n' ' ')"
cat >"$run/weston.ini" <<EOF
[core]
idle-time=0
[bezel]
# the module: the screen's physical size, and a log of what it did
output-width-mm=68
output-height-mm=121
event-log=$run/events.log
# gesture settings (docs/design.md §4.4, flattened): the defaults, written out
hold-window-ms=150
rearm-window-ms=2000
bottom-edge-zone-mm=3.5
[bezel-rig]
# demo equipment: a touchscreen (emulated, replaying the recording) on weston's headless backend
touch-device=$node
touch-device-open=sigusr2
event-log=$run/events.log
EOF

echo "== starting headless weston with $module (and the demo rig $rig)"
sock=bezel-demo
start_umockdev_weston "$run" $node "$shim" "$module,$rig" $sock --use-pixman --debug ||
	{ echo "weston did not start; see $run/weston.log"; exit 1; }
# (lib.sh's EXIT trap stops weston and the app if the demo ends early)
WAYLAND_DISPLAY=$sock timeout 300 "$gen/bezel-defer-client" >"$run/app.out" 2>"$run/app.err" &
app=$!
bounded_track "$app" "the app (bezel-defer-client)"
wait_for "$run/app.out" "honored_edges bottom" || { echo "the app did not start; see $run"; exit 1; }

echo "== playing the recording (4.8 s, real time)"
kill -USR2 "$WESTON_PID" # the module opens the emulated touchscreen: the replay starts
# The second swipe rests at 60 % of the dock's travel for 2.5 s: take the screenshot then.
wait_for "$run/events.log" "gesture changed dock .*progress=0\.[5-9]" 1 30 ||
	{ echo "the dock did not follow the finger; see $run"; exit 1; }
shot=$(screenshot "$run" $sock) && mv "$shot" "$out/dock-mid-swipe.png"
wait_for "$run/events.log" "libinput up" "$CONTACTS" 30 || { echo "replay incomplete; see $run"; exit 1; }
shot=$(screenshot "$run" $sock) && mv "$shot" "$out/cover-sheet.png"
stop_umockdev_weston || true
reap_process "the app" "$app" 10 || true

# Times relative to the first touch, from the event log's CLOCK_MONOTONIC microseconds.
t0=$(grep -m1 "libinput down" "$run/events.log" | cut -d' ' -f1)
echo
echo "== what the app saw (motions and frames counted, not listed)"
awk '/touch motion/ { m++; next } /touch frame/ { next }
     { if (m) { printf "   ... %d touch motion events\n", m; m = 0 } print "   " $0 }
     END { if (m) printf "   ... %d touch motion events\n", m }' "$run/app.out"
echo "   the app got $(grep -c 'touch down' "$run/app.out") of the $CONTACTS touches: the dock and" \
	"cover-sheet swipes never reached it"
echo
echo "== what the system saw (bezel-weston.so: gestures and affordance; ms since the first touch)"
awk -v t0="$t0" '/ gesture (began|ended|failed|cancelled) | affordance | drag / {
       $1 = sprintf("+%5d ms ", ($1 - t0) / 1000); print "   " $0 }' "$run/events.log"
echo "   dock progress reported $(grep -c 'gesture changed dock' "$run/events.log") times," \
	"cover sheet $(grep -c 'gesture changed cover_sheet' "$run/events.log") times"
echo
echo "== what weston logged about Bezel"
grep -E "bezel(-rig)?: (libbezel|output|[0-9]+ gesture setting|intercepting|[0-9]+ touch device)" "$run/weston.log" | sed 's/^/   /'
echo
echo "== screenshots (weston's pixman renderer, saved by weston-screenshooter)"
for f in dock-mid-swipe cover-sheet; do
	[ -f "$out/$f.png" ] && echo "   $out/$f.png" || echo "   $f: no screenshot (see $run/screenshooter.log)"
done
echo "   (the engine alone, without a compositor: scripts/engine-demo.sh)"
