/// Several outputs, input regions, visibility, stacking and host hit-testing (docs/design.md §6).
extension SystemGestureRouter {
    // MARK: Outputs

    /// The ids of the outputs the router knows, in the order they were added. A new router
    /// has output 0 at the layout origin.
    public var outputIDs: [OutputID] { core.outputIDs }

    /// Where output `id` sits in the layout (px) and its geometry, or `nil` if unknown.
    public func placement(of id: OutputID) -> (origin: Point, geometry: OutputGeometry)? {
        core.outputPlacement(id)
    }

    /// Adds output `id` with its top-left corner at layout position `origin`. Its edges get
    /// their own zones, millimetre scale and armed state.
    /// - Returns: `false` (logged) if the id is known, the origin is not finite, or the layout
    ///   is full.
    @discardableResult
    public func addOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry) -> Bool {
        core.addOutput(id, origin: origin, geometry: geometry)
    }

    /// Moves or resizes output `id`. Touches on it keep their candidates.
    /// - Returns: `false` (logged) if the output is unknown.
    @discardableResult
    public func updateOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry) -> Bool {
        core.updateOutput(id, origin: origin, geometry: geometry)
    }

    /// Removes output `id` and cancels what its touches carried (R8): running gestures report
    /// `systemCancelled`, candidates fail `cancelled`, held events are dropped, clients with
    /// touches from it get `clientCancel`, and its shown affordances are hidden. Later events
    /// for those touch ids are dropped as unknown touches.
    /// - Returns: `false` (logged) if the output is unknown.
    @discardableResult
    public func removeOutput(_ id: OutputID, time: Milliseconds) -> Bool {
        core.removeOutput(id, time: time)
    }

    /// Whether touch `id` is down (on any output): its down was taken and it has not ended.
    public func isTouchDown(_ id: Int32) -> Bool { core.isTouchDown(id) }

    /// `position`, local to output `id`, in layout coordinates; `nil` for an unknown output.
    /// For hosts and scenarios that give output-local downs.
    public func layoutPosition(_ position: Point, onOutput id: OutputID) -> Point? {
        guard let origin = placement(of: id)?.origin else { return nil }
        return Point(x: origin.x + position.x, y: origin.y + position.y)
    }

    /// `position`, local to the output touch `id` went down on, in layout coordinates (the
    /// output's position now); unchanged if the touch is not down. For output-local motions.
    public func layoutPosition(_ position: Point, ofTouch id: Int32) -> Point {
        guard let i = core.slotIndex(of: id) else { return position }
        let origin = core.slots[i].outputOrigin
        return Point(x: origin.x + position.x, y: origin.y + position.y)
    }

    /// Layout `position` made local to the output touch `id` went down on; unchanged if the
    /// touch is not down. The inverse of `layoutPosition(_:ofTouch:)`.
    public func outputLocalPosition(_ position: Point, ofTouch id: Int32) -> Point {
        guard let i = core.slotIndex(of: id) else { return position }
        return core.slots[i].outputLocal(position)
    }

    /// A finger touched down on `output` at layout `position`. Edge zones and millimetres are
    /// that output's, from `position` less its origin; `target` says how the surface under it
    /// is found (hit-testing happens at `position`).
    @discardableResult
    public func touchDown(id: Int32, at position: Point, output: OutputID, target: TouchTarget = .hitTest,
                          time: Milliseconds) -> TouchInputResult {
        core.touchDown(id: id, at: position, output: output, target: target, time: time)
    }

    // MARK: Surfaces

    /// Replaces the input region of `surface` with the union of `rects` (surface-local px).
    /// An empty collection: the surface takes no input. Touches already down are unaffected.
    public func setInputRegion<C: Collection>(_ rects: C, surface: NodeTree.NodeID) where C.Element == Rect {
        core.tree.setInputRegion(rects, of: surface)
    }

    /// The surface takes input on its whole rectangle again.
    public func resetInputRegion(surface: NodeTree.NodeID) { core.tree.resetInputRegion(of: surface) }

    /// A hidden surface, and its subsurfaces, are never hit. Touches already down are unaffected.
    public func setHidden(_ hidden: Bool, surface: NodeTree.NodeID) { core.tree.setHidden(hidden, surface) }

    /// Restacks `surface` directly above `sibling` (`nil`: to the bottom) among its parent's
    /// children.
    public func place(_ surface: NodeTree.NodeID, above sibling: NodeTree.NodeID?) throws(NodeTree.RestackError) {
        try core.tree.place(surface, above: sibling)
    }
}
