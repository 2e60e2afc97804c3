// The library's own event queue on Qt's wl_display. Qt 6 reads the socket on a thread of its
// own and dispatches its queue on the main thread; this queue is dispatched on the main thread
// too: when the socket is readable (the library then takes its part in the read through
// wl_display_prepare_read_queue, so no event of Qt's is lost: they land in Qt's queue, which
// Qt dispatches before its loop sleeps) and before each sleep of the loop, for events Qt read.
#include "bezel-qt6-connection.h"
#include "bezel-qt6.h"

#include <QAbstractEventDispatcher>
#include <QGuiApplication>
#include <QSocketNotifier>
#include <qpa/qplatformnativeinterface.h>
#include <wayland-client.h>
#include <algorithm>
#include <cstring>
#include <poll.h>

#include "bezel-system-gestures-v1-client-protocol.h"

namespace Bezel {

// The protocol version this library knows.
static constexpr uint32_t libraryVersion = 4;

static void onGlobal(void *data, wl_registry *, uint32_t name, const char *interface, uint32_t version)
{
    static_cast<Connection *>(data)->announce(name, interface, version);
}

static void onGlobalRemove(void *, wl_registry *, uint32_t)
{
}

static const wl_registry_listener registryListener = { onGlobal, onGlobalRemove };

Connection *Connection::get()
{
    static Connection *connection = nullptr;
    static bool tried = false;
    if (tried || !qGuiApp)
        return connection;
    tried = true;
    if (QGuiApplication::platformName() != QLatin1String("wayland"))
        return nullptr;
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    auto *display = native ? static_cast<wl_display *>(native->nativeResourceForIntegration("wl_display")) : nullptr;
    if (!display)
        return nullptr;
    wl_event_queue *queue = wl_display_create_queue(display);
    if (!queue)
        return nullptr;
    auto *c = new Connection(display, queue);
    if (!c->bind()) {
        delete c;
        return nullptr;
    }
    // Lives as long as the application (Qt's connection ends with it).
    c->setParent(qGuiApp);
    connection = c;
    return connection;
}

Connection::Connection(wl_display *display, wl_event_queue *queue)
    : m_display(display), m_queue(queue)
{
}

Connection::~Connection()
{
    if (m_manager)
        bezel_system_gestures_manager_v1_destroy(m_manager);
    if (m_compositor)
        wl_compositor_destroy(m_compositor);
    if (m_registry)
        wl_registry_destroy(m_registry);
    wl_event_queue_destroy(m_queue);
}

void Connection::announce(uint32_t name, const char *interface, uint32_t version)
{
    if (strcmp(interface, bezel_system_gestures_manager_v1_interface.name) == 0 && !m_manager) {
        m_version = std::min(version, libraryVersion);
        m_manager = static_cast<bezel_system_gestures_manager_v1 *>(
            wl_registry_bind(m_registry, name, &bezel_system_gestures_manager_v1_interface, m_version));
    } else if (strcmp(interface, wl_compositor_interface.name) == 0 && !m_compositor) {
        // For wl_regions only.
        m_compositor = static_cast<wl_compositor *>(wl_registry_bind(m_registry, name, &wl_compositor_interface, 1));
    }
}

// One roundtrip on the library's queue: the registry's globals, no event of Qt's.
bool Connection::bind()
{
    auto *wrapper = static_cast<wl_display *>(wl_proxy_create_wrapper(m_display));
    if (!wrapper)
        return false;
    wl_proxy_set_queue(reinterpret_cast<wl_proxy *>(wrapper), m_queue);
    m_registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(m_registry, &registryListener, this);
    if (wl_display_roundtrip_queue(m_display, m_queue) < 0 || !m_manager)
        return false;
    m_notifier = new QSocketNotifier(wl_display_get_fd(m_display), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] { read(); });
    if (QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance(qGuiApp->thread()))
        connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, this, [this] { dispatchPending(); });
    return true;
}

void Connection::dispatchPending()
{
    wl_display_dispatch_queue_pending(m_display, m_queue);
}

// The socket is readable: read with the other readers (Qt's thread), then dispatch this queue.
// Qt's thread may have read it all first: then the read is cancelled rather than waited for.
void Connection::read()
{
    while (wl_display_prepare_read_queue(m_display, m_queue) != 0)
        wl_display_dispatch_queue_pending(m_display, m_queue);
    pollfd fd = { wl_display_get_fd(m_display), POLLIN, 0 };
    if (poll(&fd, 1, 0) == 1 && (fd.revents & POLLIN))
        wl_display_read_events(m_display);
    else
        wl_display_cancel_read(m_display);
    wl_display_dispatch_queue_pending(m_display, m_queue);
}

void Connection::flush()
{
    wl_display_flush(m_display);
}

bool isSupported()
{
    return Connection::get() != nullptr;
}

unsigned protocolVersion()
{
    Connection *c = Connection::get();
    return c ? c->version() : 0;
}

} // namespace Bezel
