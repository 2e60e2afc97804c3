/// A surface's deferred region (docs/design.md §5, version 3): the union of surface-local
/// rectangles where the surface's deferred edges apply. Built when a region is committed, so the
/// touch path only reads it (no allocation there).
///
/// A client may commit a region of 4,096 rectangles at every frame, so a commit is made cheap:
/// the router refills a surface's region in place (`refill`), in the storage its previous region
/// had, so that a region that changes at every commit allocates nothing after its first; the
/// whole-pixel rectangles of a wl_region are kept as they come (16 bytes each, no conversion);
/// and the extents along the edges, which only a `deferred_cap_mm` reads, are built only while
/// one is configured (the router builds them for every region when a cap comes with a new
/// configuration).
public struct DeferredRegion: Hashable, Sendable {
    /// The most rectangles kept; the rest of a larger region is dropped with a log line, so a
    /// hostile client cannot make its own touch-downs arbitrarily slow to judge.
    public static let maxRects = 4096

    /// A rectangle in whole surface-local pixels, as a wl_region gives it (the layout of the C
    /// interface's `struct bezel_rect`, so that a host's rectangles are read where they lie).
    public struct PixelRect: Hashable, Sendable {
        /// Left edge.
        public var x: Int32
        /// Top edge.
        public var y: Int32
        /// Width.
        public var width: Int32
        /// Height.
        public var height: Int32

        /// Creates a rectangle.
        public init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// The rectangles committed as whole pixels (the Wayland path), kept as given: 16 bytes
    /// each, so a refill is a filtered copy with no conversion.
    private var pixelRects: ContiguousArray<PixelRect> = []
    /// The rectangles committed as `Rect`s (scenarios, recordings, the Swift interface).
    private var exactRects: ContiguousArray<Rect> = []
    /// The region was last filled from whole pixels (`pixelRects` holds it, `exactRects` is empty).
    private var fromPixels = false
    /// The region's extent along the x axis (what the top and bottom edges see): sorted,
    /// disjoint, non-touching `[start, end)` intervals. Built only with `hasExtents`.
    private(set) var extentX: ContiguousArray<Interval> = []
    /// The region's extent along the y axis (what the left and right edges see).
    private(set) var extentY: ContiguousArray<Interval> = []
    /// `extentX` and `extentY` are built for the rectangles (`buildExtents`).
    private(set) var hasExtents = false

    struct Interval: Hashable, Sendable {
        var start: Double
        var end: Double
    }

    /// Builds the region from `rects` (surface-local px), with its extents. Rectangles with a
    /// non-finite field or no area are left out, and only the first `maxRects` are kept.
    public init<C: Collection>(_ rects: C) where C.Element == Rect {
        self.init(rects as? [Rect] ?? Array(rects))
    }

    /// Builds the region from `rects`, as the generic initialiser does.
    public init(_ rects: [Rect]) {
        rects.withUnsafeBufferPointer { refill(from: $0, extents: true) }
    }

    /// An empty region, to be filled by `refill`.
    init() {}

    /// The rectangles (surface-local px), empty ones and non-finite ones left out. Built on each
    /// read from whole-pixel rectangles: for tests and diagnostics, not for the touch path.
    public var rects: ContiguousArray<Rect> {
        guard fromPixels else { return exactRects }
        return ContiguousArray(pixelRects.lazy.map(Self.rect))
    }

    /// The `Rect` of a whole-pixel rectangle: the same integers.
    private static func rect(_ r: PixelRect) -> Rect {
        Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
    }

    /// Two regions are equal when they have the same rectangles (the extents follow from them).
    public static func == (a: DeferredRegion, b: DeferredRegion) -> Bool { a.rects == b.rects }

    /// Hashes the rectangles (as `==` compares them).
    public func hash(into hasher: inout Hasher) { hasher.combine(rects) }

    /// Replaces the rectangles with `source`'s usable ones (finite, with area; the first
    /// `maxRects`), in the storage the region already has, and builds the extents if `extents`
    /// (otherwise they are dropped, and `buildExtents` builds them when they are needed).
    mutating func refill(from source: UnsafeBufferPointer<Rect>, extents: Bool) {
        pixelRects.removeAll(keepingCapacity: true)
        fromPixels = false
        Self.copyUsable(source, into: &exactRects) {
            $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width > 0 && $0.height > 0
        }
        finishRefill(extents: extents)
    }

    /// `refill` from whole-pixel rectangles (the Wayland path: what the host's wl_region reader
    /// gave), kept as they are.
    mutating func refill(from source: UnsafeBufferPointer<PixelRect>, extents: Bool) {
        exactRects.removeAll(keepingCapacity: true)
        fromPixels = true
        Self.copyUsable(source, into: &pixelRects) { $0.width > 0 && $0.height > 0 }
        finishRefill(extents: extents)
    }

    /// `refill` from whole-pixel rectangles the caller keeps too: when every one is usable and
    /// there are at most `maxRects`, the region shares `source`'s storage (nothing is copied; a
    /// later write to either copies it then); otherwise it is filtered as `refill` does.
    mutating func refill(adopting source: ContiguousArray<PixelRect>, extents: Bool) {
        guard source.count <= Self.maxRects, Self.allUsable(source) else {
            source.withUnsafeBufferPointer { refill(from: $0, extents: extents) }
            return
        }
        exactRects.removeAll(keepingCapacity: true)
        fromPixels = true
        pixelRects = source
        finishRefill(extents: extents)
    }

    /// Every rectangle of `rects` has an area (a read pass with no branch per rectangle).
    private static func allUsable(_ rects: ContiguousArray<PixelRect>) -> Bool {
        rects.withUnsafeBufferPointer { b in
            var empty: Int32 = 0
            // A width or height of zero or below has the sign bit set, itself or once one is taken.
            for r in b { empty |= r.width | r.height | (r.width &- 1) | (r.height &- 1) }
            return empty >= 0
        }
    }

    /// Copies the first `maxRects` of `source` that are `usable` into `out`, in its storage (which
    /// grows only past its largest region so far). Each rectangle is written, and kept by
    /// counting it: no branch on the data.
    private static func copyUsable<T>(_ source: UnsafeBufferPointer<T>, into out: inout ContiguousArray<T>,
                                      _ usable: (T) -> Bool) {
        let room = min(source.count, maxRects)
        guard room > 0 else {
            out.removeAll(keepingCapacity: true)
            return
        }
        if out.count < room { out.append(contentsOf: source[out.count..<room]) }
        var n = 0
        out.withUnsafeMutableBufferPointer { buffer in
            let o = buffer.baseAddress!
            for r in source {
                o[n] = r
                n &+= usable(r) ? 1 : 0
                if n == room { break }
            }
        }
        out.removeLast(out.count - n)
    }

    private mutating func finishRefill(extents: Bool) {
        if extents {
            buildExtents()
        } else {
            extentX.removeAll(keepingCapacity: true)
            extentY.removeAll(keepingCapacity: true)
            hasExtents = false
        }
    }

    /// Builds the extents along both axes from the rectangles, in the storage they had. A
    /// pixman region, as wl_region gives it, is sorted by y: only the x extent needs a sort.
    mutating func buildExtents() {
        extentX.removeAll(keepingCapacity: true)
        extentY.removeAll(keepingCapacity: true)
        var xSorted = true, ySorted = true
        func add(_ r: Rect) {
            if let last = extentX.last, last.start > r.x { xSorted = false }
            if let last = extentY.last, last.start > r.y { ySorted = false }
            extentX.append(Interval(start: r.x, end: r.x + r.width))
            extentY.append(Interval(start: r.y, end: r.y + r.height))
        }
        if fromPixels {
            extentX.reserveCapacity(pixelRects.count)
            extentY.reserveCapacity(pixelRects.count)
            for r in pixelRects { add(Self.rect(r)) }
        } else {
            extentX.reserveCapacity(exactRects.count)
            extentY.reserveCapacity(exactRects.count)
            for r in exactRects { add(r) }
        }
        Self.merge(&extentX, sorted: xSorted)
        Self.merge(&extentY, sorted: ySorted)
        hasExtents = true
    }

    /// `true` if the surface-local point `p` lies in one of the rectangles.
    public func contains(_ p: Point) -> Bool {
        if fromPixels {
            for r in pixelRects where Self.rect(r).contains(p) { return true }
        } else {
            for r in exactRects where r.contains(p) { return true }
        }
        return false
    }

    /// How much of the region's extent along `edge` lies before `position` (surface-local px
    /// along the edge: x for the top and bottom edges, y for the side edges). Needs the extents
    /// (`hasExtents`), which the router builds whenever an edge has a `deferred_cap_mm`.
    func extent(along edge: Edge, before position: Double) -> Double {
        assert(hasExtents, "deferred region extents read before they were built")
        return Self.measure(edge == .top || edge == .bottom ? extentX : extentY, before: position)
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

    /// Sets the region of `surface` to what `fill` puts in it (`DeferredRegion.refill`). A
    /// surface that had a region has it refilled in place: its storage is reused, so a region
    /// committed again and again allocates only when it grows.
    mutating func refill(_ surface: NodeTree.NodeID, _ fill: (inout DeferredRegion) -> Void) {
        if regions[surface] != nil {
            fill(&regions[surface]!)
            return
        }
        var region = DeferredRegion()
        fill(&region)
        regions[surface] = region
    }

    /// Resets the region of `surface` to the whole surface.
    mutating func remove(_ surface: NodeTree.NodeID) {
        if !regions.isEmpty { regions[surface] = nil }
    }

    /// Builds the extents of every region that lacks them (a configuration with a
    /// `deferred_cap_mm` came: the touch path reads them from then on).
    mutating func buildExtents() {
        for i in regions.values.indices where !regions.values[i].hasExtents { regions.values[i].buildExtents() }
    }
}
