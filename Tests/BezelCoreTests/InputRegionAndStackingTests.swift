import Testing
@testable import BezelCore

/// Input regions, hidden surfaces and restacking in the hit-test tree (docs/design.md §6: the host's
/// stacking, input regions, and no input on cursor or drag-icon surfaces).
@Suite("NodeTree: input regions, hidden, stacking")
struct InputRegionAndStackingTests {
    private func tree() -> (NodeTree, NodeTree.NodeID, NodeTree.NodeID) {
        var t = NodeTree(bounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let bottom = t.add(rect: Rect(x: 0, y: 0, width: 1000, height: 1000), tag: 1) ?? .none
        let top = t.add(rect: Rect(x: 100, y: 100, width: 400, height: 400), tag: 2) ?? .none
        return (t, bottom, top)
    }

    @Test("a region is the union of its rectangles, surface-local; elsewhere the touch goes through")
    func unionOfRects() {
        var (t, bottom, top) = tree()
        t.setInputRegion([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 350, y: 350, width: 50, height: 50)], of: top)
        #expect(t.hitTest(Point(x: 120, y: 120)) == top)        // first rect
        #expect(t.hitTest(Point(x: 480, y: 480)) == top)        // second rect
        #expect(t.hitTest(Point(x: 300, y: 300)) == bottom)     // between: through to beneath
        #expect(t.inputRegion(of: top)?.count == 2)
    }

    @Test("the region moves with its surface")
    func regionMoves() {
        var (t, bottom, top) = tree()
        t.setInputRegion([Rect(x: 0, y: 0, width: 50, height: 50)], of: top)
        t.setRect(Rect(x: 600, y: 600, width: 400, height: 400), of: top)
        #expect(t.hitTest(Point(x: 620, y: 620)) == top)
        #expect(t.hitTest(Point(x: 120, y: 120)) == bottom)
    }

    @Test("a region is clipped to the surface")
    func clipped() {
        var (t, bottom, top) = tree()
        t.setInputRegion([Rect(x: -100, y: -100, width: 1000, height: 1000)], of: top)
        #expect(t.hitTest(Point(x: 50, y: 50)) == bottom)
        #expect(t.hitTest(Point(x: 150, y: 150)) == top)
    }

    @Test("an empty region takes no input (cursor, drag icon); reset restores the whole surface")
    func emptyAndReset() {
        var (t, bottom, top) = tree()
        t.setInputRegion([Rect](), of: top)
        #expect(t.hitTest(Point(x: 200, y: 200)) == bottom)
        t.resetInputRegion(of: top)
        #expect(t.hitTest(Point(x: 200, y: 200)) == top)
        #expect(t.inputRegion(of: top) == nil)
    }

    @Test("many region updates on many surfaces stay right across storage compaction")
    func compaction() {
        var t = NodeTree(bounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        var ids: [NodeTree.NodeID] = []
        for k in 0..<20 {
            ids.append(t.add(rect: Rect(x: Double(k) * 50, y: 0, width: 50, height: 1000), tag: Int32(k)) ?? .none)
        }
        for round in 0..<200 {
            for (k, id) in ids.enumerated() {
                // A growing number of thin strips; the last one decides what is hit at y = round.
                let n = 1 + (round + k) % 7
                var rects: [Rect] = (0..<n).map { Rect(x: 0, y: Double($0) * 2000, width: 50, height: 1) }
                rects[n - 1] = Rect(x: 0, y: Double(round), width: 50, height: 1)
                t.setInputRegion(rects, of: id)
            }
            for (k, id) in ids.enumerated() {
                #expect(t.hitTest(Point(x: Double(k) * 50 + 25, y: Double(round))) == id)
                #expect(t.hitTest(Point(x: Double(k) * 50 + 25, y: Double(round) + 1.5)) == .root)
            }
        }
        #expect(t.regionRects.count < 2000, "storage is reclaimed: \(t.regionRects.count)")
    }

    @Test("a hidden surface and its subsurfaces are never hit")
    func hidden() {
        var (t, bottom, top) = tree()
        let sub = t.add(rect: Rect(x: 100, y: 100, width: 100, height: 100), parent: top, tag: 2) ?? .none
        #expect(t.hitTest(Point(x: 150, y: 150)) == sub)
        t.setHidden(true, top)
        #expect(t.hitTest(Point(x: 150, y: 150)) == bottom)
        t.setHidden(false, top)
        #expect(t.hitTest(Point(x: 150, y: 150)) == sub)
    }

    @Test("place(above:) restacks among siblings; nil puts at the bottom; subtrees move along")
    func restack() throws {
        var (t, bottom, top) = tree()
        let sub = t.add(rect: Rect(x: 100, y: 100, width: 100, height: 100), parent: top, tag: 2) ?? .none
        try t.place(top, above: nil)
        #expect(t.children(of: .root) == [top, bottom])
        #expect(t.hitTest(Point(x: 150, y: 150)) == bottom)
        try t.place(top, above: bottom)
        #expect(t.children(of: .root) == [bottom, top])
        #expect(t.hitTest(Point(x: 150, y: 150)) == sub)
        let third = t.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), tag: 3) ?? .none
        try t.place(third, above: bottom)
        #expect(t.children(of: .root) == [bottom, third, top])
        try t.place(bottom, above: top)
        #expect(t.children(of: .root) == [third, top, bottom])
        #expect(throws: NodeTree.RestackError.notSiblings) { try t.place(sub, above: bottom) }
        #expect(throws: NodeTree.RestackError.notSiblings) { try t.place(top, above: top) }
        t.remove(third)
        #expect(throws: NodeTree.RestackError.unknownNode) { try t.place(top, above: third) }
        #expect(throws: NodeTree.RestackError.unknownNode) { try t.place(.root, above: nil) }
        #expect(t.children(of: .root) == [top, bottom])
    }
}
