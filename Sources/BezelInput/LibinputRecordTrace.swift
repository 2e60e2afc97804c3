import BezelCore

/// Reads `libinput record` YAML files: the `devices:` list, each device's `evdev:` description
/// (`name`, `id`, `codes`, `absinfo`, `properties`) and its `events:` list, whose `- evdev:`
/// entries are arrays `[sec, usec, type, code, value]` in decimal. `- libinput:` entries (the
/// events libinput itself printed, with `--show-keycodes` etc.) are skipped.
public enum LibinputRecordTrace {
    /// Reads device `deviceIndex` (0 = first) of the recording at `path`.
    public static func read(_ path: String, deviceIndex: Int = 0) throws(TraceError) -> Trace {
        try parse(try TextFile.read(path), name: path, deviceIndex: deviceIndex)
    }

    /// Parses recording text; `name` appears in error messages.
    public static func parse(_ text: String, name: String = "<record>", deviceIndex: Int = 0) throws(TraceError) -> Trace {
        func fail(_ line: Int, _ reason: String) -> TraceError { TraceError(file: name, line: line, reason: reason) }
        let root = try LineYAML.parse(text, file: name)
        guard root.entries != nil else { throw fail(root.line, "a libinput recording starts with a mapping (version:, devices:)") }
        guard let devicesNode = root["devices"] else { throw fail(0, "no 'devices:' list; not a libinput recording") }
        guard let devices = devicesNode.items else { throw fail(devicesNode.line, "'devices:' must be a list") }
        guard deviceIndex >= 0, deviceIndex < devices.count else {
            throw fail(devicesNode.line, "device \(deviceIndex) requested but the recording has \(devices.count)")
        }
        let deviceNode = devices[deviceIndex]
        guard let evdev = deviceNode["evdev"] else { throw fail(deviceNode.line, "device has no 'evdev:' description") }

        var device = DeviceDescription()
        if let n = evdev["name"] {
            guard let s = n.text else { throw fail(n.line, "'name:' must be a string") }
            device.name = s
        }
        if let idNode = evdev["id"] {
            let ids = try integers(idNode, count: 4, name: "id", file: name)
            device.bus = UInt16(truncatingIfNeeded: ids[0]); device.vendor = UInt16(truncatingIfNeeded: ids[1])
            device.product = UInt16(truncatingIfNeeded: ids[2]); device.version = UInt16(truncatingIfNeeded: ids[3])
        }
        if let codes = evdev["codes"] {
            guard let entries = codes.entries else { throw fail(codes.line, "'codes:' must map event types to code lists") }
            for (key, value) in entries {
                guard let type = UInt16(key), type <= 0x1f else { throw fail(value.line, "'\(key)' is not an event type number") }
                for code in try integers(value, count: nil, name: "codes", file: name) {
                    guard code >= 0, code <= 0x2ff else { throw fail(value.line, "event code \(code) out of range") }
                    device.setSupported(type: type, code: UInt16(code))
                }
            }
        }
        if let absinfo = evdev["absinfo"] {
            guard let entries = absinfo.entries else { throw fail(absinfo.line, "'absinfo:' must map axis codes to [min, max, fuzz, flat, resolution]") }
            for (key, value) in entries {
                guard let code = UInt16(key), code <= 0x3f else { throw fail(value.line, "'\(key)' is not an absolute axis code") }
                let n = try integers(value, count: 5, name: "absinfo", file: name)
                guard n.allSatisfy({ $0 >= Int64(Int32.min) && $0 <= Int64(Int32.max) }) else {
                    throw fail(value.line, "absinfo value out of 32-bit range")
                }
                guard n[0] <= n[1] else { throw fail(value.line, "axis \(code) has minimum \(n[0]) above maximum \(n[1])") }
                device.axes[code] = AbsAxisInfo(minimum: Int32(n[0]), maximum: Int32(n[1]), fuzz: Int32(n[2]),
                                                flat: Int32(n[3]), resolution: Int32(n[4]))
                device.setSupported(type: EvdevCode.evAbs, code: code)
            }
        }
        if let props = evdev["properties"] {
            var bytes: [UInt8] = []
            for p in try integers(props, count: nil, name: "properties", file: name) {
                guard p >= 0, p < 256 else { throw fail(props.line, "property \(p) out of range") }
                let index = Int(p) / 8
                if bytes.count <= index { bytes += [UInt8](repeating: 0, count: index + 1 - bytes.count) }
                bytes[index] |= 1 << UInt8(p % 8)
            }
            device.propertyBytes = bytes
        }

        var events: [EvdevEvent] = []
        if let eventsNode = deviceNode["events"] {
            guard let items = eventsNode.items else { throw fail(eventsNode.line, "'events:' must be a list") }
            for item in items {
                guard let entries = item.entries else { throw fail(item.line, "an event entry must be '- evdev:' or '- libinput:'") }
                for (key, value) in entries where key == "evdev" {
                    guard let rows = value.items else { throw fail(value.line, "'evdev:' must be a list of [sec, usec, type, code, value]") }
                    for row in rows {
                        let n = try integers(row, count: 5, name: "evdev event", file: name)
                        guard n[0] >= 0, n[1] >= 0, n[1] < 1_000_000 else { throw fail(row.line, "bad timestamp \(n[0]).\(n[1])") }
                        guard n[2] >= 0, n[2] <= 0x1f, n[3] >= 0, n[3] <= 0x2ff else {
                            throw fail(row.line, "bad event type/code \(n[2])/\(n[3])")
                        }
                        guard n[4] >= Int64(Int32.min), n[4] <= Int64(Int32.max) else { throw fail(row.line, "value \(n[4]) out of 32-bit range") }
                        events.append(EvdevEvent(seconds: n[0], microseconds: n[1], type: UInt16(n[2]), code: UInt16(n[3]),
                                                 value: Int32(n[4]), line: row.line))
                    }
                }
            }
        }
        return Trace(device: device, events: events, source: name)
    }

    private static func integers(_ node: LineYAML.Node, count: Int?, name: String, file: String) throws(TraceError) -> [Int64] {
        guard case .flow(let items, let line) = node else {
            throw TraceError(file: file, line: node.line, reason: "'\(name)' must be a one-line list like [1, 2, 3]")
        }
        if let count, items.count != count {
            throw TraceError(file: file, line: line, reason: "'\(name)' needs \(count) numbers, got \(items.count)")
        }
        var result: [Int64] = []
        for item in items {
            guard let n = item.hasPrefix("0x") ? Int64(item.dropFirst(2), radix: 16) : Int64(item) else {
                throw TraceError(file: file, line: line, reason: "'\(item)' in '\(name)' is not an integer")
            }
            result.append(n)
        }
        return result
    }
}
