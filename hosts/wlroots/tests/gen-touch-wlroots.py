#!/usr/bin/env python3
"""Touch recordings for the wlroots-only integration cases, written with the recorder of
tests/hosts/gen-touch.py (same device, same evemu shape). Prints the number of contacts.

usage: gen-touch-wlroots.py SCENARIO OUT.evemu
  popup       a swipe up from the bottom while a popup is open, then a tap on the popup
  tap-swipe   a tap in the middle, then a swipe up from the bottom (two-output case)
  tap-app     a tap at (300, 250) (inside a 600x500 window at the top left), then a swipe up
              from the bottom edge (over no window)
Any other name is passed to tests/hosts/gen-touch.py.
"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_touch", os.path.join(here, "../../../tests/hosts/gen-touch.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    name, path = sys.argv[1:]
    W, H = gen.W, gen.H
    cx, cy, bottom = W // 2, H // 2, H - 10
    r = gen.Rec()
    if name == "popup":
        t = r.swipe(0, 0, cx, bottom, cx, bottom - 600, 160)
        r.down(t + 400, 0, 540, 960)    # inside the popup (340..740 x 810..1110)
        r.up(t + 440, 0)
    elif name == "tap-swipe":
        r.down(0, 0, cx, cy)
        r.up(40, 0)
        r.swipe(400, 0, cx, bottom, cx, bottom - 600, 160)
    elif name == "tap-app":
        r.down(0, 0, 300, 250)
        r.up(40, 0)
        r.swipe(400, 0, cx, bottom, cx, bottom - 600, 160)
    else:
        sys.argv = [sys.argv[0], name, path]
        gen.main()
        return
    r.write(path)
    print(r.contacts)


if __name__ == "__main__":
    main()
