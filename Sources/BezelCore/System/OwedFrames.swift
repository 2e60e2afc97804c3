/// The clients owed a `clientFrame` in the current batch, in the order they got events.
///
/// The first client is kept inline in the router's state: almost every batch has exactly one,
/// and a motion records it with a compare and a store, following no pointer. Later clients of
/// the same batch (a batch touching several clients) go to a reused list.
@usableFromInline
struct OwedFrames {
    /// How many clients are owed a frame.
    @usableFromInline var count = 0
    /// The first of them; meaningful only while `count > 0`.
    @usableFromInline var first: ClientID = -1
    /// The others, in order (`count - 1` of them).
    @usableFromInline let rest = ReusableBuffer<ClientID>(capacity: 16)

    /// The client at position `k`, in `0..<count`.
    @inlinable @inline(__always)
    subscript(k: Int) -> ClientID {
        k == 0 ? first : rest[k - 1]
    }

    /// The position of `client`, or `nil`.
    @inlinable @inline(__always)
    func firstIndex(of client: ClientID) -> Int? {
        if count > 0 && first == client { return 0 }
        guard count > 1, let k = rest.firstIndex(of: client) else { return nil }
        return k + 1
    }

    /// Notes that `client` got an event: adds it at the end unless it is owed a frame already.
    /// The common cases (an empty list, the same client again) take a compare and a store.
    @inlinable @inline(__always)
    mutating func note(_ client: ClientID) {
        if count == 0 {
            first = client
            count = 1
        } else if first != client {
            noteAfterFirst(client)
        }
    }

    /// `note` for a client other than the first: a batch touching several clients (rare).
    @usableFromInline @inline(never)
    mutating func noteAfterFirst(_ client: ClientID) {
        if count > 1 && rest.contains(client) { return }
        rest.append(client)
        count &+= 1
    }

    /// Removes the client at position `k`, keeping the order of the others.
    mutating func remove(at k: Int) {
        if k == 0 {
            if count > 1 {
                first = rest[0]
                rest.remove(at: 0)
            }
        } else {
            rest.remove(at: k - 1)
        }
        count -= 1
    }

    /// Forgets every client (the list keeps its storage).
    @inlinable @inline(__always)
    mutating func removeAll() {
        if count > 1 { rest.removeAll(keepingCapacity: true) }
        count = 0
    }
}
