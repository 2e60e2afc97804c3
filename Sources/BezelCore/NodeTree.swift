/// The tree of nodes a touch is hit-tested against (docs/design.md E3): the screen root, surfaces and
/// subsurfaces.
///
/// Nodes live in one flat array and are linked by index, so hit-testing walks memory without
/// retaining or allocating anything. Removed slots are reused; a generation number in `NodeID`
/// keeps a stale identifier from ever naming the slot's next occupant.
public struct NodeTree: Sendable {
    /// Identifies a node. Compare with `==`; a removed node's id never becomes valid again.
    public struct NodeID: Hashable, Sendable, CustomStringConvertible {
        /// Slot index in the tree's storage.
        public let index: Int32
        /// Generation of the slot when this id was handed out.
        public let generation: UInt32

        init(index: Int32, generation: UInt32) {
            self.index = index; self.generation = generation
        }

        /// The root node (the whole screen). It always exists.
        public static let root = NodeID(index: 0, generation: 0)
        /// A value that names no node.
        public static let none = NodeID(index: -1, generation: 0)

        public var description: String { "node#\(index).\(generation)" }
    }

    /// One node. The fields the hit-test reads for every sibling it passes come first, so that
    /// they share a cache line: its cost per surface is mostly memory traffic.
    struct Node: Sendable {
        var rect: Rect
        var lastChild: Int32 = -1      // topmost child
        var prevSibling: Int32 = -1    // next one down in stacking order
        var enabled = true
        var hidden = false
        /// The input region: `regionCount` surface-local rects from `regionStart` in
        /// `regionRects`, or the whole rect when `regionStart` is -1 (NodeTree+InputRegion).
        var regionStart: Int32 = -1
        var regionCount: Int32 = 0
        var regionCapacity: Int32 = 0
        var parent: Int32
        var nextSibling: Int32 = -1    // next one up in stacking order
        var firstChild: Int32 = -1     // bottom-most child
        var generation: UInt32
        var alive: Bool
        var depth: Int32
        var tag: Int32
    }

    var nodes: ContiguousArray<Node>
    var freeSlots: ContiguousArray<Int32> = []
    /// Storage of every node's input region rectangles (see NodeTree+InputRegion).
    var regionRects: ContiguousArray<Rect> = []
    /// Pool size at which the region storage is compacted next.
    var regionCompactionThreshold = 256

    /// Creates a tree whose root covers `bounds`. The root's tag is `rootTag`.
    public init(bounds: Rect, rootTag: Int32 = -1) {
        nodes = [Node(rect: bounds, parent: -1, generation: 0, alive: true,
                      depth: 0, tag: rootTag)]
        nodes.reserveCapacity(64)
    }

    /// Number of live nodes, the root included.
    public var count: Int { nodes.count - freeSlots.count }

    /// `true` if `id` names a node that has not been removed.
    public func contains(_ id: NodeID) -> Bool {
        id.index >= 0 && Int(id.index) < nodes.count && nodes[Int(id.index)].alive
            && nodes[Int(id.index)].generation == id.generation
    }

    /// Adds a node above its future siblings' current top, under `parent`.
    ///
    /// - Returns: the new node, or `nil` if `parent` does not exist.
    @discardableResult
    public mutating func add(rect: Rect, parent: NodeID = .root, tag: Int32 = -1) -> NodeID? {
        guard contains(parent) else { return nil }
        let p = Int(parent.index)
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            let generation = nodes[Int(slot)].generation &+ 1
            nodes[Int(slot)] = Node(rect: rect, parent: parent.index,
                                    generation: generation, alive: true,
                                    depth: nodes[p].depth + 1, tag: tag)
        } else {
            slot = Int32(nodes.count)
            nodes.append(Node(rect: rect, parent: parent.index, generation: 0,
                              alive: true, depth: nodes[p].depth + 1, tag: tag))
        }
        let top = nodes[p].lastChild
        nodes[Int(slot)].prevSibling = top
        if top >= 0 { nodes[Int(top)].nextSibling = slot } else { nodes[p].firstChild = slot }
        nodes[p].lastChild = slot
        return NodeID(index: slot, generation: nodes[Int(slot)].generation)
    }

    /// Removes `id` and its whole subtree. `removed` is called for each removed node, deepest
    /// first (every node after all of its children). Removing the root or an unknown node does
    /// nothing and returns `false`.
    ///
    /// Costs the size of the removed subtree, whatever its depth or the size of the rest of the
    /// tree: the walk is iterative and needs no stack (clients control how deep subsurfaces nest).
    @discardableResult
    public mutating func remove(_ id: NodeID, _ removed: (NodeID) -> Void = { _ in }) -> Bool {
        guard contains(id), id != .root else { return false }
        let top = id.index
        // Unlink from the parent's child list first so the subtree is detached as a whole.
        let p = Int(nodes[Int(top)].parent)
        let prev = nodes[Int(top)].prevSibling, next = nodes[Int(top)].nextSibling
        if prev >= 0 { nodes[Int(prev)].nextSibling = next } else { nodes[p].firstChild = next }
        if next >= 0 { nodes[Int(next)].prevSibling = prev } else { nodes[p].lastChild = prev }

        // Post-order walk over the links the nodes already have: go down to the deepest first
        // child, free it, then continue with its next sibling's deepest first child or, when it
        // was the last child, with its parent (whose children are all gone by then).
        var slot = deepestFirstChild(of: top)
        while true {
            let node = nodes[Int(slot)]
            free(slot)
            removed(NodeID(index: slot, generation: node.generation))
            if slot == top { break }
            slot = node.nextSibling >= 0 ? deepestFirstChild(of: node.nextSibling) : node.parent
        }
        return true
    }

    /// Follows first-child links from `slot` down to a leaf.
    private func deepestFirstChild(of slot: Int32) -> Int32 {
        var s = slot
        while nodes[Int(s)].firstChild >= 0 { s = nodes[Int(s)].firstChild }
        return s
    }

    /// Marks a slot free for reuse by `add`.
    private mutating func free(_ slot: Int32) {
        nodes[Int(slot)].alive = false
        nodes[Int(slot)].firstChild = -1
        nodes[Int(slot)].lastChild = -1
        nodes[Int(slot)].prevSibling = -1
        nodes[Int(slot)].nextSibling = -1
        freeSlots.append(slot)
    }

    /// Moves or resizes a node.
    public mutating func setRect(_ rect: Rect, of id: NodeID) {
        guard contains(id) else { return }
        nodes[Int(id.index)].rect = rect
    }

    /// Enables or disables a node. A disabled node and its subtree are skipped by hit-testing.
    public mutating func setEnabled(_ enabled: Bool, _ id: NodeID) {
        guard contains(id) else { return }
        nodes[Int(id.index)].enabled = enabled
    }

    /// Hides or shows a node. A hidden node and its subtree are skipped by hit-testing.
    public mutating func setHidden(_ hidden: Bool, _ id: NodeID) {
        guard contains(id) else { return }
        nodes[Int(id.index)].hidden = hidden
    }

    /// The rectangle of `id` in output coordinates.
    public func rect(of id: NodeID) -> Rect {
        contains(id) ? nodes[Int(id.index)].rect : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The tag given at `add` (hosts use it for the client or surface handle).
    public func tag(of id: NodeID) -> Int32 {
        contains(id) ? nodes[Int(id.index)].tag : -1
    }

    /// Depth of `id`: 0 for the root, 1 for a top-level surface, and so on.
    public func depth(of id: NodeID) -> Int {
        contains(id) ? Int(nodes[Int(id.index)].depth) : -1
    }

    /// The parent of `id`, or `nil` for the root or an unknown node.
    public func parent(of id: NodeID) -> NodeID? {
        guard contains(id), id != .root else { return nil }
        let p = nodes[Int(id.index)].parent
        return NodeID(index: p, generation: nodes[Int(p)].generation)
    }

    /// `true` if `ancestor` is `id` or one of its ancestors.
    public func isAncestor(_ ancestor: NodeID, of id: NodeID) -> Bool {
        var cursor: NodeID? = id
        while let c = cursor {
            if c == ancestor { return true }
            cursor = parent(of: c)
        }
        return false
    }

    /// The deepest enabled, visible node that takes input at `p` (E3). Siblings are tried from
    /// the top of the stacking order down; a node without input at `p` lets the touch through
    /// to the ones beneath. Returns `.root` when no surface is hit.
    public func hitTest(_ p: Point) -> NodeID {
        guard p.isFinite else { return .root }
        var current: Int32 = 0
        descend: while true {
            var child = nodes[Int(current)].lastChild
            while child >= 0 {
                let n = nodes[Int(child)]
                if n.enabled && !n.hidden && n.rect.contains(p)
                    && (n.regionStart < 0 || regionContains(n, p)) {
                    current = child
                    continue descend
                }
                child = n.prevSibling
            }
            break
        }
        return NodeID(index: current, generation: nodes[Int(current)].generation)
    }
}
