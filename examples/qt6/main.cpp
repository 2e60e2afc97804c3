// A Qt 6 app that defers the bottom edge through libbezel-qt6 (bezel-qt6.h) and prints what it
// is told and which touches it gets, in the lines of the toolkit suite (honored N,
// deferred_swipe EDGE, gesture_taken EDGE, touch begin X Y / end / cancel, ready).
//   QT_QPA_PLATFORM=wayland bezel-qt6-example [--region X,Y,W,H]
// --region: the bottom edge is deferred over that part of the window only (protocol version 3).
#include <QEvent>
#include <QGuiApplication>
#include <QPainter>
#include <QRasterWindow>
#include <QRegion>
#include <QStringList>
#include <QTouchEvent>
#include <cstdio>

#include <bezel-qt6.h>

static const char *edgeName(Bezel::Edge edge)
{
    switch (edge) {
    case Bezel::Top: return "top";
    case Bezel::Bottom: return "bottom";
    case Bezel::Left: return "left";
    case Bezel::Right: return "right";
    default: return "none";
    }
}

class Canvas : public QRasterWindow
{
protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter(this).fillRect(QRect(QPoint(), size()), QColor(40, 60, 90));
        // Qt paints the next frame once the compositor has shown the last one. update(), not
        // requestUpdate(): Qt 6.8 repaints nothing at an update request unless a region is dirty.
        if (++m_frames < 3)
            update();
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
    Canvas window;

    Bezel::Gestures *gestures = Bezel::Gestures::get(&window);
    QObject::connect(gestures, &Bezel::Gestures::honoredEdgesChanged,
        [](Bezel::Edges edges) { std::printf("honored %u\n", edges.toInt()); });
    QObject::connect(gestures, &Bezel::Gestures::deferredSwipe,
        [](Bezel::Edge edge) { std::printf("deferred_swipe %s\n", edgeName(edge)); });
    QObject::connect(gestures, &Bezel::Gestures::gestureTaken,
        [](Bezel::Edge edge) { std::printf("gesture_taken %s\n", edgeName(edge)); });
    gestures->setDeferredEdges(Bezel::Bottom);
    const QStringList args = app.arguments();
    const qsizetype at = args.indexOf(QStringLiteral("--region"));
    if (at > 0 && at + 1 < args.size()) {
        const QStringList v = args[at + 1].split(QLatin1Char(','));
        if (v.size() == 4)
            gestures->setDeferredRegion(QRegion(v[0].toInt(), v[1].toInt(), v[2].toInt(), v[3].toInt()));
    }

    window.showFullScreen();
    return app.exec();
}
