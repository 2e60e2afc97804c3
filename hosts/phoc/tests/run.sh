#!/usr/bin/env bash
# Integration tests of phoc 0.24.0 (phosh's compositor) with Bezel's patch series
# (hosts/phoc/patches): phoc built from its upstream tarball by hosts/phoc/build.sh, run headless
# (wlroots' headless backend, pixman, GSETTINGS_BACKEND=memory) as an unprivileged user, touches
# from real libinput reading an umockdev-emulated touchscreen fed to a headless touch device by
# the test rig (hosts/cage/rig, an LD_PRELOAD shared with cage and sway), real Wayland clients.
# The same tarball built without the series is the baseline.
#
# Each case writes a touch recording, starts phoc with a phoc.ini of its own ([core], the
# output, [bezel]) and a session that maps nothing (hosts/cage/tests/cage-primary.c, whose line
# says phoc serves clients), starts the client, waits for its "ready" line, sends SIGUSR2 (the
# rig opens the touchscreen), waits until the event log has seen every contact lift, stops phoc
# and checks what each party saw. No fixed sleeps; every wait bounded.
#
# usage: hosts/phoc/tests/run.sh [CASE...]
#        hosts/phoc/tests/run.sh --latency N
#        hosts/phoc/tests/run.sh --hostile [--rounds N] [--seed S]
#   CASE: start, the table (tap swipe late defer region-in region-out drag kill kill-sub multi
#   multi-defer multi-policy rot-90 rot-180 rot-270 rot-flipped-90 rot-runtime), drag-commit,
#   drag-return, cover, reveal, scale2, simple-touch, config
#   --latency N: only the latency of N taps, patched against unpatched
#   --hostile: the shared hostile course (tests/hosts/hostile.sh), ROUNDS rounds (default 56)
# Ends with "N passed, N failed"; exit status 0 only if nothing failed.
# Debian packages: those of hosts/phoc/build.sh, umockdev, libumockdev-dev, python3,
# wayland-utils, weston (weston-simple-touch), util-linux (setpriv).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SCRATCH=${BEZEL_PHOC_SCRATCH:-$ROOT/.build-phoc}
OUT=$SCRATCH/phoc-tests
. "$ROOT/tests/hosts/runner.sh"
COMP_LABEL=phoc
GEN_TOUCH=$ROOT/hosts/phoc/tests/gen-touch-phoc.py
. "$ROOT/hosts/cage/tests/lib.sh"
patched_args "$@"

# ---- build: phoc patched and unpatched (hosts/phoc/build.sh, cached in SCRATCH), the probe,
# the rig, the clients ----
build_patched "phoc 0.24.0"
PHOC=$COMP_BIN
PHOC_PLAIN=$COMP_PLAIN_BIN
CFLAGS="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
EFFECTS_XML=$SCRATCH/phoc/src-patched/protocols/phoc-layer-shell-effects-unstable-v1.xml
LAYER_XML=$SCRATCH/phoc/src-patched/protocols/wlr-layer-shell-unstable-v1.xml
if build_rig "$OUT/prefix" && host_table_clients "$OUT" && host_hostile_clients "$OUT" &&
	wayland-scanner client-header "$EFFECTS_XML" "$OUT/phoc-layer-shell-effects-unstable-v1-client-protocol.h" &&
	wayland-scanner private-code "$EFFECTS_XML" "$OUT/phoc-layer-shell-effects-unstable-v1-protocol.c" &&
	wayland-scanner client-header "$LAYER_XML" "$OUT/wlr-layer-shell-unstable-v1-client-protocol.h" &&
	wayland-scanner private-code "$LAYER_XML" "$OUT/wlr-layer-shell-unstable-v1-protocol.c" &&
	cc $CFLAGS -I"$OUT" -o "$OUT/drag-panel" "$ROOT/hosts/phoc/tests/drag-panel.c" \
		"$OUT/phoc-layer-shell-effects-unstable-v1-protocol.c" "$OUT/wlr-layer-shell-unstable-v1-protocol.c" \
		"$OUT/xdg-shell-protocol.c" $(pkg-config --cflags --libs wayland-client) &&
	SHIM=$("$ROOT/tools/umockdev-preload/build.sh" "$OUT/shim"); then
	pass "the test rig, the session client, the test clients and the layer-shell-effects panel client compile with -Werror"
else
	fail "compile the rig and the clients"
	finish
fi
DRAG_PANEL=$OUT/drag-panel
SCHEMAS=$OUT/prefix/share/glib-2.0/schemas
as_user_can_run "$PHOC" "$PHOC_PLAIN" "$RIG" "$PRIMARY" "$SHIM" "$OUT/prefix/lib/libbezel.so.0" "$SCHEMAS/gschemas.compiled" ||
	{ fail "user $RUN_USER cannot read the build (make $SCRATCH readable)"; finish; }
BOUNDED_DUMP_DIR=$OUT

# The compositor of comp_start: patched phoc with DIR/phoc.ini ([bezel] included), or
# (VARIANT=unpatched) the tarball's phoc, whose phoc.ini has no [bezel]. The session is
# cage-primary (maps nothing) under `timeout`; phoc ends when it ends. PHOC_SCALE: the output's
# scale.
comp_prepare() {
	{
		echo "[core]"
		echo "xwayland=false"
		echo "[output:HEADLESS-1]"
		echo "scale=${PHOC_SCALE:-1}"
		if [ "${VARIANT:-patched}" != unpatched ]; then
			echo "[bezel]"
			echo "log-level=${LOG_LEVEL:-debug}"
			echo "output-width-mm=68"
			echo "output-height-mm=121"
			echo "event-log=$DIR/events.log"
			printf '%s\n' "${EXTRA_INI:-}"
		fi
	} >"$DIR/phoc.ini"
	local bin=$PHOC
	[ "${VARIANT:-patched}" = unpatched ] && bin=$PHOC_PLAIN
	COMP_CMD=(env GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$SCHEMAS" "$bin" -C "$DIR/phoc.ini"
		-E "exec timeout 900 $PRIMARY")
	COMP_READY="^cage-primary: connected to "
}

case $COURSE in
hostile) run_host_hostile "$ROUNDS" "$SEED"; finish ;;
latency) run_patched_latency "$LATENCY"; finish ;;
esac

# ---- 0. phoc starts headless with Bezel; 1. the table every host runs ----
run_patched_start
run_patched_table

finish
