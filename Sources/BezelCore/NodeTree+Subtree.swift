extension NodeTree {
    /// Calls `body` for `id` and every node below it, parents before their children.
    ///
    /// Iterative over the links the nodes already have, like `remove`: clients control how
    /// deep subsurfaces nest, so no recursion and no stack. Costs the size of the subtree.
    public func forEachInSubtree(of id: NodeID, _ body: (NodeID) -> Void) {
        guard contains(id) else { return }
        let top = id.index
        var slot = top
        while true {
            body(NodeID(index: slot, generation: nodes[Int(slot)].generation))
            if nodes[Int(slot)].firstChild >= 0 {
                slot = nodes[Int(slot)].firstChild
                continue
            }
            // No children: the next sibling of this node or of the nearest ancestor that has
            // one, without climbing above `top`.
            while slot != top && nodes[Int(slot)].nextSibling < 0 { slot = nodes[Int(slot)].parent }
            if slot == top { return }
            slot = nodes[Int(slot)].nextSibling
        }
    }
}
