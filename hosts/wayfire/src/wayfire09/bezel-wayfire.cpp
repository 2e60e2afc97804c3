/*
 * libbezel-wayfire: Bezel's system edge gestures in Wayfire 0.9, a thin plugin on
 * libbezel-wlroots (hosts/wlroots/src/bezel-wlroots.h). The Wayfire 0.7 plugin is
 * ../bezel-wayfire.cpp; the settings (../wayfire-settings.hpp) and the panels
 * (../wayfire-panels.hpp) are the same, the core API around them is not.
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 *
 *   [core]
 *   plugins = … bezel
 *   [bezel]
 *   hold-window-ms = 150          # any flattened gesture key, as in weston's [bezel]
 *
 * How a touch goes through Wayfire 0.9 with the plugin loaded:
 *
 *   touch device -> wlr_cursor -> Wayfire's touch interface
 *     1. emits input_event_signal<wlr_touch_down_event> on the core (before anything else)
 *          -> this plugin: bezel_wlr_touch_down(layout x, y). The adapter hit-tests through
 *             Wayfire's scene graph, makes the seat's touch point and lets the Bezel plugin
 *             decide (deliver now, hold, or keep for a system gesture).
 *     2. runs its own handling: wf-touch gestures, and for a touch on no client's surface (a
 *        plugin's grab node) its touch focus. A touch on a client's surface is marked
 *        NO_CLIENT: Wayfire makes no seat call for it, and the client gets only what the
 *        Bezel plugin releases.
 *   Motion likewise; a lift reaches the adapter after Wayfire's handling of it (see
 *   on_touch_up_done). Wayfire 0.9 forwards touch_frame itself; this plugin also closes
 *   the adapter's frame there, and takes touch_cancel before Wayfire (which turns a cancel
 *   into a lift), so that clients get wl_touch.cancel (R8).
 *
 * Wayfire's own edge swipes: Wayfire 0.9 takes a whole touch sequence that starts within its
 * edge threshold when one of its gestures is bound to that edge swipe. A touch that goes down
 * that close to an edge Bezel binds is marked IGNORE for Wayfire's core (down, motion, up):
 * Wayfire's gestures, bindings and touch focus never see it, and the adapter alone delivers
 * what the Bezel plugin releases. Elsewhere Wayfire's gestures work as before.
 *
 * Wayfire 0.9 plugins are global (one object for the compositor), so the
 * bezel_system_gestures_manager_v1 global exists once.
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
#include <wayfire/scene.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/unstable/wlr-surface-node.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>

/* wlroots' C headers, as Wayfire includes them in C++ (it works around their C-only syntax). */
#include <wayfire/nonstd/wlroots-full.hpp>

#include "bezel.h"
#include "bezel-wlroots.h"
#include "../wayfire-adapter.hpp"
#include "../wayfire-panels.hpp"
#include "../wayfire-settings.hpp"

namespace
{
/*
 * Wayfire 0.9 creates its wlr_compositor in the core's implementation class, which its
 * installed headers do not declare, and the adapter needs it (every wl_surface's commit carries
 * the client's deferral, R3). These are that class's first members in Wayfire 0.9.x; the
 * build picks this file only for Wayfire 0.9 (meson-shim/wayfire/meson.build), and the pointer
 * is checked against what a wlr_compositor must hold before it is used.
 */
struct core_impl_0_9_layout : public wf::compositor_core_t
{
    wlr_egl *egl;
    wlr_compositor *compositor;
};

wlr_compositor *find_wlr_compositor()
{
    auto& core = static_cast<core_impl_0_9_layout&>(wf::get_core());
    return bezel_wayfire_checked_compositor(core.compositor);
}

/* Wayfire 0.9 starts an edge swipe only from a touch this close to an output's edge (its
 * EDGE_SWIPE_THRESHOLD, in layout pixels). */
constexpr double wayfire_edge_threshold = 10;

/* A panel (wayfire-panels.hpp) in Wayfire 0.9: a colour view Wayfire creates in the top layer
 * of an output, held by a shared pointer. */
struct panels_0_9
{
    using panel_t = std::shared_ptr<wf::color_rect_view_t>;

    static panel_t create(wf::output_t *output)
    {
        return wf::color_rect_view_t::create(wf::VIEW_ROLE_DESKTOP_ENVIRONMENT, output,
            wf::scene::layer::TOP);
    }
};

/* The layout position of a node's local origin: each ancestor's to_global, innermost first. */
wf::pointf_t node_origin(wf::scene::node_t *node)
{
    wf::pointf_t p{0, 0};
    for (auto *n = node; n; n = n->parent())
    {
        p = n->to_global(p);
    }

    return p;
}
}

/* The plugin: the one Bezel state of the compositor. */
class bezel_wayfire_t : public wf::plugin_interface_t
{
  public:
    void init() override
    {
        auto& core = wf::get_core();
        bezel = bezel_wayfire_attach(this, find_wlr_compositor(), "0.9");
        if (!bezel)
        {
            return;
        }

        configure();
        connect_input();
        core.output_layout->connect(&on_output_removed);

        LOGI("bezel: loaded; libbezel ", bezel_version_string(), " attached to seat ",
            core.get_current_seat()->name, ", global bezel_system_gestures_manager_v1 created");
    }

    void fini() override
    {
        panels.clear();
        if (cancel_connected)
        {
            wl_list_remove(&on_touch_cancel.link);
            cancel_connected = false;
        }

        on_touch_frame.disconnect();
        if (bezel)
        {
            bezel_wlr_destroy(bezel);
            bezel = nullptr;
        }

        LOGI("bezel: unloaded; the seat's touches go to clients directly again");
    }

  private:
    /* The adapter's callbacks below are bezel_wayfire_attach's to hand it. */
    friend bezel_wlr *bezel_wayfire_attach<bezel_wayfire_t>(bezel_wayfire_t*, wlr_compositor*,
        const char*);

    bezel_wlr *bezel = nullptr;
    wayfire_panels_t<panels_0_9> panels;
    /* Touch ids (0..63) Wayfire's core is told to ignore: they went down at a Bezel edge. */
    uint64_t ignored_ids = 0;

    wf::signal::connection_t<wf::output_removed_signal> on_output_removed =
        [this] (wf::output_removed_signal *ev)
    {
        panels.forget(ev->output);
    };

    wf::wl_listener_wrapper on_touch_frame;
    wl_listener on_touch_cancel{};
    bool cancel_connected = false;

    /* ------------------------------------------------------------ settings */

    /* [bezel]: wayfire-settings.hpp. */
    void configure()
    {
        bezel_wayfire_configure(bezel, &panels.enabled);
    }

    /* ------------------------------------------------------------ touch input */

    /* Whether a touch going down at `p` starts where Wayfire would begin an edge swipe on an
     * edge Bezel binds (see the top of this file). */
    bool at_bezel_edge(wf::pointf_t p)
    {
        uint32_t bound = 0;
        bezel_plugin_get_bindings(bezel_wlr_get_plugin(bezel), 0, &bound, nullptr, 0, nullptr);
        auto *wo = wf::get_core().output_layout->get_output_at(p.x, p.y);
        if (!bound || !wo)
        {
            return false;
        }

        auto g = wo->get_layout_geometry();
        const double t = wayfire_edge_threshold;
        return ((bound & BEZEL_EDGE_TOP) && (p.y <= g.y + t)) ||
               ((bound & BEZEL_EDGE_BOTTOM) && (p.y >= g.y + g.height - 1 - t)) ||
               ((bound & BEZEL_EDGE_LEFT) && (p.x <= g.x + t)) ||
               ((bound & BEZEL_EDGE_RIGHT) && (p.x >= g.x + g.width - 1 - t));
    }

    static uint64_t id_bit(int32_t id)
    {
        return ((id >= 0) && (id < 64)) ? (uint64_t{1} << id) : 0;
    }

    wf::signal::connection_t<wf::input_event_signal<wlr_touch_down_event>> on_touch_down =
        [this] (wf::input_event_signal<wlr_touch_down_event> *sig)
    {
        auto *ev = sig->event;
        panels.hide_open();
        auto p = bezel_wayfire_to_layout(&ev->touch->base, ev->x, ev->y);
        double sx, sy;
        if (at_bezel_edge(p))
        {
            ignored_ids |= id_bit(ev->touch_id);
            sig->mode    = wf::input_event_processing_mode_t::IGNORE;
        } else
        {
            ignored_ids &= ~id_bit(ev->touch_id);
            /* A client's surface gets the touch from the adapter alone: Wayfire's own seat
             * call would add a second touch point, and a drag started from the touch would
             * then fail wlroots' serial check (one point). Wayfire's gestures still see it;
             * what is not a client's (a plugin's grab node) stays Wayfire's. */
            if (surface_at(nullptr, p.x, p.y, &sx, &sy))
            {
                sig->mode = wf::input_event_processing_mode_t::NO_CLIENT;
            }
        }

        bezel_wlr_touch_down(bezel, ev->touch_id, p.x, p.y, ev->time_msec);
    };

    wf::signal::connection_t<wf::input_event_signal<wlr_touch_motion_event>> on_touch_motion =
        [this] (wf::input_event_signal<wlr_touch_motion_event> *sig)
    {
        auto *ev = sig->event;
        if (ignored_ids & id_bit(ev->touch_id))
        {
            sig->mode = wf::input_event_processing_mode_t::IGNORE;
        }

        auto p = bezel_wayfire_to_layout(&ev->touch->base, ev->x, ev->y);
        bezel_wlr_touch_motion(bezel, ev->touch_id, p.x, p.y, ev->time_msec);
    };

    wf::signal::connection_t<wf::input_event_signal<wlr_touch_up_event>> on_touch_up =
        [this] (wf::input_event_signal<wlr_touch_up_event> *sig)
    {
        if (ignored_ids & id_bit(sig->event->touch_id))
        {
            sig->mode = wf::input_event_processing_mode_t::IGNORE;
        }
    };

    /*
     * The lift goes to the adapter after Wayfire's own handling: Wayfire's seat call for it
     * then meets the adapter's grab while the adapter still tracks the touch, and is not
     * passed on as a second wl_touch.up.
     */
    wf::signal::connection_t<wf::post_input_event_signal<wlr_touch_up_event>> on_touch_up_done =
        [this] (wf::post_input_event_signal<wlr_touch_up_event> *sig)
    {
        auto *ev = sig->event;
        ignored_ids &= ~id_bit(ev->touch_id);
        bezel_wlr_touch_up(bezel, ev->touch_id, ev->time_msec);
    };

    static void handle_touch_cancel(wl_listener *listener, void *data)
    {
        bezel_wayfire_t *self = wl_container_of(listener, self, on_touch_cancel);
        auto *ev = static_cast<wlr_touch_cancel_event*>(data);
        bezel_wlr_touch_cancel(self->bezel, ev->time_msec);
    }

    void connect_input()
    {
        auto& core = wf::get_core();
        core.connect(&on_touch_down);
        core.connect(&on_touch_motion);
        core.connect(&on_touch_up);
        core.connect(&on_touch_up_done);

        on_touch_frame.set_callback([this] (void*)
        {
            bezel_wlr_touch_frame(bezel);
        });
        on_touch_frame.connect(&core.get_wlr_cursor()->events.touch_frame);

        /* First in the list, ahead of Wayfire's, which turns a cancel into a lift: the
         * adapter cancels its touches, and the lifts that follow find none. */
        on_touch_cancel.notify = &bezel_wayfire_t::handle_touch_cancel;
        wl_list_insert(&core.get_wlr_cursor()->events.touch_cancel.listener_list,
            &on_touch_cancel.link);
        cancel_connected = true;
    }

    /* ------------------------------------------------------------ the adapter's questions */

    /*
     * The surface Wayfire itself would give this touch: the scene graph's lookup (views in
     * stacking order, input regions, layers, grabs' nodes) and its surface-local point.
     * Wayfire's own compositor views (panels) have no wlr_surface and belong to no client.
     */
    static wlr_surface *surface_at(void*, double lx, double ly, double *sx, double *sy)
    {
        auto hit = wf::get_core().scene()->find_node_at({lx, ly});
        auto *node = hit ? dynamic_cast<wf::scene::wlr_surface_node_t*>(hit->node.get()) : nullptr;
        if (!node || !node->get_surface())
        {
            return nullptr;
        }

        *sx = hit->local_coords.x;
        *sy = hit->local_coords.y;
        return node->get_surface();
    }

    /*
     * Where a view's main surface is shown (other surfaces are made known at a touch). Wayfire
     * 0.9 maps a view in a transaction after the commit that gives it a buffer, so a view not
     * yet mapped is placed where its scene node already is (a touch places it again).
     */
    static bool surface_position(void*, wlr_surface *surface, double *lx, double *ly)
    {
        /* Wayfire 0.9 finds a view from its role object (xdg, layer shell), so `surface` is
         * the view's main surface; get_wlr_surface() is null until the view is mapped. */
        wayfire_view view = wf::wl_surface_to_wayfire_view(surface->resource);
        if (!view)
        {
            return false;
        }

        auto origin = node_origin(view->get_surface_root_node().get());
        *lx = origin.x;
        *ly = origin.y;
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

DECLARE_WAYFIRE_PLUGIN(bezel_wayfire_t);
