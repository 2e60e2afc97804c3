/// Drag and drop (R7): a drag takes its touch from the edge candidates, and a modal gesture that
/// begins during a drag asks the host to cancel it.
extension RouterCore {
    /// A client started a drag-and-drop session with touch `id` (R7). The touch's candidates
    /// fail `drag` and the drag owns the touch from now on. A drag on a touch the system owns
    /// is ignored: the client never had it.
    mutating func dragStart(touch id: Int32, time: Milliseconds) {
        beginInstant(time)
        guard let i = slotIndex(of: id) else {
            logger.log(.warning, "drag_start: touch \(id) is not down; drag session noted")
            isDragActive = true
            dragCancelRequested = false
            return
        }
        guard slots[i].route != .system else {
            logger.log(.warning, "drag_start: touch \(id) belongs to a system gesture, ignored")
            return
        }
        if slots[i].route == .held {
            logger.log(.warning, "drag_start: touch \(id) was still held; the client never saw it")
            slots[i].held.removeAll(keepingCapacity: true)
        }
        slots[i].route = .dragged
        slots[i].clientActive = false
        slots[i].holdDeadline = .never
        failPossibleCandidates(i, reason: .drag, onlyIfMultiTouchRejects: false)
        if multiFinger != nil { failMultiFingerCandidates(reason: .drag) { MultiFingerGestures.has($0, touch: id) } }
        isDragActive = true
        dragCancelRequested = false
        logger.log(.info, "drag session started with touch \(id)")
    }

    /// The drag-and-drop session ended (dropped or cancelled).
    mutating func dragEnd(time: Milliseconds) {
        beginInstant(time)
        isDragActive = false
        dragCancelRequested = false
    }
}
