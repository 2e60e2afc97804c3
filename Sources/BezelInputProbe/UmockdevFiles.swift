import BezelInput

/// Writes the files that let umockdev emulate a recorded touchscreen for real libinput
/// (docs/design.md §7; see tools/umockdev-preload/README.md):
/// - `device.umockdev`: the sysfs/udev description of an evdev node tagged as a touchscreen;
/// - `device.ioctl`: the evdev ioctl answers (EVIOCGBIT, EVIOCGABS, ...) libevdev asks at open;
/// - `device.script`: a umockdev script that first waits for the handshake event the preload
///   shim writes once libinput has opened and drained the device, then delivers every recorded
///   event with its original timestamp and no delay.
enum UmockdevFiles {
    /// The handshake event (`struct input_event` on 64-bit Linux: 0 s, 0 µs, EV_SYN, code 0x0f,
    /// value 'bezl'). bezel-umockdev-preload.c writes exactly these 24 bytes.
    static let handshake = inputEvent(seconds: 0, microseconds: 0, type: 0, code: 0x0f, value: 0x6265_7a6c)

    /// The three files' contents for `trace`, for a node like `/dev/input/event9`.
    static func make(trace: Trace, node: String) -> (description: [UInt8], ioctl: [UInt8], script: [UInt8])? {
        guard node.hasPrefix("/dev/input/event"), let number = Int(node.dropFirst("/dev/input/event".count)),
              number >= 0, number < 1000 else { return nil }
        let device = trace.device
        let minor = 64 + number
        func hex(_ bytes: [UInt8]) -> String {
            // sysfs prints capability masks as hex numbers, most significant first.
            var value = ""
            for b in bytes.reversed() {
                let h = String(b, radix: 16)
                value += value.isEmpty ? h : (h.count == 1 ? "0" + h : h)
            }
            let stripped = value.drop(while: { $0 == "0" })
            return stripped.isEmpty ? "0" : String(stripped)
        }
        let name = device.name.isEmpty ? "Bezel emulated touchscreen" : device.name
        let description = """
        P: /devices/virtual/input/input\(number)/event\(number)
        N: input/event\(number)
        E: DEVNAME=\(node)
        E: ID_INPUT=1
        E: ID_INPUT_TOUCHSCREEN=1
        E: MAJOR=13
        E: MINOR=\(minor)
        E: SUBSYSTEM=input
        A: dev=13:\(minor)

        P: /devices/virtual/input/input\(number)
        E: ABS=\(hex(device.codeBits[EvdevCode.evAbs] ?? []))
        E: EV=\(hex(device.codeBits[0] ?? []))
        E: ID_INPUT=1
        E: ID_INPUT_TOUCHSCREEN=1
        E: NAME="\(name)"
        E: PROP=\(hex(device.propertyBytes))
        E: SUBSYSTEM=input
        A: name=\(name)
        A: properties=\(hex(device.propertyBytes))


        """

        // Sizes are those libevdev 1.13 passes (the ioctl number encodes the size, and umockdev
        // matches on it): bit masks of <type>_CNT bits in unsigned longs, names of 255 bytes.
        var ioctl = "@DEV \(node)\n"
        func line(_ request: String, _ ret: Int, _ bytes: [UInt8]) {
            ioctl += "\(request) \(ret) " + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined() + "\n"
        }
        func padded(_ bytes: [UInt8], _ size: Int) -> [UInt8] {
            Array(bytes.prefix(size)) + [UInt8](repeating: 0, count: max(0, size - bytes.count))
        }
        line("EVIOCGVERSION", 0, le32(0x010001))
        line("EVIOCGID", 0, le16(device.bus) + le16(device.vendor) + le16(device.product) + le16(device.version))
        let nameBytes = Array(name.utf8.prefix(254)) + [0]
        line("EVIOCGNAME(0)", nameBytes.count, padded(nameBytes, 255))
        line("EVIOCGPHYS(0)", 1, padded([0], 255))
        line("EVIOCGUNIQ(0)", 1, padded([0], 255))
        line("EVIOCGPROP(0)", 8, padded(device.propertyBytes, 8))
        let bitSizes: [(UInt16, Int)] = [(0, 8), (1, 96), (2, 8), (3, 8), (4, 8), (5, 8), (0x11, 8), (0x12, 8),
                                         (0x14, 8), (0x15, 16), (0x16, 8)]
        for (type, size) in bitSizes {
            line("EVIOCGBIT(\(type))", size, padded(device.codeBits[type] ?? [], size))
        }
        line("EVIOCGKEY(0)", 96, [UInt8](repeating: 0, count: 96))
        line("EVIOCGLED(0)", 8, [UInt8](repeating: 0, count: 8))
        line("EVIOCGSW(0)", 8, [UInt8](repeating: 0, count: 8))
        for (code, axis) in device.axes.sorted(by: { $0.key < $1.key }) {
            line("EVIOCGABS(\(code))", 0, le32(0) + le32(axis.minimum) + le32(axis.maximum) + le32(axis.fuzz)
                    + le32(axis.flat) + le32(axis.resolution))
        }

        var script: [UInt8] = Array("# bezel: wait for the preload shim's handshake, then replay\n".utf8)
        script += Array("w 0 ".utf8) + quote(handshake) + [10]
        for e in trace.events {
            script += Array("r 0 ".utf8)
            script += quote(inputEvent(seconds: e.seconds, microseconds: e.microseconds, type: e.type, code: e.code, value: e.value))
            script.append(10)
        }
        return (Array(description.utf8), Array(ioctl.utf8), script)
    }

    /// `struct input_event` as 64-bit little-endian Linux lays it out (24 bytes).
    static func inputEvent(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        le64(seconds) + le64(microseconds) + le16(type) + le16(code) + le32(value)
    }

    /// umockdev's script quoting: bytes below 32 as `^` + (byte + 64), `^` itself as "^`".
    static func quote(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for b in bytes {
            if b < 32 { out += [94, b + 64] } else if b == 94 { out += [94, 96] } else { out.append(b) }
        }
        return out
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func le32(_ v: Int32) -> [UInt8] {
        let u = UInt32(bitPattern: v)
        return (0..<4).map { UInt8((u >> (8 * UInt32($0))) & 0xff) }
    }
    static func le64(_ v: Int64) -> [UInt8] {
        let u = UInt64(bitPattern: v)
        return (0..<8).map { UInt8((u >> (8 * UInt64($0))) & 0xff) }
    }
}
