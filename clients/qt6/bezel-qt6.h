// bezel-qt6.h: defer a touchscreen's system edge gestures to a QWindow, and show the back
// gesture in it (Qt 6, Wayland).
//
//   CMake:      find_package(BezelQt6) ... target_link_libraries(app PRIVATE BezelQt6::BezelQt6)
//   pkg-config: pkg-config --cflags --libs bezel-qt6
//   QML:        import Bezel (the attached properties Bezel.deferredEdges, Bezel.backHandling, ...)
//
// Every call may be made at any time in the window's life: before it is shown, while it is
// shown, hidden or shown again. The library follows the window (Qt may make a new wl_surface
// each time a window is shown), commits the surface itself after a change while the window is
// exposed, reads its own events on a queue of its own (Qt's are left to Qt) and does nothing
// when the platform is not Wayland or the compositor has no bezel_system_gestures_manager_v1
// (the getters then return none).
#pragma once

#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QRegion>
#include <QWindow>

// What libbezel-qt6 exports; the rest of it stays hidden.
#define BEZEL_QT6_EXPORT __attribute__((visibility("default")))

namespace Bezel {

// Screen edges as the person holding the device sees them (the protocol's bits).
enum Edge : unsigned {
    NoEdge = 0,
    Top = 1,
    Bottom = 2,
    Left = 4,
    Right = 8,
};
Q_DECLARE_FLAGS(Edges, Edge)

// Kinds of multi-finger system gesture (protocol version 2).
enum GestureKind : unsigned {
    NoGesture = 0,
    Swipe = 1,
    Pinch = 2,
    Hold = 4,
};
Q_DECLARE_FLAGS(GestureKinds, GestureKind)

// Whether the application's platform is Wayland and its compositor offers Bezel.
BEZEL_QT6_EXPORT bool isSupported();
// The version the global was bound at, 0 if none.
BEZEL_QT6_EXPORT unsigned protocolVersion();

class SurfaceBinding;

// One window's settings and what the compositor tells about it. Made by get() and owned by
// the window (a child QObject): it lives as long as the window.
class BEZEL_QT6_EXPORT Gestures : public QObject
{
    Q_OBJECT
public:
    // The window's object, made on the first call.
    static Gestures *get(QWindow *window);
    ~Gestures() override;

    QWindow *window() const { return m_window; }

    // The complete set of edges whose system gesture is to be deferred to the window. Which
    // of them the compositor honours is honoredEdges() and honoredEdgesChanged.
    void setDeferredEdges(Edges edges);
    Edges deferredEdges() const { return m_deferredEdges; }
    // The edges on which the compositor honours the deferral now; none while hidden.
    Edges honoredEdges() const { return m_honoredEdges; }

    // The same for multi-finger gestures; ignored when the compositor speaks only version 1.
    void setDeferredGestures(GestureKinds kinds);
    GestureKinds deferredGestures() const { return m_deferredGestures; }
    GestureKinds honoredGestures() const { return m_honoredGestures; }

    // Limits the deferred edges to REGION, in the window's coordinates (protocol version 3);
    // an empty region: the whole window. Ignored below version 3 (the whole window then).
    void setDeferredRegion(const QRegion &region);
    QRegion deferredRegion() const { return m_deferredRegion; }

    // Asks for the back gesture's progress (protocol version 4): while on, a back gesture that
    // starts on the window is the window's to show (backBegan, backChanged, then backInvoked
    // or backCancelled) and the compositor takes no back action of its own. Returns false,
    // sending nothing, when ENABLED is true and the compositor has no back gesture for apps.
    bool setBackHandling(bool enabled);
    bool backHandling() const { return m_backHandling; }
    // The edges on which the compositor has a back gesture for the window (none while
    // handling is off, while the window is hidden, and while the session is locked).
    Edges backEdges() const { return m_backEdges; }

Q_SIGNALS:
    // Each report of the compositor, a repeated value too, and none when hiding clears it.
    void honoredEdgesChanged(Bezel::Edges edges);
    void honoredGesturesChanged(Bezel::GestureKinds kinds);
    // A swipe on a deferred edge stayed with the window; a second one soon after is the system's.
    void deferredSwipe(Bezel::Edge edge);
    // A system gesture took touches the window had been given (EDGE none: a multi-finger one).
    void gestureTaken(Bezel::Edge edge);
    void backHandlingChanged(bool enabled);
    void backEdgesChanged(Bezel::Edges edges);
    // A back gesture started from EDGE at POSITION (window coordinates); exactly one
    // backInvoked or backCancelled follows.
    void backBegan(Bezel::Edge edge, QPointF position);
    // The finger moved: PROGRESS from 0 (where it began) to 1 (far enough to go back).
    void backChanged(qreal progress, QPointF position);
    // Go back.
    void backInvoked();
    // Return to where the window was (also when the window is hidden mid-gesture).
    void backCancelled();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit Gestures(QWindow *window);
    void attach();
    void detach();
    void sendRegion();
    void commit();
    void setHonored(Edges edges, bool always);
    void setBackEdges(Edges edges, bool always);
    friend class SurfaceBinding;

    QPointer<QWindow> m_window;
    SurfaceBinding *m_binding = nullptr;
    Edges m_deferredEdges, m_honoredEdges, m_backEdges;
    GestureKinds m_deferredGestures, m_honoredGestures;
    QRegion m_deferredRegion;
    bool m_backHandling = false;
    bool m_backRunning = false;
};

} // namespace Bezel

Q_DECLARE_OPERATORS_FOR_FLAGS(Bezel::Edges)
Q_DECLARE_OPERATORS_FOR_FLAGS(Bezel::GestureKinds)
