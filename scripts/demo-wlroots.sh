#!/usr/bin/env bash
# The wlroots demo: Bezel inside a wlroots 0.15 compositor. Builds and installs Bezel with
# meson-shim into a local prefix (tests/lib/product.sh), starts the installed bezel-compositor
# headless (WLR_BACKENDS=headless WLR_RENDERER=pixman) with a full-screen app that defers the
# bottom edge (examples/bezel-defer-client), and plays a touch recording through real libinput
# (Bezel's libinput source) on an emulated touchscreen:
#
#   1. a swipe up from the bottom: deferred, so the app gets it and a bar appears (R3);
#   2. a second swipe within the window: the dock, which rests at 60 % (screenshot) (R4);
#   3. a tap in the middle: the app's, and it closes the dock;
#   4. a swipe down from the top: the cover sheet (screenshot).
#
# It prints what each party saw and saves the screenshots (grim) in demo-out/.
# No display, GPU, /dev/input or /dev/uinput needed. Usage: scripts/demo-wlroots.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh"

. "$root/scripts/demo-setup.sh" demo-wlroots
[ -f "$PRODUCT_LIB/pkgconfig/bezel-wlroots.pc" ] ||
	{ echo "meson-shim built no wlroots parts (wlroots 0.15, wayland-protocols, pixman-1 missing?)"; exit 1; }
echo "   pkg-config --cflags --libs bezel-wlroots: $(pkg-config --cflags --libs bezel-wlroots)"
cat >"$run/bezel.ini" <<EOF
[bezel]
touch-device=$node
touch-device-open=sigusr2
output-width-mm=68
output-height-mm=121
event-log=$run/events.log
EOF

echo "== starting the installed bezel-compositor (headless, pixman) with the app"
sock=bezel-demo-wlroots
rm -f "$XDG_RUNTIME_DIR/$sock" "$XDG_RUNTIME_DIR/$sock.lock"
touchscreen_run "$run" "$node" "$shim" "$run/compositor.pid" "$run/compositor.log" \
	env WLR_BACKENDS=headless WLR_RENDERER=pixman "$PRODUCT_PREFIX/bin/bezel-compositor-rig" --socket "$sock" --config "$run/bezel.ini"
umockdev_pid=$UMOCKDEV_PID
bounded_track "$umockdev_pid" bezel-compositor
wait_for "$run/compositor.log" "bezel-compositor: running on" || { tail -20 "$run/compositor.log"; exit 1; }
compositor_pid=$(cat "$run/compositor.pid")
bounded_track "$umockdev_pid" bezel-compositor "$compositor_pid"
WAYLAND_DISPLAY=$sock timeout 300 "$gen/bezel-defer-client" --edges 2 >"$run/app.out" 2>&1 &
app_pid=$!
bounded_track "$app_pid" "the app (bezel-defer-client)"
wait_for "$run/app.out" "honored_edges bottom" || { cat "$run/app.out"; exit 1; }

echo "== playing the recording (about 6 s)"
kill -USR2 "$compositor_pid"
shot() { WAYLAND_DISPLAY=$sock timeout 20 grim "$out/$1" && echo "   screenshot: demo-out/$1"; }
wait_for "$run/events.log" "gesture changed dock .*progress=0\.[5-9]" 1 30 && shot wlroots-dock-mid-swipe.png
wait_for "$run/events.log" "gesture ended cover_sheet .*committed=1" 1 30 && shot wlroots-cover-sheet.png
wait_for "$run/events.log" "libinput up" 4 30 || true
stop_process bezel-compositor "$compositor_pid" "$umockdev_pid" || true
reap_process "the app" "$app_pid" 10 || true

echo "== what the app got"
grep -E "deferred_swipe|gesture_taken" "$run/app.out" | sed 's/^/   /'
echo "   touch downs: $(grep -c 'touch down' "$run/app.out"), ups: $(grep -c 'touch up' "$run/app.out"), cancels: $(grep -c 'touch cancel' "$run/app.out")"
echo "== what the system did"
grep -E "gesture (began|ended|failed)|affordance" "$run/events.log" | cut -d' ' -f2- | sed 's/^/   /'
echo "== logs in $run"
