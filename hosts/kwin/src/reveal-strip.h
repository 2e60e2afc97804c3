/*
 * bezel-kwin (KWin 6): Plasma Mobile's reveal strip. Over a full-screen app, plasmashell maps a
 * thin window along the bottom edge (12 px on Plasma Mobile 6.3, the topmost layer) whose touch
 * reveals its bars. Where Bezel binds that edge, the strip gives way: a down on it is decided
 * and delivered as if on the full-screen window below it.
 */
#pragma once

#include <QPointF>

#include <cstdint>

namespace KWin
{
class Window;
}

namespace revealstrip
{
// The full-screen window below `hit` at layout `pos` when `hit` is plasmashell's reveal strip
// along an edge of `boundEdges` (BEZEL_EDGE_* bits) and that window covers `pos`; else nullptr.
KWin::Window *windowBelow(KWin::Window *hit, const QPointF &pos, uint32_t boundEdges);
} // namespace revealstrip
