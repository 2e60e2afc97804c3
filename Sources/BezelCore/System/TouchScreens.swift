/// Which output each touch fed to the multi-finger engine is on, so that M1 counts the fingers
/// of one screen (docs/design.md §4.5 read per screen: fingers on two touchscreens are not one hand).
///
/// The engine sees every output on one millimetre plane, so it cannot tell screens apart by
/// position; the router records the output of each down here and the recognizers ask before
/// they form a set. A class so that every recognizer shares the one table; its storage is
/// reserved once, so recording never allocates for up to 16 touches.
final class TouchScreens {
    private var entries: ContiguousArray<(touch: Int32, output: OutputID)> = []
    /// `true` while the touches down are on more than one output. The common case, every
    /// finger on one screen, then needs no lookup at all.
    private(set) var spansScreens = false

    init() { entries.reserveCapacity(16) }

    /// Touch `id` came down on `output`.
    func down(_ id: Int32, on output: OutputID) {
        end(id)
        entries.append((id, output))
        if !spansScreens && output != entries[0].output { spansScreens = true }
    }

    /// Touch `id` ended or was cancelled.
    func end(_ id: Int32) {
        var k = 0
        while k < entries.count {
            if entries[k].touch == id {
                entries.remove(at: k)
                if spansScreens { spansScreens = entries.contains { $0.output != entries[0].output } }
                return
            }
            k += 1
        }
    }

    /// The output of touch `id`, or `nil` if it is not recorded.
    func output(of id: Int32) -> OutputID? {
        for e in entries where e.touch == id { return e.output }
        return nil
    }
}
