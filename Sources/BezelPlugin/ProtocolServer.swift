import BezelCore
import CBezel
import CWaylandServer

/// Requests of `bezel-system-gestures-v1` and resource lifetimes, as the shim forwards them.
///
/// Every function here runs inside libwayland's request dispatch for one client. Whatever that
/// client sends, the worst outcome is a protocol error for that client: nothing here traps,
/// and a client can only name its own objects (libwayland resolves ids per client and checks
/// each object's interface before the request reaches us).
extension Plugin {
    /// The callback table handed to `bzl_server_create`.
    static var callbacks: bzl_callbacks {
        bzl_callbacks(
            get_gesture_surface: { ctx, gesture, surface in
                guard let ctx, let gesture, let surface else { return Int32(BZL_REQUEST_OK.rawValue) }
                return Plugin.from(ctx).getGestureSurface(gesture: gesture, surface: surface).rawValue
            },
            set_deferred_edges: { ctx, gesture, edges in
                guard let ctx, let gesture else { return Int32(BZL_REQUEST_OK.rawValue) }
                return Plugin.from(ctx).setDeferredEdges(gesture: gesture, edges: edges).rawValue
            },
            set_deferred_gestures: { ctx, gesture, kinds in
                guard let ctx, let gesture else { return Int32(BZL_REQUEST_OK.rawValue) }
                return Plugin.from(ctx).setDeferredGestures(gesture: gesture, kinds: kinds).rawValue
            },
            set_deferred_region: { ctx, gesture, region in
                guard let ctx, let gesture else { return Int32(BZL_REQUEST_OK.rawValue) }
                return Plugin.from(ctx).setDeferredRegion(gesture: gesture, region: region).rawValue
            },
            set_back_handling: { ctx, gesture, enabled in
                guard let ctx, let gesture else { return Int32(BZL_REQUEST_OK.rawValue) }
                return Plugin.from(ctx).setBackHandling(gesture: gesture, enabled: enabled).rawValue
            },
            gesture_destroyed: { ctx, gesture in
                guard let ctx, let gesture else { return }
                Plugin.from(ctx).gestureDestroyed(gesture)
            },
            watch_fired: { ctx, watch, target in
                guard let ctx, let watch, let target else { return }
                Plugin.from(ctx).watchFired(watch, target: OpaquePointer(target))
            },
            display_destroyed: { ctx in
                guard let ctx else { return }
                Plugin.from(ctx).displayDestroyed()
            })
    }

    /// The plugin behind a shim context pointer (unretained; the shim never outlives it).
    static func from(_ ctx: UnsafeMutableRawPointer) -> Plugin {
        Unmanaged<Plugin>.fromOpaque(ctx).takeUnretainedValue()
    }

    /// `get_gesture_surface`: at most one live object per `wl_surface`.
    func getGestureSurface(gesture: OpaquePointer, surface: OpaquePointer) -> RequestResult {
        guard let r = record(for: surface) else { return .noMemory }
        if r.gesture != nil {
            log(.warning, "client asked for a second bezel_gesture_surface_v1 on wl_surface@\(wl_resource_get_id(surface)): already_constructed")
            return .alreadyConstructed
        }
        r.gesture = gesture
        // A new object starts with no deferred edges; like the request, that counts at commit.
        r.pendingEdges = []
        surfaceByGesture[gesture] = surface
        bzl_gesture_activate(server, gesture)
        log(.debug, "bezel_gesture_surface_v1@\(wl_resource_get_id(gesture)) created for wl_surface@\(wl_resource_get_id(surface))")
        return .ok
    }

    /// `set_deferred_edges`: validated now, applied at the next commit.
    func setDeferredEdges(gesture: OpaquePointer, edges: UInt32) -> RequestResult {
        let set = EdgeSet(rawValue: edges)
        if set.hasUnknownBits {
            log(.warning, "set_deferred_edges(0x\(String(edges, radix: 16))) has unknown bits: invalid_edges")
            return .invalidEdges
        }
        guard let surface = surfaceByGesture[gesture], let r = surfaces[surface] else { return .ok }
        r.pendingEdges = set
        return .ok
    }

    /// `set_deferred_gestures` (version 2): validated now, applied at the next commit.
    func setDeferredGestures(gesture: OpaquePointer, kinds: UInt32) -> RequestResult {
        let set = GestureKindSet(rawValue: kinds)
        if set.hasUnknownBits {
            log(.warning, "set_deferred_gestures(0x\(String(kinds, radix: 16))) has unknown bits: invalid_gesture_kinds")
            return .invalidGestureKinds
        }
        guard let surface = surfaceByGesture[gesture], let r = surfaces[surface] else { return .ok }
        r.pendingKinds = set
        return .ok
    }

    /// `set_back_handling` (version 4, R10): 0 or 1, validated now, applied at the next commit.
    func setBackHandling(gesture: OpaquePointer, enabled: UInt32) -> RequestResult {
        guard enabled <= 1 else {
            log(.warning, "set_back_handling(\(enabled)) is neither 0 nor 1: invalid_back_handling")
            return .invalidBackHandling
        }
        guard let surface = surfaceByGesture[gesture], let r = surfaces[surface] else { return .ok }
        r.pendingBack = enabled == 1
        return .ok
    }

    /// A live gesture object is going away (its `destroy` request or its client's exit).
    func gestureDestroyed(_ gesture: OpaquePointer) {
        guard let surface = surfaceByGesture.removeValue(forKey: gesture),
              let r = surfaces[surface], r.gesture == gesture else { return }
        r.gesture = nil
        r.pendingEdges = nil
        r.pendingKinds = nil
        r.pendingRegion = nil
        r.pendingBack = nil
        // The protocol clears the deferral at the next commit, not at once.
        if r.committedObject { r.pendingDestroy = true }
        dropIfUnused(r)
    }

    /// A watched `wl_surface` or `wl_client` is being destroyed.
    func watchFired(_ watch: OpaquePointer, target: OpaquePointer) {
        if let r = surfaces[target], r.watch == watch {
            surfaceDestroyed(r)
        } else if let entry = clients[target], entry.watch == watch {
            clients[target] = nil
            clientByID[entry.id] = nil
        }
    }
}

/// What the shim should do after a request (`enum bzl_request_result`).
enum RequestResult {
    case ok, alreadyConstructed, invalidEdges, invalidGestureKinds, invalidBackHandling, noMemory

    /// The C value.
    var rawValue: Int32 {
        switch self {
        case .ok: return Int32(BZL_REQUEST_OK.rawValue)
        case .alreadyConstructed: return Int32(BZL_REQUEST_ALREADY_CONSTRUCTED.rawValue)
        case .invalidEdges: return Int32(BZL_REQUEST_INVALID_EDGES.rawValue)
        case .noMemory: return Int32(BZL_REQUEST_NO_MEMORY.rawValue)
        case .invalidGestureKinds: return Int32(BZL_REQUEST_INVALID_GESTURE_KINDS.rawValue)
        case .invalidBackHandling: return Int32(BZL_REQUEST_INVALID_BACK_HANDLING.rawValue)
        }
    }
}
