/// The multi-finger system gestures of a router (docs/design.md §4.5): a §3 `GestureEngine` whose root
/// node carries one `MultiFingerRecognizer` per `multi_finger` entry.
///
/// The router feeds it every touch in millimetres (the engine's output is a 1 px = 1 mm plane,
/// so thresholds in mm apply directly) and reads `reports` after each call. The engine's own
/// responder stream is not recorded: the router remains the one responder and routes the
/// clients' touches (M2: it never holds them for these gestures).
@usableFromInline
final class MultiFingerGestures {
    let engine: GestureEngine
    let reports = MultiFingerReports()
    /// The output of each touch, so that a set stays on one screen.
    let screens = TouchScreens()
    /// The recognizers in config order (index = position in `multi_finger`).
    let recognizers: ContiguousArray<MultiFingerRecognizer>
    /// The same recognizers as unowned references in one allocation (`recognizers` keeps them
    /// alive): the scan made after every engine call reads them with no retain.
    private let flat: UnsafeMutableBufferPointer<Unmanaged<MultiFingerRecognizer>>
    /// The configuration they were built from; a reconfiguration that keeps both keeps them.
    let bindings: [MultiFingerBinding]
    let thresholds: MultiFingerThresholds
    /// The latest `changed` of each recognizer in the current input frame, reported once at
    /// the frame's end (R5: progress on each frame, not on each finger's motion).
    var pendingChange: ContiguousArray<RouterEvent?>
    /// Whether any entry of `pendingChange` is set.
    @usableFromInline var hasPendingChange = false
    /// Whether some recognizer is a candidate or running, and so needs every motion now.
    /// While none is, a motion only records where its finger is (`latest`); the positions are
    /// handed to the engine before the next down, the only event that can form a set (M1).
    /// Recognizers that are not candidates ignore motions, so the result is the same as
    /// feeding every motion, at a fraction of the cost on the common path.
    @usableFromInline var tracking = false
    /// Latest position (mm) and time of the touch in each router slot, and whether the engine
    /// has it yet. Indexed by the router's slot, so a motion finds its entry without a search.
    /// One allocation written in place (an array here paid a uniqueness check per motion).
    @usableFromInline let latest: UnsafeMutableBufferPointer<LatestPosition>

    /// The fewest fingers any binding needs (M1): below that many fingers down, no set can form.
    let minFingers: Int
    /// Whether the engine follows the touches now. While it does not, it holds no touch, timer
    /// or deciding recognizer, and no down since could complete a set (fewer than `minFingers`
    /// down, or the oldest of them landed more than `mf_window_ms` before: `canFormSet`). A
    /// recognizer that is not a candidate ignores every motion and lift, and its down only
    /// counts fingers, so the engine would do nothing visible. The downs are kept in `latest`
    /// and handed to the engine, in order and at their own times, when a finger lands that may
    /// complete a set (`engage`); it is then fed every event until it holds no touch again.
    /// The decisions are the same as feeding it everything (a property test compares both),
    /// and most touches never cost a dispatch.
    @usableFromInline private(set) var engaged = false
    /// `false` makes the engine follow every touch from its down (tests compare both ways).
    var keepsDownsBack = true
    /// Touches down (every screen).
    private var downCount = 0
    /// Order of the next down, so that `engage` hands the engine the downs in their order.
    private var nextDownOrder = 0

    @usableFromInline struct LatestPosition {
        var id: Int32 = -1
        /// Millimetres per pixel of the touch's output (`mmPerPxX`, `mmPerPxY`), and the
        /// output's layout origin, so that a motion makes its layout position output-local
        /// millimetres with no lookup; kept current by `setPlacement`.
        @usableFromInline var mmPerPx = Point.zero
        @usableFromInline var originPx = Point.zero
        @usableFromInline var position_mm = Point.zero
        @usableFromInline var time = Milliseconds.zero
        @usableFromInline var down = false
        @usableFromInline var stale = false
        /// Whether the engine has seen this touch's down.
        var fed = false
        /// Where and when it went down (mm), and its place among the downs, for `engage`.
        var downPosition_mm = Point.zero
        var downTime = Milliseconds.zero
        var downOrder = 0
    }

    /// Builds the gestures of `config`, or returns `nil` when it binds none (the router then
    /// keeps its edge-only path).
    init?(config: SystemGestureConfig, slotCount: Int, logger: Logger) {
        guard !config.multiFinger.isEmpty else { return nil }
        bindings = config.multiFinger
        thresholds = config.multiFingerThresholds
        minFingers = config.multiFinger.map(\.fingers).min() ?? 1
        // A 1 px = 1 mm plane, large enough for any output; the root is the only node.
        let plane = OutputGeometry(widthPx: 100_000, heightPx: 100_000, widthMm: 100_000, heightMm: 100_000)
        engine = GestureEngine(output: plane, clock: ManualClock(), logger: logger)
        // The router is the clients' one responder (M2): the engine needs none of its own.
        engine.hasResponder = false
        var list = ContiguousArray<MultiFingerRecognizer>()
        for (k, b) in config.multiFinger.enumerated() {
            let name = b.gesture < config.gestures.count ? config.gestures[b.gesture].name : "?"
            list.append(MultiFingerRecognizer(binding: b, index: k, name: name,
                                              thresholds: config.multiFingerThresholds, reports: reports,
                                              screens: screens))
        }
        recognizers = list
        flat = .allocate(capacity: list.count)
        _ = flat.initialize(from: list.lazy.map { Unmanaged.passUnretained($0) })
        pendingChange = ContiguousArray(repeating: nil, count: list.count)
        latest = .allocate(capacity: slotCount)
        latest.initialize(repeating: LatestPosition())
        // E7 breaks ties in favour of the most recently added: add in reverse so that, on the
        // same event, the entry listed first in the config wins (M3).
        for r in list.reversed() {
            r.addTarget(reports) { reports, r in reports.action(unsafeDowncast(r, to: MultiFingerRecognizer.self)) }
            engine.add(r, to: .root)
        }
    }

    deinit {
        latest.deallocate()
        flat.deallocate()
    }

    /// Touch `id` went down in router slot `slot` on `output`: bring the other touches up to
    /// date, then feed the down (or only record it, while no set can form: see `engaged`).
    func down(slot: Int, id: Int32, at p: Point, output: OutputID, mmPerPx: Point, originPx: Point, time: Milliseconds) {
        screens.down(id, on: output)
        latest[slot] = LatestPosition(id: id, mmPerPx: mmPerPx, originPx: originPx, position_mm: p, time: time, down: true, stale: false,
                                      fed: false, downPosition_mm: p, downTime: time, downOrder: nextDownOrder)
        nextDownOrder &+= 1
        downCount += 1
        if !engaged {
            if keepsDownsBack && !(downCount >= minFingers && canFormSet(landingAt: time)) { return }
            engage(except: slot)
        }
        var k = 0
        while k < latest.count {
            if latest[k].down && latest[k].stale {
                latest[k].stale = false
                engine.touchMoved(id: latest[k].id, to: latest[k].position_mm, time: latest[k].time)
            }
            k += 1
        }
        latest[slot].fed = true
        engine.touchDown(id: id, at: p, time: time)
        updateTracking()
    }

    /// Whether a finger landing at `time` may complete a set (M1), the engine not following
    /// the touches: every finger of a set lands within `mf_window_ms` of the first of them, and
    /// while all fingers are on one screen the oldest one down would be that first. With
    /// fingers on several screens, each screen counts its own: the engine decides.
    private func canFormSet(landingAt time: Milliseconds) -> Bool {
        if screens.spansScreens { return true }
        var oldest = time
        var k = 0
        while k < latest.count {
            if latest[k].down && latest[k].downTime < oldest { oldest = latest[k].downTime }
            k += 1
        }
        return time - oldest <= Milliseconds(thresholds.window_ms)
    }

    /// The engine starts following the touches: each touch down but `slot` is handed over as it
    /// went down, in down order and at its own time, and marked stale so that `down` then
    /// brings it to where it is now, as it would have been had the engine seen every event.
    /// No set formed at any of those downs (else the engine would have been following), so
    /// the recognizers only count them: fingers that lifted meanwhile are gone from the count
    /// the replay passes through, and must not make a set there that never was.
    private func engage(except slot: Int) {
        engaged = true
        for r in recognizers { r.formsSets = false }
        defer { for r in recognizers { r.formsSets = true } }
        while true {
            // The oldest down not handed over yet (a few fingers: a scan each).
            var next = -1
            var k = 0
            while k < latest.count {
                if k != slot && latest[k].down && !latest[k].fed
                    && (next < 0 || latest[k].downOrder < latest[next].downOrder) {
                    next = k
                }
                k += 1
            }
            guard next >= 0 else { return }
            latest[next].fed = true
            latest[next].stale = true
            engine.touchDown(id: latest[next].id, at: latest[next].downPosition_mm, time: latest[next].downTime)
        }
    }

    /// The touch in router slot `slot` moved to `p` (layout px): fed at once while tracking,
    /// else only recorded. Returns whether the engine saw it (and reports may have
    /// been made). Inlined into the router's motion path: a few loads and stores.
    @inlinable @inline(__always)
    func motion(slot: Int, px p: Point, time: Milliseconds) -> Bool {
        guard latest[slot].down else { return false }
        // `OutputGeometry.toMillimetres` of the output-local position, with the output's
        // origin and scale kept in the entry.
        let s = latest[slot].mmPerPx, o = latest[slot].originPx
        let mm = Point(x: (p.x - o.x) * s.x, y: (p.y - o.y) * s.y)
        latest[slot].position_mm = mm
        latest[slot].time = time
        guard tracking else { latest[slot].stale = true; return false }
        return feedMotion(slot: slot, to: mm, time: time)
    }

    /// The output of the touch in router slot `slot` moved or changed its size: later motions
    /// convert with `mmPerPx` from `originPx`.
    func setPlacement(slot: Int, mmPerPx: Point, originPx: Point) {
        if latest[slot].down {
            latest[slot].mmPerPx = mmPerPx
            latest[slot].originPx = originPx
        }
    }

    /// `motion` while tracking: the engine sees it.
    @usableFromInline @inline(never)
    func feedMotion(slot: Int, to p: Point, time: Milliseconds) -> Bool {
        latest[slot].stale = false
        engine.touchMoved(id: latest[slot].id, to: p, time: time)
        updateTracking()
        return true
    }

    /// The touch in router slot `slot` lifted (`cancelled == false`) or was cancelled by the
    /// device.
    func end(slot: Int, time: Milliseconds, cancelled: Bool) {
        guard latest[slot].down else { return }
        let id = latest[slot].id
        latest[slot].down = false
        downCount -= 1
        screens.end(id)
        // A touch the engine never saw: not a candidate's, so it would only have been ignored.
        guard latest[slot].fed else { return }
        latest[slot].fed = false
        if cancelled { engine.touchCancelled(id: id, time: time) } else { engine.touchUp(id: id, time: time) }
        updateTracking()
        // The engine is back where it started: the next touches need not cost a dispatch.
        if downCount == 0 && engine.trackedTouchCount == 0 && engine.nextDeadline == .never && !tracking {
            engaged = false
        }
    }

    /// Fires the engine's timers due by `time`.
    func advance(to time: Milliseconds) {
        engine.advance(to: time)
        updateTracking()
    }

    /// Recomputes `tracking` after the engine moved.
    func updateTracking() {
        var any = false
        var k = 0
        while k < flat.count {
            let deciding = flat[k]._withUnsafeGuaranteedRef { r in
                r.isCandidate && (r.state == .possible || r.state.isActive)
            }
            k += 1
            if deciding { any = true; break }
        }
        tracking = any
    }

    /// `true` if this holder was built from the same multi-finger configuration.
    func matches(_ config: SystemGestureConfig) -> Bool {
        bindings == config.multiFinger && thresholds == config.multiFingerThresholds
    }

    /// A reference naming recognizer `index` in decisions.
    func ref(_ index: Int) -> MultiFingerGestureRef {
        let b = recognizers[index].binding
        return MultiFingerGestureRef(gesture: b.gesture, kind: b.kind, fingers: b.fingers)
    }

    /// Fails every candidate still deciding that `shouldFail` picks, with `reason`.
    func failCandidates(reason: FailureReason, where shouldFail: (MultiFingerRecognizer) -> Bool) {
        var k = 0
        while k < recognizers.count {
            let r = recognizers[k]
            k += 1
            if r.isCandidate && r.state == .possible && shouldFail(r) { r.fail(reason) }
        }
        updateTracking()
    }

    /// Whether recognizer `r` has touch `id` in its set.
    static func has(_ r: MultiFingerRecognizer, touch id: Int32) -> Bool {
        for t in r.activeTouches where t.id == id { return true }
        return false
    }
}
