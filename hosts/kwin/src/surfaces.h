/*
 * bezel-kwin: KWin's windows and surfaces as libbezel's surface tree. Windows are top-level
 * surfaces with their buffer rectangle and full-screen fact, added as soon as KWin has them;
 * subsurfaces are added when a finger first lands on them; every commit is passed on (the
 * double-buffered deferral requests); deferral regions are read from KWin's wl_region objects.
 */
#pragma once

#include <QObject>
#include <QPointF>

#include <bezel.h>

#include "kwaylandserver.h"

struct wl_resource;
namespace KWin
{
class Window;
}

class SurfaceMirror : public QObject
{
public:
    // Registers the wl_region reader with `bezel`.
    explicit SurfaceMirror(bezel_plugin *bezel);

    // Follows KWin's windows and every surface's commits from now on.
    void watch();

    // The surface a touch goes to, made known to libbezel with its parents; *origin receives
    // its layout position. nullptr for a surface KWin lists no window for (a popup kept
    // elsewhere).
    wl_resource *mirror(KWaylandServer::SurfaceInterface *surface, QPointF *origin);

private:
    void watchWindow(KWin::Window *window);
    void addWindow(KWin::Window *window);
    void watchSurface(KWaylandServer::SurfaceInterface *surface);

    bezel_plugin *m_bezel;
};
