import Testing
import BezelCore
@testable import BezelPlugin

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

/// The plugin finds the `wl_client` of every frame through `ClientTable`; its remembered last
/// lookup must never outlive the client.
@Suite("ClientTable: wl_client by router client id")
struct ClientTableTests {
    @Test("a removed or replaced client is not returned from the remembered lookup")
    func rememberedLookup() {
        var table = ClientTable()
        let one = OpaquePointer(bitPattern: 0x1000)!, two = OpaquePointer(bitPattern: 0x2000)!
        table[1] = one
        table[2] = two
        #expect(table[1] == one)   // remembered now
        #expect(table[1] == one)
        table[1] = nil             // the client disconnected
        #expect(table[1] == nil)
        #expect(table[2] == two)
        table[2] = one             // cannot happen with real ids, but must not return the old one
        #expect(table[2] == one)
        table.removeAll()
        #expect(table[2] == nil)
    }
}
