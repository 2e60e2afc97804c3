/// Input regions (`wl_surface.set_input_region`): where a node takes input, as a union of
/// rectangles relative to the node's top-left corner, so that they move with it.
///
/// Every node's rectangles live in one shared array, `regionRects`; a node names its span by
/// start and count. Hit-testing reads the span in place and allocates nothing. Setting a
/// region reuses the node's span when it is big enough, else appends a new one; spans left
/// behind are reclaimed by a compaction once the array has doubled, so the cost stays
/// amortised constant per call.
extension NodeTree {
    /// Replaces the input region of `id` with the union of `rects` (node-local). An empty
    /// collection means the node takes no input at all. Rectangles with no area cover nothing.
    public mutating func setInputRegion<C: Collection>(_ rects: C, of id: NodeID) where C.Element == Rect {
        guard contains(id) else { return }
        let i = Int(id.index)
        let count = rects.count
        if nodes[i].regionStart < 0 || Int(nodes[i].regionCapacity) < count {
            if regionRects.count + count > regionCompactionThreshold {
                compactRegions(dropping: i)
                regionCompactionThreshold = max(256, 2 * (regionRects.count + count))
            }
            nodes[i].regionStart = Int32(regionRects.count)
            nodes[i].regionCapacity = Int32(count)
            regionRects.append(contentsOf: rects)
        } else {
            var k = Int(nodes[i].regionStart)
            for r in rects {
                regionRects[k] = r
                k += 1
            }
        }
        nodes[i].regionCount = Int32(count)
    }

    /// The node takes input on its whole rectangle again (the default).
    public mutating func resetInputRegion(of id: NodeID) {
        guard contains(id) else { return }
        let i = Int(id.index)
        nodes[i].regionStart = -1
        nodes[i].regionCount = 0
        nodes[i].regionCapacity = 0
    }

    /// The input region of `id` (node-local), or `nil` when it takes input everywhere.
    public func inputRegion(of id: NodeID) -> [Rect]? {
        guard contains(id), nodes[Int(id.index)].regionStart >= 0 else { return nil }
        let n = nodes[Int(id.index)]
        return Array(regionRects[Int(n.regionStart)..<Int(n.regionStart + n.regionCount)])
    }

    /// `true` if the region of `n` (which has one) covers layout point `p`.
    @inline(__always)
    func regionContains(_ n: Node, _ p: Point) -> Bool {
        let local = Point(x: p.x - n.rect.x, y: p.y - n.rect.y)
        var k = Int(n.regionStart)
        let end = k + Int(n.regionCount)
        while k < end {
            if regionRects[k].contains(local) { return true }
            k += 1
        }
        return false
    }

    /// Rebuilds `regionRects` with only the spans of live nodes (each packed to its count),
    /// leaving out node `dropping`, whose span is about to be replaced.
    private mutating func compactRegions(dropping: Int) {
        var packed = ContiguousArray<Rect>()
        packed.reserveCapacity(regionRects.count)
        for i in nodes.indices where nodes[i].alive && nodes[i].regionStart >= 0 {
            if i == dropping {
                nodes[i].regionStart = -1
                nodes[i].regionCapacity = 0
                continue
            }
            let start = Int(nodes[i].regionStart), count = Int(nodes[i].regionCount)
            nodes[i].regionStart = Int32(packed.count)
            nodes[i].regionCapacity = Int32(count)
            packed.append(contentsOf: regionRects[start..<start + count])
        }
        regionRects = packed
    }
}
