import BezelCore

/// Reads evemu recordings: a device description (`.desc`: `N:`, `I:`, `P:`, `B:`, `A:` lines)
/// and an event stream (`.events`: `E: sec.usec type code value` lines, type and code in hex,
/// value in decimal). An `.events` file may repeat the description; `#` starts a comment.
public enum EvemuTrace {
    /// Reads a description file and an events file into a `Trace`.
    public static func read(desc descPath: String, events eventsPath: String) throws(TraceError) -> Trace {
        let descText = try TextFile.read(descPath)
        let eventsText = try TextFile.read(eventsPath)
        return try parse(desc: descText, descName: descPath, events: eventsText, eventsName: eventsPath)
    }

    /// Reads an events file that carries its own description (as `evemu-record` writes them).
    public static func read(events eventsPath: String) throws(TraceError) -> Trace {
        let text = try TextFile.read(eventsPath)
        return try parse(desc: text, descName: eventsPath, events: text, eventsName: eventsPath)
    }

    /// Parses description and event text; the names appear in error messages.
    public static func parse(desc: String, descName: String = "<desc>",
                             events: String, eventsName: String = "<events>") throws(TraceError) -> Trace {
        let device = try parseDescription(desc, name: descName)
        let parsed = try parseEvents(events, name: eventsName)
        return Trace(device: device, events: parsed, source: eventsName)
    }

    /// Parses the description records of an evemu file; `E:` lines are ignored.
    public static func parseDescription(_ text: String, name: String = "<desc>") throws(TraceError) -> DeviceDescription {
        var device = DeviceDescription()
        var sawName = false
        for (number, raw) in TextFile.lines(text) {
            guard let (tag, body) = try record(raw, line: number, file: name) else { continue }
            func fail(_ reason: String) -> TraceError { TraceError(file: name, line: number, reason: reason) }
            switch tag {
            case "N":
                device.name = String(body); sawName = true
            case "I":
                let parts = body.split(separator: " ")
                guard parts.count == 4, let values = hexValues(parts, bits: 16) else {
                    throw fail("I: needs 4 hexadecimal ids (bus vendor product version), got '\(body)'")
                }
                device.bus = UInt16(values[0]); device.vendor = UInt16(values[1])
                device.product = UInt16(values[2]); device.version = UInt16(values[3])
            case "P":
                guard let bytes = hexValues(body.split(separator: " "), bits: 8) else {
                    throw fail("P: needs hexadecimal bytes, got '\(body)'")
                }
                device.propertyBytes += bytes.map { UInt8($0) }
            case "B":
                let parts = body.split(separator: " ")
                guard parts.count >= 1, let values = hexValues(parts, bits: 8) else {
                    throw fail("B: needs an event type and hexadecimal bytes, got '\(body)'")
                }
                let type = UInt16(values[0])
                device.codeBits[type, default: []] += values.dropFirst().map { UInt8($0) }
            case "A":
                let parts = body.split(separator: " ")
                guard parts.count == 5 || parts.count == 6,
                      let code = UInt16(parts[0], radix: 16), code <= 0x3f else {
                    throw fail("A: needs 'code min max fuzz flat [resolution]' with a hexadecimal code ≤ 3f, got '\(body)'")
                }
                var numbers: [Int32] = []
                for part in parts.dropFirst() {
                    guard let n = Int32(part) else { throw fail("A: '\(part)' is not a decimal number") }
                    numbers.append(n)
                }
                guard numbers[0] <= numbers[1] else {
                    throw fail("A: axis \(parts[0]) has minimum \(numbers[0]) above maximum \(numbers[1])")
                }
                device.axes[code] = AbsAxisInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                                flat: numbers[3], resolution: numbers.count > 4 ? numbers[4] : 0)
            case "E", "S":
                break   // events; S: (newer evemu) is a comment-like marker
            default:
                throw fail("unknown record '\(tag):'; expected N:, I:, P:, B:, A: or E:")
            }
        }
        if !sawName && device.axes.isEmpty {
            throw TraceError(file: name, line: 0, reason: "no evemu device description (no N: or A: lines)")
        }
        return device
    }

    /// Parses the `E:` lines of an evemu file; description records are skipped.
    public static func parseEvents(_ text: String, name: String = "<events>") throws(TraceError) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        for (number, raw) in TextFile.lines(text) {
            guard let (tag, body) = try record(raw, line: number, file: name) else { continue }
            func fail(_ reason: String) -> TraceError { TraceError(file: name, line: number, reason: reason) }
            guard tag == "E" else {
                // Description records may repeat in an events file; anything else is a mistake.
                if "NIPBAS".contains(tag) { continue }
                throw fail("unknown record '\(tag):'; expected E: (or a description record)")
            }
            let parts = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 4 else {
                throw fail("E: needs 'sec.usec type code value', got '\(body)'")
            }
            let time = parts[0].split(separator: ".", omittingEmptySubsequences: false)
            guard time.count == 2, let seconds = Int64(time[0]), seconds >= 0,
                  time[1].count >= 1, time[1].count <= 6, let fraction = Int64(time[1]), fraction >= 0 else {
                throw fail("E: timestamp '\(parts[0])' is not 'seconds.microseconds'")
            }
            // "1.5" means 500000 µs: scale the fraction to six digits.
            var micros = fraction
            for _ in time[1].count..<6 { micros *= 10 }
            guard let type = UInt16(parts[1], radix: 16) else { throw fail("E: event type '\(parts[1])' is not hexadecimal") }
            guard let code = UInt16(parts[2], radix: 16) else { throw fail("E: event code '\(parts[2])' is not hexadecimal") }
            guard let value = Int32(parts[3]) else { throw fail("E: value '\(parts[3])' is not a 32-bit decimal number") }
            events.append(EvdevEvent(seconds: seconds, microseconds: micros, type: type, code: code, value: value, line: number))
        }
        return events
    }

    /// Splits a line into its record letter and body; `nil` for blank and comment lines.
    private static func record(_ raw: Substring, line: Int, file: String) throws(TraceError) -> (Character, Substring)? {
        var text = raw
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        text = trimmed(text)
        if text.isEmpty { return nil }
        guard text.count >= 2, let tag = text.first, text[text.index(after: text.startIndex)] == ":" else {
            throw TraceError(file: file, line: line, reason: "expected a record like 'E: ...', got '\(raw)'")
        }
        return (tag, trimmed(text.dropFirst(2)))
    }

    private static func hexValues(_ parts: [Substring], bits: Int) -> [UInt32]? {
        var result: [UInt32] = []
        for part in parts {
            guard let v = UInt32(part, radix: 16), v < (UInt32(1) << UInt32(bits)) || bits >= 32 else { return nil }
            result.append(v)
        }
        return result
    }
}

/// `text` without leading and trailing spaces and tabs.
func trimmed(_ text: Substring) -> Substring {
    var t = text
    while let c = t.first, c == " " || c == "\t" { t = t.dropFirst() }
    while let c = t.last, c == " " || c == "\t" { t = t.dropLast() }
    return t
}
