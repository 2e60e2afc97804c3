import BezelCore
import CBezel
import CWaylandServer

// Surfaces (bezel.h): the plugin's copy of the host's surface tree, in layout coordinates,
// and each surface's double-buffered protocol state.

/// `bezel_surface_add`: a surface (or subsurface of `parent`) at a rectangle.
@_cdecl("bezel_surface_add")
public func bezel_c_surface_add(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                _ parent: OpaquePointer?, _ x: Double, _ y: Double,
                                _ width: Double, _ height: Double) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_add: NULL surface")
        return INVALID
    }
    guard plausible(x, y), plausible(width, height), width >= 0, height >= 0 else {
        p.log(.warning, "bezel_surface_add: bad rectangle \(x),\(y) \(width)x\(height)")
        return INVALID
    }
    if let r = p.surfaces[surface], r.node != nil {
        p.log(.warning, "bezel_surface_add: wl_surface@\(wl_resource_get_id(surface)) is already added")
        return EXISTS
    }
    var parentRecord: Plugin.SurfaceRecord?
    if let parent {
        guard let pr = p.surfaces[parent], pr.node != nil else {
            p.log(.warning, "bezel_surface_add: parent wl_surface@\(wl_resource_get_id(parent)) is not added")
            return NOT_FOUND
        }
        parentRecord = pr
    }
    guard let client = wl_resource_get_client(surface),
          let clientID = p.clientID(for: client),
          let r = p.record(for: surface) else { return WAYLAND }
    let rect = Rect(x: x, y: y, width: width, height: height)
    guard let node = p.router.addSurface(client: clientID, rect: rect, parent: parentRecord?.node) else {
        p.dropIfUnused(r)
        return NOT_FOUND
    }
    r.node = node
    p.surfaceByNode[node] = surface
    bzl_evlog_surface_add(p.eventLog, x, y, width, height)
    p.surfaceAdded(r, parent: parentRecord, time: p.now())
    p.deliverDecisions()
    return OK
}

/// `bezel_surface_set_rect`: moves or resizes a surface.
@_cdecl("bezel_surface_set_rect")
public func bezel_c_surface_set_rect(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                     _ x: Double, _ y: Double,
                                     _ width: Double, _ height: Double) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_rect: NULL surface")
        return INVALID
    }
    guard plausible(x, y), plausible(width, height), width >= 0, height >= 0 else {
        p.log(.warning, "bezel_surface_set_rect: bad rectangle \(x),\(y) \(width)x\(height)")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_rect") else { return NOT_FOUND }
    p.router.setSurfaceRect(Rect(x: x, y: y, width: width, height: height), surface: node)
    return OK
}

/// `bezel_surface_remove`: removes a surface and its subsurfaces from hit-testing.
@_cdecl("bezel_surface_remove")
public func bezel_c_surface_remove(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_remove: NULL surface")
        return INVALID
    }
    guard let r = p.surfaces[surface], let node = r.node else {
        p.log(.warning, "bezel_surface_remove: wl_surface@\(wl_resource_get_id(surface)) was not added")
        return NOT_FOUND
    }
    p.surfaceByNode[node] = nil
    p.removeNode(of: r, time: p.now())
    p.dropIfUnused(r)
    p.deliverDecisions()
    return OK
}

/// `bezel_surface_commit`: applies the surface's double-buffered protocol state.
@_cdecl("bezel_surface_commit")
public func bezel_c_surface_commit(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_commit: NULL surface")
        return INVALID
    }
    p.commit(surface: surface, time: p.now())
    return OK
}

// Input regions, visibility, stacking.

/// The most rectangles one input region may have (a region is a handful in practice).
private let maxRegionRects = 4096

/// `bezel_surface_set_input_region`: where a surface takes input (surface-local union).
@_cdecl("bezel_surface_set_input_region")
public func bezel_c_surface_set_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                             _ rects: UnsafePointer<bezel_rect>?, _ count: Int) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_input_region: NULL surface")
        return INVALID
    }
    // size_t arrives as Int: a count above Int.max shows up negative.
    guard count >= 0, count <= maxRegionRects else {
        p.log(.warning, "bezel_surface_set_input_region: \(UInt(bitPattern: count)) rectangles, more than \(maxRegionRects)")
        return LIMIT
    }
    guard count == 0 || rects != nil else {
        p.log(.warning, "bezel_surface_set_input_region: NULL rects with count \(count)")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_input_region") else { return NOT_FOUND }
    let region = UnsafeBufferPointer(start: count > 0 ? rects : nil, count: count).lazy.map {
        Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
    }
    p.router.setInputRegion(region, surface: node)
    return OK
}

/// `bezel_surface_reset_input_region`: the whole surface takes input again.
@_cdecl("bezel_surface_reset_input_region")
public func bezel_c_surface_reset_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_reset_input_region: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_reset_input_region") else { return NOT_FOUND }
    p.router.resetInputRegion(surface: node)
    return OK
}

/// `bezel_surface_set_hidden`: a hidden surface (and its subsurfaces) is never hit.
@_cdecl("bezel_surface_set_hidden")
public func bezel_c_surface_set_hidden(_ handle: OpaquePointer?, _ surface: OpaquePointer?, _ hidden: Bool) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_hidden: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_hidden") else { return NOT_FOUND }
    p.router.setHidden(hidden, surface: node)
    return OK
}

/// `bezel_surface_place_above`: restacks a surface above a sibling (NULL: at the bottom).
@_cdecl("bezel_surface_place_above")
public func bezel_c_surface_place_above(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                        _ sibling: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_place_above: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_place_above") else { return NOT_FOUND }
    var below: NodeTree.NodeID?
    if let sibling {
        guard let s = p.node(of: sibling, "bezel_surface_place_above (sibling)") else { return NOT_FOUND }
        below = s
    }
    do {
        try p.router.place(node, above: below)
    } catch {
        p.log(.warning, "bezel_surface_place_above: wl_surface@\(wl_resource_get_id(surface)) and its sibling do not share a parent (or are the same surface)")
        return INVALID
    }
    return OK
}
