/// Deferral regions (protocol version 3, docs/design.md §5).
extension SystemGestureRouter {
    /// Applies a committed `set_deferred_region`: the union of `rects` (surface-local px), or
    /// `nil` for the whole surface. The host or library copies the region when the request is
    /// made and calls this at the surface's commit. From the next touch-down on, the surface's
    /// deferred edges apply only inside it (R3); outside it the edges behave as not deferred.
    public func commitDeferredRegion<C: Collection>(_ rects: C?, surface: NodeTree.NodeID, time: Milliseconds)
    where C.Element == Rect {
        core.commitDeferredRegion(rects.map { $0 as? [Rect] ?? Array($0) }, surface: surface, time: time)
    }

    /// `commitDeferredRegion` for an array, without generic iteration (the Wayland path).
    public func commitDeferredRegion(_ rects: [Rect]?, surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitDeferredRegion(rects, surface: surface, time: time)
    }

    /// `commitDeferredRegion` for whole-pixel rectangles as a host's wl_region reader gives them
    /// (the Wayland path): they are read where they lie, and the surface's region is refilled in
    /// the storage it had, so a region committed at every frame costs one pass and no allocation.
    public func commitDeferredRegion(pixels: UnsafeBufferPointer<DeferredRegion.PixelRect>?,
                                     surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitDeferredRegion(pixels: pixels, surface: surface, time: time)
    }

    /// `commitDeferredRegion` for whole-pixel rectangles the caller keeps as its committed copy
    /// (the Wayland path): the region shares their storage rather than copying it, so a region
    /// that changes at every commit costs no copy here (a rectangle with no area, or more than
    /// `DeferredRegion.maxRects`, makes it a filtered copy as the other forms do).
    public func commitDeferredRegion(pixelRects: ContiguousArray<DeferredRegion.PixelRect>?,
                                     surface: NodeTree.NodeID, time: Milliseconds) {
        core.commitDeferredRegion(pixelRects: pixelRects, surface: surface, time: time)
    }

    /// The committed deferred region of `surface`, or `nil` for the whole surface.
    public func deferredRegion(surface: NodeTree.NodeID) -> DeferredRegion? {
        core.deferredRegion(surface: surface)
    }
}
