import BezelCore

/// Draws a `Recording` as a standalone SVG: the output in mm with its zones, the touch paths
/// coloured by owner with their markers and failure reasons, a legend, and a timeline strip.
///
/// The SVG has no scripts and no external resources, and uses the generic `sans-serif` family.
/// Elements carry classes and `data-*` attributes so that tools and tests can find them:
/// `#output`, `.zone[data-edge][data-gesture]`, `.path[data-owner][data-touch]`,
/// `.marker.marker-<kind>`, `.reason[data-reason]`, and in `#timeline` (which carries
/// `data-x0`, `data-t0` and `data-px-per-ms`) `.lane`, `.span[data-t0][data-t1]` and
/// `.tick[data-t]`. A timeline x is `x0 + (t - t0) * px-per-ms`.
public struct SVGRenderer: Sendable {
    /// Width of the whole picture in SVG units.
    public var width = 980.0
    /// The longest side of the output outline in SVG units.
    public var mapSize = 560.0
    /// At most this many touch lanes on the timeline; the others are counted in a note.
    public var maxTouchLanes = 40
    /// Path points closer than this (SVG units) to the previous kept point are dropped.
    public var decimation = 0.75

    /// Creates a renderer with the default layout.
    public init() {}

    /// Height of one timeline lane.
    static let laneHeight = 24.0
    /// Left edge of the timeline plot (lane names go to its left).
    static let laneLabelWidth = 150.0

    /// The SVG text for `recording`.
    public func render(_ recording: Recording) -> String {
        var w = SVGWriter()
        let out = recording.output
        let scale = min(mapSize / out.heightMm, mapSize * 0.75 / out.widthMm)
        let mapX = 40.0, mapY = 70.0
        let mapW = out.widthMm * scale, mapH = out.heightMm * scale
        /// Output px → SVG point.
        func map(_ p: Point) -> (x: Double, y: Double) {
            (mapX + p.x * out.mmPerPxX * scale, mapY + p.y * out.mmPerPxY * scale)
        }
        let legendX = mapX + mapW + 50
        let legendBottom = mapY + 420

        // Timeline geometry.
        let shownTracks = Array(recording.tracks.prefix(maxTouchLanes))
        let laneCount = shownTracks.count + recording.gestureLanes.count + recording.edgeLanes.count
        let timelineY = max(mapY + mapH + 50, legendBottom + 20)
        let height = timelineY + 40 + Double(laneCount) * Self.laneHeight + 40
        var tEnd = recording.endTime
        for e in recording.edgeLanes { for s in e.armed { tEnd = max(tEnd, s.t1) } }
        for tr in shownTracks { if let h = tr.holdExpiry { tEnd = max(tEnd, h) } }
        // The axis starts on a round time at or before the first instant.
        let step = Self.niceStep(range: tEnd - recording.startTime, targetTicks: 10)
        let t0 = (recording.startTime / step).rounded(.down) * step
        let plotX = Self.laneLabelWidth, plotW = width - plotX - 30
        let pxPerMs = plotW / max(tEnd - t0, 1)
        func tx(_ t: Double) -> Double { plotX + (t - t0) * pxPerMs }
        let n = SVGWriter.num

        w.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        w.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
                       ("width", n(width)), ("height", n(height)),
                       ("viewBox", "0 0 \(n(width)) \(n(height))"),
                       ("font-family", "sans-serif"), ("font-size", "11")])
        w.element("rect", [("x", "0"), ("y", "0"), ("width", n(width)), ("height", n(height)), ("fill", "#ffffff")])
        let touches = recording.tracks.count
        w.element("text", [("id", "title"), ("x", "16"), ("y", "24"), ("font-size", "15"), ("font-weight", "bold")],
                  text: "bezel render: \(recording.title)")
        w.element("text", [("x", "16"), ("y", "42"), ("fill", "#555555")],
                  text: "output \(n(out.widthPx))×\(n(out.heightPx)) px, \(n(out.widthMm))×\(n(out.heightMm)) mm; "
                      + "\(touches) touch\(touches == 1 ? "" : "es"), "
                      + "\(recording.tracks.reduce(0) { $0 + $1.samples.count }) samples; "
                      + "\(n(t0))–\(n(recording.endTime)) ms")

        // MARK: Output, mm grid, surfaces, zones
        w.open("g", [("id", "map")])
        w.element("rect", [("id", "output"), ("class", "output"), ("x", n(mapX)), ("y", n(mapY)),
                           ("width", n(mapW)), ("height", n(mapH)), ("fill", "#fbfbfb"), ("stroke", "#333333"),
                           ("stroke-width", "1.5"), ("data-width-mm", n(out.widthMm)), ("data-height-mm", n(out.heightMm))])
        var grid = ""
        var mm = 10.0
        while mm < out.widthMm {
            let x = mapX + mm * scale
            grid += "M\(n(x)) \(n(mapY - 4))L\(n(x)) \(n(mapY))"
            mm += 10
        }
        mm = 10
        while mm < out.heightMm {
            let y = mapY + mm * scale
            grid += "M\(n(mapX - 4)) \(n(y))L\(n(mapX)) \(n(y))"
            mm += 10
        }
        w.element("path", [("class", "mm-ticks"), ("d", grid), ("stroke", "#333333"), ("stroke-width", "1")])
        w.element("text", [("x", n(mapX + mapW / 2)), ("y", n(mapY - 8)), ("text-anchor", "middle"), ("fill", "#555555")],
                  text: "\(n(out.widthMm)) mm (ticks every 10 mm)")
        w.element("text", [("x", n(mapX - 10)), ("y", n(mapY + mapH / 2)), ("text-anchor", "middle"), ("fill", "#555555"),
                           ("transform", "rotate(-90 \(n(mapX - 10)) \(n(mapY + mapH / 2)))")],
                  text: "\(n(out.heightMm)) mm")
        for s in recording.surfaces {
            let a = map(Point(x: s.rect.x, y: s.rect.y))
            let b = map(Point(x: s.rect.x + s.rect.width, y: s.rect.y + s.rect.height))
            w.element("rect", [("class", "surface"), ("data-surface", s.name), ("x", n(a.x + 1)), ("y", n(a.y + 1)),
                               ("width", n(max(b.x - a.x - 2, 0))), ("height", n(max(b.y - a.y - 2, 0))),
                               ("fill", "none"), ("stroke", "#b0b0b0"), ("stroke-dasharray", "4 3")])
            w.element("text", [("class", "surface-label"), ("x", n((a.x + b.x) / 2)), ("y", n((a.y + b.y) / 2)),
                               ("text-anchor", "middle"), ("fill", "#999999")],
                      text: "surface \(s.name)")
            // Deferred regions (protocol version 3): where the surface's deferred edges apply.
            // A region committed later is labelled with its time; a reset says so.
            for commit in s.deferredRegions {
                let when = commit.t > 0 ? " @\(n(commit.t)) ms" : ""
                guard let rects = commit.rects else {
                    w.element("text", [("class", "deferred-region-reset"), ("data-surface", s.name), ("data-t", n(commit.t)),
                                       ("x", n(a.x + 4)), ("y", n(b.y - 4)), ("fill", "#00796b")],
                              text: "deferred region of \(s.name): whole surface\(when)")
                    continue
                }
                for (k, r) in rects.enumerated() {
                    let p = map(Point(x: s.rect.x + r.x, y: s.rect.y + r.y))
                    let q = map(Point(x: s.rect.x + r.x + r.width, y: s.rect.y + r.y + r.height))
                    w.element("rect", [("class", "deferred-region"), ("data-surface", s.name), ("data-t", n(commit.t)),
                                       ("x", n(p.x)), ("y", n(p.y)), ("width", n(max(q.x - p.x, 0))),
                                       ("height", n(max(q.y - p.y, 0))), ("fill", "#26a69a"), ("fill-opacity", "0.12"),
                                       ("stroke", "#00796b"), ("stroke-dasharray", "2 2")])
                    if k == 0 {
                        w.element("text", [("class", "deferred-region-label"), ("x", n(p.x + 4)), ("y", n(p.y + 12)),
                                           ("fill", "#00796b")],
                                  text: "deferred region of \(s.name)\(when)")
                    }
                }
            }
        }
        // Boxes of labels already placed, so that failure labels avoid them.
        var placed: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        let topZone = recording.config.isBound(.top) ? recording.config.thresholds(.top).edgeZone_mm * scale : 0
        for edge in Edge.allCases {
            let zone = recording.config.thresholds(edge).edgeZone_mm * scale
            for (k, seg) in recording.config.bindings[edge.index].enumerated() {
                let name = seg.gesture < recording.config.gestures.count ? recording.config.gestures[seg.gesture].name : "?"
                let x: Double, y: Double, zw: Double, zh: Double
                switch edge {
                case .top: x = mapX + seg.from * mapW; y = mapY; zw = (seg.to - seg.from) * mapW; zh = zone
                case .bottom: x = mapX + seg.from * mapW; y = mapY + mapH - zone; zw = (seg.to - seg.from) * mapW; zh = zone
                case .left: x = mapX; y = mapY + seg.from * mapH; zw = zone; zh = (seg.to - seg.from) * mapH
                case .right: x = mapX + mapW - zone; y = mapY + seg.from * mapH; zw = zone; zh = (seg.to - seg.from) * mapH
                }
                w.element("rect", [("class", "zone"), ("data-edge", edge.name), ("data-gesture", name),
                                   ("data-from", n(seg.from)), ("data-to", n(seg.to)),
                                   ("x", n(x)), ("y", n(y)), ("width", n(zw)), ("height", n(zh)),
                                   ("fill", RenderStyle.zoneFills[k % 2]), ("fill-opacity", "0.8"),
                                   ("stroke", "#c0504d"), ("stroke-width", "0.8")])
                let label = "\(name) \(n(seg.from))–\(n(seg.to))"
                let labelW = Double(label.count) * 6
                switch edge {
                case .top:
                    w.element("text", [("class", "zone-label"), ("x", n(x + 4)), ("y", n(y + zh + 11)), ("fill", "#a33a36")], text: label)
                    placed.append((x + 4, y + zh, x + 4 + labelW, y + zh + 13))
                case .bottom:
                    w.element("text", [("class", "zone-label"), ("x", n(x + 4)), ("y", n(y - 4)), ("fill", "#a33a36")], text: label)
                    placed.append((x + 4, y - 15, x + 4 + labelW, y))
                case .left:
                    let lx = x + zw + 11, ly = y + 4 + (seg.from == 0 ? topZone + 16 : 0)
                    w.element("text", [("class", "zone-label"), ("x", n(lx)), ("y", n(ly)), ("fill", "#a33a36"),
                                       ("transform", "rotate(90 \(n(lx)) \(n(ly)))")], text: label)
                case .right:
                    let lx = x - 4, ly = y + 4 + (seg.from == 0 ? topZone + 16 : 0)
                    w.element("text", [("class", "zone-label"), ("x", n(lx)), ("y", n(ly)), ("fill", "#a33a36"),
                                       ("transform", "rotate(90 \(n(lx)) \(n(ly)))")], text: label)
                }
            }
        }

        // MARK: Touch paths
        w.open("g", [("id", "paths"), ("fill", "none"), ("stroke-linecap", "round"), ("stroke-linejoin", "round")])
        for tr in recording.tracks {
            w.open("g", [("class", "track"), ("id", "track-\(tr.key)"), ("data-touch", tr.key)])
            var k = 0
            while k < tr.samples.count {
                // One polyline per run of samples with the same owner; a run starts at the
                // previous sample so that the path stays continuous.
                let owner = tr.samples[k].owner
                var j = k
                while j + 1 < tr.samples.count && tr.samples[j + 1].owner == owner { j += 1 }
                var points: [(x: Double, y: Double)] = []
                for s in tr.samples[max(k - 1, 0)...j] {
                    let p = map(s.position)
                    if let last = points.last, abs(last.x - p.x) + abs(last.y - p.y) < decimation { continue }
                    points.append(p)
                }
                let lastPoint = map(tr.samples[j].position)
                if let last = points.last, last.x != lastPoint.x || last.y != lastPoint.y { points.append(lastPoint) }
                if points.count == 1 { points.append(points[0]) }
                w.element("polyline", [("class", "path owner-\(owner.rawValue)"), ("data-owner", owner.rawValue),
                                       ("data-touch", tr.key), ("data-t0", n(tr.samples[max(k - 1, 0)].t)),
                                       ("data-t1", n(tr.samples[j].t)),
                                       ("points", points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")),
                                       ("stroke", RenderStyle.colour(owner)), ("stroke-width", "2.5")])
                k = j + 1
            }
            for m in tr.markers where m.kind != .fail {
                let p = map(tr.position(at: m.t))
                w.raw(RenderStyle.marker(m.kind, x: p.x, y: p.y,
                                         attributes: [("class", "marker marker-\(m.kind.rawValue)"), ("data-touch", tr.key),
                                                      ("data-t", n(m.t))]))
            }
            for m in tr.markers where m.kind == .fail {
                let p = map(tr.position(at: m.t))
                w.raw(RenderStyle.marker(.fail, x: p.x, y: p.y,
                                         attributes: [("class", "marker marker-fail"), ("data-touch", tr.key),
                                                      ("data-t", n(m.t)), ("data-reason", m.reason ?? "")]))
            }
            w.close("g")
        }
        w.close("g")

        // Failure labels: next to the touch, pushed apart so that they do not overlap.
        w.open("g", [("id", "reasons"), ("font-size", "10")])
        for tr in recording.tracks {
            for m in tr.markers where m.kind == .fail {
                let text = "\(tr.name) \(m.label) @\(n(m.t)) ms"
                let p = map(tr.position(at: m.t))
                let textW = Double(text.count) * 5.6
                var x = p.x + 8
                if x + textW > mapX + mapW - 4 { x = max(mapX + 4, p.x - 8 - textW) }
                var y = p.y - 8
                if y > mapY + mapH - 14 { y = mapY + mapH - 14 }
                var tries = 0
                while tries < 200, placed.contains(where: { x < $0.x1 && x + textW > $0.x0 && y - 10 < $0.y1 && y > $0.y0 }) {
                    y -= 12
                    tries += 1
                }
                placed.append((x, y - 10, x + textW, y + 2))
                w.element("text", [("class", "reason"), ("data-touch", tr.key), ("data-reason", m.reason ?? ""),
                                   ("data-t", n(m.t)), ("x", n(x)), ("y", n(y)), ("fill", "#b22222"),
                                   ("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke")],
                          text: text)
            }
        }
        w.close("g")
        w.close("g")

        // MARK: Legend
        w.open("g", [("id", "legend")])
        var ly = mapY + 4
        w.element("text", [("x", n(legendX)), ("y", n(ly)), ("font-weight", "bold")], text: "Touch samples, by owner")
        ly += 18
        for o in SampleOwner.allCases {
            w.element("line", [("class", "legend-owner"), ("data-owner", o.rawValue), ("x1", n(legendX)), ("y1", n(ly - 4)),
                               ("x2", n(legendX + 28)), ("y2", n(ly - 4)), ("stroke", RenderStyle.colour(o)), ("stroke-width", "3")])
            w.element("text", [("x", n(legendX + 36)), ("y", n(ly))], text: "\(o.rawValue): \(o.legend)")
            ly += 16
        }
        ly += 8
        w.element("text", [("x", n(legendX)), ("y", n(ly)), ("font-weight", "bold")], text: "Markers")
        ly += 18
        for kind in TrackMarker.Kind.allCases {
            w.raw(RenderStyle.marker(kind, x: legendX + 14, y: ly - 4, attributes: [("class", "legend-marker")]))
            w.element("text", [("x", n(legendX + 36)), ("y", n(ly))], text: RenderStyle.legend(kind))
            ly += 16
        }
        ly += 8
        w.element("text", [("x", n(legendX)), ("y", n(ly)), ("font-weight", "bold")], text: "Zones and timeline")
        ly += 18
        w.element("rect", [("x", n(legendX)), ("y", n(ly - 10)), ("width", "28"), ("height", "10"),
                           ("fill", RenderStyle.zoneFills[0]), ("stroke", "#c0504d"), ("stroke-width", "0.8")])
        w.element("text", [("x", n(legendX + 36)), ("y", n(ly))], text: "edge zone segment: gesture, from–to along the edge")
        ly += 16
        for (cls, text) in [("span-held", "held span: from down to flush, take or up"),
                            ("span-run", "system gesture running (began → ended)"),
                            ("span-affordance", "affordance shown (R3)"),
                            ("span-armed", "edge armed for a second swipe (R4)"),
                            ("span-back", "back taken by the app, its progress drawn above (R10)")] {
            w.element("rect", Self.spanStyle(cls) + [("x", n(legendX)), ("y", n(ly - 10)), ("width", "28"), ("height", "10")])
            w.element("text", [("x", n(legendX + 36)), ("y", n(ly))], text: text)
            ly += 16
        }
        w.element("line", [("x1", n(legendX + 14)), ("y1", n(ly - 12)), ("x2", n(legendX + 14)), ("y2", n(ly + 2))] + Self.holdExpiryStyle)
        w.element("text", [("x", n(legendX + 36)), ("y", n(ly))], text: "hold window expiry (hold_window_ms after down)")
        ly += 22
        w.element("text", [("x", n(legendX)), ("y", n(ly)), ("fill", "#555555")],
                  text: "Reasons: tap, lateral, still, multi_touch, excluded,")
        ly += 14
        w.element("text", [("x", n(legendX)), ("y", n(ly)), ("fill", "#555555")],
                  text: "deferred, drag, locked, cancelled (docs/design.md §4.2).")
        w.close("g")

        // MARK: Timeline
        w.open("g", [("id", "timeline"), ("data-x0", n(plotX)), ("data-t0", n(t0)), ("data-px-per-ms", "\(pxPerMs)")])
        w.element("text", [("x", "16"), ("y", n(timelineY)), ("font-weight", "bold")], text: "Timeline (ms)")
        let axisY = timelineY + 16
        w.element("line", [("class", "axis"), ("x1", n(plotX)), ("y1", n(axisY)), ("x2", n(plotX + plotW)), ("y2", n(axisY)),
                           ("stroke", "#333333")])
        var tick = (t0 / step).rounded(.up) * step
        while tick <= tEnd + step * 1e-9 {
            let x = tx(tick)
            w.element("line", [("x1", n(x)), ("y1", n(axisY - 3)), ("x2", n(x)),
                               ("y2", n(axisY + 6 + Double(laneCount) * Self.laneHeight)), ("stroke", "#e4e4e4")])
            w.element("text", [("class", "axis-label"), ("x", n(x)), ("y", n(axisY - 5)), ("text-anchor", "middle"),
                               ("fill", "#555555"), ("font-size", "10")], text: n(tick))
            tick += step
        }
        var laneY = axisY + 6
        var laneNumber = 0
        func laneBackground(_ name: String, cls: String, data: [(String, String)]) {
            w.open("g", [("class", "lane \(cls)"), ("data-lane", name)] + data)
            if laneNumber % 2 == 0 {
                w.element("rect", [("x", "10"), ("y", n(laneY)), ("width", n(width - 20)), ("height", n(Self.laneHeight)),
                                   ("fill", "#f4f4f4")])
            }
            w.element("text", [("class", "lane-label"), ("x", "16"), ("y", n(laneY + 16))], text: name)
            laneNumber += 1
        }
        func span(_ cls: String, _ s: TimeSpan, y: Double, h: Double, extra: [(String, String)] = []) {
            let x0 = tx(s.t0), x1 = tx(s.t1)
            w.element("rect", [("class", "span \(cls)"), ("data-t0", n(s.t0)), ("data-t1", n(s.t1)),
                               ("x", n(x0)), ("y", n(y)), ("width", n(max(x1 - x0, 1))), ("height", n(h))]
                      + Self.spanStyle(cls) + extra + (s.open ? [("data-open", "true")] : []))
        }
        func tickLine(_ cls: String, t: Double, extra: [(String, String)] = [], style: [(String, String)]) {
            w.element("line", [("class", "tick \(cls)"), ("data-t", n(t)), ("x1", n(tx(t))), ("y1", n(laneY + 2)),
                               ("x2", n(tx(t))), ("y2", n(laneY + Self.laneHeight - 2))] + extra + style)
        }

        for tr in shownTracks {
            laneBackground(tr.name, cls: "lane-touch", data: [("data-touch", tr.key)])
            // Owner bar: who owned the touch from one decision to the next.
            let trackEnd = tr.samples.last?.t ?? tr.ownerChanges.last?.t ?? t0
            for (k, change) in tr.ownerChanges.enumerated() {
                let end = k + 1 < tr.ownerChanges.count ? tr.ownerChanges[k + 1].t : max(trackEnd, change.t)
                span("owner-\(change.owner.rawValue)", TimeSpan(t0: change.t, t1: end),
                     y: laneY + 5, h: 7, extra: [("data-owner", change.owner.rawValue)])
            }
            if let h = tr.held { span("span-held", h, y: laneY + 14, h: 6) }
            if let e = tr.holdExpiry { tickLine("tick-hold-expiry", t: e, style: Self.holdExpiryStyle) }
            for m in tr.markers {
                w.raw(RenderStyle.marker(m.kind, x: tx(m.t), y: laneY + Self.laneHeight / 2,
                                         attributes: [("class", "tick tick-\(m.kind.rawValue)"), ("data-t", n(m.t))]
                                             + (m.reason.map { [("data-reason", $0)] } ?? [])))
            }
            w.close("g")
            laneY += Self.laneHeight
        }
        for lane in recording.gestureLanes {
            let where_ = lane.multiFinger.map { ("data-multi-finger", $0) } ?? ("data-edge", lane.edge.name)
            laneBackground(lane.name, cls: "lane-gesture", data: [("data-gesture", lane.gesture), where_])
            for r in lane.runs {
                span("span-run", r, y: laneY + 5, h: 14, extra: [("data-outcome", r.label)])
                let labelX = tx(r.t0) + 3
                w.element("text", [("class", "run-label"), ("x", n(labelX)), ("y", n(laneY + 16)), ("font-size", "9"),
                                   ("fill", "#0b3d0b")], text: r.label)
            }
            // R10: the app's back under the run, and the progress it was told (0 at the lane's
            // foot, 1 at its head).
            for b in lane.backRuns {
                span("span-back", b.span, y: laneY + 19, h: 4, extra: [("data-surface", b.span.label)])
                var points = [(t: b.span.t0, progress: 0.0)] + b.progress
                if !b.span.open, let last = points.last { points.append((b.span.t1, last.progress)) }
                let d = points.enumerated().map { k, p in
                    "\(k == 0 ? "M" : "L")\(n(tx(p.t))) \(n(laneY + Self.laneHeight - 2 - p.progress * (Self.laneHeight - 4)))"
                }.joined()
                w.element("path", [("class", "back-progress"), ("d", d), ("fill", "none"), ("stroke", "#8c2d8c"),
                                   ("stroke-width", "1.5")])
                w.element("text", [("class", "back-label"), ("x", n(tx(b.span.t1) + 3)), ("y", n(laneY + 23)),
                                   ("font-size", "8"), ("fill", "#8c2d8c")], text: b.span.label)
            }
            var lastLabelEnd = -Double.infinity
            for f in lane.failures {
                tickLine("tick-fail", t: f.t, extra: [("data-reason", f.reason ?? "")],
                         style: [("stroke", "#d62728"), ("stroke-width", "1.5")])
                let x = tx(f.t) + 3
                if x >= lastLabelEnd {
                    w.element("text", [("class", "lane-reason"), ("data-reason", f.reason ?? ""), ("data-t", n(f.t)),
                                       ("x", n(x)), ("y", n(laneY + 16)), ("font-size", "9"), ("fill", "#b22222")],
                              text: f.label)
                    lastLabelEnd = x + Double(f.label.count) * 5 + 4
                }
            }
            w.close("g")
            laneY += Self.laneHeight
        }
        for lane in recording.edgeLanes {
            laneBackground("\(lane.edge.name) edge", cls: "lane-edge", data: [("data-edge", lane.edge.name)])
            for s in lane.armed { span("span-armed", s, y: laneY + 3, h: 18) }
            for s in lane.affordance { span("span-affordance", s, y: laneY + 8, h: 8) }
            w.close("g")
            laneY += Self.laneHeight
        }
        if recording.tracks.count > shownTracks.count {
            w.element("text", [("x", "16"), ("y", n(laneY + 16)), ("fill", "#555555")],
                      text: "… \(recording.tracks.count - shownTracks.count) more touches not shown on the timeline")
        }
        w.close("g")
        w.close("svg")
        return w.text
    }

    /// Fill and stroke of a timeline span class.
    static func spanStyle(_ cls: String) -> [(String, String)] {
        if cls.hasPrefix("owner-"), let o = SampleOwner(rawValue: String(cls.dropFirst(6))) {
            return [("fill", RenderStyle.colour(o))]
        }
        switch cls {
        case "span-held": return [("fill", "#ffe0bf"), ("stroke", "#ff7f0e"), ("stroke-width", "1")]
        case "span-run": return [("fill", "#bfe6bf"), ("stroke", "#2ca02c"), ("stroke-width", "1")]
        case "span-affordance": return [("fill", "#9467bd"), ("fill-opacity", "0.6")]
        case "span-back": return [("fill", "#d9b3d9"), ("stroke", "#8c2d8c"), ("stroke-width", "0.8")]
        case "span-armed": return [("fill", "#eadcf5"), ("stroke", "#9467bd"), ("stroke-dasharray", "4 2")]
        default: return [("fill", "#cccccc")]
        }
    }

    static let holdExpiryStyle: [(String, String)] = [("stroke", "#ff7f0e"), ("stroke-width", "2"), ("stroke-dasharray", "2 2")]

    /// A round step (1, 2 or 5 × 10^k) giving about `targetTicks` ticks over `range`.
    static func niceStep(range: Double, targetTicks: Double) -> Double {
        let raw = max(range, 1) / targetTicks
        var p = 1.0
        while p * 10 <= raw { p *= 10 }
        while p > raw { p /= 10 }
        for m in [1.0, 2.0, 5.0, 10.0] where p * m >= raw { return p * m }
        return p * 10
    }
}
