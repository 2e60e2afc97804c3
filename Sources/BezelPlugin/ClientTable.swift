import BezelCore

/// The `wl_client` of each router client id, read for every `clientFrame` the plugin delivers
/// (one per client per input frame).
///
/// Client ids are handed out in sequence and never reused, so a dense array would grow with
/// every client that ever connected; this keeps a dictionary and remembers the last lookup in
/// front of it. Touches of one frame nearly always belong to the client of the previous frame, so
/// most frames are answered without hashing. The remembered entry is updated or forgotten by
/// every write, so it never names a client that is gone.
struct ClientTable {
    private var clients: [ClientID: OpaquePointer] = [:]
    private var lastID: ClientID = -1
    private var lastClient: OpaquePointer?

    /// Creates an empty table.
    init() {}

    /// The `wl_client` for `id`, or `nil`. Setting `nil` removes it.
    subscript(id: ClientID) -> OpaquePointer? {
        mutating get {
            if id == lastID, let lastClient { return lastClient }
            guard let client = clients[id] else { return nil }
            lastID = id
            lastClient = client
            return client
        }
        set {
            clients[id] = newValue
            if id == lastID { lastClient = newValue }
        }
    }

    /// Removes every client.
    mutating func removeAll() {
        clients.removeAll()
        lastID = -1
        lastClient = nil
    }
}
