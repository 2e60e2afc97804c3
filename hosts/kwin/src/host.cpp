/*
 * bezel-kwin: what only KWin knows, given to libbezel as facts (configuration, outputs, windows,
 * full-screen state, lock state), and what libbezel decides, shown to the shell (log lines,
 * D-Bus signals on org.kde.bezel).
 */
#include "bezel-kwin.h"

#include "core/output.h"
#include "main.h"
#include "wayland/compositor_interface.h"
#include "wayland/display.h"
#include "wayland/subcompositor_interface.h"
#include "wayland/surface_interface.h"
#include "wayland_server.h"
#include "window.h"
#include "workspace.h"

#include <KConfigGroup>
#include <KSharedConfig>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(BEZEL_KWIN, "bezel.kwin", QtInfoMsg)

namespace
{
// Adds a surface, or moves it when libbezel knows it already (no warning for the re-add).
void addOrMove(bezel_plugin *b, wl_resource *s, wl_resource *parent, const QRectF &r)
{
    uint32_t edges;
    if (bezel_surface_get_honored_edges(b, s, &edges) == BEZEL_OK) {
        bezel_surface_set_rect(b, s, r.x(), r.y(), r.width(), r.height());
    } else {
        bezel_surface_add(b, s, parent, r.x(), r.y(), r.width(), r.height());
    }
}

BezelKwin *self(void *data)
{
    return static_cast<BezelKwin *>(data);
}

const bezel_host_interface hostInterface = [] {
    bezel_host_interface h{};
    h.version = BEZEL_HOST_INTERFACE_VERSION;
    h.touch_down = [](void *d, wl_resource *s, int32_t id, double x, double y, uint32_t t) {
        self(d)->deliverDown(s, id, x, y, t);
    };
    h.touch_motion = [](void *d, wl_resource *, int32_t id, double x, double y, uint32_t t) {
        self(d)->deliverMotion(id, x, y, t);
    };
    h.touch_up = [](void *d, wl_resource *, int32_t id, uint32_t t) {
        self(d)->deliverUp(id, t);
    };
    h.touch_frame = [](void *d, wl_client *) {
        self(d)->deliverFrame();
    };
    h.touch_cancel = [](void *d, wl_client *) {
        self(d)->deliverCancel();
    };
    h.log = [](void *d, int level, const char *message) {
        self(d)->log(level, message);
    };
    h.gesture_event = [](void *d, const bezel_gesture_event *e) {
        self(d)->gestureEvent(e);
    };
    h.affordance = [](void *d, uint32_t output, uint32_t edge, bool shown) {
        self(d)->affordance(output, edge, shown);
    };
    return h;
}();

const char *phaseName(uint32_t phase)
{
    static const char *names[] = {"began", "changed", "ended", "cancelled", "failed"};
    return phase < 5 ? names[phase] : "unknown";
}

const char *dbusPath = "/org/kde/bezel";
const char *dbusInterface = "org.kde.bezel";
} // namespace

BezelKwin::BezelKwin()
{
    const int rc = bezel_plugin_create(*KWin::waylandServer()->display(), &hostInterface, this, &m_bezel);
    if (rc != BEZEL_OK) {
        qCWarning(BEZEL_KWIN) << "bezel: plugin not created:" << bezel_result_string(rc);
        m_bezel = nullptr;
        return;
    }
    // The policy is libbezel's, from KWin's full-screen fact (defer-policy key).
    bezel_plugin_decide_policy(m_bezel, true);
    configure();
    syncOutputs();

    KWin::Workspace *ws = KWin::workspace();
    connect(ws, &KWin::Workspace::outputAdded, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::outputRemoved, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::outputsChanged, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::configChanged, this, &BezelKwin::configure);
    connect(ws, &KWin::Workspace::windowAdded, this, &BezelKwin::watchWindow);
    connect(ws, &KWin::Workspace::windowRemoved, this, [this](KWin::Window *w) {
        if (w->surface()) {
            bezel_surface_remove(m_bezel, w->surface()->resource());
        }
    });
    for (KWin::Window *w : ws->allClientList()) {
        watchWindow(w);
    }
    // Every commit of every surface: the double-buffered set_deferred_edges request.
    connect(KWin::waylandServer()->compositor(), &KWaylandServer::CompositorInterface::surfaceCreated,
            this, &BezelKwin::watchSurface);
    // The lock screen (R6): KWin's own state, followed as it changes.
    auto lock = [this] {
        bezel_set_locked(m_bezel, KWin::waylandServer()->isScreenLocked(),
                         feedTime(std::chrono::microseconds(0)));
    };
    connect(KWin::waylandServer(), &KWin::WaylandServer::lockStateChanged, this, lock);
    lock();

    QDBusConnection::sessionBus().registerService(QStringLiteral("org.kde.bezel"));
    KWin::input()->prependInputEventFilter(this);
    qCInfo(BEZEL_KWIN, "bezel: %s loaded, touch filter in front of KWin's", bezel_version_string());
}

BezelKwin::~BezelKwin()
{
    if (KWin::input()) {
        KWin::input()->uninstallInputEventFilter(this);
    }
    if (m_bezel) {
        bezel_plugin_destroy(m_bezel);
    }
}

// The [Bezel] group of kwinrc, as key=value lines through libbezel's one parser.
void BezelKwin::configure()
{
    KConfigGroup group = KWin::kwinApp()->config()->group("Bezel");
    const QMap<QString, QString> entries = group.entryMap();
    QByteArray text;
    static const char *edgeNames[] = {"top", "bottom", "left", "right"};
    uint32_t bound = BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_RIGHT;
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        text += it.key().toUtf8() + '=' + it.value().toUtf8() + '\n';
        for (int i = 0; i < 4; i++) {
            if (it.key() == QLatin1String("bind-") + QLatin1String(edgeNames[i])) {
                const uint32_t bit = 1u << i;
                bound = it.value().trimmed().isEmpty() ? (bound & ~bit) : (bound | bit);
            }
        }
    }
    m_boundEdges = bound;
    bezel_plugin_configure_text(m_bezel, text.constData());
}

// libbezel output i is m_outputs[i]: KWin's logical geometry (layout px) and physical size.
void BezelKwin::syncOutputs()
{
    const QList<KWin::Output *> outputs = KWin::workspace()->outputs();
    const uint32_t now = feedTime(std::chrono::microseconds(0));
    for (int i = m_outputs.size() - 1; i >= 0; i--) {
        if (m_outputs[i] && !outputs.contains(m_outputs[i])) {
            bezel_output_remove(m_bezel, i, now);
            m_outputs[i] = nullptr;
        }
    }
    for (KWin::Output *o : outputs) {
        int id = m_outputs.indexOf(o);
        const QRect g = o->geometry();
        const QSize mm = o->physicalSize();
        const int transform = int(o->transform());
        if (id < 0) {
            id = m_outputs.indexOf(nullptr);
            if (id < 0) {
                id = m_outputs.size();
                m_outputs.append(o);
            } else {
                m_outputs[id] = o;
            }
            if (id == 0) {
                bezel_output_remove(m_bezel, 0, now); // output 0 exists from the start
            }
            bezel_output_add(m_bezel, id, g.x(), g.y(), g.width(), g.height(), mm.width(), mm.height(), transform);
        } else {
            bezel_output_update(m_bezel, id, g.x(), g.y(), g.width(), g.height(), mm.width(), mm.height(), transform);
        }
    }
}

// A window is mirrored as a top-level surface with its buffer rectangle and full-screen fact,
// as soon as KWin has it: a client hears honored_edges only once that fact is known.
void BezelKwin::watchWindow(KWin::Window *window)
{
    if (!window->surface()) {
        return; // KWin's internal windows have no client surface
    }
    addWindow(window);
    connect(window, &KWin::Window::fullScreenChanged, this, [this, window] {
        if (window->surface()) {
            bezel_surface_set_fullscreen(m_bezel, window->surface()->resource(), window->isFullScreen());
        }
    });
    connect(window, &KWin::Window::bufferGeometryChanged, this, [this, window] {
        if (window->surface()) {
            const QRectF g = window->bufferGeometry();
            bezel_surface_set_rect(m_bezel, window->surface()->resource(), g.x(), g.y(), g.width(), g.height());
        }
    });
}

void BezelKwin::addWindow(KWin::Window *window)
{
    wl_resource *res = window->surface()->resource();
    addOrMove(m_bezel, res, nullptr, window->bufferGeometry());
    bezel_surface_set_fullscreen(m_bezel, res, window->isFullScreen());
}

void BezelKwin::watchSurface(KWaylandServer::SurfaceInterface *surface)
{
    connect(surface, &KWaylandServer::SurfaceInterface::committed, this, [this, surface] {
        bezel_surface_commit(m_bezel, surface->resource());
    });
}

// The surface a touch goes to, made known to libbezel with its parents (subsurfaces are added
// when a finger first lands on them); *origin receives its layout position.
wl_resource *BezelKwin::mirror(KWaylandServer::SurfaceInterface *surface, QPointF *origin)
{
    KWaylandServer::SubSurfaceInterface *sub = surface->subSurface();
    if (!sub || !sub->parentSurface()) {
        for (KWin::Window *w : KWin::workspace()->allClientList()) {
            if (w->surface() == surface) {
                addWindow(w);
                *origin = w->bufferGeometry().topLeft();
                return surface->resource();
            }
        }
        *origin = QPointF();
        return nullptr; // not a window KWin lists (e.g. a popup KWin keeps elsewhere)
    }
    QPointF parentOrigin;
    wl_resource *parent = mirror(sub->parentSurface(), &parentOrigin);
    if (!parent) {
        *origin = QPointF();
        return nullptr;
    }
    *origin = parentOrigin + sub->position();
    addOrMove(m_bezel, surface->resource(), parent, QRectF(*origin, surface->size()));
    return surface->resource();
}

void BezelKwin::log(int level, const char *message)
{
    if (level <= BEZEL_LOG_WARNING) {
        qCWarning(BEZEL_KWIN, "%s", message);
    } else if (level <= BEZEL_LOG_INFO) {
        qCInfo(BEZEL_KWIN, "%s", message);
    } else {
        qCDebug(BEZEL_KWIN, "%s", message);
    }
}

void BezelKwin::emitDbus(const char *member, const QVariantList &args)
{
    QDBusMessage msg = QDBusMessage::createSignal(QLatin1String(dbusPath), QLatin1String(dbusInterface),
                                                  QLatin1String(member));
    msg.setArguments(args);
    QDBusConnection::sessionBus().send(msg);
}

// A shell (a Plasma Mobile panel, a script) listens to org.kde.bezel on the session bus:
// gestureBegan(s name, u edge, u output, u kind, u fingers), gestureChanged(s, u edge,
// d progress, d travel_mm, d velocity_mm_s), gestureEnded(s, u edge, b committed),
// gestureCancelled(s, u edge), gestureFailed(s, u edge, s reason).
void BezelKwin::gestureEvent(const bezel_gesture_event *e)
{
    const QString name = QString::fromUtf8(e->gesture ? e->gesture : "");
    switch (e->phase) {
    case BEZEL_GESTURE_BEGAN:
        emitDbus("gestureBegan", {name, e->edge, e->output_id, e->kind, e->fingers});
        break;
    case BEZEL_GESTURE_CHANGED:
        emitDbus("gestureChanged", {name, e->edge, e->progress, e->travel_mm, e->velocity_mm_s});
        break;
    case BEZEL_GESTURE_ENDED:
        emitDbus("gestureEnded", {name, e->edge, e->committed});
        break;
    case BEZEL_GESTURE_CANCELLED:
        emitDbus("gestureCancelled", {name, e->edge});
        break;
    case BEZEL_GESTURE_FAILED:
        emitDbus("gestureFailed", {name, e->edge, QString::fromUtf8(e->reason ? e->reason : "")});
        break;
    }
    if (e->phase == BEZEL_GESTURE_CHANGED) {
        qCDebug(BEZEL_KWIN, "bezel: gesture changed %s edge=%u progress=%.2f", e->gesture, e->edge, e->progress);
    } else {
        qCInfo(BEZEL_KWIN, "bezel: gesture %s %s edge=%u output=%u%s%s%s", phaseName(e->phase), e->gesture,
               e->edge, e->output_id, e->phase == BEZEL_GESTURE_ENDED ? (e->committed ? " committed" : " not committed") : "",
               e->reason ? " reason=" : "", e->reason ? e->reason : "");
    }
}

void BezelKwin::affordance(uint32_t output, uint32_t edge, bool shown)
{
    emitDbus("affordance", {output, edge, shown});
    qCInfo(BEZEL_KWIN, "bezel: affordance %s edge=%u output=%u", shown ? "shown" : "hidden", edge, output);
}
