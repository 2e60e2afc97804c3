import BezelCore
import CBezel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A host's pixman boxes (`struct bezel_box`, corners) read as the router's rectangles
/// (`DeferredRegion.PixelRect`, origin and size). A region sent again is compared as the boxes
/// the host lent (one memcmp with those of the committed region, nothing written); only a
/// changed one is converted.
enum BoxRects {
    /// A rectangle that covers nothing, for growing a buffer.
    static let empty = DeferredRegion.PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// `a` holds the boxes of `b`, byte for byte.
    static func same(_ a: ContiguousArray<bezel_box>, _ b: UnsafeBufferPointer<bezel_box>) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { memcmp($0.baseAddress!, b.baseAddress!, a.count * MemoryLayout<bezel_box>.stride) == 0 }
    }

    /// Makes `boxes` a copy of `source`, in the storage it has (growing only past its largest
    /// region so far).
    static func copy(_ source: UnsafeBufferPointer<bezel_box>, into boxes: inout ContiguousArray<bezel_box>) {
        let n = source.count
        if boxes.count < n {
            boxes.append(contentsOf: repeatElement(bezel_box(), count: n - boxes.count))
        } else {
            boxes.removeLast(boxes.count - n)
        }
        guard n > 0, let from = source.baseAddress else { return }
        // One memcpy: `append(contentsOf:)` copies box by box.
        boxes.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress!, from, n * MemoryLayout<bezel_box>.stride) }
    }

    /// Makes `rects` the rectangles of `boxes`, in the storage it has.
    static func convert(_ boxes: UnsafeBufferPointer<bezel_box>, into rects: inout ContiguousArray<DeferredRegion.PixelRect>) {
        let n = boxes.count
        if rects.count < n {
            rects.append(contentsOf: repeatElement(empty, count: n - rects.count))
        } else {
            rects.removeLast(rects.count - n)
        }
        guard n > 0, let b = boxes.baseAddress else { return }
        rects.withUnsafeMutableBufferPointer { out in
            let o = out.baseAddress!
            for i in 0..<n {
                let box = b[i]
                o[i] = DeferredRegion.PixelRect(x: box.x1, y: box.y1, width: box.x2 &- box.x1, height: box.y2 &- box.y1)
            }
        }
    }
}
