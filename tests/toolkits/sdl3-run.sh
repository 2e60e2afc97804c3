#!/usr/bin/env bash
# bezel-sdl3.h on SDL 3.2 (Debian 13 only: run it inside the root, scripts/distro.sh debian13
# run -- tests/toolkits/sdl3-run.sh). The SDL 3 app (sdl-app.c, built with nothing but
# `pkg-config --cflags --libs bezel-client sdl3`) on bezel-compositor (wlroots 0.18) while the
# demo recording plays, as tests/toolkits/run.sh runs the SDL2 app (R3, R4: honored 2, exactly
# one deferred_swipe of the bottom edge, the first swipe's and the tap's touches only), then
# with the left edge bound to back (R10: began, changed, cancelled; began, changed, invoked;
# app_handled in the host's log), then deferring the bottom edge over part of its window only
# (protocol version 3, bezel_sdl_window_set_deferred_region: a swipe inside the region stays
# with the app, R3); and with SDL's dummy video driver (not Wayland), where the
# calls return false, say why, and the app runs as before.
#
# usage: tests/toolkits/sdl3-run.sh   (BEZEL_TOOLKITS_SCRATCH: as run.sh; by default the wlroots
#   host tests' scratch of the same distro, whose product install it then reuses)
# Ends with "N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${BEZEL_TOOLKITS_SCRATCH:-$ROOT/.build-wlroots${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
OUT=$SCRATCH/toolkit-tests
. "$ROOT/tests/lib/host.sh"
. "$ROOT/hosts/weston/tests/lib.sh"
. "$ROOT/tests/toolkits/lib.sh"
runner_args "$@"
mkdir -p "$OUT"
if ! pkg-config --exists 'sdl3 >= 3.2'; then
	echo "SKIP: no SDL 3.2 here (libsdl3-dev is in Debian 13 only): bezel-sdl3.h not run"
	finish
fi
product_install "$CONFIG" || { fail "meson-shim build and install of the product ($CONFIG)"; finish; }
PREFIX=$PRODUCT_PREFIX
LIBDIR=$PRODUCT_LIB
if [ -x "$PREFIX/bin/bezel-compositor" ] && [ -f "$PREFIX/include/bezel-sdl3.h" ] &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "meson-shim installs bezel-compositor and bezel-sdl3.h; the umockdev shim builds"
else
	fail "bezel-compositor or bezel-sdl3.h missing from the prefix $PREFIX"
	finish
fi
export LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PKG_CONFIG_PATH=$LIBDIR/pkgconfig:$PREFIX/share/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
build_c_app "$OUT" sdl3 sdl3-app tests/toolkits/sdl-app.c "bezel-client sdl3" "env SDL_VIDEO_DRIVER=wayland" \
	"the app builds with bezel-sdl3.h and \`pkg-config --cflags --libs bezel-client sdl3\` (SDL $(pkg-config --modversion sdl3))" ||
	finish
export XDG_RUNTIME_DIR=$OUT/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

run_demo sdl3 wlroots
run_back sdl3 wlroots
# Protocol version 3: the swipe inside a region of the window stays with the app (run.sh runs
# the rest of the region cases for the other apps).
run_region sdl3 wlroots inside

# Not Wayland: SDL's dummy driver. The app draws its frames; the calls say why they do nothing.
DIR=$OUT/sdl3-dummy
mkdir -p "$DIR"
SDL_VIDEO_DRIVER=dummy timeout 20 "$OUT/sdl3-app" --back >"$DIR/app.out" 2>"$DIR/app.err" &
APP_PID=$!
bounded_track "$APP_PID" sdl3
wait_for "$DIR/app.out" "^ready" 1 15 "the app's ready line"
stop_process sdl3 "$APP_PID" "$APP_PID" 10
if grep -q '^ready' "$DIR/app.out" && grep -q '^back_handling 0$' "$DIR/app.out" &&
	grep -q 'no deferral: bezel-sdl3: not a Wayland window' "$DIR/app.err" && ! grep -q '^honored' "$DIR/app.out"; then
	pass "sdl3 on SDL's dummy driver: the app runs as before; the calls return false and SDL_GetError() says 'not a Wayland window'"
else
	fail "sdl3 on the dummy driver: $(tr '\n' ';' <"$DIR/app.out") / $(tr '\n' ';' <"$DIR/app.err" | head -c 300)"
fi
finish
