#!/usr/bin/env bash
# The Plasma Mobile demo: Debian 13's Plasma Mobile 6.3 (plasmashell with the mobile shell and
# the mobiletaskswitcher KWin effect) on KWin 6.3 with bezel-kwin.so, headless, inside the
# Debian 13 root. KWin runs in a window of Xvfb (its X11 windowed backend, 1080x1920, QPainter
# compositing) rather than --virtual, only so that the screen can be read: KWin's own
# screenshot interface needs OpenGL compositing, which needs a DRM device this machine has not.
#
#   Plasma's settings app (plasma-settings, maximized by the shell), a full-screen app over it
#   (the kwin tests' bezel-touch-client), and a swipe up from the bottom edge
#   that slows to a crawl before it lifts, played through KWin's fake_input as the kwin tests
#   play theirs (hosts/kwin/rig/bezel-kwin-feed). Bezel's dock takes the swipe, KWin's own
#   bottom touch edge steps aside, and the plugin drives that edge's gesture with Bezel's
#   finger (hosts/kwin/src/edge-drive.cpp): the task switcher follows the finger and stays open
#   after the lift.
#
# Screenshots (Xvfb's screen file through hosts/kwin/rig/xwd-png.py, at half size) in
# demo-out/: plasma-mobile-app.png (the app before the swipe), plasma-mobile-following.png (the
# switcher during the swipe), plasma-mobile-switcher.png (after the lift). It prints what each
# party saw and how long each step took, and exits 0 when the switcher showed during the swipe
# and after the lift (plasmashell's isTaskSwitcherVisible) and the app saw no touch.
#
# --defer: the full-screen app defers the bottom edge (the kwin tests' bezel-defer-client), and
# two swipes up start 10 px above the bottom, on plasmashell's 12 px reveal strip (at y 1908),
# which gives way to Bezel's bottom zone over the full-screen app (hosts/kwin/README.md, Plasma
# Mobile 6.3): a fast one, which the app gets with deferred_swipe while
# the plugin draws Bezel's affordance at the bottom edge (R3), then, within the 2 s the edge stays
# armed, the swipe and hold, which is Bezel's dock and opens the task switcher (R4). Screenshot
# demo-out/plasma-mobile-deferred.png after the first swipe: the affordance over the app. Exits
# 0 when the app got the first swipe (one down, deferred_swipe), KWin logged the affordance shown
# and drawn, and the switcher opened on the second.
#
# Plasma Mobile is not in the root CI makes (about 290 MB): this script installs the
# debian13-plasma-mobile list into it first (scripts/distro.sh debian13 make --extra ...).
# Usage: scripts/demo-plasma-mobile.sh [--defer]   (as root, on the Debian 12 machine)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
if [ "${BEZEL_DISTRO:-}" != debian13 ]; then
	start=$SECONDS
	scripts/distro.sh debian13 make --extra debian13-plasma-mobile || exit 1
	echo "demo-plasma-mobile: the root has Plasma Mobile ($((SECONDS - start)) s)"
	exec scripts/distro.sh debian13 run -- scripts/demo-plasma-mobile.sh "$@"
fi

defer=0
case ${1:-} in
--defer) defer=1 ;;
"") ;;
*) echo "usage: $0 [--defer]" >&2; exit 2 ;;
esac

# tests/lib/bounded.sh's waits are written for `set -u` runners, not `set -e`: each step below
# checks its own status.
work=$root/.build-kwin-$BEZEL_DISTRO-plasma-mobile
out=$root/demo-out
mkdir -p "$out"
ROOT=$root
. "$root/tests/lib/bounded.sh"
BOUNDED_DUMP_DIR=$work
step() { echo "== $* (at $SECONDS s)"; }

# The plugin, the test clients and the feeder, as the kwin tests build them.
step "building bezel-kwin.so, the clients and the feeder (hosts/kwin/tests/run.sh --build-only)"
BEZEL_KWIN_SCRATCH=$work hosts/kwin/tests/run.sh --build-only | tail -1
bin=$work/kwin-tests
plugins=$(dirname "$(find "$work/prefix" -name bezel-kwin.so | head -1)")
[ -f "$plugins/bezel-kwin.so" ] || { echo "demo-plasma-mobile: bezel-kwin.so was not built"; exit 1; }

DIR=$work/run
rm -rf "$DIR"
mkdir -p "$DIR/home/.config" "$DIR/xdg"
chmod 700 "$DIR/xdg"
SOCK=bezel-plasma-mobile
W=1080 H=1920
if [ $defer = 1 ]; then
	# On plasmashell's 12 px reveal strip, inside Bezel's bottom zone (3.5 mm: 55 px here), as
	# on the other hosts. BEZEL_DEMO_BOTTOM_INSET=25 starts them above the strip instead.
	inset=${BEZEL_DEMO_BOTTOM_INSET:-10}
	python3 tests/hosts/gen-touch.py defer-once "$DIR/touch-first.evemu" --size ${W}x$H --bottom-inset "$inset" >/dev/null || exit 1
	python3 tests/hosts/gen-touch.py dock-rest "$DIR/touch.evemu" --size ${W}x$H --bottom-inset "$inset" >/dev/null || exit 1
else
	python3 tests/hosts/gen-touch.py dock-rest "$DIR/touch.evemu" --size ${W}x$H >/dev/null || exit 1
fi

# Plasma Mobile's session environment (startplasmamobile), with its own configuration written
# by plasma-mobile-envmanager into $HOME/.config/plasma-mobile (kwinrc: the mobiletaskswitcher
# effect on, maximizing placement; kdeglobals: the org.kde.breeze.mobile look-and-feel).
export HOME=$DIR/home XDG_RUNTIME_DIR=$DIR/xdg XDG_CONFIG_HOME=$DIR/home/.config
export XDG_CONFIG_DIRS=$HOME/.config/plasma-mobile:/etc/xdg
export PLASMA_PLATFORM=phone:handset QT_QUICK_CONTROLS_MOBILE=true QT_QUICK_CONTROLS_STYLE=org.kde.breeze
export PLASMA_DEFAULT_SHELL=org.kde.plasma.mobileshell
QT_QPA_PLATFORM=offscreen plasma-mobile-envmanager --apply-settings >"$DIR/envmanager.log" 2>&1 || exit 1
# Debian's maliit-keyboard is a Qt 5 program whose Wayland platform plugin is not installed:
# KWin would restart it in a loop. No on-screen keyboard here.
sed -i '/^InputMethod/d' "$HOME/.config/plasma-mobile/kwinrc"
# Gesture navigation (no navigation panel): the task switcher's bottom touch edge is on.
printf '[General]\nnavigationPanelEnabled=false\n' >>"$HOME/.config/plasmamobilerc"
# KWin blocks its screen edges while a full-screen window is active, unless RemainActiveOnFullscreen:
# with Bezel, whether a full-screen app keeps the bottom edge is Bezel's decision (the app defers
# it, R3), so KWin's edge stays live and Bezel's dock drives it.
printf '[Bezel]\nlog-level=debug\noutput-width-mm=68\noutput-height-mm=121\nevent-log=%s\n\n[ScreenEdges]\nRemainActiveOnFullscreen=true\n' \
	"$DIR/events.log" >>"$HOME/.config/kwinrc"

# kwin_wayland as the kwin tests start it (a copy: the file capability of /usr/bin's), under
# its own session bus; services the bus starts (kactivitymanagerd) get the Wayland display.
cp /usr/bin/kwin_wayland "$DIR/kwin_wayland"
step "starting Xvfb, KWin 6.3 in it with bezel-kwin.so, then plasmashell (Plasma Mobile)"
mkdir -p "$DIR/fb"
timeout -k 5 600 Xvfb :47 -screen 0 ${W}x${H}x24 -fbdir "$DIR/fb" -nolisten tcp >"$DIR/xvfb.log" 2>&1 &
XPID=$!
bounded_track $XPID "Xvfb"
wait_for "$DIR/fb/Xvfb_screen0" "" 1 20 "Xvfb's screen file" >/dev/null || exit 1
i=0
until DISPLAY=:47 xdpyinfo >/dev/null 2>&1 || [ $i -ge 400 ]; do
	sleep 0.05 # polling interval for Xvfb's display, not synchronisation
	i=$((i + 1))
done
env QT_PLUGIN_PATH="$(dirname "$(dirname "$plugins")")" QT_LOGGING_RULES="bezel.kwin.debug=true" KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 KWIN_COMPOSE=Q QT_QUICK_BACKEND=software \
	WAYLAND_DISPLAY=$SOCK QT_QPA_PLATFORM=wayland DISPLAY=:47 \
	timeout -k 5 600 dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" >"$1/bus"; shift; exec "$@"' \
	sh "$DIR" "$DIR/kwin_wayland" --x11-display :47 --width $W --height $H --no-lockscreen --socket "$SOCK" \
	>"$DIR/kwin.log" 2>&1 &
KPID=$!
bounded_track $KPID "kwin_wayland"
wait_while_alive $KPID "$DIR/kwin.log" "bezel: .* loaded" 1 60 "the plugin's loaded line" >/dev/null || {
	tail -20 "$DIR/kwin.log"
	exit 1
}
i=0
while [ ! -S "$DIR/xdg/$SOCK" ] && [ $i -lt 600 ]; do
	sleep 0.05 # polling interval for KWin's socket, not synchronisation
	i=$((i + 1))
done
DBUS_SESSION_BUS_ADDRESS=$(cat "$DIR/bus")
export DBUS_SESSION_BUS_ADDRESS WAYLAND_DISPLAY=$SOCK
effect=$(qdbus6 org.kde.KWin /Effects org.kde.kwin.Effects.isEffectLoaded mobiletaskswitcher 2>&1 || true)
echo "KWin: mobiletaskswitcher effect loaded: $effect"
QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software timeout -k 5 600 plasmashell --no-respawn \
	>"$DIR/plasmashell.log" 2>&1 &
PPID_=$!
bounded_track $PPID_ "plasmashell"
# The shell is up once it owns its D-Bus name and has registered the Mobile object.
i=0
until qdbus6 org.kde.plasmashell /Mobile >/dev/null 2>&1 || [ $i -ge 1200 ]; do
	bounded_alive $PPID_ || break
	sleep 0.05 # polling interval for plasmashell's D-Bus object, not synchronisation
	i=$((i + 1))
done
if ! qdbus6 org.kde.plasmashell /Mobile >/dev/null 2>&1; then
	echo "demo-plasma-mobile: plasmashell did not register /Mobile within 60 s:"
	tail -20 "$DIR/plasmashell.log"
	exit 1
fi
step "plasmashell is up"

# The full-screen app, then the swipe.
# start_feed RECORDING OUT: a feeder connected and waiting for SIGUSR2 (FEED_PID: timeout's).
start_feed() {
	WAYLAND_DISPLAY=$SOCK timeout -k 5 120 "$bin/bezel-kwin-feed" --log "$DIR/events.log" --wait-usr2 "$1" \
		>"$2" 2>&1 &
	FEED_PID=$!
	bounded_track $FEED_PID "feeder"
	wait_while_alive $FEED_PID "$2" "feed ready" 1 20 "the feeder's ready line"
}
# A Plasma Mobile app first (the shell maximizes it; the switcher shows its card with its name),
# then the full-screen app on top of it, once KWin has mapped the first (the plugin's event log
# has one "surface add" line per window KWin adds).
added=$(grep -c "surface add" "$DIR/events.log")
QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software timeout -k 5 600 plasma-settings >"$DIR/settings.out" 2>&1 &
bounded_track $! "plasma-settings"
wait_for "$DIR/events.log" "surface add" $((added + 1)) 60 "plasma-settings' window" || exit 1
if [ $defer = 1 ]; then
	# Defers the bottom edge (its default) and asks for full screen; honoured once it is (R6).
	timeout -k 5 600 "$bin/bezel-defer-client" >"$DIR/app.out" 2>"$DIR/app.err" &
	APID=$!
	bounded_track $APID "bezel-defer-client"
	wait_for "$DIR/app.out" "honored_edges bottom" 1 30 "the app's honored_edges bottom" || exit 1
	start_feed "$DIR/touch-first.evemu" "$DIR/feed-first.out" || exit 1
	FIRST_PID=$FEED_PID
else
	timeout -k 5 600 "$bin/bezel-touch-client" >"$DIR/app.out" 2>"$DIR/app.err" &
	APID=$!
	bounded_track $APID "bezel-touch-client"
	wait_for "$DIR/app.out" " ready" 1 30 "the app's ready line" || exit 1
fi
start_feed "$DIR/touch.evemu" "$DIR/feed.out" || exit 1
shot() { python3 hosts/kwin/rig/xwd-png.py --half "${2:-$DIR/fb/Xvfb_screen0}" "$out/$1" || exit 1; }
visible() { qdbus6 org.kde.plasmashell /Mobile org.kde.plasmashell.isTaskSwitcherVisible 2>/dev/null; }
shot plasma-mobile-app.png
echo "plasmashell: task switcher visible before the swipe: $(visible)"
if [ $defer = 1 ]; then
	step "the first swipe (the app defers the bottom edge)"
	kill -USR2 "$(pgrep -P $FIRST_PID | head -1)"
	wait_while_alive $FIRST_PID "$DIR/feed-first.out" "feed done" 1 30 "the first swipe's last roundtrip" ||
		grep -q "feed done" "$DIR/feed-first.out"
	# The pill's middle (bezel_demo_affordance_box: 388x11 px at 346,1893) turns light once KWin
	# has composited it into Xvfb's screen, while the app's dark colour stays beside it (at x 300).
	# The edge stays armed for 2 s: the screen is copied then and turned into a PNG afterwards.
	wait_for "$DIR/kwin.log" "bezel: affordance drawn edge=2" 1 5 "the affordance drawn"
	pill() {
		px=$(python3 hosts/kwin/rig/xwd-png.py --pixel $((W / 2)) $((H - 21)) "$DIR/fb/Xvfb_screen0") &&
			beside=$(python3 hosts/kwin/rig/xwd-png.py --pixel 300 $((H - 21)) "$DIR/fb/Xvfb_screen0") &&
			[ "${px%% *}" -ge 160 ] && [ "${beside%% *}" -lt 100 ]
	}
	i=0
	until pill || [ $i -ge 20 ]; do
		sleep 0.05 # polling interval for Xvfb's screen, not synchronisation
		i=$((i + 1))
	done
	echo "Xvfb: the affordance's middle pixel (RGB) $px, beside it $beside"
	pill && cp "$DIR/fb/Xvfb_screen0" "$DIR/deferred.xwd"
	echo "plasmashell: task switcher visible after the first swipe: $(visible)"
	step "the second swipe (the dock)"
else
	step "the swipe"
fi
motions=$(grep -c "fake-input motion" "$DIR/events.log")
kill -USR2 "$(pgrep -P $FEED_PID | head -1)"
# During the crawl: the dock has begun and the finger is 400 px up.
wait_for "$DIR/kwin.log" "gesture began dock" 1 20 "the dock's begin"
wait_for "$DIR/events.log" "fake-input motion" $((motions + 40)) 20 "the swipe's 40th motion (the crawl)"
shot plasma-mobile-following.png
during=$(visible)
echo "plasmashell: task switcher visible during the swipe: $during"
wait_for "$DIR/feed.out" "feed done" 1 30 "the feeder's last roundtrip"
wait_for "$DIR/kwin.log" "gesture ended dock" 1 20 "the dock's end"
# The effect tells plasmashell whether the switcher shows (setIsTaskSwitcherVisible); after a
# lift that does not open it, it closes within its 300 ms shutdown timer. Polled for 2 s.
i=0
while [ "$(visible)" = true ] && [ $i -lt 40 ]; do
	sleep 0.05 # polling interval for plasmashell's state, not synchronisation
	i=$((i + 1))
done
after=$(visible)
echo "plasmashell: task switcher visible 2 s after the lift: $after"
shot plasma-mobile-switcher.png
step "done"

echo "-- what each party saw"
grep -E "bezel: (gesture (began|ended|cancelled|failed)|affordance|down)" "$DIR/kwin.log" | sed 's/^/KWin: /'
downs=$(grep -c ' down ' "$DIR/app.out")
echo "app: $downs touch downs"
grep -E "honored_edges|deferred_swipe" "$DIR/app.out" | sed 's/^/app: /'
echo "logs: $DIR"
if [ $defer = 1 ]; then
	[ -f "$DIR/deferred.xwd" ] && shot plasma-mobile-deferred.png "$DIR/deferred.xwd"
	if [ "$during" = true ] && [ "$after" = true ] && [ "$downs" = 1 ] && grep -q "deferred_swipe bottom" "$DIR/app.out" &&
		grep -q "bezel: affordance shown edge=2" "$DIR/kwin.log" && [ -f "$DIR/deferred.xwd" ]; then
		echo "demo-plasma-mobile: the app kept the first swipe with Bezel's affordance drawn; the second opened the task switcher"
		exit 0
	fi
	echo "demo-plasma-mobile: the deferred swipe did not go as it should (see $DIR)"
	exit 1
fi
if [ "$during" = true ] && [ "$after" = true ] && [ "$downs" = 0 ]; then
	echo "demo-plasma-mobile: Bezel's dock opened Plasma Mobile's task switcher over the full-screen app"
else
	echo "demo-plasma-mobile: the task switcher did not open as it should (see $DIR)"
	exit 1
fi
