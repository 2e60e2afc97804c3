import Testing
@testable import BezelCore

/// A host may replace the configuration at any moment (`bezel_plugin_configure`, docs/design.md §4.4),
/// also while a swipe is being decided or running. The swipe keeps its gesture: it must not be
/// reported under another name, and the router must not trap on an index the new list lacks.
@Suite("Router: configuration replaced mid-swipe (docs/design.md §4.4)")
struct RouterReconfigurationTests {
    private let output = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    /// A router with the left edge bound to `back`, and a client surface covering the screen.
    private func routerWithBack() throws -> SystemGestureRouter {
        let config = try SystemGestureConfig(flattened: [(key: "bind-left", value: "back:0.0:1.0")])
        let router = SystemGestureRouter(output: output, config: config)
        _ = router.addSurface(client: 1, rect: Rect(x: 0, y: 0, width: 1080, height: 1920))
        return router
    }

    /// Moves touch 0 from the left edge inward by `steps` samples of 20 px, 8 ms apart.
    private func swipeRight(_ router: SystemGestureRouter, from step0: Int, steps: Int) {
        for i in step0..<(step0 + steps) {
            router.touchMotion(id: 0, at: Point(x: 10 + Double(i) * 20, y: 960), time: Milliseconds(Double(i) * 8))
            router.frame(time: Milliseconds(Double(i) * 8))
        }
    }

    /// The names of the system events the router emitted, as "began back" etc.
    private func systemEvents(_ router: SystemGestureRouter) -> [String] {
        var names: [String] = []
        let gestures = router.config.gestures // read before draining: drain holds the router
        router.drain { out in
            switch out.event {
            case .systemBegan(let g, _): names.append("began \(gestures[g].name)")
            case .systemChanged(let g, _, _, _, _): names.append("changed \(gestures[g].name)")
            case .systemEnded(let g, _, let committed): names.append("ended \(gestures[g].name) \(committed)")
            case .systemFailed(let g, _, let reason): names.append("failed \(gestures[g].name) \(reason)")
            default: break
            }
        }
        return names
    }

    @Test("a running 'back' swipe survives a reset to the defaults, which do not know 'back'")
    func runningGestureKeepsItsName() throws {
        let router = try routerWithBack()
        router.touchDown(id: 0, at: Point(x: 10, y: 960), time: Milliseconds(0))
        router.frame(time: Milliseconds(0))
        swipeRight(router, from: 1, steps: 6)
        #expect(systemEvents(router).first == "began back")
        router.setConfig(SystemGestureConfig())
        swipeRight(router, from: 7, steps: 4)
        router.touchUp(id: 0, time: Milliseconds(96))
        router.frame(time: Milliseconds(96))
        let after = systemEvents(router)
        #expect(after.allSatisfy { $0.hasPrefix("changed back") || $0.hasPrefix("ended back") })
        #expect(after.last == "ended back true")
        // The defaults apply to the next swipe: the left edge is unbound, so it is the client's.
        router.touchDown(id: 0, at: Point(x: 10, y: 960), time: Milliseconds(500))
        router.frame(time: Milliseconds(500))
        for i in 1...8 {
            let t = Milliseconds(500 + Double(i) * 8)
            router.touchMotion(id: 0, at: Point(x: 10 + Double(i) * 20, y: 960), time: t)
            router.frame(time: t)
        }
        var clientMotions = 0, system = 0
        router.drain { out in
            switch out.event {
            case .clientMotion: clientMotions += 1
            case .systemBegan, .systemFailed: system += 1
            default: break
            }
        }
        #expect(clientMotions == 8 && system == 0)
    }

    @Test("a swipe still being decided keeps its gesture when a new one takes the next index")
    func candidateKeepsItsName() throws {
        let router = try routerWithBack()
        router.touchDown(id: 0, at: Point(x: 10, y: 960), time: Milliseconds(0))
        router.frame(time: Milliseconds(0))
        // 'home' is new; without kept indices it would take index 4, which is 'back' today.
        router.setConfig(try SystemGestureConfig(flattened: [(key: "bind-left", value: "home:0.0:1.0")]))
        swipeRight(router, from: 1, steps: 6)
        #expect(systemEvents(router).first == "began back")
        #expect(router.config.gestureIndex(named: "home") != router.config.gestureIndex(named: "back"))
    }
}
