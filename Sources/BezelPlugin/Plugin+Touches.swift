import BezelCore
import CBezel

/// Touches in layout coordinates (bezel.h, "TOUCHES IN LAYOUT COORDINATES"): the output a
/// layout down lands on. The router takes the layout position as it is (its touches are in
/// layout coordinates), so hosts convert nothing.
extension Plugin {
    /// The output whose rectangle holds `p`; the nearest one when none does; `nil` without
    /// outputs. Outputs are few: a walk over them costs less than any index.
    func output(at p: Point) -> HostOutput? {
        var best: HostOutput?
        var bestDistance = Double.infinity
        for o in hostOutputs {
            let dx = max(Double(o.x) - p.x, 0, p.x - Double(o.x) - Double(o.width))
            let dy = max(Double(o.y) - p.y, 0, p.y - Double(o.y) - Double(o.height))
            let inside = p.x >= Double(o.x) && p.x < Double(o.x) + Double(o.width)
                && p.y >= Double(o.y) && p.y < Double(o.y) + Double(o.height)
            let distance = inside ? -1 : dx * dx + dy * dy
            if distance < bestDistance {
                best = o
                bestDistance = distance
            }
        }
        return best
    }
}
