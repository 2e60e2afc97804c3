/// Replacing a configuration while touches are being decided.
extension SystemGestureConfig {
    /// This configuration, with every gesture of `old` at the index it had there.
    ///
    /// Edge candidates and running gestures name their gesture by an index into the
    /// configuration they started with. Without this, a swipe on a gesture only `old` knew
    /// (say `back`) would index past the end of the new list when the host reconfigures
    /// mid-swipe, or be reported under another gesture's name. Gestures only `old` knew stay in
    /// the list, unbound and with their old flags, so the list grows only by names a host once
    /// configured. Bindings are renumbered to the merged list; behaviour is otherwise that of
    /// `self`.
    public func keepingGestureIndices(of old: SystemGestureConfig) -> SystemGestureConfig {
        var merged = self
        merged.gestures = old.gestures.map { g in gestureIndex(named: g.name).map { gestures[$0] } ?? g }
        for g in gestures where merged.gestureIndex(named: g.name) == nil { merged.gestures.append(g) }
        merged.bindings = bindings.map { segments in
            segments.map { s in
                var s = s
                s.gesture = merged.gestureIndex(named: gestures[s.gesture].name) ?? s.gesture
                return s
            }
        }
        merged.multiFinger = multiFinger.map { b in
            var b = b
            b.gesture = merged.gestureIndex(named: gestures[b.gesture].name) ?? b.gesture
            return b
        }
        return merged
    }
}
