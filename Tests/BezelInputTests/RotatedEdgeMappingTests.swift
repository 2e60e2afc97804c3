import BezelCore
import BezelInput
import Testing

/// Rotated outputs end to end on the input side (docs/design.md §4.1, §7): a swipe in from an
/// edge of the panel, as its digitizer reports it, goes through the calibration matrix, then
/// the output transform, then the router. The edge it opens is the edge the user sees: the
/// physical bottom of a rotated device is the dock only when it is the user's bottom.
@Suite("rotated outputs: panel edges become the user's edges (§4.1, §7)")
struct RotatedEdgeMappingTests {
    /// A portrait panel, 1080x1920 px, 68x121 mm, in its native orientation.
    static let panel = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    /// A digitizer mounted a quarter turn off the panel and 2 % oversized: raw (r, s) is panel
    /// (1.01 − 1.02·s, 1.02·r − 0.01). Not its own inverse, so calibration order shows.
    static let calibration = CalibrationMatrix(0, -1.02, 1.01, 1.02, 0, -0.01)

    /// The raw digitizer point that the calibration turns into panel point (u, v).
    static func raw(_ u: Double, _ v: Double) -> (u: Double, v: Double) {
        let (a, b, c, d, e, f) = calibration.coefficients
        let det = a * e - b * d
        return ((e * (u - c) - b * (v - f)) / det, (a * (v - f) - d * (u - c)) / det)
    }

    /// The user's edge for each panel edge (top, bottom, left, right), per transform, written
    /// from wl_output.transform's definition (90 = the panel turned a quarter counter-clockwise
    /// as weston's output matrix has it), not from the mapping code.
    static let userEdge: [OutputTransform: [Edge]] = [
        .normal: [.top, .bottom, .left, .right],
        .rotated90: [.left, .right, .bottom, .top],
        .rotated180: [.bottom, .top, .right, .left],
        .rotated270: [.right, .left, .top, .bottom],
        .flipped: [.top, .bottom, .right, .left],
        .flipped90: [.right, .left, .bottom, .top],
        .flipped180: [.bottom, .top, .left, .right],
        .flipped270: [.left, .right, .top, .bottom],
    ]

    /// What the user sees: the panel's size after the transform.
    static func output(_ t: OutputTransform) -> OutputGeometry {
        t.swapsAxes ? OutputGeometry(widthPx: panel.heightPx, heightPx: panel.widthPx, widthMm: panel.heightMm, heightMm: panel.widthMm) : panel
    }

    /// A swipe in from the middle of panel edge `edge` (0.2 % in from it), 30 % of the panel
    /// inward in 8 samples 10 ms apart, as raw digitizer points.
    static func swipe(from edge: Edge) -> [(u: Double, v: Double)] {
        (0...8).map { k in
            let d = 0.002 + Double(k) * 0.3 / 8
            switch edge {
            case .top: return raw(0.5, d)
            case .bottom: return raw(0.5, 1 - d)
            case .left: return raw(d, 0.5)
            case .right: return raw(1 - d, 0.5)
            }
        }
    }

    /// Routes the swipe through the mapping and a router over one full-screen client; returns
    /// the edge and gesture name that began, or nil and whether the client got the touch.
    static func route(_ t: OutputTransform, from edge: Edge) throws -> (began: (Edge, String)?, clientDown: Bool) {
        let out = output(t)
        let mapping = TouchMapping(output: out, transform: t, calibration: calibration)
        let router = SystemGestureRouter(output: out)
        _ = router.addSurface(client: 1, rect: out.bounds)
        var decisions: [RouterDecision] = []
        for (k, p) in swipe(from: edge).enumerated() {
            let m = try #require(mapping.map(u: p.u, v: p.v))
            #expect(!m.clamped)
            let time = Milliseconds(Double(k) * 10)
            if k == 0 { router.touchDown(id: 0, at: m.position, time: time) } else { router.touchMotion(id: 0, at: m.position, time: time) }
            router.frame(time: time)
            router.drain { decisions.append($0) }
        }
        router.touchUp(id: 0, time: Milliseconds(100))
        router.frame(time: Milliseconds(100))
        router.drain { decisions.append($0) }
        var began: (Edge, String)?
        var clientDown = false
        for d in decisions {
            if case .systemBegan(let g, let e) = d.event { began = (e, router.config.gestures[g].name) }
            if case .clientDown = d.event { clientDown = true }
        }
        return (began, clientDown)
    }

    @Test("every transform: a swipe from each panel edge, through calibration then the transform, opens the user's edge",
          arguments: OutputTransform.allCases)
    func panelEdgesToUserEdges(transform: OutputTransform) throws {
        let expected = try #require(Self.userEdge[transform])
        for (i, panelEdge) in [Edge.top, .bottom, .left, .right].enumerated() {
            let user = expected[i]
            let (began, clientDown) = try Self.route(transform, from: panelEdge)
            switch user {
            case .bottom:
                #expect(began?.0 == .bottom && began?.1 == "dock", "\(transform): panel \(panelEdge) is the user's bottom")
                #expect(!clientDown)
            case .top:
                #expect(began?.0 == .top && began?.1 == "cover_sheet", "\(transform): panel \(panelEdge) is the user's top")
            case .right:
                #expect(began?.0 == .right && began?.1 == "slide_over", "\(transform): panel \(panelEdge) is the user's right")
            case .left:
                // Unbound by default: no zone, the client gets the swipe (R1).
                #expect(began == nil && clientDown, "\(transform): panel \(panelEdge) is the user's left")
            }
            // The dock, and only from the user's bottom.
            #expect((began?.1 == "dock") == (user == .bottom), "\(transform): dock from panel \(panelEdge)")
        }
    }

    @Test("calibration applies before the transform: the composed mapping of every transform matches the table on sample points",
          arguments: OutputTransform.allCases)
    func composedMapping(transform: OutputTransform) throws {
        let out = Self.output(transform)
        let mapping = TouchMapping(output: out, transform: transform, calibration: Self.calibration)
        for (u, v) in [(0.1, 0.2), (0.5, 0.5), (0.9, 0.3), (0.25, 0.75)] {
            let r = Self.raw(u, v)
            let m = try #require(mapping.map(u: r.u, v: r.v))
            let f: (Double, Double)
            switch transform {
            case .normal: f = (u, v)
            case .rotated90: f = (v, 1 - u)
            case .rotated180: f = (1 - u, 1 - v)
            case .rotated270: f = (1 - v, u)
            case .flipped: f = (1 - u, v)
            case .flipped90: f = (1 - v, 1 - u)
            case .flipped180: f = (u, 1 - v)
            case .flipped270: f = (v, u)
            }
            #expect(abs(m.position.x - f.0 * out.widthPx) < 1e-6 && abs(m.position.y - f.1 * out.heightPx) < 1e-6,
                    "\(transform) panel (\(u), \(v)) -> \(m.position)")
        }
    }
}
