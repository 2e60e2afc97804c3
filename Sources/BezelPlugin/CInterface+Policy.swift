import BezelCore
import CBezel
import CWaylandServer

// The deferral policy (R6, bezel.h): the host's masks, the lock, and the plugin's own decision
// from the host's facts (Plugin+Policy).

/// The host policy calls (R6): checks the surface and the mask's bits, then `apply`s the mask
/// to the surface's record and the router. `what` names the bits and `call` the C function in
/// log lines.
private func setPolicy(_ handle: OpaquePointer?, _ surface: OpaquePointer?, raw: UInt32, hasUnknownBits: Bool,
                       what: String, _ call: String,
                       apply: (Plugin, Plugin.SurfaceRecord, NodeTree.NodeID) -> Void) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface, !hasUnknownBits else {
        p.log(.warning, "\(call): NULL surface or unknown \(what) bits 0x\(String(raw, radix: 16))")
        return INVALID
    }
    // `node(of:)` logs a surface that was not added.
    guard let node = p.node(of: surface, call), let r = p.surfaces[surface] else { return NOT_FOUND }
    apply(p, r, node)
    p.deliverDecisions()
    return OK
}

/// The queries of what a surface has honoured now: checks, then stores `read`'s answer.
private func getHonored(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                        _ result: UnsafeMutablePointer<UInt32>?, _ call: String,
                        read: (Plugin, NodeTree.NodeID) -> UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface, let result else {
        p.log(.warning, "\(call): NULL surface or result pointer")
        return INVALID
    }
    guard let node = p.node(of: surface, call) else { return NOT_FOUND }
    result.pointee = read(p, node)
    return OK
}

/// `bezel_surface_set_policy`: the edges a surface may defer (R6).
@_cdecl("bezel_surface_set_policy")
public func bezel_c_surface_set_policy(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                       _ edges: UInt32) -> Int32 {
    let mask = EdgeSet(rawValue: edges)
    return setPolicy(handle, surface, raw: edges, hasUnknownBits: mask.hasUnknownBits, what: "edge",
                     "bezel_surface_set_policy") { p, r, node in
        r.policy = mask
        p.applyPolicy(r, time: p.now())
    }
}

/// `bezel_surface_get_honored_edges`: the edges honoured for a surface now.
@_cdecl("bezel_surface_get_honored_edges")
public func bezel_c_surface_get_honored_edges(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                              _ edges: UnsafeMutablePointer<UInt32>?) -> Int32 {
    getHonored(handle, surface, edges, "bezel_surface_get_honored_edges") { p, node in
        p.router.honoredEdges(surface: node).rawValue
    }
}

/// `bezel_surface_set_gesture_policy`: the multi-finger gesture kinds a surface may defer (R6,
/// docs/design.md §4.5 M4).
@_cdecl("bezel_surface_set_gesture_policy")
public func bezel_c_surface_set_gesture_policy(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                               _ kinds: UInt32) -> Int32 {
    let mask = GestureKindSet(rawValue: kinds)
    return setPolicy(handle, surface, raw: kinds, hasUnknownBits: mask.hasUnknownBits, what: "gesture kind",
                     "bezel_surface_set_gesture_policy") { p, r, node in
        r.gesturePolicy = mask
        p.applyPolicy(r, time: p.now())
    }
}

/// `bezel_surface_get_honored_gestures`: the multi-finger gesture kinds honoured for a surface now.
@_cdecl("bezel_surface_get_honored_gestures")
public func bezel_c_surface_get_honored_gestures(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                                 _ kinds: UnsafeMutablePointer<UInt32>?) -> Int32 {
    getHonored(handle, surface, kinds, "bezel_surface_get_honored_gestures") { p, node in
        p.router.honoredGestureKinds(surface: node).rawValue
    }
}

/// `bezel_set_locked`: locks or unlocks the session (R6).
@_cdecl("bezel_set_locked")
public func bezel_c_set_locked(_ handle: OpaquePointer?, _ locked: Bool, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.setLocked(locked, time: t) }
}

/// `bezel_plugin_decide_policy`: the plugin decides each surface's policy from `defer-policy`
/// and the host's facts (Plugin+Policy), or leaves it to the host's masks.
@_cdecl("bezel_plugin_decide_policy")
public func bezel_c_plugin_decide_policy(_ handle: OpaquePointer?, _ decide: Bool) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    if decide == p.decidesPolicy { return OK }
    // Surfaces already added were told their policy the old way: changing it under them
    // would take back what they were told.
    guard p.router.tree.count == 1 else {
        p.log(.warning, "bezel_plugin_decide_policy: surfaces were already added; call it before adding any")
        return EXISTS
    }
    p.decidesPolicy = decide
    p.log(.info, decide ? "the plugin decides the deferral policy (defer-policy=\(p.settings["defer-policy"] ?? "fullscreen"))"
                        : "the host decides the deferral policy")
    return OK
}

/// `bezel_surface_set_fullscreen`: the host's fact for a top-level surface.
@_cdecl("bezel_surface_set_fullscreen")
public func bezel_c_surface_set_fullscreen(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                           _ fullscreen: Bool) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_fullscreen: NULL surface")
        return INVALID
    }
    guard p.node(of: surface, "bezel_surface_set_fullscreen") != nil, let r = p.surfaces[surface] else {
        return NOT_FOUND
    }
    p.setFullscreen(r, fullscreen, time: p.now())
    p.deliverDecisions()
    return OK
}

