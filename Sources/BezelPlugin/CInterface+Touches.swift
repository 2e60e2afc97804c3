import BezelCore
import CBezel
import CWaylandServer

// Touch input and drag-and-drop sessions (bezel.h), output-local or in layout coordinates
// (the router takes layout ones; Plugin+Touches finds a layout down's output), each with its
// `input ...` event-log line.

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

/// The layout touch-downs: the output under the point.
private func touchDownLayout(_ handle: OpaquePointer?, id: Int32, lx: Double, ly: Double,
                             target: OpaquePointer??, time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard plausible(lx, ly) else {
        p.log(.warning, "touch \(id): down at layout \(lx),\(ly) dropped: not a position")
        return INVALID
    }
    guard let o = p.output(at: Point(x: lx, y: ly)) else {
        p.log(.warning, "touch \(id): down at layout \(lx),\(ly) dropped: there is no output")
        return NOT_FOUND
    }
    let local = Point(x: lx - Double(o.x), y: ly - Double(o.y))
    return touchDown(p, output: o.id, id: id, layout: Point(x: lx, y: ly), local: local, target: target, time: time)
}

/// The output-local touch-downs: (x, y) is local to `output`.
private func touchDown(_ handle: OpaquePointer?, output: UInt32, id: Int32, x: Double, y: Double,
                       target: OpaquePointer??, time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): down at \(x),\(y) on output \(output) dropped: not a position")
        return INVALID
    }
    let local = Point(x: x, y: y)
    // An unknown output: the router refuses the down whatever the position.
    let layout = p.router.layoutPosition(local, onOutput: output) ?? local
    return touchDown(p, output: output, id: id, layout: layout, local: local, target: target, time: time)
}

/// The touch-downs, at `layout` on `output` (`local` to it, for the event log). `target` is
/// `nil` to hit-test, or the host's surface (itself possibly NULL: no surface).
private func touchDown(_ p: Plugin, output: UInt32, id: Int32, layout: Point, local: Point,
                       target: OpaquePointer??, time: UInt32) -> Int32 {
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_DOWN.rawValue), id, local.x, local.y, time)
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
    let result = p.router.touchDown(id: id, at: layout, output: output, target: how, time: p.time(time))
    p.deliverDecisions()
    if result == .accepted && unknownSurface { return NOT_FOUND }
    return code(result)
}

/// `bezel_touch_motion`: a finger moved (output-local to the output it went down on).
@_cdecl("bezel_touch_motion")
public func bezel_c_touch_motion(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                                 _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): motion to \(x),\(y) dropped: not a position")
        return INVALID
    }
    let local = Point(x: x, y: y)
    return touchMotion(p, id: id, layout: p.router.layoutPosition(local, ofTouch: id), local: local, time: time)
}

/// `bezel_touch_motion_layout`: a finger moved to layout (lx, ly).
@_cdecl("bezel_touch_motion_layout")
public func bezel_c_touch_motion_layout(_ handle: OpaquePointer?, _ id: Int32, _ lx: Double, _ ly: Double,
                                        _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard plausible(lx, ly) else {
        p.log(.warning, "touch \(id): motion to layout \(lx),\(ly) dropped: not a position")
        return INVALID
    }
    let layout = Point(x: lx, y: ly)
    // Output-local only for the event log's line.
    let local = p.eventLog == nil ? layout : p.router.outputLocalPosition(layout, ofTouch: id)
    return touchMotion(p, id: id, layout: layout, local: local, time: time)
}

/// A motion to `layout` (`local` to the touch's output, for the event log).
private func touchMotion(_ p: Plugin, id: Int32, layout: Point, local: Point, time: UInt32) -> Int32 {
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_MOTION.rawValue), id, local.x, local.y, time)
    let result = p.router.touchMotion(id: id, at: layout, time: p.time(time))
    p.deliverDecisions()
    return code(result)
}

/// `bezel_touch_up`: a finger lifted.
@_cdecl("bezel_touch_up")
public func bezel_c_touch_up(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    bzl_evlog_touch(p.eventLog, 0, Int32(BZL_EVLOG_UP.rawValue), id, 0, 0, time)
    let result = p.router.touchUp(id: id, time: p.time(time))
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
    guard let p = plugin(handle) else { return refusal(handle) }
    guard p.deliveringDown == id else {
        p.log(.warning, "bezel_touch_refused(\(id)): not called from inside touch_down for that touch; ignored")
        return NOT_FOUND
    }
    p.downRefused = true
    return OK
}


