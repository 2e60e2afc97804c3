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
private let LIMIT = Int32(BEZEL_ERROR_LIMIT.rawValue)

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

/// `BEZEL_COORDINATE_LIMIT`: coordinates beyond it are garbage, not a screen.
private let coordinateLimit = 16_777_216.0

/// Both coordinates are finite and within `BEZEL_COORDINATE_LIMIT` (NaN fails both tests).
private func plausible(_ x: Double, _ y: Double) -> Bool {
    x.magnitude <= coordinateLimit && y.magnitude <= coordinateLimit
}

/// The result code for what the router did with a touch event.
private func code(_ result: TouchInputResult) -> Int32 {
    switch result {
    case .accepted: return OK
    case .invalidPosition: return INVALID
    case .unknownOutput, .unknownTouch, .unknownSurface: return NOT_FOUND
    case .alreadyDown: return EXISTS
    case .tooManyTouches: return LIMIT
    }
}

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
    case NOT_FOUND: return cString("surface, output or touch not found")
    case EXISTS: return cString("surface, output or touch id already known")
    case BUSY: return cString("not allowed from inside a callback")
    case VERSION: return cString("unsupported host interface version")
    case WAYLAND: return cString("libwayland call failed")
    case LIMIT: return cString("limit reached")
    case Int32(BEZEL_ERROR_INPUT.rawValue): return cString("libinput set-up or device failed")
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
    guard let p = plugin(handle) else { return INVALID }
    guard let l = LogLevel(rawValue: Int(level)) else {
        p.log(.warning, "bezel_plugin_set_log_level: unknown level \(level)")
        return INVALID
    }
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

/// The router geometry of an output as the host describes it, or `nil` (logged) when the
/// values make no sense.
private func outputGeometry(_ p: Plugin, _ call: String, _ width: Int32, _ height: Int32,
                            _ widthMm: Int32, _ heightMm: Int32, _ transform: Int32) -> OutputGeometry? {
    guard width > 0, height > 0, Double(width) <= coordinateLimit, Double(height) <= coordinateLimit,
          (0...7).contains(transform) else {
        p.log(.warning, "\(call)(\(width)x\(height), transform \(transform)) rejected: the size must be positive and the transform 0..7")
        return nil
    }
    // wl_output transforms 1, 3, 5, 7 rotate by 90 or 270 degrees: the panel's physical
    // width then runs along the user's vertical axis.
    let rotated = transform & 1 == 1
    let mmW = Double(rotated ? heightMm : widthMm), mmH = Double(rotated ? widthMm : heightMm)
    return OutputGeometry(widthPx: Double(width), heightPx: Double(height), widthMm: mmW, heightMm: mmH)
}

/// `bezel_output_set`: output 0's size, physical size and transform.
@_cdecl("bezel_output_set")
public func bezel_c_output_set(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32,
                               _ widthMm: Int32, _ heightMm: Int32, _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let geometry = outputGeometry(p, "bezel_output_set", width, height, widthMm, heightMm, transform) else {
        return INVALID
    }
    guard let origin = p.router.placement(of: 0)?.origin,
          p.router.updateOutput(0, origin: origin, geometry: geometry) else {
        p.log(.warning, "bezel_output_set: output 0 was removed; use bezel_output_add")
        return NOT_FOUND
    }
    p.log(.info, "output 0: \(width)x\(height) px, \(geometry.widthMm)x\(geometry.heightMm) mm (transform \(transform))")
    return OK
}

/// `bezel_output_add`: another output at a layout position.
@_cdecl("bezel_output_add")
public func bezel_c_output_add(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                               _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                               _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    if p.router.placement(of: id) != nil {
        p.log(.warning, "bezel_output_add: output \(id) is already known")
        return EXISTS
    }
    guard plausible(Double(x), Double(y)),
          let geometry = outputGeometry(p, "bezel_output_add", width, height, widthMm, heightMm, transform) else {
        return INVALID
    }
    // The router logs why it refuses: here only a full layout is left.
    guard p.router.addOutput(id, origin: Point(x: Double(x), y: Double(y)), geometry: geometry) else { return LIMIT }
    return OK
}

/// `bezel_output_update`: moves, resizes or re-transforms an output.
@_cdecl("bezel_output_update")
public func bezel_c_output_update(_ handle: OpaquePointer?, _ id: UInt32, _ x: Int32, _ y: Int32,
                                  _ width: Int32, _ height: Int32, _ widthMm: Int32, _ heightMm: Int32,
                                  _ transform: Int32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard p.router.placement(of: id) != nil else {
        p.log(.warning, "bezel_output_update: unknown output \(id)")
        return NOT_FOUND
    }
    guard plausible(Double(x), Double(y)),
          let geometry = outputGeometry(p, "bezel_output_update", width, height, widthMm, heightMm, transform) else {
        return INVALID
    }
    p.router.updateOutput(id, origin: Point(x: Double(x), y: Double(y)), geometry: geometry)
    p.log(.info, "output \(id): at \(x),\(y), \(width)x\(height) px (transform \(transform))")
    return OK
}

/// `bezel_output_remove`: an output went away; what its touches carried is cancelled (R8).
@_cdecl("bezel_output_remove")
public func bezel_c_output_remove(_ handle: OpaquePointer?, _ id: UInt32, _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    let removed = p.router.removeOutput(id, time: p.time(time))
    p.flush()
    return removed ? OK : NOT_FOUND
}

/// `bezel_surface_add`: a surface (or subsurface of `parent`) at a rectangle.
@_cdecl("bezel_surface_add")
public func bezel_c_surface_add(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                _ parent: OpaquePointer?, _ x: Double, _ y: Double,
                                _ width: Double, _ height: Double) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_add: NULL surface")
        return INVALID
    }
    guard plausible(x, y), plausible(width, height), width >= 0, height >= 0 else {
        p.log(.warning, "bezel_surface_add: bad rectangle \(x),\(y) \(width)x\(height)")
        return INVALID
    }
    if let r = p.surfaces[surface], r.node != nil {
        p.log(.warning, "bezel_surface_add: wl_surface@\(wl_resource_get_id(surface)) is already added")
        return EXISTS
    }
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
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_rect: NULL surface")
        return INVALID
    }
    guard plausible(x, y), plausible(width, height), width >= 0, height >= 0 else {
        p.log(.warning, "bezel_surface_set_rect: bad rectangle \(x),\(y) \(width)x\(height)")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_rect") else { return NOT_FOUND }
    p.router.setSurfaceRect(Rect(x: x, y: y, width: width, height: height), surface: node)
    return OK
}

/// `bezel_surface_remove`: removes a surface and its subsurfaces from hit-testing.
@_cdecl("bezel_surface_remove")
public func bezel_c_surface_remove(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_remove: NULL surface")
        return INVALID
    }
    guard let r = p.surfaces[surface], let node = r.node else {
        p.log(.warning, "bezel_surface_remove: wl_surface@\(wl_resource_get_id(surface)) was not added")
        return NOT_FOUND
    }
    p.surfaceByNode[node] = nil
    p.removeNode(of: r, time: p.now())
    p.dropIfUnused(r)
    p.flush()
    return OK
}

/// `bezel_surface_commit`: applies the surface's double-buffered protocol state.
@_cdecl("bezel_surface_commit")
public func bezel_c_surface_commit(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_commit: NULL surface")
        return INVALID
    }
    p.commit(surface: surface, time: p.now())
    return OK
}

/// The host policy calls (R6): checks the surface and the mask's bits, then `apply`s the mask
/// to the surface's record and the router. `what` names the bits and `call` the C function in
/// log lines.
private func setPolicy(_ handle: OpaquePointer?, _ surface: OpaquePointer?, raw: UInt32, hasUnknownBits: Bool,
                       what: String, _ call: String,
                       apply: (Plugin, Plugin.SurfaceRecord, NodeTree.NodeID) -> Void) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface, !hasUnknownBits else {
        p.log(.warning, "\(call): NULL surface or unknown \(what) bits 0x\(String(raw, radix: 16))")
        return INVALID
    }
    // `node(of:)` logs a surface that was not added.
    guard let node = p.node(of: surface, call), let r = p.surfaces[surface] else { return NOT_FOUND }
    apply(p, r, node)
    p.flush()
    return OK
}

/// The queries of what a surface has honoured now: checks, then stores `read`'s answer.
private func getHonored(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                        _ result: UnsafeMutablePointer<UInt32>?, _ call: String,
                        read: (Plugin, NodeTree.NodeID) -> UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
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
        p.router.setPolicyMask(mask, surface: node, time: p.now())
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
/// DESIGN §4.5 M4).
@_cdecl("bezel_surface_set_gesture_policy")
public func bezel_c_surface_set_gesture_policy(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                               _ kinds: UInt32) -> Int32 {
    let mask = GestureKindSet(rawValue: kinds)
    return setPolicy(handle, surface, raw: kinds, hasUnknownBits: mask.hasUnknownBits, what: "gesture kind",
                     "bezel_surface_set_gesture_policy") { p, r, node in
        r.gesturePolicy = mask
        p.router.setGesturePolicyMask(mask, surface: node, time: p.now())
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
    feed(handle, time) { p, t in p.router.setLocked(locked, time: t) }
}

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

/// The three touch-downs. `target` is `nil` to hit-test, or the host's surface (itself
/// possibly NULL: no surface).
private func touchDown(_ handle: OpaquePointer?, output: UInt32, id: Int32, x: Double, y: Double,
                       target: OpaquePointer??, time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): down at \(x),\(y) on output \(output) dropped: not a position")
        return INVALID
    }
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
    p.flush()
    if result == .accepted && unknownSurface { return NOT_FOUND }
    return code(result)
}

/// `bezel_touch_motion`: a finger moved (output-local to the output it went down on).
@_cdecl("bezel_touch_motion")
public func bezel_c_touch_motion(_ handle: OpaquePointer?, _ id: Int32, _ x: Double, _ y: Double,
                                 _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard plausible(x, y) else {
        p.log(.warning, "touch \(id): motion to \(x),\(y) dropped: not a position")
        return INVALID
    }
    let result = p.router.touchMotion(id: id, at: Point(x: x, y: y), time: p.time(time))
    p.flush()
    return code(result)
}

/// `bezel_touch_up`: a finger lifted.
@_cdecl("bezel_touch_up")
public func bezel_c_touch_up(_ handle: OpaquePointer?, _ id: Int32, _ time: UInt32) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    let result = p.router.touchUp(id: id, time: p.time(time))
    p.flush()
    return code(result)
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


// MARK: - Surfaces: input regions, visibility, stacking

/// The most rectangles one input region may have (a region is a handful in practice).
private let maxRegionRects = 4096

/// `bezel_surface_set_input_region`: where a surface takes input (surface-local union).
@_cdecl("bezel_surface_set_input_region")
public func bezel_c_surface_set_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                             _ rects: UnsafePointer<bezel_rect>?, _ count: Int) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_input_region: NULL surface")
        return INVALID
    }
    // size_t arrives as Int: a count above Int.max shows up negative.
    guard count >= 0, count <= maxRegionRects else {
        p.log(.warning, "bezel_surface_set_input_region: \(UInt(bitPattern: count)) rectangles, more than \(maxRegionRects)")
        return LIMIT
    }
    guard count == 0 || rects != nil else {
        p.log(.warning, "bezel_surface_set_input_region: NULL rects with count \(count)")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_input_region") else { return NOT_FOUND }
    let region = UnsafeBufferPointer(start: count > 0 ? rects : nil, count: count).lazy.map {
        Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
    }
    p.router.setInputRegion(region, surface: node)
    return OK
}

/// `bezel_surface_reset_input_region`: the whole surface takes input again.
@_cdecl("bezel_surface_reset_input_region")
public func bezel_c_surface_reset_input_region(_ handle: OpaquePointer?, _ surface: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_reset_input_region: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_reset_input_region") else { return NOT_FOUND }
    p.router.resetInputRegion(surface: node)
    return OK
}

/// `bezel_surface_set_hidden`: a hidden surface (and its subsurfaces) is never hit.
@_cdecl("bezel_surface_set_hidden")
public func bezel_c_surface_set_hidden(_ handle: OpaquePointer?, _ surface: OpaquePointer?, _ hidden: Bool) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_set_hidden: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_set_hidden") else { return NOT_FOUND }
    p.router.setHidden(hidden, surface: node)
    return OK
}

/// `bezel_surface_place_above`: restacks a surface above a sibling (NULL: at the bottom).
@_cdecl("bezel_surface_place_above")
public func bezel_c_surface_place_above(_ handle: OpaquePointer?, _ surface: OpaquePointer?,
                                        _ sibling: OpaquePointer?) -> Int32 {
    guard let p = plugin(handle) else { return INVALID }
    guard let surface else {
        p.log(.warning, "bezel_surface_place_above: NULL surface")
        return INVALID
    }
    guard let node = p.node(of: surface, "bezel_surface_place_above") else { return NOT_FOUND }
    var below: NodeTree.NodeID?
    if let sibling {
        guard let s = p.node(of: sibling, "bezel_surface_place_above (sibling)") else { return NOT_FOUND }
        below = s
    }
    do {
        try p.router.place(node, above: below)
    } catch {
        p.log(.warning, "bezel_surface_place_above: wl_surface@\(wl_resource_get_id(surface)) and its sibling do not share a parent (or are the same surface)")
        return INVALID
    }
    return OK
}
