/// Routes every touch either to the client under the finger or to a system edge gesture
/// (DESIGN §4). API skeleton; the implementation follows.
public final class SystemGestureRouter {
    /// Decisions made since the last `drain`, in emission order.
    public private(set) var pending: ContiguousArray<RouterOutput> = []
    /// The surface tree used for hit-testing.
    public private(set) var tree: NodeTree
    /// The active configuration.
    public private(set) var config: SystemGestureConfig
    /// The output the touches arrive on.
    public private(set) var output: OutputGeometry
    /// Where log lines go.
    public var logger: Logger

    /// Creates a router for one output.
    public init(output: OutputGeometry, config: SystemGestureConfig = SystemGestureConfig(), logger: Logger = .silent) {
        self.output = output; self.config = config; self.logger = logger
        self.tree = NodeTree(bounds: output.bounds)
    }

    /// Hands every pending decision to `body` in order and empties the queue (keeping its storage).
    public func drain(_ body: (RouterOutput) -> Void) {
        for o in pending { body(o) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Adds a surface of `client` on top of its siblings. `parent == nil` makes it top-level.
    public func addSurface(client: ClientID, rect: Rect, parent: NodeTree.NodeID? = nil) -> NodeTree.NodeID? { nil }
    /// Moves or resizes a surface.
    public func setSurfaceRect(_ rect: Rect, surface: NodeTree.NodeID) {}
    /// Removes a surface and its subsurfaces (R8 for touches on them).
    public func removeSurface(_ surface: NodeTree.NodeID, time: Milliseconds) {}
    /// Applies a committed `set_deferred_edges`. Creates the surface's gesture object if it has none.
    public func commitDeferredEdges(_ edges: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {}
    /// The client destroyed the surface's gesture object; its deferral is cleared.
    public func destroyGestureObject(surface: NodeTree.NodeID, time: Milliseconds) {}
    /// Host policy: the edges this surface may defer (R6). Defaults to all.
    public func setPolicyMask(_ mask: EdgeSet, surface: NodeTree.NodeID, time: Milliseconds) {}
    /// The edges currently honoured for `surface`.
    public func honoredEdges(surface: NodeTree.NodeID) -> EdgeSet { [] }
    /// Lock or unlock the compositor (R6).
    public func setLocked(_ locked: Bool, time: Milliseconds) {}
    /// A finger touched down at `position` (output logical px).
    public func touchDown(id: Int32, at position: Point, time: Milliseconds) {}
    /// A finger moved.
    public func touchMotion(id: Int32, at position: Point, time: Milliseconds) {}
    /// A finger lifted.
    public func touchUp(id: Int32, time: Milliseconds) {}
    /// The end of one input frame: every client that got events gets one `clientFrame`.
    public func frame(time: Milliseconds) {}
    /// The device cancelled every touch (R8).
    public func cancelAll(time: Milliseconds) {}
    /// A client started a drag-and-drop session with touch `id` (R7).
    public func dragStart(touch id: Int32, time: Milliseconds) {}
    /// The drag-and-drop session ended (dropped or cancelled).
    public func dragEnd(time: Milliseconds) {}
    /// Fires every timer due at or before `time`.
    public func advance(to time: Milliseconds) {}
    /// The earliest pending timer, or `.never`. Hosts arm their event-loop timer for it.
    public var nextDeadline: Milliseconds { .never }
}
