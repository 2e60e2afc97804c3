/// One decision as a scenario prints it: a JSON object on one line (docs/design.md §8).
public struct OutputLine: Sendable, CustomStringConvertible {
    /// A field value.
    public enum Value: Sendable, Equatable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case strings([String])
    }

    /// When the decision was emitted.
    public var t: Double
    /// The event name (`client.down`, `system.began`, …).
    public var event: String
    /// The other fields, in the order docs/design.md §8 lists them.
    public var fields: [(key: String, value: Value)]

    /// Creates a line.
    public init(t: Double, event: String, fields: [(key: String, value: Value)]) {
        self.t = t; self.event = event; self.fields = fields
    }

    /// The value of `key`, including `t` and `event`.
    public func value(of key: String) -> Value? {
        if key == "t" { return .number(t) }
        if key == "event" { return .string(event) }
        return fields.first { $0.key == key }?.value
    }

    /// The line as compact JSON.
    public var json: String {
        var s = "{\"t\":" + Self.format(t) + ",\"event\":" + Self.quote(event)
        for (k, v) in fields {
            s += "," + Self.quote(k) + ":" + Self.encode(v)
        }
        return s + "}"
    }

    public var description: String { json }

    static func encode(_ v: Value) -> String {
        switch v {
        case .number(let x): return format(x)
        case .string(let x): return quote(x)
        case .bool(let x): return x ? "true" : "false"
        case .strings(let xs): return "[" + xs.map(quote).joined(separator: ",") + "]"
        }
    }

    /// Integers print without a fraction; other values are rounded to 6 decimals so that output
    /// stays stable and readable.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded() && x.magnitude < 1e15 { return String(Int64(x)) }
        // Beyond 1e15 there are no decimals left to round; Int64 could not hold it either.
        if x.magnitude >= 1e15 { return "\(x)" }
        let rounded = (x * 1e6).rounded() / 1e6
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
