import Testing
import BezelCore
import BezelEngineBench

/// The load `bezel bench --engine` measures: it must do real work (recognitions, deliveries,
/// actions) and the same each time, or the figures compare nothing. It uses the engine's public
/// API only (E13 built-ins driven from outside BezelCore).
@Suite("Engine: bench workload")
struct EngineWorkloadTests {
    @Test("E13, E18: the bench workload recognizes and delivers, the same every run, and leaves no touch behind")
    func workloadRuns() {
        let w = EngineWorkload(seed: 7, sequences: 50)
        let first = w.run(events: w.eventsPerPass)
        #expect(first.events == w.eventsPerPass)
        #expect(first.recognitions > 0)
        #expect(first.deliveries > 0)
        #expect(first.actions > first.recognitions)
        let second = w.run(events: w.eventsPerPass)
        #expect(second == first)                     // the same script gives the same work
        #expect(w.engine.trackedTouchCount == 0)
        #expect(EngineWorkload(seed: 7, sequences: 50).run(events: 500)
                == EngineWorkload(seed: 7, sequences: 50).run(events: 500))
    }
}
