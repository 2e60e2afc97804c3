/// Which output each touch fed to the multi-finger engine is on, so that a set never spans two
/// screens (DESIGN §4.5 M1 read per screen: fingers on two touchscreens are not one hand).
///
/// The engine sees every output on one millimetre plane, so it cannot tell screens apart by
/// position; the router records the output of each down here and the recognizers ask before
/// they form a set. A class so that every recognizer shares the one table; its storage is
/// reserved once, so recording never allocates for up to 16 touches.
final class TouchScreens {
    private var entries: ContiguousArray<(touch: Int32, output: OutputID)> = []

    init() { entries.reserveCapacity(16) }

    /// Touch `id` came down on `output`.
    func down(_ id: Int32, on output: OutputID) {
        end(id)
        entries.append((id, output))
    }

    /// Touch `id` ended or was cancelled.
    func end(_ id: Int32) {
        var k = 0
        while k < entries.count {
            if entries[k].touch == id { entries.remove(at: k); return }
            k += 1
        }
    }

    /// The output of touch `id`, or `nil` if it is not recorded.
    func output(of id: Int32) -> OutputID? {
        for e in entries where e.touch == id { return e.output }
        return nil
    }

    /// Whether every touch of `touches` is on the same output as the first.
    func areOnOneScreen(_ touches: ContiguousArray<Touch>) -> Bool {
        guard let first = touches.first, let screen = output(of: first.id) else { return true }
        for t in touches where output(of: t.id) != screen { return false }
        return true
    }
}
