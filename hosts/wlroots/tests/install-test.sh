#!/usr/bin/env bash
# Installs Bezel through meson-shim with -Dwlroots=enabled into a fresh prefix, as a product
# (no -Dtest-rigs), then checks what a wlroots compositor author gets: `pkg-config --cflags
# --libs bezel-wlroots`, a C file built against the installed headers and library with those
# flags only, and the installed bezel-compositor running headless (WLR_BACKENDS=headless
# WLR_RENDERER=pixman) with wayland-info started through its -s option listing
# bezel_system_gestures_manager_v1; the product has no test build (bezel-compositor-rig). Case
# `options`: the option fails the setup when wlroots is missing, and 'auto' skips with a summary.
# Ends with "N passed, N failed".
#
# Usage: hosts/wlroots/tests/install-test.sh [options] [--release]   (tests/lib/args.sh)
#   The meson build folder is $SCRATCH/install-test-build (BEZEL_WLROOTS_SCRATCH, default
#   .build-wlroots in the repo, or .build-wlroots-$BEZEL_DISTRO inside another distribution's
#   root: scripts/distro.sh); the Swift build reuses the SwiftPM scratch path
#   $BEZEL_INSTALL_SCRATCH when set (scripts/test.sh: the one of the run), else $SCRATCH.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_WLROOTS_SCRATCH:-$ROOT/.build-wlroots${BEZEL_DISTRO:+-$BEZEL_DISTRO}}
. "$ROOT/tests/lib/host.sh"
runner_args "$@"
BUILD=$SCRATCH/install-test-build
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bezel-wlroots-install.XXXXXX")
bounded_at_exit 'rm -rf "$WORK"'
PREFIX=$WORK/prefix

# A fresh prefix each run (the build folder is kept: ninja rebuilds what changed).
if [ -f "$BUILD/build.ninja" ]; then
	meson setup --reconfigure "$BUILD" "$ROOT/meson-shim" --prefix "$PREFIX" --libdir lib -Dwlroots=enabled \
		-Dtest-rigs=false -Dswift-scratch="${BEZEL_INSTALL_SCRATCH:-$SCRATCH}" -Dswift-config="$CONFIG" >"$WORK/setup.log" 2>&1
else
	meson setup "$BUILD" "$ROOT/meson-shim" --prefix "$PREFIX" --libdir lib -Dwlroots=enabled \
		-Dtest-rigs=false -Dswift-scratch="${BEZEL_INSTALL_SCRATCH:-$SCRATCH}" -Dswift-config="$CONFIG" >"$WORK/setup.log" 2>&1
fi || { tail -20 "$WORK/setup.log"; fail "meson setup meson-shim -Dwlroots=enabled"; finish; }
if run_bounded 3600 "the meson-shim build" ninja -C "$BUILD" >"$WORK/build.log" 2>&1 &&
	ninja -C "$BUILD" install >"$WORK/install.log" 2>&1; then
	pass "meson-shim -Dwlroots=enabled: ninja && ninja install into a fresh --prefix"
else
	tail -30 "$WORK/build.log" "$WORK/install.log"
	fail "meson-shim build/install"
	finish
fi

# -Dwlroots=enabled where wlroots cannot be found fails the setup (naming it); 'auto' there
# configures and says in the summary that the wlroots parts are not built. "Cannot be found" is
# made real with a pkg-config directory holding every .pc file of this machine but wlroots'.
NOWLR=$WORK/pc-without-wlroots
product_pc_without "$NOWLR" wlroots.pc 'wlroots-*.pc' # 0.15, 0.18
if want options; then
	product_option_missing wlroots wlroots "$NOWLR" "$WORK" "not found" \
		'wlroots \(libbezel-wlroots, bezel-compositor\) *: NO' "the wlroots parts are not built"
fi

PCDIR=$(dirname "$(find "$PREFIX" -name bezel-wlroots.pc | head -1)")
export PKG_CONFIG_PATH=$PCDIR
if FLAGS=$(pkg-config --cflags --libs bezel-wlroots) && [ -f "$PREFIX/include/bezel-wlroots.h" ] &&
	[ -f "$PREFIX/include/bezel-demo-panels.h" ] && [ -x "$PREFIX/bin/bezel-compositor" ]; then
	pass "pkg-config --cflags --libs bezel-wlroots: $FLAGS; bezel-wlroots.h, bezel-demo-panels.h and bezel-compositor installed"
else
	fail "bezel-wlroots.pc, bezel-wlroots.h, bezel-demo-panels.h or bezel-compositor missing"
	finish
fi
# It requires the wlroots it was built against, by that wlroots' own pkg-config name
# (wlroots-0.18 on Debian 13, wlroots 0.15 on Debian 12).
WLR_PC=wlroots
pkg-config --exists wlroots-0.18 && WLR_PC=wlroots-0.18
REQUIRES=$(pkg-config --print-requires bezel-wlroots | tr '\n' ' ')
if pkg-config --print-requires bezel-wlroots | grep -q "^$WLR_PC >= $(pkg-config --modversion $WLR_PC)\$"; then
	pass "bezel-wlroots.pc requires the wlroots it was built against ($REQUIRES)"
else
	fail "bezel-wlroots.pc requires '$REQUIRES', not $WLR_PC >= $(pkg-config --modversion $WLR_PC)"
fi
# The product carries no test equipment: no rig build, and a compositor that reads no
# touchscreen itself.
if [ ! -e "$PREFIX/bin/bezel-compositor-rig" ] &&
	! nm -D --undefined-only "$PREFIX/bin/bezel-compositor" | grep -q bezel_input_source_; then
	pass "a product install has no bezel-compositor-rig, and bezel-compositor calls no bezel_input_source_*"
else
	fail "test equipment in a product install (bezel-compositor-rig, or the rig linked into bezel-compositor)"
fi

# A compositor author's first file: the calls of the README section, built with the flags only.
cat >"$WORK/author.c" <<'EOF'
#include <bezel.h>
#include <bezel-demo-panels.h>
#include <bezel-wlroots.h>
#include <stdio.h>
int main(void)
{
	struct bezel_wlr *bezel = NULL;
	/* NULL arguments are refused with a result code, never an abort. */
	int r = bezel_wlr_create(NULL, NULL, NULL, NULL, NULL, NULL, &bezel);
	printf("bezel_wlr_create(NULL...) = %d (%s), libbezel %s\n", r, bezel_result_string(r),
	       bezel_version_string());
	bezel_wlr_touch_down(NULL, 0, 0, 0, 0);
	/* The demo shell's dock on a 1080x1920 output, fully open: the bottom 22 %. */
	struct bezel_demo_box dock = bezel_demo_panel_box(BEZEL_EDGE_BOTTOM, 1.0, 1080, 1920);
	return r == BEZEL_ERROR_INVALID_ARGUMENT && bezel == NULL && dock.y == 1498 && dock.height == 422 ? 0 : 1;
}
EOF
# shellcheck disable=SC2086 # FLAGS is a list of flags
if cc -std=gnu11 -Wall -Werror -o "$WORK/author" "$WORK/author.c" $FLAGS >"$WORK/cc.log" 2>&1 &&
	LD_LIBRARY_PATH=$(pkg-config --variable=libdir bezel-wlroots) timeout 30 "$WORK/author" >"$WORK/author.out" 2>"$WORK/author.err"; then
	pass "a C file built with only those flags links and runs: $(cat "$WORK/author.out")"
else
	cat "$WORK/cc.log" "$WORK/author.out" 2>/dev/null | tail -10
	fail "building or running a C file against the installed bezel-wlroots"
fi

export XDG_RUNTIME_DIR=$WORK/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# -s runs wayland-info inside the compositor's session; it then stops the compositor (its parent).
if env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" WLR_BACKENDS=headless WLR_RENDERER=pixman \
	timeout 30 "$PREFIX/bin/bezel-compositor" --socket bezel-install \
	-s "timeout 20 wayland-info >'$WORK/info.out' 2>&1; kill -TERM \$PPID" >"$WORK/compositor.log" 2>&1 </dev/null &&
	grep -q "bezel_system_gestures_manager_v1" "$WORK/info.out"; then
	pass "installed bezel-compositor runs headless (pixman, no DRM); wayland-info lists bezel_system_gestures_manager_v1"
else
	tail -20 "$WORK/compositor.log" "$WORK/info.out" 2>/dev/null
	fail "installed bezel-compositor with wayland-info"
fi
finish
