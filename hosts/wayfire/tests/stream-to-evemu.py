#!/usr/bin/env python3
"""Turns a touch event stream of the shared benchmark format (`t_ms type id x y` lines, type
down, motion or up; ../shared/bench/README.md) into an evemu recording of a multitouch
touchscreen (tests/hosts/gen-touch.py's device, one slot per id), so that the Wayfire tests can
replay it through umockdev and real libinput like any other recording.

usage: stream-to-evemu.py STREAM OUT.evemu --size WxH
Prints the number of touch sequences (contacts) in the recording.

A finger that lifts and a new one that lands on the same id at the same millisecond are kept
apart by 0.5 ms (one evdev frame cannot end and start the same slot).
"""
import importlib.util
import os
import sys


def main():
    args = sys.argv[1:]
    if len(args) != 4 or args[2] != "--size":
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    stream, out, _, size = args
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "gen_touch", os.path.join(here, "..", "..", "..", "tests", "hosts", "gen-touch.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen.W, gen.H = (int(v) for v in size.split("x"))
    rec = gen.Rec()
    lifted_at = {}
    with open(stream) as f:
        for n, line in enumerate(f, 1):
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if len(parts) != 5:
                sys.exit(f"{stream}:{n}: expected 't_ms type id x y'")
            t, kind, slot = float(parts[0]), parts[1], int(parts[2])
            x = min(max(float(parts[3]), 0), gen.W - 1)
            y = min(max(float(parts[4]), 0), gen.H - 1)
            if kind == "down":
                if lifted_at.get(slot) == t:
                    t += 0.5
                rec.down(t, slot, x, y)
            elif kind == "motion":
                rec.move(t, slot, x, y)
            elif kind == "up":
                rec.up(t, slot)
                lifted_at[slot] = t
            else:
                sys.exit(f"{stream}:{n}: unknown event type {kind}")
    rec.write(out)
    print(rec.contacts)


main()
