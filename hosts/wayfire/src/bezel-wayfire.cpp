/*
 * libbezel-wayfire: Bezel's system edge gestures in Wayfire 0.7, a thin plugin on
 * libbezel-wlroots (hosts/wlroots/src/bezel-wlroots.h).
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 *
 *   [core]
 *   plugins = … bezel
 *   [bezel]
 *   hold-window-ms = 150          # any flattened gesture key, as in weston's [bezel]
 *
 * How a touch goes through Wayfire 0.7 with the plugin loaded:
 *
 *   touch device -> wlr_cursor -> Wayfire's touch handler
 *     1. emits the core signal "touch_down" (before doing anything)
 *          -> this plugin: bezel_wlr_touch_down(layout x, y). The adapter hit-tests through
 *             Wayfire's own surface lookup, makes the seat's touch point and lets the Bezel
 *             plugin decide (deliver now, hold, or keep for a system gesture).
 *     2. runs its own handling: wf-touch gestures, focus, and wlr_seat_touch_notify_down/
 *        motion/up for the surface under the finger. Those calls reach the adapter's seat
 *        touch grab, which sends clients nothing for a touch the adapter tracks: what a
 *        client gets is only what the Bezel plugin released.
 *   "touch_motion", "touch_up" likewise. Wayfire 0.7 has no handler for the cursor's
 *   touch_frame and touch_cancel: this plugin listens to them itself, so clients get the
 *   wl_touch.frame Wayfire never sends, and a cancelled device cancels its touches (R8).
 *
 * Why not `mode = NO_CLIENT` on "touch_down": Wayfire 0.7 then calls the active plugin grab's
 * touch callback without checking that there is one, and crashes when there is none.
 *
 * The plugin object is per output (Wayfire's model); the Bezel state behind it is one
 * singleton, so the bezel_system_gestures_manager_v1 global exists once.
 */
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <wayfire/compositor-view.hpp>
#include <wayfire/config/xml.hpp>
#include <wayfire/core.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/singleton-plugin.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>
#include <wayfire/workspace-manager.hpp>

/* wlroots' C headers, as Wayfire includes them in C++ (it works around their C-only syntax). */
#include <wayfire/nonstd/wlroots-full.hpp>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "wayfire-adapter.hpp"
#include "wayfire-panels.hpp"
#include "wayfire-settings.hpp"

namespace
{
/*
 * Wayfire 0.7 creates its wlr_compositor in the core's implementation class, which its
 * installed headers do not declare, and the adapter needs it (every wl_surface's commit carries
 * the client's deferral, R3). These are that class's first members in Wayfire 0.7.x; the
 * build accepts only Wayfire 0.7 (meson-shim/wayfire/meson.build), and the pointer is checked
 * against what a wlr_compositor must hold before it is used.
 */
struct core_impl_0_7_layout : public wf::compositor_core_t
{
    std::unordered_map<wlr_surface*, uint32_t> uses_csd;
    wlr_egl *egl;
    wlr_compositor *compositor;
};

wlr_compositor *find_wlr_compositor()
{
    auto& core = static_cast<core_impl_0_7_layout&>(wf::get_core());
    return bezel_wayfire_checked_compositor(core.compositor);
}

/* A panel (wayfire-panels.hpp) in Wayfire 0.7: a colour view the plugin adds to the top layer
 * of an output. Wayfire's core owns it once added and frees it at close(), so the plugin
 * holds a plain pointer. */
class panel_view_t : public wf::color_rect_view_t
{
  public:
    explicit panel_view_t(wf::output_t *output)
    {
        set_output(output);
        role = wf::VIEW_ROLE_DESKTOP_ENVIRONMENT;
    }

    void initialize() override
    {
        wf::color_rect_view_t::initialize();
        get_output()->workspace->add_view(self(), wf::LAYER_TOP);
    }
};

/* The panel type and its creation, for wayfire_panels_t. */
struct panels_0_7
{
    using panel_t = panel_view_t*;

    static panel_t create(wf::output_t *output)
    {
        auto view = std::make_unique<panel_view_t>(output);
        panel_t panel = view.get();
        wf::get_core().add_view(std::move(view));
        return panel;
    }
};

}

/* The one Bezel state of the compositor (held by the singleton wrapper below). */
class bezel_wayfire_t
{
  public:
    bezel_wayfire_t()
    {
        auto& core = wf::get_core();
        bezel = bezel_wayfire_attach(this, find_wlr_compositor(), "0.7");
        if (!bezel)
        {
            return;
        }

        configure();
        connect_input();
        core.connect_signal("surface-unmapped", &on_surface_unmapped);

        on_output_removed.set_callback([=] (wf::signal_data_t *data)
        {
            panels.forget(wf::get_signaled_output(data));
        });
        core.output_layout->connect_signal("output-removed", &on_output_removed);

        LOGI("bezel: loaded; libbezel ", bezel_version_string(), " attached to seat ",
            core.get_current_seat()->name, ", global bezel_system_gestures_manager_v1 created");
    }

    ~bezel_wayfire_t()
    {
        panels.clear();
        if (bezel)
        {
            bezel_wlr_destroy(bezel);
        }

        LOGI("bezel: unloaded; the seat's touches go to clients directly again");
    }

    bezel_wayfire_t(const bezel_wayfire_t&) = delete;
    bezel_wayfire_t& operator =(const bezel_wayfire_t&) = delete;

  private:
    /* The adapter's callbacks below are bezel_wayfire_attach's to hand it. */
    friend bezel_wlr *bezel_wayfire_attach<bezel_wayfire_t>(bezel_wayfire_t*, wlr_compositor*,
        const char*);

    bezel_wlr *bezel = nullptr;
    wayfire_panels_t<panels_0_7> panels;

    wf::signal_connection_t on_touch_down, on_touch_motion, on_touch_up;
    wf::signal_connection_t on_output_removed;
    wf::wl_listener_wrapper on_touch_frame, on_touch_cancel;

    /* ------------------------------------------------------------ settings */

    /* [bezel]: wayfire-settings.hpp. */
    void configure()
    {
        bezel_wayfire_configure(bezel, &panels.enabled);
    }

    /* ------------------------------------------------------------ touch input */

    void connect_input()
    {
        auto& core = wf::get_core();
        on_touch_down.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::input_event_signal<wlr_event_touch_down>*>(data)->event;
            panels.hide_open();
            auto p = bezel_wayfire_to_layout(ev->device, ev->x, ev->y);
            bezel_wlr_touch_down(bezel, ev->touch_id, p.x, p.y, ev->time_msec);
        });
        on_touch_motion.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::input_event_signal<wlr_event_touch_motion>*>(data)->event;
            auto p  = bezel_wayfire_to_layout(ev->device, ev->x, ev->y);
            bezel_wlr_touch_motion(bezel, ev->touch_id, p.x, p.y, ev->time_msec);
        });
        on_touch_up.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::input_event_signal<wlr_event_touch_up>*>(data)->event;
            bezel_wlr_touch_up(bezel, ev->touch_id, ev->time_msec);
        });
        core.connect_signal("touch_down", &on_touch_down);
        core.connect_signal("touch_motion", &on_touch_motion);
        core.connect_signal("touch_up", &on_touch_up);

        on_touch_frame.set_callback([=] (void*)
        {
            bezel_wlr_touch_frame(bezel);
        });
        on_touch_cancel.set_callback([=] (void *data)
        {
            auto ev = static_cast<wlr_event_touch_cancel*>(data);
            bezel_wlr_touch_cancel(bezel, ev->time_msec);
        });
        on_touch_frame.connect(&core.get_wlr_cursor()->events.touch_frame);
        on_touch_cancel.connect(&core.get_wlr_cursor()->events.touch_cancel);
    }

    /*
     * Wayfire 0.7 keeps its touch focus surface when that surface goes: a subsurface deleted
     * under a finger crashes it at the view's unmap, with or without this plugin. Bezel routes
     * touches, so Wayfire's focus only has to stay valid: on the unmap of the focus, Wayfire
     * is told the stacking changed (as its switcher does) and picks a focus while it exists.
     */
    wf::signal_connection_t on_surface_unmapped{[] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::surface_map_state_changed_signal*>(data);
            auto& core = wf::get_core();
            if (ev && ev->surface && !ev->surface->is_mapped() &&
                (core.get_touch_focus() == ev->surface))
            {
                wf::stack_order_changed_signal changed;
                auto *wo = ev->surface->get_output();
                changed.output = wo ? wo : core.get_active_output();
                core.emit_signal("output-stack-order-changed", &changed);
            }
        }
    };

    /* ------------------------------------------------------------ the adapter's questions */

    /*
     * The surface Wayfire itself would give this touch: its own lookup (views in stacking
     * order on the output under the point, input regions, exclusive clients), and the same
     * surface-local point. Wayfire's own compositor surfaces (panels) have no wlr_surface
     * and belong to no client.
     */
    static wlr_surface *surface_at(void*, double lx, double ly, double *sx, double *sy)
    {
        auto *s = wf::get_core().get_surface_at({lx, ly});
        wlr_surface *ws = s ? s->get_wlr_surface() : nullptr;
        auto *view = s ? dynamic_cast<wf::view_interface_t*>(s->get_main_surface()) : nullptr;
        if (!ws || !view || !view->get_output())
        {
            return nullptr;
        }

        auto og    = view->get_output()->get_layout_geometry();
        auto local = view->global_to_local_point({lx - og.x, ly - og.y}, s);
        *sx = local.x;
        *sy = local.y;
        return ws;
    }

    /* Where a view's main surface is shown (other surfaces are made known at a touch). */
    static bool surface_position(void*, wlr_surface *surface, double *lx, double *ly)
    {
        wayfire_view view = wf::wl_surface_to_wayfire_view(surface->resource);
        if (!view || !view->is_mapped() || !view->get_output() ||
            (view->get_wlr_surface() != surface))
        {
            return false;
        }

        auto og     = view->get_output()->get_layout_geometry();
        auto origin = view->global_to_local_point({0, 0}, view.get());
        *lx = og.x - origin.x;
        *ly = og.y - origin.y;
        return true;
    }

    /* ------------------------------------------------------------ feedback */

    static void on_gesture(void *data, const bezel_wlr_gesture_event *ev)
    {
        static_cast<bezel_wayfire_t*>(data)->panels.gesture(ev);
    }

    static void on_affordance(void *data, wlr_output *output, uint32_t edge, bool shown)
    {
        static_cast<bezel_wayfire_t*>(data)->panels.affordance(output, edge, shown);
    }
};

/* Wayfire makes one plugin object per output; they share the one bezel_wayfire_t. */
class bezel_plugin_t : public wf::singleton_plugin_t<bezel_wayfire_t>
{
  public:
    void init() override
    {
        grab_interface->name = "bezel";
        grab_interface->capabilities = 0;
        wf::singleton_plugin_t<bezel_wayfire_t>::init();
    }
};

DECLARE_WAYFIRE_PLUGIN(bezel_plugin_t);
