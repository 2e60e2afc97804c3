/// The router's decisions waiting for the host, in emission order.
///
/// The router appends; the host takes them one at a time with `takeNext()` until it returns
/// `nil`, which also empties the queue so that the next batch reuses the same storage. A
/// decision appended while the host is taking them (a host callback calling back into the
/// router) lands behind the cursor and comes out of the same loop, in order.
///
/// It is a class held by a `let` in the router, and `takeNext()` is inlinable: the host's loop
/// compiles to a compare, a copy and an increment per decision, with no call, no closure and no
/// copy of the batch. Storage grows by doubling (an allocation) and never shrinks, so once a run
/// has seen its largest batch nothing allocates. Single-threaded, like the router.
@usableFromInline
final class OutputQueue {
    @usableFromInline var base: UnsafeMutablePointer<RouterOutput>
    @usableFromInline var capacity: Int
    /// Decisions appended since the queue was last emptied.
    @usableFromInline var count = 0
    /// How many of them the host has taken.
    @usableFromInline var taken = 0

    /// Creates an empty queue with room for `capacity` decisions.
    init(capacity: Int) {
        // Slots are overwritten and dropped without deinitialising: that needs a plain value.
        assert(_isPOD(RouterOutput.self), "RouterOutput must stay a plain value")
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Adds a decision at the end.
    @inline(__always)
    func append(_ output: RouterOutput) {
        if count == capacity { grow() }
        (base + count).initialize(to: output)
        count &+= 1
    }

    /// Whether one more decision fits without growing.
    @inline(__always)
    var hasRoom: Bool { count < capacity }

    /// Adds a decision at the end; `hasRoom` must be true.
    @inline(__always)
    func appendWithoutGrowing(_ output: RouterOutput) {
        assert(count < capacity, "OutputQueue full")
        (base + count).initialize(to: output)
        count &+= 1
    }

    /// The oldest decision not taken yet, or `nil` when all are taken (the queue is then empty).
    @inlinable
    func takeNext() -> RouterOutput? {
        let t = taken
        if t < count {
            taken = t &+ 1
            return base[t]
        }
        count = 0
        taken = 0
        return nil
    }

    /// Drops every decision, taken or not.
    func removeAll() {
        count = 0
        taken = 0
    }

    /// The decisions not taken yet, as a copy (tests and tools; not for the touch path).
    var untaken: ContiguousArray<RouterOutput> {
        ContiguousArray(UnsafeBufferPointer(start: base + taken, count: count - taken))
    }

    @inline(never)
    private func grow() {
        let bigger = UnsafeMutablePointer<RouterOutput>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
