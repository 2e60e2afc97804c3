// The QML module Bezel (import Bezel): attached properties on a Window, over Bezel::Gestures.
//
//   Window {
//       Bezel.deferredEdges: Bezel.Bottom
//       Bezel.deferredRegion: [Qt.rect(0, 200, width, height - 200)]  // optional: over the board only
//       Bezel.backHandling: true
//       Bezel.onBackChanged: (progress, x, y) => page.x = progress * width
//   }
#pragma once

#include <QObject>
#include <QPointer>
#include <QVariantList>
#include <QtQml/qqml.h>

#include "bezel-qt6.h"

class BezelAttached;

// The type QML names Bezel: its enums (Bezel.Bottom, Bezel.Swipe) and its attached object.
class BezelQml : public QObject
{
    Q_OBJECT
    QML_ATTACHED(BezelAttached)
public:
    enum EdgeValue { NoEdge = 0, Top = 1, Bottom = 2, Left = 4, Right = 8 };
    Q_ENUM(EdgeValue)
    enum GestureValue { NoGesture = 0, Swipe = 1, Pinch = 2, Hold = 4 };
    Q_ENUM(GestureValue)
    static BezelAttached *qmlAttachedProperties(QObject *object);
};

// Bezel.* on a Window: the window's Bezel::Gestures, as properties and signals. On anything
// but a Window the setters do nothing.
class BezelAttached : public QObject
{
    Q_OBJECT
    Q_PROPERTY(int deferredEdges READ deferredEdges WRITE setDeferredEdges NOTIFY deferredEdgesChanged)
    Q_PROPERTY(int deferredGestures READ deferredGestures WRITE setDeferredGestures NOTIFY deferredGesturesChanged)
    // Where on the window the deferred edges apply (protocol version 3): a list of rects in
    // window coordinates (Qt.rect); empty, the default: the whole window. A swipe from a
    // deferred edge that starts inside stays with the app, one beside it is the system's.
    // Ignored below version 3 (the whole window then). Reads back the rects of the region set.
    Q_PROPERTY(QVariantList deferredRegion READ deferredRegion WRITE setDeferredRegion NOTIFY deferredRegionChanged)
    Q_PROPERTY(bool backHandling READ backHandling WRITE setBackHandling NOTIFY backHandlingChanged)
    Q_PROPERTY(int honoredEdges READ honoredEdges NOTIFY honoredEdgesChanged)
    Q_PROPERTY(int honoredGestures READ honoredGestures NOTIFY honoredGesturesChanged)
    Q_PROPERTY(int backEdges READ backEdges NOTIFY backEdgesChanged)
    Q_PROPERTY(bool supported READ supported CONSTANT)
public:
    explicit BezelAttached(QObject *target);

    int deferredEdges() const;
    void setDeferredEdges(int edges);
    int deferredGestures() const;
    void setDeferredGestures(int kinds);
    QVariantList deferredRegion() const;
    void setDeferredRegion(const QVariantList &rects);
    bool backHandling() const;
    void setBackHandling(bool enabled);
    int honoredEdges() const;
    int honoredGestures() const;
    int backEdges() const;
    bool supported() const;

Q_SIGNALS:
    void deferredEdgesChanged();
    void deferredGesturesChanged();
    void deferredRegionChanged();
    void backHandlingChanged();
    // Each report of the compositor (Bezel::Gestures::honoredEdgesChanged).
    void honoredEdgesChanged();
    void honoredGesturesChanged();
    void backEdgesChanged();
    void deferredSwipe(int edge);
    void gestureTaken(int edge);
    void backBegan(int edge, qreal x, qreal y);
    void backChanged(qreal progress, qreal x, qreal y);
    void backInvoked();
    void backCancelled();

private:
    QPointer<Bezel::Gestures> m_gestures;
};
