/// A list that keeps its storage when emptied, owned by the router and reused for every batch:
/// the decisions waiting for the host, the clients owed a `wl_touch.frame`, the clients to cancel.
///
/// It is a class so that appending is a capacity check and a store: no copy-on-write uniqueness
/// check on each call, as a `ContiguousArray` held inside the router's state would pay. Storage
/// grows by doubling, which allocates; once a run has reached its largest batch, nothing does.
/// Single-threaded, like the router that owns it.
@usableFromInline
final class ReusableBuffer<Element> {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    /// Number of elements held.
    @usableFromInline var count = 0

    /// Creates an empty buffer with room for `capacity` elements.
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// `true` when the buffer holds nothing.
    var isEmpty: Bool { count == 0 }

    /// The element at `index`, which must be in `0..<count`.
    @inlinable @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "ReusableBuffer index out of range")
        return base[index]
    }

    /// Adds `element` at the end.
    @inlinable @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Whether one more element fits without growing.
    @inlinable @inline(__always)
    var hasRoom: Bool { count < capacity }

    /// Adds `element` at the end; `hasRoom` must be true.
    @inlinable @inline(__always)
    func appendWithoutGrowing(_ element: Element) {
        assert(count < capacity, "ReusableBuffer full")
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes the element at `index`, moving the later ones down.
    func remove(at index: Int) {
        assert(index >= 0 && index < count, "ReusableBuffer index out of range")
        (base + index).deinitialize(count: 1)
        (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
        count -= 1
    }

    /// Empties the buffer. The storage is always kept: the parameter only mirrors the
    /// `Array` call the router's code reads like.
    @inlinable @inline(__always)
    func removeAll(keepingCapacity: Bool = true) {
        base.deinitialize(count: count)
        count = 0
    }

    @usableFromInline @inline(never)
    func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}

extension ReusableBuffer where Element: Equatable {
    /// Whether `element` is in the buffer. A plain loop: these lists hold a few clients.
    @inlinable @inline(__always)
    func contains(_ element: Element) -> Bool {
        firstIndex(of: element) != nil
    }

    /// The position of the first `element`, or `nil`.
    @inlinable @inline(__always)
    func firstIndex(of element: Element) -> Int? {
        var k = 0
        while k < count {
            if base[k] == element { return k }
            k += 1
        }
        return nil
    }
}
