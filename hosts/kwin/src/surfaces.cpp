/*
 * bezel-kwin: KWin's windows and surfaces as libbezel's surface tree (surfaces.h).
 */
#include "surfaces.h"
#include "shell.h"

#if QT_VERSION_MAJOR >= 6 // KWin 6.0 dropped the _interface of these headers' names
#include "wayland/compositor.h"
#include "wayland/subcompositor.h"
#include "wayland/surface.h"
#else
#include "wayland/compositor_interface.h"
#include "wayland/subcompositor_interface.h"
#include "wayland/surface_interface.h"
#endif
#include "wayland_server.h"
#include "window.h"
#include "workspace.h"

#include <QCoreApplication>
#include <QRegion>

#include <wayland-server-core.h>

#include <cstring>
#include <typeinfo>

namespace
{
// Adds a surface, or moves it when libbezel knows it already (no warning for the re-add).
void addOrMove(bezel_plugin *b, wl_resource *s, wl_resource *parent, const QRectF &r)
{
    uint32_t edges;
    if (bezel_surface_get_honored_edges(b, s, &edges) == BEZEL_OK) {
        bezel_surface_set_rect(b, s, r.x(), r.y(), r.width(), r.height());
    } else {
        bezel_surface_add(b, s, parent, r.x(), r.y(), r.width(), r.height());
    }
}

// Reads a wl_region's rectangles (protocol version 3 deferral regions). KWin 5.27's
// KWaylandServer::RegionInterface is private (RegionInterface::get and region() are not exported
// from libkwin.so.5), so this reads KWin 5.27.5's layout, which the plugin's IID pins:
// - the resource's user data is the qtwaylandscanner Resource {vptr; wl_region *object;
//   wl_resource *handle}, as RegionInterface::region_destroy reads handle at +16;
// - the object is a RegionInterface (checked by its RTTI name) whose QRegion m_region is at
//   +0x50 (what RegionInterface::region_add/region_subtract in Debian's libkwin.so.5.27.5 add
//   to and subtract from).
// KWin 6.3.6 (libkwin.so.6.3.6, the class now KWin::RegionInterface) has the same layout: its
// region_destroy reads the handle at +16, region_add/region_subtract use the QRegion at +0x50.
// That layout is only trusted in the KWin it was read from: the running KWin's version is checked
// once (regionLayoutKnown) and any other version reads every region as null, with one warning,
// rather than reading memory of unknown shape. Anything else gives -1 too (the request is then
// taken as null).
bool regionLayoutKnown = false;
#if QT_VERSION_MAJOR >= 6 // KWin 6.0 moved RegionInterface into namespace KWin
constexpr const char *regionClass = "N4KWin15RegionInterfaceE";
constexpr const char *regionLayoutVersion = "6.3.6";
#else
constexpr const char *regionClass = "N14KWaylandServer15RegionInterfaceE";
constexpr const char *regionLayoutVersion = "5.27.5";
#endif

// KWin's windows (KWin 6.0 renamed Workspace::allClientList to windows).
QList<KWin::Window *> windows()
{
#if QT_VERSION_MAJOR >= 6
    return KWin::workspace()->windows();
#else
    return KWin::workspace()->allClientList();
#endif
}

int readRegion(void *, wl_resource *res, bezel_rect *rects, size_t capacity)
{
    if (!regionLayoutKnown) {
        return -1;
    }
    struct Resource {
        void *vptr;
        void *object;
        wl_resource *handle;
    };
    constexpr size_t regionOffset = 0x50;
    const char *cls = res ? wl_resource_get_class(res) : nullptr;
    if (!cls || std::strcmp(cls, "wl_region") != 0) {
        return -1;
    }
    const auto *r = static_cast<const Resource *>(wl_resource_get_user_data(res));
    if (!r || r->handle != res || !r->object) {
        return -1;
    }
    const auto *const *vtable = *static_cast<const std::type_info *const *const *>(r->object);
    if (!vtable || !vtable[-1] || std::strcmp(vtable[-1]->name(), regionClass) != 0) {
        return -1;
    }
    const QRegion &region = *reinterpret_cast<const QRegion *>(static_cast<const char *>(r->object) + regionOffset);
    size_t n = 0;
    for (const QRect &q : region) {
        if (n < capacity) {
            rects[n] = bezel_rect{q.x(), q.y(), q.width(), q.height()};
        }
        n++;
    }
    return int(n);
}
} // namespace

SurfaceMirror::SurfaceMirror(bezel_plugin *bezel)
    : m_bezel(bezel)
{
    // The offsets above were read from this KWin version (the version the plugin's IID names).
    regionLayoutKnown = QCoreApplication::applicationVersion() == QLatin1String(regionLayoutVersion);
    if (!regionLayoutKnown) {
        qCWarning(BEZEL_KWIN, "bezel: KWin %s is not %s: deferral regions are read as the whole surface",
                  qPrintable(QCoreApplication::applicationVersion()), regionLayoutVersion);
    }
    bezel_plugin_set_region_reader(m_bezel, readRegion, nullptr);
}

void SurfaceMirror::watch()
{
    KWin::Workspace *ws = KWin::workspace();
    connect(ws, &KWin::Workspace::windowAdded, this, &SurfaceMirror::watchWindow);
    connect(ws, &KWin::Workspace::windowRemoved, this, [this](KWin::Window *w) {
        if (w->surface()) {
            bezel_surface_remove(m_bezel, w->surface()->resource());
        }
    });
    for (KWin::Window *w : windows()) {
        watchWindow(w);
    }
    // Every commit of every surface: the double-buffered set_deferred_edges request.
    connect(KWin::waylandServer()->compositor(), &KWaylandServer::CompositorInterface::surfaceCreated,
            this, &SurfaceMirror::watchSurface);
}

// A window is mirrored as a top-level surface with its buffer rectangle and full-screen fact,
// as soon as KWin has it: a client hears honored_edges only once that fact is known.
void SurfaceMirror::watchWindow(KWin::Window *window)
{
    if (!window->surface()) {
        return; // KWin's internal windows have no client surface
    }
    addWindow(window);
    connect(window, &KWin::Window::fullScreenChanged, this, [this, window] {
        if (window->surface()) {
            bezel_surface_set_fullscreen(m_bezel, window->surface()->resource(), window->isFullScreen());
        }
    });
    connect(window, &KWin::Window::bufferGeometryChanged, this, [this, window] {
        if (window->surface()) {
            const QRectF g = window->bufferGeometry();
            bezel_surface_set_rect(m_bezel, window->surface()->resource(), g.x(), g.y(), g.width(), g.height());
        }
    });
}

void SurfaceMirror::addWindow(KWin::Window *window)
{
    wl_resource *res = window->surface()->resource();
    addOrMove(m_bezel, res, nullptr, window->bufferGeometry());
    bezel_surface_set_fullscreen(m_bezel, res, window->isFullScreen());
}

void SurfaceMirror::watchSurface(KWaylandServer::SurfaceInterface *surface)
{
    connect(surface, &KWaylandServer::SurfaceInterface::committed, this, [this, surface] {
        bezel_surface_commit(m_bezel, surface->resource());
    });
}

// The surface a touch goes to, made known to libbezel with its parents (subsurfaces are added
// when a finger first lands on them); *origin receives its layout position.
wl_resource *SurfaceMirror::mirror(KWaylandServer::SurfaceInterface *surface, QPointF *origin)
{
    KWaylandServer::SubSurfaceInterface *sub = surface->subSurface();
    if (!sub || !sub->parentSurface()) {
        for (KWin::Window *w : windows()) {
            if (w->surface() == surface) {
                addWindow(w);
                *origin = w->bufferGeometry().topLeft();
                return surface->resource();
            }
        }
        *origin = QPointF();
        return nullptr; // not a window KWin lists (e.g. a popup KWin keeps elsewhere)
    }
    QPointF parentOrigin;
    wl_resource *parent = mirror(sub->parentSurface(), &parentOrigin);
    if (!parent) {
        *origin = QPointF();
        return nullptr;
    }
    *origin = parentOrigin + sub->position();
    addOrMove(m_bezel, surface->resource(), parent, QRectF(*origin, surface->size()));
    return surface->resource();
}
