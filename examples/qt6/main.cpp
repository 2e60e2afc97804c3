// A Qt 6 app that defers the bottom edge (bezelgestures.h) and prints what it is told and
// which touches it gets, in the lines of the toolkit suite (honored N, deferred_swipe EDGE,
// gesture_taken EDGE, touch begin X Y / end / cancel, ready).
//   QT_QPA_PLATFORM=wayland bezel-qt6-example
#include <QEvent>
#include <QGuiApplication>
#include <QPainter>
#include <QRasterWindow>
#include <QTouchEvent>
#include <cstdio>

#include "bezelgestures.h"

static const char *edgeName(uint32_t edge)
{
    switch (edge) {
    case QtWayland::bezel_gesture_surface_v1::edge_top: return "top";
    case QtWayland::bezel_gesture_surface_v1::edge_bottom: return "bottom";
    case QtWayland::bezel_gesture_surface_v1::edge_left: return "left";
    case QtWayland::bezel_gesture_surface_v1::edge_right: return "right";
    default: return "none";
    }
}

class Canvas : public QRasterWindow
{
protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter(this).fillRect(QRect(QPoint(), size()), QColor(40, 60, 90));
        // Qt paints the next frame once the compositor has shown the last one.
        if (++m_frames < 3)
            requestUpdate();
        else if (m_frames == 3)
            std::printf("ready\n");
    }
    bool event(QEvent *e) override
    {
        switch (e->type()) {
        case QEvent::TouchBegin: {
            QPointF p = static_cast<QTouchEvent *>(e)->points().first().position();
            std::printf("touch begin %.0f %.0f\n", p.x(), p.y());
            return true;
        }
        case QEvent::TouchUpdate: return true;
        case QEvent::TouchEnd: std::printf("touch end\n"); return true;
        case QEvent::TouchCancel: std::printf("touch cancel\n"); return true;
        default: return QRasterWindow::event(e);
        }
    }

private:
    int m_frames = 0;
};

int main(int argc, char **argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    QGuiApplication app(argc, argv);
    BezelGestureManager manager;
    Canvas window;

    BezelWindowGestures gestures(&manager, &window);
    gestures.onHonoredEdges = [](uint32_t edges) { std::printf("honored %u\n", edges); };
    gestures.onDeferredSwipe = [](uint32_t edge) { std::printf("deferred_swipe %s\n", edgeName(edge)); };
    gestures.onGestureTaken = [](uint32_t edge) { std::printf("gesture_taken %s\n", edgeName(edge)); };
    gestures.setDeferredEdges(QtWayland::bezel_gesture_surface_v1::edge_bottom);

    window.showFullScreen();
    return app.exec();
}
