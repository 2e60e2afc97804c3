import BezelCore

/// A map from router nodes (`NodeTree.NodeID`) to values, read on every client event the
/// plugin delivers (which `wl_surface` a `clientDown`/`clientMotion`/`clientUp` is for).
///
/// Node ids are slot indices that the tree reuses, plus a generation, so the map is an array
/// indexed by slot: a lookup is one bounds check and one generation compare, where a
/// `Dictionary` would hash the id on every event. Its size follows the most nodes alive at once.
struct NodeMap<Value> {
    private struct Entry {
        var generation: UInt32
        var value: Value
    }

    private var entries: ContiguousArray<Entry?> = []

    /// Creates an empty map.
    init() {}

    /// The value for `node`, or `nil`. Setting `nil` removes it.
    subscript(node: NodeTree.NodeID) -> Value? {
        get {
            let k = Int(node.index)
            guard k >= 0, k < entries.count, let entry = entries[k], entry.generation == node.generation else {
                return nil
            }
            return entry.value
        }
        set {
            let k = Int(node.index)
            guard k >= 0 else { return }
            if let newValue {
                if k >= entries.count { entries.append(contentsOf: repeatElement(nil, count: k + 1 - entries.count)) }
                entries[k] = Entry(generation: node.generation, value: newValue)
            } else if k < entries.count, entries[k]?.generation == node.generation {
                entries[k] = nil
            }
        }
    }

    /// Removes the value for `node` and returns it, or `nil` if there was none.
    @discardableResult
    mutating func removeValue(forKey node: NodeTree.NodeID) -> Value? {
        let old = self[node]
        if old != nil { self[node] = nil }
        return old
    }

    /// Removes every value.
    mutating func removeAll() { entries.removeAll() }
}
