/// Several outputs (docs/design.md §6 "every output", R8): adding, moving and removing them.
extension RouterCore {
    /// Output 0's geometry, as a single-output host sees it (the first output's if 0 is gone).
    var output: OutputGeometry {
        if let k = outputs.index(of: 0) { return outputs[k].geometry }
        return outputs.entries.first?.geometry
            ?? OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)
    }

    /// Adds output `id` with its top-left corner at layout position `origin`.
    /// - Returns: `false` (with a log line) if the id is known or the layout is full.
    mutating func addOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry, transform: Int32 = 0) -> Bool {
        guard origin.isFinite else {
            logger.log(.warning, "output \(id): non-finite position refused")
            return false
        }
        guard outputs.add(OutputLayout.Entry(id: id, origin: origin, geometry: geometry, transform: transform)) else {
            logger.log(.warning, outputs.index(of: id) != nil
                       ? "output \(id): already known, add refused"
                       : "output \(id): more than \(OutputLayout.maxOutputs) outputs, add refused")
            return false
        }
        tree.setRect(outputs.bounds, of: .root)
        logger.log(.info, "output \(id) added at \(origin.x),\(origin.y): \(geometry.widthPx)x\(geometry.heightPx) px, \(geometry.widthMm)x\(geometry.heightMm) mm")
        return true
    }

    /// Moves or resizes output `id`. Touches on it keep the candidates they started with; their
    /// later (layout) positions are made local to the new origin.
    /// - Returns: `false` if the output is unknown.
    mutating func updateOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry) -> Bool {
        guard let k = outputs.index(of: id) else {
            logger.log(.warning, "output \(id): unknown, update refused")
            return false
        }
        guard origin.isFinite else {
            logger.log(.warning, "output \(id): non-finite position refused")
            return false
        }
        outputs[k].origin = origin
        outputs[k].geometry = geometry
        for i in slots.indices where slots[i].active && slots[i].output == k { slots[i].outputOrigin = origin }
        // The multi-finger gestures convert their touches' motions with the output's place and scale.
        if let mf = multiFinger {
            for i in slots.indices where slots[i].active && slots[i].output == k {
                mf.setPlacement(slot: i, mmPerPx: geometry.mmPerPx, originPx: origin)
            }
        }
        tree.setRect(outputs.bounds, of: .root)
        return true
    }

    /// Removes output `id`. What its touches carried is cancelled as a device cancel does (R8):
    /// running gestures report `systemCancelled`, candidates fail `cancelled`, held events are
    /// dropped and clients with touches from it get `clientCancel`. Its shown affordances are
    /// hidden. Touches on other outputs go on (though a cancelled client loses all of them,
    /// since `wl_touch.cancel` is client-wide).
    /// - Returns: `false` if the output is unknown.
    mutating func removeOutput(_ id: OutputID, time: Milliseconds) -> Bool {
        beginInstant(time)
        guard let k = outputs.index(of: id) else {
            logger.log(.warning, "output \(id): unknown, remove refused")
            return false
        }
        var cancelled = 0
        for i in slots.indices where slots[i].active && slots[i].output == k { cancelled += 1 }
        if cancelled > 0 {
            logger.log(.info, "output \(id) removed: \(cancelled) touches on it cancelled; later events for their ids are dropped")
        } else {
            logger.log(.info, "output \(id) removed")
        }
        cancelTouches(onOutput: k)
        disarmEdges(ofOutput: k)
        outputs.remove(at: k)
        // Slots keep output indices: those after the removed one move down.
        for i in slots.indices where slots[i].active && slots[i].output > k { slots[i].output -= 1 }
        if outputs.count > 0 { tree.setRect(outputs.bounds, of: .root) }
        return true
    }

    /// Re-describes output `id` as the host now has it (docs/design.md §4.1, R8). A new
    /// transform or pixel size changes which panel edge is which of the user's edges, so what
    /// the output's touches carry is cancelled as a removal cancels it (running gestures report
    /// `systemCancelled`, candidates fail `cancelled`, held events are dropped, clients with
    /// touches there get `clientCancel`) and its armed edges are disarmed; the next touch is
    /// judged against the new edges. A move alone keeps the touches, as `updateOutput` does.
    /// - Returns: `false` (logged) if the output is unknown or the origin is not finite.
    mutating func reorientOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry, transform: Int32,
                                 time: Milliseconds) -> Bool {
        beginInstant(time)
        guard let k = outputs.index(of: id) else {
            logger.log(.warning, "output \(id): unknown, update refused")
            return false
        }
        let old = outputs[k]
        let turned = old.transform != transform || old.geometry.widthPx != geometry.widthPx
            || old.geometry.heightPx != geometry.heightPx
        guard updateOutput(id, origin: origin, geometry: geometry) else { return false }
        outputs[k].transform = transform
        guard turned else { return true }
        var cancelled = 0
        for i in slots.indices where slots[i].active && slots[i].output == k { cancelled += 1 }
        logger.log(.info, "output \(id): transform \(old.transform) -> \(transform), \(old.geometry.widthPx)x\(old.geometry.heightPx) -> \(geometry.widthPx)x\(geometry.heightPx) px; \(cancelled) touches on it cancelled (R8)")
        cancelTouches(onOutput: k)
        disarmEdges(ofOutput: k)
        return true
    }

    /// Output `id`'s transform as last described, or `nil` if unknown.
    func outputTransform(_ id: OutputID) -> Int32? {
        outputs.index(of: id).map { outputs[$0].transform }
    }

    /// Ends the re-arm windows of output `k`'s edges and hides their shown affordances.
    private mutating func disarmEdges(ofOutput k: Int) {
        for e in 0..<4 where outputs[k].armedUntil[e] != .never {
            outputs[k].armedUntil[e] = .never
            emit(.affordanceHidden(edge: Edge.at(index: e)), output: outputs[k].id)
        }
    }

    /// Whether touch `id` is down (on any output).
    func isTouchDown(_ id: Int32) -> Bool {
        for i in slots.indices where slots[i].active && slots[i].id == id { return true }
        return false
    }

    /// The ids of the outputs, in the order they were added.
    var outputIDs: [OutputID] { outputs.entries.map(\.id) }

    /// Layout origin and geometry of output `id`, or `nil`.
    func outputPlacement(_ id: OutputID) -> (origin: Point, geometry: OutputGeometry)? {
        guard let k = outputs.index(of: id) else { return nil }
        return (outputs[k].origin, outputs[k].geometry)
    }
}
