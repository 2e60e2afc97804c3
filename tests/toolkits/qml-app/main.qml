// A QML app that defers the bottom edge through the QML module Bezel, and prints what it is
// told and which touches it gets (the lines of gtk-app.c; with --hide-show, --back and
// --region X,Y,W,H, what python-app.py does with them).
import QtQuick
import Bezel

Window {
    id: win
    color: "#3380b3"
    readonly property bool hideShow: Qt.application.arguments.indexOf("--hide-show") >= 0
    readonly property bool back: Qt.application.arguments.indexOf("--back") >= 0
    // --region X,Y,W,H: the bottom edge deferred over that rectangle only (protocol version 3).
    readonly property var region: {
        const args = Qt.application.arguments, i = args.indexOf("--region")
        return i >= 0 && i + 1 < args.length ? args[i + 1].split(",").map(Number) : null
    }
    property int step: 0
    property int frames: 0

    function edgeName(edge) {
        return { 1: "top", 2: "bottom", 4: "left", 8: "right" }[edge] || "none"
    }

    Bezel.deferredEdges: Bezel.Bottom
    // Only over the canvas: a swipe from the bottom beside it is the system's.
    Bezel.deferredRegion: region ? [Qt.rect(region[0], region[1], region[2], region[3])] : []
    Bezel.backHandling: back
    Bezel.onDeferredSwipe: (edge) => console.info("deferred_swipe " + edgeName(edge))
    Bezel.onGestureTaken: (edge) => console.info("gesture_taken " + edgeName(edge))
    Bezel.onBackEdgesChanged: console.info("back_edges " + Bezel.backEdges)
    Bezel.onBackBegan: (edge, x, y) => console.info("back_began " + edge + " " + x.toFixed(0) + " " + y.toFixed(0))
    Bezel.onBackChanged: (progress, x, y) => console.info("back_changed " + progress.toFixed(3) + " " + x.toFixed(0) + " " + y.toFixed(0))
    Bezel.onBackInvoked: console.info("back_invoked")
    Bezel.onBackCancelled: console.info("back_cancelled")
    Bezel.onHonoredEdgesChanged: {
        const honored = Bezel.honoredEdges
        console.info("honored " + honored)
        if (!hideShow)
            return
        if (step == 0 && honored == Bezel.Bottom) {
            step = 1
            win.hide()
        } else if (step == 1 && honored == 0) {
            step = 2
            Qt.callLater(win.showFullScreen) // not from inside the hide
        } else if (step == 2 && honored == Bezel.Bottom) {
            step = 3
            // No redraw follows: the library commits this change itself.
            Bezel.deferredEdges = Bezel.Top | Bezel.Bottom
        } else if (step == 3 && honored == (Bezel.Top | Bezel.Bottom)) {
            console.info("done")
        }
    }
    // On Xvfb (no window manager) Qt draws no frame: this line is the run's sign there.
    onVisibleChanged: if (visible) console.info("visible 1")
    Component.onCompleted: {
        if (back)
            console.info("back_handling " + (Bezel.backHandling ? 1 : 0))
        showFullScreen()
    }
    // Three frames shown: the compositor has answered the first commits by then.
    onFrameSwapped: {
        if (++frames == 3)
            console.info("ready")
    }
    // The next frame: Qt 6.8's software renderer swaps (and asks the compositor for a frame
    // callback) only when the scene changed, not at requestUpdate(), so a mark in the window's
    // own colour moves with each of the first frames.
    Rectangle { width: 1; height: 1; x: Math.min(win.frames, 3); color: win.color }

    MultiPointTouchArea {
        anchors.fill: parent
        onPressed: (points) => points.forEach(p => console.info("touch begin " + p.x.toFixed(0) + " " + p.y.toFixed(0)))
        onReleased: (points) => points.forEach(p => console.info("touch end"))
        onCanceled: (points) => points.forEach(p => console.info("touch cancel"))
    }
}
