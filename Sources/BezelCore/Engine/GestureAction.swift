/// One target-action pair of a recognizer (docs/design.md E12).
///
/// The target is held weakly, as in UIKit, so a recognizer never keeps its controller alive.
/// The thunk is built once at registration; calling it allocates nothing.
@usableFromInline
struct GestureAction {
    /// The target; `nil` for a plain closure action, or once a weak target went away.
    weak var target: AnyObject?
    /// `false` for closure actions, which have no target to lose.
    let hasTarget: Bool
    /// Calls the action. The first argument is the target (or a placeholder for closures).
    let thunk: (AnyObject?, GestureRecognizer) -> Void

    @usableFromInline
    init(target: AnyObject?, hasTarget: Bool, thunk: @escaping (AnyObject?, GestureRecognizer) -> Void) {
        self.target = target
        self.hasTarget = hasTarget
        self.thunk = thunk
    }
}
