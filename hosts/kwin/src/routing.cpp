/*
 * bezel-kwin: the touch path. KWin's TouchInputRedirection has already chosen the touch focus
 * (the window under the first finger) when our filter, the first of the chain, sees a touch.
 * libbezel decides; what it gives back to clients is replayed through the filters behind ours,
 * with the time at which it happened, so the lock screen, popups, decorations, drag-and-drop
 * and KWin's seat treat it as they would have without Bezel.
 */
#include "bezel-kwin.h"

#include "core/output.h"
#include "touch_input.h"
#include "wayland/surface_interface.h"
#include "wayland_server.h"
#include "window.h"
#include "workspace.h"

#include <cstring>
#include <ctime>
#include <typeinfo>

namespace
{
uint64_t monotonicMs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000 + uint64_t(ts.tv_nsec) / 1000000;
}

// KWin 5.27's filters are classes private to input.cpp: known by their RTTI names only. The
// plugin is built for one KWin version (its IID pins it), so are these names.
bool filterIs(KWin::InputEventFilter *f, const char *name)
{
    return std::strstr(typeid(*f).name(), name) != nullptr;
}
} // namespace

// libinput times are CLOCK_MONOTONIC, as libbezel's; org_kde_kwin_fake_input's are wall-clock
// times. A time far from the monotonic clock is taken as "now".
uint32_t BezelKwin::feedTime(std::chrono::microseconds time)
{
    const uint64_t now = monotonicMs();
    const int64_t ms = time.count() / 1000;
    if (ms > 0 && ms > int64_t(now) - 10000 && ms <= int64_t(now) + 1000) {
        return uint32_t(ms);
    }
    return uint32_t(now);
}

// The 32-bit millisecond time libbezel hands back, as the microseconds KWin's seat stamps on
// wl_touch events (clients see the time the event happened, not the time it was released).
std::chrono::microseconds BezelKwin::replayTime(uint32_t msec) const
{
    const uint64_t now = monotonicMs();
    uint64_t full = (now & ~uint64_t(0xffffffff)) | msec;
    if (full > now + 0x80000000ull) {
        full -= 0x100000000ull;
    }
    return std::chrono::microseconds(full * 1000);
}

// Does a touch at layout `pos` start in KWin's own touch edge strip of an edge Bezel binds?
bool BezelKwin::inBoundEdge(const QPointF &pos) const
{
    for (KWin::Output *o : m_outputs) {
        if (!o) {
            continue;
        }
        const QRectF g = o->geometry();
        if (!g.contains(pos)) {
            continue;
        }
        const double s = kwinEdgeStrip;
        uint32_t edges = 0;
        edges |= pos.y() < g.top() + s ? BEZEL_EDGE_TOP : 0;
        edges |= pos.y() >= g.bottom() + 1 - s ? BEZEL_EDGE_BOTTOM : 0;
        edges |= pos.x() < g.left() + s ? BEZEL_EDGE_LEFT : 0;
        edges |= pos.x() >= g.right() + 1 - s ? BEZEL_EDGE_RIGHT : 0;
        return (edges & m_boundEdges) != 0;
    }
    return false;
}

// Runs one event through the filters behind ours. `skipEdges`: KWin's touch screen edges step
// aside (the touch went down on an edge Bezel binds: Bezel routed it). Returns whether KWin's
// seat forwarded it to a client (ForwardInputFilter), not some filter before it.
template<class Call>
bool BezelKwin::replay(Call call, bool skipEdges)
{
    KWin::InputEventFilter *stoppedAt = nullptr;
    m_replaying = true;
    KWin::input()->processFilters([&](KWin::InputEventFilter *f) {
        if (f == this || (skipEdges && filterIs(f, "ScreenEdgeInputFilter"))) {
            return false;
        }
        if (call(f)) {
            stoppedAt = f;
            return true;
        }
        return false;
    });
    m_replaying = false;
    return stoppedAt && filterIs(stoppedAt, "ForwardInputFilter");
}

bool BezelKwin::touchDown(qint32 id, const QPointF &pos, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel) {
        return false;
    }
    // KWin sends every finger of a sequence to the surface the first finger chose.
    KWin::Window *window = KWin::input()->touch()->focus();
    if (window && window->isInternal()) {
        m_passthrough.insert(id); // KWin's own QML windows: KWin's filters handle them
        return false;
    }
    wl_resource *surface = nullptr;
    QPointF origin;
    if (window && window->surface()) {
        const QPointF local = pos - window->bufferGeometry().topLeft();
        KWaylandServer::SurfaceInterface *hit = window->surface()->inputSurfaceAt(local);
        surface = mirror(hit ? hit : window->surface(), &origin);
    }
    Touch &t = m_touches[id];
    t = Touch{pos, origin, inBoundEdge(pos), false};
    bezel_touch_down_layout_on_surface(m_bezel, id, pos.x(), pos.y(), surface, feedTime(time));
    return true;
}

bool BezelKwin::touchMotion(qint32 id, const QPointF &pos, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel || m_passthrough.contains(id)) {
        return false;
    }
    bezel_touch_motion_layout(m_bezel, id, pos.x(), pos.y(), feedTime(time));
    return true;
}

bool BezelKwin::touchUp(qint32 id, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel || m_passthrough.remove(id)) {
        return false;
    }
    bezel_touch_up(m_bezel, id, feedTime(time));
    m_touches.remove(id);
    return true;
}

bool BezelKwin::touchCancel()
{
    if (m_replaying || !m_bezel) {
        return false;
    }
    const bool kwinsOwn = !m_passthrough.isEmpty();
    m_passthrough.clear();
    // libbezel sends wl_touch.cancel to the clients that had touches (deliverCancel).
    bezel_touch_cancel(m_bezel, feedTime(std::chrono::microseconds(0)));
    m_touches.clear();
    return !kwinsOwn;
}

bool BezelKwin::touchFrame()
{
    if (m_replaying || !m_bezel) {
        return false;
    }
    // libbezel asks for a frame only when it sent a client something in this group (R9).
    bezel_touch_frame(m_bezel, feedTime(std::chrono::microseconds(0)));
    return m_passthrough.isEmpty();
}

void BezelKwin::deliverDown(wl_resource *, int32_t id, double sx, double sy, uint32_t time)
{
    Touch &t = m_touches[id];
    t.origin = t.down - QPointF(sx, sy);
    const QPointF pos = t.down;
    const auto when = replayTime(time);
    t.delivered = replay([&](KWin::InputEventFilter *f) {
        return f->touchDown(id, pos, when);
    }, t.inEdge);
    if (!t.delivered) {
        // A filter behind ours took it (a popup dismissed by it, the lock screen): the client
        // never saw this down, libbezel sends it nothing more for it.
        bezel_touch_refused(m_bezel, id);
    }
}

void BezelKwin::deliverMotion(int32_t id, double sx, double sy, uint32_t time)
{
    const Touch t = m_touches.value(id);
    const QPointF pos = t.origin + QPointF(sx, sy);
    const auto when = replayTime(time);
    replay([&](KWin::InputEventFilter *f) {
        return f->touchMotion(id, pos, when);
    }, t.inEdge);
}

void BezelKwin::deliverUp(int32_t id, uint32_t time)
{
    const Touch t = m_touches.value(id);
    const auto when = replayTime(time);
    replay([&](KWin::InputEventFilter *f) {
        return f->touchUp(id, when);
    }, t.inEdge);
}

void BezelKwin::deliverFrame()
{
    replay([](KWin::InputEventFilter *f) {
        return f->touchFrame();
    }, false);
}

void BezelKwin::deliverCancel()
{
    // Through the chain too: filters behind ours (popups, internal windows) reset their state,
    // and ForwardInputFilter sends wl_touch.cancel to the focused client.
    replay([](KWin::InputEventFilter *f) {
        return f->touchCancel();
    }, false);
}
