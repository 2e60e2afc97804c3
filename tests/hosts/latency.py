#!/usr/bin/env python3
"""Latency from libinput to the client: for each touch down/up, the CLOCK_MONOTONIC time at
which the module got the event from libinput (event log `libinput down|up`, µs) to the time
the client received the matching wl_touch event (client line prefix, µs). Events are paired
by kind and event time (ms; the recording's taps are 10 ms apart). Prints count, median and
p99 in µs. A KWin event log (`fake-input down|up`, no event times) is paired by order.

usage: latency.py EVENTS.log CLIENT.out LABEL
"""
import sys

ev, cl, label = sys.argv[1:4]
src = {}
for line in open(ev):
    p = line.split()
    if len(p) >= 5 and p[1] == "libinput" and p[2] in ("down", "up"):
        src[(p[2], int(p[4].split("=")[1]) // 1000 & 0xFFFFFFFF)] = int(p[0])
dst = {}
for line in open(cl):
    p = line.split()
    if len(p) >= 3 and p[1] in ("down", "up"):
        dst[(p[1], int(p[-1].split("=")[1]))] = int(p[0])
if not src:
    # KWin's org_kde_kwin_fake_input (hosts/kwin): KWin stamps each event at its arrival, so
    # the n-th request sent (event log `fake-input down|up`) is paired with the client's n-th.
    sent = {"down": [], "up": []}
    got = {"down": [], "up": []}
    for line in open(ev):
        p = line.split()
        if len(p) >= 3 and p[1] == "fake-input" and p[2] in sent:
            sent[p[2]].append(int(p[0]))
    for line in open(cl):
        p = line.split()
        if len(p) >= 3 and p[1] in got:
            got[p[1]].append(int(p[0]))
    src = {(k, n): t for k in sent for n, t in enumerate(sent[k])}
    dst = {(k, n): t for k in got for n, t in enumerate(got[k])}


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


allv = [dst[k] - src[k] for k in src if k in dst]
if len(allv) != len(src):
    print(f"{label}: {len(src)} events from libinput, {len(allv)} of them reached the client", file=sys.stderr)
if not allv:
    sys.exit(f"{label}: no pairs")
print(f"{label}: {len(allv)} touch events, median {pct(allv, 0.5)} us, p99 {pct(allv, 0.99)} us, max {max(allv)} us")
