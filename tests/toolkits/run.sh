#!/usr/bin/env bash
# The toolkit suite: real toolkit apps defer the bottom edge through the client libraries and
# are driven by the demo recording (scripts/demo.sh: a swipe up from the bottom, deferred to
# the app; a second swipe that opens the dock; a tap in the middle; a swipe down from the top,
# the cover sheet), played through real libinput on an umockdev touchscreen.
#
# Apps (tests/toolkits/, examples/qt6/): a GTK 4 app in C built with nothing but
# `pkg-config --cflags --libs bezel-gtk4`, the same app in Python through the BezelGtk-1.0
# typelib, a GTK 3 app built with `pkg-config --cflags --libs bezel-gtk3` alone, an SDL2 app on
# bezel-sdl2.h, the same app (sdl-app.c) on SDL 3.2 through bezel-sdl3.h (`pkg-config --cflags
# --libs bezel-client sdl3`; SDL 3.2 is in Debian 13 only: elsewhere a SKIP line says so, and
# Debian 12's group leaves it out with --except sdl3), the Qt 6 example on libbezel-qt6 (meson,
# bezel-qt6.pc), a QML app (CMake, find_package(BezelQt6), `import Bezel`) and a Kirigami app
# built the same way (a Kirigami.ApplicationWindow, Plasma Mobile's kind of app; Qt 6 has
# Kirigami on Debian 13 only: elsewhere a SKIP line says so, and Debian 12's group leaves it out
# with --except kirigami). The client libraries are built with meson (clients/) and installed
# into a scratch prefix; the apps are built against that.
# Hosts: headless weston 10 with bezel-weston.so under desktop-shell (each app full screen;
# under kiosk-shell GTK's frame clock stalls), and bezel-compositor (wlroots 0.15). Inside the
# Debian 13 root (scripts/distro.sh debian13 run -- tests/toolkits/run.sh) the same cases run on
# weston 14 and wlroots 0.18, with GTK 4.18, GTK 3.24, SDL 2.32, SDL 3.2, Qt 6.8, Kirigami 6.13 and
# PyGObject 3.50.
#
# Each app, on each host, must show (R3 deferral, R4 swipe twice):
#   - "honored 2" before the replay starts;
#   - exactly one deferred_swipe, of the bottom edge, and the host's affordance shown (its
#     event log) before the dock began;
#   - the touches of the first swipe and of the tap, none of the second swipe or of the cover
#     sheet swipe (which the host's event log shows as the dock and the cover sheet).
# The Kirigami app also slides up a panel of its own at the deferred swipe, once (not at the
# dock's), and on weston a screenshot while the dock rests shows that panel above it
# (docs/kirigami-deferred-swipe.png is one).
# Under desktop-shell, the GTK apps (4 and 3), the QML app and the Kirigami app also (R6, the
# toolkit traps): hidden and shown again, go from 0 back to 2; a change while shown (the toolkit
# draws nothing then) reaches 3; a windowed GTK 4 app is told only 0, never 2 first. On X11
# (Xvfb) they run as before and the calls do nothing. GTK 3 (on bezel-compositor), QML and
# Kirigami (on weston) also take the back gesture, as below.
# Every app deferring the bottom edge over part of its window only (protocol version 3, each
# app's --region: bezel_gtk_window_set_deferred_region in C and through the typelib,
# Bezel::Gestures::setDeferredRegion, Bezel.deferredRegion in QML and Kirigami,
# bezel_sdl_window_set_deferred_region), on the hosts of REGION_HOSTS (weston, wlroots, phoc, kwin):
# on each of them, a swipe inside the region stays with the app (deferred_swipe) and the same
# swipe beside it is the dock's.
# The back gesture (protocol version 4, R10), with the left edge bound to back
# (bind-left=back:0.0:1.0): examples/gtk4-back.c (built with pkg-config bezel-gtk4 alone) on
# both hosts, the Python app through the typelib, the QML app and the Kirigami app
# (Bezel.backHandling) on weston, and the GTK 3, SDL2 and SDL 3 apps on bezel-compositor take
# it (tests/toolkits/lib.sh run_back): told back_edges 4, they get a swipe that rests half way
# and goes back out as began, changed (progress in [0, 1]), cancelled, and a full one as began,
# changed, invoked; the host marks both app_handled. The example shows its previous page
# afterwards, and a screenshot mid-back shows the page slid aside over the one below
# (docs/gtk4-back-mid-swipe.png is one); the Kirigami app, as a Plasma Mobile app goes back,
# pops the page it pushed at start off its pageStack at the invoked one only. On X11 the Python app's
# bezel_gtk_window_set_back_handling returns FALSE; on a binding below version 4
# libbezel-client refuses set_back_handling before anything is sent (client-api-test.c).
# Not Wayland, the SDL apps (2 and 3) on SDL's dummy video driver: they draw as before, both
# calls return false and SDL_GetError() says 'not a Wayland window'.
#
# Also: libbezel-client's own promises (client-api-test.c), what libbezel-client.so links and
# exports, bezel-protocols.pc, the README's toolkit snippets (still in these apps, word for
# word), what libbezel-qt6.so links and where its QML module and CMake package go, and
# meson-shim's -Dgtk4=, -Dgtk3=, -Dqt6= and -Dclient= options (meson setup only).
#
# Every wait polls a file with a bound (hosts/weston/tests/lib.sh wait_for); every app runs
# under `timeout`; processes are stopped by their PID. Ends with "N passed, N failed".
#
# usage: tests/toolkits/run.sh [gtk4|python|gtk3|sdl2|sdl3|qt6|qml|kirigami|example|back]... (or --only APP;
#   tests/lib/args.sh; back: the back gesture cases alone, with the apps they need)
#   [--except APP]... (an app left out; APP@HOST: left out on HOST only)
#   [--hosts HOST,...] the hosts, of weston, wlroots (bezel-compositor), phoc and kwin (default
#   weston,wlroots); the cases of a host not named do not run. phoc is phoc with its patch
#   series (hosts/phoc, the Debian release's version: 0.46 on Debian 13), built against the
#   installed product and started as hosts/phoc/tests/run.sh starts it (hosts/patched/tests/lib.sh:
#   an unprivileged user, its test rig, its session client); there every app runs
#   the demo recording (the checks above, the Kirigami app's panel without the screenshot), the
#   SDL2 app with SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0, SDL's own hint (README): phoc answers
#   xdg-decoration with client-side (its choice when the client names no mode), SDL 2.32 then
#   destroys its toplevel and remakes it through libdecor, acks that toplevel's first configure
#   and then waits in SDL_CreateWindow for an event that does not come, with libdecor's cairo
#   plugin or with none; SDL 3.2 shows its window without the hint. Every app its region cases (as above), and examples/gtk4-back.c the back gesture (without the screenshot). kwin is
#   KWin (Debian's kwin_wayland, KWin 6.3 on Debian 13) with bezel-kwin.so, built and started as
#   hosts/kwin/tests/run.sh does (hosts/kwin/tests/lib.sh: --virtual, its own session bus); its
#   touches come from the kwin tests' feeder (org_kde_kwin_fake_input), which plays the same
#   recording, not from libinput. There every app runs the demo recording (the checks above, the
#   Kirigami app's panel without the screenshot), every app its region cases, and
#   examples/gtk4-back.c the back gesture (without the screenshot). The feeder stays
#   connected until the case stops KWin: its fake touch device going with the region case's last
#   up took touch off the seat in the same dispatch, and GTK 4 then dropped the touch end
#   (hosts/kwin/README.md).
#   BEZEL_TOOLKITS_SCRATCH: SwiftPM scratch path (default .build-toolkits, or
#   .build-toolkits-debian13 inside the Debian 13 root: both may run at once); the product is
#   installed through meson-shim (tests/lib/product.sh)
# Debian packages: scripts/install-deps.sh (weston, wlroots, umockdev, libgtk-4-dev,
# gobject-introspection, python3-gi, python3-gi-cairo, gir1.2-gtk-4.0, libsdl2-dev, qt6-*-dev, meson, xvfb; the
# Debian 13 root's in its own list there, qml6-module-org-kde-kirigami and libsdl3-dev among them).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_TOOLKITS_SCRATCH:-$ROOT/.build-toolkits${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
OUT=$SCRATCH/toolkit-tests
. "$ROOT/tests/lib/host.sh"
. "$ROOT/hosts/weston/tests/lib.sh"
. "$ROOT/tests/toolkits/lib.sh"
RUNNER_EXTRA_OPTS="--hosts"
runner_args "$@"
IFS=, read -ra HOSTS <<<"${RUNNER_OPT[--hosts]:-weston,wlroots}"
# use_host HOST: HOST is among --hosts.
use_host() { [[ " ${HOSTS[*]} " == *" $1 "* ]]; }
APPS=()
for app in gtk4 python gtk3 sdl2 sdl3 qt6 qml kirigami; do
	want "$app" || continue
	# --except APP: an app the group's system has not (its line in scripts/test.sh says why).
	case " ${EXCEPT[*]:-} " in *" $app "*) echo "not run: $app (left out with --except)"; continue ;; esac
	APPS+=("$app")
done

# ---- the product installed through meson-shim (both hosts, the client libraries), the apps ----
product_install debug || { fail "meson-shim build and install of the product"; finish; }
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
PREFIX=$PRODUCT_PREFIX
LIBDIR=$PRODUCT_LIB
if [ -f "$LIBDIR/bezel/bezel-weston.so" ] && [ -x "$PREFIX/bin/bezel-compositor" ] &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "hosts: meson-shim installs bezel-weston.so and bezel-compositor; the umockdev shim builds"
else
	fail "installed hosts or the umockdev shim (prefix $PREFIX)"
	finish
fi
if [ -f "$LIBDIR/girepository-1.0/BezelGtk-1.0.typelib" ] && [ -f "$PREFIX/include/bezel-sdl2.h" ] &&
	[ -f "$LIBDIR/pkgconfig/bezel-client.pc" ] && [ -f "$LIBDIR/pkgconfig/bezel-gtk4.pc" ] &&
	[ -f "$LIBDIR/girepository-1.0/BezelGtk3-1.0.typelib" ] && [ -f "$LIBDIR/pkgconfig/bezel-gtk3.pc" ]; then
	pass "clients/ (meson-shim subproject): libbezel-client, libbezel-gtk4 and libbezel-gtk3 with their typelibs and .pc files, bezel-client.pc and bezel-sdl2.h install into the prefix"
else
	fail "client libraries missing from the prefix $PREFIX"
	finish
fi
# libbezel-gtk4 needs libbezel-client, which is not in a system folder.
export LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PKG_CONFIG_PATH=$PREFIX/share/pkgconfig:$PKG_CONFIG_PATH
# libbezel-client is for apps: wayland-client and libc, no libbezel, no Swift runtime.
needed=$(readelf -d "$LIBDIR/libbezel-client.so.0" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | tr '\n' ' ')
exported=$(nm -D --defined-only "$LIBDIR/libbezel-client.so.0" | awk '$2 ~ /^[A-Z]$/ && $3 !~ /^bezel_client_/' | wc -l)
if [ "$needed" = "libwayland-client.so.0 libc.so.6 " ] && [ "$exported" = 0 ]; then
	pass "libbezel-client.so needs only $needed and exports only bezel_client_* (the protocol code stays private)"
else
	fail "libbezel-client.so needs '$needed', exports $exported other symbols"
fi
# libbezel-qt6: Qt, wayland-client and the C++ runtime; its QML module and CMake package beside it.
needed=$(readelf -d "$LIBDIR/libbezel-qt6.so.0" 2>/dev/null | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
qmldir=$(pkg-config --variable=qmldir bezel-qt6 2>/dev/null)
if [ "$needed" = "libQt6Core.so.6 libQt6Gui.so.6 libc.so.6 libgcc_s.so.1 libstdc++.so.6 libwayland-client.so.0 " ] &&
	[ -f "$LIBDIR/cmake/BezelQt6/BezelQt6Config.cmake" ] && [ -f "$qmldir/Bezel/qmldir" ] &&
	[ "${qmldir#"$PREFIX"/}" = "$(qmake6 -query QT_INSTALL_QML | sed 's|^/usr/||')" ]; then
	pass "libbezel-qt6.so needs only $needed(no libbezel-client, no Swift); BezelQt6Config.cmake and the QML module Bezel (qmldir) install, the module under Qt's QML path moved into the prefix"
else
	fail "libbezel-qt6: needs '$needed'; qmldir '$qmldir' (see $LIBDIR)"
fi
if [ "$(pkg-config --variable=pkgdatadir bezel-protocols)" = "$PREFIX/share/bezel" ] &&
	[ -f "$PREFIX/share/bezel/bezel-system-gestures-v1.xml" ]; then
	pass "bezel-protocols.pc (data only) names the installed protocol XML"
else
	fail "bezel-protocols.pc pkgdatadir is '$(pkg-config --variable=pkgdatadir bezel-protocols)'"
fi
build_apps "$OUT"
# The README's snippets are cut from these apps (README, "For app developers").
if python3 "$ROOT/tests/toolkits/readme-snippets.py" "$ROOT" >"$OUT/snippets.out" 2>&1; then
	pass "README: the $(grep -c '^ok' "$OUT/snippets.out") toolkit snippets are in the apps this suite runs, word for word"
else
	fail "README snippets no longer in the apps: $(grep -v '^ok' "$OUT/snippets.out" | tr '\n' ';')"
fi
# meson-shim takes clients/ in as a subproject: -Dgtk4, -Dgtk3 and -Dqt6=enabled build it, and
# ask for the client. (The summary says True under meson 1.0, true under Debian 13's 1.7.)
rm -rf "$OUT/shim-gtk4"
if meson setup "$OUT/shim-gtk4" "$ROOT/meson-shim" -Dgtk4=enabled -Dgtk3=enabled -Dqt6=enabled >"$OUT/shim-gtk4.log" 2>&1; then
	if grep -qiE 'libbezel-gtk4 *: true' "$OUT/shim-gtk4.log" && grep -qiE 'BezelGtk-1.0 typelib *: true' "$OUT/shim-gtk4.log" &&
		grep -qiE 'libbezel-gtk3 *: true' "$OUT/shim-gtk4.log" && grep -qiE 'BezelGtk3-1.0 typelib *: true' "$OUT/shim-gtk4.log" &&
		grep -qiE 'libbezel-qt6 and QML module Bezel *: true' "$OUT/shim-gtk4.log"; then
		pass "meson-shim -Dgtk4=enabled -Dgtk3=enabled -Dqt6=enabled configures libbezel-gtk4 and libbezel-gtk3 with their typelibs and libbezel-qt6 with its QML module (subproject bezel-clients)"
	else
		fail "meson-shim -Dgtk4/-Dgtk3/-Dqt6=enabled: a library missing from the summary (see $OUT/shim-gtk4.log)"
	fi
else
	fail "meson setup meson-shim -Dgtk4=enabled -Dgtk3=enabled -Dqt6=enabled (see $OUT/shim-gtk4.log)"
fi
for helper in gtk4 qt6; do
	rm -rf "$OUT/shim-no$helper"
	if ! meson setup "$OUT/shim-no$helper" "$ROOT/meson-shim" -Dclient=disabled -D$helper=enabled >"$OUT/shim-no$helper.log" 2>&1 &&
		grep -q -- "-D$helper=enabled needs the client library" "$OUT/shim-no$helper.log"; then
		pass "meson-shim -Dclient=disabled -D$helper=enabled fails meson setup and says why"
	else
		fail "meson-shim -Dclient=disabled -D$helper=enabled (see $OUT/shim-no$helper.log)"
	fi
done

export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
if use_host phoc && ! phoc_host_setup; then
	HOSTS=("${HOSTS[@]/phoc/}")
fi
# After phoc's: KWin's library brings its own host_start (tests/toolkits/lib.sh kwin_host_setup).
if use_host kwin && ! kwin_host_setup; then
	HOSTS=("${HOSTS[@]/kwin/}")
fi

# ---- the library's own promises, on weston: private-queue binding, checked setters ----
if use_host weston; then
	if start_host weston api tap-bottom; then
		WAYLAND_DISPLAY=$SOCK timeout 20 "$OUT/client-api-test" >"$DIR/api.out" 2>&1
		rc=$?
		stop_host_and_apps
		if [ $rc = 0 ]; then
			while read -r line; do pass "libbezel-client: $line"; done < <(sed -n 's/^ok //p' "$DIR/api.out")
		else
			fail "libbezel-client API checks (exit $rc): $(grep -v '^ok ' "$DIR/api.out" | head -3 | tr '\n' ' ')"
		fi
	else
		stop_host_and_apps
		fail "weston did not start for the API checks (see $DIR)"
	fi
fi

# ---- each app on each host, while the demo recording plays ----
for app in "${APPS[@]}"; do
	[ "$app" = kirigami ] && [ -n "$KIRIGAMI_SKIP" ] && continue
	[ "$app" = sdl3 ] && [ -n "$SDL3_SKIP" ] && continue
	[ -n "${APP_CMD[$app]:-}" ] || { fail "$app: not built (see $OUT/$app-build.log)"; continue; }
	for host in "${HOSTS[@]}"; do
		[ -n "$host" ] && run_demo "$app" "$host"
	done
done

# ---- desktop-shell: hide and show, a change while shown, a windowed app (GTK apps) ----
for app in gtk4 python gtk3 qml kirigami; do
	use_host weston && want "$app" && [ -n "${APP_CMD[$app]:-}" ] || continue
	run_hide_show "$app"
done
want gtk4 && [ -n "${APP_CMD[gtk4]:-}" ] && use_host weston && run_windowed gtk4
# ---- protocol version 3: the bottom edge deferred over part of the window only ----
# Every app, through its own library's call (the header says which), on each host of
# REGION_HOSTS: the swipe inside the region stays with the app, and the one beside it is the
# dock's (only that one shows the region reached the host: a helper that sent none would defer
# the whole window). sdl3, the SDL 3 app, where APPS has it.
REGION_HOSTS="weston wlroots phoc kwin"
for app in gtk4 python gtk3 sdl2 sdl3 qt6 qml kirigami; do
	[[ " ${APPS[*]} " == *" $app "* ]] && [ -n "${APP_CMD[$app]:-}" ] || continue
	for host in $REGION_HOSTS; do
		use_host "$host" || continue
		run_region "$app" "$host" inside || continue
		run_region "$app" "$host" outside
	done
done
# ---- protocol version 4: the back gesture, shown by the app (R10) ----
for host in weston wlroots phoc kwin; do
	use_host "$host" && [ -n "${APP_CMD[example]:-}" ] && run_back example "$host"
done
if use_host weston && { want back || want python; } && [ -n "${APP_CMD[python]:-}" ]; then
	run_back python weston
fi
if use_host wlroots && { want back || want gtk3; } && [ -n "${APP_CMD[gtk3]:-}" ]; then
	run_back gtk3 wlroots
fi
if use_host weston && { want back || want qml; } && [ -n "${APP_CMD[qml]:-}" ]; then
	run_back qml weston
fi
# APP_CMD has kirigami only where Kirigami for Qt 6 is (Debian 13; elsewhere KIRIGAMI_SKIP).
if use_host weston && { want back || want kirigami; } && [ -n "${APP_CMD[kirigami]:-}" ]; then
	run_back kirigami weston
fi
for app in sdl2 sdl3; do
	use_host wlroots && { want back || want "$app"; } && [ -n "${APP_CMD[$app]:-}" ] && run_back "$app" wlroots
done
# ---- not Wayland: the GTK apps on X11 (Python asks for the back gesture too) ----
want gtk4 && [ -n "${APP_CMD[gtk4]:-}" ] && run_x11 gtk4
{ want python || want back; } && [ -n "${APP_CMD[python]:-}" ] && run_x11 python --back
{ want gtk3 || want back; } && [ -n "${APP_CMD[gtk3]:-}" ] && run_x11 gtk3 --back
{ want qml || want back; } && [ -n "${APP_CMD[qml]:-}" ] && run_x11 qml --back
want kirigami && [ -n "${APP_CMD[kirigami]:-}" ] && run_x11 kirigami
# ---- not Wayland: the SDL apps on SDL's dummy video driver ----
for app in sdl2 sdl3; do
	{ want "$app" || want back; } && [ -n "${APP_CMD[$app]:-}" ] && run_sdl_dummy "$app"
done
finish
