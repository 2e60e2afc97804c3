#!/usr/bin/env python3
"""Writes an evemu recording (description + events in one file) of a touch sequence for the
weston integration tests. The emulated touchscreen's axes are 0..W-1 x 0..H-1, so device
coordinates equal output pixels on a W x H output.

usage: gen-touch.py SCENARIO OUT.evemu [--size WxH] [--bottom-inset PX]
Prints the number of touch sequences (contacts) in the recording. --bottom-inset: how far above
the bottom edge the swipes up start (default 10 px), e.g. above a shell's thin bottom panel.

Scenarios (output 1080x1920 by default; the bottom edge zone is y >= H - zone):
  tap-bottom   one tap at the bottom edge (down, up 40 ms later, no motion)
  tap-middle   one tap in the middle (down, up 40 ms later, no motion)
  swipe-up     one swipe up from the bottom edge
  late-begin   a touch at the bottom edge that rests past the hold window, then swipes up
  late-left    a touch at the left edge that rests past the hold window, then swipes right
               (a late begin of a gesture bound to the left edge, e.g. back)
  swipe-twice  two swipes up from the bottom, 600 ms apart
  defer-once   one swipe up from the bottom (a client deferring the bottom edge gets it)
  demo         the README demo, replayed in real time: a swipe up from the bottom (deferred
               to the app), a second one that rests at 60 % of the dock's travel for 2.5 s
               (screenshot time) and then completes, a tap in the middle, and a swipe down
               from the top (cover sheet)
  drag         finger 0 moves slowly in the middle (the client starts a drag), finger 1 swipes
               up from the bottom at 1.5 s (dock), finger 2 down from the top at 2.1 s (cover
               sheet)
  kill         finger 0 moves in the middle for 2.5 s (the client is killed meanwhile), then
               two taps in the middle
  three-finger-swipe  three fingers land 20 ms apart in the middle and swipe left together
  taps-N       N taps in the middle, 10 ms apart (latency measurement)
  popup        real time: a 400 ms press at (540, 600) (the client opens a popup under it),
               a tap inside the popup, a swipe up from the bottom (dock), a tap outside the
               popup, then, once the first client is gone, a tap in the middle
  stack        real time: taps in the middle, 300 ms apart, for 4 s
  lock-swipe   a slow swipe up from the bottom (600 ms; the test locks in the middle of it),
               then a swipe down from the top (cover sheet) and one up from the bottom (dock)
  slow-middle  one slow touch in the middle, moving right for 1.5 s (slots start at --slot)
  slow-bottom  one slow swipe up from the bottom over 1.5 s
  kill-gesture real time: finger 0 rests on the client for 2 s while finger 1 swipes up the
               dock slowly (the test kills the client during the dock), then taps in the middle
  dock-rest    real time: a swipe up from the bottom, 400 px in 250 ms, that slows to a crawl
               (1 px every 50 ms for 1.5 s) before it lifts: a swipe and hold, which Plasma
               Mobile's task switcher opens on (a fast lift is its flick home)
  outputs-a    first screen of two: a tap in the middle
  outputs-b    second screen: a tap in the middle 300 ms later
  edges-E1-E2-...  swipes in from these edges of the panel (top, bottom, left, right), from the
               middle of each, 600 px inward in 160 ms, 600 ms apart (the rotation rows: the
               host turns the output, the recording stays in the panel's own orientation)
  rotate-mid   real time: a finger rests on the client from 0.3 s to 1.85 s while another
               swipes up slowly from the panel's bottom from 0.5 s (the host turns the output a
               quarter meanwhile); then swipes in from the panel's left, right and bottom,
               600 ms apart from 2.3 s
  unplug-mid   real time: finger 0 rests on the client and moves a little; finger 1 swipes
               up from the bottom (dock), the output is unplugged meanwhile; then a tap
               in the middle
  hostile-S    S seconds of mixed touches for the hostile-client test, a 1.5 s cycle: a tap in
               the middle, a slow move in the middle with a second finger swiping up from the
               bottom meanwhile, a swipe down from the top, a swipe up from the bottom
"""
import sys

W, H = 1080, 1920
SLOT = 0


class Rec:
    def __init__(self):
        self.frames = {}  # t_ms -> list of (slot, kind, x, y)
        self.contacts = 0

    def ev(self, t, slot, kind, x=0, y=0):
        self.frames.setdefault(round(t, 3), []).append((slot, kind, int(x), int(y)))

    def down(self, t, slot, x, y):
        self.contacts += 1
        self.ev(t, slot, "down", x, y)

    def move(self, t, slot, x, y):
        self.ev(t, slot, "move", x, y)

    def up(self, t, slot):
        self.ev(t, slot, "up")

    def swipe(self, t, slot, x0, y0, x1, y1, ms, step=8):
        self.down(t, slot, x0, y0)
        n = max(1, int(ms / step))
        for i in range(1, n + 1):
            self.move(t + i * step, slot, x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n)
        self.up(t + (n + 1) * step, slot)
        return t + (n + 1) * step

    def edge_swipe(self, t, slot, edge, ms=160, step=8):
        """A swipe in from the middle of a panel edge, 10 px inside it, 600 px inward."""
        x0, y0, dx, dy = {"top": (W // 2, 10, 0, 1), "bottom": (W // 2, H - 10, 0, -1),
                          "left": (10, H // 2, 1, 0), "right": (W - 10, H // 2, -1, 0)}[edge]
        return self.swipe(t, slot, x0, y0, x0 + 600 * dx, y0 + 600 * dy, ms, step)

    def write(self, path):
        out = ["# EVEMU 1.3", "# generated by tests/hosts/gen-touch.py",
               "N: Bezel Weston Test Touchscreen", "I: 0018 0000 0000 0000",
               "P: 02 00 00 00 00 00 00 00",
               "B: 00 0b 00 00 00 00 00 00 00",
               "B: 03 03 00 00 00 00 80 60 02",
               f"A: 00 0 {W - 1} 0 0 0", f"A: 01 0 {H - 1} 0 0 0",
               "A: 2f 0 9 0 0 0",
               f"A: 35 0 {W - 1} 0 0 0", f"A: 36 0 {H - 1} 0 0 0",
               "A: 39 0 65535 0 0 0"]
        tracking = 100
        down = set()
        cur_slot = 0
        for t in sorted(self.frames):
            sec = f"{int(t // 1000)}.{int(round((t % 1000) * 1000)):06d}"
            evs = []
            for slot, kind, x, y in self.frames[t]:
                if slot != cur_slot:
                    evs.append((3, 0x2F, slot))
                    cur_slot = slot
                if kind == "down":
                    tracking += 1
                    evs += [(3, 0x39, tracking), (3, 0x35, x), (3, 0x36, y)]
                    down.add(slot)
                elif kind == "move":
                    evs += [(3, 0x35, x), (3, 0x36, y)]
                else:
                    evs.append((3, 0x39, -1))
                    down.discard(slot)
            kinds = {k for _, k, _, _ in self.frames[t]}
            if "down" in kinds and len(down) == sum(1 for _, k, _, _ in self.frames[t] if k == "down"):
                evs.append((1, 0x14A, 1))
            if not down and "up" in kinds:
                evs.append((1, 0x14A, 0))
            evs.append((0, 0, 0))
            for typ, code, val in evs:
                out.append(f"E: {sec} {typ:04x} {code:04x} {val:04d}" if val >= 0
                           else f"E: {sec} {typ:04x} {code:04x} {val:04d}")
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")


def main():
    global W, H
    args = sys.argv[1:]
    global SLOT
    if "--slot" in args:
        i = args.index("--slot")
        SLOT = int(args[i + 1])
        del args[i:i + 2]
    if "--size" in args:
        i = args.index("--size")
        W, H = (int(v) for v in args[i + 1].split("x"))
        del args[i:i + 2]
    inset = 10
    if "--bottom-inset" in args:
        i = args.index("--bottom-inset")
        inset = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    name, path = args
    r = Rec()
    cx, cy = W // 2, H // 2
    bottom = H - inset
    if name == "tap-bottom":
        r.down(0, 0, cx, bottom)
        r.up(40, 0)
    elif name == "tap-middle":
        r.down(0, 0, cx, cy)
        r.up(40, 0)
    elif name == "swipe-up":
        r.swipe(0, 0, cx, bottom, cx, bottom - 600, 160)
    elif name == "late-begin":
        r.down(0, 0, cx, bottom)
        r.move(100, 0, cx, bottom)  # resting: the hold window (150 ms) runs out at 150
        t = 200
        for i in range(1, 21):      # past the slop and begin distance well before 250 ms
            r.move(t + i * 2, 0, cx, bottom - i * 30)
        for i in range(1, 11):
            r.move(t + 40 + i * 8, 0, cx, bottom - 600 - i * 10)
        r.up(t + 40 + 96, 0)
    elif name == "late-left":
        r.down(0, 0, 10, cy)
        r.move(100, 0, 10, cy)      # resting: the hold window (150 ms) runs out at 150
        t = 200
        for i in range(1, 21):      # past the slop and begin distance well before 250 ms
            r.move(t + i * 2, 0, 10 + i * 30, cy)
        for i in range(1, 11):
            r.move(t + 40 + i * 8, 0, 610 + i * 10, cy)
        r.up(t + 40 + 96, 0)
    elif name == "swipe-twice":
        t = r.swipe(0, 0, cx, bottom, cx, bottom - 600, 160)
        r.swipe(t + 600, 0, cx, bottom, cx, bottom - 600, 160)
    elif name == "defer-once":
        r.swipe(0, 0, cx, bottom, cx, bottom - 600, 160)
    elif name == "demo":
        t = r.swipe(0, 0, cx, bottom, cx, bottom - 600, 160)
        t += 700
        r.down(t, 0, cx, bottom)
        for i in range(1, 16):      # 240 px (about 15 mm: progress 0.6) in 120 ms
            r.move(t + i * 8, 0, cx, bottom - i * 16)
        t += 120 + 2500             # the finger rests; the dock panel stays at 60 %
        for i in range(1, 13):      # then completes the swipe
            r.move(t + i * 8, 0, cx, bottom - 240 - i * 30)
        r.up(t + 13 * 8, 0)
        t += 600
        r.down(t, 0, cx, cy)        # a tap for the app (it also dismisses the open dock)
        r.up(t + 40, 0)
        t += 500
        r.swipe(t, 0, cx, 10, cx, 760, 200)   # cover sheet
    elif name == "dock-rest":
        r.down(0, 0, cx, bottom)
        for i in range(1, 32):      # 400 px in 250 ms
            r.move(i * 8, 0, cx, bottom - round(i * 400 / 31))
        for i in range(1, 31):      # the crawl: the effect's filtered velocity decays
            r.move(248 + i * 50, 0, cx, bottom - 400 - i)
        r.up(248 + 31 * 50, 0)
    elif name == "drag":
        r.down(0, 0, cx, cy)
        for i in range(1, 57):      # finger 0 drags slowly for 2.8 s (the client starts a drag)
            r.move(i * 50, 0, cx + i * 2, cy)
        # The client starts its drag at finger 0's first motion; the dock comes 1.5 s later,
        # so a slow client under load still has its drag running by then.
        r.swipe(1500, 1, cx - 200, bottom, cx - 200, bottom - 600, 160)      # dock
        r.swipe(2100, 2, cx - 300, 10, cx - 300, 610, 160)                   # cover sheet
        r.up(2900, 0)
    elif name == "kill":
        r.down(0, 0, cx, cy)
        for i in range(1, 51):      # 2.5 s: time for the second client to map meanwhile
            r.move(i * 50, 0, cx + i * 2, cy)
        r.up(2550, 0)
        r.down(2700, 0, cx, cy)
        r.up(2740, 0)
        r.down(2800, 0, cx, cy)
        r.up(2840, 0)
    elif name == "popup":
        r.down(0, 0, cx, 600)
        r.move(200, 0, cx + 2, 600)
        r.up(400, 0)
        r.down(1200, 0, cx + 200, 800)          # inside the popup (540..940, 600..1000)
        r.up(1240, 0)
        r.swipe(1700, 0, cx, bottom, cx, bottom - 600, 160)
        r.down(2500, 0, 200, 1500)              # outside the popup
        r.up(2540, 0)
        for i in range(12):                     # the test kills the first client meanwhile
            r.down(3500 + i * 300, 0, cx, cy)
            r.up(3540 + i * 300, 0)
    elif name == "stack":
        for i in range(14):
            r.down(i * 300, 0, cx, cy)
            r.up(i * 300 + 40, 0)
    elif name == "lock-swipe":
        t = r.swipe(0, 0, cx, bottom, cx, bottom - 600, 600)
        t = r.swipe(t + 500, 0, cx, 10, cx, 760, 200)     # cover sheet (works when locked)
        r.swipe(t + 500, 0, cx, bottom, cx, bottom - 600, 160)   # dock (does not)
    elif name == "slow-middle":
        r.down(0, SLOT, cx, cy)
        for i in range(1, 31):
            r.move(i * 50, SLOT, cx + i * 4, cy)
        r.up(1550, SLOT)
    elif name == "slow-bottom":
        r.swipe(0, SLOT, cx, bottom, cx, bottom - 600, 1500, step=50)
    elif name == "outputs-a":
        r.down(0, 0, cx, cy)                    # first screen: a tap for client a
        r.up(40, 0)
    elif name == "outputs-b":
        r.down(300, 0, cx, cy)                  # second screen: a tap for client b
        r.up(340, 0)
    elif name == "kill-gesture":
        r.down(0, 0, cx, cy)                    # finger 0 rests on the client
        for i in range(1, 41):
            r.move(i * 50, 0, cx + i * 2, cy)
        r.up(2050, 0)
        r.swipe(300, 1, cx - 300, bottom, cx - 300, bottom - 600, 1500, step=40)   # dock
        for i in range(6):                      # then taps for the next client
            r.down(2600 + i * 300, 0, cx, cy)
            r.up(2640 + i * 300, 0)
    elif name == "three-finger-swipe":
        # docs/design.md §4.5: three fingers land 20 ms apart in the middle (one set, M1), then move
        # left together by 500 px (about 31 mm: past mf_begin_mm, progress 0.79) and lift.
        for f in range(3):
            r.down(f * 20, f, cx + 250, cy - 200 + f * 200)
        for i in range(1, 26):
            for f in range(3):
                r.move(40 + i * 8, f, cx + 250 - i * 20, cy - 200 + f * 200)
        for f in range(3):
            r.up(40 + 26 * 8, f)
    elif name.startswith("edges-"):
        t = 0
        for edge in name[6:].split("-"):
            t = r.edge_swipe(t, 0, edge) + 600
    elif name == "rotate-mid":
        r.down(300, 0, cx, cy)                  # a finger rests on the client
        for i in range(1, 31):
            r.move(300 + i * 50, 0, cx + i * 2, cy)
        r.up(300 + 31 * 50, 0)
        r.swipe(500, 1, cx - 300, bottom, cx - 300, bottom - 600, 1200, step=40)   # dock, turned meanwhile
        t = r.edge_swipe(2300, 0, "left")       # the user's bottom after a quarter turn (90)
        t = r.edge_swipe(t + 600, 0, "right")   # the user's top after it
        r.edge_swipe(t + 600, 0, "bottom")      # the user's right after it
    elif name == "unplug-mid":
        r.down(300, 0, cx, cy)                  # a finger rests on the client
        for i in range(1, 31):
            r.move(300 + i * 50, 0, cx + i * 2, cy)
        r.up(300 + 31 * 50, 0)
        r.swipe(500, 1, cx - 300, bottom, cx - 300, bottom - 600, 1200, step=40)   # dock, unplugged meanwhile
        r.down(2300, 0, cx, cy)                 # a tap on the output that is left
        r.up(2340, 0)
    elif name.startswith("taps-"):
        n = int(name[5:])
        for i in range(n):
            r.down(i * 10, 0, cx, cy)
            r.up(i * 10 + 5, 0)
    elif name.startswith("hostile-"):
        t, end = 0, int(name[8:]) * 1000
        while t < end:
            r.down(t, 0, cx, cy)
            r.up(t + 40, 0)
            t += 120
            r.down(t, 0, cx - 100, cy)
            for i in range(1, 26):
                r.move(t + i * 20, 0, cx - 100 + i * 8, cy + i * 4)
            r.swipe(t + 150, 1, cx + 200, bottom, cx + 200, bottom - 600, 160)
            r.up(t + 520, 0)
            t += 620
            t = r.swipe(t, 0, cx, 10, cx, 700, 200) + 150
            t = r.swipe(t, 0, cx, bottom, cx, bottom - 600, 160) + 150
    else:
        print(f"unknown scenario {name}", file=sys.stderr)
        sys.exit(2)
    r.write(path)
    print(r.contacts)


if __name__ == "__main__":
    main()
