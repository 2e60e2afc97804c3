import BezelCore

/// Touches given local to their output, as scenarios and output-local hosts give them: the
/// router takes layout positions, so these place them on the output's origin first.
extension SystemGestureRouter {
    /// A down at `position`, local to `output`.
    @discardableResult
    func touchDown(id: Int32, atLocal position: Point, output: OutputID, target: TouchTarget = .hitTest,
                   time: Milliseconds) -> TouchInputResult {
        touchDown(id: id, at: layoutPosition(position, onOutput: output) ?? position, output: output,
                  target: target, time: time)
    }

    /// A motion to `position`, local to the output touch `id` went down on.
    @discardableResult
    func touchMotion(id: Int32, atLocal position: Point, time: Milliseconds) -> TouchInputResult {
        touchMotion(id: id, at: layoutPosition(position, ofTouch: id), time: time)
    }
}
