import BezelCore
import CBezel

/// A host's pixman boxes (`struct bezel_box`, corners) read as the router's rectangles
/// (`DeferredRegion.PixelRect`, origin and size): compared and converted in one pass, so that a
/// region sent again unchanged is read once and written nowhere.
enum BoxRects {
    /// A rectangle that covers nothing, for growing a buffer.
    static let empty = DeferredRegion.PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Non-zero when `b` and `r` are not the same rectangle (no branch: blocks of them are
    /// compared in a straight run).
    @inline(__always)
    static func differs(_ b: bezel_box, _ r: DeferredRegion.PixelRect) -> Int32 {
        (b.x1 ^ r.x) | (b.y1 ^ r.y) | ((b.x2 &- b.x1) ^ r.width) | ((b.y2 &- b.y1) ^ r.height)
    }

    /// How many of the first `boxes` are the same rectangles as the first `rects`.
    static func samePrefix(_ boxes: UnsafeBufferPointer<bezel_box>, _ rects: UnsafeBufferPointer<DeferredRegion.PixelRect>) -> Int {
        let n = min(boxes.count, rects.count)
        guard n > 0, let b = boxes.baseAddress, let r = rects.baseAddress else { return 0 }
        let block = 8
        var k = 0
        while k + block <= n {
            var diff: Int32 = 0
            for i in k..<(k + block) { diff |= differs(b[i], r[i]) }
            if diff != 0 { break }
            k += block
        }
        while k < n, differs(b[k], r[k]) == 0 { k += 1 }
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
            for i in same..<n {
                let box = b[i]
                o[i] = DeferredRegion.PixelRect(x: box.x1, y: box.y1, width: box.x2 &- box.x1, height: box.y2 &- box.y1)
            }
        }
    }
}
