/*
 * bezel-kwin (KWin 6): Plasma Mobile's reveal strip gives way to Bezel's edge zones
 * (reveal-strip.h).
 */
#include "reveal-strip.h"

#include "core/output.h"
#include "wayland_server.h"
#include "window.h"
#include "workspace.h"

#include <bezel.h>

namespace
{
// Thickest window taken for a reveal strip: Plasma Mobile 6.3's is 12 px; its panels and
// navigation bar are thicker, and stay theirs.
constexpr double maxStripThickness = 16.0;

// The edge of `output` a thin window lies along (BEZEL_EDGE_*), 0 when it lies along none.
uint32_t stripEdge(const QRectF &strip, const QRectF &output)
{
    const bool spansWidth = strip.left() <= output.left() && strip.right() >= output.right();
    const bool spansHeight = strip.top() <= output.top() && strip.bottom() >= output.bottom();
    if (spansWidth && strip.height() <= maxStripThickness) {
        if (strip.bottom() == output.bottom()) {
            return BEZEL_EDGE_BOTTOM;
        }
        if (strip.top() == output.top()) {
            return BEZEL_EDGE_TOP;
        }
    }
    if (spansHeight && strip.width() <= maxStripThickness) {
        if (strip.left() == output.left()) {
            return BEZEL_EDGE_LEFT;
        }
        if (strip.right() == output.right()) {
            return BEZEL_EDGE_RIGHT;
        }
    }
    return 0;
}

// The window KWin's findToplevel would pick at `pos` with `above` and every window over it
// left out: the same windows are skipped (deleted, hidden, on another desktop, not painted).
KWin::Window *nextBelow(KWin::Window *above, const QPointF &pos)
{
    const QList<KWin::Window *> &stacking = KWin::workspace()->stackingOrder();
    const qsizetype from = stacking.indexOf(above);
    for (qsizetype i = from - 1; i >= 0; --i) {
        KWin::Window *w = stacking[i];
        if (w->isDeleted() || !w->isOnCurrentActivity() || !w->isOnCurrentDesktop() || w->isMinimized()
            || w->isHidden() || w->isHiddenByShowDesktop() || !w->readyForPainting()) {
            continue;
        }
        if (w->hitTest(pos)) {
            return w;
        }
    }
    return nullptr;
}
} // namespace

KWin::Window *revealstrip::windowBelow(KWin::Window *hit, const QPointF &pos, uint32_t boundEdges)
{
    if (!hit || hit->resourceClass() != QLatin1String("plasmashell") || hit->isFullScreen()
        || KWin::waylandServer()->isScreenLocked()) {
        return nullptr;
    }
    KWin::Output *output = KWin::workspace()->outputAt(pos);
    if (!output || !(stripEdge(hit->frameGeometry(), output->geometryF()) & boundEdges)) {
        return nullptr;
    }
    KWin::Window *below = nextBelow(hit, pos);
    if (!below || !below->isFullScreen() || !below->surface() || !below->frameGeometry().contains(pos)
        || below->output() != output) {
        return nullptr;
    }
    return below;
}
