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

    /// Decodes the multitouch slots into touch frames in output logical pixels.
    ///
    /// - Parameters:
    ///   - output: the output the touchscreen covers.
    ///   - transform: the output's transform.
    ///   - calibration: a calibration matrix on normalized device coordinates.
    ///   - slotLimit: most simultaneous touches; more are dropped with a log line.
    ///   - logger: receives a line for everything repaired or dropped.
    /// - Throws: `TraceError` if the device has no multitouch position axes.
    public func frames(mappedTo output: OutputGeometry, transform: OutputTransform = .normal,
                       calibration: CalibrationMatrix = .identity,
                       slotLimit: Int = TouchFrameBuilder.defaultSlotLimit,
                       logger: Logger = .silent) throws(TraceError) -> [TouchFrame] {
        try frames(mapping: TouchMapping(output: output, transform: transform, calibration: calibration),
                   slotLimit: slotLimit, logger: logger)
    }

    /// Decodes the multitouch slots into touch frames with an explicit `TouchMapping`.
    public func frames(mapping: TouchMapping, slotLimit: Int = TouchFrameBuilder.defaultSlotLimit,
                       logger: Logger = .silent) throws(TraceError) -> [TouchFrame] {
        let axes = try positionAxes()
        var builder = TouchFrameBuilder(mapping: mapping, slotLimit: slotLimit, logger: logger)
        var decoder = MultitouchDecoder(axisX: axes.x, axisY: axes.y, slotCount: device.slotCount, logger: logger)
        var result: [TouchFrame] = []
        for event in events {
            if let frame = decoder.feed(event, into: &builder) { result.append(frame) }
        }
        if builder.activeCount > 0 {
            logger.log(.info, "trace \(source): \(builder.activeCount) touch(es) still down at the end of the recording")
        }
        return result
    }
}
