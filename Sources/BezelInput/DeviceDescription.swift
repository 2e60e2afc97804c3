import BezelCore

/// What a trace says about its device: name, ids, capability bits and absolute axes.
///
/// Filled from an evemu `.desc` (`N:`, `I:`, `P:`, `B:`, `A:` lines) or from the `evdev:` block
/// of a `libinput record` device.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's device name.
    public var name: String
    /// Bus type, vendor, product and version (`struct input_id`).
    public var bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16
    /// `INPUT_PROP_*` bits as bytes, least significant first (evemu `P:` lines).
    public var propertyBytes: [UInt8]
    /// Supported codes per event type, as bit-mask bytes, least significant first (evemu `B:` lines).
    public var codeBits: [UInt16: [UInt8]]
    /// Absolute axes by code.
    public var axes: [UInt16: AbsAxisInfo]

    /// Creates a description.
    public init(name: String = "", bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
                propertyBytes: [UInt8] = [], codeBits: [UInt16: [UInt8]] = [:], axes: [UInt16: AbsAxisInfo] = [:]) {
        self.name = name; self.bus = bus; self.vendor = vendor; self.product = product; self.version = version
        self.propertyBytes = propertyBytes; self.codeBits = codeBits; self.axes = axes
    }

    /// The multitouch X axis (`ABS_MT_POSITION_X`), if the device has one.
    public var positionX: AbsAxisInfo? { axes[EvdevCode.absMtPositionX] }
    /// The multitouch Y axis (`ABS_MT_POSITION_Y`), if the device has one.
    public var positionY: AbsAxisInfo? { axes[EvdevCode.absMtPositionY] }

    /// The single-touch X axis (`ABS_X`), if the device has one.
    public var singleTouchX: AbsAxisInfo? { axes[EvdevCode.absX] }
    /// The single-touch Y axis (`ABS_Y`), if the device has one.
    public var singleTouchY: AbsAxisInfo? { axes[EvdevCode.absY] }

    /// How a touchscreen reports its contacts (docs/design.md §7).
    public enum TouchProtocol: Sendable, CustomStringConvertible {
        /// Multitouch protocol B: `ABS_MT_SLOT` and `ABS_MT_TRACKING_ID`.
        case multitouchSlots
        /// Multitouch protocol A: `ABS_MT_*` contacts separated by `SYN_MT_REPORT`, no slots.
        /// Read with every contact, paired into slots as mtdev does (`ProtocolADecoder`).
        case multitouchProtocolA
        /// A single-touch screen: `BTN_TOUCH` with `ABS_X`/`ABS_Y`.
        case singleTouch
        /// Neither: no axes a touch could be read from.
        case none

        public var description: String {
            switch self {
            case .multitouchSlots: return "multitouch with slots (protocol B)"
            case .multitouchProtocolA: return "multitouch protocol A, every contact paired into slots as mtdev does"
            case .singleTouch: return "single touch (BTN_TOUCH, ABS_X/ABS_Y)"
            case .none: return "no touch axes"
            }
        }
    }

    /// How this device's touches are read, as libinput decides: slots if it has them; else
    /// protocol A if it has `ABS_MT_POSITION_X/Y` (libinput puts it through mtdev); else its
    /// `ABS_X`/`ABS_Y` as a single touch.
    public var touchProtocol: TouchProtocol {
        if positionX != nil && positionY != nil {
            return axes[EvdevCode.absMtSlot] != nil ? .multitouchSlots : .multitouchProtocolA
        }
        return singleTouchX != nil && singleTouchY != nil ? .singleTouch : .none
    }

    /// `true` if the device declares the absolute axis `code` (an `A:` line or a code bit).
    public func hasAxis(_ code: UInt16) -> Bool {
        axes[code] != nil || supports(type: EvdevCode.evAbs, code: code)
    }

    /// Number of hardware slots: `ABS_MT_SLOT`'s maximum + 1, or 1 without that axis.
    public var slotCount: Int {
        guard let slot = axes[EvdevCode.absMtSlot], slot.maximum >= 0 else { return 1 }
        return Int(min(slot.maximum, 255)) + 1
    }

    /// `true` if the type/code bit is set in `codeBits`.
    public func supports(type: UInt16, code: UInt16) -> Bool {
        guard let bytes = codeBits[type] else { return false }
        let index = Int(code) / 8
        return index < bytes.count && bytes[index] & (1 << UInt8(code % 8)) != 0
    }

    /// Sets the type/code bit in `codeBits` (and the type's bit in type 0's mask).
    public mutating func setSupported(type: UInt16, code: UInt16) {
        func set(_ t: UInt16, _ c: UInt16) {
            var bytes = codeBits[t] ?? []
            let index = Int(c) / 8
            if bytes.count <= index { bytes += [UInt8](repeating: 0, count: index + 1 - bytes.count) }
            bytes[index] |= 1 << UInt8(c % 8)
            codeBits[t] = bytes
        }
        set(type, code)
        if type != 0 { set(0, type) }
    }
}
