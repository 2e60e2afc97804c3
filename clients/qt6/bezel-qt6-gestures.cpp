// Bezel::Gestures: one per QWindow, a child of the window, following the window's wl_surface
// through expose and hide (bezel-qt6.h says what an app sees). The protocol object is a
// SurfaceBinding, on the library's own queue (bezel-qt6-connection.cpp).
#include "bezel-qt6.h"
#include "bezel-qt6-connection.h"

#include <QEvent>
#include <QGuiApplication>
#include <QPlatformSurfaceEvent>
#include <qpa/qplatformnativeinterface.h>
#include <wayland-client.h>

#include "bezel-system-gestures-v1-client-protocol.h"

namespace Bezel {

// The protocol object of one wl_surface of the window; gone with the surface.
class SurfaceBinding
{
public:
    SurfaceBinding(Gestures *owner, bezel_gesture_surface_v1 *object, wl_surface *surface)
        : m_owner(owner), m_object(object), m_surface(surface)
    {
        bezel_gesture_surface_v1_add_listener(object, &listener, this);
    }
    ~SurfaceBinding() { bezel_gesture_surface_v1_destroy(m_object); }

    bezel_gesture_surface_v1 *object() const { return m_object; }
    wl_surface *surface() const { return m_surface; }

private:
    static Gestures *owner(void *data) { return static_cast<SurfaceBinding *>(data)->m_owner; }
    static void honoredEdges(void *data, bezel_gesture_surface_v1 *, uint32_t edges)
    {
        owner(data)->setHonored(Edges(edges), true);
    }
    static void deferredSwipe(void *data, bezel_gesture_surface_v1 *, uint32_t edge)
    {
        Q_EMIT owner(data)->deferredSwipe(Edge(edge));
    }
    static void gestureTaken(void *data, bezel_gesture_surface_v1 *, uint32_t edge)
    {
        Q_EMIT owner(data)->gestureTaken(Edge(edge));
    }
    static void honoredGestures(void *data, bezel_gesture_surface_v1 *, uint32_t kinds)
    {
        Gestures *g = owner(data);
        g->m_honoredGestures = GestureKinds(kinds);
        Q_EMIT g->honoredGesturesChanged(g->m_honoredGestures);
    }
    static void backEdges(void *data, bezel_gesture_surface_v1 *, uint32_t edges)
    {
        owner(data)->setBackEdges(Edges(edges), true);
    }
    // Surface coordinates, made the window's: Qt's surface holds its decorations' margins.
    static QPointF windowPoint(Gestures *g, wl_fixed_t x, wl_fixed_t y)
    {
        const QMargins m = g->m_window ? g->m_window->frameMargins() : QMargins();
        return QPointF(wl_fixed_to_double(x) - m.left(), wl_fixed_to_double(y) - m.top());
    }
    static void backBegan(void *data, bezel_gesture_surface_v1 *, uint32_t edge, wl_fixed_t x, wl_fixed_t y)
    {
        Gestures *g = owner(data);
        g->m_backRunning = true;
        Q_EMIT g->backBegan(Edge(edge), windowPoint(g, x, y));
    }
    static void backChanged(void *data, bezel_gesture_surface_v1 *, wl_fixed_t progress, wl_fixed_t x, wl_fixed_t y)
    {
        Gestures *g = owner(data);
        Q_EMIT g->backChanged(wl_fixed_to_double(progress), windowPoint(g, x, y));
    }
    static void backInvoked(void *data, bezel_gesture_surface_v1 *)
    {
        Gestures *g = owner(data);
        g->m_backRunning = false;
        Q_EMIT g->backInvoked();
    }
    static void backCancelled(void *data, bezel_gesture_surface_v1 *)
    {
        Gestures *g = owner(data);
        g->m_backRunning = false;
        Q_EMIT g->backCancelled();
    }
    static const bezel_gesture_surface_v1_listener listener;

    Gestures *m_owner;
    bezel_gesture_surface_v1 *m_object;
    wl_surface *m_surface;
};

const bezel_gesture_surface_v1_listener SurfaceBinding::listener = {
    honoredEdges, deferredSwipe, gestureTaken, honoredGestures,
    backEdges, backBegan, backChanged, backInvoked, backCancelled,
};

static constexpr unsigned allEdges = Top | Bottom | Left | Right;
static constexpr unsigned allKinds = Swipe | Pinch | Hold;

Gestures *Gestures::get(QWindow *window)
{
    if (!window)
        return nullptr;
    if (auto *g = window->findChild<Gestures *>(QString(), Qt::FindDirectChildrenOnly))
        return g;
    return new Gestures(window);
}

Gestures::Gestures(QWindow *window)
    : QObject(window), m_window(window)
{
    window->installEventFilter(this);
}

Gestures::~Gestures()
{
    delete m_binding;
}

// Qt 6.4 has no public getter for a window's wl_surface: the platform's native resource
// (QtGui's qpa header) is the route.
static wl_surface *windowSurface(QWindow *window)
{
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    if (!native || !window->handle())
        return nullptr;
    return static_cast<wl_surface *>(native->nativeResourceForWindow("surface", window));
}

// Makes the protocol object for the window's current surface, when something is set.
void Gestures::attach()
{
    if (m_binding || !m_window || !m_window->isExposed())
        return;
    if (!m_deferredEdges && !m_deferredGestures && !m_backHandling)
        return;
    Connection *c = Connection::get();
    wl_surface *surface = c ? windowSurface(m_window) : nullptr;
    if (!surface)
        return;
    auto *object = bezel_system_gestures_manager_v1_get_gesture_surface(c->manager(), surface);
    m_binding = new SurfaceBinding(this, object, surface);
    // The region first: the edges then apply inside it from the same commit on.
    if (!m_deferredRegion.isEmpty())
        sendRegion();
    bezel_gesture_surface_v1_set_deferred_edges(object, m_deferredEdges.toInt());
    if (m_deferredGestures && c->version() >= 2)
        bezel_gesture_surface_v1_set_deferred_gestures(object, m_deferredGestures.toInt());
    if (m_backHandling)
        bezel_gesture_surface_v1_set_back_handling(object, 1);
    commit();
}

// The surface is gone or going: the object goes with it; a running back ends as cancelled.
void Gestures::detach()
{
    delete m_binding;
    m_binding = nullptr;
    setHonored(NoEdge, false);
    if (m_honoredGestures) {
        m_honoredGestures = NoGesture;
        Q_EMIT honoredGesturesChanged(m_honoredGestures);
    }
    if (m_backRunning) {
        m_backRunning = false;
        Q_EMIT backCancelled();
    }
    setBackEdges(NoEdge, false);
}

// Qt commits only when it paints: a change commits the surface here.
void Gestures::commit()
{
    if (!m_binding)
        return;
    wl_surface_commit(m_binding->surface());
    Connection::get()->flush();
}

void Gestures::sendRegion()
{
    Connection *c = Connection::get();
    if (!m_binding || c->version() < 3)
        return;
    if (m_deferredRegion.isEmpty() || !c->compositor()) {
        bezel_gesture_surface_v1_set_deferred_region(m_binding->object(), nullptr);
        return;
    }
    const QMargins m = m_window->frameMargins();
    wl_region *region = wl_compositor_create_region(c->compositor());
    for (const QRect &r : m_deferredRegion)
        wl_region_add(region, r.x() + m.left(), r.y() + m.top(), r.width(), r.height());
    bezel_gesture_surface_v1_set_deferred_region(m_binding->object(), region);
    wl_region_destroy(region);
}

void Gestures::setHonored(Edges edges, bool always)
{
    if (!always && edges == m_honoredEdges)
        return;
    m_honoredEdges = edges;
    Q_EMIT honoredEdgesChanged(edges);
}

void Gestures::setBackEdges(Edges edges, bool always)
{
    if (!always && edges == m_backEdges)
        return;
    m_backEdges = edges;
    Q_EMIT backEdgesChanged(edges);
}

void Gestures::setDeferredEdges(Edges edges)
{
    // Unknown bits would be a protocol error, which ends Qt's whole connection.
    if (edges.toInt() & ~allEdges) {
        qWarning("Bezel::Gestures: unknown edge bits 0x%x", edges.toInt());
        return;
    }
    if (edges == m_deferredEdges)
        return;
    m_deferredEdges = edges;
    if (m_binding) {
        bezel_gesture_surface_v1_set_deferred_edges(m_binding->object(), edges.toInt());
        commit();
    } else {
        attach();
    }
}

void Gestures::setDeferredGestures(GestureKinds kinds)
{
    if (kinds.toInt() & ~allKinds) {
        qWarning("Bezel::Gestures: unknown gesture kind bits 0x%x", kinds.toInt());
        return;
    }
    if (kinds == m_deferredGestures)
        return;
    m_deferredGestures = kinds;
    if (!m_binding) {
        attach();
    } else if (Connection::get()->version() >= 2) {
        bezel_gesture_surface_v1_set_deferred_gestures(m_binding->object(), kinds.toInt());
        commit();
    }
}

void Gestures::setDeferredRegion(const QRegion &region)
{
    if (region == m_deferredRegion)
        return;
    m_deferredRegion = region;
    if (m_binding) {
        sendRegion();
        commit();
    } else {
        attach();
    }
}

bool Gestures::setBackHandling(bool enabled)
{
    Connection *c = Connection::get();
    // Sending it below version 4 would end the connection: the compositor keeps its own back.
    if (enabled && (!c || c->version() < 4))
        return false;
    if (enabled == m_backHandling)
        return true;
    m_backHandling = enabled;
    if (m_binding) {
        bezel_gesture_surface_v1_set_back_handling(m_binding->object(), enabled ? 1 : 0);
        commit();
    } else {
        attach();
    }
    if (!enabled)
        setBackEdges(NoEdge, false);
    Q_EMIT backHandlingChanged(enabled);
    return true;
}

bool Gestures::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Expose:
            // Qt's expose handler runs after this filter: attach once the window is exposed.
            QMetaObject::invokeMethod(this, [this] { attach(); }, Qt::QueuedConnection);
            break;
        case QEvent::Hide:
            detach();
            break;
        case QEvent::PlatformSurface:
            if (static_cast<QPlatformSurfaceEvent *>(event)->surfaceEventType() ==
                QPlatformSurfaceEvent::SurfaceAboutToBeDestroyed)
                detach();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace Bezel
