/// Where the events of one touch go (docs/design.md §4.2). The router keeps one per active touch.
///
///     ┌────────── down outside every zone (R1), or only deferred/locked edges (R3) ─────────┐
///     │                                                                                      ▼
///   down ── live candidate in a zone (R2) ──► held ──all candidates failed / hold window──► client
///                                              │                                             │
///                                              └──candidate began──► system ◄──candidate began──┘
///                                                                     (events dropped)   (gesture_taken
///                                                                                         + client cancel)
///   client ──drag_start (R7)──► dragged        client ──client-wide cancel / surface gone──► swallowed
public enum TouchRoute: UInt8, Sendable {
    /// Events are buffered while a live candidate decides (R2).
    case held
    /// Events go to the client under the finger as they come.
    case client
    /// A system gesture owns the touch until up or cancel (R5).
    case system
    /// A drag-and-drop session owns the touch (R7); nothing is routed.
    case dragged
    /// The client's stream for this touch is over (cancelled, surface gone, no surface hit).
    case swallowed
}

/// Everything the router knows about one active touch. Plain values only, kept in a fixed
/// array of slots so that the hot path never allocates.
@usableFromInline
struct TouchSlot {
    /// The touch identifier from the source.
    @usableFromInline var id: Int32 = -1
    /// `false` for a free slot.
    @usableFromInline var active = false
    @usableFromInline var route: TouchRoute = .swallowed {
        didSet { goesStraightToClient = route == .client && !hasCandidate }
    }
    /// The surface hit at touch-down (implicit grab), or `.none`.
    @usableFromInline var surface: NodeTree.NodeID = .none
    /// Its client, or -1.
    @usableFromInline var client: ClientID = -1
    /// Where `surface` is now (layout px; zero for `.none`), kept up to date by the router
    /// whenever the surface moves or goes, so that delivery needs no tree lookup.
    @usableFromInline var surfaceOrigin = Point.zero
    /// The surface whose gesture object the R3 lookup found at touch-down, or `.none`. It
    /// keeps receiving `deferred_swipe` and `gesture_taken` for this touch even if the hit
    /// surface goes away (§4.3: the lookup is made once).
    var owner: NodeTree.NodeID = .none
    /// The surface that would handle an app-handled gesture of this touch, found at the down
    /// (R10), or `.none`.
    var backHandler: NodeTree.NodeID = .none
    /// A gesture of this touch began as the app's (R10): `backHandler` gets its back events.
    var backIsApps = false
    /// The touch's latest layout position, kept while it has candidates (R10's `x`, `y`).
    var lastPosition = Point.zero
    /// Index (in the router's `OutputLayout`) of the output the touch went down on.
    @usableFromInline var output = 0
    /// The layout origin of that output, kept in step with it (set at the down, updated when
    /// the output moves): a motion's layout position is made local to its output (edge zones)
    /// with no look-up of the output.
    @usableFromInline var outputOrigin = Point.zero
    /// The client has seen a down and no up/cancel yet.
    var clientActive = false
    /// Up to two candidates (a corner has two edges), stored in place and not as optionals:
    /// `hasCandidate` and `hasSecondCandidate` say which are there, so that the touch path
    /// reads and updates them with no look at an optional's case (an out-of-line call each),
    /// and a lift forgets them by clearing a flag, not by storing a recognizer-sized `nil`.
    /// `candidate0` and `candidate1` read them as optionals.
    var firstCandidate = EdgeSwipeRecognizer.unused
    var secondCandidate = EdgeSwipeRecognizer.unused
    /// The second candidate is there (only with the first).
    var hasSecondCandidate = false
    /// The first candidate is there: one was created at the down. Touches without one (most
    /// of them) skip the recognizers on every motion.
    @usableFromInline var hasCandidate = false {
        didSet { goesStraightToClient = route == .client && !hasCandidate }
    }
    /// `route == .client && !hasCandidate`, kept in step by both: the motion fast path
    /// (`RouterCore+FastPath`) tests one flag for its most common case.
    @usableFromInline private(set) var goesStraightToClient = false
    /// When held events are flushed if nothing decided sooner.
    var holdDeadline: Milliseconds = .never
    /// Events buffered while held, flushed in order with their original timestamps.
    var held: ContiguousArray<HeldEvent> = []

    /// One buffered client event.
    struct HeldEvent {
        enum Kind: UInt8 { case down, motion, up }
        var kind: Kind
        var position: Point
        var time: Milliseconds
    }

    /// Layout `position` made local to the output the touch went down on.
    @inlinable @inline(__always)
    func outputLocal(_ position: Point) -> Point {
        Point(x: position.x - outputOrigin.x, y: position.y - outputOrigin.y)
    }
}

extension TouchSlot {
    /// The first candidate, if there is one (a copy).
    var candidate0: EdgeSwipeRecognizer? { hasCandidate ? firstCandidate : nil }
    /// The second candidate, if there is one (a copy).
    var candidate1: EdgeSwipeRecognizer? { hasSecondCandidate ? secondCandidate : nil }
}

extension EdgeSwipeRecognizer {
    /// What a slot's candidate storage holds while it has no candidate; never fed.
    static let unused = EdgeSwipeRecognizer(edge: .top, gesture: -1, role: .shadow, thresholds: EdgeThresholds(),
                                            downPosition_mm: .zero, time: .zero)

    /// A live candidate still deciding.
    @inline(__always)
    var isPossibleLive: Bool { role == .live && state == .possible }
}
