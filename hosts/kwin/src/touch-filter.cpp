/*
 * bezel-kwin: the touch path (touch-filter.h). KWin's TouchInputRedirection has already chosen
 * the touch focus (the window under the first finger) when our filter, the first of the chain,
 * sees a touch. libbezel decides; what it gives back to clients is replayed through the filters
 * behind ours, with the time at which it happened, so the lock screen, popups, decorations,
 * drag-and-drop and KWin's seat treat it as they would have without Bezel.
 */
#include "touch-filter.h"

#include "clock.h"
#if QT_VERSION_MAJOR >= 6 // Plasma Mobile 6's reveal strip (KWin 6 only)
#include "reveal-strip.h"
#endif
#include "shell.h"
#include "surfaces.h"

#include "core/output.h"
#include "touch_input.h"
#include "wayland/abstract_data_source.h"
#if QT_VERSION_MAJOR >= 6 // KWin 6.0 dropped the _interface of these headers' names
#include "wayland/datadevice.h"
#include "wayland/datadevicemanager.h"
#include "wayland/seat.h"
#include "wayland/surface.h"
#else
#include "wayland/datadevice_interface.h"
#include "wayland/datadevicemanager_interface.h"
#include "wayland/seat_interface.h"
#include "wayland/surface_interface.h"
#endif
#include "wayland/display.h"
#include "wayland_server.h"
#include "window.h"
#include "workspace.h"

#include <QMatrix4x4>

#include <cstring>
#include <typeinfo>

namespace
{
// KWin 5.27's filters are classes private to input.cpp: known by their RTTI names only. The
// plugin is built for one KWin version (its IID pins it), so are these names.
bool filterIs(KWin::InputEventFilter *f, const char *name)
{
    return std::strstr(typeid(*f).name(), name) != nullptr;
}
} // namespace

TouchFilter::TouchFilter(bezel_plugin *bezel, SurfaceMirror &surfaces)
#if QT_VERSION_MAJOR >= 6 // KWin 6.0: a filter's place is its weight; the lowest comes first
    : KWin::InputEventFilter(KWin::InputFilterOrder::PlaceholderOutput)
    , m_bezel(bezel)
#else
    : m_bezel(bezel)
#endif
    , m_surfaces(surfaces)
{
    watchDrags();
}

// R7: drag-and-drop sessions. Each wl_data_device's start_drag names the touch by its serial
// (dragStarted finds it); the seat says when a session ends, dropped or cancelled.
void TouchFilter::watchDrags()
{
    connect(KWin::waylandServer()->dataDeviceManager(), &KWaylandServer::DataDeviceManagerInterface::dataDeviceCreated,
            this, [this](KWaylandServer::DataDeviceInterface *device) {
                // Connected after the seat's own handler: the seat has started the drag first.
                connect(device, &KWaylandServer::DataDeviceInterface::dragStarted, this,
                        [this](KWaylandServer::AbstractDataSource *, KWaylandServer::SurfaceInterface *, quint32 serial,
                               KWaylandServer::DragAndDropIcon *) {
                            dragStarted(serial);
                        });
            });
    connect(KWin::waylandServer()->seat(), &KWaylandServer::SeatInterface::dragEnded, this, [this] {
        if (m_dragId < 0) {
            return;
        }
        m_dragId = -1;
        qCInfo(BEZEL_KWIN, "bezel: drag-and-drop session ended");
        bezel_drag_end(m_bezel, feedTime(std::chrono::microseconds(0)));
    });
}

// The edges bound now, as libbezel parsed them (bind-* keys or their defaults).
uint32_t TouchFilter::boundEdges() const
{
    uint32_t bound = 0;
    bezel_plugin_get_bindings(m_bezel, 0, &bound, nullptr, 0, nullptr);
    return bound;
}

// Does a touch at layout `pos` start in KWin's own touch edge strip of an edge Bezel binds?
bool TouchFilter::inBoundEdge(const QPointF &pos) const
{
    const uint32_t bound = boundEdges();
    for (KWin::Output *o : KWin::workspace()->outputs()) {
        const QRectF g = o->geometry();
        if (!g.contains(pos)) {
            continue;
        }
        // KWin's strip starts a swipe from its rectangle's edges inclusive (SwipeGesture's
        // minimum/maximum X and Y); g's right and bottom are the output's x + width, y + height.
        const double s = kwinEdgeStrip;
        uint32_t edges = 0;
        edges |= pos.y() <= g.top() + s ? BEZEL_EDGE_TOP : 0;
        edges |= pos.y() >= g.bottom() - s ? BEZEL_EDGE_BOTTOM : 0;
        edges |= pos.x() <= g.left() + s ? BEZEL_EDGE_LEFT : 0;
        edges |= pos.x() >= g.right() - s ? BEZEL_EDGE_RIGHT : 0;
        return (edges & bound) != 0;
    }
    return false;
}

// Runs one event through the filters behind ours. `skipEdges`: KWin's touch screen edges step
// aside (the touch went down on an edge Bezel binds: Bezel routed it). Returns whether KWin's
// seat forwarded it to a client (ForwardInputFilter), not some filter before it.
template<class Call>
bool TouchFilter::replay(Call call, bool skipEdges)
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

bool TouchFilter::touchDown(qint32 id, const QPointF &pos, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel) {
        return false;
    }
#if QT_VERSION_MAJOR >= 6 // KWin 6.0: every finger goes to the window under it
    KWin::Window *window = KWin::input()->findToplevel(pos);
    // Plasma Mobile's reveal strip over a full-screen app gives way on a bound edge: the app's
    // surface decides, and gets the down if delivered (deliverDown).
    KWin::Window *below = revealstrip::windowBelow(window, pos, boundEdges());
    if (below) {
        qCDebug(BEZEL_KWIN, "bezel: down %d at %.0f,%.0f on %s's reveal strip: decided on the full-screen window below",
                id, pos.x(), pos.y(), qPrintable(window->resourceClass()));
        window = below;
    }
#else
    // KWin sends every finger of a sequence to the surface the first finger chose.
    KWin::Window *window = KWin::input()->touch()->focus();
#endif
    if (window && window->isInternal()) {
        m_passthrough.insert(id); // KWin's own QML windows: KWin's filters handle them
        return false;
    }
    wl_resource *surface = nullptr;
    QPointF origin;
    if (window && window->surface()) {
        const QPointF local = pos - window->bufferGeometry().topLeft();
        KWaylandServer::SurfaceInterface *hit = window->surface()->inputSurfaceAt(local);
        surface = m_surfaces.mirror(hit ? hit : window->surface(), &origin);
    }
    // Which window KWin chose for the down (the event log names no surface).
    if (window) {
        const QRectF g = window->frameGeometry();
        qCDebug(BEZEL_KWIN, "bezel: down %d at %.0f,%.0f on a window of %s at %.0f,%.0f %.0fx%.0f, layer %d%s%s", id,
                pos.x(), pos.y(), qPrintable(window->resourceClass()), g.x(), g.y(), g.width(), g.height(),
                int(window->layer()), window->isFullScreen() ? ", full screen" : "", window->isActive() ? ", active" : "");
    } else {
        qCDebug(BEZEL_KWIN, "bezel: down %d at %.0f,%.0f on no window", id, pos.x(), pos.y());
    }
    Touch &t = m_touches[id];
    t = Touch{pos, origin, inBoundEdge(pos), false};
#if QT_VERSION_MAJOR >= 6
    t.target = below;
#endif
    m_lastPos = pos;
    bezel_touch_down_layout_on_surface(m_bezel, id, pos.x(), pos.y(), surface, feedTime(time));
    return true;
}

bool TouchFilter::touchMotion(qint32 id, const QPointF &pos, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel || m_passthrough.contains(id)) {
        return false;
    }
    m_lastPos = pos;
    bezel_touch_motion_layout(m_bezel, id, pos.x(), pos.y(), feedTime(time));
    // R7: the drag owns its finger; KWin's drag-and-drop filter behind ours moves the drag
    // (libbezel sends the client nothing for it).
    return id != m_dragId;
}

bool TouchFilter::touchUp(qint32 id, std::chrono::microseconds time)
{
    if (m_replaying || !m_bezel || m_passthrough.remove(id)) {
        return false;
    }
    if (id == m_dragFinger) {
        // The drag drops (or not) and ends first, then libbezel sees the lift. KWin's seat
        // sends the client the up that ends the touch it started the drag with.
        m_dragFinger = -1;
        const auto when = replayTime(feedTime(time)); // the clock the client's other events use
        replay([&](KWin::InputEventFilter *f) {
            return f->touchUp(id, when);
        }, false);
        m_dragFrameOwed = true;
    }
    bezel_touch_up(m_bezel, id, feedTime(time));
    m_touches.remove(id);
    return true;
}

bool TouchFilter::touchCancel()
{
    if (m_replaying || !m_bezel) {
        return false;
    }
    if (m_dragId >= 0) {
        KWin::waylandServer()->seat()->cancelDrag(); // the drag's finger is gone too
    }
    m_dragFinger = -1;
    const bool kwinsOwn = !m_passthrough.isEmpty();
    m_passthrough.clear();
    // libbezel sends wl_touch.cancel to the clients that had touches (deliverCancel).
    bezel_touch_cancel(m_bezel, feedTime(std::chrono::microseconds(0)));
    m_touches.clear();
    return !kwinsOwn;
}

bool TouchFilter::touchFrame()
{
    if (m_replaying || !m_bezel) {
        return false;
    }
    // libbezel asks for a frame only when it sent a client something in this group (R9).
    bezel_touch_frame(m_bezel, feedTime(std::chrono::microseconds(0)));
    if (m_dragFrameOwed) {
        deliverFrame(); // closes the drag finger's up (R9)
    }
    return m_passthrough.isEmpty();
}

void TouchFilter::deliverDown(wl_resource *, int32_t id, double sx, double sy, uint32_t time)
{
    Touch &t = m_touches[id];
    t.origin = t.down - QPointF(sx, sy);
    const QPointF pos = t.down;
    const auto when = replayTime(time);
#if QT_VERSION_MAJOR >= 6
    KWin::Window *target = t.target;
#endif
    t.delivered = replay([&](KWin::InputEventFilter *f) {
#if QT_VERSION_MAJOR >= 6
        // The seat's forward filter would pick the window under the finger (the reveal strip):
        // the down goes to the window that decided, as that filter would send it.
        if (target && filterIs(f, "ForwardInputFilter")) {
            return forwardDownTo(target, id, pos, when);
        }
#endif
        return f->touchDown(id, pos, when);
    }, t.inEdge);
    if (t.delivered) {
        // The serial KWin's seat gave this down (nothing else takes one in between): a
        // wl_data_device.start_drag names its touch by it.
        t.serial = KWin::waylandServer()->display()->serial();
    } else {
        // A filter behind ours took it (a popup dismissed by it, the lock screen): the client
        // never saw this down, libbezel sends it nothing more for it.
        bezel_touch_refused(m_bezel, id);
    }
}

#if QT_VERSION_MAJOR >= 6
// ForwardInputFilter::touchDown with the window given: KWin's seat starts the touch point on
// `window`'s surface; its motions, up and frame follow that point by id.
bool TouchFilter::forwardDownTo(KWin::Window *window, qint32 id, const QPointF &pos, std::chrono::microseconds time)
{
    KWaylandServer::SeatInterface *seat = KWin::waylandServer()->seat();
    if (!window->surface()) {
        return false;
    }
    seat->setTimestamp(time);
    KWin::TouchPoint *point = seat->notifyTouchDown(window->surface(), window->bufferGeometry().topLeft(), id, pos);
    if (!point) {
        return false;
    }
    // As the forward filter, the point follows the window's moves (a rotation). The point is
    // the seat's and goes at the touch's end, the connection with it. TouchPoint is not
    // exported: its setSurfacePosition is written out.
    connect(window, &KWin::Window::bufferGeometryChanged, point, [window, point] {
        point->offset = window->bufferGeometry().topLeft();
        point->transformation = QMatrix4x4();
        point->transformation.translate(-point->offset.x(), -point->offset.y());
    });
    return true;
}
#endif

void TouchFilter::deliverMotion(int32_t id, double sx, double sy, uint32_t time)
{
    const Touch t = m_touches.value(id);
    const QPointF pos = t.origin + QPointF(sx, sy);
    const auto when = replayTime(time);
    replay([&](KWin::InputEventFilter *f) {
        return f->touchMotion(id, pos, when);
    }, t.inEdge);
}

void TouchFilter::deliverUp(int32_t id, uint32_t time)
{
    const Touch t = m_touches.value(id);
    const auto when = replayTime(time);
    replay([&](KWin::InputEventFilter *f) {
        return f->touchUp(id, when);
    }, t.inEdge);
}

void TouchFilter::deliverFrame()
{
    m_dragFrameOwed = false;
    replay([](KWin::InputEventFilter *f) {
        return f->touchFrame();
    }, false);
}

void TouchFilter::deliverCancel()
{
    // Through the chain too: filters behind ours (popups, internal windows) reset their state,
    // and ForwardInputFilter sends wl_touch.cancel to the focused client.
    replay([](KWin::InputEventFilter *f) {
        return f->touchCancel();
    }, false);
}

// R7: a client started a drag-and-drop session (wl_data_device.start_drag with `serial`); KWin's
// seat has already taken it as a touch drag when this runs. Its touch is the delivered down
// with that serial: the smallest serial read after a down is that down's own.
void TouchFilter::dragStarted(quint32 serial)
{
    KWaylandServer::SeatInterface *seat = KWin::waylandServer()->seat();
    if (!m_bezel || !seat->isDragTouch() || m_dragId >= 0) {
        return;
    }
    qint32 id = -1;
    quint32 best = 0;
    for (auto it = m_touches.constBegin(); it != m_touches.constEnd(); ++it) {
        if (it->delivered && it->serial >= serial && (id < 0 || it->serial < best)) {
            id = it.key();
            best = it->serial;
        }
    }
    if (id < 0) {
        qCWarning(BEZEL_KWIN, "bezel: touch drag with serial %u matches no touch", serial);
        return;
    }
    m_dragId = id;
    m_dragFinger = id;
    qCInfo(BEZEL_KWIN, "bezel: drag-and-drop session started with touch %d", id);
    bezel_drag_start(m_bezel, id, feedTime(std::chrono::microseconds(0)));
}

// R7: a modal gesture began during the drag. KWin's own cancel: the source gets
// wl_data_source.cancelled, the target leave, nothing is dropped; dragEnded follows at once.
void TouchFilter::cancelDrag()
{
    qCInfo(BEZEL_KWIN, "bezel: drag-and-drop session cancelled by a system gesture");
    KWin::waylandServer()->seat()->cancelDrag();
}
