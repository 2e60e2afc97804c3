/// What the router knows about one surface's back handling (docs/design.md §4.6, R10).
struct SurfaceBackHandling {
    /// The committed `set_back_handling` value.
    var on = false
    /// The last `back_edges` sent since handling was last turned on, or `nil`.
    var lastSentEdges: EdgeSet?
}
