/// The router's fixed table of touch slots (`TouchSlot`), and the way from a touch id to its
/// slot.
///
/// `slots[i].field` reads and writes the slot in place: the table is a class holding one
/// allocation made at start-up, so the touch path pays neither a copy-on-write uniqueness check
/// nor a copy of the slot (a slot holds two recognizers, a few hundred bytes).
///
/// Slots are handed out lowest free first, and the router walks them in slot order wherever
/// several touches decide at once (a new finger failing the others' candidates, timers, a
/// cancel), so that order is part of its behaviour. The id lookup is a separate direct table:
/// touch ids are seat slots in practice (small numbers), and an id below `directIDs` finds
/// its slot in one step. Other ids fall back to a scan of the slots.
@usableFromInline
final class TouchSlotTable {
    @usableFromInline let base: UnsafeMutablePointer<TouchSlot>
    /// Number of slots.
    @usableFromInline let count: Int
    /// For touch id `k < directIDs`: the slot it occupies, or -1.
    @usableFromInline let slotOfID: UnsafeMutablePointer<Int>
    /// Ids below this are looked up directly (a literal, so that inlined lookups need no
    /// global's accessor).
    @inlinable @inline(__always) static var directIDs: Int32 { 64 }

    /// Creates `count` free slots, each with room for `heldCapacity` held events.
    init(count: Int, heldCapacity: Int = 64) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: TouchSlot(), count: count)
        for i in 0..<count { base[i].held.reserveCapacity(heldCapacity) }
        slotOfID = .allocate(capacity: Int(Self.directIDs))
        slotOfID.initialize(repeating: -1, count: Int(Self.directIDs))
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
        slotOfID.deallocate()
    }

    /// One past the highest slot ever taken (slots are handed out lowest free first): every
    /// active slot is below it, so the scans of active slots stop there, not at `count`.
    private(set) var highWater = 0

    /// The indices of the slots that may be active, in slot order. Every scan filters on
    /// `active`; the ones above `highWater` never were.
    var indices: Range<Int> { 0..<highWater }

    /// Slot `i`, in place. `i` must be in `indices`.
    @inlinable @inline(__always)
    subscript(i: Int) -> TouchSlot {
        unsafeAddress {
            assert(i >= 0 && i < count, "touch slot index out of range")
            return UnsafePointer(base + i)
        }
        unsafeMutableAddress {
            assert(i >= 0 && i < count, "touch slot index out of range")
            return base + i
        }
    }

    /// `true` while some live candidate of slot `i` is still possible. Reads the fields in
    /// place: a computed property of `TouchSlot` made its callers copy the whole slot.
    @inline(__always)
    func hasPossibleLiveCandidate(_ i: Int) -> Bool {
        base[i].hasCandidate
            && (base[i].firstCandidate.isPossibleLive || (base[i].hasSecondCandidate && base[i].secondCandidate.isPossibleLive))
    }

    /// Bit `i` set while slot `i` (below 64) has candidates: a new finger looks at those slots
    /// only (`forEachSlotWithCandidates`), not at every active one.
    private(set) var candidateMask: UInt64 = 0

    /// Sets `hasCandidate` of slot `i`, keeping `candidateMask` in step.
    func setHasCandidate(_ i: Int, _ value: Bool) {
        base[i].hasCandidate = value
        guard i < 64 else { return }
        if value { candidateMask |= 1 << UInt64(i) } else { candidateMask &= ~(1 << UInt64(i)) }
    }

    /// Forgets the candidates of slot `i`: the flags say they are gone, and their storage is
    /// left as it is (storing over it would cost a recognizer's size).
    @inline(__always)
    func forgetCandidates(_ i: Int) {
        guard base[i].hasCandidate else { return }
        base[i].hasSecondCandidate = false
        setHasCandidate(i, false)
    }

    /// Calls `body` with each slot that has candidates, in slot order, checking each one just
    /// before its call (a call may release a later slot). The slots from 64 on are scanned.
    @inline(__always)
    func forEachSlotWithCandidates(_ body: (Int) -> Void) {
        var m = candidateMask
        while m != 0 {
            let j = m.trailingZeroBitCount
            m &= m &- 1
            if base[j].active && base[j].hasCandidate { body(j) }
        }
        var j = 64
        while j < highWater {
            if base[j].active && base[j].hasCandidate { body(j) }
            j += 1
        }
    }

    /// The lowest free slot, or `nil`. A plain loop over the flags: a predicate closure here
    /// made the caller copy a whole slot.
    func firstFreeIndex() -> Int? {
        var i = 0
        while i < count {
            if !base[i].active { return i }
            i &+= 1
        }
        return nil
    }

    /// The slot of the active touch `id`, or `nil`.
    @inlinable @inline(__always)
    func index(ofTouch id: Int32) -> Int? {
        if id >= 0 && id < Self.directIDs {
            // The table is kept exact (`noteTouch` at the down, `forgetTouch` at the release):
            // an entry names an active slot holding that id.
            let i = slotOfID[Int(id)]
            assert(i < 0 || (base[i].active && base[i].id == id), "touch id table out of step")
            return i >= 0 ? i : nil
        }
        for i in 0..<count where base[i].active && base[i].id == id { return i }
        return nil
    }

    /// Records that touch `id` now occupies slot `i` (call when the slot is taken).
    func noteTouch(_ id: Int32, inSlot i: Int) {
        if i >= highWater { highWater = i + 1 }
        if id >= 0 && id < Self.directIDs { slotOfID[Int(id)] = i }
    }

    /// Forgets the touch of slot `i` (call when the slot is freed).
    func forgetTouch(inSlot i: Int) {
        let id = base[i].id
        if id >= 0 && id < Self.directIDs && slotOfID[Int(id)] == i { slotOfID[Int(id)] = -1 }
    }
}
