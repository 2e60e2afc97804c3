import BezelCore

/// A small, line-oriented reader for the YAML subset that `libinput record` writes: block
/// mappings and block sequences by indentation, `key: value` scalars, one-line flow sequences
/// (`[1, 2, 3]`) and `#` comments. Anything else is an error with its line number. It is not a
/// general YAML parser; BezelInput must stay free of YAML libraries.
enum LineYAML {
    /// A parsed node with the line it started on.
    indirect enum Node: Sendable {
        /// A scalar (quotes removed).
        case scalar(String, line: Int)
        /// A one-line flow sequence `[a, b, c]` of scalars.
        case flow([String], line: Int)
        /// A block mapping, keys in file order.
        case map([(key: String, value: Node)], line: Int)
        /// A block sequence.
        case list([Node], line: Int)
        /// A key with nothing after it.
        case empty(line: Int)

        var line: Int {
            switch self {
            case .scalar(_, let l), .flow(_, let l), .map(_, let l), .list(_, let l), .empty(let l): return l
            }
        }

        /// The value of `key` in a mapping.
        subscript(key: String) -> Node? {
            if case .map(let entries, _) = self { return entries.first(where: { $0.key == key })?.value }
            return nil
        }

        /// Items of a sequence (an empty node is an empty sequence).
        var items: [Node]? {
            switch self {
            case .list(let items, _): return items
            case .empty: return []
            default: return nil
            }
        }

        /// Entries of a mapping.
        var entries: [(key: String, value: Node)]? {
            if case .map(let entries, _) = self { return entries }
            if case .empty = self { return [] }
            return nil
        }

        /// The scalar text.
        var text: String? {
            if case .scalar(let s, _) = self { return s }
            return nil
        }
    }

    private struct Line {
        var indent: Int
        var text: Substring
        var number: Int
    }

    /// Parses `text`; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(TraceError) -> Node {
        var lines: [Line] = []
        for (number, raw) in TextFile.lines(text) {
            if raw.contains("\t") && raw.drop(while: { $0 == " " }).first == "\t" {
                throw TraceError(file: file, line: number, reason: "tab used for indentation")
            }
            let content = stripComment(raw)
            let body = trimmed(content)
            if body.isEmpty || body == "---" { continue }
            let indent = content.prefix(while: { $0 == " " }).count
            lines.append(Line(indent: indent, text: body, number: number))
        }
        var parser = Parser(lines: lines, file: file)
        guard !lines.isEmpty else { return .empty(line: 0) }
        let node = try parser.block(indent: lines[0].indent)
        if parser.index < lines.count {
            let l = lines[parser.index]
            throw TraceError(file: file, line: l.number, reason: "unexpected indentation")
        }
        return node
    }

    /// `line` without a `#` comment (a `#` inside quotes is kept).
    private static func stripComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for i in line.indices {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t" || i == line.startIndex) {
                return line[..<i]
            }
            previous = c
        }
        return line
    }

    private struct Parser {
        var lines: [Line]
        var file: String
        var index = 0

        func fail(_ line: Int, _ reason: String) -> TraceError { TraceError(file: file, line: line, reason: reason) }

        static func isItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

        mutating func block(indent: Int) throws(TraceError) -> Node {
            let first = lines[index]
            return Parser.isItem(first.text) ? try list(indent: indent) : try map(indent: indent)
        }

        mutating func list(indent: Int) throws(TraceError) -> Node {
            let start = lines[index].number
            var items: [Node] = []
            while index < lines.count, lines[index].indent == indent, Parser.isItem(lines[index].text) {
                let line = lines[index]
                let rest = trimmed(line.text.dropFirst())
                if rest.isEmpty {
                    index += 1
                    if index < lines.count, lines[index].indent > indent {
                        items.append(try block(indent: lines[index].indent))
                    } else {
                        items.append(.empty(line: line.number))
                    }
                } else if rest.hasPrefix("[") || rest.hasPrefix("{") || !looksLikeKey(rest) {
                    items.append(try scalarOrFlow(rest, line: line.number))
                    index += 1
                } else {
                    // "- key: value" opens a mapping whose keys sit two columns further in.
                    let keyIndent = indent + (line.text.count - rest.count)
                    lines[index] = Line(indent: keyIndent, text: rest, number: line.number)
                    items.append(try map(indent: keyIndent))
                }
            }
            return .list(items, line: start)
        }

        mutating func map(indent: Int) throws(TraceError) -> Node {
            let start = lines[index].number
            var entries: [(key: String, value: Node)] = []
            while index < lines.count, lines[index].indent == indent {
                let line = lines[index]
                if Parser.isItem(line.text) { throw fail(line.number, "a list item where a 'key: value' was expected") }
                guard let colon = keyColon(line.text) else {
                    throw fail(line.number, "expected 'key: value', got '\(line.text)'")
                }
                let key = unquote(trimmed(line.text[..<colon]))
                let rest = trimmed(line.text[line.text.index(after: colon)...])
                index += 1
                if !rest.isEmpty {
                    entries.append((key, try scalarOrFlow(rest, line: line.number)))
                } else if index < lines.count, lines[index].indent > indent {
                    entries.append((key, try block(indent: lines[index].indent)))
                } else if index < lines.count, lines[index].indent == indent, Parser.isItem(lines[index].text) {
                    // YAML allows a sequence at the same indentation as its key.
                    entries.append((key, try list(indent: indent)))
                } else {
                    entries.append((key, .empty(line: line.number)))
                }
            }
            if index < lines.count, lines[index].indent > indent {
                throw fail(lines[index].number, "unexpected indentation")
            }
            return .map(entries, line: start)
        }

        func looksLikeKey(_ text: Substring) -> Bool { keyColon(text) != nil }

        /// The colon that ends a plain or quoted key (`key: value` or `key:` at the end).
        func keyColon(_ text: Substring) -> Substring.Index? {
            var quote: Character?
            for i in text.indices {
                let c = text[i]
                if let q = quote { if c == q { quote = nil }; continue }
                if c == "\"" || c == "'" { quote = c; continue }
                if c == "[" || c == "{" { return nil }
                if c == ":" {
                    let next = text.index(after: i)
                    if next == text.endIndex || text[next] == " " { return i }
                }
            }
            return nil
        }

        func scalarOrFlow(_ text: Substring, line: Int) throws(TraceError) -> Node {
            if text.hasPrefix("[") {
                guard text.hasSuffix("]") else { throw fail(line, "unterminated flow sequence '\(text)'") }
                let inner = trimmed(text.dropFirst().dropLast())
                if inner.isEmpty { return .flow([], line: line) }
                var items: [String] = []
                for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
                    let item = trimmed(part)
                    if item.isEmpty { throw fail(line, "empty item in flow sequence '\(text)'") }
                    if item.hasPrefix("[") || item.hasPrefix("{") { throw fail(line, "nested flow collections are not supported") }
                    items.append(unquote(item))
                }
                return .flow(items, line: line)
            }
            if text.hasPrefix("{") {
                guard text.hasSuffix("}") else { throw fail(line, "unterminated flow mapping '\(text)'") }
                return .scalar(String(text), line: line)   // libinput's own event lines; not decoded
            }
            return .scalar(unquote(text), line: line)
        }

        func unquote(_ text: Substring) -> String {
            if text.count >= 2, let f = text.first, let l = text.last, f == l, f == "\"" || f == "'" {
                return String(text.dropFirst().dropLast())
            }
            return String(text)
        }
    }
}
