/*
 * bezel-kwin: the touch path, an input filter that KWin runs before all of its own
 * (prependInputEventFilter). Every touch goes to libbezel first; what libbezel hands back to
 * clients is replayed through the rest of KWin's filter chain, so that the lock screen, popups,
 * decorations and KWin's seat deliver it as they would have. Also the drag-and-drop sessions a
 * touch starts (R7).
 */
#pragma once

#include "input.h"

#include <QHash>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QSet>

#include <bezel.h>

#include <chrono>
#include <cstdint>

class SurfaceMirror;

class TouchFilter : public QObject, public KWin::InputEventFilter
{
public:
    // Follows the drag-and-drop sessions of KWin's seat from now on.
    TouchFilter(bezel_plugin *bezel, SurfaceMirror &surfaces);

    // KWin::InputEventFilter: touches into libbezel.
    bool touchDown(qint32 id, const QPointF &pos, std::chrono::microseconds time) override;
    bool touchMotion(qint32 id, const QPointF &pos, std::chrono::microseconds time) override;
    bool touchUp(qint32 id, std::chrono::microseconds time) override;
    bool touchCancel() override;
    bool touchFrame() override;

    // libbezel's delivery callbacks: its decisions replayed through KWin's chain.
    void deliverDown(wl_resource *surface, int32_t id, double sx, double sy, uint32_t time);
    void deliverMotion(int32_t id, double sx, double sy, uint32_t time);
    void deliverUp(int32_t id, uint32_t time);
    void deliverFrame();
    void deliverCancel();
    void cancelDrag();
    // Where the last touch down or motion KWin reported was (layout px).
    QPointF lastPosition() const
    {
        return m_lastPos;
    }

private:
    uint32_t boundEdges() const;
    bool inBoundEdge(const QPointF &pos) const;
#if QT_VERSION_MAJOR >= 6
    bool forwardDownTo(KWin::Window *window, qint32 id, const QPointF &pos, std::chrono::microseconds time);
#endif
    template<class Call>
    bool replay(Call call, bool skipEdges);
    void watchDrags();
    void dragStarted(quint32 serial);

    bezel_plugin *m_bezel;
    SurfaceMirror &m_surfaces;
    // Guard: events we replay through KWin's chain must not come back to us (re-entrancy).
    bool m_replaying = false;
    // Touch ids KWin's TouchInputRedirection reported down, and where each went down.
    struct Touch {
        QPointF down;     // layout position of the down, as KWin reported it
        QPointF origin;   // layout position of the surface-local (0,0) libbezel used
        bool inEdge = false; // went down on the strip of an edge Bezel binds
        bool delivered = false;
        quint32 serial = 0; // KWin's seat serial of the delivered down (drags name it)
#if QT_VERSION_MAJOR >= 6
        // The window that decided instead of Plasma Mobile's reveal strip under the finger.
        QPointer<KWin::Window> target;
#endif
    };
    QHash<qint32, Touch> m_touches;
    // Touches on KWin's internal (QML) windows: left to KWin's own filters.
    QSet<qint32> m_passthrough;
    QPointF m_lastPos;
    // How wide KWin's own touch edge strip is (screenedge.cpp TOUCH_TARGET), in layout px.
#if QT_VERSION_MAJOR >= 6 // KWin 6 widened it from 3 to 8
    static constexpr double kwinEdgeStrip = 8.0;
#else
    static constexpr double kwinEdgeStrip = 3.0;
#endif
    // R7: the touch a client's drag-and-drop session follows (-1: none); KWin's drag-and-drop
    // filter behind ours moves it. A wl_touch.frame is owed after its up went to the client.
    qint32 m_dragId = -1;
    // The finger that started a drag, until it lifts: its up goes to KWin's seat even after the
    // drag was cancelled, or the seat's touch sequence would never end (focus stuck).
    qint32 m_dragFinger = -1;
    bool m_dragFrameOwed = false;
};
