import BezelCore

/// A plain one-line text form of a `TouchFrame`, used by `bezel-input-probe` and the tests that
/// compare the live libinput path with the trace readers, and handy in debug logs.
///
/// `t=<ms> down <id> <x> <y>; motion <id> <x> <y>; up <id>; cancel`. Numbers use Swift's
/// shortest round-trip spelling, so parsing a line gives back bit-identical values.
public enum TouchFrameText {
    /// The line for `frame`.
    public static func line(_ frame: TouchFrame) -> String {
        var parts: [String] = []
        parts.reserveCapacity(frame.events.count)
        for e in frame.events {
            switch e.kind {
            case .down: parts.append("down \(e.id) \(e.position.x) \(e.position.y)")
            case .motion: parts.append("motion \(e.id) \(e.position.x) \(e.position.y)")
            case .up: parts.append("up \(e.id)")
            case .cancel: parts.append("cancel")
            }
        }
        return "t=\(frame.time.value) " + parts.joined(separator: "; ")
    }

    /// Parses a line written by `line(_:)`; `nil` if it is not one.
    public static func parse(_ text: Substring) -> TouchFrame? {
        guard text.hasPrefix("t="), let space = text.firstIndex(of: " "),
              let time = Double(text[text.index(text.startIndex, offsetBy: 2)..<space]) else { return nil }
        let t = Milliseconds(time)
        var events: [TouchInput] = []
        for part in text[text.index(after: space)...].split(separator: ";") {
            let f = part.split(separator: " ")
            guard let kind = f.first else { return nil }
            switch (kind, f.count) {
            case ("down", 4), ("motion", 4):
                guard let id = Int32(f[1]), let x = Double(f[2]), let y = Double(f[3]) else { return nil }
                events.append(TouchInput(kind: kind == "down" ? .down : .motion, id: id, position: Point(x: x, y: y), time: t))
            case ("up", 2):
                guard let id = Int32(f[1]) else { return nil }
                events.append(TouchInput(kind: .up, id: id, time: t))
            case ("cancel", 1):
                events.append(TouchInput(kind: .cancel, id: -1, time: t))
            default:
                return nil
            }
        }
        return TouchFrame(time: t, events: events)
    }
}
