#!/usr/bin/env python3
"""Checks an app's back lines (examples/gtk4-back.c, python-app.py --back, sdl2-app --back)
against R10 (docs/design.md 4.6): handling was taken (back_handling 1) and back_edges named
EDGES before the first gesture; every back_began is followed by back_changed lines, each with
a progress in [0, 1], and then by exactly one back_invoked or back_cancelled; the gestures
ended as ENDS says, in that order. Prints one line that sums up what the app was told; exits 1
when a rule does not hold (the line then says which).

usage: back-lines.py APP_OUTPUT EDGES END...   (END: invoked or cancelled)
"""
import sys


def check(lines, edges, ends):
    taken = False
    told = None
    gestures = []  # [began_edge, [progress...], end]
    for line in lines:
        word = line.split()
        if not word or not word[0].startswith("back_"):
            continue
        kind, args = word[0], word[1:]
        if kind == "back_handling":
            taken = taken or args == ["1"]
        elif kind == "back_edges":
            told = int(args[0])
        elif kind == "back_began":
            if not taken or told is None:
                return f"back_began before back_handling 1 and back_edges (handling {taken}, edges {told})"
            if gestures and gestures[-1][2] is None:
                return "back_began while a back gesture was still running"
            gestures.append([int(args[0]), [], None])
        elif kind == "back_changed":
            if not gestures or gestures[-1][2] is not None:
                return "back_changed outside a back gesture"
            progress = float(args[0])
            if not 0 <= progress <= 1:
                return f"back_changed progress {progress} is outside [0, 1]"
            gestures[-1][1].append(progress)
        elif kind in ("back_invoked", "back_cancelled"):
            if not gestures or gestures[-1][2] is not None:
                return f"{kind} outside a back gesture"
            gestures[-1][2] = kind[len("back_"):]
    if told != edges:
        return f"back_edges {told}, not {edges}"
    summary = "; ".join(
        f"began {g[0]}, {len(g[1])} changed (progress {min(g[1], default=0):.2f} to {max(g[1], default=0):.2f}), {g[2]}"
        for g in gestures)
    if [g[2] for g in gestures] != ends:
        return f"the gestures ended {[g[2] for g in gestures]}, not {ends}: {summary}"
    if any(not g[1] for g in gestures):
        return f"a back gesture without back_changed: {summary}"
    if any(g[0] != edges for g in gestures):
        return f"a back gesture began on another edge than {edges}: {summary}"
    return None, summary


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
    result = check(lines, int(sys.argv[2]), sys.argv[3:])
    if isinstance(result, str):
        print(result)
        sys.exit(1)
    print(f"back_edges {sys.argv[2]}; {result[1]}")


main()
