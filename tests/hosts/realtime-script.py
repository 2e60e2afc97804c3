#!/usr/bin/env python3
"""Gives the `r` lines of a device.script written by `bezel-input-probe umockdev` the delays of
the recording, so umockdev replays it in real time instead of all at once. Needed where a
client must react between input events (a drag start, a client killed mid-touch).

usage: realtime-script.py REC.evemu DEVICE.script   (rewrites DEVICE.script in place)
"""
import sys

rec, script = sys.argv[1:3]
times = []
for line in open(rec):
    if line.startswith("E: "):
        times.append(float(line.split()[1]) * 1000.0)
data = open(script, "rb").read().split(b"\n")
out, i, prev = [], 0, None
for line in data:
    if line.startswith(b"r 0 ") and i < len(times):
        delay = 0 if prev is None else max(0, int(round(times[i] - prev)))
        prev = times[i]
        i += 1
        line = b"r %d " % delay + line[4:]
    out.append(line)
if i != len(times):
    sys.exit(f"{script}: {i} r lines for {len(times)} events")
open(script, "wb").write(b"\n".join(out))
