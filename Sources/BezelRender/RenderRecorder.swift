import BezelCore
import BezelScenario

/// Runs a scenario or a recorded trace through a fresh `SystemGestureRouter`, keeping every
/// input sample next to the decisions it caused, and returns what `bezel render` draws.
///
/// It drives the router the way `ScenarioRunner` does (same calls, same order, surfaces and
/// deferrals committed at t = 0, one frame per timeline instant) and drains the decisions after
/// every call, so that each decision can be tied to the input that caused it. The runner itself
/// is not changed.
public enum RenderRecorder {
    /// Records `scenario`.
    public static func record(_ scenario: Scenario) -> Recording {
        var session = RecorderSession(title: scenario.file, output: scenario.output, config: scenario.config)
        // Further outputs are routed like the runner does; the drawing shows output 0.
        for o in scenario.outputs { session.router.addOutput(o.id, origin: o.origin, geometry: o.geometry) }
        session.addSurfaces(scenario.surfaces.map {
            (name: $0.id, client: $0.client, rect: $0.rect, parent: $0.parent, deferred: $0.deferredEdges,
             region: $0.deferredRegion, back: $0.backHandling)
        })
        var k = 0
        let timeline = scenario.timeline
        while k < timeline.count {
            let t = timeline[k].t
            // Entries with the same t form one frame.
            while k < timeline.count && timeline[k].t == t {
                session.apply(timeline[k].action, at: t)
                k += 1
            }
            session.endFrame(at: t)
        }
        return session.finish()
    }

    /// Records touch frames (from a trace) over one full-screen surface `app` of client `A`,
    /// as `bezel replay` plays them.
    public static func record(frames: [TouchFrame], output: OutputGeometry,
                              config: SystemGestureConfig = SystemGestureConfig(),
                              title: String) -> Recording {
        var session = RecorderSession(title: title, output: output, config: config)
        session.addSurfaces([(name: "app", client: "A", rect: output.bounds, parent: nil, deferred: nil, region: nil, back: nil)])
        for frame in frames {
            for e in frame.events {
                let t = e.time.value
                switch e.kind {
                case .down: session.apply(.down(id: e.id, position: e.position), at: t)
                case .motion: session.apply(.motion(id: e.id, position: e.position), at: t)
                case .up: session.apply(.up(id: e.id), at: t)
                case .cancel: session.apply(.cancel, at: t)
                }
            }
            session.endFrame(at: frame.time.value)
        }
        return session.finish()
    }
}
