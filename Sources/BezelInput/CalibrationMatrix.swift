import BezelCore

/// A libinput-style calibration matrix: the top two rows of a 3×3 affine matrix applied to
/// normalized device coordinates, `u' = a·u + b·v + c`, `v' = d·u + e·v + f`
/// (`LIBINPUT_CALIBRATION_MATRIX`, udev's `LIBINPUT_CALIBRATION_MATRIX` property).
public struct CalibrationMatrix: Hashable, Sendable {
    /// The six coefficients `[a, b, c, d, e, f]`.
    public var coefficients: (Double, Double, Double, Double, Double, Double)

    /// Creates a matrix from its six coefficients.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        coefficients = (a, b, c, d, e, f)
    }

    /// Creates a matrix from an array of exactly six finite numbers; `nil` otherwise.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    /// The identity: no calibration.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// `true` for the identity matrix.
    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix to normalized device coordinates.
    @inlinable public func apply(u: Double, v: Double) -> (u: Double, v: Double) {
        let (a, b, c, d, e, f) = coefficients
        return (a * u + b * v + c, d * u + e * v + f)
    }

    public static func == (l: CalibrationMatrix, r: CalibrationMatrix) -> Bool {
        l.coefficients.0 == r.coefficients.0 && l.coefficients.1 == r.coefficients.1
            && l.coefficients.2 == r.coefficients.2 && l.coefficients.3 == r.coefficients.3
            && l.coefficients.4 == r.coefficients.4 && l.coefficients.5 == r.coefficients.5
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(coefficients.0); hasher.combine(coefficients.1); hasher.combine(coefficients.2)
        hasher.combine(coefficients.3); hasher.combine(coefficients.4); hasher.combine(coefficients.5)
    }
}
