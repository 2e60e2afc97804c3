/// Pending one-shot timers on the injected clock (docs/design.md E18).
///
/// A handful of timers are pending at any time (a long press, a multi-tap window), so a flat
/// array with a linear search beats a heap: no allocation once the storage has grown, and ties
/// fire in the order they were scheduled.
public struct TimerQueue<Owner: AnyObject> {
    /// One pending timer.
    public struct Entry {
        /// When it fires.
        public var deadline: Milliseconds
        /// Scheduling order; breaks ties between equal deadlines.
        public var sequence: UInt64
        /// Who is called back.
        public var owner: Owner
        /// The owner's tag, telling its timers apart.
        public var tag: Int
    }

    var entries: ContiguousArray<Entry> = []
    var nextSequence: UInt64 = 1

    /// Creates an empty queue with room for `capacity` timers before it must grow.
    public init(capacity: Int = 32) { entries.reserveCapacity(capacity) }

    /// Number of pending timers.
    public var count: Int { entries.count }

    /// Schedules a timer. Returns its sequence number.
    @discardableResult
    public mutating func schedule(at deadline: Milliseconds, owner: Owner, tag: Int) -> UInt64 {
        let s = nextSequence
        nextSequence &+= 1
        entries.append(Entry(deadline: deadline, sequence: s, owner: owner, tag: tag))
        return s
    }

    /// Cancels every timer of `owner` (with `tag`, or all of them when `tag` is `nil`).
    public mutating func cancel(owner: Owner, tag: Int? = nil) {
        var i = 0
        while i < entries.count {
            if entries[i].owner === owner && (tag == nil || entries[i].tag == tag!) {
                entries.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    /// `true` if `owner` has a pending timer (with `tag`, or any when `tag` is `nil`).
    public func hasTimer(owner: Owner, tag: Int? = nil) -> Bool {
        for e in entries where e.owner === owner && (tag == nil || e.tag == tag!) { return true }
        return false
    }

    /// The earliest deadline, or `.never`.
    public var nextDeadline: Milliseconds {
        var best = Milliseconds.never
        for e in entries where e.deadline < best { best = e.deadline }
        return best
    }

    /// Removes and returns the earliest timer due at or before `time`, if any.
    public mutating func popDue(upTo time: Milliseconds) -> Entry? {
        var best = -1
        for i in entries.indices where entries[i].deadline <= time {
            if best < 0 || entries[i].deadline < entries[best].deadline
                || (entries[i].deadline == entries[best].deadline
                    && entries[i].sequence < entries[best].sequence) {
                best = i
            }
        }
        guard best >= 0 else { return nil }
        return entries.remove(at: best)
    }
}
