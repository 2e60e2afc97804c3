/*
 * wayfire-adapter.hpp: how a Wayfire plugin attaches libbezel-wlroots (bezel-wlroots.h) to
 * Wayfire's seat and hands it touch points, the same for every Wayfire generation
 * (src/bezel-wayfire.cpp for 0.7, src/wayfire09/bezel-wayfire.cpp for 0.9). Where the
 * wlr_compositor is found and which events carry the touches are each generation's own.
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 */
#pragma once

#include <wayfire/core.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/util/log.hpp>

/* wlroots' C headers, as Wayfire includes them in C++ (it works around their C-only syntax). */
#include <wayfire/nonstd/wlroots-full.hpp>

#include "bezel.h"
#include "bezel-wlroots.h"

/*
 * `c` if it is what Wayfire's wlr_compositor must be, else null. A generation reads the
 * pointer from Wayfire's private core layout, which its installed headers do not declare: a
 * Wayfire whose layout moved gives something else, and the plugin then does not attach.
 */
inline wlr_compositor *bezel_wayfire_checked_compositor(wlr_compositor *c)
{
    if (!c || (c->renderer != wf::get_core().renderer) || !c->global ||
        (wl_global_get_interface(c->global) != &wl_compositor_interface))
    {
        return nullptr;
    }

    return c;
}

/*
 * The adapter on Wayfire's display, seat and output layout, with `plugin`'s static callbacks
 * (surface_at, surface_position, on_gesture, on_affordance; a plugin makes this a friend);
 * null, with the reason logged, when it cannot attach. `wayfire` names the generation the
 * plugin is built for, for the log.
 */
template<class Plugin>
bezel_wlr *bezel_wayfire_attach(Plugin *plugin, wlr_compositor *compositor, const char *wayfire)
{
    if (!compositor)
    {
        LOGE("bezel: cannot find Wayfire's wlr_compositor (this plugin is built for Wayfire ",
            wayfire, "); not attached");
        return nullptr;
    }

    bezel_wlr_interface iface{};
    iface.version = BEZEL_WLR_INTERFACE_VERSION;
    iface.surface_at = &Plugin::surface_at;
    iface.surface_position = &Plugin::surface_position;
    iface.gesture   = &Plugin::on_gesture;
    iface.affordance = &Plugin::on_affordance;
    auto& core = wf::get_core();
    bezel_wlr *bezel = nullptr;
    int r = bezel_wlr_create(core.display, compositor, core.get_current_seat(),
        core.output_layout->get_handle(), &iface, plugin, &bezel);
    if (r != BEZEL_OK)
    {
        LOGE("bezel: cannot attach to the seat: ", bezel_result_string(r));
        return nullptr;
    }

    return bezel;
}

/* Layout coordinates of a touch event on `dev`, as Wayfire's own touch handler computes them. */
inline wf::pointf_t bezel_wayfire_to_layout(wlr_input_device *dev, double x, double y)
{
    double lx, ly;
    wlr_cursor_absolute_to_layout_coords(wf::get_core().get_wlr_cursor(), dev, x, y, &lx, &ly);
    wf::pointf_t closest;
    wf::get_core().output_layout->get_output_coords_at({lx, ly}, closest);
    return closest;
}
