/// What the multi-finger recognizers did during one engine call, in order. The router reads
/// these after each call into the engine and turns them into decisions (docs/design.md §4.5).
///
/// A class so that recognizers can share it; its storage is reserved once, so recording a
/// report never allocates.
final class MultiFingerReports {
    /// One thing a recognizer did. `Int` is the recognizer's index in `multi_finger`.
    enum Report {
        /// Its set formed (M1): the router checks deferral, lock and edge ownership now.
        case candidate(Int)
        case began(Int)
        case changed(Int, travel_mm: Double, progress: Double, velocity_mm_s: Double, scale: Double)
        case ended(Int, committed: Bool)
        case cancelled(Int)
        case failed(Int, FailureReason)
    }

    private(set) var items: ContiguousArray<Report> = []

    init() { items.reserveCapacity(64) }

    func candidate(_ r: MultiFingerRecognizer) { items.append(.candidate(r.index)) }

    func failed(_ r: MultiFingerRecognizer, reason: FailureReason) { items.append(.failed(r.index, reason)) }

    /// The recognizers' action (E12): one report per published state change.
    func action(_ r: MultiFingerRecognizer) {
        switch r.state {
        case .began: items.append(.began(r.index))
        case .changed:
            items.append(.changed(r.index, travel_mm: r.travel_mm, progress: r.progress,
                                  velocity_mm_s: r.velocity_mm_s, scale: r.scale))
        case .ended: items.append(.ended(r.index, committed: r.committed))
        case .cancelled: items.append(.cancelled(r.index))
        case .possible, .failed: break
        }
    }

    func removeAll() { items.removeAll(keepingCapacity: true) }
}
