import BezelCore
import CBezel

/// A host's pixman boxes (`struct bezel_box`, corners) read as the router's rectangles
/// (`DeferredRegion.PixelRect`, origin and size): compared and converted in one pass, so that a
/// region sent again unchanged is read once and written nowhere.
enum BoxRects {
    /// A rectangle that covers nothing, for growing a buffer.
    static let empty = DeferredRegion.PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// A box or a rectangle as four lanes: x1, y1, x2, y2 or x, y, width, height (both types
    /// are four `Int32`s, 16 bytes).
    private typealias Lanes = SIMD4<Int32>

    /// The rectangle of box `b` as lanes: its origin, and its far corner less its origin.
    @inline(__always)
    private static func rect(ofBox b: Lanes) -> Lanes {
        Lanes(lowHalf: b.lowHalf, highHalf: b.highHalf &- b.lowHalf)
    }

    /// How many of the first `boxes` are the same rectangles as the first `rects`. Compared a
    /// block at a time, four lanes at once, with no branch inside a block.
    static func samePrefix(_ boxes: UnsafeBufferPointer<bezel_box>, _ rects: UnsafeBufferPointer<DeferredRegion.PixelRect>) -> Int {
        let n = min(boxes.count, rects.count)
        guard n > 0, let bp = boxes.baseAddress, let rp = rects.baseAddress else { return 0 }
        let b = UnsafeRawPointer(bp), r = UnsafeRawPointer(rp)
        let stride = MemoryLayout<Lanes>.stride
        @inline(__always) func differs(_ i: Int) -> Lanes {
            rect(ofBox: b.loadUnaligned(fromByteOffset: i * stride, as: Lanes.self))
                ^ r.loadUnaligned(fromByteOffset: i * stride, as: Lanes.self)
        }
        let block = 16
        var k = 0
        while k + block <= n {
            var diff = Lanes()
            for i in k..<(k + block) { diff |= differs(i) }
            if diff != Lanes() { break }
            k += block
        }
        while k < n, differs(k) == Lanes() { k += 1 }
        return k
    }

    /// Makes `buffer` the rectangles of `boxes`: the first `same` copied from `committed` (they
    /// are the same), the rest converted from the boxes. `buffer` keeps its storage, growing
    /// only past its largest region so far.
    static func fill(_ buffer: inout ContiguousArray<DeferredRegion.PixelRect>, from boxes: UnsafeBufferPointer<bezel_box>,
                     keeping same: Int, of committed: ContiguousArray<DeferredRegion.PixelRect>?) {
        let n = boxes.count
        if buffer.count < n {
            buffer.append(contentsOf: repeatElement(empty, count: n - buffer.count))
        } else {
            buffer.removeLast(buffer.count - n)
        }
        guard n > 0, let b = boxes.baseAddress else { return }
        buffer.withUnsafeMutableBufferPointer { out in
            let o = out.baseAddress!
            if same > 0, let committed {
                committed.withUnsafeBufferPointer { o.update(from: $0.baseAddress!, count: same) }
            }
            let from = UnsafeRawPointer(b), to = UnsafeMutableRawPointer(o)
            let stride = MemoryLayout<Lanes>.stride
            for i in same..<n {
                to.storeBytes(of: rect(ofBox: from.loadUnaligned(fromByteOffset: i * stride, as: Lanes.self)),
                              toByteOffset: i * stride, as: Lanes.self)
            }
        }
    }
}
