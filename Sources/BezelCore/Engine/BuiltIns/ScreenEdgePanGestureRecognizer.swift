/// A pan that starts at a screen edge and moves inwards (docs/design.md E13).
///
/// The first finger must come down within `edgeZone_mm` of one of `edges`. Once past
/// `minimumTranslation_mm`, the motion must point inwards within `directionCone_deg` of the edge's
/// inward normal, else it fails. `edge` tells which edge it started from.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Edges that start the gesture.
    public var edges: EdgeSet
    /// How close to an edge the touch-down must be, in millimetres.
    public var edgeZone_mm = 3.5
    /// Largest angle between the motion and the inward normal, in degrees.
    public var directionCone_deg = 40.0

    /// The edge the current gesture started from, or `nil`.
    public private(set) var edge: Edge?

    /// Creates a screen-edge pan for `edges`.
    public init(name: String = "screen-edge-pan", edges: EdgeSet) {
        self.edges = edges
        super.init(name: name, minimumTouches: 1, maximumTouches: 1)
    }

    public override func touchBegan(_ touch: Touch) {
        if numberOfTouches == 1 {
            edge = nearestEdge(touch.location_mm)
            if edge == nil { return fail() }
        }
        super.touchBegan(touch)
    }

    private func nearestEdge(_ p: Point) -> Edge? {
        let o = output
        var best: Edge?
        var bestDistance = Double.infinity
        for e in Edge.allCases where edges.contains(e) {
            let d: Double
            switch e {
            case .top: d = p.y
            case .bottom: d = o.heightMm - p.y
            case .left: d = p.x
            case .right: d = o.widthMm - p.x
            }
            if d <= edgeZone_mm && d < bestDistance { best = e; bestDistance = d }
        }
        return best
    }

    public override func startDecision(travel_mm: Point) -> StartDecision {
        let d = (travel_mm.x * travel_mm.x + travel_mm.y * travel_mm.y).squareRoot()
        guard d >= minimumTranslation_mm, let edge else { return .wait }
        let inward: Double
        switch edge {
        case .top: inward = travel_mm.y
        case .bottom: inward = -travel_mm.y
        case .left: inward = travel_mm.x
        case .right: inward = -travel_mm.x
        }
        return inward >= d * SwipeGestureRecognizer.cosine(degrees: directionCone_deg) ? .begin : .fail
    }

    public override func didReset() {
        super.didReset()
        edge = nil
    }
}
