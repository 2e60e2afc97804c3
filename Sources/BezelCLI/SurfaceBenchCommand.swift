import ArgumentParser
import BezelCore

/// `bezel surface-bench`: how the router's surface operations scale with the number of surfaces
/// (docs/design.md §5, §9: a client holding many surfaces must not slow down anyone else).
///
/// For each count it builds a fresh router with that many top-level surfaces and reports the
/// cost per add, per hit-test (a touch-down and up that must scan every surface, the worst case
/// of the linear hit-test, and one that stops at the topmost), per removal, and for a
/// subsurface chain of that depth the time to add, hit-test and remove it. Figures are medians
/// over `--repeat` runs; they are for comparison across counts, not absolute.
struct SurfaceBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "surface-bench",
        abstract: "Measure surface add, hit-test and removal costs at several surface counts."
    )

    @Option(help: "Comma-separated surface counts.")
    var counts: String = "1000,10000,50000"

    @Option(help: "Runs per count; the median is reported.")
    var `repeat`: Int = 3

    @Flag(help: "Print one JSON object per count.")
    var json = false

    /// Medians of one count, in ns.
    struct Figures {
        var addNs = 0.0, hitAllNs = 0.0, hitTopNs = 0.0, removeNs = 0.0
        var chainAddNs = 0.0, chainHitNs = 0.0, chainRemoveNs = 0.0
    }

    func run() throws {
        let parsed = counts.split(separator: ",").map { Int($0.trimmingCharacters()) }
        guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 && ($0 ?? 0) <= 1_000_000 }), `repeat` > 0 else {
            throw ValidationError("--counts takes positive counts up to 1000000, --repeat a positive number")
        }
        if !json {
            print("surfaces  add/surface  hit-test(all)  hit-test(top)  remove/surface  chain add/level  chain hit  chain remove/level")
        }
        for n in parsed.compactMap({ $0 }) {
            var runs: [Figures] = []
            for _ in 0..<`repeat` { runs.append(measure(n)) }
            func median(_ key: KeyPath<Figures, Double>) -> Double {
                let xs = runs.map { $0[keyPath: key] }.sorted()
                return xs[xs.count / 2]
            }
            let f = Figures(addNs: median(\.addNs), hitAllNs: median(\.hitAllNs), hitTopNs: median(\.hitTopNs),
                            removeNs: median(\.removeNs), chainAddNs: median(\.chainAddNs),
                            chainHitNs: median(\.chainHitNs), chainRemoveNs: median(\.chainRemoveNs))
            if json {
                print("{\"surfaces\":\(n),\"add_ns\":\(r(f.addNs)),\"hit_test_all_ns\":\(r(f.hitAllNs)),"
                    + "\"hit_test_top_ns\":\(r(f.hitTopNs)),\"remove_ns\":\(r(f.removeNs)),"
                    + "\"chain_add_ns_per_level\":\(r(f.chainAddNs)),\"chain_hit_test_ns\":\(r(f.chainHitNs)),"
                    + "\"chain_remove_ns_per_level\":\(r(f.chainRemoveNs))}")
            } else {
                print(pad("\(n)", 8), pad(ns(f.addNs), 12), pad(ns(f.hitAllNs), 14), pad(ns(f.hitTopNs), 14),
                      pad(ns(f.removeNs), 15), pad(ns(f.chainAddNs), 16), pad(ns(f.chainHitNs), 10),
                      pad(ns(f.chainRemoveNs), 19))
            }
        }
    }

    /// One run at `n` surfaces through a fresh router.
    private func measure(_ n: Int) -> Figures {
        var f = Figures()
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        let router = SystemGestureRouter(output: output)
        // Small windows in the top part of the screen, each on top of the one before; a touch
        // at (540, 2000) lies below all of them, so the hit-test tries every one and misses.
        var nodes: [NodeTree.NodeID] = []
        nodes.reserveCapacity(n)
        var t0 = monotonicNanoseconds()
        for i in 0..<n {
            let rect = Rect(x: Double(i % 100) * 10, y: Double(i / 100 % 100) * 10, width: 10, height: 10)
            nodes.append(router.addSurface(client: ClientID(i % 8), rect: rect)!)
        }
        f.addNs = Double(monotonicNanoseconds() - t0) / Double(n)

        f.hitAllNs = taps(router, at: Point(x: 540, y: 2000))
        // The topmost window is the last one added.
        let top = router.tree.rect(of: nodes[n - 1])
        f.hitTopNs = taps(router, at: Point(x: top.x + 5, y: top.y + 5))

        // Remove in a shuffled order, so that neither end of the sibling list is favoured.
        var order = Array(0..<n)
        var rng = SplitMix(seed: UInt64(n))
        for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        t0 = monotonicNanoseconds()
        var k = 0
        for i in order {
            router.removeSurface(nodes[i], time: Milliseconds(Double(k)))
            k += 1
        }
        f.removeNs = Double(monotonicNanoseconds() - t0) / Double(n)
        router.drain { _ in }

        // A subsurface chain `n` deep, each level covering the screen, in a fresh router (the
        // slots freed above would scatter it through memory).
        let deep = SystemGestureRouter(output: output)
        t0 = monotonicNanoseconds()
        var parent: NodeTree.NodeID? = nil
        var first: NodeTree.NodeID?
        for _ in 0..<n {
            parent = deep.addSurface(client: 1, rect: output.bounds, parent: parent)
            if first == nil { first = parent }
        }
        f.chainAddNs = Double(monotonicNanoseconds() - t0) / Double(n)
        f.chainHitNs = taps(deep, at: Point(x: 540, y: 1000))
        t0 = monotonicNanoseconds()
        if let first { deep.removeSurface(first, time: Milliseconds(Double(n + 1))) }
        f.chainRemoveNs = Double(monotonicNanoseconds() - t0) / Double(n)
        return f
    }

    /// ns per hit-test: the cost of 200 taps (down, frame, up, frame) at `p` per tap.
    private func taps(_ router: SystemGestureRouter, at p: Point) -> Double {
        let taps = 200
        var t = router.now.value + 1000
        let t0 = monotonicNanoseconds()
        for _ in 0..<taps {
            router.touchDown(id: 0, at: p, time: Milliseconds(t))
            router.frame(time: Milliseconds(t))
            router.touchUp(id: 0, time: Milliseconds(t + 1))
            router.frame(time: Milliseconds(t + 1))
            router.drain { _ in }
            t += 10
        }
        return Double(monotonicNanoseconds() - t0) / Double(taps)
    }

    private func r(_ x: Double) -> String { String(Int64(x.rounded())) }

    private func ns(_ x: Double) -> String {
        x >= 1_000_000 ? "\(r(x / 1_000_000)) ms" : x >= 1000 ? "\(Double(Int64(x / 100)) / 10) µs" : "\(r(x)) ns"
    }

    private func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}

/// A small deterministic random generator (SplitMix64) for shuffles.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension Substring {
    /// Without surrounding spaces.
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
