import BezelCore
import BezelRender
import BezelScenario
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The repository's `conformance/` directory, found from this file.
private func conformanceFile(_ name: String) -> String {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3) // Tests/BezelRenderTests/RenderTests.swift
    return (parts + ["conformance", Substring(name)]).joined(separator: "/")
}

private func readFile(_ path: String) throws -> String {
    guard let f = fopen(path, "rb") else { throw FileMissing(path: path) }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        bytes.append(contentsOf: buffer[0..<n])
        if n < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}

private struct FileMissing: Error { var path: String }

private func scenario(_ name: String) throws -> Scenario {
    try ScenarioParser.parse(try readFile(conformanceFile(name)), file: name)
}

/// Renders a conformance scenario and parses the SVG.
private func rendered(_ name: String) throws -> SVGNode {
    SVGNode.parse(SVGRenderer().render(RenderRecorder.record(try scenario(name))))
}

/// The timeline's time scale, as the SVG declares it.
private struct TimeScale {
    var x0: Double, t0: Double, pxPerMs: Double
    init(_ svg: SVGNode) throws {
        let g = try #require(svg.find("g", ["id": "timeline"]).first)
        x0 = try #require(g.number("data-x0"))
        t0 = try #require(g.number("data-t0"))
        pxPerMs = try #require(g.number("data-px-per-ms"))
    }
    func x(_ t: Double) -> Double { x0 + (t - t0) * pxPerMs }
}

/// A span's x and width agree with its data-t0/data-t1 on the declared scale (to the 0.01 the
/// SVG rounds to).
private func checkSpanGeometry(_ span: SVGNode, _ scale: TimeScale) throws {
    let t0 = try #require(span.number("data-t0")), t1 = try #require(span.number("data-t1"))
    let x = try #require(span.number("x")), w = try #require(span.number("width"))
    #expect(abs(x - scale.x(t0)) < 0.02)
    #expect(abs(x + w - scale.x(t1)) < 0.02 || w == 1)
}

private func spans(_ svg: SVGNode, lane: [String: String], cls: String) -> [(t0: Double, t1: Double, node: SVGNode)] {
    svg.find("g", classes: ["lane"], lane).flatMap { $0.find("rect", classes: ["span", cls]) }
        .map { ($0.number("data-t0") ?? .nan, $0.number("data-t1") ?? .nan, $0) }
}

@Suite("bezel render")
struct RenderTests {
    /// §5 version 3: a region on a child surface is drawn where it is on the screen (the
    /// board's own position plus its surface-local rectangle), and a region set at run time
    /// and reset is drawn with its time, the reset as a note.
    @Test func deferredRegionsAreDrawnWhereTheyApply() throws {
        let svg = try rendered("r3-region-child.yaml")
        let output = try #require(svg.find("rect", ["id": "output"]).first)
        let ox = try #require(output.number("x")), oy = try #require(output.number("y"))
        let ow = try #require(output.number("width"))
        let region = try #require(svg.find("rect", classes: ["deferred-region"], ["data-surface": "board"]).first)
        // The board sits at x 100 of 1080 px; its region [0, 0, 440, 1040] covers 440 px of it.
        #expect(abs(try #require(region.number("x")) - (ox + ow * 100 / 1080)) < 0.05)
        #expect(abs(try #require(region.number("width")) - ow * 440 / 1080) < 0.05)
        #expect(try #require(region.number("y")) > oy)
        #expect(svg.find("text", classes: ["deferred-region-label"]).map(\.text) == ["deferred region of board"])

        let runtime = try rendered("r3-region-runtime.yaml")
        #expect(runtime.find("rect", classes: ["deferred-region"]).map { $0.attributes["data-t"] } == ["3000"])
        #expect(runtime.find("text", classes: ["deferred-region-label"]).map(\.text) == ["deferred region of app @3000 ms"])
        #expect(runtime.find("text", classes: ["deferred-region-reset"]).map(\.text) == ["deferred region of app: whole surface @6000 ms"])
    }

    /// R4 swipe twice: the deferred swipe arms the bottom edge and shows the affordance, the
    /// second swipe goes to the dock, the third is deferred again and its window runs out.
    @Test func swipeTwiceDrawsZonesPathsReasonsAndEdgeSpans() throws {
        let svg = try rendered("r4-swipe-twice.yaml")
        let scale = try TimeScale(svg)

        // The output outline in mm and the default zones (docs/design.md §4.1): no left zone.
        let output = try #require(svg.find("rect", ["id": "output"]).first)
        #expect(output.attributes["data-width-mm"] == "68")
        #expect(output.attributes["data-height-mm"] == "147")
        let zones = svg.find("rect", classes: ["zone"])
        #expect(Set(zones.map { "\($0.attributes["data-edge"]!):\($0.attributes["data-gesture"]!)" })
                == ["bottom:dock", "top:cover_sheet", "top:control_center", "right:slide_over"])
        let labels = svg.find("text", classes: ["zone-label"]).map(\.text)
        #expect(labels.contains { $0.hasPrefix("dock") })

        // Paths by owner: the deferred touches went to the client (R3), the armed one was held
        // and then owned by the system (R4, R2: the client never saw it).
        func owners(_ touch: String) -> Set<String> {
            Set(svg.find("polyline", classes: ["path"], ["data-touch": touch]).compactMap { $0.attributes["data-owner"] })
        }
        #expect(owners("t0-1") == ["client"])
        #expect(owners("t0-2") == ["held", "system"])
        #expect(owners("t0-3") == ["client"])
        #expect(svg.find("path", classes: ["marker", "marker-begin"], ["data-touch": "t0-2", "data-t": "516"]).count == 1)
        #expect(svg.find("rect", classes: ["marker", "marker-end"], ["data-touch": "t0-2", "data-t": "548"]).count == 1)
        #expect(svg.find(classes: ["marker", "marker-deferred-swipe"]).map { $0.attributes["data-t"] } == ["16", "1016"])

        // Failure labels with reasons: both deferred touches, at their downs.
        let reasons = svg.find("text", classes: ["reason"])
        #expect(reasons.map { $0.attributes["data-touch"]! } == ["t0-1", "t0-3"])
        #expect(reasons.allSatisfy { $0.attributes["data-reason"] == "deferred" && $0.text.contains("dock: deferred") })
        #expect(reasons.map { $0.attributes["data-t"]! } == ["0", "1000"])

        // Timeline: affordance 16→516 (hidden when the dock begins, R4) and 1016→3016 (window
        // runs out); armed windows the same.
        let affordance = spans(svg, lane: ["data-edge": "bottom"], cls: "span-affordance")
        #expect(affordance.map { [$0.t0, $0.t1] } == [[16, 516], [1016, 3016]])
        let armed = spans(svg, lane: ["data-edge": "bottom"], cls: "span-armed")
        #expect(armed.map { [$0.t0, $0.t1] } == [[16, 516], [1016, 3016]])
        for s in affordance + armed { try checkSpanGeometry(s.node, scale) }

        // The dock's lane: one run, committed, on the second touch; deferred failures at 0 and 1000.
        let runs = spans(svg, lane: ["data-gesture": "dock"], cls: "span-run")
        #expect(runs.map { [$0.t0, $0.t1] } == [[516, 548]])
        #expect(runs.first?.node.attributes["data-outcome"] == "committed, touch 0 #2")
        let fails = svg.find("g", classes: ["lane-gesture"], ["data-gesture": "dock"]).flatMap { $0.find("line", classes: ["tick-fail"]) }
        #expect(fails.map { $0.attributes["data-t"]! } == ["0", "1000"])
        for f in fails { #expect(abs((f.number("x1") ?? 0) - scale.x(f.number("data-t") ?? 0)) < 0.02) }

        // The armed touch was held from its down until the dock began (R2), hold window 150 ms.
        let held = spans(svg, lane: ["data-touch": "t0-2"], cls: "span-held")
        #expect(held.map { [$0.t0, $0.t1] } == [[500, 516]])
        let expiry = svg.find("g", classes: ["lane-touch"], ["data-touch": "t0-2"]).flatMap { $0.find("line", classes: ["tick-hold-expiry"]) }
        #expect(expiry.map { $0.attributes["data-t"]! } == ["650"])
        #expect(abs((expiry.first?.number("x1") ?? 0) - scale.x(650)) < 0.02)
    }

    /// R2 late begin: the hold window flushes touch 0 at 155, the dock begins at 200 and the
    /// client is cancelled, which also ends its other touch (client-wide cancel).
    @Test func lateBeginShowsFlushCancelAndOwnersOverTime() throws {
        let svg = try rendered("r2-late-begin.yaml")
        let scale = try TimeScale(svg)

        func ownerSpans(_ touch: String) -> [String] {
            svg.find("g", classes: ["lane-touch"], ["data-touch": touch])
                .flatMap { $0.find("rect", classes: ["span"]) }
                .filter { $0.attributes["data-owner"] != nil }
                .map { "\($0.attributes["data-owner"]!) \($0.attributes["data-t0"]!)-\($0.attributes["data-t1"]!)" }
        }
        #expect(ownerSpans("t0-1") == ["held 5-155", "client 155-200", "system 200-240"])
        #expect(ownerSpans("t1-1") == ["client 0-200", "dropped 200-230"])

        let held = spans(svg, lane: ["data-touch": "t0-1"], cls: "span-held")
        #expect(held.map { [$0.t0, $0.t1] } == [[5, 155]])
        try checkSpanGeometry(try #require(held.first).node, scale)

        func ticks(_ touch: String, _ kind: String) -> [String] {
            svg.find("g", classes: ["lane-touch"], ["data-touch": touch])
                .flatMap { $0.find(classes: ["tick", "tick-\(kind)"]) }.map { $0.attributes["data-t"]! }
        }
        #expect(ticks("t0-1", "hold-expiry") == ["155"])
        #expect(ticks("t0-1", "flush") == ["155"])
        #expect(ticks("t0-1", "begin") == ["200"])
        #expect(ticks("t0-1", "cancel") == ["200"])
        #expect(ticks("t0-1", "end") == ["240"])
        #expect(ticks("t1-1", "cancel") == ["200"])

        // On the map: the held samples of touch 0 then its system samples.
        let paths = svg.find("polyline", classes: ["path"], ["data-touch": "t0-1"]).map { $0.attributes["data-owner"]! }
        #expect(paths == ["held", "system"])
        #expect(svg.find(classes: ["marker", "marker-flush"], ["data-touch": "t0-1"]).count == 1)
        #expect(svg.find("text", classes: ["reason"]).isEmpty)
    }

    /// Reasons go to the touch they belong to: `multi_touch` fails the first touch at the
    /// second one's down (§4.1), `excluded` fails the other edge of a corner (§4.3).
    @Test func failureReasonsAreLabelledOnTheirTouch() throws {
        let multi = try rendered("reason-multi-touch.yaml")
        let m = multi.find("text", classes: ["reason"])
        #expect(m.map { $0.attributes["data-touch"]! } == ["t0-1"])
        #expect(m.first?.attributes["data-reason"] == "multi_touch")
        #expect(m.first?.text.contains("slide_over: multi_touch") == true)

        let excluded = try rendered("reason-excluded.yaml")
        let e = excluded.find("text", classes: ["reason"])
        #expect(e.map { $0.attributes["data-reason"]! } == ["excluded"])
        #expect(e.first?.attributes["data-touch"] == "t0-1")
    }

    /// M3 (docs/design.md §4.5): a multi-finger gesture gets a lane named for its fingers and kind,
    /// with its run and outcome; the candidate it excluded gets its own lane with the reason.
    @Test func multiFingerLanesShowRunsAndReasons() throws {
        let svg = try rendered("m3-pinch-before-swipe.yaml")
        let pinch = svg.find("g", classes: ["lane"], ["data-multi-finger": "4-finger pinch"])
        #expect(pinch.count == 1)
        let runs = spans(svg, lane: ["data-multi-finger": "4-finger pinch"], cls: "span-run")
        #expect(runs.map(\.t0) == [40] && runs.map(\.t1) == [70])
        #expect(runs.first?.node.attributes["data-outcome"] == "committed, 4 fingers")
        let swipe = svg.find("g", classes: ["lane"], ["data-multi-finger": "4-finger swipe"])
        #expect(swipe.first?.find("text", classes: ["lane-reason"]).map { $0.attributes["data-reason"]! } == ["excluded"])
    }

    @Test("R10: the app's back is drawn in its gesture's lane, from back_began to back_invoked, with the progress it was told")
    func appsBackShowsItsSpanAndProgress() throws {
        let svg = try rendered("r10-swipe-twice.yaml")
        let back = spans(svg, lane: ["data-gesture": "back", "data-edge": "left"], cls: "span-back")
        #expect(back.map(\.t0) == [316] && back.map(\.t1) == [348])
        #expect(back.first?.node.attributes["data-surface"] == "app: back invoked")
        let progress = svg.find("path", classes: ["back-progress"])
        #expect(progress.count == 1)
        // From 0 at the begin to the progress of the one back_changed, then level to the end.
        #expect((progress.first?.attributes["d"] ?? "").split(separator: "L").count == 3)
        // The host's back (r10-unhandled) has neither.
        let host = try rendered("r10-unhandled.yaml")
        #expect(host.find("path", classes: ["back-progress"]).isEmpty)
        #expect(spans(host, lane: ["data-gesture": "back", "data-edge": "left"], cls: "span-back").isEmpty)
    }

    /// Every conformance scenario: the recorder drives the router as the runner does (same
    /// failures, begins and client downs), and every failure is attributed to a touch.
    @Test func recorderAgreesWithTheRunnerOnEveryConformanceScenario() throws {
        let names = ["config-bindings", "r1-outside-zone", "r2-corner", "r2-hold-window", "r2-late-begin",
                     "r2-swipe-hidden", "r2-tap-at-edge", "r3-deferred-edge", "r3-parent-chain", "r4-swipe-twice",
                     "r5-outward-flick", "r5-progress", "r6-policy-and-lock", "r6-runtime-defer",
                     "r7-drag-dock-keeps-drag", "r7-drag-modal-cancels", "r8-device-cancel",
                     "r8-surface-removed-while-held", "r8-surface-removed", "r9-frames", "reason-drag",
                     "reason-excluded", "reason-lateral", "reason-multi-touch-off", "reason-multi-touch", "reason-still",
                     "r10-handled", "r10-late-begin", "r10-one-at-a-time", "r10-swipe-twice"]
        for name in names {
            let s = try scenario(name + ".yaml")
            let lines = ScenarioRunner.run(s)
            let r = RenderRecorder.record(s)
            let failed = lines.filter { $0.event == "system.failed" }
            let laneFailures = r.gestureLanes.flatMap(\.failures)
            #expect(laneFailures.count == failed.count, "\(name)")
            #expect(laneFailures.map(\.t) == failed.map(\.t) || laneFailures.count != failed.count, "\(name)")
            #expect(!laneFailures.contains { $0.label.contains("(?)") }, "\(name): unattributed failure")
            let trackFailures = r.tracks.flatMap { $0.markers.filter { $0.kind == .fail } }
            #expect(trackFailures.count == failed.count, "\(name)")
            #expect(r.gestureLanes.flatMap(\.runs).count == lines.filter { $0.event == "system.began" }.count, "\(name)")
            let clientSamples = r.tracks.flatMap(\.samples).filter { $0.owner == .client }.count
            let heldSamples = r.tracks.flatMap(\.samples).filter { $0.owner == .held }.count
            let delivered = lines.filter { $0.event == "client.down" || $0.event == "client.motion" || $0.event == "client.up" }.count
            #expect(clientSamples <= delivered && delivered <= clientSamples + heldSamples, "\(name)")
        }
    }

    /// A long trace stays small: one polyline per owner run, decimated points, and the picture
    /// is standalone (no scripts, no external resources, a generic font family).
    @Test func longTraceIsDecimatedAndStandalone() throws {
        let output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
        var frames: [TouchFrame] = []
        var t = 0.0
        for k in 0..<5000 {
            let angle = Double(k) * 0.01
            let p = Point(x: 540 + 300 * Double(k % 700) / 700 * cosApprox(angle), y: 1170 + 300 * sinApprox(angle))
            frames.append(TouchFrame(time: Milliseconds(t), events: [TouchInput(kind: k == 0 ? .down : .motion, id: 3, position: p, time: Milliseconds(t))]))
            t += 4
        }
        frames.append(TouchFrame(time: Milliseconds(t), events: [TouchInput(kind: .up, id: 3, time: Milliseconds(t))]))
        let recording = RenderRecorder.record(frames: frames, output: output, title: "synthetic")
        #expect(recording.tracks.count == 1)
        #expect(recording.tracks[0].samples.count == 5001)
        let text = SVGRenderer().render(recording)
        let svg = SVGNode.parse(text)
        let paths = svg.find("polyline", classes: ["path"])
        #expect(paths.count == 1)
        #expect(paths.first?.attributes["data-owner"] == "client")
        let points = (paths.first?.attributes["points"] ?? "").split(separator: " ").count
        #expect(points > 100 && points < 5001)
        #expect(text.utf8.count < 200_000)
        #expect(!text.contains("<script"))
        #expect(!text.contains("href"))
        #expect(!text.contains("url("))
        #expect(!text.contains("@import"))
        #expect(svg.find("svg").first?.attributes["font-family"] == "sans-serif")
    }
}

// Small trigonometry without Foundation: a polynomial is plenty for a test path.
private func sinApprox(_ x: Double) -> Double {
    var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi }
    if a < -Double.pi { a += 2 * Double.pi }
    let a2 = a * a
    return a * (1 - a2 / 6 * (1 - a2 / 20 * (1 - a2 / 42 * (1 - a2 / 72))))
}

private func cosApprox(_ x: Double) -> Double { sinApprox(x + Double.pi / 2) }
