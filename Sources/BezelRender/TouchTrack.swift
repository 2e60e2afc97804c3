import BezelCore

/// One touch sequence, from its down to its up or cancel: its samples with their owners, what
/// happened to it, and its held span.
public struct TouchTrack: Sendable {
    /// The routing state of a track while it is recorded.
    enum Route {
        case pending, held, client, system, drag, dropped
    }

    /// The touch id.
    public var id: Int32
    /// 1 for the first touch with this id, 2 for the next one, …
    public var ordinal: Int
    /// The samples, in order.
    public var samples: [TouchSample] = []
    /// Markers, in time order.
    public var markers: [TrackMarker] = []
    /// From the down until the held events were flushed, dropped or the touch was taken.
    public var held: TimeSpan?
    /// Who owned the touch over time: each entry holds from its `t` until the next entry, and
    /// the last one until the touch's last sample. Unlike a sample's owner, this shows decisions
    /// made between samples (a flush, a cancel).
    public var ownerChanges: [(t: Double, owner: SampleOwner)] = []
    /// When the hold window would expire (`hold_window_ms` after the down), if the touch was held.
    public var holdExpiry: Double?

    /// Routing state while recording.
    var route = Route.pending
    /// Index of the next sample a client delivery can match.
    var nextDelivery = 0
    /// The client that got the touch, once it got it.
    var client: ClientID?
    /// The client got the down and no up or cancel yet.
    var clientOpen = false
    /// Keys (`gesture * 4 + edge.index`) of candidates not failed or begun yet.
    var openCandidates: [Int] = []

    /// A name such as `touch 0` or `touch 0 #2`.
    public var name: String { ordinal == 1 ? "touch \(id)" : "touch \(id) #\(ordinal)" }

    /// A short id usable in SVG attributes, such as `t0-2`.
    public var key: String { "t\(id)-\(ordinal)" }

    /// Creates an empty track.
    public init(id: Int32, ordinal: Int) { self.id = id; self.ordinal = ordinal }

    /// The touch's position at `t`: the last sample at or before `t` (the first one if `t` is earlier).
    public func position(at t: Double) -> Point {
        var p = samples.first?.position ?? .zero
        for s in samples {
            if s.t > t { break }
            p = s.position
        }
        return p
    }
}
