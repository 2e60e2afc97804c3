#!/usr/bin/env python3
"""Writes the protocol A fixtures (evemu .desc + .events) into Tests/BezelInputTests/Fixtures.

A multitouch protocol A device (kernel Documentation/input/multi-touch-protocol.rst) has
ABS_MT_POSITION_X/Y but no ABS_MT_SLOT and no ABS_MT_TRACKING_ID: every report lists the
contacts present, each closed by SYN_MT_REPORT, then SYN_REPORT; lifting the last contact
sends a lone SYN_MT_REPORT. Axes are 0..1079 x 0..2339 with fuzz 0, so device units are
pixels of a 1080x2340 output, and mtdev smooths with its default fuzz (a 250th of the range).

usage: tests/input/gen-protocol-a.py [DIR]     (default: Tests/BezelInputTests/Fixtures)
"""
import os
import sys

DESC = """# EVEMU 1.3
# A multitouch protocol A touchscreen: ABS_MT_POSITION_X/Y, no ABS_MT_SLOT, no
# ABS_MT_TRACKING_ID; BTN_TOUCH and ABS_X/ABS_Y for the kernel's pointer emulation.
# Written by tests/input/gen-protocol-a.py.
N: Bezel Protocol A Touchscreen
I: 0018 0000 0000 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 03 03 00 00 00 00 00 60 00
A: 00 0 1079 0 0 0
A: 01 0 2339 0 0 0
A: 35 0 1079 0 0 0
A: 36 0 2339 0 0 0
"""


class Events:
    def __init__(self, comment):
        self.lines = ["# " + line for line in comment.strip().splitlines()]
        self.t = 0

    def e(self, type_, code, value, note):
        self.lines.append(f"E: {self.t // 1000}.{self.t % 1000:03d}000 {type_:04x} {code:04x} {value:04d}\t# {note}")

    def report(self, contacts, emulate=False, lift=False):
        """One report: contacts [(x, y)] in the order given; emulate adds the kernel's
        BTN_TOUCH/ABS_X/ABS_Y for the first contact; lift sends BTN_TOUCH 0."""
        for x, y in contacts:
            self.e(3, 0x35, x, f"ABS_MT_POSITION_X {x}")
            self.e(3, 0x36, y, f"ABS_MT_POSITION_Y {y}")
            self.e(0, 2, 0, "SYN_MT_REPORT")
        if not contacts:
            self.e(0, 2, 0, "SYN_MT_REPORT")
        if emulate and contacts:
            if self.t == 0 or not getattr(self, "down", False):
                self.e(1, 0x14a, 1, "BTN_TOUCH 1")
                self.down = True
            self.e(3, 0, contacts[0][0], f"ABS_X {contacts[0][0]}")
            self.e(3, 1, contacts[0][1], f"ABS_Y {contacts[0][1]}")
        if emulate and lift:
            self.e(1, 0x14a, 0, "BTN_TOUCH 0")
            self.down = False
        self.e(0, 0, 0, "SYN_REPORT")
        self.t += 8

    def write(self, path):
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")


def kernel_doc():
    ev = Events("""
The kernel documentation's protocol A example (multi-touch-protocol.rst), as a recording:
two contacts, each ABS_MT_POSITION_X/Y then SYN_MT_REPORT, then SYN_REPORT; the first
contact moves (every report lists all contacts); the first contact lifts (only the second is
listed); the second lifts (a lone SYN_MT_REPORT, then SYN_REPORT). From the third report on
the contacts are listed in the other order, which protocol A allows: pairing by distance
keeps them apart.
""")
    first, second = (300, 1200), (780, 1600)
    ev.report([first, second])
    for step in range(1, 6):
        moved = (first[0] + 40 * step, first[1] - 60 * step)
        ev.report([moved, second] if step < 2 else [second, moved])
    ev.report([second])
    ev.report([])
    return ev


def two_fingers_cross():
    ev = Events("""
Two fingers whose tracks cross: finger A from (200, 1000) to (880, 1400), finger B from
(880, 1100) to (200, 1500), 40 steps of 8 ms. The tracks meet at (625, 1250), A there at step
25 and B at step 15; the fingers pass each other 100 units apart at step 20. The report lists
them in turn A-first and B-first. Matching by least summed squared distance keeps each
finger's id; a reader that sorted contacts by x would swap them at step 20.
""")
    steps = 40
    for i in range(steps + 1):
        a = (200 + 680 * i // steps, 1000 + 400 * i // steps)
        b = (880 - 680 * i // steps, 1100 + 400 * i // steps)
        ev.report([a, b] if i % 2 == 0 else [b, a], emulate=True)
    ev.report([], emulate=True, lift=True)
    return ev


def finger_joins_leaves():
    ev = Events("""
One finger joins and one leaves: finger A swipes up from the bottom edge; finger B lands
mid-screen after 5 reports and lifts after 5 more while A moves on; then finger C lands
where B was not (B's slot is free again, C takes it); then A lifts first, C last.
""")
    a = lambda i: (540, 2330 - 30 * i)
    for i in range(5):
        ev.report([a(i)], emulate=True)
    for i in range(5, 10):
        ev.report([a(i), (300, 900 + 5 * (i - 5))], emulate=True)
    for i in range(10, 13):
        ev.report([a(i)], emulate=True)
    for i in range(13, 17):
        ev.report([(800, 600 - 20 * (i - 13)), a(i)], emulate=True)
    ev.report([(800, 520)], emulate=True)
    ev.report([], emulate=True, lift=True)
    return ev


def five_fingers_shuffled():
    ev = Events("""
Up to five fingers wandering at once, listed in a shuffled order in every report, landing and
lifting at different times, some passing close to each other: the pairing is put to work the
way a palm-sized gesture would. Made with a fixed-seed generator (the same file every time).
""")
    seed = [12345]

    def rand(n):   # a small LCG, so the file does not depend on Python's random module
        seed[0] = (seed[0] * 1103515245 + 12345) % (1 << 31)
        return seed[0] % n

    lives = [(0, 60), (4, 70), (10, 45), (20, 80), (30, 55)]   # reports each finger is down
    pos = [(150 + 190 * k, 1700 - 80 * k) for k in range(5)]
    for r in range(81):
        present = []
        for k, (start, end) in enumerate(lives):
            if start <= r < end:
                x, y = pos[k]
                x = min(1079, max(0, x + rand(41) - 20 + (12 if k % 2 else -12)))
                y = min(2339, max(0, y + rand(41) - 26))
                pos[k] = (x, y)
                present.append((x, y))
        for i in range(len(present) - 1, 0, -1):
            j = rand(i + 1)
            present[i], present[j] = present[j], present[i]
        ev.report(present, emulate=True, lift=not present)
    return ev


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Tests", "BezelInputTests", "Fixtures")
    with open(os.path.join(out, "protocol-a.desc"), "w") as f:
        f.write(DESC)
    for name, make in [("kernel-doc", kernel_doc), ("two-fingers-cross", two_fingers_cross),
                       ("finger-joins-leaves", finger_joins_leaves), ("five-fingers-shuffled", five_fingers_shuffled)]:
        make().write(os.path.join(out, f"protocol-a.{name}.events"))


if __name__ == "__main__":
    main()
