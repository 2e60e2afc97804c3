/// Angle arithmetic without Foundation (BezelCore links no libm wrapper).
public enum PlanarAngle {
    /// π.
    public static let pi = 3.141592653589793

    /// The angle of the vector (`x`, `y`) in radians, in (−π, π], like C's `atan2`.
    /// Accurate to about 1e-12 rad.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // atan on [0, 1] with the argument halved twice: atan(t) = 2·atan(t / (1 + √(1+t²))).
        let swap = ay > ax
        let t = swap ? ax / ay : ay / ax
        var a = atanUnit(t)
        if swap { a = pi / 2 - a }
        if x < 0 { a = pi - a }
        return y < 0 ? -a : a
    }

    private static func atanUnit(_ t: Double) -> Double {
        let h1 = t / (1 + (1 + t * t).squareRoot())
        let h2 = h1 / (1 + (1 + h1 * h1).squareRoot())
        // |h2| ≤ tan(π/16) ≈ 0.2; the series to h^15 is far below double noise.
        let z = h2 * h2
        var s = 1.0 / 15
        s = 1.0 / 13 - z * s
        s = 1.0 / 11 - z * s
        s = 1.0 / 9 - z * s
        s = 1.0 / 7 - z * s
        s = 1.0 / 5 - z * s
        s = 1.0 / 3 - z * s
        s = 1 - z * s
        return 4 * h2 * s
    }

    /// `angle` brought into (−π, π].
    public static func normalized(_ angle: Double) -> Double {
        var a = angle
        while a > pi { a -= 2 * pi }
        while a <= -pi { a += 2 * pi }
        return a
    }

    /// Degrees to radians.
    public static func radians(degrees: Double) -> Double { degrees * pi / 180 }
}
