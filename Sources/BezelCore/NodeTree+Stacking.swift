/// Restacking: hosts follow their own view and layer order incrementally (docs/design.md §6).
extension NodeTree {
    /// Why a restack was refused.
    public enum RestackError: Error, Sendable {
        /// `id` or `sibling` is not in the tree, or `id` is the root.
        case unknownNode
        /// `sibling` is `id` itself, or has another parent.
        case notSiblings
    }

    /// Moves `id` directly above `sibling` among its parent's children (`nil`: to the bottom).
    /// Its subtree moves with it. Constant time.
    public mutating func place(_ id: NodeID, above sibling: NodeID?) throws(RestackError) {
        guard contains(id), id != .root else { throw .unknownNode }
        let i = Int32(id.index)
        let parent = nodes[Int(i)].parent
        var below: Int32 = -1
        if let sibling {
            guard contains(sibling), sibling != .root else { throw .unknownNode }
            guard sibling != id, nodes[Int(sibling.index)].parent == parent else { throw .notSiblings }
            below = sibling.index
        }
        if nodes[Int(i)].prevSibling == below { return } // already there
        unlinkFromSiblings(i)
        // Link `i` between `below` and the node that was above it.
        let above = below >= 0 ? nodes[Int(below)].nextSibling : nodes[Int(parent)].firstChild
        nodes[Int(i)].prevSibling = below
        nodes[Int(i)].nextSibling = above
        if below >= 0 { nodes[Int(below)].nextSibling = i } else { nodes[Int(parent)].firstChild = i }
        if above >= 0 { nodes[Int(above)].prevSibling = i } else { nodes[Int(parent)].lastChild = i }
    }

    /// The children of `id` from the bottom of the stacking order to the top.
    public func children(of id: NodeID) -> [NodeID] {
        guard contains(id) else { return [] }
        var out: [NodeID] = []
        var c = nodes[Int(id.index)].firstChild
        while c >= 0 {
            out.append(NodeID(index: c, generation: nodes[Int(c)].generation))
            c = nodes[Int(c)].nextSibling
        }
        return out
    }

    /// Takes slot `i` out of its parent's child list, leaving its subtree intact.
    private mutating func unlinkFromSiblings(_ i: Int32) {
        let p = Int(nodes[Int(i)].parent)
        let prev = nodes[Int(i)].prevSibling, next = nodes[Int(i)].nextSibling
        if prev >= 0 { nodes[Int(prev)].nextSibling = next } else { nodes[p].firstChild = next }
        if next >= 0 { nodes[Int(next)].prevSibling = prev } else { nodes[p].lastChild = prev }
        nodes[Int(i)].prevSibling = -1
        nodes[Int(i)].nextSibling = -1
    }
}
