import BezelCore

/// The range of one absolute evdev axis (`struct input_absinfo`, an evemu `A:` line, a
/// `libinput record` `absinfo:` entry).
public struct AbsAxisInfo: Hashable, Sendable {
    /// Smallest value the device reports.
    public var minimum: Int32
    /// Largest value the device reports.
    public var maximum: Int32
    /// Noise filter width in device units.
    public var fuzz: Int32
    /// Dead zone in device units.
    public var flat: Int32
    /// Units per millimetre; 0 when the device does not say (the shared traces all report 0).
    public var resolution: Int32

    /// Creates an axis description.
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum; self.maximum = maximum
        self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }

    /// Number of distinct values, `maximum - minimum + 1`, as libinput counts it; at least 1.
    @inlinable public var valueCount: Double {
        let count = Double(maximum) - Double(minimum) + 1
        return count >= 1 ? count : 1
    }

    /// `value` as a fraction of the axis, computed exactly as libinput's
    /// `libinput_event_touch_get_x_transformed(event, 1.0)` does: `(value - min) / (max - min + 1)`.
    /// In-range values give `0 ..< 1`; out-of-range values give numbers outside that interval.
    @inlinable public func normalized(_ value: Int32) -> Double {
        (Double(value) - Double(minimum)) * 1.0 / valueCount
    }

    /// `true` when `value` lies within `minimum ... maximum`.
    @inlinable public func contains(_ value: Int32) -> Bool { value >= minimum && value <= maximum }
}
