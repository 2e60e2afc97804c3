import BezelCore
import CBezel
import CWaylandServer

// Touch input and drag-and-drop sessions (bezel.h), output-local or in layout coordinates
// (Plugin+Touches), each with its `input ...` event-log line.

/// `bezel_touch_down`: a finger touched output 0.
@_cdecl("bezel_touch_down")
public func bezel_c_touch_down(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                               _ time: UInt32) -> Int32 {
    touchDown(handle, output: 0, id: id, x: x, y: y, target: nil, time: time)
}

/// `bezel_touch_down_on_output`: a finger touched output `output` at output-local (x, y).
@_cdecl("bezel_touch_down_on_output")
public func bezel_c_touch_down_on_output(_ handle: OpaquePointer?, _ output: UInt32, _ id: Int32,
                                         _ x: Double, _ y: Double, _ time: UInt32) -> Int32 {
    touchDown(handle, output: output, id: id, x: x, y: y, target: nil, time: time)
}

/// `bezel_touch_down_on_surface`: as `bezel_touch_down_on_output`, the host naming the surface.
@_cdecl("bezel_touch_down_on_surface")
public func bezel_c_touch_down_on_surface(_ handle: OpaquePointer?, _ output: UInt32, _ id: Int32,
                                          _ x: Double, _ y: Double, _ surface: OpaquePointer?,
                                          _ time: UInt32) -> Int32 {
    touchDown(handle, output: output, id: id, x: x, y: y, target: .some(surface), time: time)
}

/// `bezel_touch_down_layout`: a finger touched the layout at (lx, ly).
@_cdecl("bezel_touch_down_layout")
public func bezel_c_touch_down_layout(_ handle: OpaquePointer?, _ id: Int32, _ lx: Double, _ ly: Double,
                                      _ time: UInt32) -> Int32 {
    touchDownLayout(handle, id: id, lx: lx, ly: ly, target: nil, time: time)
}

/// `bezel_touch_down_layout_on_surface`: as `bezel_touch_down_layout`, the host naming the surface.
@_cdecl("bezel_touch_down_layout_on_surface")
public func bezel_c_touch_down_layout_on_surface(_ handle: OpaquePointer?, _ id: Int32, _ lx: Double,
                                                 _ ly: Double, _ surface: OpaquePointer?,
                                                 _ time: UInt32) -> Int32 {
    touchDownLayout(handle, id: id, lx: lx, ly: ly, target: .some(surface), time: time)
}

/// The layout touch-downs: the output under the point, and the point local to it.
private func touchDownLayout(_ handle: OpaquePointer?, id: Int32, lx: Double, ly: Double,
                             target: OpaquePointer??, time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard plausible(lx, ly) else {
        p.log(.warning, "touch \(id): down at layout \(lx),\(ly) dropped: not a position")
        return INVALID
    }
    guard let o = p.output(at: Point(x: lx, y: ly)) else {
        p.log(.warning, "touch \(id): down at layout \(lx),\(ly) dropped: there is no output")
        return NOT_FOUND
    }
    return touchDown(handle, output: o.id, id: id, x: lx - Double(o.x), y: ly - Double(o.y), target: target, time: time)
}

/// The touch-downs. `target` is `nil` to hit-test, or the host's surface (itself possibly
/// NULL: no surface). (x, y) is local to `output`.
private func touchDown(_ handle: OpaquePointer?, output: UInt32, id: Int32, x: Double, y: Double,
                       target: OpaquePointer??, time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): down at \(x),\(y) on output \(output) dropped: not a position")
        return INVALID
    }
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_DOWN.rawValue), id, x, y, time)
    bzl_evlog_touch_output(p.eventLog, id, output)
    var how = TouchTarget.hitTest
    var unknownSurface = false
    if let named = target {
        if let named {
            if let node = p.surfaces[named]?.node {
                how = .surface(node)
            } else {
                p.log(.warning, "touch \(id): down on wl_surface@\(wl_resource_get_id(named)), which was not added; taken as over no surface")
                how = .surface(.none)
                unknownSurface = true
            }
        } else {
            how = .surface(.none)
        }
    }
    let result = p.router.touchDown(id: id, at: Point(x: x, y: y), output: output, target: how, time: p.time(time))
    if result == .accepted { p.noteTouchOutput(id: id, output: output) }
    p.deliverDecisions()
    if result == .accepted && unknownSurface { return NOT_FOUND }
    return code(result)
}

/// `bezel_touch_motion`: a finger moved (output-local to the output it went down on).
@_cdecl("bezel_touch_motion")
public func bezel_c_touch_motion(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                                 _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    return touchMotion(p, id: id, x: x, y: y, time: time)
}

/// `bezel_touch_motion_layout`: a finger moved to layout (lx, ly).
@_cdecl("bezel_touch_motion_layout")
public func bezel_c_touch_motion_layout(_ handle: OpaquePointer?, _ id: Int32, _ lx: Double, _ ly: Double,
                                        _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard plausible(lx, ly) else {
        p.log(.warning, "touch \(id): motion to layout \(lx),\(ly) dropped: not a position")
        return INVALID
    }
    let local = p.local(id: id, layout: Point(x: lx, y: ly))
    return touchMotion(p, id: id, x: local.x, y: local.y, time: time)
}

/// A motion local to the touch's output.
private func touchMotion(_ p: Plugin, id: Int32, x: Double, y: Double, time: UInt32) -> Int32 {
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): motion to \(x),\(y) dropped: not a position")
        return INVALID
    }
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_MOTION.rawValue), id, x, y, time)
    let result = p.router.touchMotion(id: id, at: Point(x: x, y: y), time: p.time(time))
    p.deliverDecisions()
    return code(result)
}

/// `bezel_touch_up`: a finger lifted.
@_cdecl("bezel_touch_up")
public func bezel_c_touch_up(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_UP.rawValue), id, 0, 0, time)
    let result = p.router.touchUp(id: id, time: p.time(time))
    p.forgetTouchOutput(id: id)
    p.deliverDecisions()
    return code(result)
}

/// `bezel_touch_frame`: the end of an input frame.
@_cdecl("bezel_touch_frame")
public func bezel_c_touch_frame(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in
        p.logEvent("input frame")
        p.router.frame(time: t)
    }
}

/// `bezel_touch_cancel`: the device cancelled every touch (R8).
@_cdecl("bezel_touch_cancel")
public func bezel_c_touch_cancel(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in
        p.logEvent("input cancel")
        p.router.cancelAll(time: t)
        p.touchOutputs.removeAll(keepingCapacity: true)
    }
}

/// `bezel_drag_start`: a client started a drag with touch `id` (R7).
@_cdecl("bezel_drag_start")
public func bezel_c_drag_start(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in
        bzl_evlog_drag_start(p.eventLog, id)
        p.router.dragStart(touch: id, time: t)
    }
}

/// `bezel_drag_end`: the drag-and-drop session ended.
@_cdecl("bezel_drag_end")
public func bezel_c_drag_end(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in
        p.logEvent("drag end")
        p.router.dragEnd(time: t)
    }
}

/// `bezel_touch_refused`: from inside `touch_down`, the host could not deliver that down.
@_cdecl("bezel_touch_refused")
public func bezel_c_touch_refused(_ handle: OpaquePointer?, _ id: Int32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard p.deliveringDown == id else {
        p.log(.warning, "bezel_touch_refused(\(id)): not called from inside touch_down for that touch; ignored")
        return NOT_FOUND
    }
    p.downRefused = true
    return OK
}


