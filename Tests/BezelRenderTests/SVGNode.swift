/// A tiny XML walk over the SVG that `SVGRenderer` writes: elements with attributes, children
/// and text. Enough for tests; not a general XML parser (no CDATA, no entities beyond the five).
final class SVGNode {
    let name: String
    var attributes: [String: String] = [:]
    var children: [SVGNode] = []
    var text = ""
    weak var parent: SVGNode?

    init(name: String) { self.name = name }

    /// Parses `source`; returns a synthetic root whose children are the document's elements.
    static func parse(_ source: String) -> SVGNode {
        let root = SVGNode(name: "#root")
        var stack = [root]
        let chars = Array(source.unicodeScalars)
        var i = 0
        func readName() -> String {
            var s = ""
            while i < chars.count, !" \n\t/>=".unicodeScalars.contains(chars[i]) { s.unicodeScalars.append(chars[i]); i += 1 }
            return s
        }
        func skipSpace() { while i < chars.count, chars[i] == " " || chars[i] == "\n" || chars[i] == "\t" { i += 1 } }
        while i < chars.count {
            if chars[i] != "<" {
                var s = ""
                while i < chars.count, chars[i] != "<" { s.unicodeScalars.append(chars[i]); i += 1 }
                stack.last!.text += unescape(s)
                continue
            }
            i += 1
            if chars[i] == "?" || chars[i] == "!" {
                while i < chars.count, chars[i] != ">" { i += 1 }
                i += 1
                continue
            }
            if chars[i] == "/" {
                i += 1
                _ = readName()
                while i < chars.count, chars[i] != ">" { i += 1 }
                i += 1
                if stack.count > 1 { stack.removeLast() }
                continue
            }
            let node = SVGNode(name: readName())
            node.parent = stack.last
            stack.last!.children.append(node)
            var selfClosing = false
            while i < chars.count {
                skipSpace()
                if chars[i] == "/" { selfClosing = true; i += 1; continue }
                if chars[i] == ">" { i += 1; break }
                let key = readName()
                skipSpace()
                i += 1 // =
                skipSpace()
                let quote = chars[i]
                i += 1
                var value = ""
                while i < chars.count, chars[i] != quote { value.unicodeScalars.append(chars[i]); i += 1 }
                i += 1
                node.attributes[key] = unescape(value)
            }
            if !selfClosing { stack.append(node) }
        }
        return root
    }

    static func unescape(_ s: String) -> String {
        var out = s
        for (e, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
            out = out.replacing(e, with: c)
        }
        return out
    }

    /// This node and all its descendants, in document order.
    var all: [SVGNode] { [self] + children.flatMap(\.all) }

    /// The classes of the element.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// Descendants with `name` (any if nil) that have every class in `classes` and match `attributes`.
    func find(_ name: String? = nil, classes wanted: [String] = [], _ attrs: [String: String] = [:]) -> [SVGNode] {
        all.filter { n in
            (name == nil || n.name == name) && wanted.allSatisfy(n.classes.contains)
                && attrs.allSatisfy { n.attributes[$0.key] == $0.value }
        }
    }

    /// The nearest ancestor with class `cls`.
    func ancestor(withClass cls: String) -> SVGNode? {
        var p = parent
        while let n = p {
            if n.classes.contains(cls) { return n }
            p = n.parent
        }
        return nil
    }

    /// A numeric attribute.
    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
}
