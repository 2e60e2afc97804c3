#!/usr/bin/env python3
"""Writes the toolkit suite's back gesture recordings, with tests/hosts/gen-touch.py's writer
(output 1080x1920, 68 mm wide: about 15.9 px per mm; the back gesture begins after 4 mm and
reaches progress 1 after 25 mm, docs/design.md 4.1).

usage: gen-back.py SCENARIO OUT.evemu
Prints the number of touch sequences (contacts) in the recording.

Scenarios (real time):
  back  a swipe in from the middle of the left edge to x 200 in 200 ms, that rests there for
        2 s (screenshot time) and goes back out to the edge before it lifts (not committed:
        back_cancelled); then, 800 ms later, a swipe in from the left edge 600 px in 200 ms
        (committed: back_invoked)
"""
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location(
    "gen_touch", os.path.join(os.path.dirname(__file__), "..", "hosts", "gen-touch.py"))
gen_touch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen_touch)


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "back":
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    r = gen_touch.Rec()
    y = gen_touch.H // 2
    r.down(0, 0, 10, y)
    for i in range(1, 26):          # in to x 200 in 200 ms
        r.move(i * 8, 0, 10 + i * 190 / 25, y)
    t = 200 + 2000                  # rests
    for i in range(1, 26):          # back out to the edge in 200 ms
        r.move(t + i * 8, 0, 200 - i * 180 / 25, y)
    r.up(t + 26 * 8, 0)
    r.swipe(t + 26 * 8 + 800, 0, 10, y, 610, y, 200)
    r.write(sys.argv[2])
    print(r.contacts)


main()
