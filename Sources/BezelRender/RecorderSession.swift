import BezelCore
import BezelScenario

/// The state of one `RenderRecorder` run: the router, the tracks being built and the lanes.
///
/// Decisions do not name the touch a system gesture or a failed candidate belongs to, so the
/// session attributes them: it knows each touch's candidates from the zones at its down, and a
/// decision goes to the touch whose input caused it if that touch has the candidate, else to the
/// oldest touch that has it (`multi_touch` never goes to the touch that came down, `still` and
/// `cancelled` come from timers and device cancels).
struct RecorderSession {
    let title: String
    let output: OutputGeometry
    let config: SystemGestureConfig
    let router: SystemGestureRouter

    var surfaces: [Recording.Surface] = []
    var surfaceByName: [String: NodeTree.NodeID] = [:]
    var tracks: [TouchTrack] = []
    /// Touch id → index of its track while it is down.
    var active: [Int32: Int] = [:]
    /// Touch id → index of its latest track (deliveries can come after the up, at a flush).
    var latest: [Int32: Int] = [:]
    /// Touch id → how many tracks it had.
    var ordinals: [Int32: Int] = [:]
    /// Indices of tracks that still have open candidates, oldest first.
    var openTracks: [Int] = []
    /// Candidate key → index of the track whose gesture is running.
    var running: [Int: Int] = [:]
    /// Candidate key → index into `gestureLanes`.
    var laneIndex: [Int: Int] = [:]
    var gestureLanes: [GestureLane] = []
    /// The lane of the latest gesture that began as an app's (R10), for its `back_began`.
    var appHandledLane: Int?
    /// Handling surface → (lane, index into its `backRuns`) of its running back.
    var backRunning: [NodeTree.NodeID: (lane: Int, run: Int)] = [:]
    /// Surface names by node, for the back runs' labels.
    var surfaceNames: [NodeTree.NodeID: String] = [:]
    var edgeLanes: [EdgeLane] = []
    /// The track whose input is being applied, if any.
    var current: Int?
    var startTime = Double.infinity
    var endTime = -Double.infinity

    init(title: String, output: OutputGeometry, config: SystemGestureConfig) {
        self.title = title
        self.output = output
        self.config = config
        self.router = SystemGestureRouter(output: output, config: config)
    }

    static func key(_ gesture: Int, _ edge: Edge) -> Int { gesture * 4 + edge.index }

    // MARK: Setup

    mutating func addSurfaces(_ list: [(name: String, client: String, rect: Rect, parent: String?, deferred: EdgeSet?,
                                        region: [Rect]?, back: Bool?)]) {
        var clientByName: [String: ClientID] = [:]
        for s in list {
            let client = clientByName[s.client] ?? ClientID(clientByName.count)
            clientByName[s.client] = client
            let parent = s.parent.flatMap { surfaceByName[$0] }
            guard let node = router.addSurface(client: client, rect: s.rect, parent: parent) else { continue }
            surfaceByName[s.name] = node
            surfaceNames[node] = s.name
            // Subsurface rects are in output coordinates, as the runner gives them.
            surfaces.append(Recording.Surface(name: s.name, rect: s.rect))
        }
        for s in list {
            if let rects = s.region, let node = surfaceByName[s.name] {
                router.commitDeferredRegion(rects, surface: node, time: .zero)
                noteRegion(rects, surface: s.name, at: 0)
            }
            if let edges = s.deferred, let node = surfaceByName[s.name] {
                router.commitDeferredEdges(edges, surface: node, time: .zero)
            }
            if let on = s.back, let node = surfaceByName[s.name] {
                router.commitBackHandling(on, surface: node, time: .zero)
            }
        }
        collect()
    }

    /// Keeps a committed region for the drawing.
    mutating func noteRegion(_ rects: [Rect]?, surface name: String, at t: Double) {
        if let k = surfaces.firstIndex(where: { $0.name == name }) {
            surfaces[k].deferredRegions.append(Recording.RegionCommit(t: t, rects: rects))
        }
    }

    // MARK: Input

    mutating func apply(_ action: Scenario.Action, at t: Double) {
        note(t)
        let time = Milliseconds(t)
        current = nil
        switch action {
        case .down(let id, let p):
            let ordinal = (ordinals[id] ?? 0) + 1
            ordinals[id] = ordinal
            var track = TouchTrack(id: id, ordinal: ordinal)
            track.samples.append(TouchSample(t: t, position: p, kind: .down, owner: .dropped))
            track.markers.append(TrackMarker(kind: .down, t: t))
            track.openCandidates = candidates(at: p)
            tracks.append(track)
            let i = tracks.count - 1
            if !track.openCandidates.isEmpty { openTracks.append(i) }
            if active[id] == nil { active[id] = i }
            latest[id] = i
            current = i
            router.touchDown(id: id, at: p, time: time)
            collect()
            settleDown(i, at: t)
        case .motion(let id, let p):
            if let i = active[id] {
                current = i
                tracks[i].samples.append(TouchSample(t: t, position: p, kind: .motion, owner: .dropped))
            }
            router.touchMotion(id: id, at: router.layoutPosition(p, ofTouch: id), time: time)
            collect()
            settleLastSample()
        case .up(let id):
            if let i = active[id] {
                current = i
                let p = tracks[i].samples.last?.position ?? .zero
                tracks[i].samples.append(TouchSample(t: t, position: p, kind: .up, owner: .dropped))
                tracks[i].markers.append(TrackMarker(kind: .up, t: t))
            }
            router.touchUp(id: id, time: time)
            collect()
            settleLastSample()
            if let i = active[id] { close(i, at: t) }
            active[id] = nil
        case .cancel:
            for (_, i) in active {
                tracks[i].markers.append(TrackMarker(kind: .cancel, t: t, label: "device cancel"))
            }
            router.cancelAll(time: time)
            collect()
            for (_, i) in active.sorted(by: { $0.value < $1.value }) { close(i, at: t, cancelled: true) }
            active.removeAll()
        case .deferEdges(let s, let edges):
            if let node = surfaceByName[s] { router.commitDeferredEdges(edges, surface: node, time: time) }
            collect()
        case .deferGestures(let s, let edges, let kinds):
            if let node = surfaceByName[s] {
                if let edges { router.commitDeferredEdges(edges, surface: node, time: time) }
                router.commitDeferredGestures(kinds, surface: node, time: time)
            }
            collect()
        case .deferRegion(let s, let edges, let kinds, let region):
            if let node = surfaceByName[s] {
                router.commitDeferredRegion(region, surface: node, time: time)
                noteRegion(region, surface: s, at: t)
                if let edges { router.commitDeferredEdges(edges, surface: node, time: time) }
                if let kinds { router.commitDeferredGestures(kinds, surface: node, time: time) }
            }
            collect()
        case .policy(let s, let edges, let kinds):
            if let node = surfaceByName[s] {
                if let edges { router.setPolicyMask(edges, surface: node, time: time) }
                if let kinds { router.setGesturePolicyMask(kinds, surface: node, time: time) }
            }
            collect()
        case .dragStart(let id):
            router.advance(to: time)
            collect()
            if let i = active[id] {
                current = i
                if tracks[i].route != .system {
                    if tracks[i].route == .held { endHeld(i, at: t) }
                    setRoute(i, .drag, at: t)
                    tracks[i].clientOpen = false
                    tracks[i].markers.append(TrackMarker(kind: .drag, t: t, label: "drag"))
                }
            }
            router.dragStart(touch: id, time: time)
            collect()
        case .dragEnd:
            router.dragEnd(time: time)
            collect()
        case .lock(let locked):
            router.setLocked(locked, time: time)
            collect()
        case .backHandling(let s, let on):
            if let node = surfaceByName[s] { router.commitBackHandling(on, surface: node, time: time) }
            collect()
        case .remove(let s):
            if let node = surfaceByName[s] { router.removeSurface(node, time: time) }
            collect()
        case .move(let s, let rect):
            router.advance(to: time)
            collect()
            if let node = surfaceByName[s] { router.setSurfaceRect(rect, surface: node) }
        case .advance:
            router.advance(to: time)
            collect()
        case .downOnOutput(let o, let id, let p):
            // The drawing shows output 0 only: touches on other outputs are routed, not drawn.
            router.touchDown(id: id, at: router.layoutPosition(p, onOutput: o) ?? p, output: o, time: time)
            collect()
        case .rotateOutput(let o, let transform):
            // Cancelled as for a removal (R8); the drawing keeps output 0's first frame.
            if o == 0 {
                for (_, i) in active {
                    tracks[i].markers.append(TrackMarker(kind: .cancel, t: t, label: "output rotated"))
                }
            }
            router.rotateOutput(o, to: transform, time: time)
            collect()
            if o == 0 {
                for (_, i) in active.sorted(by: { $0.value < $1.value }) { close(i, at: t, cancelled: true) }
                active.removeAll()
            }
        case .removeOutput(let o):
            if o == 0 {
                for (_, i) in active {
                    tracks[i].markers.append(TrackMarker(kind: .cancel, t: t, label: "output removed"))
                }
            }
            router.removeOutput(o, time: time)
            collect()
            if o == 0 {
                for (_, i) in active.sorted(by: { $0.value < $1.value }) { close(i, at: t, cancelled: true) }
                active.removeAll()
            }
        }
        current = nil
    }

    mutating func endFrame(at t: Double) {
        router.frame(time: Milliseconds(t))
        collect()
    }

    /// The candidate keys a down at `p` creates (docs/design.md §4.3 boundaries), as the router computes them.
    func candidates(at p: Point) -> [Int] {
        let mm = output.toMillimetres(p)
        var keys: [Int] = []
        for edge in Edge.allCases where config.isBound(edge) {
            let distance: Double
            switch edge {
            case .top: distance = mm.y
            case .bottom: distance = output.heightMm - mm.y
            case .left: distance = mm.x
            case .right: distance = output.widthMm - mm.x
            }
            guard distance <= config.thresholds(edge).edgeZone_mm else { continue }
            let along = (edge == .top || edge == .bottom) ? p.x / output.widthPx : p.y / output.heightPx
            if let g = config.gesture(on: edge, at: min(max(along, 0), 1)) { keys.append(Self.key(g, edge)) }
        }
        return keys
    }

    /// After the down's decisions: the touch is held, went to the client, or to nobody.
    mutating func settleDown(_ i: Int, at t: Double) {
        if tracks[i].samples[0].owner == .client { return }
        if tracks[i].route == .pending {
            if !tracks[i].openCandidates.isEmpty {
                setRoute(i, .held, at: t)
                tracks[i].held = TimeSpan(t0: t, t1: t, label: tracks[i].name, open: true)
                let window = tracks[i].openCandidates.map { config.thresholds[$0 % 4].holdWindow_ms }.min() ?? 0
                tracks[i].holdExpiry = t + window
            } else {
                setRoute(i, .dropped, at: t)
            }
        }
        tracks[i].samples[0].owner = owner(of: tracks[i].route)
    }

    /// The owner of the sample just added to the current track, unless a client already got it.
    mutating func settleLastSample() {
        guard let i = current, let k = tracks[i].samples.indices.last else { return }
        if tracks[i].samples[k].owner == .client { return }
        tracks[i].samples[k].owner = owner(of: tracks[i].route)
    }

    /// Changes the track's route, noting the change of owner for the timeline.
    mutating func setRoute(_ i: Int, _ route: TouchTrack.Route, at t: Double) {
        tracks[i].route = route
        let o = route == .client ? SampleOwner.client : owner(of: route)
        if tracks[i].ownerChanges.last?.owner != o { tracks[i].ownerChanges.append((t, o)) }
    }

    func owner(of route: TouchTrack.Route) -> SampleOwner {
        switch route {
        case .held, .pending: return .held
        case .system: return .system
        case .drag: return .drag
        case .client, .dropped: return .dropped
        }
    }

    /// The touch is over on the input side.
    mutating func close(_ i: Int, at t: Double, cancelled: Bool = false) {
        if tracks[i].route == .held { endHeld(i, at: t) }
        if cancelled { setRoute(i, .dropped, at: t) }
        if !tracks[i].openCandidates.isEmpty {
            tracks[i].openCandidates.removeAll()
            openTracks.removeAll { $0 == i }
        }
    }

    mutating func endHeld(_ i: Int, at t: Double) {
        if var h = tracks[i].held, h.open {
            h.t1 = t; h.open = false
            tracks[i].held = h
        }
    }

    // MARK: Decisions

    mutating func collect() {
        var decisions: [RouterDecision] = []
        router.drain { decisions.append($0) }
        for d in decisions { handle(d) }
    }

    mutating func handle(_ o: RouterDecision) {
        let t = o.t.value
        note(t)
        switch o.event {
        case let .clientDown(client, _, id, _, time):
            deliver(id: id, kind: .down, time: time.value, at: t, client: client)
        case let .clientMotion(client, _, id, _, time):
            deliver(id: id, kind: .motion, time: time.value, at: t, client: client)
        case let .clientUp(client, _, id, time):
            deliver(id: id, kind: .up, time: time.value, at: t, client: client)
        case .clientFrame:
            break
        case let .clientCancel(client):
            for i in tracks.indices where tracks[i].client == client && tracks[i].clientOpen {
                tracks[i].clientOpen = false
                tracks[i].markers.append(TrackMarker(kind: .cancel, t: t, label: "client cancel"))
                if tracks[i].route == .client { setRoute(i, .dropped, at: t) }
            }
        case let .systemBegan(gesture, edge):
            let key = Self.key(gesture, edge)
            guard let i = attribute(key, reason: nil) else { break }
            resolve(key, track: i)
            running[key] = i
            if tracks[i].route == .held { endHeld(i, at: t) }
            setRoute(i, .system, at: t)
            tracks[i].markers.append(TrackMarker(kind: .begin, t: t, label: "\(name(gesture)) began"))
            let l = lane(key, gesture: gesture, edge: edge)
            gestureLanes[l].runs.append(TimeSpan(t0: t, t1: t, label: tracks[i].name, open: true))
            appHandledLane = o.appHandled ? l : nil
        case .systemChanged:
            break
        case let .systemEnded(gesture, edge, committed):
            finishRun(Self.key(gesture, edge), at: t, outcome: committed ? "committed" : "not committed")
        case let .systemCancelled(gesture, edge):
            finishRun(Self.key(gesture, edge), at: t, outcome: "cancelled")
        case let .systemFailed(gesture, edge, reason):
            let key = Self.key(gesture, edge)
            let l = lane(key, gesture: gesture, edge: edge)
            let i = attribute(key, reason: reason) ?? current
            var touchName = "?"
            if let i {
                resolve(key, track: i)
                touchName = tracks[i].name
                tracks[i].markers.append(TrackMarker(kind: .fail, t: t, label: "\(name(gesture)): \(reason.name)",
                                                     reason: reason.name))
            }
            gestureLanes[l].failures.append(TrackMarker(kind: .fail, t: t, label: "\(reason.name) (\(touchName))",
                                                        reason: reason.name))
        case let .affordanceShown(edge):
            let e = edgeLane(edge)
            edgeLanes[e].affordance.append(TimeSpan(t0: t, t1: t, label: "affordance", open: true))
        case let .affordanceHidden(edge):
            let e = edgeLane(edge)
            if let k = edgeLanes[e].affordance.lastIndex(where: { $0.open }) {
                edgeLanes[e].affordance[k].t1 = t
                edgeLanes[e].affordance[k].open = false
            }
            // A gesture that begins on an armed edge disarms it (R4).
            if let k = edgeLanes[e].armed.indices.last, edgeLanes[e].armed[k].t1 > t {
                edgeLanes[e].armed[k].t1 = t
            }
        case let .deferredSwipe(_, edge):
            let e = edgeLane(edge)
            if let k = edgeLanes[e].armed.indices.last, edgeLanes[e].armed[k].t1 > t {
                edgeLanes[e].armed[k].t1 = t
            }
            let window = config.thresholds(edge).rearmWindow_ms
            edgeLanes[e].armed.append(TimeSpan(t0: t, t1: t + window, label: "armed"))
            if let i = current {
                tracks[i].markers.append(TrackMarker(kind: .deferredSwipe, t: t, label: "deferred swipe"))
            }
        case let .backBegan(surface, _, _):
            guard let l = appHandledLane else { break }
            let label = surfaceNames[surface] ?? "?"
            gestureLanes[l].backRuns.append(.init(span: TimeSpan(t0: t, t1: t, label: label, open: true)))
            backRunning[surface] = (l, gestureLanes[l].backRuns.count - 1)
        case let .backChanged(surface, progress, _):
            guard let r = backRunning[surface] else { break }
            gestureLanes[r.lane].backRuns[r.run].progress.append((t, progress))
            gestureLanes[r.lane].backRuns[r.run].span.t1 = t
        case let .backInvoked(surface), let .backCancelled(surface):
            guard let r = backRunning.removeValue(forKey: surface) else { break }
            var span = gestureLanes[r.lane].backRuns[r.run].span
            span.t1 = t
            span.open = false
            if case .backInvoked = o.event { span.label += ": back invoked" } else { span.label += ": back cancelled" }
            gestureLanes[r.lane].backRuns[r.run].span = span
        case .honoredEdges, .gestureTaken, .dragCancel, .backEdges:
            break
        // Multi-finger gestures (docs/design.md §4.5) get a lane each; their sets' fingers are drawn as
        // touches, and the cancels they cause as client cancels.
        case let .multiFingerBegan(m):
            let l = multiFingerLane(m)
            gestureLanes[l].runs.append(TimeSpan(t0: t, t1: t, label: "\(m.fingers) fingers", open: true))
        case .multiFingerChanged, .multiFingerTaken, .honoredGestures:
            break
        case let .multiFingerEnded(m, committed):
            closeMultiFingerRun(m, at: t, outcome: committed ? "committed" : "not committed")
        case let .multiFingerCancelled(m):
            closeMultiFingerRun(m, at: t, outcome: "cancelled")
        case let .multiFingerFailed(m, reason):
            let l = multiFingerLane(m)
            gestureLanes[l].failures.append(TrackMarker(kind: .fail, t: t, label: reason.name, reason: reason.name))
        }
    }

    /// Matches a client delivery to the touch's next undelivered sample with that time and kind.
    mutating func deliver(id: Int32, kind: TouchSample.Kind, time: Double, at t: Double, client: ClientID) {
        guard let i = latest[id] else { return }
        var k = tracks[i].nextDelivery
        while k < tracks[i].samples.count
                && !(tracks[i].samples[k].kind == kind && tracks[i].samples[k].t == time) {
            k += 1
        }
        guard k < tracks[i].samples.count else { return }
        tracks[i].nextDelivery = k + 1
        tracks[i].client = client
        tracks[i].clientOpen = kind != .up
        if t > time {
            // Released from the hold: the sample keeps its "held" colour; mark the flush once.
            tracks[i].samples[k].owner = .held
            if !tracks[i].markers.contains(where: { $0.kind == .flush && $0.t == t }) {
                tracks[i].markers.append(TrackMarker(kind: .flush, t: t, label: "flush"))
            }
        } else {
            tracks[i].samples[k].owner = .client
        }
        if tracks[i].route == .held || tracks[i].route == .pending {
            endHeld(i, at: t)
            setRoute(i, .client, at: t)
        }
    }

    mutating func finishRun(_ key: Int, at t: Double, outcome: String) {
        guard let i = running.removeValue(forKey: key) else { return }
        tracks[i].markers.append(TrackMarker(kind: .end, t: t, label: outcome))
        if let l = laneIndex[key], let k = gestureLanes[l].runs.lastIndex(where: { $0.open }) {
            gestureLanes[l].runs[k].t1 = t
            gestureLanes[l].runs[k].open = false
            gestureLanes[l].runs[k].label = "\(outcome), \(tracks[i].name)"
        }
    }

    /// The track a system decision for `key` belongs to (see the type's comment).
    func attribute(_ key: Int, reason: FailureReason?) -> Int? {
        if reason != .multiTouch, let c = current, tracks[c].openCandidates.contains(key) { return c }
        for i in openTracks where tracks[i].openCandidates.contains(key) {
            if reason == .multiTouch && i == current { continue }
            return i
        }
        return nil
    }

    mutating func resolve(_ key: Int, track i: Int) {
        if let k = tracks[i].openCandidates.firstIndex(of: key) { tracks[i].openCandidates.remove(at: k) }
        openTracks.removeAll { tracks[$0].openCandidates.isEmpty }
    }

    func name(_ gesture: Int) -> String {
        gesture < config.gestures.count ? config.gestures[gesture].name : "?"
    }

    mutating func lane(_ key: Int, gesture: Int, edge: Edge) -> Int {
        if let l = laneIndex[key] { return l }
        gestureLanes.append(GestureLane(gesture: name(gesture), edge: edge))
        laneIndex[key] = gestureLanes.count - 1
        return gestureLanes.count - 1
    }

    /// The lane of a multi-finger gesture, made on first use.
    mutating func multiFingerLane(_ m: MultiFingerGestureRef) -> Int {
        let key = 1_000_000 + m.gesture * 64 + Int(m.kind.rawValue) * 8 + m.fingers
        if let l = laneIndex[key] { return l }
        var lane = GestureLane(gesture: name(m.gesture), edge: .bottom)
        lane.multiFinger = "\(m.fingers)-finger \(m.kind.name)"
        gestureLanes.append(lane)
        laneIndex[key] = gestureLanes.count - 1
        return gestureLanes.count - 1
    }

    mutating func closeMultiFingerRun(_ m: MultiFingerGestureRef, at t: Double, outcome: String) {
        let l = multiFingerLane(m)
        guard let k = gestureLanes[l].runs.lastIndex(where: { $0.open }) else { return }
        gestureLanes[l].runs[k].t1 = t
        gestureLanes[l].runs[k].open = false
        gestureLanes[l].runs[k].label = "\(outcome), \(m.fingers) fingers"
    }

    mutating func edgeLane(_ edge: Edge) -> Int {
        if let e = edgeLanes.firstIndex(where: { $0.edge == edge }) { return e }
        edgeLanes.append(EdgeLane(edge: edge))
        return edgeLanes.count - 1
    }

    mutating func note(_ t: Double) {
        guard t.isFinite else { return }
        startTime = min(startTime, t)
        endTime = max(endTime, t)
    }

    // MARK: End

    mutating func finish() -> Recording {
        if !startTime.isFinite { startTime = 0; endTime = 0 }
        for i in tracks.indices {
            if var h = tracks[i].held, h.open { h.t1 = endTime; tracks[i].held = h }
            tracks[i].markers.sort { $0.t < $1.t }
        }
        for l in gestureLanes.indices {
            for k in gestureLanes[l].runs.indices where gestureLanes[l].runs[k].open {
                gestureLanes[l].runs[k].t1 = endTime
            }
        }
        for e in edgeLanes.indices {
            for k in edgeLanes[e].affordance.indices where edgeLanes[e].affordance[k].open {
                edgeLanes[e].affordance[k].t1 = endTime
            }
        }
        return Recording(title: title, output: output, config: config, surfaces: surfaces, tracks: tracks,
                         gestureLanes: gestureLanes, edgeLanes: edgeLanes,
                         startTime: startTime, endTime: endTime)
    }
}
