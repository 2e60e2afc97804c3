/// The router's decisions waiting for the host, in emission order.
///
/// The router appends; the host takes them one at a time with `takeNext()` until it returns
/// `nil`, which also empties the queue so that the next batch reuses the same storage. A
/// decision appended while the host is taking them (a host callback calling back into the
/// router) lands behind the cursor and comes out of the same loop, in order.
///
/// It is a class held by a `let` in the router, and `takeNext()` is inlinable: the host's loop
/// compiles to a compare, a copy and an increment per decision, with no call, no closure and no
/// copy of the batch. `takeAll()` hands the host every untaken decision at once, read in place:
/// the host's loop then costs a pointer step per decision, with no store back into the queue.
/// Storage grows by doubling (an allocation) and never shrinks, so once a run has seen its
/// largest batch nothing allocates. Single-threaded, like the router.
@usableFromInline
final class DecisionQueue {
    @usableFromInline var base: UnsafeMutablePointer<RouterDecision>
    @usableFromInline var capacity: Int
    /// Decisions appended since the queue was last emptied.
    @usableFromInline var count = 0
    /// How many of them the host has taken.
    @usableFromInline var taken = 0
    /// Storage outgrown while the host may still be reading a `takeAll()` batch in it, freed
    /// once the queue is empty again (`nil` when there is none, almost always).
    @usableFromInline var retired: UnsafeMutablePointer<RetiredStorage>?

    /// One outgrown buffer, kept until the host is done with it.
    @usableFromInline struct RetiredStorage {
        var base: UnsafeMutablePointer<RouterDecision>
        var next: UnsafeMutablePointer<RetiredStorage>?
    }

    /// Creates an empty queue with room for `capacity` decisions.
    init(capacity: Int) {
        // Slots are overwritten and dropped without deinitialising: that needs a plain value.
        assert(_isPOD(RouterDecision.self), "RouterDecision must stay a plain value")
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        freeRetired()
        base.deallocate()
    }

    /// Adds a decision at the end.
    @inlinable @inline(__always)
    func append(_ decision: RouterDecision) {
        if count == capacity { grow() }
        (base + count).initialize(to: decision)
        count &+= 1
    }

    /// Whether one more decision fits without growing.
    @inlinable @inline(__always)
    var hasRoom: Bool { count < capacity }

    /// Adds a decision at the end; `hasRoom` must be true.
    @inlinable @inline(__always)
    func appendWithoutGrowing(_ decision: RouterDecision) {
        assert(count < capacity, "DecisionQueue full")
        (base + count).initialize(to: decision)
        count &+= 1
    }

    /// The oldest decision not taken yet, or `nil` when all are taken (the queue is then empty).
    @inlinable
    func takeNext() -> RouterDecision? {
        let t = taken
        if t < count {
            taken = t &+ 1
            return base[t]
        }
        count = 0
        taken = 0
        if retired != nil { freeRetired() }
        return nil
    }

    /// Every decision not taken yet, in order, read in place; `nil` when all are taken (the
    /// queue is then empty). The buffer stays valid until the next `takeAll()` or `takeNext()`
    /// that returns `nil`: decisions the router makes meanwhile (a host callback calling back
    /// into the router) land behind it, even if the storage grows, and come out of the next call.
    @inlinable
    func takeAll() -> UnsafeBufferPointer<RouterDecision>? {
        let t = taken, n = count
        if t < n {
            taken = n
            return UnsafeBufferPointer(start: base + t, count: n &- t)
        }
        count = 0
        taken = 0
        if retired != nil { freeRetired() }
        return nil
    }

    /// Drops every decision, taken or not.
    func removeAll() {
        count = 0
        taken = 0
        if retired != nil { freeRetired() }
    }

    /// The decisions not taken yet, as a copy (tests and tools; not for the touch path).
    var untaken: ContiguousArray<RouterDecision> {
        ContiguousArray(UnsafeBufferPointer(start: base + taken, count: count - taken))
    }

    /// Frees the outgrown buffers (the host is done with every batch).
    @usableFromInline @inline(never)
    func freeRetired() {
        while let r = retired {
            retired = r.pointee.next
            r.pointee.base.deallocate()
            r.deallocate()
        }
    }

    @usableFromInline @inline(never)
    func grow() {
        let bigger = UnsafeMutablePointer<RouterDecision>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        if taken > 0 {
            // A `takeAll()` batch may point into the old buffer: keep it until the queue empties.
            let r = UnsafeMutablePointer<RetiredStorage>.allocate(capacity: 1)
            r.initialize(to: RetiredStorage(base: base, next: retired))
            retired = r
        } else {
            base.deallocate()
        }
        base = bigger
        capacity *= 2
    }
}
