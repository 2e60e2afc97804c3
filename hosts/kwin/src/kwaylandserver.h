/*
 * bezel-kwin: the namespace of KWin's Wayland server classes (SeatInterface, SurfaceInterface,
 * ...), KWaylandServer in KWin 5. KWin 6.0 moved them into namespace KWin; the plugin names them
 * KWaylandServer:: in both generations.
 */
#pragma once

#include <QtGlobal>

#if QT_VERSION_MAJOR >= 6 // KWin 6 is built on Qt 6, KWin 5 on Qt 5
namespace KWin
{
class SurfaceInterface;
}
namespace KWaylandServer = KWin;
#else
namespace KWaylandServer
{
class SurfaceInterface;
}
#endif
