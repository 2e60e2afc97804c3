/// Builds SVG text: elements with attributes, escaped text, compact numbers.
struct SVGWriter {
    private(set) var text = ""

    /// A number with at most two decimals and no trailing zeros.
    static func num(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let r = (x * 100).rounded() / 100
        if r == r.rounded() && r.magnitude < 1e12 { return String(Int64(r)) }
        return "\(r)"
    }

    /// `s` escaped for text and attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    mutating func raw(_ s: String) { text += s }

    /// Opens `<name …>`.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<" + name + Self.attributes(attributes) + ">\n"
    }

    /// Closes `</name>`.
    mutating func close(_ name: String) { text += "</" + name + ">\n" }

    /// A complete element, empty or with escaped text content.
    mutating func element(_ name: String, _ attributes: [(String, String)], text content: String? = nil) {
        if let content {
            text += "<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">\n"
        } else {
            text += "<" + name + Self.attributes(attributes) + "/>\n"
        }
    }

    static func attributes(_ list: [(String, String)]) -> String {
        var s = ""
        for (k, v) in list { s += " " + k + "=\"" + escape(v) + "\"" }
        return s
    }
}
