/*
 * bezel-kwin: Bezel's bottom-edge gesture through KWin's screen edge gesture recognizer
 * (edge-drive.h).
 */
#include "edge-drive.h"
#include "shell.h"

#include "core/output.h"
#include "gestures.h"
#include "screenedge.h"
#include "workspace.h"

namespace
{
// The recognizer's swipe, while a Bezel gesture drives it: where it started, where it is.
bool driving = false;
QPointF start;
QPointF last;

KWin::GestureRecognizer *recognizer()
{
    KWin::Workspace *ws = KWin::workspace();
    return ws && ws->screenEdges() ? ws->screenEdges()->gestureRecognizer() : nullptr;
}

void follow(const QPointF &to)
{
    if (to != last) {
        recognizer()->updateSwipeGesture(to - last);
        last = to;
    }
}
} // namespace

void edgeDrive::gestureEvent(const bezel_gesture_event *e, const QPointF &finger)
{
    if (e->app_handled || e->edge != BEZEL_EDGE_BOTTOM || !recognizer()) {
        return;
    }
    switch (e->phase) {
    case BEZEL_GESTURE_BEGAN: {
        KWin::Output *output = KWin::workspace()->outputAt(finger);
        if (driving || !output) {
            return;
        }
        // The swipe starts on the edge's bottom row below the finger, inside KWin's strip,
        // and catches up with the finger at once.
        const QRect g = output->geometry();
        start = QPointF(finger.x(), g.y() + g.height() - 1);
        const int started = recognizer()->startSwipeGesture(start);
        qCInfo(BEZEL_KWIN, "bezel: %s drives %d gesture(s) of KWin's bottom touch edge", e->gesture, started);
        if (started == 0) {
            return; // nothing on KWin's bottom touch edge
        }
        driving = true;
        last = start;
        follow(finger);
        break;
    }
    case BEZEL_GESTURE_CHANGED:
        if (driving) {
            follow(finger);
        }
        break;
    case BEZEL_GESTURE_ENDED:
        if (driving && e->committed) {
            follow(finger);
            recognizer()->endSwipeGesture();
            driving = false;
            qCInfo(BEZEL_KWIN, "bezel: KWin's bottom touch edge gesture ended at %.0f px", start.y() - last.y());
            break;
        }
        [[fallthrough]];
    case BEZEL_GESTURE_CANCELLED:
    case BEZEL_GESTURE_FAILED:
        if (driving) {
            // Not committed: back to the edge first, so that the effect settles closed.
            follow(start);
            recognizer()->cancelSwipeGesture();
            driving = false;
        }
        break;
    }
}
