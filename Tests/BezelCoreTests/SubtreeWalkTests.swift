import Testing
@testable import BezelCore

/// `forEachInSubtree`: what the plugin walks when a top-level surface's full-screen fact
/// changes (R6: its subsurfaces follow it). Every node of the subtree once, parents first,
/// nothing outside it, and no recursion however deep clients nest subsurfaces.
@Suite("NodeTree: subtree walk")
struct SubtreeWalkTests {
    private let r = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test("R6: every node under a top-level surface once, parents before children, siblings' trees left out")
    func wholeSubtreeOnly() {
        var t = NodeTree(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = t.add(rect: r) ?? .none
        let b = t.add(rect: r) ?? .none
        let a1 = t.add(rect: r, parent: a) ?? .none
        let a2 = t.add(rect: r, parent: a) ?? .none
        let a11 = t.add(rect: r, parent: a1) ?? .none
        let b1 = t.add(rect: r, parent: b) ?? .none
        var seen: [NodeTree.NodeID] = []
        t.forEachInSubtree(of: a) { seen.append($0) }
        #expect(Set(seen) == [a, a1, a2, a11] && seen.count == 4)
        #expect(seen.first == a)
        #expect((seen.firstIndex(of: a1) ?? 99) < (seen.firstIndex(of: a11) ?? -1))
        seen.removeAll()
        t.forEachInSubtree(of: b1) { seen.append($0) }
        #expect(seen == [b1])
        seen.removeAll()
        t.forEachInSubtree(of: .none) { seen.append($0) }
        #expect(seen.isEmpty)
    }

    @Test("R6: a 100,000-deep chain is walked without recursion")
    func deepChain() {
        var t = NodeTree(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let top = t.add(rect: r) ?? .none
        var last = top
        for _ in 0..<100_000 { last = t.add(rect: r, parent: last) ?? last }
        var count = 0
        t.forEachInSubtree(of: top) { _ in count += 1 }
        #expect(count == 100_001)
    }
}
