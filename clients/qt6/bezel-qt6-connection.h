// The binding of Qt's Wayland connection (not installed): the global bound on a wl_event_queue
// of the library's own, which it reads and dispatches itself; Qt's queue is never dispatched.
#pragma once

#include <QObject>
#include <cstdint>

struct wl_display;
struct wl_event_queue;
struct wl_compositor;
struct wl_registry;
struct bezel_system_gestures_manager_v1;
class QSocketNotifier;

namespace Bezel {

class Connection : public QObject
{
public:
    // The application's connection, bound on first use; nullptr when the platform is not
    // Wayland or the compositor has no Bezel (tried once).
    static Connection *get();
    ~Connection() override;

    bezel_system_gestures_manager_v1 *manager() const { return m_manager; }
    wl_compositor *compositor() const { return m_compositor; }
    uint32_t version() const { return m_version; }
    // Sends what was asked (Qt flushes only when it has something of its own to send).
    void flush();

    // Registry listener (C linkage from the .cpp).
    void announce(uint32_t name, const char *interface, uint32_t version);

private:
    Connection(wl_display *display, wl_event_queue *queue);
    bool bind();
    void dispatchPending();
    void read();

    wl_display *m_display;
    wl_event_queue *m_queue;
    QSocketNotifier *m_notifier = nullptr;
    wl_registry *m_registry = nullptr;
    bezel_system_gestures_manager_v1 *m_manager = nullptr;
    wl_compositor *m_compositor = nullptr;
    uint32_t m_version = 0;
};

} // namespace Bezel
