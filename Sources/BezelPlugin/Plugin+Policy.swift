import BezelCore
import CBezel

/// The deferral policy (R6) of each surface: what the host's masks allow, and, when the plugin
/// decides (`bezel_plugin_decide_policy`), what `defer-policy` makes of the host's facts.
///
/// A surface's deferral reaches the router only once its policy is known (`applied`): before
/// that the client's requests wait in its record, so it is never told honored_edges for a
/// policy that is taken back a moment later (the first commit of a window used to be
/// answered "bottom", then "none" once the host looked at it).
extension Plugin {
    /// The masks for `r` now, or `nil` while its policy is not known.
    func effectivePolicy(_ r: SurfaceRecord) -> (edges: EdgeSet, kinds: GestureKindSet)? {
        guard decidesPolicy, settings["defer-policy"] != "all" else { return (r.policy, r.gesturePolicy) }
        guard let top = r.topLevel, let res = surfaceByNode[top], let fullscreen = surfaces[res]?.fullscreen else {
            return nil
        }
        return fullscreen ? (r.policy, r.gesturePolicy) : ([], [])
    }

    /// Brings the router's view of `r` in line with its policy now: the masks, then (the first
    /// time the policy is known) the deferral its client committed.
    func applyPolicy(_ r: SurfaceRecord, time: Milliseconds) {
        guard let node = r.node else { return }
        guard let policy = effectivePolicy(r) ?? (r.applied ? ([], []) : nil) else { return }
        router.setPolicyMask(policy.edges, surface: node, time: time)
        router.setGesturePolicyMask(policy.kinds, surface: node, time: time)
        if decidesPolicy, r.loggedPolicy.map({ $0.edges != policy.edges || $0.kinds != policy.kinds }) ?? true {
            r.loggedPolicy = policy
            bzl_evlog_surface_policy(eventLog, policy.edges.rawValue, policy.kinds.rawValue)
        }
        if !r.applied {
            r.applied = true
            replay(r, time: time)
        }
    }

    /// `r`'s node was just added under `parent` (nil: top-level).
    func surfaceAdded(_ r: SurfaceRecord, parent: SurfaceRecord?, time: Milliseconds) {
        guard let node = r.node else { return }
        r.topLevel = parent?.topLevel ?? node
        applyPolicy(r, time: time)
    }

    /// The host's fact for `r`: full screen or not. Only a top-level surface's counts; the
    /// surfaces under it follow, at the cost of its subtree.
    func setFullscreen(_ r: SurfaceRecord, _ fullscreen: Bool, time: Milliseconds) {
        guard let node = r.node, r.topLevel == node, r.fullscreen != fullscreen else { return }
        r.fullscreen = fullscreen
        guard decidesPolicy else { return }
        router.tree.forEachInSubtree(of: node) { n in
            if let res = surfaceByNode[n], let sr = surfaces[res] { applyPolicy(sr, time: time) }
        }
    }

    /// `defer-policy` changed: every added surface is looked at again.
    func policySettingChanged(time: Milliseconds) {
        guard decidesPolicy else { return }
        for r in surfaces.values where r.node != nil { applyPolicy(r, time: time) }
    }
}
