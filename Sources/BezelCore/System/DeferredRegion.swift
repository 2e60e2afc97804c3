/// A surface's deferred region (docs/design.md §5, version 3): the union of surface-local
/// rectangles where the surface's deferred edges apply. Built once when a region is committed,
/// so the touch path only reads it (no allocation there).
public struct DeferredRegion: Hashable, Sendable {
    /// The most rectangles kept; the rest of a larger region is dropped with a log line, so a
    /// hostile client cannot make its own touch-downs arbitrarily slow to judge.
    public static let maxRects = 4096

    /// The rectangles (surface-local px), empty ones and non-finite ones left out.
    public let rects: ContiguousArray<Rect>
    /// The region's extent along the x axis (what the top and bottom edges see): sorted,
    /// disjoint, non-touching `[start, end)` intervals.
    let extentX: ContiguousArray<Interval>
    /// The region's extent along the y axis (what the left and right edges see).
    let extentY: ContiguousArray<Interval>

    struct Interval: Hashable, Sendable {
        var start: Double
        var end: Double
    }

    /// Builds the region from `rects` (surface-local px). Rectangles with a non-finite field or
    /// no area are left out, and only the first `maxRects` are kept.
    public init<C: Collection>(_ rects: C) where C.Element == Rect {
        self.init(rects as? [Rect] ?? Array(rects))
    }

    /// Builds the region from `rects`, as the generic initialiser does. Concrete, and one pass
    /// over the rectangles: a client may commit 4,096 of them at every frame, so the cost is a
    /// copy plus the sort of one extent (a pixman region, as wl_region gives it, is already
    /// sorted by y: that extent needs no sort).
    public init(_ rects: [Rect]) {
        let n = min(rects.count, Self.maxRects)
        var kept = ContiguousArray<Rect>()
        var xs = ContiguousArray<Interval>(), ys = ContiguousArray<Interval>()
        kept.reserveCapacity(n)
        xs.reserveCapacity(n)
        ys.reserveCapacity(n)
        var xSorted = true, ySorted = true
        rects.withUnsafeBufferPointer { all in
            for r in all where kept.count < Self.maxRects {
                guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite,
                      r.width > 0, r.height > 0 else { continue }
                kept.append(r)
                if let last = xs.last, last.start > r.x { xSorted = false }
                if let last = ys.last, last.start > r.y { ySorted = false }
                xs.append(Interval(start: r.x, end: r.x + r.width))
                ys.append(Interval(start: r.y, end: r.y + r.height))
            }
        }
        self.rects = kept
        Self.merge(&xs, sorted: xSorted)
        Self.merge(&ys, sorted: ySorted)
        extentX = xs
        extentY = ys
    }

    /// `true` if the surface-local point `p` lies in one of the rectangles.
    @inlinable public func contains(_ p: Point) -> Bool {
        for r in rects where r.contains(p) { return true }
        return false
    }

    /// How much of the region's extent along `edge` lies before `position` (surface-local px
    /// along the edge: x for the top and bottom edges, y for the side edges).
    func extent(along edge: Edge, before position: Double) -> Double {
        Self.measure(edge == .top || edge == .bottom ? extentX : extentY, before: position)
    }

    /// The measure of the union of sorted disjoint `intervals` below `position`.
    static func measure(_ intervals: ContiguousArray<Interval>, before position: Double) -> Double {
        var total = 0.0
        for iv in intervals {
            if iv.start >= position { break }
            total += min(iv.end, position) - iv.start
        }
        return total
    }

    /// Sorts `intervals` (unless already `sorted` by start) and merges, in place, the ones
    /// that overlap or touch.
    static func merge(_ intervals: inout ContiguousArray<Interval>, sorted: Bool) {
        if !sorted { intervals.sort { $0.start < $1.start } }
        var n = 0
        for i in intervals.indices {
            let iv = intervals[i]
            if n > 0, iv.start <= intervals[n - 1].end {
                intervals[n - 1].end = max(intervals[n - 1].end, iv.end)
            } else {
                intervals[n] = iv
                n += 1
            }
        }
        intervals.removeLast(intervals.count - n)
    }
}

/// The committed deferred regions, by surface. A surface absent from the table defers over its
/// whole extent (the default, and the behaviour of protocol versions 1 and 2).
struct DeferredRegionTable {
    private var regions: [NodeTree.NodeID: DeferredRegion] = [:]

    /// `true` when no surface has a region: the touch path then skips every region check.
    var isEmpty: Bool { regions.isEmpty }
    /// How many surfaces have a region.
    var count: Int { regions.count }

    /// The region of `surface`, or `nil` for the whole surface.
    subscript(_ surface: NodeTree.NodeID) -> DeferredRegion? {
        regions.isEmpty ? nil : regions[surface]
    }

    /// Sets (`region != nil`) or resets the region of `surface`. The entry of a surface that
    /// goes is removed with it (`remove`, from `removeSurface`).
    mutating func set(_ region: DeferredRegion?, for surface: NodeTree.NodeID) {
        regions[surface] = region
    }

    /// Forgets the region of `surface` (its gesture object was destroyed, or it was removed).
    mutating func remove(_ surface: NodeTree.NodeID) {
        if !regions.isEmpty { regions[surface] = nil }
    }
}
