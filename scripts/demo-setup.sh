# What the compositor demos (scripts/demo.sh, scripts/demo-wlroots.sh) share: the product
# installed through meson-shim, optimised, with its test rigs (tests/lib/product.sh; into
# .build/product/release, or BEZEL_TEST_PREFIX), the app built against the installed protocol,
# and the demo recording on an emulated touchscreen.
# Source it with root set and the demo's folder as argument: `. scripts/demo-setup.sh NAME`.
# Sets work (.build/NAME), out (demo-out), run (the run's folder: the touchscreen's files in
# run/dev), gen (the app, gen/bezel-defer-client), shim, node, CONTACTS and XDG_RUNTIME_DIR.
work=$root/.build/$1
out=$root/demo-out
run=$work/run
gen=$work/gen
node=/dev/input/event7
rm -rf "$run"
mkdir -p "$run" "$out"

ROOT=$root SCRATCH=$root/.build
. "$root/tests/lib/host.sh"
. "$root/tests/lib/touchscreen.sh"
product_install release || exit 1

echo "== building the app against the installed protocol, and the touchscreen emulation"
host_protocol_code "$gen" "$(pkg-config --variable=pkgdatadir bezel)/bezel-system-gestures-v1.xml"
CFLAGS=-O2 host_client "$gen" bezel-defer-client "$root/examples/bezel-defer-client.c"
shim=$("$root/tools/umockdev-preload/build.sh" "$gen/shim")
export XDG_RUNTIME_DIR=$work/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
make_touch_device "$root" "$PROBE" demo "$run" $node realtime
