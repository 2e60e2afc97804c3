// The QML module Bezel: BezelAttached forwards to the window's Bezel::Gestures, and the
// plugin registers the Bezel type (qmldir: plugin bezelqmlplugin).
#include "bezel-qml.h"

#include <QQmlExtensionPlugin>
#include <QRectF>
#include <QWindow>

BezelAttached *BezelQml::qmlAttachedProperties(QObject *object)
{
    return new BezelAttached(object);
}

BezelAttached::BezelAttached(QObject *target)
    : QObject(target)
{
    auto *window = qobject_cast<QWindow *>(target);
    if (!window) {
        qWarning("Bezel: attached properties work on a Window only");
        return;
    }
    m_gestures = Bezel::Gestures::get(window);
    using G = Bezel::Gestures;
    connect(m_gestures, &G::honoredEdgesChanged, this, &BezelAttached::honoredEdgesChanged);
    connect(m_gestures, &G::honoredGesturesChanged, this, &BezelAttached::honoredGesturesChanged);
    connect(m_gestures, &G::backEdgesChanged, this, &BezelAttached::backEdgesChanged);
    connect(m_gestures, &G::backHandlingChanged, this, &BezelAttached::backHandlingChanged);
    connect(m_gestures, &G::deferredSwipe, this, [this](Bezel::Edge e) { Q_EMIT deferredSwipe(int(e)); });
    connect(m_gestures, &G::gestureTaken, this, [this](Bezel::Edge e) { Q_EMIT gestureTaken(int(e)); });
    connect(m_gestures, &G::backBegan, this,
        [this](Bezel::Edge e, QPointF p) { Q_EMIT backBegan(int(e), p.x(), p.y()); });
    connect(m_gestures, &G::backChanged, this,
        [this](qreal progress, QPointF p) { Q_EMIT backChanged(progress, p.x(), p.y()); });
    connect(m_gestures, &G::backInvoked, this, &BezelAttached::backInvoked);
    connect(m_gestures, &G::backCancelled, this, &BezelAttached::backCancelled);
}

int BezelAttached::deferredEdges() const
{
    return m_gestures ? int(m_gestures->deferredEdges().toInt()) : 0;
}

void BezelAttached::setDeferredEdges(int edges)
{
    if (!m_gestures || edges == deferredEdges())
        return;
    m_gestures->setDeferredEdges(Bezel::Edges::fromInt(unsigned(edges)));
    Q_EMIT deferredEdgesChanged();
}

int BezelAttached::deferredGestures() const
{
    return m_gestures ? int(m_gestures->deferredGestures().toInt()) : 0;
}

void BezelAttached::setDeferredGestures(int kinds)
{
    if (!m_gestures || kinds == deferredGestures())
        return;
    m_gestures->setDeferredGestures(Bezel::GestureKinds::fromInt(unsigned(kinds)));
    Q_EMIT deferredGesturesChanged();
}

QVariantList BezelAttached::deferredRegion() const
{
    QVariantList rects;
    if (m_gestures) {
        for (const QRect &r : m_gestures->deferredRegion())
            rects.append(QRectF(r));
    }
    return rects;
}

// Each rect rounded out to whole pixels: the protocol's regions are integer.
void BezelAttached::setDeferredRegion(const QVariantList &rects)
{
    if (!m_gestures)
        return;
    QRegion region;
    for (const QVariant &v : rects)
        region += v.toRectF().toAlignedRect();
    if (region == m_gestures->deferredRegion())
        return;
    m_gestures->setDeferredRegion(region);
    Q_EMIT deferredRegionChanged();
}

bool BezelAttached::backHandling() const
{
    return m_gestures && m_gestures->backHandling();
}

// Refused (left false) where the compositor has no back gesture for apps.
void BezelAttached::setBackHandling(bool enabled)
{
    if (m_gestures)
        m_gestures->setBackHandling(enabled);
}

int BezelAttached::honoredEdges() const
{
    return m_gestures ? int(m_gestures->honoredEdges().toInt()) : 0;
}

int BezelAttached::honoredGestures() const
{
    return m_gestures ? int(m_gestures->honoredGestures().toInt()) : 0;
}

int BezelAttached::backEdges() const
{
    return m_gestures ? int(m_gestures->backEdges().toInt()) : 0;
}

bool BezelAttached::supported() const
{
    return Bezel::isSupported();
}

// The plugin qmldir names.
class BezelQmlPlugin : public QQmlExtensionPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID QQmlExtensionInterface_iid)
public:
    void registerTypes(const char *uri) override
    {
        qmlRegisterUncreatableType<BezelQml>(uri, 1, 0, "Bezel", QStringLiteral("Bezel has attached properties only"));
    }
};

#include "bezel-qml.moc"
