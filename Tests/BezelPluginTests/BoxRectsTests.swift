import Testing
import CBezel
@testable import BezelCore
@testable import BezelPlugin

/// docs/design.md §5 version 3: a host's pixman boxes (bezel_region_boxes_reader) read as the
/// region's rectangles; a region sent again is recognised by its boxes.
@Suite("Deferral regions from pixman boxes (bezel.h, DEFERRAL REGIONS)")
struct BoxRectsTests {
    /// A grid of `n` 8 x 8 boxes on a 16 px pitch, `shift` px to the right from box `from` on.
    private func boxes(_ n: Int, shift: Int32 = 0, from: Int = 0) -> ContiguousArray<bezel_box> {
        ContiguousArray((0..<n).map { k in
            let x = Int32(k % 64) * 16 + (k >= from ? shift : 0), y = Int32(k / 64) * 16
            return bezel_box(x1: x, y1: y, x2: x + 8, y2: y + 8)
        })
    }

    @Test("§5 v3: each box x1, y1, x2, y2 is the rectangle x1, y1, x2 - x1, y2 - y1, in a buffer that grows and shrinks to the region")
    func convert() {
        var rects: ContiguousArray<DeferredRegion.PixelRect> = [BoxRects.empty]
        for n in [4096, 3, 0, 100] {
            let b = boxes(n, shift: 1, from: n / 2)
            b.withUnsafeBufferPointer { BoxRects.convert($0, into: &rects) }
            #expect(rects == ContiguousArray(b.map { DeferredRegion.PixelRect(x: $0.x1, y: $0.y1, width: $0.x2 - $0.x1, height: $0.y2 - $0.y1) }))
        }
    }

    @Test("§5 v3: the same boxes again are the same region; one box moved by a pixel anywhere, or one box fewer, is another")
    func sameBoxes() {
        var committed: ContiguousArray<bezel_box> = []
        boxes(4096).withUnsafeBufferPointer { BoxRects.copy($0, into: &committed) }
        #expect(boxes(4096).withUnsafeBufferPointer { BoxRects.same(committed, $0) })
        for from in [0, 1, 2047, 4095] {
            #expect(!boxes(4096, shift: 1, from: from).withUnsafeBufferPointer { BoxRects.same(committed, $0) })
        }
        #expect(!boxes(4095).withUnsafeBufferPointer { BoxRects.same(committed, $0) })
        #expect(BoxRects.same([], UnsafeBufferPointer(start: nil, count: 0)))
    }
}
