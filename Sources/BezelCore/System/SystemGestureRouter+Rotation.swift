/// Rotated outputs (docs/design.md §4.1: edges are the user's, after the output transform).
/// Touches and surfaces are given in the user's frame, so the router needs the transform only
/// to see that it changed: a rotation mid-gesture is cancelled as R8 cancels a removed output.
extension SystemGestureRouter {
    /// Adds output `id` as `addOutput(_:origin:geometry:)` does, turned by `transform`
    /// (`wl_output.transform`, 0...7; `geometry` is the size as the user sees it).
    @discardableResult
    public func addOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry, transform: Int32) -> Bool {
        core.addOutput(id, origin: origin, geometry: geometry, transform: transform)
    }

    /// The host's new description of output `id`. If its transform or its size in pixels
    /// changed, what its touches carry is cancelled (R8: running gestures report
    /// `systemCancelled`, candidates fail `cancelled`, held events are dropped, clients with
    /// touches there get `clientCancel`), its armed edges are disarmed and their affordances
    /// hidden, and the next touch uses the new edges. A move alone keeps its touches.
    /// - Returns: `false` (logged) if the output is unknown or the origin is not finite.
    @discardableResult
    public func updateOutput(_ id: OutputID, origin: Point, geometry: OutputGeometry, transform: Int32,
                             time: Milliseconds) -> Bool {
        core.reorientOutput(id, origin: origin, geometry: geometry, transform: transform, time: time)
    }

    /// Turns output `id` to `transform` in place: its size (px and mm) swaps when the turn
    /// changes between portrait and landscape (the odd transforms are a quarter turn from the
    /// even ones). Otherwise as `updateOutput(_:origin:geometry:transform:time:)`.
    @discardableResult
    public func rotateOutput(_ id: OutputID, to transform: Int32, time: Milliseconds) -> Bool {
        guard let (origin, g) = core.outputPlacement(id), let old = core.outputTransform(id) else {
            return core.reorientOutput(id, origin: .zero, geometry: core.output, transform: transform, time: time)
        }
        let swap = (old & 1) != (transform & 1)
        let turned = swap ? OutputGeometry(widthPx: g.heightPx, heightPx: g.widthPx, widthMm: g.heightMm, heightMm: g.widthMm) : g
        return core.reorientOutput(id, origin: origin, geometry: turned, transform: transform, time: time)
    }

    /// Output `id`'s transform as last described (0 unless given), or `nil` if unknown.
    public func transform(of id: OutputID) -> Int32? { core.outputTransform(id) }
}

/// `wl_output.transform` values by the names weston.ini and the scenario format use.
public enum OutputTransformName {
    /// The names, indexed by transform value.
    public static let names = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]

    /// The value for a name, or `nil`. Also `0` for normal, and weston 10's own spellings
    /// (`rotate-90`, `flipped-rotate-90`, ...).
    public static func value(_ name: String) -> Int32? {
        var n = name.lowercased()
        if n == "0" { return 0 }
        if n.hasPrefix("rotate-") { n.removeFirst("rotate-".count) }
        if n.hasPrefix("flipped-rotate-") { n = "flipped-" + n.dropFirst("flipped-rotate-".count) }
        return names.firstIndex(of: n).map { Int32($0) }
    }
}
