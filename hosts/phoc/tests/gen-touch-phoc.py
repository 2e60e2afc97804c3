#!/usr/bin/env python3
"""Touch recordings of the phoc tests, on top of hosts/wlroots/tests/gen-touch-wlroots.py.

usage: gen-touch-phoc.py NAME OUT.evemu [--size WxH]   (prints the number of contacts)
  short-swipe   a swipe up from the bottom edge that begins the dock, then stops 150 px in and
                rests before it lifts: too short, the dock is not committed
  edge-taps     five taps 4 px above the bottom edge, 300 ms apart (inside phoc's shell-reveal
                strip of 10 px)
  tap-swipe-top a tap in the middle, then a swipe down from the top edge (the cover sheet)
  swipe-slow    a swipe up from the bottom edge over a third of the screen in 400 ms (the demo)
  swipe-twice-pause  a quick swipe up from the bottom edge, 1.2 s still (inside the 2 s swipe
                twice window), then swipe-slow (the demo's deferring app)
  swipe-down-slow  a swipe down from the top edge over a third of the screen in 400 ms (the
                demo's cover sheet)
Other names go to gen-touch-wlroots.py. --size: the panel's size (default 1080x1920).
"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "..", "..", "wlroots", "tests", "gen-touch-wlroots.py")
spec = importlib.util.spec_from_file_location("gen_touch_wlroots", path)
wl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wl)
gen = wl.gen


def short_swipe(r, w, h):
    cx, bottom = w // 2, h - 10
    r.down(0, 0, cx, bottom)
    for i in range(1, 11):      # 150 px in 40 ms: the dock begins
        r.move(i * 4, 0, cx, bottom - i * 15)
    for i in range(1, 41):      # then rests 600 ms (tiny jitter keeps events coming)
        r.move(40 + i * 15, 0, cx + (i % 2), bottom - 150)
    r.up(700, 0)


def edge_taps(r, w, h):
    for i in range(5):
        r.down(i * 300, 0, w // 2, h - 4)
        r.up(i * 300 + 40, 0)


def tap_swipe_top(r, w, h):
    r.down(0, 0, w // 2, h // 2)
    r.up(40, 0)
    r.swipe(400, 0, w // 2, 10, w // 2, 610, 160)


def swipe_slow(r, w, h, start=0):
    r.swipe(start, 0, w // 2, h - 6, w // 2, h - 6 - h // 3, 400, step=10)


def swipe_down_slow(r, w, h):
    r.swipe(0, 0, w // 2, 6, w // 2, 6 + h // 3, 400, step=10)


def swipe_twice_pause(r, w, h):
    t = r.swipe(0, 0, w // 2, h - 6, w // 2, h - 6 - h // 3, 160)
    swipe_slow(r, w, h, t + 1200)


# The recordings of this file, by name; each writes its touches into a recorder for a w x h panel.
SCENARIOS = {
    "short-swipe": short_swipe,
    "edge-taps": edge_taps,
    "tap-swipe-top": tap_swipe_top,
    "swipe-slow": swipe_slow,
    "swipe-twice-pause": swipe_twice_pause,
    "swipe-down-slow": swipe_down_slow,
}


def main():
    args = sys.argv[1:]
    if "--size" in args:
        i = args.index("--size")
        gen.W, gen.H = (int(v) for v in args[i + 1].split("x"))
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    name, out = args
    if name not in SCENARIOS:
        sys.argv = [sys.argv[0], name, out]
        wl.main()
        return
    recorder = gen.Rec()
    SCENARIOS[name](recorder, gen.W, gen.H)
    recorder.write(out)
    print(recorder.contacts)


if __name__ == "__main__":
    main()
