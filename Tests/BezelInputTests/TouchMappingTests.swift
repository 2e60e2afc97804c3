import BezelCore
import BezelInput
import Testing

@Suite("touch mapping")
struct TouchMappingTests {
    // A landscape panel shown as a portrait output is the 90/270 case; keep sizes distinct.
    static let output = OutputGeometry(widthPx: 1000, heightPx: 2000, widthMm: 50, heightMm: 100)

    @Test("axis normalization matches libinput's (value - min) / (max - min + 1)")
    func normalization() {
        let axis = AbsAxisInfo(minimum: 0, maximum: 799)
        #expect(axis.normalized(0) == 0)
        #expect(axis.normalized(400) == 0.5)
        #expect(axis.normalized(799) == 799.0 / 800.0)
        let offset = AbsAxisInfo(minimum: -100, maximum: 99)
        #expect(offset.normalized(-100) == 0)
        #expect(offset.normalized(0) == 0.5)
    }

    @Test("each output transform moves the panel's top-left quarter point where the user sees it",
          arguments: [
            (OutputTransform.normal, 250.0, 500.0),
            (.rotated90, 250.0, 1500.0),
            (.rotated180, 750.0, 1500.0),
            (.rotated270, 750.0, 500.0),
            (.flipped, 750.0, 500.0),
            (.flipped90, 750.0, 1500.0),
            (.flipped180, 250.0, 1500.0),
            (.flipped270, 250.0, 500.0),
          ])
    func transforms(transform: OutputTransform, x: Double, y: Double) throws {
        let mapping = TouchMapping(output: Self.output, transform: transform)
        let mapped = try #require(mapping.map(u: 0.25, v: 0.25))
        #expect(mapped.position == Point(x: x, y: y))
        #expect(!mapped.clamped)
    }

    @Test("transforms parse from weston.ini names and round-trip")
    func transformNames() {
        for t in OutputTransform.allCases { #expect(OutputTransform(name: t.description) == t) }
        #expect(OutputTransform(name: "rotate-90") == .rotated90)
        #expect(OutputTransform(name: "sideways") == nil)
        #expect(OutputTransform.rotated90.swapsAxes && !OutputTransform.flipped180.swapsAxes)
    }

    @Test("the calibration matrix applies in device space before the output transform")
    func calibration() throws {
        // Swap the device axes and shift u by 0.1 (a panel mounted sideways, slightly off).
        let swap = CalibrationMatrix(0, 1, 0.1, 1, 0, 0)
        let normal = TouchMapping(output: Self.output, calibration: swap)
        #expect(normal.map(u: 0.2, v: 0.4)?.position == Point(x: 500, y: 400))
        let rotated = TouchMapping(output: Self.output, transform: .rotated180, calibration: swap)
        #expect(rotated.map(u: 0.2, v: 0.4)?.position == Point(x: 500, y: 1600))
        #expect(CalibrationMatrix([1, 0, 0, 0, 1]) == nil)
        #expect(CalibrationMatrix([1, 0, .nan, 0, 1, 0]) == nil)
        #expect(CalibrationMatrix([1, 0, 0, 0, 1, 0])?.isIdentity == true)
    }

    @Test("points outside the output are clamped onto it; NaN is rejected")
    func clampingAndNaN() throws {
        let mapping = TouchMapping(output: Self.output)
        let below = try #require(mapping.map(u: -0.5, v: 1.5))
        #expect(below.clamped)
        #expect(below.position.x == 0)
        #expect(below.position.y < 2000 && below.position.y > 1999.99)
        #expect(Self.output.bounds.contains(below.position))
        #expect(mapping.map(u: .nan, v: 0.5) == nil)
        #expect(mapping.map(u: .infinity, v: 0.5) == nil)
        // Exactly on the far border (an in-range value under a flipped axis) is not an overshoot.
        let border = try #require(TouchMapping(output: Self.output, transform: .rotated180).map(u: 0, v: 0))
        #expect(!border.clamped)
        #expect(Self.output.bounds.contains(border.position))
    }

    @Test("output specs parse as WxH@WMMxHMM")
    func outputSpec() {
        #expect(OutputSpec.parse("1080x2340@68x147") == OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147))
        #expect(OutputSpec.parse("1080x2340") == nil)
        #expect(OutputSpec.parse("0x2340@68x147") == nil)
        #expect(OutputSpec.parse("axb@cxd") == nil)
    }
}
