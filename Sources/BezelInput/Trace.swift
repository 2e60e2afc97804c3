import BezelCore

/// A recorded touchscreen session: the device description and its raw evdev events, as read
/// from an evemu recording (`EvemuTrace.read`) or a `libinput record` file
/// (`LibinputRecordTrace.read`).
///
/// Typical use (what `bezel replay` does):
/// ```swift
/// let trace = try EvemuTrace.read(desc: "dev.desc", events: "dev.events")
/// let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
/// for frame in try trace.frames(mappedTo: output) { ... }
/// ```
public struct Trace: Hashable, Sendable {
    /// The device the events came from.
    public var device: DeviceDescription
    /// The raw events, in file order.
    public var events: [EvdevEvent]
    /// The file the events were read from (for messages).
    public var source: String

    /// Creates a trace.
    public init(device: DeviceDescription, events: [EvdevEvent], source: String = "<trace>") {
        self.device = device; self.events = events; self.source = source
    }

    /// The device's multitouch axes, or an error naming what is missing.
    public func positionAxes() throws(TraceError) -> (x: AbsAxisInfo, y: AbsAxisInfo) {
        guard let x = device.positionX, let y = device.positionY else {
            throw TraceError(file: source, line: 0,
                             reason: "the device has no ABS_MT_POSITION_X/ABS_MT_POSITION_Y axes; not a multitouch touchscreen")
        }
        return (x, y)
    }

    /// Decodes the recorded touches into touch frames in output logical pixels: the slots of a
    /// multitouch device, every contact of a protocol A device (paired into slots as mtdev
    /// does), or the one contact of a single-touch screen (docs/design.md §7).
    ///
    /// - Parameters:
    ///   - output: the output the touchscreen covers.
    ///   - transform: the output's transform.
    ///   - calibration: a calibration matrix on normalized device coordinates.
    ///   - slotLimit: most simultaneous touches; more are dropped with a log line.
    ///   - logger: receives a line for everything repaired or dropped.
    /// - Throws: `TraceError` if the device has no axes to read touches from, or if the
    ///   recording holds touch events and none of them became a touch.
    public func frames(mappedTo output: OutputGeometry, transform: OutputTransform = .normal,
                       calibration: CalibrationMatrix = .identity,
                       slotLimit: Int = TouchFrameBuilder.defaultSlotLimit,
                       logger: Logger = .silent) throws(TraceError) -> [TouchFrame] {
        try frames(mapping: TouchMapping(output: output, transform: transform, calibration: calibration),
                   slotLimit: slotLimit, logger: logger)
    }

    /// Decodes the recorded touches into touch frames with an explicit `TouchMapping`.
    public func frames(mapping: TouchMapping, slotLimit: Int = TouchFrameBuilder.defaultSlotLimit,
                       logger: Logger = .silent) throws(TraceError) -> [TouchFrame] {
        var builder = TouchFrameBuilder(mapping: mapping, slotLimit: slotLimit, logger: logger)
        var result: [TouchFrame] = []
        var protocolA: ProtocolADecoder?
        let kind = device.touchProtocol
        switch kind {
        case .multitouchSlots:
            let axes = try positionAxes()
            var decoder = MultitouchDecoder(axisX: axes.x, axisY: axes.y, slotCount: device.slotCount, logger: logger)
            for event in events {
                if let frame = decoder.feed(event, into: &builder) { result.append(frame) }
            }
        case .multitouchProtocolA:
            let axes = try positionAxes()
            var decoder = ProtocolADecoder(axisX: axes.x, axisY: axes.y, slotCount: ProtocolADecoder.libinputSlotCount,
                                           hasTouchMajor: device.hasAxis(EvdevCode.absMtTouchMajor),
                                           hasTrackingId: device.hasAxis(EvdevCode.absMtTrackingId), logger: logger)
            for event in events {
                if let frame = decoder.feed(event, into: &builder) { result.append(frame) }
            }
            protocolA = decoder
        case .singleTouch:
            guard let x = device.singleTouchX, let y = device.singleTouchY else { break }
            var decoder = SingleTouchDecoder(axisX: x, axisY: y, logger: logger)
            for event in events {
                if let frame = decoder.feed(event, into: &builder) { result.append(frame) }
            }
        case .none:
            throw TraceError(file: source, line: 0, reason: "the device has neither ABS_MT_POSITION_X/Y "
                             + "(multitouch) nor ABS_X/ABS_Y (single touch); no touches can be read from it")
        }
        if builder.activeCount > 0 {
            logger.log(.info, "trace \(source): \(builder.activeCount) touch(es) still down at the end of the recording")
        }
        try checkYield(result, protocol: kind, protocolA: protocolA)
        return result
    }

    /// A recording that holds touches but yields none is an error, never a silent empty run
    /// (docs/design.md §7): the message names the first touch event and why it gave nothing.
    private func checkYield(_ frames: [TouchFrame], protocol kind: DeviceDescription.TouchProtocol,
                            protocolA: ProtocolADecoder?) throws(TraceError) {
        let downs = frames.reduce(0) { n, f in n + f.events.reduce(0) { $0 + ($1.kind == .down ? 1 : 0) } }
        guard downs == 0 else { return }
        guard let first = events.first(where: Self.isTouchData) else {
            throw TraceError(file: source, line: 0, reason: "the recording holds no touch events (\(events.count) events, none of them a contact, position or BTN_TOUCH)")
        }
        let why: String
        switch kind {
        case .multitouchSlots:
            why = "every contact began and ended within one frame, began as a palm, or had no ABS_MT_TRACKING_ID"
        case .multitouchProtocolA:
            if (protocolA?.touchingContactCount ?? 0) > 0 {
                why = "every contact found no free slot"
            } else if (protocolA?.contactCount ?? 0) > 0 {
                why = device.hasAxis(EvdevCode.absMtTrackingId)
                    ? "no contact carried an ABS_MT_TRACKING_ID of 0 or more"
                    : "every contact had ABS_MT_TOUCH_MAJOR 0 (hovering)"
            } else if events.contains(where: { $0.type == EvdevCode.evSyn && $0.code == EvdevCode.synMtReport }) {
                why = "no contact had both ABS_MT_POSITION_X and ABS_MT_POSITION_Y before its SYN_MT_REPORT and a SYN_REPORT after it"
            } else {
                why = "no contact was closed by SYN_MT_REPORT, which a protocol A device sends after each contact"
            }
        case .singleTouch:
            why = events.contains { $0.type == EvdevCode.evKey && $0.code == EvdevCode.btnTouch && $0.value == 1 }
                ? "no BTN_TOUCH press was followed by a SYN_REPORT"
                : "BTN_TOUCH is never pressed, and a device without slots reports a touch only while BTN_TOUCH is 1"
        case .none:
            why = "the device has no touch axes"
        }
        throw TraceError(file: source, line: first.line,
                         reason: "the recording holds touch events (the first here) but yields no touches: \(why)")
    }

    /// `true` for an event that says something about a contact.
    private static func isTouchData(_ e: EvdevEvent) -> Bool {
        switch (e.type, e.code) {
        case (EvdevCode.evKey, EvdevCode.btnTouch): return true
        case (EvdevCode.evSyn, EvdevCode.synMtReport): return true
        case (EvdevCode.evAbs, let code):
            return code == EvdevCode.absX || code == EvdevCode.absY || code == EvdevCode.absMtTrackingId
                || code == EvdevCode.absMtPositionX || code == EvdevCode.absMtPositionY
        default: return false
        }
    }
}
