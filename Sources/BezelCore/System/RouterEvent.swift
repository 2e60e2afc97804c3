/// Why an edge candidate failed (docs/design.md §4.2). Tuning depends on these, so each failure logs one.
public enum FailureReason: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// The finger lifted before the gesture began.
    case tap
    /// Past the slop, the motion left the direction cone.
    case lateral
    /// The finger did not pass the slop within `still_timeout_ms`.
    case still
    /// Another finger came down while the candidate was still possible.
    case multiTouch
    /// Another candidate on the same touch began first (a corner).
    case excluded
    /// The edge is deferred to the surface under the finger (the shadow recognizer's verdict).
    case deferred
    /// The client started a drag-and-drop session with the touch.
    case drag
    /// The gesture is off while the compositor is locked.
    case locked
    /// The device or host cancelled the touch.
    case cancelled
    /// A finger of a multi-finger set lifted before the gesture began (docs/design.md §4.5 M5).
    case lifted

    /// The reason's name as it appears in logs and scenario output.
    public var name: String {
        switch self {
        case .tap: return "tap"
        case .lateral: return "lateral"
        case .still: return "still"
        case .multiTouch: return "multi_touch"
        case .excluded: return "excluded"
        case .deferred: return "deferred"
        case .drag: return "drag"
        case .locked: return "locked"
        case .cancelled: return "cancelled"
        case .lifted: return "lifted"
        }
    }

    public var description: String { name }
}

/// A client of the compositor, as the host identifies it.
public typealias ClientID = Int32

/// One decision of the router. Hosts turn these into `wl_touch` events, protocol events,
/// animations and drag cancellation. Payloads are plain values so that emitting one never
/// allocates.
public enum RouterEvent: Hashable, Sendable {
    /// Deliver `wl_touch.down` to `client` on `surface` at surface-local `position`.
    case clientDown(client: ClientID, surface: NodeTree.NodeID, id: Int32, position: Point, time: Milliseconds)
    /// Deliver `wl_touch.motion`.
    case clientMotion(client: ClientID, surface: NodeTree.NodeID, id: Int32, position: Point, time: Milliseconds)
    /// Deliver `wl_touch.up`.
    case clientUp(client: ClientID, surface: NodeTree.NodeID, id: Int32, time: Milliseconds)
    /// Deliver `wl_touch.frame`: the end of a group of events for `client`.
    case clientFrame(client: ClientID)
    /// Deliver `wl_touch.cancel`: every touch of `client` is over.
    case clientCancel(client: ClientID)
    /// A system gesture began following the finger.
    case systemBegan(gesture: Int, edge: Edge)
    /// A running system gesture moved.
    case systemChanged(gesture: Int, edge: Edge, travel_mm: Double, progress: Double, velocity_mm_s: Double)
    /// A system gesture ended at lift; `committed` tells whether the action should complete.
    case systemEnded(gesture: Int, edge: Edge, committed: Bool)
    /// A running system gesture was cancelled by the device or host (R8).
    case systemCancelled(gesture: Int, edge: Edge)
    /// An edge candidate failed.
    case systemFailed(gesture: Int, edge: Edge, reason: FailureReason)
    /// Show the edge's affordance ("tongue") after a deferred swipe (R3).
    case affordanceShown(edge: Edge)
    /// Hide the edge's affordance (R4).
    case affordanceHidden(edge: Edge)
    /// Protocol: `bezel_gesture_surface_v1.honored_edges`.
    case honoredEdges(surface: NodeTree.NodeID, edges: EdgeSet)
    /// Protocol: `bezel_gesture_surface_v1.deferred_swipe`.
    case deferredSwipe(surface: NodeTree.NodeID, edge: Edge)
    /// Protocol: `bezel_gesture_surface_v1.gesture_taken`, sent just before a `clientCancel`.
    case gestureTaken(surface: NodeTree.NodeID, edge: Edge)
    /// Ask the host to cancel the active drag-and-drop session (R7).
    case dragCancel
    /// A multi-finger system gesture began (docs/design.md §4.5 M3).
    case multiFingerBegan(MultiFingerGestureRef)
    /// A running multi-finger gesture moved; `scale` is 1 except for a pinch.
    case multiFingerChanged(MultiFingerGestureRef, travel_mm: Double, progress: Double, velocity_mm_s: Double, scale: Double)
    /// A multi-finger gesture ended at the first lift of its set.
    case multiFingerEnded(MultiFingerGestureRef, committed: Bool)
    /// A running multi-finger gesture was cancelled (R8).
    case multiFingerCancelled(MultiFingerGestureRef)
    /// A multi-finger candidate failed (M1, M3, M4, M5).
    case multiFingerFailed(MultiFingerGestureRef, reason: FailureReason)
    /// Protocol (version 2): `gesture_taken(0)` for a multi-finger gesture, just before a
    /// `clientCancel` (M3).
    case multiFingerTaken(surface: NodeTree.NodeID, gesture: MultiFingerGestureRef)
    /// Protocol (version 2): `bezel_gesture_surface_v1.honored_gestures`.
    case honoredGestures(surface: NodeTree.NodeID, kinds: GestureKindSet)
    /// Protocol (version 4): `back_edges`, the edges where the surface's back handling applies (R10).
    case backEdges(surface: NodeTree.NodeID, edges: EdgeSet)
    /// Protocol (version 4): `back_began`; `position` is local to the handling surface (R10).
    case backBegan(surface: NodeTree.NodeID, edge: Edge, position: Point)
    /// Protocol (version 4): `back_changed`; `progress` is the gesture's, clamped to [0, 1].
    case backChanged(surface: NodeTree.NodeID, progress: Double, position: Point)
    /// Protocol (version 4): `back_invoked`, the app-handled gesture ended committed.
    case backInvoked(surface: NodeTree.NodeID)
    /// Protocol (version 4): `back_cancelled`, it ended not committed or was cancelled (R8).
    case backCancelled(surface: NodeTree.NodeID)
}

/// Which multi-finger gesture an event is about: the gesture (an index into
/// `SystemGestureConfig.gestures`), its kind and its finger count.
public struct MultiFingerGestureRef: Hashable, Sendable {
    /// Index into `SystemGestureConfig.gestures`.
    public var gesture: Int
    /// Swipe, pinch or hold.
    public var kind: MultiFingerKind
    /// Number of fingers.
    public var fingers: Int

    /// Creates a reference.
    public init(gesture: Int, kind: MultiFingerKind, fingers: Int) {
        self.gesture = gesture; self.kind = kind; self.fingers = fingers
    }
}

/// A decision together with the instant it was made.
public struct RouterDecision: Hashable, Sendable {
    /// When the decision was emitted, on the injected clock.
    public var t: Milliseconds
    /// The decision.
    public var event: RouterEvent
    /// For a system gesture's events: an app handles the gesture (R10), so the host takes no
    /// action of its own for it. `false` for every other event. Declared before `output`, so
    /// that it sits in the padding after `event` and a decision stays 72 bytes.
    public var appHandled: Bool
    /// The output a system gesture or affordance event happens on (0 for the other events).
    public var output: OutputID

    /// Creates a decision record.
    @inlinable public init(t: Milliseconds, event: RouterEvent, output: OutputID = 0, appHandled: Bool = false) {
        self.t = t; self.event = event; self.output = output; self.appHandled = appHandled
    }
}
