/*
 * bezel-test-rig: TEST EQUIPMENT ONLY, a second Wayfire 0.7 or 0.9 plugin loaded by hosts/wayfire/tests/
 * next to the product plugin (`plugins = bezel bezel-test-rig`). Never installed.
 *
 * On the headless backend Wayfire has no input device. The rig adds one touch device (wlroots
 * 0.15: to the headless backend, wlr_headless_add_input_device; wlroots 0.17 dropped that, so
 * with Wayfire 0.9 the rig makes a wlr_touch itself and announces it as the backend's new
 * input), so Wayfire's input manager takes it in like a real touchscreen (attached to its
 * cursor, mapped, seat capability), and feeds it from
 * a touchscreen node read through Bezel's own libinput touch source (bezel.h section 4,
 * bezel_input_source_*): in the tests that node is an umockdev-emulated device replaying a
 * recording, the same recordings the weston and wlroots hosts replay. Its events are emitted
 * as the headless device's own, so they take the path a real device's take through Wayfire.
 *
 *   [bezel-test-rig]
 *   touch-device = /dev/input/event7
 *   touch-device-open = sigusr2     # or start: open the node at once
 *   event-log = FILE                # "libinput down|motion|up" lines (docs/hosts.md)
 *   rotate-to = 90                  # with rotate-after-motions = N: after the N-th touch
 *   rotate-after-motions = 14       # motion, turn the first output (Wayfire's own output
 *                                   # configuration), as a phone turns mid-gesture
 *   unplug-after-motions = N        # a second headless output beside the first (the layout
 *                                   # places it to the right); the first is destroyed after
 *                                   # the N-th touch motion ("rig unplug" line), as a cable
 *                                   # pulled mid-gesture; Wayfire maps the touchscreen onto
 *                                   # one output, the first, then the second
 *
 * The source maps the panel's positions through the output's transform ([output:NAME]
 * transform), so the rig's events are in the frame the user sees, as a real touchscreen's are
 * once mapped (docs/design.md §4.1, §7).
 *
 * A replayed recording keeps its own times: they are shifted once so that they start now.
 *
 * For a long stream, umockdev's replay is far too slow (tens of events a second), so the rig
 * can also read a touch stream of the shared benchmark format (`t_ms down|motion|up id x y`,
 * output pixels) itself, instead of the node: a recording reader, without libinput.
 *   touch-stream = FILE             # replaces touch-device
 *   touch-stream-frames-per-tick = 4
 * Its events are fed from a 1 ms timer, a few frames a tick, so that clients keep up; their
 * times are the stream's (shifted to start now). Log lines: "stream down|up id=N".
 */
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <wayfire/core.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/util/log.hpp>
/* Wayfire 0.8 made plugins global and dropped the per-output singleton wrapper. */
#if __has_include(<wayfire/singleton-plugin.hpp>)
#include <wayfire/singleton-plugin.hpp>
#define RIG_WAYFIRE_PER_OUTPUT_PLUGINS 1
#endif

/* wlroots' C headers, as Wayfire includes them in C++ (it works around their C-only syntax). */
#include <wayfire/nonstd/wlroots-full.hpp>
extern "C" {
#include <wlr/backend/multi.h>
#include <wlr/version.h>
}

/* wlroots 0.17 renamed the touch events (wlr_touch_*_event, naming the wlr_touch) and took the
 * input devices out of the headless backend. */
#if WLR_VERSION_MINOR < 17
using rig_touch_down_t   = wlr_event_touch_down;
using rig_touch_motion_t = wlr_event_touch_motion;
using rig_touch_up_t     = wlr_event_touch_up;
using rig_touch_cancel_t = wlr_event_touch_cancel;
#else
extern "C" {
#include <wlr/interfaces/wlr_touch.h>
}
using rig_touch_down_t   = wlr_touch_down_event;
using rig_touch_motion_t = wlr_touch_motion_event;
using rig_touch_up_t     = wlr_touch_up_event;
using rig_touch_cancel_t = wlr_touch_cancel_event;
static const wlr_touch_impl rig_touch_impl = {.name = "bezel-test-rig-touch"};
#endif

#include "bezel.h"

class bezel_test_rig_t
{
  public:
    bezel_test_rig_t()
    {
        auto& core = wf::get_core();
        node = option("touch-device");
        stream_path = option("touch-stream");
        std::string log_path = option("event-log");
        rotate_to    = transform_value(option("rotate-to"));
        rotate_after = std::atoi(option("rotate-after-motions").c_str());
        unplug_after = std::atoi(option("unplug-after-motions").c_str());
        if (!log_path.empty())
        {
            event_log = fopen(log_path.c_str(), "ae");
        }

        if (node.empty() && stream_path.empty())
        {
            LOGE("bezel-test-rig: no [bezel-test-rig] touch-device or touch-stream");
            return;
        }

        wlr_backend *headless = nullptr;
        if (wlr_backend_is_headless(core.backend))
        {
            headless = core.backend;
        } else if (wlr_backend_is_multi(core.backend))
        {
            wlr_multi_for_each_backend(core.backend, [] (wlr_backend *b, void *data)
            {
                if (wlr_backend_is_headless(b))
                {
                    *static_cast<wlr_backend**>(data) = b;
                }
            }, &headless);
        }

        if (!headless)
        {
            LOGE("bezel-test-rig: needs the headless backend (WLR_BACKENDS=headless)");
            return;
        }

        if (unplug_after > 0)
        {
            auto outputs = core.output_layout->get_outputs();
            touch_output = outputs.empty() ? nullptr : outputs.front()->handle;
            spare = touch_output ? wlr_headless_add_output(headless, width, height) : nullptr;
            if (!spare)
            {
                LOGE("bezel-test-rig: cannot add a second headless output");
            }
        }

#if WLR_VERSION_MINOR < 17
        device = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_TOUCH);
#else
        wlr_touch_init(&touch, &rig_touch_impl, "bezel-test-rig touch");
        device = &touch.base;
        /* With a second output (unplug-after-motions), the touchscreen names the first, as
         * Wayfire 0.7 mapped the headless device onto it: Wayfire 0.9 spreads a device that
         * names none across the whole layout. With one output it names none: Wayfire 0.9 then
         * turns a named output's transform into the device's coordinates, which the source
         * already does. wlr_touch_finish frees the name. */
        if (touch_output)
        {
            touch.output_name = strdup(touch_output->name);
        }

        wl_signal_emit_mutable(&core.backend->events.new_input, device);
#endif
        if (!stream_path.empty())
        {
            if (!device || !read_stream())
            {
                return;
            }

            frames_per_tick = std::max(1, std::atoi(option("touch-stream-frames-per-tick").c_str()));
            if (option("touch-device-open") == "sigusr2")
            {
                sigusr2 = wl_event_loop_add_signal(core.ev_loop, SIGUSR2, on_sigusr2, this);
            } else
            {
                open_device();
            }

            LOGI("bezel-test-rig: headless touch device ", device->name, " for stream ",
                stream_path, " (", stream.size(), " events)");
            return;
        }

        static const bezel_input_listener listener = {
            .down   = rig_down,
            .motion = rig_motion,
            .up     = rig_up,
            .frame  = rig_frame,
            .cancel = rig_cancel,
            .device_added   = rig_device_added,
            .device_removed = rig_device_removed,
            .log = rig_log_line,
        };
        const char *const no_paths[] = {nullptr}; /* the node opens in open_device() */
        int r = bezel_input_source_create(core.ev_loop, nullptr, no_paths, &listener, this,
            &source);
        if ((r != BEZEL_OK) || !device)
        {
            LOGE("bezel-test-rig: cannot set up the touch source: ", bezel_result_string(r));
            return;
        }

        if (option("touch-device-open") == "sigusr2")
        {
            sigusr2 = wl_event_loop_add_signal(core.ev_loop, SIGUSR2, on_sigusr2, this);
        } else
        {
            open_device();
        }

        LOGI("bezel-test-rig: headless touch device ", device->name, " for ", node);
    }

    ~bezel_test_rig_t()
    {
        if (stream_timer)
        {
            wl_event_source_remove(stream_timer);
        }

        if (sigusr2)
        {
            wl_event_source_remove(sigusr2);
        }

        if (source)
        {
            bezel_input_source_destroy(source);
        }

        if (event_log)
        {
            fclose(event_log);
        }

#if WLR_VERSION_MINOR >= 17
        if (device)
        {
            wlr_touch_finish(&touch);
        }
#endif
    }

    bezel_test_rig_t(const bezel_test_rig_t&) = delete;
    bezel_test_rig_t& operator =(const bezel_test_rig_t&) = delete;

  private:
    /* One event of a touch stream (output pixels, stream milliseconds). */
    struct stream_event_t
    {
        double t_ms;
        int kind; /* 0 down, 1 motion, 2 up */
        int32_t id;
        double x, y;
    };

    std::string node;
    std::string stream_path;
    std::vector<stream_event_t> stream;
    size_t stream_next = 0;
    int frames_per_tick = 4;
    wl_event_source *stream_timer = nullptr;
    FILE *event_log = nullptr;
    wlr_input_device *device = nullptr;
#if WLR_VERSION_MINOR >= 17
    wlr_touch touch{};
    uint64_t down_ids = 0; /* touches down (ids 0..63): a cancel names each */
#endif
    bezel_input_source *source = nullptr;
    wl_event_source *sigusr2   = nullptr;
    bool opened = false;
    bool time_offset_set = false;
    int64_t time_offset_ms = 0;
    int width  = 1080;
    int height = 1920;
    int rotate_to    = -1; /* a wl_output transform, or -1: no turn */
    int rotate_after = 0;
    int unplug_after = 0;
    int motions = 0;
    wlr_output *touch_output = nullptr; /* unplug-after-motions: the touchscreen's output */
    wlr_output *spare = nullptr;        /* and the one beside it, until the unplug */

    /* A weston.ini transform name (normal, 90, ..., flipped-270) as its value, or -1. */
    static int transform_value(const std::string& name)
    {
        static const char *const names[] = {"normal", "90", "180", "270", "flipped",
            "flipped-90", "flipped-180", "flipped-270"};
        for (int i = 0; i < 8; i++)
        {
            if (name == names[i])
            {
                return i;
            }
        }

        return -1;
    }

    /* The first output's size as the user sees it and its transform, for the source. */
    void map_output()
    {
        auto outputs = wf::get_core().output_layout->get_outputs();
        if (outputs.empty())
        {
            return;
        }

        wf::output_t *o = outputs.front();
        for (auto *candidate : outputs)
        {
            if (touch_output && (candidate->handle == touch_output))
            {
                o = candidate;
            }
        }

        auto size = o->get_screen_size();
        width  = size.width;
        height = size.height;
        if (source)
        {
            bezel_input_source_set_output(source, width, height, (int32_t)o->handle->transform);
        }
    }

    /* rotate-to: the first output turns after the N-th motion, through Wayfire's own output
     * configuration (which commits it to wlroots, whose layout tells libbezel-wlroots). */
    void count_motion()
    {
        ++motions;
        if (spare && touch_output && (motions == unplug_after))
        {
            unplug();
            return;
        }

        if ((rotate_to < 0) || (motions != rotate_after))
        {
            return;
        }

        auto& layout = wf::get_core().output_layout;
        auto outputs = layout->get_outputs();
        if (outputs.empty())
        {
            return;
        }

        wlr_output *handle = outputs.front()->handle;
        if (event_log)
        {
            fprintf(event_log, "%llu rig rotate %s transform=%d\n", (unsigned long long)now_usec(),
                handle->name, rotate_to);
            fflush(event_log);
        }

        auto config = layout->get_current_configuration();
        config[handle].transform = (wl_output_transform)rotate_to;
        if (!layout->apply_configuration(config))
        {
            LOGE("bezel-test-rig: Wayfire refused transform ", rotate_to, " on ", handle->name);
        }

        map_output();
    }

    /* unplug-after-motions: the touchscreen's output goes; Wayfire moves its views and the
     * touchscreen to the one left. */
    void unplug()
    {
        if (event_log)
        {
            fprintf(event_log, "%llu rig unplug %s\n", (unsigned long long)now_usec(),
                touch_output->name);
            fflush(event_log);
        }

        wlr_output *gone = touch_output;
        touch_output = spare;
        spare = nullptr;
        wlr_output_destroy(gone);
        map_output();
    }

    /* The event's first field: the device (wlroots 0.15) or its wlr_touch (0.17 and later). */
#if WLR_VERSION_MINOR < 17
    wlr_input_device *source_of_events() { return device; }
    wlr_touch *touch_of_device() { return device->touch; }
#else
    wlr_touch *source_of_events() { return &touch; }
    wlr_touch *touch_of_device() { return &touch; }
#endif

    void emit_down(uint32_t ms, int32_t id, double nx, double ny)
    {
        rig_touch_down_t ev{source_of_events(), ms, id, nx, ny};
#if WLR_VERSION_MINOR >= 17
        if ((id >= 0) && (id < 64))
        {
            down_ids |= uint64_t{1} << id;
        }
#endif
        wl_signal_emit(&touch_of_device()->events.down, &ev);
    }

    void emit_motion(uint32_t ms, int32_t id, double nx, double ny)
    {
        rig_touch_motion_t ev{source_of_events(), ms, id, nx, ny};
        wl_signal_emit(&touch_of_device()->events.motion, &ev);
    }

    void emit_up(uint32_t ms, int32_t id)
    {
        rig_touch_up_t ev{source_of_events(), ms, id};
#if WLR_VERSION_MINOR >= 17
        if ((id >= 0) && (id < 64))
        {
            down_ids &= ~(uint64_t{1} << id);
        }
#endif
        wl_signal_emit(&touch_of_device()->events.up, &ev);
    }

    /* libinput cancels every touch of the device; wlroots 0.17 cancels one id at a time. */
    void emit_cancel(uint32_t ms)
    {
#if WLR_VERSION_MINOR < 17
        rig_touch_cancel_t ev{source_of_events(), ms, -1};
        wl_signal_emit(&touch_of_device()->events.cancel, &ev);
#else
        for (int32_t id = 0; id < 64; id++)
        {
            if (down_ids & (uint64_t{1} << id))
            {
                rig_touch_cancel_t ev{source_of_events(), ms, id};
                wl_signal_emit(&touch_of_device()->events.cancel, &ev);
            }
        }

        down_ids = 0;
#endif
    }

    static std::string option(const std::string& key)
    {
        auto opt = wf::get_core().config.get_option("bezel-test-rig/" + key);
        return opt ? opt->get_value_str() : "";
    }

    static uint64_t now_usec()
    {
        timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
    }

    bool read_stream()
    {
        std::ifstream in(stream_path);
        if (!in)
        {
            LOGE("bezel-test-rig: cannot read ", stream_path);
            return false;
        }

        std::string line;
        size_t n = 0;
        while (std::getline(in, line))
        {
            n++;
            if (line.empty() || (line[0] == '#'))
            {
                continue;
            }

            std::istringstream ls(line);
            stream_event_t ev{};
            std::string kind;
            if (!(ls >> ev.t_ms >> kind >> ev.id >> ev.x >> ev.y) ||
                ((kind != "down") && (kind != "motion") && (kind != "up")))
            {
                LOGE("bezel-test-rig: ", stream_path, ":", n, ": expected 't_ms type id x y'");
                return false;
            }

            ev.kind = kind == "down" ? 0 : kind == "motion" ? 1 : 2;
            stream.push_back(ev);
        }

        return true;
    }

    /* Feeds the next few frames (events sharing a time) of the stream. */
    static int stream_tick(void *data)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        for (int f = 0; f < rig->frames_per_tick && rig->stream_next < rig->stream.size(); f++)
        {
            double t = rig->stream[rig->stream_next].t_ms;
            while (rig->stream_next < rig->stream.size() &&
                   rig->stream[rig->stream_next].t_ms == t)
            {
                const auto& ev = rig->stream[rig->stream_next++];
                rig->emit_stream_event(ev);
            }

            wl_signal_emit(&rig->touch_of_device()->events.frame, nullptr);
        }

        if (rig->stream_next < rig->stream.size())
        {
            wl_event_source_timer_update(rig->stream_timer, 1);
        } else
        {
            LOGI("bezel-test-rig: stream done");
        }

        return 0;
    }

    void emit_stream_event(const stream_event_t& ev)
    {
        uint32_t ms = shift((uint32_t)ev.t_ms);
        const char *what = ev.kind == 0 ? "down" : ev.kind == 1 ? "motion" : "up";
        if (event_log && (ev.kind != 1))
        {
            fprintf(event_log, "%llu stream %s id=%d time_us=%llu\n",
                (unsigned long long)now_usec(), what, ev.id, (unsigned long long)ms * 1000u);
            fflush(event_log);
        }

        double nx = ev.x / width, ny = ev.y / height;
        if (ev.kind == 0)
        {
            emit_down(ms, ev.id, nx, ny);
        } else if (ev.kind == 1)
        {
            emit_motion(ms, ev.id, nx, ny);
        } else
        {
            emit_up(ms, ev.id);
        }
    }

    void open_device()
    {
        if (opened)
        {
            return;
        }

        opened = true;
        map_output();

        if (!stream_path.empty())
        {
            stream_timer = wl_event_loop_add_timer(wf::get_core().ev_loop, stream_tick, this);
            if (stream_timer)
            {
                wl_event_source_timer_update(stream_timer, 1);
            }

            return;
        }

        int r = bezel_input_source_add_device(source, node.c_str());
        if (r != BEZEL_OK)
        {
            LOGE("bezel-test-rig: cannot open ", node, ": ", bezel_result_string(r));
            return;
        }

        if (event_log)
        {
            fprintf(event_log, "%llu touch device opened %s\n", (unsigned long long)now_usec(),
                node.c_str());
            fflush(event_log);
        }
    }

    static int on_sigusr2(int, void *data)
    {
        static_cast<bezel_test_rig_t*>(data)->open_device();
        return 0;
    }

    uint32_t shift(uint32_t ms)
    {
        if (!time_offset_set)
        {
            int64_t d = (int64_t)(now_usec() / 1000) - (int64_t)ms;
            time_offset_ms  = (d > 1000 || d < -1000) ? d : 0;
            time_offset_set = true;
        }

        return (uint32_t)((int64_t)ms + time_offset_ms);
    }

    void log(const char *what, int32_t id, uint32_t ms)
    {
        if (event_log)
        {
            fprintf(event_log, "%llu libinput %s id=%d time_us=%llu\n",
                (unsigned long long)now_usec(), what, id, (unsigned long long)ms * 1000u);
            fflush(event_log);
        }
    }

    /* The source gives output pixels; a wlr_touch event carries 0..1 of the device's area. */
    static void rig_down(void *data, int32_t id, double x, double y, uint32_t ms)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        ms = rig->shift(ms);
        rig->log("down", id, ms);
        rig->emit_down(ms, id, x / rig->width, y / rig->height);
    }

    static void rig_motion(void *data, int32_t id, double x, double y, uint32_t ms)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        ms = rig->shift(ms);
        rig->log("motion", id, ms);
        rig->emit_motion(ms, id, x / rig->width, y / rig->height);
        rig->count_motion();
    }

    static void rig_up(void *data, int32_t id, uint32_t ms)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        ms = rig->shift(ms);
        rig->log("up", id, ms);
        rig->emit_up(ms, id);
    }

    static void rig_frame(void *data, uint32_t)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        wl_signal_emit(&rig->touch_of_device()->events.frame, nullptr);
    }

    static void rig_cancel(void *data, uint32_t ms)
    {
        auto *rig = static_cast<bezel_test_rig_t*>(data);
        rig->emit_cancel(rig->shift(ms));
    }

    static void rig_device_added(void*, const char *name, const char *sysname)
    {
        LOGI("bezel-test-rig: touchscreen added: ", name, " (", sysname, ")");
    }

    static void rig_device_removed(void*, const char *name, const char *sysname)
    {
        LOGI("bezel-test-rig: touchscreen removed: ", name, " (", sysname, ")");
    }

    static void rig_log_line(void*, int level, const char *message)
    {
        if (level <= BEZEL_LOG_ERROR)
        {
            LOGE("bezel-test-rig: touch source: ", message);
        } else
        {
            LOGI("bezel-test-rig: touch source: ", message);
        }
    }
};

#ifdef RIG_WAYFIRE_PER_OUTPUT_PLUGINS
class bezel_test_rig_plugin_t : public wf::singleton_plugin_t<bezel_test_rig_t>
{
  public:
    void init() override
    {
        grab_interface->name = "bezel-test-rig";
        grab_interface->capabilities = 0;
        wf::singleton_plugin_t<bezel_test_rig_t>::init();
    }
};
#else
class bezel_test_rig_plugin_t : public wf::plugin_interface_t
{
  public:
    void init() override
    {
        rig = std::make_unique<bezel_test_rig_t>();
    }

    void fini() override
    {
        rig.reset();
    }

  private:
    std::unique_ptr<bezel_test_rig_t> rig;
};
#endif

DECLARE_WAYFIRE_PLUGIN(bezel_test_rig_plugin_t);
