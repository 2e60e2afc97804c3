import BezelCore
import CBezel

// Deferral regions (protocol version 3, bezel.h "DEFERRAL REGIONS"): the host's wl_region
// reader, and what a surface has committed.

/// `bezel_plugin_set_region_reader`: how the plugin reads a wl_region's rectangles.
@_cdecl("bezel_plugin_set_region_reader")
public func bezel_c_plugin_set_region_reader(_ handle: OpaquePointer?, _ reader: bezel_region_reader?,
                                             _ data: UnsafeMutableRawPointer?) -> Int32 {
    registerRegionReader(handle, copying: reader, lending: nil, data)
}

/// `bezel_plugin_set_region_boxes_reader`: a reader that lends the region's pixman boxes.
@_cdecl("bezel_plugin_set_region_boxes_reader")
public func bezel_c_plugin_set_region_boxes_reader(_ handle: OpaquePointer?, _ reader: bezel_region_boxes_reader?,
                                                   _ data: UnsafeMutableRawPointer?) -> Int32 {
    registerRegionReader(handle, copying: nil, lending: reader, data)
}

/// Registers one kind of wl_region reader (or none), removing the other.
private func registerRegionReader(_ handle: OpaquePointer?, copying reader: bezel_region_reader?,
                                  lending boxesReader: bezel_region_boxes_reader?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    p.regionReader = reader
    p.regionBoxesReader = boxesReader
    p.regionReaderData = data
    return OK
}

/// `bezel_surface_get_deferred_region`: the committed region of a surface, for tests.
@_cdecl("bezel_surface_get_deferred_region")
public func bezel_c_surface_get_deferred_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                                _ rects: UnsafeMutablePointer<bezel_rect>?, _ capacity: Int,
                                                _ count: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface, let count, capacity >= 0, rects != nil || capacity == 0 else {
        p.log(.warning, "bezel_surface_get_deferred_region: NULL surface or count, or NULL rects with capacity > 0")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_get_deferred_region") else { return NOT_FOUND }
    guard let region = p.router.deferredRegion(surface: node) else {
        count.pointee = -1
        return OK
    }
    count.pointee = Int32(region.rects.count)
    for (k, r) in region.rects.prefix(capacity).enumerated() {
        rects?[k] = bezel_rect(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
    }
    return OK
}
