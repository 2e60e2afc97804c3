import BezelCore
import CBezel
import CWaylandServer

/// A `set_deferred_region` waiting for its commit, already copied out of the wl_region.
enum DeferredRegionRequest {
    /// `null`: the whole surface.
    case wholeSurface
    /// The union of these surface-local rectangles.
    case rects([Rect])
}

/// Deferral regions (protocol version 3, docs/design.md §5): the request, read through the
/// host's reader, and its commit.
extension Plugin {
    /// `set_deferred_region`: the wl_region is read now (the client may destroy it at once)
    /// and applied at the next commit.
    func setDeferredRegion(gesture: OpaquePointer, region: OpaquePointer?) -> RequestResult {
        guard let surface = surfaceByGesture[gesture], let r = surfaces[surface] else { return .ok }
        guard let region else {
            r.pendingRegion = .wholeSurface
            return .ok
        }
        guard let rects = readRegion(region) else {
            r.pendingRegion = .wholeSurface
            return .ok
        }
        r.pendingRegion = .rects(rects)
        return .ok
    }

    /// The rectangles of a wl_region, through the host's reader; `nil` (taken as null, with a
    /// log line) when the host has no reader or the reader refuses the resource.
    func readRegion(_ region: OpaquePointer) -> [Rect]? {
        guard let reader = regionReader else {
            if !warnedNoRegionReader {
                warnedNoRegionReader = true
                log(.warning, "set_deferred_region: the host registered no wl_region reader (bezel_plugin_set_region_reader); regions are taken as null, the whole surface")
            }
            return nil
        }
        let limit = DeferredRegion.maxRects
        var buffer = [bezel_rect](repeating: bezel_rect(), count: 64)
        var total = buffer.withUnsafeMutableBufferPointer { reader(regionReaderData, region, $0.baseAddress, $0.count) }
        if total > Int32(buffer.count) {
            buffer = [bezel_rect](repeating: bezel_rect(), count: min(Int(total), limit))
            total = buffer.withUnsafeMutableBufferPointer { reader(regionReaderData, region, $0.baseAddress, $0.count) }
        }
        guard total >= 0 else {
            log(.warning, "set_deferred_region: the host could not read wl_region@\(wl_resource_get_id(region)); taken as null, the whole surface")
            return nil
        }
        if Int(total) > limit { log(.warning, "set_deferred_region: \(total) rectangles, only the first \(limit) kept") }
        let n = min(Int(total), buffer.count)
        return buffer[0..<n].map {
            Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
        }
    }

    /// Applies a pending region at the surface's commit (`node` is nil while the router does
    /// not have the surface yet: `replay` sends it later).
    func commitRegion(_ request: DeferredRegionRequest, of r: SurfaceRecord, node: NodeTree.NodeID?, time: Milliseconds) {
        r.pendingRegion = nil
        switch request {
        case .wholeSurface: r.committedRegion = nil
        case .rects(let rects): r.committedRegion = rects
        }
        r.committedObject = true
        if let node { router.commitDeferredRegion(r.committedRegion, surface: node, time: time) }
    }
}
