/*
 * bezel-kwin: the KWin::Plugin (bezel-kwin.h). What only KWin knows, given to libbezel as
 * facts: the configuration, the outputs, the lock state; and libbezel's callbacks, passed to
 * the touch path and the shell.
 */
#include "bezel-kwin.h"

#include "affordance.h"
#include "clock.h"
#if QT_VERSION_MAJOR >= 6
#include "edge-drive.h"
#endif
#include "shell.h"
#include "surfaces.h"
#include "touch-filter.h"

#include "core/output.h"
#include "main.h"
#include "wayland/display.h"
#include "wayland_server.h"
#include "workspace.h"

#include <KConfigGroup>
#include <KSharedConfig>

namespace
{
#if QT_VERSION_MAJOR >= 6
// The wl_output transform libbezel finds the panel's edges with, for KWin 6.3's output transform.
// KWin maps a touchscreen's points onto a turned output (libinput/connection.cpp,
// devicePointToGlobalPosition) a quarter turn the other way from wl_output's 90 and 270 as
// libbezel reads them (weston, wlroots), and as if a flipped output were not flipped: libbezel is
// given the turn under which KWin delivers the touches.
int touchTransform(KWin::OutputTransform::Kind kind)
{
    static constexpr int byKind[8] = {0, 3, 2, 1, 0, 3, 2, 1};
    return byKind[int(kind) & 7];
}
#endif

BezelKwin *self(void *data)
{
    return static_cast<BezelKwin *>(data);
}

const bezel_host_interface hostInterface = [] {
    bezel_host_interface h{};
    h.version = BEZEL_HOST_INTERFACE_VERSION;
    h.touch_down = [](void *d, wl_resource *s, int32_t id, double x, double y, uint32_t t) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->deliverDown(s, id, x, y, t);
        }
    };
    h.touch_motion = [](void *d, wl_resource *, int32_t id, double x, double y, uint32_t t) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->deliverMotion(id, x, y, t);
        }
    };
    h.touch_up = [](void *d, wl_resource *, int32_t id, uint32_t t) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->deliverUp(id, t);
        }
    };
    h.touch_frame = [](void *d, wl_client *) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->deliverFrame();
        }
    };
    h.touch_cancel = [](void *d, wl_client *) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->deliverCancel();
        }
    };
    h.cancel_drag = [](void *d) {
        if (TouchFilter *f = self(d)->touchFilter()) {
            f->cancelDrag();
        }
    };
    h.log = [](void *, int level, const char *message) {
        shell::log(level, message);
    };
    h.gesture_event = [](void *d, const bezel_gesture_event *e) {
        shell::gestureEvent(e);
#if QT_VERSION_MAJOR >= 6 // KWin 6: effects follow Bezel's bottom edge (edge-drive.h)
        if (TouchFilter *f = self(d)->touchFilter()) {
            edgeDrive::gestureEvent(e, f->lastPosition());
        }
#endif
    };
    h.affordance = [](void *d, uint32_t output, uint32_t edge, bool shown) {
        shell::affordance(output, edge, shown);
        self(d)->drawAffordance(output, edge, shown);
    };
    return h;
}();
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
    m_surfaces = std::make_unique<SurfaceMirror>(m_bezel);
    m_affordances = std::make_unique<Affordances>();
    configure();
    syncOutputs();

    KWin::Workspace *ws = KWin::workspace();
    connect(ws, &KWin::Workspace::outputAdded, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::outputRemoved, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::outputsChanged, this, &BezelKwin::syncOutputs);
    connect(ws, &KWin::Workspace::configChanged, this, &BezelKwin::configure);
    m_surfaces->watch();
    // The lock screen (R6): KWin's own state, followed as it changes.
    auto lock = [this] {
        bezel_set_locked(m_bezel, KWin::waylandServer()->isScreenLocked(),
                         feedTime(std::chrono::microseconds(0)));
    };
    connect(KWin::waylandServer(), &KWin::WaylandServer::lockStateChanged, this, lock);
    lock();
    m_filter = std::make_unique<TouchFilter>(m_bezel, *m_surfaces);

    shell::registerService();
#if QT_VERSION_MAJOR >= 6 // KWin 6.0: installed by weight; ours is the lowest, ahead of all
    KWin::input()->installInputEventFilter(m_filter.get());
#else
    KWin::input()->prependInputEventFilter(m_filter.get());
#endif
    qCInfo(BEZEL_KWIN, "bezel: %s loaded, touch filter in front of KWin's", bezel_version_string());
}

// The pill at the edge (affordance.h), on the output libbezel names.
void BezelKwin::drawAffordance(uint32_t output, uint32_t edge, bool shown)
{
    KWin::Output *o = output < uint32_t(m_outputs.size()) ? m_outputs[output] : nullptr;
    m_affordances->set(output, o ? o->geometry() : QRect(), edge, shown);
}

BezelKwin::~BezelKwin()
{
    if (KWin::input() && m_filter) {
        KWin::input()->uninstallInputEventFilter(m_filter.get());
    }
    if (m_bezel) {
        bezel_plugin_destroy(m_bezel);
    }
}

// The [Bezel] group of kwinrc, as key=value lines through libbezel's one parser (the touch
// filter reads the bound edges back from libbezel).
void BezelKwin::configure()
{
    KConfigGroup group = KWin::kwinApp()->config()->group("Bezel");
    const QMap<QString, QString> entries = group.entryMap();
    QByteArray text;
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        text += it.key().toUtf8() + '=' + it.value().toUtf8() + '\n';
    }
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
#if QT_VERSION_MAJOR >= 6 // KWin 6.0: OutputTransform is a class around its kind
        const int transform = touchTransform(o->transform().kind());
#else
        const int transform = int(o->transform());
#endif
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
