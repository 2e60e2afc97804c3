/// Deferral (R3): the edges each surface asks to keep, what is honoured of them, and the lookup
/// that finds the surface deciding for a touch.
extension RouterCore {
    /// Applies a committed `set_deferred_edges`, creating the surface's gesture object if it
    /// has none. `honoredEdges` is emitted when the honoured set changes (or on creation).
    mutating func commitDeferredEdges(_ edges: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard acceptsDeferral(surface, request: "defer") else { return }
        var requested = edges
        if requested.hasUnknownBits {
            logger.log(.warning, "defer: unknown edge bits 0x\(String(edges.rawValue, radix: 16)) ignored")
            requested = requested.intersection(.all)
        }
        var d = deferrals[surface] ?? SurfaceDeferral()
        d.hasGestureObject = true
        d.awaitsDeferralCommit = false
        d.requested = requested
        deferrals[surface] = d
        sendHonoredIfChanged(surface)
    }

    /// Whether a client's deferral request may apply to `surface`: a surface the router knows,
    /// never the root. A refused request is logged, prefixed with `request`.
    func acceptsDeferral(_ surface: NodeTree.NodeID, request: String) -> Bool {
        guard tree.contains(surface), surface != .root else {
            logger.log(.warning, "\(request): unknown surface \(surface), ignored")
            return false
        }
        return true
    }

    /// The client destroyed the surface's gesture object; the surface defers nothing any more.
    mutating func destroyGestureObject(surface: NodeTree.NodeID, time: Milliseconds) {
        beginInstant(time)
        guard var d = deferrals[surface] else { return }
        d.hasGestureObject = false
        d.requested = []
        d.lastSentHonored = nil
        d.requestedKinds = []
        d.lastSentHonoredKinds = nil
        d.awaitsDeferralCommit = false
        d.back = SurfaceBackHandling()
        deferrals[surface] = d
        deferredRegions.remove(surface)
    }

    /// Whether `surface` has a gesture object.
    func hasGestureObject(surface: NodeTree.NodeID) -> Bool {
        deferrals[surface]?.hasGestureObject ?? false
    }

    /// The edges currently honoured for `surface`.
    func honoredEdges(surface: NodeTree.NodeID) -> EdgeSet {
        deferrals[surface]?.honored(locked: isLocked) ?? []
    }

    mutating func sendHonoredIfChanged(_ surface: NodeTree.NodeID) {
        guard var d = deferrals[surface], d.hasGestureObject else { return }
        let honored = d.honored(locked: isLocked)
        if !d.awaitsDeferralCommit && d.lastSentHonored != honored {
            d.lastSentHonored = honored
            deferrals[surface] = d
            emit(.honoredEdges(surface: surface, edges: honored))
        }
        sendHonoredKindsIfChanged(surface)
    }

    /// R3 lookup: from `surface` up through its parents, the deepest surface with a gesture
    /// object decides. Returns it, or `.none`.
    func deferringSurface(for surface: NodeTree.NodeID) -> NodeTree.NodeID {
        guard !deferrals.isEmpty else { return .none }
        var cursor: NodeTree.NodeID? = surface
        while let c = cursor, c != .root {
            if let d = deferrals[c], d.hasGestureObject { return c }
            cursor = tree.parent(of: c)
        }
        return .none
    }
}
