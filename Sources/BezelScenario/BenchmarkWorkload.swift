import BezelCore

/// A prepared touch load for `bezel bench`: surfaces plus a time-ordered event list, built or
/// parsed before any timing starts.
public struct BenchmarkWorkload: Sendable {
    /// A surface to create before the run: rect, parent index into `surfaces` (or nil for
    /// top-level), and the edges it defers.
    public struct SurfaceSpec: Sendable {
        public var rect: Rect
        public var parent: Int?
        public var client: ClientID
        public var deferredEdges: EdgeSet
        /// The surface handles back (R10), committed before the run.
        public var handlesBack = false
    }

    /// The output.
    public var output: OutputGeometry
    /// The configuration (all four edges bound).
    public var config: SystemGestureConfig
    /// Surfaces, parents before children.
    public var surfaces: [SurfaceSpec]
    /// Events in time order; consecutive events with the same time form one frame.
    public private(set) var events: [TouchInput]
    /// Edge swipes in the load (for the recognition rate).
    public var edgeSwipes: Int
    /// For each event, whether it is the last of its frame (the next event has another time):
    /// where a host gets a frame event from its device, found before timing starts.
    public private(set) var endsFrame: [Bool]

    /// Creates a workload; `endsFrame` is derived from the event times.
    public init(output: OutputGeometry, config: SystemGestureConfig, surfaces: [SurfaceSpec],
                events: [TouchInput], edgeSwipes: Int) {
        self.output = output
        self.config = config
        self.surfaces = surfaces
        self.events = events
        self.edgeSwipes = edgeSwipes
        endsFrame = events.indices.map { $0 == events.count - 1 || events[$0 + 1].time != events[$0].time }
    }

    /// The default configuration with the left edge bound to `back`, so all four edges have zones.
    public static func allEdgesBound() -> SystemGestureConfig {
        var config = SystemGestureConfig()
        let back = config.gestureIndexAdding("back")
        config.bindings[Edge.left.index] = [EdgeSegment(gesture: back, from: 0, to: 1)]
        return config
    }

    /// Binds `back` on both side edges and makes every other surface (the first, the third, …)
    /// handle it (R10), so that the back swipes of the load go to the app or the host by turns.
    public mutating func bindBackOnSideEdges() {
        let back = config.gestureIndexAdding("back")
        config.gestures[back].appHandled = true
        for edge in [Edge.left, .right] { config.bindings[edge.index] = [EdgeSegment(gesture: back, from: 0, to: 1)] }
        for k in surfaces.indices { surfaces[k].handlesBack = k % 2 == 0 }
    }

    /// The shape of the synthetic load's surface tree and touch concurrency, so that growth
    /// with touches, surfaces and nesting is measured (docs/design.md §9).
    public struct Shape: Sendable, Equatable {
        /// Fingers kept busy at once.
        public var fingers: Int
        /// Top-level surfaces, tiled over the screen in a grid.
        public var surfaces: Int
        /// Nesting of each tile: 1 is the tile alone, `n` adds a chain of `n - 1` subsurfaces,
        /// each covering its parent, so every touch is hit-tested `depth` levels down.
        public var depth: Int

        /// Creates a shape.
        public init(fingers: Int = 10, surfaces: Int = 16, depth: Int = 3) {
            self.fingers = fingers; self.surfaces = surfaces; self.depth = depth
        }
    }

    /// The synthetic load: 4 bound edges, `shape.fingers` fingers kept busy, `shape.surfaces`
    /// tiles each `shape.depth` deep (the first tile's top-level surface defers the left edge,
    /// so the R3 lookup walks the whole chain), and a mix of 20% edge swipes, 20% taps and
    /// 60% long app drags. Deterministic for a given `seed`.
    public static func synthetic(events target: Int, shape: Shape = Shape(),
                                 seed: UInt64 = 0x5eed) -> BenchmarkWorkload {
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        let fingerCount = max(1, shape.fingers)
        let surfaces = tiledSurfaces(count: max(1, shape.surfaces), depth: max(1, shape.depth), on: output)

        var rng = SplitMix64(seed: seed)
        struct Timed { var time: Double; var finger: Int; var order: Int; var input: TouchInput }
        var timed: [Timed] = []
        timed.reserveCapacity(target + 64)
        var swipes = 0
        var fingerClock = [Double](repeating: 1000, count: fingerCount)
        var order = 0
        while timed.count < target {
            // The finger that is free soonest starts its next sequence: every finger stays busy.
            let f = fingerClock.indices.min { fingerClock[$0] < fingerClock[$1] }!
            let start = fingerClock[f] + Double(rng.next() % 40)
            let id = Int32(f)
            func add(_ t: Double, _ kind: TouchInput.Kind, _ p: Point) {
                timed.append(Timed(time: t, finger: f, order: order, input: TouchInput(kind: kind, id: id, position: p, time: Milliseconds(t))))
                order += 1
            }
            let kind = rng.next() % 10
            var end = start
            if kind < 2 {
                swipes += 1
                let edge = Edge.at(index: Int(rng.next() % 4))
                let inset = Double(rng.next() % 10)
                let along = 0.05 + Double(rng.next() % 900) / 1000
                var p: Point, step: Point
                switch edge {
                case .top: p = Point(x: along * output.widthPx, y: inset); step = Point(x: 0, y: 40)
                case .bottom: p = Point(x: along * output.widthPx, y: output.heightPx - 1 - inset); step = Point(x: 0, y: -40)
                case .left: p = Point(x: inset, y: along * output.heightPx); step = Point(x: 40, y: 0)
                case .right: p = Point(x: output.widthPx - 1 - inset, y: along * output.heightPx); step = Point(x: -40, y: 0)
                }
                add(start, .down, p)
                for k in 1...12 {
                    p = Point(x: p.x + step.x, y: p.y + step.y)
                    add(start + Double(8 * k), .motion, p)
                }
                end = start + 104
                add(end, .up, p)
            } else if kind < 4 {
                let p = Point(x: 50 + Double(rng.next() % 980), y: 50 + Double(rng.next() % 2240))
                add(start, .down, p)
                end = start + 60
                add(end, .up, p)
            } else {
                var p = Point(x: 300 + Double(rng.next() % 480), y: 600 + Double(rng.next() % 1140))
                let dir = Double(rng.next() % 360) * .pi / 180
                let step = Point(x: 20 * approximateCos(dir), y: 20 * approximateCos(dir - .pi / 2))
                add(start, .down, p)
                for k in 1...30 {
                    p = Point(x: p.x + step.x, y: p.y + step.y)
                    add(start + Double(8 * k), .motion, p)
                }
                end = start + 248
                add(end, .up, p)
            }
            fingerClock[f] = end + 1
        }
        timed.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        let events = timed.map(\.input)
        return BenchmarkWorkload(output: output, config: allEdgesBound(), surfaces: surfaces,
                                 events: events, edgeSwipes: swipes)
    }

    /// `count` top-level surfaces in a grid of near-square tiles covering `output` (one client
    /// each), every tile carrying a chain of `depth - 1` nested subsurfaces of the same rect.
    static func tiledSurfaces(count: Int, depth: Int, on output: OutputGeometry) -> [SurfaceSpec] {
        var columns = 1
        while columns * columns < count { columns += 1 }
        let rows = (count + columns - 1) / columns
        let width = output.widthPx / Double(columns), height = output.heightPx / Double(rows)
        var surfaces: [SurfaceSpec] = []
        surfaces.reserveCapacity(count * depth)
        for k in 0..<count {
            let rect = Rect(x: Double(k % columns) * width, y: Double(k / columns) * height,
                            width: width, height: height)
            var parent: Int? = nil
            for level in 0..<depth {
                surfaces.append(SurfaceSpec(rect: rect, parent: parent, client: ClientID(k),
                                            deferredEdges: k == 0 && level == 0 ? [.left] : []))
                parent = surfaces.count - 1
            }
        }
        return surfaces
    }

    /// Parses a stream file of `shared/bench` (`t_ms type id x y` per line) over one full-screen
    /// surface on a 1080×2340 px, 68×147 mm output with all four edges bound. Only the first
    /// `limit` events are kept (a shorter run of the same stream; the whole file is still read,
    /// so that two lengths cost the same to prepare).
    public static func stream(_ text: String, file: String, limit: Int = .max) throws(ScenarioError) -> BenchmarkWorkload {
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        var events: [TouchInput] = []
        var lineNumber = 0
        var swipes = 0
        let zone = 3.5 / output.mmPerPxY
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // One allocation for the events whatever `limit` is, so run lengths compare fairly.
        events.reserveCapacity(min(limit, lines.count))
        for raw in lines {
            lineNumber += 1
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            guard fields.count == 5, let t = Double(fields[0]), let id = Int32(fields[2]),
                  let x = Double(fields[3]), let y = Double(fields[4]) else {
                throw ScenarioError(file: file, line: lineNumber, reason: "expected 't_ms type id x y'")
            }
            let kind: TouchInput.Kind
            switch fields[1] {
            case "down": kind = .down
            case "motion": kind = .motion
            case "up": kind = .up
            default: throw ScenarioError(file: file, line: lineNumber, reason: "unknown type '\(fields[1])' (down, motion, up)")
            }
            if events.count >= limit { continue }
            if kind == .down && (x <= zone || y <= zone || x >= output.widthPx - zone || y >= output.heightPx - zone) {
                swipes += 1
            }
            events.append(TouchInput(kind: kind, id: id, position: Point(x: x, y: y), time: Milliseconds(t)))
        }
        let surface = SurfaceSpec(rect: output.bounds, parent: nil, client: 0, deferredEdges: [])
        return BenchmarkWorkload(output: output, config: allEdgesBound(), surfaces: [surface],
                                 events: events, edgeSwipes: swipes)
    }

    /// Builds a router with this workload's surfaces, ready to run.
    public func makeRouter() -> SystemGestureRouter {
        let router = SystemGestureRouter(output: output, config: config)
        var nodes: [NodeTree.NodeID] = []
        for s in surfaces {
            let parent = s.parent.map { nodes[$0] }
            let node = router.addSurface(client: s.client, rect: s.rect, parent: parent) ?? .none
            nodes.append(node)
            if !s.deferredEdges.isEmpty { router.commitDeferredEdges(s.deferredEdges, surface: node, time: .zero) }
            if s.handlesBack { router.commitBackHandling(true, surface: node, time: .zero) }
        }
        router.discardPending()
        return router
    }

    /// What one run did, so the work is visible next to its cost.
    public struct Counts: Sendable, Equatable {
        public var events = 0
        public var systemGesturesBegun = 0
        public var touchesDelivered = 0
        public var clientEvents = 0
        public var clientCancels = 0
        public var failures = 0
        /// Multi-finger gestures begun (docs/design.md §4.5), when the config binds any.
        public var multiFingerBegun = 0
        /// Back gestures an app took (R10), when surfaces handle back.
        public var backBegun = 0
        /// Creates zeroed counts.
        public init() {}
    }

    /// Feeds every event through `router` (frame per instant) and counts the decisions.
    public func run(through router: SystemGestureRouter) -> Counts {
        var counts = Counts()
        // The events are read through a buffer pointer: the loop is the host's, and a host reads
        // its input without bounds checks of ours. The two common counts live in locals.
        var clientEvents = 0
        events.withUnsafeBufferPointer { events in endsFrame.withUnsafeBufferPointer { endsFrame in
            let n = events.count
            var k = 0
            while k < n {
                let e = events[k]
                // Motions first, with one comparison: nine events in ten are motions.
                if _fastPath(e.kind == .motion) {
                    router.touchMotion(id: e.id, at: e.position, time: e.time)
                } else if e.kind == .down {
                    router.touchDown(id: e.id, at: e.position, time: e.time)
                } else if e.kind == .up {
                    router.touchUp(id: e.id, time: e.time)
                } else {
                    router.cancelAll(time: e.time)
                }
                let last = endsFrame[k]
                k &+= 1
                guard last else { continue }
                router.frame(time: e.time)
                // Every decision is taken and looked at, as a host delivers them, read in place
                // from the router's queue (`nextDecisions`).
                while let batch = router.nextDecisions() {
                    var p = batch.baseAddress!
                    let end = p + batch.count
                    while p < end {
                        defer { p += 1 }
                        switch p.pointee.event {
                        case .clientMotion, .clientUp: clientEvents &+= 1
                        case .clientFrame: break
                        case .systemBegan: counts.systemGesturesBegun &+= 1
                        case .clientDown: counts.touchesDelivered &+= 1; clientEvents &+= 1
                        case .clientCancel: counts.clientCancels &+= 1
                        case .systemFailed, .multiFingerFailed: counts.failures &+= 1
                        case .multiFingerBegan: counts.multiFingerBegun &+= 1
                        case .backBegan: counts.backBegun &+= 1
                        default: break
                        }
                    }
                }
            }
        } }
        counts.clientEvents = clientEvents
        counts.events = events.count
        return counts
    }
}

/// cos for the workload generator (BezelCore and this module avoid Foundation).
func approximateCos(_ x: Double) -> Double {
    var r = x.truncatingRemainder(dividingBy: 2 * .pi)
    if r < 0 { r += 2 * .pi }
    if r > .pi { r = 2 * .pi - r }
    let r2 = r * r
    var term = 1.0, sum = 1.0, n = 0.0
    while term.magnitude > 1e-16 {
        n += 2
        term *= -r2 / (n * (n - 1))
        sum += term
    }
    return sum
}

/// A small, fast, deterministic PRNG (SplitMix64) for workloads and property tests.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// Seeds the generator.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
