import BezelCore
import CBezel
import CWaylandServer

// The C interface of libbezel.so. `bezel.h` (CBezel/Sources/CBezel/include) documents every
// function; the signatures here must match it (the protocol tests compile C against the header
// and link this library, so a mismatch shows up there).
//
// Every entry point validates its arguments and returns a `bezel_result`; none of them traps on
// input a host or client can produce.

/// The library version as `(major << 16) | (minor << 8) | micro`.
public let bezelVersion: UInt32 = (0 << 16) | (2 << 8) | 0

private let versionString: StaticString = "0.2.0"

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let OK = Int32(BEZEL_OK.rawValue)
private let INVALID = Int32(BEZEL_ERROR_INVALID_ARGUMENT.rawValue)
private let NOT_FOUND = Int32(BEZEL_ERROR_NOT_FOUND.rawValue)
private let EXISTS = Int32(BEZEL_ERROR_EXISTS.rawValue)
private let BUSY = Int32(BEZEL_ERROR_BUSY.rawValue)
private let VERSION = Int32(BEZEL_ERROR_VERSION.rawValue)
private let WAYLAND = Int32(BEZEL_ERROR_WAYLAND.rawValue)

/// The plugin behind a `struct bezel_plugin *`.
private func plugin(_ p: OpaquePointer?) -> Plugin? {
    guard let p else { return nil }
    return Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// The common shape of a host call that feeds the router: resolve the handle, let `body` feed
/// the router with the host time converted, then deliver what it decided.
private func feed(_ handle: OpaquePointer?, _ time: UInt32, _ body: (Plugin, Milliseconds) -> Void) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    body(p, p.time(time))
    p.flush()
    return OK
}

/// Both coordinates are numbers. Two parameters, not a variadic: this runs on every touch event
/// and a variadic would build an array each time.
private func finite(_ x: Double, _ y: Double) -> Bool { x.isFinite && y.isFinite }

/// `bezel_version`: the library version.
@_cdecl("bezel_version")
public func bezel_c_version() -> UInt32 { bezelVersion }

/// `bezel_version_string`: the library version as text.
@_cdecl("bezel_version_string")
public func bezel_c_version_string() -> UnsafePointer<CChar> { cString(versionString) }

/// `bezel_result_string`: a description of a result code.
@_cdecl("bezel_result_string")
public func bezel_c_result_string(_ result: Int32) -> UnsafePointer<CChar> {
    switch result {
    case OK: return cString("success")
    case INVALID: return cString("invalid argument")
    case NOT_FOUND: return cString("surface not found")
    case EXISTS: return cString("surface already added")
    case BUSY: return cString("not allowed from inside a callback")
    case VERSION: return cString("unsupported host interface version")
    case WAYLAND: return cString("libwayland call failed")
    default: return cString("unknown result code")
    }
}

/// `bezel_plugin_create`: the plugin, its global and its timer.
@_cdecl("bezel_plugin_create")
public func bezel_c_plugin_create(_ display: OpaquePointer?,
                                  _ host: UnsafePointer<bezel_host_interface>?,
                                  _ hostData: UnsafeMutableRawPointer?,
                                  _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    guard let display, let host, let out else { return INVALID }
    guard let interface = HostInterface.copy(host) else {
        // The version member is the first field in every version, so it is safe to read.
        let version = UnsafeRawPointer(host).load(as: UInt32.self)
        // Only the version 1 members are known to exist in a struct of unknown version.
        var v1 = HostInterface.versionOneMembers(of: host)
        v1.version = version
        if let log = v1.log {
            "bezel: host interface version \(version) unsupported (this library knows 1 to \(BEZEL_HOST_INTERFACE_VERSION))"
                .withCString { log(hostData, Int32(BEZEL_LOG_ERROR.rawValue), $0) }
        }
        return VERSION
    }
    let p = Plugin(display: display, host: interface, hostData: hostData)
    let ctx = Unmanaged.passUnretained(p).toOpaque()
    var callbacks = Plugin.callbacks
    guard let server = bzl_server_create(display, ctx, &callbacks) else {
        p.log(.error, "could not create the bezel_system_gestures_manager_v1 global")
        return WAYLAND
    }
    p.server = server
    let loop = wl_display_get_event_loop(display)
    p.timer = wl_event_loop_add_timer(loop, { ctx in
        guard let ctx else { return 0 }
        Plugin.from(ctx).timerFired()
        return 0
    }, ctx)
    if p.timer == nil {
        p.log(.error, "could not add a timer to the display's event loop")
        p.teardown()
        return WAYLAND
    }
    p.log(.info, "plugin \(versionString) created")
    out.pointee = OpaquePointer(Unmanaged.passRetained(p).toOpaque())
    return OK
}

/// `bezel_plugin_destroy`: frees the plugin; its protocol objects become inert.
@_cdecl("bezel_plugin_destroy")
public func bezel_c_plugin_destroy(_ handle: OpaquePointer?) -> Int32 {
    guard let handle, let p = plugin(handle) else { return INVALID }
    if p.delivering { return BUSY }
    p.teardown()
    Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(handle)).release()
    return OK
}

/// `bezel_plugin_set_log_level`: the most verbose level passed to the host.
@_cdecl("bezel_plugin_set_log_level")
public func bezel_c_plugin_set_log_level(_ handle: OpaquePointer?, _ level: Int32) -> Int32 {
    guard let p = plugin(handle), let l = LogLevel(rawValue: Int(level)) else { return INVALID }
    p.router.logger.threshold = l
    return OK
}

/// `bezel_plugin_configure`: the defaults overridden by flattened `[bezel]` keys (DESIGN §4.4).
/// All or nothing: any bad pair (or a NULL where a string is due) leaves the defaults in force,
/// so the host always ends up with a configuration it can name.
@_cdecl("bezel_plugin_configure")
public func bezel_c_plugin_configure(_ handle: OpaquePointer?,
                                     _ keys: UnsafePointer<UnsafePointer<CChar>?>?,
                                     _ values: UnsafePointer<UnsafePointer<CChar>?>?,
                                     _ count: Int) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    // Any failure leaves the defaults, as the header promises for bad keys.
    func rejected(_ why: String) -> Int32 {
        p.log(.warning, "configuration rejected, using the defaults: \(why)")
        apply(SystemGestureConfig(), to: p)
        return INVALID
    }
    // size_t arrives as Int: a count above Int.max shows up negative.
    guard count >= 0 else { return rejected("count \(UInt(bitPattern: count)) is too large") }
    var entries: [(key: String, value: String)] = []
    if count > 0 {
        guard let keys, let values else { return rejected("keys or values is NULL with count \(count)") }
        entries.reserveCapacity(count)
        for i in 0..<count {
            guard let k = keys[i], let v = values[i] else {
                return rejected("key or value \(i) is NULL")
            }
            entries.append((String(cString: k), String(cString: v)))
        }
    }
    let config: SystemGestureConfig
    do {
        config = try SystemGestureConfig(flattened: entries)
    } catch {
        return rejected("\(error.key): \(error.reason)")
    }
    apply(config, to: p)
    p.log(.info, "configuration set (\(count) keys)")
    return OK
}

/// Installs `config` (the router keeps the gesture indices of swipes still being decided) and
/// the C strings of its gesture names.
private func apply(_ config: SystemGestureConfig, to p: Plugin) {
    p.router.setConfig(config)
    p.refreshGestureNames()
}

/// `bezel_output_set`: the output's size, physical size and transform.
@_cdecl("bezel_output_set")
public func bezel_c_output_set(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32,
                               _ widthMm: Int32, _ heightMm: Int32, _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard width > 0, height > 0, (0...7).contains(transform) else {
        p.log(.warning, "bezel_output_set(\(width)x\(height), transform \(transform)) rejected")
        return INVALID
    }
    // wl_output transforms 1, 3, 5, 7 rotate by 90 or 270 degrees: the panel's physical
    // width then runs along the user's vertical axis.
    let rotated = transform & 1 == 1
    let mmW = Double(rotated ? heightMm : widthMm), mmH = Double(rotated ? widthMm : heightMm)
    p.router.setOutput(OutputGeometry(widthPx: Double(width), heightPx: Double(height),
                                      widthMm: mmW, heightMm: mmH))
    p.log(.info, "output \(width)x\(height) px, \(mmW)x\(mmH) mm (transform \(transform))")
    return OK
}

/// `bezel_surface_add`: a surface (or subsurface of `parent`) at a rectangle.
@_cdecl("bezel_surface_add")
public func bezel_c_surface_add(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                _ parent: OpaquePointer?, _ x: Double, _ y: Double,
                                _ width: Double, _ height: Double) -> Int32 {
    guard let p = plugin(handle), let surface else { return INVALID }
    guard finite(x, y), finite(width, height), width >= 0, height >= 0 else {
        p.log(.warning, "bezel_surface_add: bad rectangle \(x),\(y) \(width)x\(height)")
        return INVALID
    }
    if let r = p.surfaces[surface], r.node != nil { return EXISTS }
    var parentNode: NodeTree.NodeID?
    if let parent {
        guard let node = p.surfaces[parent]?.node else {
            p.log(.warning, "bezel_surface_add: parent wl_surface@\(wl_resource_get_id(parent)) is not added")
            return NOT_FOUND
        }
        parentNode = node
    }
    guard let client = wl_resource_get_client(surface),
          let clientID = p.clientID(for: client),
          let r = p.record(for: surface) else { return WAYLAND }
    let rect = Rect(x: x, y: y, width: width, height: height)
    guard let node = p.router.addSurface(client: clientID, rect: rect, parent: parentNode) else {
        p.dropIfUnused(r)
        return NOT_FOUND
    }
    r.node = node
    p.surfaceByNode[node] = surface
    p.replay(r, time: p.now())
    p.flush()
    return OK
}

/// `bezel_surface_set_rect`: moves or resizes a surface.
@_cdecl("bezel_surface_set_rect")
public func bezel_c_surface_set_rect(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                     _ x: Double, _ y: Double,
                                     _ width: Double, _ height: Double) -> Int32 {
    guard let p = plugin(handle), let surface else { return INVALID }
    guard finite(x, y), finite(width, height), width >= 0, height >= 0 else { return INVALID }
    guard let node = p.surfaces[surface]?.node else { return NOT_FOUND }
    p.router.setSurfaceRect(Rect(x: x, y: y, width: width, height: height), surface: node)
    return OK
}

/// `bezel_surface_remove`: removes a surface and its subsurfaces from hit-testing.
@_cdecl("bezel_surface_remove")
public func bezel_c_surface_remove(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle), let surface else { return INVALID }
    guard let r = p.surfaces[surface], let node = r.node else { return NOT_FOUND }
    p.surfaceByNode[node] = nil
    p.removeNode(of: r, time: p.now())
    p.dropIfUnused(r)
    p.flush()
    return OK
}

/// `bezel_surface_commit`: applies the surface's double-buffered protocol state.
@_cdecl("bezel_surface_commit")
public func bezel_c_surface_commit(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle), let surface else { return INVALID }
    p.commit(surface: surface, time: p.now())
    return OK
}

/// `bezel_surface_set_policy`: the edges a surface may defer (R6).
@_cdecl("bezel_surface_set_policy")
public func bezel_c_surface_set_policy(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                       _ edges: UInt32) -> Int32 {
    guard let p = plugin(handle), let surface else { return INVALID }
    let mask = EdgeSet(rawValue: edges)
    guard !mask.hasUnknownBits else { return INVALID }
    guard let r = p.surfaces[surface], let node = r.node else { return NOT_FOUND }
    r.policy = mask
    p.router.setPolicyMask(mask, surface: node, time: p.now())
    p.flush()
    return OK
}

/// `bezel_surface_get_honored_edges`: the edges honoured for a surface now.
@_cdecl("bezel_surface_get_honored_edges")
public func bezel_c_surface_get_honored_edges(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                              _ edges: UnsafeMutablePointer<UInt32>?) -> Int32 {
    guard let p = plugin(handle), let surface, let edges else { return INVALID }
    guard let node = p.surfaces[surface]?.node else { return NOT_FOUND }
    edges.pointee = p.router.honoredEdges(surface: node).rawValue
    return OK
}

/// `bezel_set_locked`: locks or unlocks the session (R6).
@_cdecl("bezel_set_locked")
public func bezel_c_set_locked(_ handle: OpaquePointer?, _ locked: Bool, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.setLocked(locked, time: t) }
}

/// `bezel_touch_down`: a finger touched the screen.
@_cdecl("bezel_touch_down")
public func bezel_c_touch_down(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                               _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard finite(x, y) else {
        p.log(.warning, "touch \(id): down at a non-finite position dropped")
        return INVALID
    }
    p.router.touchDown(id: id, at: Point(x: x, y: y), time: p.time(time))
    p.flush()
    return OK
}

/// `bezel_touch_motion`: a finger moved.
@_cdecl("bezel_touch_motion")
public func bezel_c_touch_motion(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                                 _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard finite(x, y) else {
        p.log(.warning, "touch \(id): motion to a non-finite position dropped")
        return INVALID
    }
    p.router.touchMotion(id: id, at: Point(x: x, y: y), time: p.time(time))
    p.flush()
    return OK
}

/// `bezel_touch_up`: a finger lifted.
@_cdecl("bezel_touch_up")
public func bezel_c_touch_up(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.touchUp(id: id, time: t) }
}

/// `bezel_touch_frame`: the end of an input frame.
@_cdecl("bezel_touch_frame")
public func bezel_c_touch_frame(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.frame(time: t) }
}

/// `bezel_touch_cancel`: the device cancelled every touch (R8).
@_cdecl("bezel_touch_cancel")
public func bezel_c_touch_cancel(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.cancelAll(time: t) }
}

/// `bezel_drag_start`: a client started a drag with touch `id` (R7).
@_cdecl("bezel_drag_start")
public func bezel_c_drag_start(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.dragStart(touch: id, time: t) }
}

/// `bezel_drag_end`: the drag-and-drop session ended.
@_cdecl("bezel_drag_end")
public func bezel_c_drag_end(_ handle: OpaquePointer?, _ time: UInt32) -> Int32 {
    feed(handle, time) { p, t in p.router.dragEnd(time: t) }
}

// MARK: - Version 0.2 entry points (placeholders until the router side lands)

private func notYet(_ handle: OpaquePointer?, _ name: String) -> Int32 {
    plugin(handle)?.log(.error, "\(name) is not implemented yet")
    return INVALID
}

@_cdecl("bezel_output_add")
public func bezel_c_output_add(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                               _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                               _ transform: Int32) -> Int32 { notYet(handle, "bezel_output_add") }

@_cdecl("bezel_output_update")
public func bezel_c_output_update(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                                  _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                                  _ transform: Int32) -> Int32 { notYet(handle, "bezel_output_update") }

@_cdecl("bezel_output_remove")
public func bezel_c_output_remove(_ handle: OpaquePointer?, _ id: UInt32, _ time: UInt32) -> Int32 {
    notYet(handle, "bezel_output_remove")
}

@_cdecl("bezel_touch_down_on_output")
public func bezel_c_touch_down_on_output(_ handle: OpaquePointer?, _ output: UInt32, _ id: Int32,
                                         _ x: Double, _ y: Double, _ time: UInt32) -> Int32 {
    notYet(handle, "bezel_touch_down_on_output")
}

@_cdecl("bezel_touch_down_on_surface")
public func bezel_c_touch_down_on_surface(_ handle: OpaquePointer?, _ output: UInt32, _ id: Int32,
                                          _ x: Double, _ y: Double, _ surface: OpaquePointer?,
                                          _ time: UInt32) -> Int32 {
    notYet(handle, "bezel_touch_down_on_surface")
}

@_cdecl("bezel_surface_set_input_region")
public func bezel_c_surface_set_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                             _ rects: UnsafePointer<bezel_rect>?, _ count: Int) -> Int32 {
    notYet(handle, "bezel_surface_set_input_region")
}

@_cdecl("bezel_surface_reset_input_region")
public func bezel_c_surface_reset_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    notYet(handle, "bezel_surface_reset_input_region")
}

@_cdecl("bezel_surface_set_hidden")
public func bezel_c_surface_set_hidden(_ handle: OpaquePointer?, _ surface: OpaquePointer?, _ hidden: Bool) -> Int32 {
    notYet(handle, "bezel_surface_set_hidden")
}

@_cdecl("bezel_surface_place_above")
public func bezel_c_surface_place_above(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                        _ sibling: OpaquePointer?) -> Int32 {
    notYet(handle, "bezel_surface_place_above")
}
