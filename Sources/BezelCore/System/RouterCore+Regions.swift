/// Deferral regions (docs/design.md §5 version 3, R3): where on its surface a deferral applies,
/// and the host's optional cap per edge (`deferred_cap_mm`).
extension RouterCore {
    /// Applies a committed `set_deferred_region`: `rects` (surface-local px, their union), or
    /// `nil` for the whole surface. `honored_edges` is unchanged by a region, so nothing is
    /// emitted. Touches already down keep the decision made at their down (§4.3).
    mutating func commitDeferredRegion(_ rects: [Rect]?, surface: NodeTree.NodeID, time: Milliseconds) {
        guard let rects else { return applyDeferredRegion(count: nil, surface: surface, time: time) { _, _ in } }
        rects.withUnsafeBufferPointer { source in
            applyDeferredRegion(count: source.count, surface: surface, time: time) { $0.refill(from: source, extents: $1) }
        }
    }

    /// `commitDeferredRegion` for whole-pixel rectangles as the host's wl_region reader gives
    /// them (the Wayland path): read where they lie, with no copy of them beforehand.
    mutating func commitDeferredRegion(pixels: UnsafeBufferPointer<DeferredRegion.PixelRect>?,
                                       surface: NodeTree.NodeID, time: Milliseconds) {
        guard let pixels else { return applyDeferredRegion(count: nil, surface: surface, time: time) { _, _ in } }
        applyDeferredRegion(count: pixels.count, surface: surface, time: time) { $0.refill(from: pixels, extents: $1) }
    }

    /// `commitDeferredRegion` for whole-pixel rectangles the caller keeps as its committed copy:
    /// the region shares their storage when it can (`DeferredRegion.refill(adopting:)`).
    mutating func commitDeferredRegion(pixelRects: ContiguousArray<DeferredRegion.PixelRect>?,
                                       surface: NodeTree.NodeID, time: Milliseconds) {
        guard let pixelRects else { return applyDeferredRegion(count: nil, surface: surface, time: time) { _, _ in } }
        applyDeferredRegion(count: pixelRects.count, surface: surface, time: time) { $0.refill(adopting: pixelRects, extents: $1) }
    }

    /// Sets the region of `surface` to what `fill` writes (given the region and whether to build
    /// its extents: only while an edge has a `deferred_cap_mm`, the one reader of them), or resets
    /// it to the whole surface when `count` is `nil`.
    private mutating func applyDeferredRegion(count: Int?, surface: NodeTree.NodeID, time: Milliseconds,
                                              _ fill: (inout DeferredRegion, Bool) -> Void) {
        beginInstant(time)
        guard acceptsDeferral(surface, request: "deferred region") else { return }
        guard let count else {
            deferredRegions.remove(surface)
            return
        }
        if count > DeferredRegion.maxRects {
            logger.log(.warning, "deferred region of \(surface): \(count) rectangles, only the first \(DeferredRegion.maxRects) kept")
        }
        let extents = config.hasDeferredCap
        deferredRegions.refill(surface) { fill(&$0, extents) }
    }

    /// The committed region of `surface`, or `nil` for the whole surface.
    func deferredRegion(surface: NodeTree.NodeID) -> DeferredRegion? { deferredRegions[surface] }

    /// R3 at a down: of the edges `decider` honours, those that apply to a touch-down at
    /// layout `position` on output index `o`. Outside the decider's region no edge is
    /// deferred; an edge with a `deferred_cap_mm` is deferred only over the first cap
    /// millimetres of the region's extent along it, counted from the edge's start.
    func deferredEdgesAtDown(_ decider: NodeTree.NodeID, output o: Int, at position: Point) -> EdgeSet {
        let honored = honoredEdges(surface: decider)
        guard !honored.isEmpty, !deferredRegions.isEmpty || config.hasDeferredCap else { return honored }
        let surfaceRect = tree.rect(of: decider)
        let local = Point(x: position.x - surfaceRect.x, y: position.y - surfaceRect.y)
        let region = deferredRegions[decider]
        if let region, !region.contains(local) {
            logger.log(.debug, "down at \(local.x),\(local.y) on \(decider): outside its deferred region")
            return []
        }
        var result = honored
        let geometry = outputs[o].geometry
        for e in 0..<4 {
            let edge = Edge.at(index: e)
            let cap = config.thresholds[e].deferredCap_mm
            guard honored.contains(edge), cap.isFinite else { continue }
            let alongSides = edge == .left || edge == .right
            let p = alongSides ? local.y : local.x
            let before_px: Double
            if let region {
                before_px = region.extent(along: edge, before: p)
            } else {
                // The whole surface: its extent starts at its own start.
                before_px = min(max(p, 0), alongSides ? surfaceRect.height : surfaceRect.width)
            }
            let before_mm = before_px * (alongSides ? geometry.mmPerPxY : geometry.mmPerPxX)
            if !(before_mm < cap) {
                logger.log(.debug, "down on \(decider): past the \(edge) edge's deferred cap (\(cap) mm)")
                result.remove(EdgeSet(edge))
            }
        }
        return result
    }
}

extension SystemGestureConfig {
    /// `true` if any edge has a `deferred_cap_mm` (the regions' extents are built only then).
    var hasDeferredCap: Bool {
        for t in thresholds where t.deferredCap_mm.isFinite { return true }
        return false
    }
}
