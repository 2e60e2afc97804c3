/*
 * bezel-kwin: what libbezel decides, shown to the shell: log lines (category bezel.kwin) and
 * D-Bus signals on org.kde.bezel (the session bus).
 */
#pragma once

#include <QLoggingCategory>

#include <bezel.h>

#include <cstdint>

Q_DECLARE_LOGGING_CATEGORY(BEZEL_KWIN)

namespace shell
{
// Takes the org.kde.bezel name on the session bus.
void registerService();
// libbezel's `gesture_event`: a D-Bus signal and a log line.
void gestureEvent(const bezel_gesture_event *event);
// libbezel's `affordance`: a D-Bus signal and a log line.
void affordance(uint32_t output, uint32_t edge, bool shown);
// libbezel's `log`, at the matching Qt level.
void log(int level, const char *message);
} // namespace shell
