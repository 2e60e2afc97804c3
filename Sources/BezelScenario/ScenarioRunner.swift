import BezelCore

/// Runs a scenario through the router on a virtual clock and names its decisions.
public enum ScenarioRunner {
    /// Runs `scenario` and returns its output lines in order.
    public static func run(_ scenario: Scenario, logger: Logger = .silent) -> [OutputLine] {
        var session = Session(scenario: scenario, logger: logger)
        return session.run()
    }

    /// Runs `scenario` and also checks the R9 invariants on its decisions.
    public static func runChecked(_ scenario: Scenario, logger: Logger = .silent) -> (lines: [OutputLine], invariants: RoutingInvariantChecker) {
        var session = Session(scenario: scenario, logger: logger)
        let lines = session.run()
        session.checker.finish(stillDown: session.inputDown)
        return (lines, session.checker)
    }

    private struct Session {
        let scenario: Scenario
        let router: SystemGestureRouter
        var surfaceByName: [String: NodeTree.NodeID] = [:]
        var surfaceName: [NodeTree.NodeID: String] = [:]
        var clientName: [ClientID: String] = [:]
        var lines: [OutputLine] = []
        var checker = RoutingInvariantChecker()
        /// Touches down on the input side at the end of the run.
        var inputDown: Set<Int32> = []

        init(scenario: Scenario, logger: Logger) {
            self.scenario = scenario
            self.router = SystemGestureRouter(output: scenario.output, config: scenario.config, logger: logger)
            for o in scenario.outputs { router.addOutput(o.id, origin: o.origin, geometry: o.geometry) }
        }

        mutating func run() -> [OutputLine] {
            var clientByName: [String: ClientID] = [:]
            for s in scenario.surfaces {
                let client = clientByName[s.client] ?? {
                    let c = ClientID(clientByName.count)
                    clientByName[s.client] = c
                    clientName[c] = s.client
                    return c
                }()
                let parent = s.parent.flatMap { surfaceByName[$0] }
                guard let node = router.addSurface(client: client, rect: s.rect, parent: parent) else { continue }
                surfaceByName[s.id] = node
                surfaceName[node] = s.id
            }
            // A surface's deferred_edges (and deferred_gestures) counts as a commit at t = 0.
            for s in scenario.surfaces {
                if let rects = s.deferredRegion, let node = surfaceByName[s.id] {
                    router.commitDeferredRegion(rects, surface: node, time: .zero)
                }
                if let edges = s.deferredEdges, let node = surfaceByName[s.id] {
                    router.commitDeferredEdges(edges, surface: node, time: .zero)
                }
                if let kinds = s.deferredGestures, let node = surfaceByName[s.id] {
                    router.commitDeferredGestures(kinds, surface: node, time: .zero)
                }
                if let on = s.backHandling, let node = surfaceByName[s.id] {
                    router.commitBackHandling(on, surface: node, time: .zero)
                }
            }
            collect()

            var k = 0
            let timeline = scenario.timeline
            while k < timeline.count {
                let t = timeline[k].t
                // Entries with the same t form one frame.
                while k < timeline.count && timeline[k].t == t {
                    apply(timeline[k].action, at: Milliseconds(t))
                    k += 1
                }
                router.frame(time: Milliseconds(t))
                collect()
            }
            return lines
        }

        mutating func apply(_ action: Scenario.Action, at time: Milliseconds) {
            switch action {
            case .down(let id, let p):
                router.touchDown(id: id, at: p, time: time)
                inputDown.insert(id)
            case .downOnOutput(let o, let id, let p):
                // Scenarios give output-local positions; the router takes layout ones.
                router.touchDown(id: id, at: router.layoutPosition(p, onOutput: o) ?? p, output: o, time: time)
                inputDown.insert(id)
            case .removeOutput(let o):
                router.removeOutput(o, time: time)
                // Its touches are over on the router's side; their sequences have ended.
                inputDown = inputDown.filter { router.isTouchDown($0) }
            case .rotateOutput(let o, let transform):
                router.rotateOutput(o, to: transform, time: time)
                inputDown = inputDown.filter { router.isTouchDown($0) }
            case .motion(let id, let p): router.touchMotion(id: id, at: router.layoutPosition(p, ofTouch: id), time: time)
            case .up(let id):
                router.touchUp(id: id, time: time)
                inputDown.remove(id)
            case .cancel:
                router.cancelAll(time: time)
                inputDown.removeAll()
            case .deferEdges(let s, let edges):
                if let node = surfaceByName[s] { router.commitDeferredEdges(edges, surface: node, time: time) }
            case .deferGestures(let s, let edges, let kinds):
                guard let node = surfaceByName[s] else { break }
                if let edges { router.commitDeferredEdges(edges, surface: node, time: time) }
                router.commitDeferredGestures(kinds, surface: node, time: time)
            case .deferRegion(let s, let edges, let kinds, let region):
                // One commit: the region first, so the edges it carries apply inside it.
                guard let node = surfaceByName[s] else { break }
                router.commitDeferredRegion(region, surface: node, time: time)
                if let edges { router.commitDeferredEdges(edges, surface: node, time: time) }
                if let kinds { router.commitDeferredGestures(kinds, surface: node, time: time) }
            case .policy(let s, let edges, let kinds):
                guard let node = surfaceByName[s] else { break }
                if let edges { router.setPolicyMask(edges, surface: node, time: time) }
                if let kinds { router.setGesturePolicyMask(kinds, surface: node, time: time) }
            case .dragStart(let id):
                router.advance(to: time)
                collect(endOfBatch: false)
                router.dragStart(touch: id, time: time)
                checker.dragStarted(touch: id)
            case .dragEnd: router.dragEnd(time: time)
            case .lock(let locked): router.setLocked(locked, time: time)
            case .backHandling(let s, let on):
                if let node = surfaceByName[s] { router.commitBackHandling(on, surface: node, time: time) }
            case .remove(let s):
                if let node = surfaceByName[s] { router.removeSurface(node, time: time) }
            case .move(let s, let rect):
                // Timers due before the move fire where the surface was.
                router.advance(to: time)
                if let node = surfaceByName[s] { router.setSurfaceRect(rect, surface: node) }
            case .advance: router.advance(to: time)
            }
        }

        mutating func collect(endOfBatch: Bool = true) {
            let gestures = scenario.config.gestures, surfaces = surfaceName, clients = clientName
            let severalOutputs = !scenario.outputs.isEmpty
            var batch: [OutputLine] = []
            var checker = self.checker
            router.drain { decision in
                checker.observe(decision)
                var line = Self.line(decision, gestures: gestures, surface: surfaces, client: clients)
                // R10: the lines of an app-handled gesture say so.
                if decision.appHandled { line.fields.append(("app_handled", .bool(true))) }
                // With several outputs, system and affordance lines name theirs.
                if severalOutputs, Self.happensOnAnOutput(decision.event) {
                    line.fields.append(("output", .number(Double(decision.output))))
                }
                batch.append(line)
            }
            if endOfBatch { checker.endBatch(at: router.now) }
            self.checker = checker
            lines += batch
        }

        /// System gesture and affordance events happen on an output; the others on a client.
        static func happensOnAnOutput(_ event: RouterEvent) -> Bool {
            switch event {
            case .systemBegan, .systemChanged, .systemEnded, .systemCancelled, .systemFailed,
                 .affordanceShown, .affordanceHidden, .multiFingerBegan, .multiFingerChanged,
                 .multiFingerEnded, .multiFingerCancelled, .multiFingerFailed:
                return true
            default:
                return false
            }
        }

        static func line(_ o: RouterDecision, gestures: [GestureSpec],
                         surface: [NodeTree.NodeID: String], client: [ClientID: String]) -> OutputLine {
            func s(_ id: NodeTree.NodeID) -> OutputLine.Value { .string(surface[id] ?? "?") }
            func c(_ id: ClientID) -> OutputLine.Value { .string(client[id] ?? "?") }
            func g(_ i: Int) -> OutputLine.Value { .string(i < gestures.count ? gestures[i].name : "?") }
            func e(_ edge: Edge) -> OutputLine.Value { .string(edge.name) }
            func mf(_ m: MultiFingerGestureRef) -> [(key: String, value: OutputLine.Value)] {
                [("gesture", g(m.gesture)), ("fingers", .number(Double(m.fingers))), ("kind", .string(m.kind.name))]
            }
            let t = o.t.value
            switch o.event {
            case let .clientDown(cl, sf, id, p, time):
                return OutputLine(t: t, event: "client.down", fields: [("client", c(cl)), ("surface", s(sf)), ("id", .number(Double(id))), ("x", .number(p.x)), ("y", .number(p.y)), ("time", .number(time.value))])
            case let .clientMotion(cl, sf, id, p, time):
                return OutputLine(t: t, event: "client.motion", fields: [("client", c(cl)), ("surface", s(sf)), ("id", .number(Double(id))), ("x", .number(p.x)), ("y", .number(p.y)), ("time", .number(time.value))])
            case let .clientUp(cl, sf, id, time):
                return OutputLine(t: t, event: "client.up", fields: [("client", c(cl)), ("surface", s(sf)), ("id", .number(Double(id))), ("time", .number(time.value))])
            case let .clientFrame(cl):
                return OutputLine(t: t, event: "client.frame", fields: [("client", c(cl))])
            case let .clientCancel(cl):
                return OutputLine(t: t, event: "client.cancel", fields: [("client", c(cl))])
            case let .systemBegan(gs, edge):
                return OutputLine(t: t, event: "system.began", fields: [("gesture", g(gs)), ("edge", e(edge))])
            case let .systemChanged(gs, edge, travel, progress, velocity):
                return OutputLine(t: t, event: "system.changed", fields: [("gesture", g(gs)), ("edge", e(edge)), ("travel_mm", .number(travel)), ("progress", .number(progress)), ("velocity_mm_s", .number(velocity))])
            case let .systemEnded(gs, edge, committed):
                return OutputLine(t: t, event: "system.ended", fields: [("gesture", g(gs)), ("edge", e(edge)), ("committed", .bool(committed))])
            case let .systemCancelled(gs, edge):
                return OutputLine(t: t, event: "system.cancelled", fields: [("gesture", g(gs)), ("edge", e(edge))])
            case let .systemFailed(gs, edge, reason):
                return OutputLine(t: t, event: "system.failed", fields: [("gesture", g(gs)), ("edge", e(edge)), ("reason", .string(reason.name))])
            case let .affordanceShown(edge):
                return OutputLine(t: t, event: "affordance.shown", fields: [("edge", e(edge))])
            case let .affordanceHidden(edge):
                return OutputLine(t: t, event: "affordance.hidden", fields: [("edge", e(edge))])
            case let .honoredEdges(sf, edges):
                return OutputLine(t: t, event: "protocol.honored_edges", fields: [("surface", s(sf)), ("edges", .strings(edges.edges.map(\.name)))])
            case let .deferredSwipe(sf, edge):
                return OutputLine(t: t, event: "protocol.deferred_swipe", fields: [("surface", s(sf)), ("edge", e(edge))])
            case let .gestureTaken(sf, edge):
                return OutputLine(t: t, event: "protocol.gesture_taken", fields: [("surface", s(sf)), ("edge", e(edge))])
            case .dragCancel:
                return OutputLine(t: t, event: "drag.cancel", fields: [])
            // docs/design.md §4.5: multi-finger lines carry `gesture` and `fingers` instead of `edge`.
            case let .multiFingerBegan(m):
                return OutputLine(t: t, event: "system.began", fields: mf(m))
            case let .multiFingerChanged(m, travel, progress, velocity, scale):
                var f = mf(m) + [("travel_mm", .number(travel)), ("progress", .number(progress)), ("velocity_mm_s", .number(velocity))]
                if m.kind == .pinch { f.append(("scale", .number(scale))) }
                return OutputLine(t: t, event: "system.changed", fields: f)
            case let .multiFingerEnded(m, committed):
                return OutputLine(t: t, event: "system.ended", fields: mf(m) + [("committed", .bool(committed))])
            case let .multiFingerCancelled(m):
                return OutputLine(t: t, event: "system.cancelled", fields: mf(m))
            case let .multiFingerFailed(m, reason):
                return OutputLine(t: t, event: "system.failed", fields: mf(m) + [("reason", .string(reason.name))])
            case let .multiFingerTaken(sf, m):
                return OutputLine(t: t, event: "protocol.gesture_taken", fields: [("surface", s(sf)), ("gesture", g(m.gesture))])
            case let .backEdges(sf, edges):
                return OutputLine(t: t, event: "protocol.back_edges", fields: [("surface", s(sf)), ("edges", .strings(edges.edges.map(\.name)))])
            case let .backBegan(sf, edge, p):
                return OutputLine(t: t, event: "protocol.back_began", fields: [("surface", s(sf)), ("edge", e(edge)), ("x", .number(p.x)), ("y", .number(p.y))])
            case let .backChanged(sf, progress, p):
                return OutputLine(t: t, event: "protocol.back_changed", fields: [("surface", s(sf)), ("progress", .number(progress)), ("x", .number(p.x)), ("y", .number(p.y))])
            case let .backInvoked(sf):
                return OutputLine(t: t, event: "protocol.back_invoked", fields: [("surface", s(sf))])
            case let .backCancelled(sf):
                return OutputLine(t: t, event: "protocol.back_cancelled", fields: [("surface", s(sf))])
            case let .honoredGestures(sf, kinds):
                return OutputLine(t: t, event: "protocol.honored_gestures", fields: [("surface", s(sf)), ("gestures", .strings(kinds.kinds.map(\.name)))])
            }
        }
    }
}
