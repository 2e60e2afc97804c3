import BezelCore

/// The `WxH@WMMxHMM` spelling of an output used on command lines (`bezel replay --output`,
/// `bezel-input-probe --output`): logical pixels, then physical millimetres.
public enum OutputSpec {
    /// Parses `1080x2340@68x147` (decimals allowed); `nil` if malformed or not positive.
    public static func parse(_ text: String) -> OutputGeometry? {
        let halves = text.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, let px = pair(halves[0]), let mm = pair(halves[1]) else { return nil }
        return OutputGeometry(widthPx: px.0, heightPx: px.1, widthMm: mm.0, heightMm: mm.1)
    }

    /// The spelling of `output`.
    public static func format(_ output: OutputGeometry) -> String {
        "\(output.widthPx)x\(output.heightPx)@\(output.widthMm)x\(output.heightMm)"
    }

    private static func pair(_ text: Substring) -> (Double, Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]),
              a > 0, b > 0, a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }
}
