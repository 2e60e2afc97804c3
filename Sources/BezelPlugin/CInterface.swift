import BezelCore
import CBezel
import CWaylandServer

// The C interface of libbezel.so. `bezel.h` (CBezel/Sources/CBezel/include) documents every
// function; the signatures here must match it (the protocol tests compile C against the header
// and link this library, so a mismatch shows up there). This file holds what every entry point
// shares, and the plugin's life cycle; the others are by concern: CInterface+Configuration,
// +Outputs, +Surfaces, +Policy, +Touches.
//
// Every entry point validates its arguments and returns a `bezel_result`; none of them traps on
// input a host or client can produce.

/// The library version as `(major << 16) | (minor << 8) | micro`.
public let bezelVersion: UInt32 = (0 << 16) | (7 << 8) | 0

private let versionString: StaticString = "0.7.0"

func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

let OK = Int32(BEZEL_OK.rawValue)
let INVALID = Int32(BEZEL_ERROR_INVALID_ARGUMENT.rawValue)
let NOT_FOUND = Int32(BEZEL_ERROR_NOT_FOUND.rawValue)
let EXISTS = Int32(BEZEL_ERROR_EXISTS.rawValue)
let BUSY = Int32(BEZEL_ERROR_BUSY.rawValue)
let VERSION = Int32(BEZEL_ERROR_VERSION.rawValue)
let WAYLAND = Int32(BEZEL_ERROR_WAYLAND.rawValue)
let LIMIT = Int32(BEZEL_ERROR_LIMIT.rawValue)
let IO = Int32(BEZEL_ERROR_IO.rawValue)

/// The plugin behind a `struct bezel_plugin *`; `nil` also while the host's `log` callback
/// runs: a line can come from the middle of a state change, so no call may re-enter then.
func plugin(_ p: OpaquePointer?) -> Plugin? {
    guard let p else { return nil }
    let plugin = Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
    return plugin.logGate.busy ? nil : plugin
}

/// Why `plugin(handle)` gave no plugin: a NULL handle, or a call from inside `log` (BUSY).
func refusal(_ handle: OpaquePointer?) -> Int32 { handle == nil ? INVALID : BUSY }

/// The common shape of a host call that feeds the router: resolve the handle, let `body` feed
/// the router with the host time converted, then deliver what it decided.
func feed(_ handle: OpaquePointer?, _ time: UInt32, _ body: (Plugin, Milliseconds) -> Void) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    body(p, p.time(time))
    p.deliverDecisions()
    return OK
}

/// `BEZEL_COORDINATE_LIMIT`: coordinates beyond it are garbage, not a screen.
let coordinateLimit = 16_777_216.0

/// Both coordinates are finite and within `BEZEL_COORDINATE_LIMIT` (NaN fails both tests).
func plausible(_ x: Double, _ y: Double) -> Bool {
    x.magnitude <= coordinateLimit && y.magnitude <= coordinateLimit
}

/// The result code for what the router did with a touch event.
func code(_ result: TouchInputResult) -> Int32 {
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
    case IO: return cString("a file could not be opened or read")
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
    guard let handle else { return INVALID }
    guard let p = plugin(handle) else { return BUSY }
    if p.delivering { return BUSY }
    p.teardown()
    Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(handle)).release()
    return OK
}

/// `bezel_plugin_set_log_level`: the most verbose level passed to the host.
@_cdecl("bezel_plugin_set_log_level")
public func bezel_c_plugin_set_log_level(_ handle: OpaquePointer?, _ level: Int32) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let l = LogLevel(rawValue: Int(level)) else {
        p.log(.warning, "bezel_plugin_set_log_level: unknown level \(level)")
        return INVALID
    }
    p.router.logger.threshold = l
    return OK
}

