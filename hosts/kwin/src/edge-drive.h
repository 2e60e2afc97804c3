/*
 * bezel-kwin (KWin 6 only): a Bezel gesture on the bottom edge drives KWin's own touch screen
 * edge there, which the touch filter made step aside. A KWin effect that registered a realtime
 * touch border on that edge (Plasma Mobile's task switcher) follows the finger and decides on
 * the end as it would for KWin's own edge swipe.
 */
#pragma once

#include <QPointF>

#include <bezel.h>

namespace edgeDrive
{
// One gesture event; `finger`: where the gesture's finger is now (layout px).
void gestureEvent(const bezel_gesture_event *e, const QPointF &finger);
}
