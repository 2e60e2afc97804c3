/// Names an output, as the host chooses. Output 0 is the one a router starts with.
public typealias OutputID = UInt32

/// The outputs a router knows (docs/design.md §6 "every output"): where each sits in the global layout
/// and its size in px and mm. Each output has its own edge zones and its own armed edges (R4).
///
/// Surfaces and touches live in layout coordinates. A touch at layout `p` on an output whose
/// origin is `o` hit-tests surfaces at `p`, while its edge zones and millimetres come from
/// `p - o` and that output's geometry.
///
/// A handful of outputs at most: entries sit in a small array searched linearly, and a touch
/// slot keeps the index of its output so that the touch path never searches.
@usableFromInline
struct OutputLayout {
    /// One output.
    @usableFromInline struct Entry {
        var id: OutputID
        /// Top-left corner in layout px.
        @usableFromInline var origin: Point
        var geometry: OutputGeometry
        /// Its `wl_output.transform` (0...7). Touches arrive already in the user's frame; the
        /// value is kept so that a rotation is seen (R8 on rotation, RouterCore+Outputs).
        var transform: Int32 = 0
        /// Per edge (`Edge.index`): the end of its re-arm window, or `.never` (R4).
        var armedUntil = EdgeDeadlines()
    }

    /// The most outputs a router holds; more are refused (a host with more is broken).
    static let maxOutputs = 64

    @usableFromInline private(set) var entries: ContiguousArray<Entry>

    /// A layout holding output 0 at the origin.
    init(output0: OutputGeometry) {
        entries = [Entry(id: 0, origin: .zero, geometry: output0)]
        entries.reserveCapacity(8)
    }

    /// Index of the output `id`, or `nil`.
    func index(of id: OutputID) -> Int? {
        var k = 0
        while k < entries.count {
            if entries[k].id == id { return k }
            k += 1
        }
        return nil
    }

    subscript(index: Int) -> Entry {
        get { entries[index] }
        set { entries[index] = newValue }
    }

    var count: Int { entries.count }

    /// The origin of the output at `index`, which must be valid (a touch slot's output is).
    @inlinable @inline(__always)
    func origin(at index: Int) -> Point {
        assert(index >= 0 && index < entries.count, "output index out of range")
        return entries.withUnsafeBufferPointer { $0[index].origin }
    }

    /// Adds an output; `false` if the id is taken or the layout is full.
    mutating func add(_ entry: Entry) -> Bool {
        guard index(of: entry.id) == nil, entries.count < Self.maxOutputs else { return false }
        entries.append(entry)
        return true
    }

    /// Removes the entry at `index`. Later entries move down by one.
    mutating func remove(at index: Int) { entries.remove(at: index) }

    /// The smallest rectangle holding every output (the hit-test tree's root), or an empty one.
    var bounds: Rect {
        guard let first = entries.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var minX = first.origin.x, minY = first.origin.y
        var maxX = minX + first.geometry.widthPx, maxY = minY + first.geometry.heightPx
        for e in entries {
            minX = min(minX, e.origin.x); minY = min(minY, e.origin.y)
            maxX = max(maxX, e.origin.x + e.geometry.widthPx)
            maxY = max(maxY, e.origin.y + e.geometry.heightPx)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// One instant per edge, indexed by `Edge.index`. Four stored values, no heap.
struct EdgeDeadlines {
    var top = Milliseconds.never, bottom = Milliseconds.never
    var left = Milliseconds.never, right = Milliseconds.never

    subscript(index: Int) -> Milliseconds {
        get {
            switch index {
            case 0: return top
            case 1: return bottom
            case 2: return left
            default: return right
            }
        }
        set {
            switch index {
            case 0: top = newValue
            case 1: bottom = newValue
            case 2: left = newValue
            default: right = newValue
            }
        }
    }

    /// The earliest of the four.
    var earliest: Milliseconds { min(min(top, bottom), min(left, right)) }
}
