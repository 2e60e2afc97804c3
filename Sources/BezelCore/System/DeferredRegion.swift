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
        var kept = ContiguousArray<Rect>()
        kept.reserveCapacity(min(rects.count, Self.maxRects))
        for r in rects where kept.count < Self.maxRects {
            guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite,
                  r.width > 0, r.height > 0 else { continue }
            kept.append(r)
        }
        self.rects = kept
        extentX = Self.merged(kept.map { Interval(start: $0.x, end: $0.x + $0.width) })
        extentY = Self.merged(kept.map { Interval(start: $0.y, end: $0.y + $0.height) })
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

    /// Sorts `intervals` and merges the ones that overlap or touch.
    static func merged(_ intervals: [Interval]) -> ContiguousArray<Interval> {
        var out = ContiguousArray<Interval>()
        for iv in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = out.last, iv.start <= last.end {
                out[out.count - 1].end = max(last.end, iv.end)
            } else {
                out.append(iv)
            }
        }
        return out
    }
}

/// The committed deferred regions, by surface. A surface absent from the table defers over its
/// whole extent (the default, and the behaviour of protocol versions 1 and 2).
struct DeferredRegionTable {
    private var regions: [NodeTree.NodeID: DeferredRegion] = [:]

    /// `true` when no surface has a region: the touch path then skips every region check.
    var isEmpty: Bool { regions.isEmpty }

    /// The region of `surface`, or `nil` for the whole surface.
    subscript(_ surface: NodeTree.NodeID) -> DeferredRegion? {
        regions.isEmpty ? nil : regions[surface]
    }

    /// Sets (`region != nil`) or resets the region of `surface`. Entries of surfaces that are
    /// gone (`isAlive` false) are dropped at the same time, so the table never outgrows the
    /// surfaces that committed a region.
    mutating func set(_ region: DeferredRegion?, for surface: NodeTree.NodeID,
                      isAlive: (NodeTree.NodeID) -> Bool) {
        if !regions.isEmpty {
            for key in regions.keys where !isAlive(key) { regions[key] = nil }
        }
        regions[surface] = region
    }

    /// Forgets the region of `surface` (its gesture object was destroyed).
    mutating func remove(_ surface: NodeTree.NodeID) {
        if !regions.isEmpty { regions[surface] = nil }
    }
}
