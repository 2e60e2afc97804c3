import BezelCore
import CBezel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The `[bezel]` configuration (bezel.h, "CONFIGURATION"): one parser for every host, from
// pairs, text or an ini file, and the settings and edge bindings read back; and the event log
// (section 5).

/// `bezel_plugin_configure`: the defaults overridden by `[bezel]` pairs (docs/design.md §4.4).
@_cdecl("bezel_plugin_configure")
public func bezel_c_plugin_configure(_ handle: OpaquePointer?,
                                     _ keys: UnsafePointer<UnsafePointer<CChar>?>?,
                                     _ values: UnsafePointer<UnsafePointer<CChar>?>?,
                                     _ count: Int) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    // A call that cannot be read leaves the defaults, as for a bad key.
    func rejected(_ why: String) -> Int32 {
        p.log(.warning, "configuration rejected, using the defaults: \(why)")
        p.configure([])
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
    return p.configure(entries) ? OK : INVALID
}

/// Configures from `text`'s key=value lines; `firstLine` numbers them for log lines.
private func configure(_ p: Plugin, lines text: Substring, firstLine: Int, source: String) -> Int32 {
    let parsed = ConfigText(lines: text, firstLine: firstLine)
    for problem in parsed.problems { p.log(.warning, "\(source) \(problem); line ignored") }
    let ok = p.configure(parsed.entries)
    return ok && parsed.problems.isEmpty ? OK : INVALID
}

/// `bezel_plugin_configure_text`: the same, from `key=value` lines.
@_cdecl("bezel_plugin_configure_text")
public func bezel_c_plugin_configure_text(_ handle: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let text else {
        p.log(.warning, "bezel_plugin_configure_text: NULL text")
        return INVALID
    }
    let s = String(cString: text)
    return configure(p, lines: s[...], firstLine: 1, source: "configuration text")
}

/// `bezel_plugin_configure_file`: the same, from a section of an ini file.
@_cdecl("bezel_plugin_configure_file")
public func bezel_c_plugin_configure_file(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                          _ section: UnsafePointer<CChar>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let path else {
        p.log(.warning, "bezel_plugin_configure_file: NULL path")
        return INVALID
    }
    let name = String(cString: path)
    guard let contents = readFile(path) else {
        p.log(.warning, "cannot read the configuration \(name): \(String(cString: strerror(errno)))")
        return IO
    }
    guard let section else {
        return configure(p, lines: contents[...], firstLine: 1, source: name)
    }
    let wanted = String(cString: section)
    guard let found = ConfigText.section(wanted, of: contents) else {
        p.log(.info, "\(name) has no [\(wanted)] section: default configuration")
        return configure(p, lines: "", firstLine: 1, source: name)
    }
    return configure(p, lines: found.lines, firstLine: found.firstLine, source: "\(name) [\(wanted)]")
}

/// `bezel_plugin_set_setting`: one key changed, the others kept.
@_cdecl("bezel_plugin_set_setting")
public func bezel_c_plugin_set_setting(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                       _ value: UnsafePointer<CChar>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let key, let value else {
        p.log(.warning, "bezel_plugin_set_setting: NULL key or value")
        return INVALID
    }
    return p.setSetting(String(cString: key), String(cString: value))
}

/// The whole of a text file, or `nil` (errno set) if it cannot be read.
private func readFile(_ path: UnsafePointer<CChar>) -> String? {
    guard let f = fopen(path, "re") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count {
            if ferror(f) != 0 { return nil }
            break
        }
        // A configuration is a few kilobytes; anything past 1 MiB is not one.
        if bytes.count > 1 << 20 {
            errno = EFBIG
            return nil
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// `bezel_plugin_get_setting`: a host setting's value in force, as text.
@_cdecl("bezel_plugin_get_setting")
public func bezel_c_plugin_get_setting(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                       _ buf: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let key, let buf, size > 0 else {
        p.log(.warning, "bezel_plugin_get_setting: NULL key or buffer, or size 0")
        return INVALID
    }
    let name = String(cString: key)
    guard let value = p.setting(name) else {
        p.log(.warning, "bezel_plugin_get_setting: \(name) is not a setting of the [bezel] list")
        return NOT_FOUND
    }
    let utf8 = Array(value.utf8)
    let n = min(utf8.count, size - 1)
    for i in 0..<n { buf[i] = CChar(bitPattern: utf8[i]) }
    buf[n] = 0
    return n == utf8.count ? OK : LIMIT
}

/// A setting's value for the typed getters: the result code, and the value when it is OK.
private func typedSetting(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ call: String,
                          _ kind: String, _ isKind: (HostSettingSpec.Kind) -> Bool) -> (Int32, String?) {
    guard let p = plugin(handle) else { return (refusal(handle), nil) }
    guard let key else {
        p.log(.warning, "\(call): NULL key or result pointer")
        return (INVALID, nil)
    }
    let name = String(cString: key)
    guard let spec = HostSettings.spec(name), let value = p.setting(name) else {
        p.log(.warning, "\(call): \(name) is not a setting of the [bezel] list")
        return (NOT_FOUND, nil)
    }
    guard isKind(spec.kind) else {
        p.log(.warning, "\(call): \(name) is not \(kind)")
        return (INVALID, nil)
    }
    return (OK, value)
}

/// `bezel_plugin_get_setting_int`: a numeric setting.
@_cdecl("bezel_plugin_get_setting_int")
public func bezel_c_plugin_get_setting_int(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ value: UnsafeMutablePointer<Int32>?) -> Int32 {
    let (code, text) = typedSetting(handle, value == nil ? nil : key, "bezel_plugin_get_setting_int", "a number") {
        if case .count = $0 { return true } else { return false }
    }
    guard code == OK, let value, let text, let n = Int32(text) else { return code == OK ? INVALID : code }
    value.pointee = n
    return OK
}

/// `bezel_plugin_get_setting_bool`: a true/false setting.
@_cdecl("bezel_plugin_get_setting_bool")
public func bezel_c_plugin_get_setting_bool(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                            _ value: UnsafeMutablePointer<Bool>?) -> Int32 {
    let (code, text) = typedSetting(handle, value == nil ? nil : key, "bezel_plugin_get_setting_bool", "true or false") {
        if case .boolean = $0 { return true } else { return false }
    }
    guard code == OK, let value, let text else { return code }
    value.pointee = text == "true"
    return OK
}

/// `bezel_plugin_get_bindings`: the bound edges, and one edge's segments with their gestures.
@_cdecl("bezel_plugin_get_bindings")
public func bezel_c_plugin_get_bindings(_ handle: OpaquePointer?, _ edge: UInt32, _ edges: UnsafeMutablePointer<UInt32>?,
                                        _ segments: UnsafeMutablePointer<bezel_edge_segment>?, _ capacity: Int,
                                        _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    // size_t arrives as Int: a capacity above Int.max shows up negative.
    guard edge == 0 || Edge(rawValue: edge) != nil, capacity >= 0, segments != nil || capacity == 0 else {
        p.log(.warning, "bezel_plugin_get_bindings: edge \(edge) is not one edge, or no room for the segments")
        return INVALID
    }
    let bindings = p.router.config.bindings
    if let edges {
        var mask: UInt32 = 0
        for e in Edge.allCases where !bindings[e.index].isEmpty { mask |= e.rawValue }
        edges.pointee = mask
    }
    guard let which = Edge(rawValue: edge) else {
        count?.pointee = 0
        return OK
    }
    let bound = bindings[which.index]
    count?.pointee = bound.count
    if let segments {
        for (i, segment) in bound.prefix(capacity).enumerated() {
            segments[i] = bezel_edge_segment(start: segment.from, end: segment.to, gesture: p.gestureName(segment.gesture))
        }
    }
    return bound.count <= capacity ? OK : LIMIT
}

/// `bezel_plugin_set_event_log`: opens (or, with NULL or "", closes) the plugin's event log.
@_cdecl("bezel_plugin_set_event_log")
public func bezel_c_plugin_set_event_log(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    guard let p = plugin(handle) else { return refusal(handle) }
    guard let path, path.pointee != 0 else { return p.openEventLog(nil) }
    return p.openEventLog(String(cString: path))
}

/// `bezel_plugin_get_event_log`: the plugin's event log, for the host's own lines.
@_cdecl("bezel_plugin_get_event_log")
public func bezel_c_plugin_get_event_log(_ handle: OpaquePointer?) -> OpaquePointer? {
    plugin(handle)?.eventLog
}
