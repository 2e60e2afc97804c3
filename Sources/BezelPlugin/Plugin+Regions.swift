import BezelCore
import CBezel
import CWaylandServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `set_deferred_region` waiting for its commit, already copied out of the wl_region.
enum DeferredRegionRequest {
    /// `null`: the whole surface.
    case wholeSurface
    /// The union of the surface-local rectangles in the record's `pendingRects`, as the host's
    /// reader gave them.
    case rects
    /// The same rectangles as the region committed when the request came: nothing to copy.
    case committed
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
        if regionBoxesReader != nil {
            r.pendingRegion = readBoxes(region, of: r)
            return .ok
        }
        let committed = r.committedObject ? r.committedRegion : nil
        // Read straight into the pending buffer (the storage of the region committed before
        // last, traded back by `commitRegion`): a changed region is never copied again here.
        guard let n = readRegion(region, into: &r.pendingRects) else {
            r.pendingRegion = .wholeSurface
            return .ok
        }
        r.pendingBoxes = nil
        r.pendingRects.removeLast(r.pendingRects.count - n)
        if let committed, Self.sameRects(committed, r.pendingRects) {
            r.pendingRegion = .committed
        } else {
            r.pendingRegion = .rects
        }
        return .ok
    }

    /// The rectangles of a wl_region, through the host's reader; `nil` (taken as null, with a
    /// log line) when the host has no reader or the reader refuses the resource. The reader
    /// writes into `buffer`, first given back the room its storage has (at least 64 rectangles,
    /// at most `DeferredRegion.maxRects`), and grown and read again only when the region is
    /// larger; the result is how many of its first rectangles were read.
    func readRegion(_ region: OpaquePointer, into buffer: inout ContiguousArray<DeferredRegion.PixelRect>) -> Int? {
        guard let reader = regionReader else {
            if !warnedNoRegionReader {
                warnedNoRegionReader = true
                log(.warning, "set_deferred_region: the host registered no wl_region reader (bezel_plugin_set_region_reader); regions are taken as null, the whole surface")
            }
            return nil
        }
        let limit = DeferredRegion.maxRects
        let room = min(max(buffer.capacity, 64), limit)
        if buffer.count < room { buffer.append(contentsOf: repeatElement(BoxRects.empty, count: room - buffer.count)) }
        var total = Self.read(reader, regionReaderData, region, into: &buffer)
        if total > Int32(buffer.count), buffer.count < limit {
            buffer.append(contentsOf: repeatElement(BoxRects.empty, count: min(Int(total), limit) - buffer.count))
            total = Self.read(reader, regionReaderData, region, into: &buffer)
        }
        guard total >= 0 else {
            unreadable(region)
            return nil
        }
        if Int(total) > limit { log(.warning, "set_deferred_region: \(total) rectangles, only the first \(limit) kept") }
        return min(Int(total), buffer.count)
    }

    /// Calls a `bezel_region_reader` on the whole of `buffer` (`bezel_rect` has the layout of
    /// `DeferredRegion.PixelRect`).
    private static func read(_ reader: bezel_region_reader, _ data: UnsafeMutableRawPointer?, _ region: OpaquePointer,
                             into buffer: inout ContiguousArray<DeferredRegion.PixelRect>) -> Int32 {
        buffer.withUnsafeMutableBufferPointer { b in
            b.withMemoryRebound(to: bezel_rect.self) { reader(data, region, $0.baseAddress, $0.count) }
        }
    }

    /// Reads a wl_region through the host's boxes reader for `r`'s pending region: `.committed`
    /// when its boxes are those of the committed region (one memcmp, nothing written), `.rects`
    /// when `r.pendingRects` now holds it (and `r.pendingBoxes` its boxes), `.wholeSurface`
    /// when the reader refused it (with a log line).
    func readBoxes(_ region: OpaquePointer, of r: SurfaceRecord) -> DeferredRegionRequest {
        guard let reader = regionBoxesReader else { return .wholeSurface }
        var lent: UnsafePointer<bezel_box>?
        let total = reader(regionReaderData, region, &lent)
        guard total >= 0, total == 0 || lent != nil else {
            unreadable(region)
            return .wholeSurface
        }
        let limit = DeferredRegion.maxRects
        if Int(total) > limit { log(.warning, "set_deferred_region: \(total) rectangles, only the first \(limit) kept") }
        let boxes = UnsafeBufferPointer(start: lent, count: min(Int(total), limit))
        if r.committedObject, r.committedRegion != nil, let committed = r.committedBoxes, BoxRects.same(committed, boxes) {
            return .committed
        }
        var copy = r.pendingBoxes ?? []
        r.pendingBoxes = nil // unique while it is written
        BoxRects.copy(boxes, into: &copy)
        r.pendingBoxes = copy
        BoxRects.convert(boxes, into: &r.pendingRects)
        return .rects
    }

    /// The host's reader refused `region`: logged, and the request taken as null.
    private func unreadable(_ region: OpaquePointer) {
        log(.warning, "set_deferred_region: the host could not read wl_region@\(wl_resource_get_id(region)); taken as null, the whole surface")
    }

    /// Applies a pending region at the surface's commit (`node` is nil while the router does
    /// not have the surface yet: `replay` sends it later). A region equal to the one committed
    /// before changes nothing, so the router is not asked to rebuild it. The pending and the
    /// committed rectangles trade storage: a region that changes at every commit is never copied
    /// here, and allocates nothing once the two buffers have grown to its size.
    func commitRegion(_ request: DeferredRegionRequest, of r: SurfaceRecord, node: NodeTree.NodeID?, time: Milliseconds) {
        r.pendingRegion = nil
        switch request {
        case .committed:
            return
        case .wholeSurface:
            if r.committedObject, r.committedRegion == nil { return }
            r.committedRegion = nil
            r.committedBoxes = nil
        case .rects:
            if r.committedObject, let committed = r.committedRegion, Self.sameRects(committed, r.pendingRects) {
                if r.committedBoxes == nil { swap(&r.committedBoxes, &r.pendingBoxes) }
                return
            }
            let previous = r.committedRegion ?? []
            r.committedRegion = r.pendingRects
            r.pendingRects = previous
            swap(&r.committedBoxes, &r.pendingBoxes)
        }
        r.committedObject = true
        if let node { sendRegion(r.committedRegion, surface: node, time: time) }
    }

    /// Gives the router a committed region (`nil`: the whole surface). The router keeps the
    /// array itself (its storage shared, not copied) while the record keeps it as committed.
    func sendRegion(_ region: ContiguousArray<DeferredRegion.PixelRect>?, surface node: NodeTree.NodeID, time: Milliseconds) {
        router.commitDeferredRegion(pixelRects: region, surface: node, time: time)
    }

    /// `a` holds the rectangles of `b`, byte for byte (one memcmp: no per-rectangle work).
    static func sameRects(_ a: ContiguousArray<DeferredRegion.PixelRect>, _ b: ContiguousArray<DeferredRegion.PixelRect>) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { memcmp(pa.baseAddress!, $0.baseAddress!, a.count * MemoryLayout<DeferredRegion.PixelRect>.stride) == 0 }
        }
    }
}
