/*
 * bezel-kwin: Bezel inside KWin 5.27 as a binary plugin (no KWin patch).
 *
 * One object is both the KWin::Plugin and the input filter that KWin runs before all of its
 * own (prependInputEventFilter). Every touch goes to libbezel first; what libbezel hands back to
 * clients is replayed through the rest of KWin's filter chain, so that the lock screen, popups,
 * decorations and KWin's seat deliver it as they would have.
 */
#pragma once

#include "config-kwin.h"

#include "input.h"
#include "plugin.h"

#include <QHash>
#include <QPointF>
#include <QSet>
#include <QVector>

#include <bezel.h>

#include <chrono>
#include <cstdint>

namespace KWin
{
class Output;
class Window;
}
namespace KWaylandServer
{
class SurfaceInterface;
}

class BezelKwin : public KWin::Plugin, public KWin::InputEventFilter
{
public:
    BezelKwin();
    ~BezelKwin() override;

    // KWin::InputEventFilter: the touch path (routing.cpp).
    bool touchDown(qint32 id, const QPointF &pos, std::chrono::microseconds time) override;
    bool touchMotion(qint32 id, const QPointF &pos, std::chrono::microseconds time) override;
    bool touchUp(qint32 id, std::chrono::microseconds time) override;
    bool touchCancel() override;
    bool touchFrame() override;

    // libbezel's delivery callbacks (routing.cpp), reached through static trampolines.
    void deliverDown(wl_resource *surface, int32_t id, double sx, double sy, uint32_t time);
    void deliverMotion(int32_t id, double sx, double sy, uint32_t time);
    void deliverUp(int32_t id, uint32_t time);
    void deliverFrame();
    void deliverCancel();

    // host.cpp
    void gestureEvent(const bezel_gesture_event *event);
    void affordance(uint32_t output, uint32_t edge, bool shown);
    void log(int level, const char *message);

private:
    // host.cpp: facts for libbezel
    void configure();
    void syncOutputs();
    void watchWindow(KWin::Window *window);
    void addWindow(KWin::Window *window);
    void watchSurface(KWaylandServer::SurfaceInterface *surface);
    wl_resource *mirror(KWaylandServer::SurfaceInterface *surface, QPointF *origin);
    void emitDbus(const char *member, const QVariantList &args);

    // routing.cpp
    uint32_t feedTime(std::chrono::microseconds time);
    std::chrono::microseconds replayTime(uint32_t msec) const;
    bool inBoundEdge(const QPointF &pos) const;
    template<class Call>
    bool replay(Call call, bool skipEdges);

    bezel_plugin *m_bezel = nullptr;
    // Guard: events we replay through KWin's chain must not come back to us (re-entrancy).
    bool m_replaying = false;
    // Touch ids KWin's TouchInputRedirection reported down, and where each went down.
    struct Touch {
        QPointF down;     // layout position of the down, as KWin reported it
        QPointF origin;   // layout position of the surface-local (0,0) libbezel used
        bool inEdge = false; // went down on the strip of an edge Bezel binds
        bool delivered = false;
    };
    QHash<qint32, Touch> m_touches;
    // Touches on KWin's internal (QML) windows: left to KWin's own filters.
    QSet<qint32> m_passthrough;
    // Edges Bezel binds (enum bezel_edge mask), from the [Bezel] bind-* keys or the defaults.
    uint32_t m_boundEdges = BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_RIGHT;
    // How wide KWin's own touch edge strip is (screenedge.cpp TOUCH_TARGET), in layout px.
    static constexpr double kwinEdgeStrip = 3.0;
    // Outputs: KWin's Output pointers, index = libbezel output id.
    QVector<KWin::Output *> m_outputs;
};
