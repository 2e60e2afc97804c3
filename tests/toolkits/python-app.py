#!/usr/bin/env python3
"""A GTK 4 app in Python that defers the bottom edge through the BezelGtk-1.0 typelib, with no
Wayland code of its own. Prints the same lines as gtk-app.c (the toolkit suite reads them):
honored N, deferred_swipe EDGE, gesture_taken EDGE, touch begin X Y / end / cancel, ready,
supported 0|1,
and with --hide-show: hides the window once the bottom edge is honoured, shows it again, then
defers the top edge too while shown, and prints "done" when that is honoured;
and with --back: takes the back gesture (protocol version 4) and prints the back lines of
examples/gtk4-back.c: back_handling 1|0, back_edges N, back_began EDGE X Y,
back_changed PROGRESS X Y, back_invoked, back_cancelled;
and with --region X,Y,W,H: defers the bottom edge over that rectangle of the window only
(protocol version 3), as a cairo.Region (python3-gi-cairo).

usage: python-app.py [--windowed] [--hide-show] [--back] [--region X,Y,W,H]
(GI_TYPELIB_PATH and LD_LIBRARY_PATH name the install's folders when it is not in /usr.)
"""
import sys

import cairo
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("BezelGtk", "1.0")
from gi.repository import BezelGtk, GLib, Gtk  # noqa: E402

sys.stdout.reconfigure(line_buffering=True)
windowed = "--windowed" in sys.argv
hide_show = "--hide-show" in sys.argv
back = "--back" in sys.argv
region = None
if "--region" in sys.argv[:-1]:
    region = [int(v) for v in sys.argv[sys.argv.index("--region") + 1].split(",")]
step = 0
frames = 0
Edges = BezelGtk.Edges


def edge_name(edge):
    return {Edges.TOP: "top", Edges.BOTTOM: "bottom", Edges.LEFT: "left", Edges.RIGHT: "right"}.get(edge, "none")


def show_again(win):
    win.set_visible(True)
    return GLib.SOURCE_REMOVE


def on_honored(gestures, _pspec, win):
    global step
    honored = BezelGtk.window_get_honored_edges(win)
    print(f"honored {int(honored)}")
    if not hide_show:
        return
    if step == 0 and honored == Edges.BOTTOM:
        step = 1
        win.set_visible(False)
    elif step == 1 and honored == Edges.NONE:
        step = 2
        GLib.idle_add(show_again, win)  # not from inside the unmap
    elif step == 2 and honored == Edges.BOTTOM:
        step = 3
        BezelGtk.window_set_deferred_edges(win, Edges.TOP | Edges.BOTTOM)
    elif step == 3 and honored == Edges.TOP | Edges.BOTTOM:
        print("done")


def on_begin(drag, x, y):
    print(f"touch begin {x:.0f} {y:.0f}")


def on_tick(_widget, _clock):
    global frames
    frames += 1
    if frames == 3:
        print("ready")
    return GLib.SOURCE_CONTINUE


def take_back(win):
    # The back gesture's progress, for the app to show; False: the compositor keeps its own back.
    taken = BezelGtk.window_set_back_handling(win, True)
    print(f"back_handling {int(taken)}")
    gestures = BezelGtk.window_get_gestures(win)
    gestures.connect("notify::back-edges", lambda g, _p: print(f"back_edges {int(g.props.back_edges)}"))
    gestures.connect("back-began", lambda _g, edge, x, y: print(f"back_began {int(edge)} {x:.0f} {y:.0f}"))
    gestures.connect("back-changed", lambda _g, progress, x, y: print(f"back_changed {progress:.3f} {x:.0f} {y:.0f}"))
    gestures.connect("back-invoked", lambda _g: print("back_invoked"))
    gestures.connect("back-cancelled", lambda _g: print("back_cancelled"))


def activate(app):
    win = Gtk.ApplicationWindow(application=app)
    # The one call that defers the bottom edge; the rest is reporting.
    BezelGtk.window_set_deferred_edges(win, BezelGtk.Edges.BOTTOM)

    gestures = BezelGtk.window_get_gestures(win)
    gestures.connect("notify::honored-edges", on_honored, win)
    gestures.connect("deferred-swipe", lambda _g, edge: print(f"deferred_swipe {edge_name(edge)}"))
    gestures.connect("gesture-taken", lambda _g, edge: print(f"gesture_taken {edge_name(edge)}"))
    if region:
        # Only over the canvas: a swipe from the bottom beside it is the system's.
        BezelGtk.window_set_deferred_region(win, cairo.Region(cairo.RectangleInt(*region)))
    # PyGObject passes no GdkEvent to Gtk.EventControllerLegacy: a touch-only drag gesture
    # reports each touch sequence instead (they do not overlap here).
    touches = Gtk.GestureDrag(touch_only=True)
    touches.connect("drag-begin", on_begin)
    touches.connect("drag-end", lambda *_: print("touch end"))
    touches.connect("cancel", lambda *_: print("touch cancel"))
    win.add_controller(touches)
    if back:
        take_back(win)
    win.add_tick_callback(on_tick)
    if windowed:
        win.set_default_size(900, 1500)
    else:
        win.fullscreen()
    win.present()
    print(f"supported {int(BezelGtk.is_supported())}")


app = Gtk.Application()
app.connect("activate", activate)
sys.exit(app.run([sys.argv[0]]))
