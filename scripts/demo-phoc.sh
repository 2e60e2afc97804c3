#!/usr/bin/env bash
# The phosh demo: Debian's phosh (the shell of the Librem 5 and of Mobian, postmarketOS and
# Debian on the PinePhone) on phoc 0.24 patched with Bezel (hosts/phoc), headless, with touches
# from real libinput reading an emulated touchscreen (the test rig, hosts/patched/rig, adds it to
# the headless backend; phosh needs a seat before it starts). A 720x1440 phone at scale 2.
#
#   1. a full-screen app (examples/bezel-defer-client deferring nothing) and a swipe up from the
#      bottom edge: Bezel's dock drives phosh's home bar, which opens phosh's overview
#      (screenshot demo-out/phosh-overview-by-bezel-swipe.png);
#   2. a full-screen app that defers the bottom edge and two swipes: the first is the app's, and
#      Bezel's affordance reveals phosh's home bar over it (screenshot
#      demo-out/phosh-deferring-app-affordance.png); the second is the dock again and opens the
#      overview (demo-out/phosh-overview-second-swipe.png);
#   3. a full-screen app and a swipe down from the top edge: Bezel's cover sheet drives phosh's
#      top panel, which the commit pulls down (demo-out/phosh-cover-sheet-top-panel.png).
#
# It prints what each party saw. Needs Debian's phoc, phosh, grim, gnome-settings-daemon-common
# and dbus (scripts/install-deps.sh); the system's phoc is not run, only its phosh. Inside the
# Debian 13 root (scripts/distro.sh debian13 run -- scripts/demo-phoc.sh) it is phosh 0.46 on
# phoc 0.46, whose packages are in that root's list.
# Usage: scripts/demo-phoc.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -n "${BEZEL_DISTRO:-}" ] || "$root/scripts/install-deps.sh"

# Each distribution builds in its own folders (BEZEL_DISTRO: scripts/distro.sh).
work=$root/.build/phoc-demo${BEZEL_DISTRO:+-$BEZEL_DISTRO}
out=$root/demo-out
rm -rf "$work/run"
mkdir -p "$work/run" "$out"
[ -x /usr/libexec/phosh ] || { echo "demo-phoc: /usr/libexec/phosh is missing (Debian's phosh)"; exit 1; }

# Bezel and bezel-input-probe (test equipment) as installed by meson-shim (tests/lib/product.sh,
# through the runners' library tests/lib/host.sh)
ROOT=$root SCRATCH=$root/.build${BEZEL_DISTRO:+-phoc-$BEZEL_DISTRO}
. "$root/tests/lib/host.sh"
product_install release || exit 1
probe=$PROBE
echo "== building phoc with the series against Bezel in $PRODUCT_PREFIX, into $work/prefix (hosts/phoc/build.sh)"
phoc=$(BEZEL_PHOC_BUILD=$root/.build/phoc${BEZEL_DISTRO:+-$BEZEL_DISTRO} hosts/phoc/build.sh --bezel "$PRODUCT_PREFIX" "$work/prefix" | tail -1)
prefix=$work/prefix
echo "== building the app, the touch rig and the touchscreen emulation"
gen=$work/gen
mkdir -p "$gen"
host_protocol_code "$gen"
CFLAGS=-O2 host_client "$gen" bezel-defer-client examples/bezel-defer-client.c
# wlroots 0.15's pkg-config name is wlroots; later ones carry their version (wlroots-0.18).
wlroots=wlroots
pkg-config --exists wlroots || wlroots=$(pkg-config --list-package-names | grep -m1 '^wlroots-')
# shellcheck disable=SC2046
cc -O1 -shared -fPIC -DWLR_USE_UNSTABLE -o "$gen/bezel-wlr-touch-rig.so" hosts/patched/rig/bezel-wlr-touch-rig.c \
	-I"$PRODUCT_PREFIX/include" $(pkg-config --cflags "$wlroots" pixman-1) -L"$PRODUCT_LIB" -lbezel \
	-Wl,-rpath,"$PRODUCT_LIB" -ldl
shim=$(tools/umockdev-preload/build.sh "$gen/shim")
node=/dev/input/event7
# On phoc 0.24 grim saw the app only with phoc's damage tracking debug on (without it the demo
# stops at "the app never filled the screen"); phoc 0.46 needs none, and would tint in magenta
# what changed in the screenshots.
phoc_debug=
[ "$(hosts/phoc/build.sh --print-version)" != 0.24 ] || phoc_debug=damage-tracking

# session NAME SCENARIO APP_ARGS...: phoc with phosh and the app, the recording ready to play.
# Sets run, phoc_pid, session_pid, app_pid, XDG_RUNTIME_DIR.
session() {
	local name=$1 scenario=$2
	shift 2
	run=$work/run/$name
	mkdir -p "$run/dev"
	python3 hosts/phoc/tests/gen-touch-phoc.py "$scenario" "$run/rec.evemu" --size 720x1440 >/dev/null
	"$probe" umockdev --events "$run/rec.evemu" --out "$run/dev" --node $node >"$run/probe.log" 2>&1
	python3 tests/hosts/realtime-script.py "$run/rec.evemu" "$run/dev/device.script"
	python3 tools/umockdev-preload/script-spaces.py "$run/dev/device.script" >/dev/null
	cat >"$run/phoc.ini" <<-EOF
	[core]
	xwayland=false
	[output:HEADLESS-1]
	scale=2
	[bezel]
	log-level=info
	output-width-mm=65
	output-height-mm=130
	event-log=$run/events.log
	EOF
	XDG_RUNTIME_DIR=$(mktemp -d /tmp/bezel-phosh.XXXXXX)
	chmod 700 "$XDG_RUNTIME_DIR"
	export XDG_RUNTIME_DIR
	# phosh runs without umockdev's preload and the rig: they are phoc's.
	timeout 300 dbus-run-session -- env -u DISPLAY -u WAYLAND_DISPLAY WLR_BACKENDS=headless WLR_RENDERER=pixman \
		WLR_HEADLESS_OUTPUTS=1 GSETTINGS_BACKEND=memory XDG_CURRENT_DESKTOP=Phosh:GNOME XDG_SESSION_TYPE=wayland \
		${phoc_debug:+PHOC_DEBUG=$phoc_debug} GSETTINGS_SCHEMA_DIR="$prefix/share/glib-2.0/schemas" \
		BEZEL_RIG_TOUCH_DEVICE=$node BEZEL_RIG_OPEN=sigusr2 BEZEL_RIG_OUTPUT=720x1440 BEZEL_RIG_EVENT_LOG="$run/events.log" \
		umockdev-run -d "$run/dev/device.umockdev" -i "$node=$run/dev/device.ioctl" -s "$node=$run/dev/device.script" -- \
		sh -c 'echo $$ >"$1/phoc.pid"; shift; LD_PRELOAD="$0${LD_PRELOAD:+:$LD_PRELOAD}" BEZEL_UMOCKDEV_HANDSHAKE=1 exec "$@"' \
		"$shim:$gen/bezel-wlr-touch-rig.so" "$run" "$phoc" -S -C "$run/phoc.ini" \
		-E "env -u LD_PRELOAD /usr/libexec/phosh --unlocked" >"$run/host.log" 2>&1 &
	session_pid=$!
	bounded_track "$session_pid" "phoc with phosh ($name)"
	wait_for "$run/host.log" "Running compositor on wayland display" 1 60 "phoc's socket" || { tail -20 "$run/host.log"; exit 1; }
	phoc_pid=$(cat "$run/phoc.pid")
	export WAYLAND_DISPLAY
	WAYLAND_DISPLAY=$(grep -m1 -o "wayland display '[^']*'" "$run/host.log" | cut -d"'" -f2)
	# phosh's panels are layer surfaces the plugin knows once they are shown.
	wait_for "$run/events.log" "surface add" 2 60 "phosh's panels" || { tail -20 "$run/host.log"; exit 1; }
	timeout 300 "$gen/bezel-defer-client" "$@" >"$run/app.out" 2>&1 &
	app_pid=$!
	bounded_track "$app_pid" "the app ($name)"
	wait_for "$run/app.out" "honored_edges" 1 30 "the app's honored_edges" || { cat "$run/app.out"; exit 1; }
	rm -f "$work/run/still-prev.ppm"
}

# shot FILE: a screenshot once the screen is still (two shots in a row alike, at most 10 tries):
# phosh's animations settle first, and on phoc 0.24 the damage tracking's tint fades.
shot() {
	local i prev=
	for i in 1 2 3 4 5 6 7 8 9 10; do
		timeout 20 grim "$work/run/shot.png"
		if [ -n "$prev" ] && cmp -s "$work/run/shot.png" "$prev"; then break; fi
		cp "$work/run/shot.png" "$work/run/prev.png"
		prev=$work/run/prev.png
	done
	cp "$work/run/shot.png" "$out/$1"
	echo "   screenshot: demo-out/$1"
}

# app_shown: waits until the app fills the screen and the screen is still (phosh starts in its
# overview and folds it away, animated, once an app maps): the app's colour (#202830) at the
# middle and at the bottom edge, where the home bar would be, in two screenshots in a row.
app_shown() {
	local i
	for i in $(seq 1 60); do
		timeout 20 grim -t ppm "$work/run/still.ppm"
		if python3 - "$work/run/still.ppm" "$work/run/still-prev.ppm" <<-'PY'; then return 0; fi
		import sys
		def read(path):
		    try:
		        data = open(path, "rb").read()
		    except OSError:
		        return None
		    parts = data.split(b"\n", 3)
		    w, h = (int(v) for v in parts[1].split())
		    return w, h, parts[3]
		now, prev = read(sys.argv[1]), read(sys.argv[2])
		w, h, px = now
		def at(x, y):
		    i = (y * w + x) * 3
		    return tuple(px[i:i + 3])
		app = (0x20, 0x28, 0x30)
		ok = at(w // 2, h // 2) == app and at(w // 2, h - 10) == app and prev is not None and prev[2] == px
		sys.exit(0 if ok else 1)
		PY
		cp "$work/run/still.ppm" "$work/run/still-prev.ppm"
	done
	echo "demo-phoc: the app never filled the screen (see $work/run/still.ppm)"
	return 1
}

finish_session() {
	stop_process "phoc" "$phoc_pid" "$session_pid" || true
	reap_process "the app" "$app_pid" 10 || true
	rm -rf "$XDG_RUNTIME_DIR"
	echo "   the app: touch downs $(grep -c 'touch down' "$run/app.out"), ups $(grep -c 'touch up' "$run/app.out"), cancels $(grep -c 'touch cancel' "$run/app.out")$(grep -q deferred_swipe "$run/app.out" && echo ", deferred_swipe")"
	echo "   the system: $(grep -E "gesture (began|ended|failed)|affordance" "$run/events.log" | cut -d' ' -f2- | paste -sd';' | sed 's/;/; /g')"
}

echo "== 1. a full-screen app; a swipe up from the bottom edge (Bezel's dock drives phosh's home bar)"
session overview swipe-slow --edges 0
app_shown
kill -USR2 "$phoc_pid"
wait_for "$run/events.log" "gesture ended dock .*committed=1" 1 30 "the dock's committed end" && shot phosh-overview-by-bezel-swipe.png
finish_session

echo "== 2. a full-screen app deferring the bottom edge; two swipes"
session deferring swipe-twice-pause --edges 2
app_shown
kill -USR2 "$phoc_pid"
wait_for "$run/events.log" "affordance shown edge=2" 1 30 "the affordance" && shot phosh-deferring-app-affordance.png
wait_for "$run/events.log" "gesture ended dock .*committed=1" 1 30 "the second swipe's dock" && shot phosh-overview-second-swipe.png
finish_session

echo "== 3. a full-screen app; a swipe down from the top edge (Bezel's cover sheet drives phosh's top panel)"
session cover swipe-down-slow --edges 0
app_shown
kill -USR2 "$phoc_pid"
wait_for "$run/events.log" "gesture ended cover_sheet .*committed=1" 1 30 "the cover sheet's committed end" && shot phosh-cover-sheet-top-panel.png
finish_session
echo "== logs in $work/run"
