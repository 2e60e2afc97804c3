import BezelCore
import CBezel

// Outputs (bezel.h): each one's layout position, size, physical size and transform. The host
// describes them as it knows them; `output-width-mm` / `-height-mm` replace the physical size
// of every output when set (Plugin+Settings).

/// The values make sense for an output (else logged, naming `call`).
private func validOutput(_ p: Plugin, _ call: String, _ width: Int32, _ height: Int32, _ transform: Int32) -> Bool {
    guard width > 0, height > 0, Double(width) <= coordinateLimit, Double(height) <= coordinateLimit,
          (0...7).contains(transform) else {
        p.log(.warning, "\(call)(\(width)x\(height), transform \(transform)) rejected: the size must be positive and the transform 0..7")
        return false
    }
    return true
}

extension Plugin {
    /// The router geometry of `o`, with the physical size in force.
    func geometry(_ o: HostOutput) -> OutputGeometry {
        let (widthMm, heightMm) = physicalSize(o)
        // wl_output transforms 1, 3, 5, 7 rotate by 90 or 270 degrees: the panel's physical
        // width then runs along the user's vertical axis.
        let rotated = o.transform & 1 == 1
        let mmW = Double(rotated ? heightMm : widthMm), mmH = Double(rotated ? widthMm : heightMm)
        return OutputGeometry(widthPx: Double(o.width), heightPx: Double(o.height), widthMm: mmW, heightMm: mmH)
    }

    /// Gives the router `o` as it is now (a known output). A new transform or pixel size
    /// cancels what the output's touches carried (R8 on rotation, docs/design.md §4.1): the caller
    /// delivers the decisions.
    @discardableResult
    func describe(_ o: HostOutput) -> Bool {
        let origin = Point(x: Double(o.x), y: Double(o.y)), g = geometry(o)
        if let known = router.placement(of: o.id), router.transform(of: o.id) == o.transform,
           known.geometry.widthPx == g.widthPx, known.geometry.heightPx == g.heightPx {
            return router.updateOutput(o.id, origin: origin, geometry: g)
        }
        return router.updateOutput(o.id, origin: origin, geometry: g, transform: o.transform, time: now())
    }

    /// Records `o` as the host described it.
    func keep(_ o: HostOutput) {
        if let i = hostOutputs.firstIndex(where: { $0.id == o.id }) { hostOutputs[i] = o } else { hostOutputs.append(o) }
    }
}

/// `bezel_output_set`: output 0's size, physical size and transform.
@_cdecl("bezel_output_set")
public func bezel_c_output_set(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32,
                               _ widthMm: Int32, _ heightMm: Int32, _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard validOutput(p, "bezel_output_set", width, height, transform) else { return INVALID }
    guard let origin = p.router.placement(of: 0)?.origin else {
        p.log(.warning, "bezel_output_set: output 0 was removed; use bezel_output_add")
        return NOT_FOUND
    }
    let o = HostOutput(id: 0, x: Int32(origin.x), y: Int32(origin.y), width: width, height: height,
                       widthMm: widthMm, heightMm: heightMm, transform: transform)
    p.keep(o)
    p.describe(o)
    p.deliverDecisions()
    let g = p.geometry(o)
    p.log(.info, "output 0: \(width)x\(height) px, \(g.widthMm)x\(g.heightMm) mm (transform \(transform))")
    return OK
}

/// `bezel_output_add`: another output at a layout position.
@_cdecl("bezel_output_add")
public func bezel_c_output_add(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                               _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                               _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    if p.router.placement(of: id) != nil {
        p.log(.warning, "bezel_output_add: output \(id) is already known")
        return EXISTS
    }
    guard plausible(Double(x), Double(y)), validOutput(p, "bezel_output_add", width, height, transform) else {
        return INVALID
    }
    let o = HostOutput(id: id, x: x, y: y, width: width, height: height, widthMm: widthMm,
                       heightMm: heightMm, transform: transform)
    // The router logs why it refuses: here only a full layout is left.
    guard p.router.addOutput(id, origin: Point(x: Double(x), y: Double(y)), geometry: p.geometry(o),
                             transform: transform) else { return LIMIT }
    p.keep(o)
    bzl_evlog_output(p.eventLog, 1, id, x, y, width, height)
    return OK
}

/// `bezel_output_update`: moves, resizes or re-transforms an output. A new transform or size
/// cancels what its touches carried (R8), so the next touch uses the new edges.
@_cdecl("bezel_output_update")
public func bezel_c_output_update(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                                  _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                                  _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard p.router.placement(of: id) != nil else {
        p.log(.warning, "bezel_output_update: unknown output \(id)")
        return NOT_FOUND
    }
    guard plausible(Double(x), Double(y)), validOutput(p, "bezel_output_update", width, height, transform) else {
        return INVALID
    }
    let o = HostOutput(id: id, x: x, y: y, width: width, height: height, widthMm: widthMm,
                       heightMm: heightMm, transform: transform)
    p.keep(o)
    p.describe(o)
    bzl_evlog_output(p.eventLog, 0, id, x, y, width, height)
    p.deliverDecisions()
    p.log(.info, "output \(id): at \(x),\(y), \(width)x\(height) px (transform \(transform))")
    return OK
}

/// `bezel_output_remove`: an output went away; what its touches carried is cancelled (R8).
@_cdecl("bezel_output_remove")
public func bezel_c_output_remove(_ handle: OpaquePointer?, _ id: UInt32, _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    if p.router.placement(of: id) != nil {
        bzl_evlog_output_removed(p.eventLog, id)
        p.hostOutputs.removeAll { $0.id == id }
    }
    let removed = p.router.removeOutput(id, time: p.time(time))
    p.deliverDecisions()
    return removed ? OK : NOT_FOUND
}
