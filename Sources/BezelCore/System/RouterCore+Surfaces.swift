/// The surface tree the router hit-tests: adding, moving and removing surfaces. A removed
/// surface takes its held events and its clients' touches with it (§4.3 Surface removal).
extension RouterCore {
    /// Adds a surface of `client` on top of its siblings. `parent == nil` makes it top-level.
    /// - Returns: the surface's node, or `nil` if `parent` does not exist.
    mutating func addSurface(client: ClientID, rect: Rect, parent: NodeTree.NodeID? = nil) -> NodeTree.NodeID? {
        tree.add(rect: rect, parent: parent ?? .root, tag: client)
    }

    /// Moves or resizes a surface (output coordinates).
    mutating func setSurfaceRect(_ rect: Rect, surface: NodeTree.NodeID) {
        tree.setRect(rect, of: surface)
        // Touches on it deliver from its new place (§4.3); their slots keep its origin.
        for i in slots.indices where slots[i].active && slots[i].surface == surface {
            slots[i].surfaceOrigin = Point(x: rect.x, y: rect.y)
        }
    }

    /// The client that owns `surface`, or -1.
    func client(of surface: NodeTree.NodeID) -> ClientID { tree.tag(of: surface) }

    /// Removes a surface and its subsurfaces. Held events for them are dropped, and a client
    /// that had received a touch there gets `clientCancel`. Running system gestures continue.
    /// `removed` is called with every node that went, deepest first; it must not call back into
    /// the router.
    ///
    /// Costs the size of the removed subtree plus the touch slots, never the size of the tree.
    mutating func removeSurface(_ surface: NodeTree.NodeID, time: Milliseconds,
                                removed: (NodeTree.NodeID) -> Void = { _ in }) {
        beginInstant(time)
        cancelScratch.removeAll(keepingCapacity: true)
        // The walk mutates `tree`, so the closure may not touch `self`: the deferrals and the
        // regions are moved out for its duration (no copy, the tables stay uniquely referenced).
        var deferrals = self.deferrals, regions = self.deferredRegions
        self.deferrals = [:]
        self.deferredRegions = DeferredRegionTable()
        tree.remove(surface) { node in
            if !deferrals.isEmpty { deferrals[node] = nil }
            regions.remove(node)
            removed(node)
        }
        self.deferrals = deferrals
        self.deferredRegions = regions
        // A touch on a surface that went is no longer in the tree: one look per slot.
        for i in slots.indices where slots[i].active && slots[i].surface != .none
            && !tree.contains(slots[i].surface) {
            if slots[i].route == .held {
                logger.log(.debug, "touch \(slots[i].id): surface removed, \(slots[i].held.count) held events dropped")
                slots[i].held.removeAll(keepingCapacity: true)
                slots[i].route = .swallowed
                slots[i].holdDeadline = .never
            }
            if slots[i].clientActive, !cancelScratch.contains(slots[i].client) {
                cancelScratch.append(slots[i].client)
            }
            slots[i].surface = .none
            slots[i].surfaceOrigin = .zero
        }
        var k = 0
        while k < cancelScratch.count {
            cancelClient(cancelScratch[k])
            k += 1
        }
    }
}
