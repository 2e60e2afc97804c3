// A Kirigami app that defers the bottom edge through the QML module Bezel, as a Plasma Mobile
// app would: the swipe up from the bottom that stays with the app slides up a panel of its own
// (the affordance), and a second swipe is the system's. It prints the lines of the QML app
// (what it is told, which touches it gets; --hide-show, --back and --region as there) and
// "affordance shown"; with --back an invoked back pops a page off pageStack ("page TITLE").
import QtQuick
import QtQuick.Controls as Controls
import org.kde.kirigami as Kirigami
import Bezel

Kirigami.ApplicationWindow {
    id: win
    property bool swiped: false // the app's panel is up

    Bezel.deferredEdges: Bezel.Bottom
    Bezel.onDeferredSwipe: (edge) => {
        console.info("deferred_swipe " + edgeName(edge))
        if (edge === Bezel.Bottom)
            swiped = true
    }

    title: "Bezel on Kirigami"
    readonly property bool hideShow: Qt.application.arguments.indexOf("--hide-show") >= 0
    // --back: the back gesture is the app's (protocol version 4), as Plasma Mobile's apps take
    // it: invoked, it goes back a page; a second page is pushed at start so there is one.
    readonly property bool back: Qt.application.arguments.indexOf("--back") >= 0
    Bezel.backHandling: back
    Bezel.onBackEdgesChanged: console.info("back_edges " + Bezel.backEdges)
    Bezel.onBackBegan: (edge) => console.info("back_began " + edge)
    Bezel.onBackChanged: (progress) => console.info("back_changed " + progress.toFixed(3))
    Bezel.onBackCancelled: console.info("back_cancelled")
    Bezel.onBackInvoked: {
        console.info("back_invoked")
        pageStack.pop()
        console.info("page " + pageStack.currentItem.title)
    }
    // --region X,Y,W,H: the bottom edge deferred over that rectangle only (protocol version 3).
    readonly property var region: {
        const args = Qt.application.arguments, i = args.indexOf("--region")
        return i >= 0 && i + 1 < args.length ? args[i + 1].split(",").map(Number) : null
    }
    Bezel.deferredRegion: region ? [Qt.rect(region[0], region[1], region[2], region[3])] : []
    property int step: 0
    property int frames: 0

    function edgeName(edge) {
        return { 1: "top", 2: "bottom", 4: "left", 8: "right" }[edge] || "none"
    }

    Bezel.onGestureTaken: (edge) => console.info("gesture_taken " + edgeName(edge))
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
        if (back) {
            console.info("back_handling " + (Bezel.backHandling ? 1 : 0))
            pageStack.push(messagePage)
            console.info("page " + pageStack.currentItem.title)
        }
        showFullScreen()
    }
    // Three frames shown: the compositor has answered the first commits by then.
    onFrameSwapped: {
        if (++frames == 3)
            console.info("ready")
    }

    pageStack.initialPage: Kirigami.Page {
        id: page
        title: "Inbox"

        Column {
            width: parent.width
            spacing: Kirigami.Units.largeSpacing
            Kirigami.Heading {
                width: parent.width
                text: "Swipe up from the bottom"
                wrapMode: Text.WordWrap
            }
            Controls.Label {
                width: parent.width
                text: "The first swipe stays with this app; a second one within two seconds opens the system's dock."
                wrapMode: Text.WordWrap
            }
        }
        // The next frame: Qt 6.8's software renderer swaps only when the scene changed (as in
        // the QML app), so a mark in the page's colour moves with each of the first frames.
        Rectangle {
            width: 1
            height: 1
            x: Math.min(win.frames, 3)
            color: Kirigami.Theme.backgroundColor
        }
    }

    // The page --back pushes: an item, not a Component (PageRow creates a Component's page
    // outside the scene first, and Qt warns of it).
    Kirigami.Page {
        id: messagePage
        visible: false
        title: "Message"
        Controls.Label {
            width: parent.width
            text: "Swipe in from the left edge to go back to the inbox."
            wrapMode: Text.WordWrap
        }
    }

    // The affordance: the app's own panel, slid up by the deferred swipe from the bottom.
    Rectangle {
        id: affordance
        objectName: "affordance"
        parent: win.contentItem
        width: parent.width
        height: parent.height * 0.4
        y: win.swiped ? parent.height - height : parent.height
        z: 1
        color: "#3daee9"
        Behavior on y { NumberAnimation { duration: 200; easing.type: Easing.OutCubic } }
        onYChanged: if (win.swiped && y == parent.height - height) console.info("affordance shown")
        Column {
            x: Kirigami.Units.gridUnit
            y: Kirigami.Units.gridUnit
            width: parent.width - 2 * x
            spacing: Kirigami.Units.smallSpacing
            Kirigami.Heading {
                width: parent.width
                text: "Swiped up: this app's"
                color: "white"
                wrapMode: Text.WordWrap
            }
            Controls.Label {
                width: parent.width
                text: "Bezel kept the bottom edge's swipe for the app (Bezel.deferredEdges). Swipe again for the dock."
                color: "white"
                wrapMode: Text.WordWrap
            }
        }
    }

    // Every touch, in window coordinates (the page sits below Kirigami's toolbar).
    MultiPointTouchArea {
        id: touches
        parent: win.contentItem
        anchors.fill: parent
        z: 2
        function at(p) {
            const q = touches.mapToItem(null, p.x, p.y)
            return q.x.toFixed(0) + " " + q.y.toFixed(0)
        }
        onPressed: (points) => points.forEach(p => console.info("touch begin " + at(p)))
        onReleased: (points) => points.forEach(p => console.info("touch end"))
        onCanceled: (points) => points.forEach(p => console.info("touch cancel"))
    }
}
