import ArgumentParser
import BezelCore
import BezelEngineBench
import BezelScenario
import CMallocCounter

/// `bezel bench`: the cost of the full BezelCore path per touch event (docs/design.md §8, §9).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ns and heap allocations per touch event through hit-test, candidates, arbitration and routing."
    )

    @Option(help: "Synthetic load size in events (default 200000); with --stream, replay only the first N events.")
    var events: Int?

    @Option(help: "Synthetic load: fingers kept busy at once.")
    var fingers: Int = 10

    @Option(help: "Synthetic load: top-level surfaces, tiled over the screen.")
    var surfaces: Int = 16

    @Option(help: "Synthetic load: nesting of each tile (1 = no subsurface).")
    var depth: Int = 3

    @Option(help: "A stream file (`t_ms type id x y` per line), e.g. ../shared/bench/stream-100k.txt.")
    var stream: String?

    @Option(help: "Timed runs, each through a fresh router; the median is reported.")
    var `repeat`: Int = 5

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: "Also bind multi-finger gestures, as the flattened key does (docs/design.md §4.5), e.g. workspace:swipe:3:left,overview:pinch:4:in.")
    var multiFinger: String?

    @Flag(help: "Bind back on both side edges and make every other surface handle it (docs/design.md §4.6, R10).")
    var back = false

    @Flag(help: "Measure the general gesture-recognizer engine (docs/design.md §3) on its own workload instead of the system-gesture router.")
    var engine = false

    func run() throws {
        guard events.map({ $0 > 0 }) ?? true, `repeat` > 0 else { throw ValidationError("--events and --repeat must be positive") }
        guard (1...16).contains(fingers), (1...10_000).contains(surfaces), (1...1_000).contains(depth) else {
            throw ValidationError("--fingers must be 1...16, --surfaces 1...10000, --depth 1...1000")
        }
        if engine { return runEngine() }
        var workload: BenchmarkWorkload
        if let stream {
            let text: String
            // A stream is not YAML: it may be far larger than a scenario, but not endless.
            do { text = try readTextFile(stream, maximumBytes: 512 << 20) } catch {
                printError("\(stream): \(error)")
                throw ExitCode(2)
            }
            do { workload = try BenchmarkWorkload.stream(text, file: stream, limit: events ?? Int.max) } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
        } else {
            workload = BenchmarkWorkload.synthetic(
                events: events ?? 200_000, shape: .init(fingers: fingers, surfaces: surfaces, depth: depth))
        }

        if let multiFinger {
            do {
                let extra = try SystemGestureConfig(flattened: [(key: "multi-finger", value: multiFinger)])
                for b in extra.multiFinger {
                    let g = workload.config.gestureIndexAdding(extra.gestures[b.gesture].name)
                    workload.config.multiFinger.append(MultiFingerBinding(gesture: g, kind: b.kind, fingers: b.fingers, direction: b.direction))
                }
            } catch {
                printError("--multi-finger: \(error.reason)")
                throw ExitCode(2)
            }
        }

        if back { workload.bindBackOnSideEdges() }

        // One untimed warm-up run grows every buffer to its steady-state size.
        _ = workload.run(through: workload.makeRouter())

        var nsPerEvent: [Double] = []
        var allocationsPerRun: [UInt64] = []
        var counts = BenchmarkWorkload.Counts()
        for _ in 0..<`repeat` {
            let router = workload.makeRouter()
            // Warm this router's own buffers with a short prefix, as a compositor would be warm.
            let a0 = bezel_malloc_count()
            let t0 = monotonicNanoseconds()
            counts = workload.run(through: router)
            let t1 = monotonicNanoseconds()
            let a1 = bezel_malloc_count()
            nsPerEvent.append(Double(t1 - t0) / Double(max(counts.events, 1)))
            allocationsPerRun.append(a1 - a0)
        }
        let sorted = nsPerEvent.sorted()
        let median = sorted[sorted.count / 2]
        let allocations = allocationsPerRun.sorted()[allocationsPerRun.count / 2]
        var fields: [(String, String)] = [
            ("workload", "\"" + (stream == nil ? "synthetic" : "stream") + "\""),
            ("events", "\(counts.events)"),
            ("repeat", "\(`repeat`)"),
            ("ns_per_event", format(median)),
            ("ns_per_event_min", format(sorted.first!)),
            ("ns_per_event_max", format(sorted.last!)),
            ("allocations_per_run", "\(allocations)"),
            ("allocations_per_event", format(Double(allocations) / Double(max(counts.events, 1)))),
            ("edge_swipes", "\(workload.edgeSwipes)"),
            ("system_gestures_begun", "\(counts.systemGesturesBegun)"),
            ("multi_finger_begun", "\(counts.multiFingerBegun)"),
            ("back_began", "\(counts.backBegun)"),
            ("touches_delivered", "\(counts.touchesDelivered)"),
            ("client_events", "\(counts.clientEvents)"),
            ("client_cancels", "\(counts.clientCancels)"),
            ("candidates_failed", "\(counts.failures)"),
            ("surfaces", "\(workload.surfaces.count)"),
        ]
        if stream == nil {
            fields += [("fingers", "\(fingers)"), ("top_level_surfaces", "\(surfaces)"), ("depth", "\(depth)")]
        }
        if json {
            print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
        } else {
            for (k, v) in fields { print("\(k): \(v)") }
        }
    }

    /// The engine of docs/design.md §3: hit-test, recognizers (tap, long press, pan, pinch, edge pan),
    /// arbitration and responder delivery, on `EngineWorkload`'s scripted touches.
    private func runEngine() {
        // Warm-up pass over the whole script so every buffer reaches its steady-state size.
        let warm = EngineWorkload()
        _ = warm.run(events: warm.eventsPerPass * 2)
        var nsPerEvent: [Double] = []
        var allocations: [UInt64] = []
        var result: EngineWorkload.Result?
        for _ in 0..<`repeat` {
            let workload = EngineWorkload()
            _ = workload.run(events: workload.eventsPerPass * 2)
            let a0 = bezel_malloc_count()
            let t0 = monotonicNanoseconds()
            let r = workload.run(events: events ?? 200_000)
            let t1 = monotonicNanoseconds()
            let a1 = bezel_malloc_count()
            result = r
            nsPerEvent.append(Double(t1 - t0) / Double(max(r.events, 1)))
            allocations.append(a1 - a0)
        }
        guard let result else { return }
        let sorted = nsPerEvent.sorted()
        let allocationsMedian = allocations.sorted()[allocations.count / 2]
        let fields: [(String, String)] = [
            ("workload", "\"engine\""),
            ("events", "\(result.events)"),
            ("repeat", "\(`repeat`)"),
            ("ns_per_event", format(sorted[sorted.count / 2])),
            ("ns_per_event_min", format(sorted.first!)),
            ("ns_per_event_max", format(sorted.last!)),
            ("allocations_per_run", "\(allocationsMedian)"),
            ("allocations_per_event", format(Double(allocationsMedian) / Double(max(result.events, 1)))),
            ("recognitions", "\(result.recognitions)"),
            ("responder_deliveries", "\(result.deliveries)"),
            ("actions", "\(result.actions)"),
        ]
        if json {
            print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
        } else {
            for (k, v) in fields { print("\(k): \(v)") }
        }
    }

    private func format(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return "\(r)"
    }
}
