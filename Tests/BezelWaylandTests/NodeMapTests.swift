import Testing
import BezelCore
@testable import BezelWayland

/// The plugin finds the `wl_surface` of every client event through `NodeMap`. A removed
/// node's id must never find the surface that later reuses its slot.
@Suite("NodeMap: surface lookup by router node")
struct NodeMapTests {
    @Test("set, get, remove, and a stale id after the slot is reused")
    func staleIDs() {
        var tree = NodeTree(bounds: Rect(x: 0, y: 0, width: 100, height: 100))
        var map = NodeMap<Int>()
        let a = tree.add(rect: Rect(x: 0, y: 0, width: 10, height: 10))!
        let b = tree.add(rect: Rect(x: 10, y: 0, width: 10, height: 10))!
        map[a] = 1
        map[b] = 2
        #expect(map[a] == 1)
        #expect(map[b] == 2)
        tree.remove(a)
        let reused = tree.add(rect: Rect(x: 0, y: 0, width: 5, height: 5))!
        #expect(reused.index == a.index)  // the slot is reused, with a new generation
        #expect(map[reused] == nil)
        map[reused] = 3
        #expect(map[a] == nil)           // the old id does not see the new occupant
        map[a] = nil                     // removing through a stale id changes nothing
        #expect(map[reused] == 3)
        #expect(map.removeValue(forKey: b) == 2)
        #expect(map[b] == nil)
        #expect(map[NodeTree.NodeID.none] == nil)
        map.removeAll()
        #expect(map[reused] == nil)
    }
}
