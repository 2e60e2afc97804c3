import Testing
@testable import BezelCore

/// docs/design.md §5 version 3 and R3: deferral regions and the per-edge `deferred_cap_mm`, as a
/// client and the user see them (which touches the app gets, which the system takes).
@Suite("Deferral regions (docs/design.md §5 version 3, R3)")
struct DeferredRegionTests {
    static let phone = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)

    /// A full-screen app (client 1) that defers `edges`, with `region` committed if given.
    private func router(edges: EdgeSet = [.bottom], region: [Rect]? = nil,
                        config: SystemGestureConfig = SystemGestureConfig())
        -> (SystemGestureRouter, NodeTree.NodeID) {
        let r = SystemGestureRouter(output: Self.phone, config: config)
        let app = r.addSurface(client: 1, rect: Self.phone.bounds)!
        r.commitDeferredEdges(edges, surface: app, time: .zero)
        if let region { r.commitDeferredRegion(region, surface: app, time: .zero) }
        r.discardPending()
        return (r, app)
    }

    /// A swipe inward from `start` by 300 px; returns what it caused.
    private func swipe(_ r: SystemGestureRouter, id: Int32 = 0, from start: Point, inward: Point, at t0: Double) -> [RouterEvent] {
        r.touchDown(id: id, at: start, time: Milliseconds(t0))
        for k in 1...4 {
            let p = Point(x: start.x + inward.x * Double(k) * 75, y: start.y + inward.y * Double(k) * 75)
            r.touchMotion(id: id, at: p, time: Milliseconds(t0 + 8 * Double(k)))
            r.frame(time: Milliseconds(t0 + 8 * Double(k)))
        }
        r.touchUp(id: id, time: Milliseconds(t0 + 40))
        r.frame(time: Milliseconds(t0 + 40))
        var out: [RouterEvent] = []
        r.drain { out.append($0.event) }
        return out
    }

    private func appGotTouch(_ events: [RouterEvent]) -> Bool {
        events.contains { if case .clientDown = $0 { return true } else { return false } }
    }

    private func systemBegan(_ events: [RouterEvent]) -> Bool {
        events.contains { if case .systemBegan = $0 { return true } else { return false } }
    }

    private func deferredSwipe(_ events: [RouterEvent]) -> Bool {
        events.contains { if case .deferredSwipe = $0 { return true } else { return false } }
    }

    private let up = Point(x: 0, y: -1)

    @Test("R3: a swipe from the bottom inside the region is deferred; outside it the dock begins (R2)")
    func insideAndOutside() {
        let (r, _) = router(region: [Rect(x: 0, y: 1200, width: 540, height: 1140)])
        let inside = swipe(r, from: Point(x: 270, y: 2338), inward: up, at: 0)
        #expect(appGotTouch(inside) && deferredSwipe(inside) && !systemBegan(inside))
        // After the re-arm window, so that the edge is not armed (R4).
        let outside = swipe(r, id: 1, from: Point(x: 810, y: 2338), inward: up, at: 5000)
        #expect(!appGotTouch(outside) && systemBegan(outside) && !deferredSwipe(outside))
    }

    @Test("§5 v3: the region is surface-local: it follows the surface when the host moves it")
    func surfaceLocal() {
        let (r, app) = router(region: [Rect(x: 0, y: 0, width: 540, height: 2340)])
        // Shift the app 540 px right: its region now covers the screen's right half.
        r.setSurfaceRect(Rect(x: 540, y: 0, width: 540, height: 2340), surface: app)
        let right = swipe(r, from: Point(x: 700, y: 2338), inward: up, at: 0)
        #expect(deferredSwipe(right) && appGotTouch(right))
    }

    @Test("§5 v3: an empty region defers nothing; a nil region is the whole surface again")
    func emptyAndReset() {
        let (r, app) = router(region: [])
        #expect(systemBegan(swipe(r, from: Point(x: 540, y: 2338), inward: up, at: 0)))
        r.commitDeferredRegion(nil as [Rect]?, surface: app, time: Milliseconds(100))
        #expect(r.deferredRegion(surface: app) == nil)
        #expect(deferredSwipe(swipe(r, id: 1, from: Point(x: 540, y: 2338), inward: up, at: 200)))
    }

    @Test("§5 v3: honored_edges is unchanged by a region (no new honored_edges at its commit)")
    func honoredUnchanged() {
        let (r, app) = router()
        r.commitDeferredRegion([Rect(x: 0, y: 0, width: 10, height: 10)], surface: app, time: Milliseconds(5))
        var out: [RouterEvent] = []
        r.drain { out.append($0.event) }
        #expect(out.isEmpty)
        #expect(r.honoredEdges(surface: app) == [.bottom])
    }

    @Test("§5 v3: destroying the gesture object forgets the region")
    func destroyForgets() {
        let (r, app) = router(region: [Rect(x: 0, y: 0, width: 10, height: 10)])
        r.destroyGestureObject(surface: app, time: Milliseconds(1))
        #expect(r.deferredRegion(surface: app) == nil)
    }

    @Test("deferred_cap_mm: only the first cap mm of the region's extent along the edge, from the top, is honoured")
    func cap() throws {
        var config = SystemGestureConfig()
        config.bindings[Edge.left.index] = [EdgeSegment(gesture: config.gestureIndexAdding("back"), from: 0, to: 1)]
        config.thresholds[Edge.left.index].deferredCap_mm = 30
        // Two bands with a gap: 200–400 px and 1000–2000 px (about 12.6 mm, then 62.8 mm).
        let (r, _) = router(edges: [.left], region: [Rect(x: 0, y: 1000, width: 1080, height: 1000),
                                                      Rect(x: 0, y: 200, width: 1080, height: 200)],
                            config: config)
        let right = Point(x: 1, y: 0)
        // 12.6 mm of the first band, then 17.4 mm (≈ 277 px) of the second are honoured.
        #expect(deferredSwipe(swipe(r, from: Point(x: 2, y: 300), inward: right, at: 0)))
        #expect(deferredSwipe(swipe(r, id: 1, from: Point(x: 2, y: 1200), inward: right, at: 5000)))
        #expect(systemBegan(swipe(r, id: 2, from: Point(x: 2, y: 1300), inward: right, at: 10000)))
        // The bottom edge has no cap: the whole region is honoured there.
        #expect(r.config.thresholds(.bottom).deferredCap_mm == .infinity)
    }

    @Test("deferred_cap_mm: with no region the cap counts from the surface's own start")
    func capWithoutRegion() {
        var config = SystemGestureConfig()
        config.thresholds[Edge.bottom.index].deferredCap_mm = 34  // about half the 68 mm width
        let (r, _) = router(config: config)
        #expect(deferredSwipe(swipe(r, from: Point(x: 300, y: 2338), inward: up, at: 0)))
        #expect(systemBegan(swipe(r, id: 1, from: Point(x: 800, y: 2338), inward: up, at: 5000)))
    }

    @Test("§4.4: deferred_cap_mm is a per-edge key, in YAML and flattened (left-deferred-cap-mm=30)")
    func capConfig() throws {
        let yaml = try SystemGestureConfig(parsing: ConfigNode(.map([
            (key: "edges", value: ConfigNode(.map([(key: "left", value: ConfigNode(.map([
                (key: "deferred_cap_mm", value: ConfigNode(.number(30)))])))]))),
        ])))
        #expect(yaml.thresholds(.left).deferredCap_mm == 30)
        #expect(yaml.thresholds(.right).deferredCap_mm == .infinity)
        let flat = try SystemGestureConfig(flattened: [(key: "left-deferred-cap-mm", value: "30")])
        #expect(flat == yaml)
        #expect(throws: ConfigError.self) {
            try SystemGestureConfig(flattened: [(key: "left-deferred-cap-mm", value: "-1")])
        }
    }

    @Test("§5 v3: a region does not change the deferred multi-finger kinds (M4)")
    func kindsUnaffected() {
        var config = SystemGestureConfig()
        config.multiFinger = [MultiFingerBinding(gesture: config.gestureIndexAdding("ws"), kind: .swipe,
                                                 fingers: 3, direction: .left)]
        let (r, app) = router(region: [Rect(x: 0, y: 0, width: 10, height: 10)], config: config)
        r.commitDeferredGestures([.swipe], surface: app, time: Milliseconds(1))
        r.discardPending()
        for id in 0..<3 { r.touchDown(id: Int32(id), at: Point(x: 500 + 100 * Double(id), y: 1000), time: Milliseconds(10)) }
        r.frame(time: Milliseconds(10))
        for step in 1...6 {
            let t = Milliseconds(10 + 16 * Double(step))
            for id in 0..<3 { r.touchMotion(id: Int32(id), at: Point(x: 500 + 100 * Double(id) - 40 * Double(step), y: 1000), time: t) }
            r.frame(time: t)
        }
        var out: [RouterEvent] = []
        r.drain { out.append($0.event) }
        #expect(!out.contains { if case .multiFingerBegan = $0 { return true } else { return false } })
        #expect(!out.contains { if case .clientCancel = $0 { return true } else { return false } })
    }

    @Test("§5 v3: extents merge overlapping and touching rectangles; bad rectangles are left out")
    func extents() {
        let region = DeferredRegion([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 20, width: 10, height: 5),
                                     Rect(x: 15, y: 0, width: 5, height: 1), Rect(x: .nan, y: 0, width: 1, height: 1),
                                     Rect(x: 0, y: 0, width: 0, height: 9)])
        #expect(region.rects.count == 3)
        #expect(region.extent(along: .bottom, before: 100) == 20)   // x: 0–15 and 15–20, merged
        #expect(region.extent(along: .left, before: 100) == 15)     // y: 0–10 and 20–25
        #expect(region.extent(along: .left, before: 22) == 12)
        #expect(region.contains(Point(x: 9, y: 9)) && !region.contains(Point(x: 10, y: 5)))
    }

    @Test("§5 v3: a removed surface's region goes with it, its subsurfaces' too (nothing held for surfaces that are gone)")
    func regionsGoWithTheirSurfaces() {
        let r = SystemGestureRouter(output: Self.phone)
        var tops: [NodeTree.NodeID] = []
        for k in 0..<300 {
            let top = r.addSurface(client: ClientID(k + 1), rect: Self.phone.bounds)!
            let child = r.addSurface(client: ClientID(k + 1), rect: Rect(x: 0, y: 0, width: 100, height: 100), parent: top)!
            for s in [top, child] {
                r.commitDeferredEdges([.bottom], surface: s, time: .zero)
                r.commitDeferredRegion([Rect(x: 0, y: 0, width: 64, height: 64)], surface: s, time: .zero)
            }
            tops.append(top)
        }
        #expect(r.core.deferredRegions.count == 600)
        for top in tops { r.removeSurface(top, time: Milliseconds(10)) }
        #expect(r.core.deferredRegions.count == 0)
    }

    @Test("§5 v3: a region committed from the caller's own array is the same region after the caller reuses that array; one with no area is left out")
    func sharedPixelRects() {
        let (r, app) = router()
        var mine: ContiguousArray<DeferredRegion.PixelRect> = [.init(x: 0, y: 1200, width: 540, height: 1140),
                                                               .init(x: 600, y: 0, width: 10, height: 10)]
        r.commitDeferredRegion(pixelRects: mine, surface: app, time: .zero)
        // The caller writes its next region into the same array: the committed one stays.
        mine[0] = .init(x: 540, y: 1200, width: 540, height: 1140)
        #expect(r.deferredRegion(surface: app)?.rects == [Rect(x: 0, y: 1200, width: 540, height: 1140),
                                                          Rect(x: 600, y: 0, width: 10, height: 10)])
        let inside = swipe(r, from: Point(x: 270, y: 2338), inward: up, at: 0)
        #expect(appGotTouch(inside) && deferredSwipe(inside) && !systemBegan(inside))
        // A rectangle with no area (zero or Int32.min wide) covers nothing and is left out.
        r.commitDeferredRegion(pixelRects: [.init(x: 0, y: 0, width: 0, height: 5), .init(x: 0, y: 0, width: .min, height: 5),
                                            .init(x: 540, y: 1200, width: 540, height: 1140)], surface: app, time: .zero)
        #expect(r.deferredRegion(surface: app)?.rects == [Rect(x: 540, y: 1200, width: 540, height: 1140)])
        let left = swipe(r, id: 1, from: Point(x: 270, y: 2338), inward: up, at: 5000)
        #expect(!appGotTouch(left) && systemBegan(left))
    }

    @Test("§5 v3: a banded region (as wl_region gives it) has the extents of an unsorted one")
    func bandedExtents() {
        var banded: [Rect] = []
        for y in 0..<64 { for x in 0..<64 { banded.append(Rect(x: Double(x * 16), y: Double(y * 16), width: 8, height: 8)) } }
        let a = DeferredRegion(banded), b = DeferredRegion(Array(banded.reversed()))
        #expect(a.rects.count == 4096)
        #expect(a.extent(along: .bottom, before: 2000) == 64 * 8 && b.extent(along: .bottom, before: 2000) == 64 * 8)
        #expect(a.extent(along: .left, before: 20) == 12 && b.extent(along: .left, before: 20) == 12)
    }

    @Test("deferred_cap_mm: a region committed before a cap is configured is measured along the edge once the cap comes")
    func capConfiguredAfterTheRegion() throws {
        var config = SystemGestureConfig()
        config.bindings[Edge.left.index] = [EdgeSegment(gesture: config.gestureIndexAdding("back"), from: 0, to: 1)]
        // The same bands as `cap`, committed while no edge has a cap (no extents are built then).
        let (r, app) = router(edges: [.left], region: [Rect(x: 0, y: 1000, width: 1080, height: 1000),
                                                        Rect(x: 0, y: 200, width: 1080, height: 200)],
                              config: config)
        config.thresholds[Edge.left.index].deferredCap_mm = 30
        r.setConfig(config)
        #expect(r.deferredRegion(surface: app)?.hasExtents == true)
        let right = Point(x: 1, y: 0)
        #expect(deferredSwipe(swipe(r, from: Point(x: 2, y: 300), inward: right, at: 0)))
        #expect(deferredSwipe(swipe(r, id: 1, from: Point(x: 2, y: 1200), inward: right, at: 5000)))
        #expect(systemBegan(swipe(r, id: 2, from: Point(x: 2, y: 1300), inward: right, at: 10000)))
    }

    /// The extents as they were first computed: every rectangle's span, sorted, then merged.
    private static func referenceExtent(_ rects: [Rect], alongX: Bool) -> [DeferredRegion.Interval] {
        let spans = rects.prefix(DeferredRegion.maxRects).map { r in
            alongX ? DeferredRegion.Interval(start: r.x, end: r.x + r.width) : DeferredRegion.Interval(start: r.y, end: r.y + r.height)
        }.sorted { $0.start < $1.start }
        var merged: [DeferredRegion.Interval] = []
        for s in spans {
            if let last = merged.last, s.start <= last.end {
                merged[merged.count - 1].end = max(last.end, s.end)
            } else {
                merged.append(s)
            }
        }
        return merged
    }

    @Test("deferred_cap_mm: the extents of random regions, built at the commit or later, refilled or new, are the sorted merged spans")
    func extentsOfRandomRegions() {
        var seed: UInt64 = 0x5eed
        func next(_ n: Int) -> Int32 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int32(truncatingIfNeeded: (seed >> 33) % UInt64(n))
        }
        var refilled = DeferredRegion()
        for round in 0..<200 {
            let count = Int(next(round % 10 == 0 ? 5000 : 60)) + 1
            let pixels = (0..<count).map { _ in
                DeferredRegion.PixelRect(x: next(1200) - 100, y: next(2400) - 100, width: next(300), height: next(300))
            }
            let rects = pixels.filter { $0.width > 0 && $0.height > 0 }.map {
                Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
            }
            let built = DeferredRegion(rects)
            pixels.withUnsafeBufferPointer { refilled.refill(from: $0, extents: false) }
            #expect(!refilled.hasExtents && refilled.rects == built.rects)
            refilled.buildExtents()
            for region in [built, refilled] {
                #expect(Array(region.extentX) == Self.referenceExtent(rects, alongX: true))
                #expect(Array(region.extentY) == Self.referenceExtent(rects, alongX: false))
            }
            let at = Double(next(2600) - 150)
            #expect(built.extent(along: .top, before: at) == refilled.extent(along: .bottom, before: at))
        }
    }
}
