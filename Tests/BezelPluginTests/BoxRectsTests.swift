import Testing
import CBezel
@testable import BezelCore
@testable import BezelPlugin

/// docs/design.md §5 version 3: a host's pixman boxes (bezel_region_boxes_reader) read as the
/// region's rectangles, compared with the committed region as they are converted.
@Suite("Deferral regions from pixman boxes (bezel.h, DEFERRAL REGIONS)")
struct BoxRectsTests {
    /// A grid of `n` 8 x 8 boxes on a 16 px pitch, `shift` px to the right from box `from` on.
    private func boxes(_ n: Int, shift: Int32 = 0, from: Int = 0) -> [bezel_box] {
        (0..<n).map { k in
            let x = Int32(k % 64) * 16 + (k >= from ? shift : 0), y = Int32(k / 64) * 16
            return bezel_box(x1: x, y1: y, x2: x + 8, y2: y + 8)
        }
    }

    private func rects(_ b: [bezel_box]) -> ContiguousArray<DeferredRegion.PixelRect> {
        ContiguousArray(b.map { DeferredRegion.PixelRect(x: $0.x1, y: $0.y1, width: $0.x2 - $0.x1, height: $0.y2 - $0.y1) })
    }

    @Test("§5 v3: the boxes are the rectangles x1, y1, x2 - x1, y2 - y1; the same prefix is found wherever the first difference lies")
    func sameprefixAndFill() {
        let committed = rects(boxes(4096))
        for from in [0, 1, 7, 8, 9, 100, 4095] {
            let changed = boxes(4096, shift: 1, from: from)
            let same = changed.withUnsafeBufferPointer { b in committed.withUnsafeBufferPointer { BoxRects.samePrefix(b, $0) } }
            #expect(same == from)
            var buffer: ContiguousArray<DeferredRegion.PixelRect> = [BoxRects.empty]
            changed.withUnsafeBufferPointer { BoxRects.fill(&buffer, from: $0, keeping: same, of: committed) }
            #expect(buffer == rects(changed))
        }
        let all = boxes(4096).withUnsafeBufferPointer { b in committed.withUnsafeBufferPointer { BoxRects.samePrefix(b, $0) } }
        #expect(all == 4096)
        // Fewer boxes than committed rectangles: the buffer shrinks to them.
        var buffer = committed
        let few = boxes(3)
        few.withUnsafeBufferPointer { BoxRects.fill(&buffer, from: $0, keeping: 3, of: committed) }
        #expect(buffer == rects(few))
    }
}
