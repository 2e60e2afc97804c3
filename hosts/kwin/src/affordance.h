/*
 * bezel-kwin: Bezel's edge affordance drawn in KWin. After a swipe an app kept (it defers the
 * edge, R3/R4), libbezel asks the host to show a hint at that edge until a second swipe is the
 * system's or the hint times out. The plugin draws it as a pill along the edge: an in-process
 * QWindow, which KWin makes an internal window and composites above every layer (as its OSDs),
 * with no KWin rendering API.
 */
#pragma once

#include <QRect>

#include <cstdint>
#include <map>
#include <memory>

class AffordanceBar;

// The bars shown, one per output and edge.
class Affordances
{
public:
    Affordances();
    ~Affordances();

    // libbezel's `affordance`: shows the bar of `edge` (a BEZEL_EDGE_* bit) on the output whose
    // layout geometry is `output` (logical px), or hides it. `outputId` names it in the log.
    void set(uint32_t outputId, const QRect &output, uint32_t edge, bool shown);

private:
    std::map<uint64_t, std::unique_ptr<AffordanceBar>> m_bars;
};
