/// Colours and shapes shared by the picture and its legend.
public enum RenderStyle {
    /// The stroke colour of samples owned by `owner`.
    public static func colour(_ owner: SampleOwner) -> String {
        switch owner {
        case .client: return "#1f77b4"
        case .held: return "#ff7f0e"
        case .system: return "#2ca02c"
        case .drag: return "#9467bd"
        case .dropped: return "#9a9a9a"
        }
    }

    /// Fill colours of the zone segments, alternating along an edge.
    static let zoneFills = ["#f6c9c4", "#c9d8f2"]

    /// Colour of a marker of `kind`.
    static func colour(_ kind: TrackMarker.Kind) -> String {
        switch kind {
        case .down, .up: return "#222222"
        case .flush: return "#ff7f0e"
        case .cancel, .fail: return "#d62728"
        case .begin, .end: return "#1a7f1a"
        case .deferredSwipe, .drag: return "#9467bd"
        }
    }

    /// SVG for a marker of `kind` centred on (`x`, `y`), with the given classes and extra attributes.
    static func marker(_ kind: TrackMarker.Kind, x: Double, y: Double, attributes: [(String, String)]) -> String {
        let c = colour(kind)
        let n = SVGWriter.num
        let a = SVGWriter.attributes(attributes)
        switch kind {
        case .down:
            return "<circle\(a) cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"4\" fill=\"#ffffff\" stroke=\"\(c)\" stroke-width=\"1.5\"/>\n"
        case .up:
            return "<circle\(a) cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"3\" fill=\"\(c)\"/>\n"
        case .flush:
            return "<path\(a) d=\"M\(n(x)) \(n(y - 5))L\(n(x + 5)) \(n(y))L\(n(x)) \(n(y + 5))L\(n(x - 5)) \(n(y))Z\" fill=\"#ffffff\" stroke=\"\(c)\" stroke-width=\"1.5\"/>\n"
        case .cancel:
            return "<path\(a) d=\"M\(n(x - 4)) \(n(y - 4))L\(n(x + 4)) \(n(y + 4))M\(n(x + 4)) \(n(y - 4))L\(n(x - 4)) \(n(y + 4))\" stroke=\"\(c)\" stroke-width=\"2\" fill=\"none\"/>\n"
        case .begin:
            return "<path\(a) d=\"M\(n(x)) \(n(y - 5))L\(n(x + 5)) \(n(y + 4))L\(n(x - 5)) \(n(y + 4))Z\" fill=\"\(c)\"/>\n"
        case .end:
            return "<rect\(a) x=\"\(n(x - 3.5))\" y=\"\(n(y - 3.5))\" width=\"7\" height=\"7\" fill=\"\(c)\"/>\n"
        case .fail:
            // A circle with a slash, as one path.
            return "<path\(a) d=\"M\(n(x - 4.5)) \(n(y))A4.5 4.5 0 1 0 \(n(x + 4.5)) \(n(y))A4.5 4.5 0 1 0 \(n(x - 4.5)) \(n(y))M\(n(x - 3.2)) \(n(y + 3.2))L\(n(x + 3.2)) \(n(y - 3.2))\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"1.3\"/>\n"
        case .deferredSwipe:
            return "<path\(a) d=\"M\(n(x)) \(n(y + 5))L\(n(x + 5)) \(n(y - 4))L\(n(x - 5)) \(n(y - 4))Z\" fill=\"#ffffff\" stroke=\"\(c)\" stroke-width=\"1.5\"/>\n"
        case .drag:
            return "<rect\(a) x=\"\(n(x - 3.5))\" y=\"\(n(y - 3.5))\" width=\"7\" height=\"7\" fill=\"#ffffff\" stroke=\"\(c)\" stroke-width=\"1.5\"/>\n"
        }
    }

    /// What a marker means, for the legend.
    static func legend(_ kind: TrackMarker.Kind) -> String {
        switch kind {
        case .down: return "down"
        case .up: return "up"
        case .flush: return "flush (held events released)"
        case .cancel: return "cancel (client or device)"
        case .begin: return "system gesture began"
        case .end: return "system gesture ended"
        case .fail: return "candidate failed (reason)"
        case .deferredSwipe: return "deferred swipe (edge armed)"
        case .drag: return "drag started"
        }
    }
}
