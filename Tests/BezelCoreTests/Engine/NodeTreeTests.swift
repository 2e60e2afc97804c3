import Testing
@testable import BezelCore

/// The node tree under hostile shapes (docs/design.md §5: a client can never crash or stall the
/// compositor; §9: cost no worse than linear in surfaces and tree depth).
@Suite("NodeTree: removal, depth and slot reuse")
struct NodeTreeTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 2000)

    @Test("§5: a 300,000-deep chain is added, hit-tested and removed without recursion")
    func deepChain() {
        var tree = NodeTree(bounds: Self.screen)
        let depth = 300_000
        var last = NodeTree.NodeID.root
        for _ in 0..<depth { last = tree.add(rect: Self.screen, parent: last)! }
        #expect(tree.depth(of: last) == depth)
        #expect(tree.hitTest(Point(x: 10, y: 10)) == last)
        // Remove from the top-level surface down: the whole chain goes in one call.
        var top = last
        while let p = tree.parent(of: top), p != .root { top = p }
        var removed = 0
        let didRemove = tree.remove(top) { _ in removed += 1 }
        #expect(didRemove)
        #expect(removed == depth)
        #expect(tree.count == 1)
        #expect(!tree.contains(last) && !tree.contains(top))
        #expect(tree.hitTest(Point(x: 10, y: 10)) == .root)
    }

    @Test("Removal reports every node of the subtree once, each after all of its children")
    func postOrder() {
        var tree = NodeTree(bounds: Self.screen)
        let a = tree.add(rect: Self.screen)!
        let b = tree.add(rect: Self.screen, parent: a)!
        let c = tree.add(rect: Self.screen, parent: a)!
        let d = tree.add(rect: Self.screen, parent: b)!
        let e = tree.add(rect: Self.screen, parent: c)!
        let f = tree.add(rect: Self.screen, parent: c)!
        let other = tree.add(rect: Self.screen)!
        var order: [NodeTree.NodeID] = []
        tree.remove(a) { order.append($0) }
        #expect(Set(order) == Set([a, b, c, d, e, f]) && order.count == 6)
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        for (child, parent) in [(b, a), (c, a), (d, b), (e, c), (f, c)] {
            #expect(position[child]! < position[parent]!, "\(child) before its parent \(parent)")
        }
        #expect(tree.count == 2 && tree.contains(other))
        #expect(tree.hitTest(Point(x: 1, y: 1)) == other)
    }

    @Test("Removing a middle sibling keeps the stacking order of the others")
    func middleSibling() {
        var tree = NodeTree(bounds: Self.screen)
        let low = tree.add(rect: Rect(x: 0, y: 0, width: 100, height: 100))!
        let mid = tree.add(rect: Rect(x: 0, y: 0, width: 100, height: 100))!
        let high = tree.add(rect: Rect(x: 0, y: 0, width: 50, height: 50))!
        _ = tree.add(rect: Self.screen, parent: mid)!
        tree.remove(mid)
        #expect(tree.hitTest(Point(x: 10, y: 10)) == high)
        #expect(tree.hitTest(Point(x: 80, y: 80)) == low)
        tree.remove(high)
        #expect(tree.hitTest(Point(x: 10, y: 10)) == low)
    }

    @Test("Freed slots are reused, and a stale id never names the new occupant")
    func slotReuse() {
        var tree = NodeTree(bounds: Self.screen)
        let a = tree.add(rect: Self.screen)!
        let child = tree.add(rect: Self.screen, parent: a)!
        tree.remove(a)
        let b = tree.add(rect: Self.screen)!
        let c = tree.add(rect: Self.screen)!
        #expect(tree.count == 3)
        #expect(!tree.contains(a) && !tree.contains(child))
        #expect(tree.contains(b) && tree.contains(c))
        #expect(Set([b.index, c.index]) == Set([a.index, child.index]))
        #expect(tree.add(rect: Self.screen, parent: child) == nil)
        let removedAgain = tree.remove(a)
        #expect(!removedAgain)
    }

    @Test("Removing many siblings one by one costs the removed nodes only (no leftovers)")
    func manySiblings() {
        var tree = NodeTree(bounds: Self.screen)
        var ids: [NodeTree.NodeID] = []
        for i in 0..<10_000 {
            ids.append(tree.add(rect: Rect(x: Double(i % 100) * 10, y: Double(i / 100) * 20, width: 10, height: 20))!)
        }
        #expect(tree.hitTest(Point(x: 995, y: 1985)) == ids[9_999])
        for (k, id) in ids.enumerated() where k % 2 == 0 {
            var n = 0
            tree.remove(id) { _ in n += 1 }
            #expect(n == 1)
        }
        #expect(tree.count == 5_001)
        #expect(tree.hitTest(Point(x: 995, y: 1985)) == ids[9_999])
        #expect(tree.hitTest(Point(x: 5, y: 5)) == .root)
    }
}
