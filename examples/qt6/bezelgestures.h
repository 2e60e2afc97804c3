// Bezel for a Qt 6 window: a QWaylandClientExtensionTemplate on the protocol classes that
// qtwaylandscanner makes from bezel-system-gestures-v1.xml (pkg-config bezel-protocols).
// Needs Qt's Wayland platform (QT_QPA_PLATFORM=wayland); elsewhere it stays inactive.
#pragma once

#include <QObject>
#include <QPointer>
#include <QWindow>
#include <QtWaylandClient/QWaylandClientExtensionTemplate>
#include <functional>

#include "qwayland-bezel-system-gestures-v1.h"

// The global, bound by Qt when the compositor announces it (activeChanged, isActive).
class BezelGestureManager : public QWaylandClientExtensionTemplate<BezelGestureManager>,
                            public QtWayland::bezel_system_gestures_manager_v1
{
public:
    // The highest version this code knows; Qt binds min(this, the XML's, the compositor's).
    BezelGestureManager() : QWaylandClientExtensionTemplate<BezelGestureManager>(2) {}
    ~BezelGestureManager() override
    {
        if (isInitialized())
            destroy();
    }
};

// One window's deferral. Qt, like GTK, destroys the window's wl_surface on hide and makes a
// new one on show, so the protocol object follows Expose and Hide, not the QWindow.
class BezelWindowGestures : public QObject, public QtWayland::bezel_gesture_surface_v1
{
public:
    BezelWindowGestures(BezelGestureManager *manager, QWindow *window);
    ~BezelWindowGestures() override;

    // The complete set of edges (edge_* bits) to defer. Unknown bits are refused (false)
    // before anything is sent: a protocol error would close Qt's whole connection.
    bool setDeferredEdges(uint32_t edges);
    // The same for multi-finger kinds (gesture_kind_* bits); false below version 2.
    bool setDeferredGestures(uint32_t kinds);
    uint32_t honoredEdges() const { return m_honoredEdges; }

    std::function<void(uint32_t edges)> onHonoredEdges;
    std::function<void(uint32_t edge)> onDeferredSwipe;
    std::function<void(uint32_t edge)> onGestureTaken;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void bezel_gesture_surface_v1_honored_edges(uint32_t edges) override;
    void bezel_gesture_surface_v1_deferred_swipe(uint32_t edge) override;
    void bezel_gesture_surface_v1_gesture_taken(uint32_t edge) override;
    void bezel_gesture_surface_v1_honored_gestures(uint32_t kinds) override;

private:
    void attach();
    void detach();
    void sendAndCommit();

    BezelGestureManager *m_manager;
    QPointer<QWindow> m_window;
    struct ::wl_surface *m_surface = nullptr;
    uint32_t m_edges = 0, m_kinds = 0, m_honoredEdges = 0;
};
