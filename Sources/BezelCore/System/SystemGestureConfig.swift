/// Thresholds of one edge (docs/design.md §4.1). Every value has a default and can be overridden
/// globally or per edge.
public struct EdgeThresholds: Hashable, Sendable {
    /// A touch-down this close to the edge is an edge candidate.
    public var edgeZone_mm = 3.5
    /// Travel after which the direction is judged.
    public var slop_mm = 2.0
    /// Past the slop, the motion must lie within this angle of the inward normal.
    public var directionCone_deg = 40.0
    /// Inward travel at which the gesture begins.
    public var beginDistance_mm = 4.0
    /// A candidate not past the slop by then fails (`still`).
    public var stillTimeout_ms = 250.0
    /// Longest time a client is kept from an edge touch (R2).
    public var holdWindow_ms = 150.0
    /// Inward travel that counts as progress 1.0.
    public var fullDistance_mm = 25.0
    /// At lift, committed if progress ≥ this…
    public var commitProgress = 0.5
    /// …or if the inward velocity ≥ this; an outward one ≥ this always cancels.
    public var flickVelocity_mm_s = 150.0
    /// After a deferred swipe, how long a second swipe goes to the system (R4).
    public var rearmWindow_ms = 2000.0
    /// A second touch-down while a candidate is still possible fails it (`multi_touch`).
    public var multiTouchRejects = true
    /// Only this much of a deferred region's extent along the edge, from the edge's start, is
    /// honoured (docs/design.md §5 version 3); infinity, the default, means no cap.
    public var deferredCap_mm = Double.infinity

    /// The defaults of docs/design.md §4.1.
    public init() {}
}

/// One gesture the system knows (`dock`, `cover_sheet`, …) and its flags.
public struct GestureSpec: Hashable, Sendable {
    /// The gesture's name, as used in bindings, logs and events.
    public var name: String
    /// A modal gesture cancels an active drag session when it begins (R7).
    public var modal: Bool
    /// Whether the gesture works while the compositor is locked (R6).
    public var whenLocked: Bool
    /// Whether an app may take the gesture's progress (R10, docs/design.md §4.6).
    public var appHandled: Bool

    /// Creates a gesture description. `appHandled` defaults to on for the gesture named `back`
    /// only (docs/design.md §4.6).
    public init(name: String, modal: Bool, whenLocked: Bool, appHandled: Bool? = nil) {
        self.name = name; self.modal = modal; self.whenLocked = whenLocked
        self.appHandled = appHandled ?? (name == "back")
    }
}

/// A part of an edge bound to a gesture: `[from, to)` as fractions of the edge's length,
/// measured left→right for top/bottom and top→bottom for left/right.
public struct EdgeSegment: Hashable, Sendable {
    /// Index into `SystemGestureConfig.gestures`.
    public var gesture: Int
    /// Start of the segment, 0…1.
    public var from: Double
    /// End of the segment, 0…1 (exclusive, except that the last segment takes 1.0).
    public var to: Double

    /// Creates a segment.
    public init(gesture: Int, from: Double, to: Double) {
        self.gesture = gesture; self.from = from; self.to = to
    }
}

/// The complete, validated configuration of the system edge gestures.
public struct SystemGestureConfig: Hashable, Sendable {
    /// Thresholds per edge, indexed by `Edge.index`.
    public var thresholds: [EdgeThresholds]
    /// Known gestures. Bindings refer to them by index.
    public var gestures: [GestureSpec]
    /// Segments per edge, indexed by `Edge.index`, sorted by `from`.
    public var bindings: [[EdgeSegment]]
    /// Multi-finger gestures (docs/design.md §4.5), in config order; empty by default.
    public var multiFinger: [MultiFingerBinding] = []
    /// Thresholds of the multi-finger gestures (`mf_*` keys).
    public var multiFingerThresholds = MultiFingerThresholds()

    /// The defaults of docs/design.md §4.1: dock on the bottom, cover sheet and control centre on the
    /// top (0–0.7, 0.7–1.0), slide-over on the right, the left edge unbound.
    public init() {
        thresholds = Array(repeating: EdgeThresholds(), count: 4)
        gestures = [
            GestureSpec(name: "dock", modal: false, whenLocked: false),
            GestureSpec(name: "cover_sheet", modal: true, whenLocked: true),
            GestureSpec(name: "control_center", modal: true, whenLocked: true),
            GestureSpec(name: "slide_over", modal: false, whenLocked: false),
        ]
        bindings = [
            [EdgeSegment(gesture: 1, from: 0, to: 0.7), EdgeSegment(gesture: 2, from: 0.7, to: 1)],
            [EdgeSegment(gesture: 0, from: 0, to: 1)],
            [],
            [EdgeSegment(gesture: 3, from: 0, to: 1)],
        ]
    }

    /// The thresholds of `edge`.
    @inlinable public func thresholds(_ edge: Edge) -> EdgeThresholds { thresholds[edge.index] }

    /// Index of the gesture called `name`, if known.
    public func gestureIndex(named name: String) -> Int? { gestures.firstIndex { $0.name == name } }

    /// Index of the gesture called `name`, adding it (non-modal, off when locked) if unknown.
    public mutating func gestureIndexAdding(_ name: String) -> Int {
        if let i = gestureIndex(named: name) { return i }
        gestures.append(GestureSpec(name: name, modal: false, whenLocked: false))
        return gestures.count - 1
    }

    /// The gesture bound at `fraction` (0…1) along `edge`, if any. Segments are half-open
    /// `[from, to)`; the last segment of an edge also takes `to = 1.0` (docs/design.md §4.3).
    public func gesture(on edge: Edge, at fraction: Double) -> Int? {
        let segments = bindings[edge.index]
        for (i, s) in segments.enumerated() {
            if fraction >= s.from && fraction < s.to { return s.gesture }
            if i == segments.count - 1 && fraction == s.to && s.to >= 1.0 { return s.gesture }
        }
        return nil
    }

    /// The edges with a segment bound to an app-handled gesture (R10's `back_edges`).
    public var appHandledEdges: EdgeSet {
        var edges: EdgeSet = []
        for e in 0..<4 where bindings[e].contains(where: { gestures[$0.gesture].appHandled }) {
            edges.insert(EdgeSet(Edge.at(index: e)))
        }
        return edges
    }

    /// `true` if any part of `edge` is bound.
    @inlinable public func isBound(_ edge: Edge) -> Bool { !bindings[edge.index].isEmpty }
}
