/// Physical and temporal units used throughout Bezel.
///
/// Thresholds in docs/design.md §4.1 are given in millimetres and milliseconds. Carrying the unit in the
/// type keeps a pixel from ever being compared with a millimetre by accident.

/// A span of time, or a point on the injected clock's timeline, in milliseconds.
public struct Milliseconds: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value in milliseconds.
    public var value: Double

    /// Creates a duration or instant of `value` milliseconds.
    @inlinable public init(_ value: Double) { self.value = value }

    /// The zero instant / empty duration.
    public static let zero = Milliseconds(0)
    /// An instant later than any real one; used for "no deadline".
    public static let never = Milliseconds(.infinity)

    @inlinable public static func < (a: Milliseconds, b: Milliseconds) -> Bool { a.value < b.value }
    @inlinable public static func + (a: Milliseconds, b: Milliseconds) -> Milliseconds { Milliseconds(a.value + b.value) }
    @inlinable public static func - (a: Milliseconds, b: Milliseconds) -> Milliseconds { Milliseconds(a.value - b.value) }

    public var description: String { "\(value)ms" }
}

/// A physical length in millimetres.
public struct Millimetres: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value in millimetres.
    public var value: Double

    /// Creates a length of `value` millimetres.
    @inlinable public init(_ value: Double) { self.value = value }

    @inlinable public static func < (a: Millimetres, b: Millimetres) -> Bool { a.value < b.value }
    @inlinable public static func + (a: Millimetres, b: Millimetres) -> Millimetres { Millimetres(a.value + b.value) }
    @inlinable public static func - (a: Millimetres, b: Millimetres) -> Millimetres { Millimetres(a.value - b.value) }

    public var description: String { "\(value)mm" }
}

/// A point in output logical pixels, as the user sees the screen (after the output transform).
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `true` when both coordinates are finite numbers.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle in output logical pixels. `contains` is half-open on the far sides.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (non-negative).
    public var width: Double
    /// Height (non-negative).
    public var height: Double

    /// Creates a rectangle.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `true` when `p` lies inside, counting the left/top sides and not the right/bottom ones.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= x && p.y >= y && p.x < x + width && p.y < y + height
    }
}

/// The physical size of an output, which converts logical pixels into millimetres.
///
/// Touchscreens often report no resolution (the traces in `shared/traces` report 0), so the
/// millimetre scale always comes from the output, never from the device.
public struct OutputGeometry: Hashable, Sendable {
    /// Width in logical pixels, as the user sees it.
    public var widthPx: Double
    /// Height in logical pixels, as the user sees it.
    public var heightPx: Double
    /// Physical width in millimetres.
    public var widthMm: Double
    /// Physical height in millimetres.
    public var heightMm: Double

    /// Creates an output geometry. Non-positive millimetre sizes fall back to 96 dpi.
    public init(widthPx: Double, heightPx: Double, widthMm: Double, heightMm: Double) {
        self.widthPx = widthPx > 0 && widthPx.isFinite ? widthPx : 1
        self.heightPx = heightPx > 0 && heightPx.isFinite ? heightPx : 1
        let fallbackMmPerPx = 25.4 / 96
        self.widthMm = widthMm > 0 && widthMm.isFinite ? widthMm : self.widthPx * fallbackMmPerPx
        self.heightMm = heightMm > 0 && heightMm.isFinite ? heightMm : self.heightPx * fallbackMmPerPx
    }

    /// Millimetres per logical pixel horizontally.
    @inlinable public var mmPerPxX: Double { widthMm / widthPx }
    /// Millimetres per logical pixel vertically.
    @inlinable public var mmPerPxY: Double { heightMm / heightPx }

    /// `mmPerPxX` and `mmPerPxY` as a point: `toMillimetres(p)` is `p` times it, term by term.
    @inlinable public var mmPerPx: Point { Point(x: mmPerPxX, y: mmPerPxY) }

    /// The point `p` (px) expressed in millimetres from the top-left corner.
    @inlinable public func toMillimetres(_ p: Point) -> Point {
        Point(x: p.x * mmPerPxX, y: p.y * mmPerPxY)
    }

    /// The whole output as a rectangle in logical pixels.
    @inlinable public var bounds: Rect { Rect(x: 0, y: 0, width: widthPx, height: heightPx) }
}
