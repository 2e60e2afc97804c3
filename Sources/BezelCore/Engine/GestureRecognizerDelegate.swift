/// Lets an app shape how recognizers interact without subclassing them (docs/design.md E3, E6, E8, E9).
///
/// Every method has a default (the UIKit one), so a delegate implements only what it needs.
public protocol GestureRecognizerDelegate: AnyObject {
    /// E9: asked when `recognizer` tries to leave `possible`. `false` fails it.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// E3: asked at touch-down before `recognizer` sees `touch`. `false` keeps it out.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// E6: `true` lets the pair recognize together (either side's `true` is enough).
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// E8: `true` makes `recognizer` wait for `other` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// E8: `true` makes `other` wait for `recognizer` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: yes.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Default: yes.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// Default: no, recognizers sharing a touch exclude each other.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: no requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    /// Default: no requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
