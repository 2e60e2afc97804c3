/// Checks the invariants of R9 on a stream of router decisions. Property tests, `bezel replay`
/// and debugging hosts feed it every `RouterDecision` and mark the end of each batch.
///
/// - Every client down is matched by exactly one up for that id, by a cancel for that client,
///   or by the drag start that took the touch.
/// - No touch id is delivered to two clients at once.
/// - A client gets no events after a cancel for the ids that were active at the cancel.
/// - Each batch gives every client that got events in it exactly one frame, after them.
public struct RoutingInvariantChecker: Sendable {
    /// Human-readable descriptions of every violation seen, in order.
    public private(set) var violations: [String] = []
    /// Client downs seen.
    public private(set) var downs = 0

    private var owner: [Int32: ClientID] = [:]
    private var cancelledIDs: [ClientID: Set<Int32>] = [:]
    private var unframed: Set<ClientID> = []

    /// Creates a checker with nothing seen.
    public init() {}

    /// `true` while no invariant has been violated.
    public var isClean: Bool { violations.isEmpty }

    /// Feeds one decision.
    public mutating func observe(_ decision: RouterDecision) {
        let t = decision.t.value
        switch decision.event {
        case let .clientDown(client, _, id, _, _):
            downs += 1
            if let other = owner[id] {
                violate("t=\(t): down for touch \(id) to client \(client) while it is active on client \(other)")
            }
            owner[id] = client
            cancelledIDs[client]?.remove(id)
            unframed.insert(client)
        case let .clientMotion(client, _, id, _, _):
            checkActive(client: client, id: id, t: t, what: "motion")
            unframed.insert(client)
        case let .clientUp(client, _, id, _):
            checkActive(client: client, id: id, t: t, what: "up")
            if owner[id] == client { owner[id] = nil }
            unframed.insert(client)
        case let .clientFrame(client):
            if !unframed.contains(client) {
                violate("t=\(t): frame for client \(client) with no events since its last frame")
            }
            unframed.remove(client)
        case let .clientCancel(client):
            if unframed.contains(client) {
                violate("t=\(t): cancel for client \(client) follows events that were not closed by a frame")
            }
            var ids = cancelledIDs[client] ?? []
            for (id, c) in owner where c == client {
                ids.insert(id)
                owner[id] = nil
            }
            cancelledIDs[client] = ids
        default:
            break
        }
    }

    /// The host told the router that a drag started with touch `id`: the drag takes the touch,
    /// which matches its down (R7).
    public mutating func dragStarted(touch id: Int32) {
        owner[id] = nil
    }

    /// Marks the end of a batch (an input frame or a group of timers): every client that got
    /// events must have had its frame.
    public mutating func endBatch(at t: Milliseconds) {
        if !unframed.isEmpty {
            violate("t=\(t.value): batch ended without a frame for clients \(unframed.sorted())")
            unframed.removeAll()
        }
    }

    /// Marks the end of the stream: every down must be matched, except for touches that are
    /// still down on the input side (`stillDown`), whose sequences have not ended.
    public mutating func finish(stillDown: Set<Int32> = []) {
        for (id, client) in owner.sorted(by: { $0.key < $1.key }) where !stillDown.contains(id) {
            violate("end: touch \(id) of client \(client) got a down and never an up or a cancel")
        }
    }

    private mutating func checkActive(client: ClientID, id: Int32, t: Double, what: String) {
        if cancelledIDs[client]?.contains(id) ?? false {
            violate("t=\(t): \(what) for touch \(id) after client \(client) was cancelled")
        } else if owner[id] != client {
            violate("t=\(t): \(what) for touch \(id) to client \(client), which has no down for it")
        }
    }

    private mutating func violate(_ message: String) {
        if violations.count < 100 { violations.append(message) }
    }
}
