import BezelCore

extension Scenario {
    /// A scenario that plays recorded touch frames over one full-screen surface (`app` of
    /// client `A`), as `bezel replay` does. Cancel frames become device cancels.
    public static func replaying(_ frames: [TouchFrame], output: OutputGeometry,
                                 config: SystemGestureConfig, file: String) -> Scenario {
        var timeline: [Entry] = []
        timeline.reserveCapacity(frames.reduce(0) { $0 + $1.events.count })
        for frame in frames {
            for e in frame.events {
                let t = e.time.value
                switch e.kind {
                case .down: timeline.append(Entry(t: t, action: .down(id: e.id, position: e.position), line: nil))
                case .motion: timeline.append(Entry(t: t, action: .motion(id: e.id, position: e.position), line: nil))
                case .up: timeline.append(Entry(t: t, action: .up(id: e.id), line: nil))
                case .cancel: timeline.append(Entry(t: t, action: .cancel, line: nil))
                }
            }
        }
        let app = Surface(id: "app", client: "A", rect: output.bounds, parent: nil, deferredEdges: nil, line: nil)
        return Scenario(output: output, config: config, surfaces: [app], timeline: timeline, expect: nil, file: file)
    }
}
