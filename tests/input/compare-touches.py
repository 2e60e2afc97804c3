#!/usr/bin/env python3
"""Compares the touches of two TouchFrameText files (bezel-input-probe output): the trace
reader's and live libinput's for the same recording (docs/design.md §7).

Same touches means: the same number of touches (downs), downs and ups in the same order with
the same ids, the same frames at the same times, and every position within TOLERANCE output
pixels. Prints one line with the touch counts and the largest coordinate difference; exits 1
with the first difference if they are not the same.

usage: compare-touches.py NAME TRACE_FILE LIVE_FILE [TOLERANCE_PX]
"""
import sys


def frames(path):
    result = []
    for line in open(path):
        line = line.strip()
        if not line.startswith("t="):
            continue
        head, _, rest = line.partition(" ")
        events = []
        for part in rest.split("; "):
            f = part.split()
            if not f:
                continue
            if f[0] in ("down", "motion"):
                events.append((f[0], int(f[1]), float(f[2]), float(f[3])))
            else:
                events.append((f[0], int(f[1]) if len(f) > 1 else -1, None, None))
        result.append((float(head[2:]), events))
    return result


def main():
    name, trace_path, live_path = sys.argv[1:4]
    tolerance = float(sys.argv[4]) if len(sys.argv) > 4 else 0.01
    trace, live = frames(trace_path), frames(live_path)
    touches = [sum(1 for _, ev in f for e in ev if e[0] == "down") for f in (trace, live)]
    order = [[(e[0], e[1]) for _, ev in f for e in ev if e[0] in ("down", "up", "cancel")] for f in (trace, live)]
    largest = 0.0
    problem = None
    if touches[0] != touches[1]:
        problem = f"touch counts differ: trace {touches[0]}, live {touches[1]}"
    elif order[0] != order[1]:
        problem = f"down/up order differs: trace {order[0]}, live {order[1]}"
    elif len(trace) != len(live):
        problem = f"frame counts differ: trace {len(trace)}, live {len(live)}"
    for i, ((tt, te), (lt, le)) in enumerate(zip(trace, live)):
        if problem:
            break
        if tt != lt:
            problem = f"frame {i}: time {tt} ms in the trace, {lt} ms live"
        elif [(e[0], e[1]) for e in te] != [(e[0], e[1]) for e in le]:
            problem = f"frame {i} at {tt} ms: trace {te}, live {le}"
        else:
            for a, b in zip(te, le):
                if a[2] is not None:
                    largest = max(largest, abs(a[2] - b[2]), abs(a[3] - b[3]))
    if not problem and largest > tolerance:
        problem = f"largest coordinate difference {largest:g} px exceeds {tolerance:g} px"
    figures = (f"{name}: {touches[0]} touches from the trace reader, {touches[1]} from live libinput; "
               f"{len(trace)}/{len(live)} frames; largest coordinate difference {largest:g} px (tolerance {tolerance:g} px)")
    print(figures)
    if problem:
        print("  first difference: " + problem)
        sys.exit(1)


if __name__ == "__main__":
    main()
