#!/usr/bin/env python3
"""Keeps every byte of a umockdev script's `r` lines: umockdev skips the spaces (0x20) a line's
data starts with, so an input_event whose first byte is 0x20 (tv_sec 32, 288, ...: a recording
past its 32nd second) would reach the device one byte short, and every event after it would be
read out of step. The leading spaces of a line move to the end of the `r` line before it, so the
device receives the same bytes in the same order (that one byte a line earlier).

usage: script-spaces.py DEVICE.script   (rewrites it in place; prints how many lines it changed)
"""
import sys

path = sys.argv[1]
lines = open(path, "rb").read().split(b"\n")
prev = None  # index of the previous `r` line
moved = 0
for i, line in enumerate(lines):
    if not line.startswith(b"r "):
        continue
    op, delay, data = line.split(b" ", 2)
    spaces = len(data) - len(data.lstrip(b" "))
    if spaces:
        if prev is None:
            sys.exit(f"{path}:{i + 1}: the first r line starts with a space; nothing to move it to")
        lines[prev] += b" " * spaces
        lines[i] = b"%s %s %s" % (op, delay, data[spaces:])
        moved += 1
    prev = i
open(path, "wb").write(b"\n".join(lines))
print(moved)
