#include "bezelgestures.h"

#include <QGuiApplication>
#include <qpa/qplatformnativeinterface.h>
#include <wayland-client.h>

BezelWindowGestures::BezelWindowGestures(BezelGestureManager *manager, QWindow *window)
    : QObject(window), m_manager(manager), m_window(window)
{
    window->installEventFilter(this);
    // The global is bound from Qt's event loop; a window shown before that attaches then.
    QObject::connect(manager, &QWaylandClientExtension::activeChanged, this, [this] { attach(); });
}

BezelWindowGestures::~BezelWindowGestures()
{
    detach();
}

// Qt 6.4 has no public getter for a window's wl_surface; the platform's native resource is
// the route (QtGui's qpa header, from qt6-base-private-dev).
static struct ::wl_surface *windowSurface(QWindow *window)
{
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    if (!native || !window->handle())
        return nullptr;
    return static_cast<struct ::wl_surface *>(native->nativeResourceForWindow("surface", window));
}

void BezelWindowGestures::attach()
{
    if (isInitialized() || !m_window || !m_window->isExposed() || !m_manager->isActive())
        return;
    if (m_edges == 0 && m_kinds == 0)
        return;
    m_surface = windowSurface(m_window);
    if (!m_surface)
        return;
    init(m_manager->get_gesture_surface(m_surface));
    sendAndCommit();
}

void BezelWindowGestures::detach()
{
    if (isInitialized())
        destroy(); // also clears object(): isInitialized() is false again
    m_surface = nullptr;
    if (m_honoredEdges != 0 && onHonoredEdges)
        onHonoredEdges(0);
    m_honoredEdges = 0;
}

// Qt commits only when it paints: a change commits the surface itself.
void BezelWindowGestures::sendAndCommit()
{
    set_deferred_edges(m_edges);
    if (m_kinds != 0 && version() >= BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_GESTURES_SINCE_VERSION)
        set_deferred_gestures(m_kinds);
    wl_surface_commit(m_surface);
}

bool BezelWindowGestures::setDeferredEdges(uint32_t edges)
{
    if (edges & ~uint32_t(edge_top | edge_bottom | edge_left | edge_right))
        return false;
    m_edges = edges;
    if (isInitialized())
        sendAndCommit();
    else
        attach();
    return true;
}

bool BezelWindowGestures::setDeferredGestures(uint32_t kinds)
{
    if (kinds & ~uint32_t(gesture_kind_swipe | gesture_kind_pinch | gesture_kind_hold))
        return false;
    if (m_manager->isActive() && m_manager->QtWayland::bezel_system_gestures_manager_v1::version() < BEZEL_GESTURE_SURFACE_V1_SET_DEFERRED_GESTURES_SINCE_VERSION)
        return false;
    m_kinds = kinds;
    if (isInitialized())
        sendAndCommit();
    else
        attach();
    return true;
}

bool BezelWindowGestures::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::Expose)
            attach();
        else if (event->type() == QEvent::Hide)
            detach();
    }
    return QObject::eventFilter(watched, event);
}

void BezelWindowGestures::bezel_gesture_surface_v1_honored_edges(uint32_t edges)
{
    m_honoredEdges = edges;
    if (onHonoredEdges)
        onHonoredEdges(edges);
}

void BezelWindowGestures::bezel_gesture_surface_v1_deferred_swipe(uint32_t edge)
{
    if (onDeferredSwipe)
        onDeferredSwipe(edge);
}

void BezelWindowGestures::bezel_gesture_surface_v1_gesture_taken(uint32_t edge)
{
    if (onGestureTaken)
        onGestureTaken(edge);
}

void BezelWindowGestures::bezel_gesture_surface_v1_honored_gestures(uint32_t kinds)
{
    (void)kinds;
}
