/*
 * wayfire-settings.hpp: the [bezel] section of Wayfire's configuration handed to the Bezel
 * plugin, the same for every Wayfire generation (src/bezel-wayfire.cpp for 0.7,
 * src/wayfire09/bezel-wayfire.cpp for 0.9).
 *
 * Copyright © 2025 The Bezel authors. MIT licence (see protocol/bezel-system-gestures-v1.xml).
 */
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <wayfire/config/xml.hpp>
#include <wayfire/core.hpp>
#include <wayfire/util/log.hpp>

#include "bezel.h"
#include "bezel-wlroots.h"

/*
 * [bezel]: wf-config keeps every key of the section, the ones metadata/bezel.xml declares
 * (typed, with defaults) and any other one (as a string). The plugin parses them, with the
 * one key list of docs/hosts.md (host settings and gesture settings alike), and names any key
 * it refuses in a warning. A declared key is passed on only when it differs from its
 * default, so the plugin's own defaults stay authoritative; an undeclared key is always
 * passed on (`bind-right=` unbinds). Only `panels` is the Wayfire plugin's to act on: it is
 * stored in *panels_enabled.
 */
inline void bezel_wayfire_configure(bezel_wlr *bezel, bool *panels_enabled)
{
    auto *plugin = bezel_wlr_get_plugin(bezel);
    auto section = wf::get_core().config.get_section("bezel");
    const std::vector<std::shared_ptr<wf::config::option_base_t>> no_options;
    std::vector<std::string> keys, values;
    for (auto& opt : section ? section->get_registered_options() : no_options)
    {
        const std::string v = opt->get_value_str();
        if (!wf::config::xml::get_option_xml_node(opt) || (v != opt->get_default_value_str()))
        {
            keys.push_back(opt->get_name());
            values.push_back(v);
        }
    }

    std::vector<const char*> k, v;
    for (size_t i = 0; i < keys.size(); i++)
    {
        k.push_back(keys[i].c_str());
        v.push_back(values[i].c_str());
    }

    if (bezel_plugin_configure(plugin, k.data(), v.data(), k.size()) != BEZEL_OK)
    {
        LOGE("bezel: some [bezel] settings were refused (see the warnings above)");
    }

    bezel_plugin_get_setting_bool(plugin, "panels", panels_enabled);
}
