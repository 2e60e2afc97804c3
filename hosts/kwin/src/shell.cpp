/*
 * bezel-kwin: what libbezel decides, shown to the shell (shell.h).
 */
#include "shell.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QString>
#include <QVariantList>

Q_LOGGING_CATEGORY(BEZEL_KWIN, "bezel.kwin", QtInfoMsg)

namespace
{
const char *phaseName(uint32_t phase)
{
    static const char *names[] = {"began", "changed", "ended", "cancelled", "failed"};
    return phase < 5 ? names[phase] : "unknown";
}

const char *dbusPath = "/org/kde/bezel";
const char *dbusInterface = "org.kde.bezel";

void emitDbus(const char *member, const QVariantList &args)
{
    QDBusMessage msg = QDBusMessage::createSignal(QLatin1String(dbusPath), QLatin1String(dbusInterface),
                                                  QLatin1String(member));
    msg.setArguments(args);
    QDBusConnection::sessionBus().send(msg);
}
} // namespace

void shell::registerService()
{
    QDBusConnection::sessionBus().registerService(QStringLiteral("org.kde.bezel"));
}

void shell::log(int level, const char *message)
{
    if (level <= BEZEL_LOG_WARNING) {
        qCWarning(BEZEL_KWIN, "%s", message);
    } else if (level <= BEZEL_LOG_INFO) {
        qCInfo(BEZEL_KWIN, "%s", message);
    } else {
        qCDebug(BEZEL_KWIN, "%s", message);
    }
}

// A shell (a Plasma Mobile panel, a script) listens to org.kde.bezel on the session bus:
// gestureBegan(s name, u edge, u output, u kind, u fingers), gestureChanged(s, u edge,
// d progress, d travel_mm, d velocity_mm_s), gestureEnded(s, u edge, b committed),
// gestureCancelled(s, u edge), gestureFailed(s, u edge, s reason).
//
// A gesture the app handles (the back gesture, R10) sends no signal: the shell would act on it,
// and the app shows it itself. It is only logged.
void shell::gestureEvent(const bezel_gesture_event *e)
{
    if (e->app_handled) {
        if (e->phase != BEZEL_GESTURE_CHANGED) {
            qCInfo(BEZEL_KWIN, "bezel: gesture %s %s edge=%u output=%u handled by the app", phaseName(e->phase),
                   e->gesture, e->edge, e->output_id);
        }
        return;
    }
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

void shell::affordance(uint32_t output, uint32_t edge, bool shown)
{
    emitDbus("affordance", {output, edge, shown});
    qCInfo(BEZEL_KWIN, "bezel: affordance %s edge=%u output=%u", shown ? "shown" : "hidden", edge, output);
}
