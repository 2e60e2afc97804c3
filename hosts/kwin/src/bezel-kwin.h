/*
 * bezel-kwin: Bezel inside KWin 5.27 or 6.3 as a binary plugin (no KWin patch).
 *
 * The KWin::Plugin owns libbezel's plugin and gives it what only KWin knows as facts: the
 * [Bezel] configuration, the outputs, the lock state. The rest has a file each: the surface
 * tree (surfaces.h), the touch path and drags (touch-filter.h), what is shown to the shell
 * (shell.h), the affordance drawn at an edge (affordance.h) and the clocks (clock.h).
 */
#pragma once

#include "config-kwin.h"

#include "plugin.h"

#include <QVector>

#include <bezel.h>

#include <memory>

namespace KWin
{
class Output;
}
class Affordances;
class SurfaceMirror;
class TouchFilter;

class BezelKwin : public KWin::Plugin
{
public:
    BezelKwin();
    ~BezelKwin() override;

    // The touch path libbezel's delivery callbacks go to (nullptr until it is installed).
    TouchFilter *touchFilter() const { return m_filter.get(); }
    // libbezel's `affordance`, drawn at the edge of libbezel's output `output`.
    void drawAffordance(uint32_t output, uint32_t edge, bool shown);

private:
    void configure();
    void syncOutputs();

    bezel_plugin *m_bezel = nullptr;
    std::unique_ptr<SurfaceMirror> m_surfaces;
    std::unique_ptr<Affordances> m_affordances;
    std::unique_ptr<TouchFilter> m_filter;
    // Outputs: KWin's Output pointers, index = libbezel output id.
    QVector<KWin::Output *> m_outputs;
};
