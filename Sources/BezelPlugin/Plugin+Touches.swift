import BezelCore
import CBezel

/// The output a touch went down on, and that output's layout origin then.
struct TouchOutput {
    var id: Int32
    var output: UInt32
    var origin: Point
}

/// Touches in layout coordinates (bezel.h, "TOUCHES IN LAYOUT COORDINATES"): the one place
/// where a layout position becomes output-local. The router then places it back in the layout
/// for hit-testing and makes it surface-local for clients, so hosts convert nothing.
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

    /// Remembers the output of a touch the router took.
    func noteTouchOutput(id: Int32, output: UInt32) {
        let origin = router.placement(of: output)?.origin ?? Point(x: 0, y: 0)
        if let i = touchOutputs.firstIndex(where: { $0.id == id }) {
            touchOutputs[i] = TouchOutput(id: id, output: output, origin: origin)
        } else if touchOutputs.count < 64 {
            touchOutputs.append(TouchOutput(id: id, output: output, origin: origin))
        }
    }

    func forgetTouchOutput(id: Int32) {
        if let i = touchOutputs.firstIndex(where: { $0.id == id }) { touchOutputs.remove(at: i) }
    }

    /// A layout position of touch `id` made local to its output: at the output's position
    /// now, or where it was at the down if it is gone (the router then drops the event).
    func local(id: Int32, layout p: Point) -> Point {
        guard let t = touchOutputs.first(where: { $0.id == id }) else { return p }
        let origin = router.placement(of: t.output)?.origin ?? t.origin
        return Point(x: p.x - origin.x, y: p.y - origin.y)
    }

    /// The output id a touch went down on, for its `input output` line.
    func touchOutputID(_ id: Int32) -> UInt32? {
        touchOutputs.first(where: { $0.id == id })?.output
    }
}
