/*
 * wayfire-panels.hpp: the plain panels a Wayfire plugin draws for Bezel's gestures (the dock,
 * the cover sheet, the "swipe again" bar), the same for every Wayfire generation
 * (src/bezel-wayfire.cpp for 0.7, src/wayfire09/bezel-wayfire.cpp for 0.9). Only the panel's
 * type and how one is created differ between them: each generation passes a small type with
 * those two (see wayfire_panels_t).
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 */
#pragma once

#include <cstring>
#include <unordered_map>

#include <wayfire/core.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/util/log.hpp>

#include "bezel-demo-panels.h"
#include "bezel-wlroots.h"

/*
 * The panels of every output, driven by the adapter's gesture and affordance events.
 * `Generation` gives the panel type and how one is made:
 *
 *   using panel_t = …;                           // a pointer-like handle to a colour view
 *   static panel_t create(wf::output_t *output); // a new panel in the output's top layer
 *
 * A panel is a solid-colour rectangle (Wayfire's colour view) that belongs to no client:
 * touches on it go to no client, as on weston's panels.
 */
template<class Generation>
class wayfire_panels_t
{
  public:
    using panel_t = typename Generation::panel_t;

    /* [bezel] panels, read back from the plugin: false draws nothing. */
    bool enabled = true;

    wayfire_panels_t() = default;
    wayfire_panels_t(const wayfire_panels_t&) = delete;
    wayfire_panels_t& operator =(const wayfire_panels_t&) = delete;

    /* The adapter's gesture event (bezel_wlr_interface.gesture). */
    void gesture(const bezel_wlr_gesture_event *ev)
    {
        auto *wo = find_output(ev->output);
        int i = bezel_demo_edge_index(ev->edge);
        if (!wo || (i < 0))
        {
            return;
        }

        if (ev->app_handled)
        {
            // The app shows this one (R10): no panel of ours.
            if (ev->phase != BEZEL_WLR_GESTURE_CHANGED)
            {
                LOGI("bezel: ", ev->gesture, " handled by the app on ", wo->to_string());
            }

            return;
        }

        switch (ev->phase)
        {
          case BEZEL_WLR_GESTURE_BEGAN:
            LOGI("bezel: ", ev->gesture, " began on ", wo->to_string());
            show_progress(wo, ev->gesture, ev->edge, 0);
            break;

          case BEZEL_WLR_GESTURE_CHANGED:
            show_progress(wo, ev->gesture, ev->edge, ev->progress);
            break;

          case BEZEL_WLR_GESTURE_ENDED:
            LOGI("bezel: ", ev->gesture, ev->committed ? " committed" : " ended, not committed",
                " on ", wo->to_string());
            if (ev->committed)
            {
                show_progress(wo, ev->gesture, ev->edge, 1.0);
                panels[wo].open[i] = true;
            } else
            {
                place(panels[wo].edge[i], wo, {0, 0, 0, 0}, {});
            }

            break;

          case BEZEL_WLR_GESTURE_CANCELLED:
            LOGI("bezel: ", ev->gesture, " cancelled on ", wo->to_string());
            place(panels[wo].edge[i], wo, {0, 0, 0, 0}, {});
            break;

          default:
            break;
        }
    }

    /* R3's "swipe again" hint: a short bar along the edge (bezel_wlr_interface.affordance). */
    void affordance(wlr_output *output, uint32_t edge, bool shown)
    {
        auto *wo = find_output(output);
        int i = bezel_demo_edge_index(edge);
        if (!enabled || !wo || (i < 0))
        {
            return;
        }

        auto size = wo->get_screen_size();
        wf::geometry_t box{0, 0, 0, 0};
        if (shown)
        {
            auto b = bezel_demo_affordance_box(edge, size.width, size.height);
            box = {b.x, b.y, b.width, b.height};
        }

        place(panels[wo].hint[i], wo, box, {0.92, 0.92, 0.95, 0.85});
    }

    /* A committed panel stays open until the next touch-down (a stand-in for a shell's dock
     * or cover sheet): the plugin calls this at every touch-down. */
    void hide_open()
    {
        for (auto& entry : panels)
        {
            auto& p = entry.second;
            for (int i = 0; i < 4; i++)
            {
                if (p.open[i] && p.edge[i])
                {
                    close(p.edge[i]);
                    p.open[i] = false;
                }
            }
        }
    }

    /* An output went away: its panels go with it. */
    void forget(wf::output_t *wo)
    {
        auto it = panels.find(wo);
        if (it != panels.end())
        {
            close_all(it->second);
            panels.erase(it);
        }
    }

    /* The plugin is unloaded: every panel goes. */
    void clear()
    {
        for (auto& p : panels)
        {
            close_all(p.second);
        }

        panels.clear();
    }

  private:
    /* The dock, the cover sheet and the "swipe again" bar of one output, by edge index. */
    struct output_panels_t
    {
        panel_t edge[4] = {};
        panel_t hint[4] = {};
        bool open[4] = {};
    };

    std::unordered_map<wf::output_t*, output_panels_t> panels;

    static wf::output_t *find_output(wlr_output *o)
    {
        return o ? wf::get_core().output_layout->find_output(o) : nullptr;
    }

    static void close(panel_t& slot)
    {
        if (slot)
        {
            slot->close();
            slot = nullptr;
        }
    }

    static void close_all(output_panels_t& p)
    {
        for (int i = 0; i < 4; i++)
        {
            close(p.edge[i]);
            close(p.hint[i]);
            p.open[i] = false;
        }
    }

    /* Shows `slot` at `box` (output-local), creating the panel on first use; hides it if the
     * box is empty. */
    static void place(panel_t& slot, wf::output_t *wo, wf::geometry_t box, wf::color_t colour)
    {
        if ((box.width <= 0) || (box.height <= 0))
        {
            close(slot);
            return;
        }

        if (!slot)
        {
            slot = Generation::create(wo);
        }

        slot->set_color(colour);
        slot->set_geometry(box);
    }

    /* The gesture's panel, `progress` (0..1) of the way out from its edge. */
    void show_progress(wf::output_t *wo, const char *gesture, uint32_t edge, double progress)
    {
        int i = bezel_demo_edge_index(edge);
        if (!enabled || !wo || (i < 0))
        {
            return;
        }

        auto size = wo->get_screen_size();
        wf::color_t colour = !strcmp(gesture, "dock") ? wf::color_t{0.60, 0.64, 0.72, 0.92} :
            !strcmp(gesture, "cover_sheet") ? wf::color_t{0.09, 0.28, 0.52, 0.95} :
            wf::color_t{0.30, 0.30, 0.36, 0.95};
        auto b = bezel_demo_panel_box(edge, progress, size.width, size.height);
        wf::geometry_t box{b.x, b.y, b.width, b.height};
        place(panels[wo].edge[i], wo, box, colour);
    }
};
