import BezelCore
import BezelInput
import Foundation
import Testing

/// The same recording gives the same router decisions whether its frames come from the trace
/// reader (what `bezel replay` uses) or from real libinput reading the emulated device.
@Suite("router decisions: trace reader vs live libinput", .serialized)
struct RouterReplayTests {
    /// An output of the recorded panel's shape (5:3): the Atmel panel as a 7-inch screen, the
    /// EP0430M09 as a 4.3-inch one.
    static func output(for recording: String) -> OutputGeometry {
        recording.hasPrefix("atmel")
            ? OutputGeometry(widthPx: 800, heightPx: 480, widthMm: 154, heightMm: 92)
            : OutputGeometry(widthPx: 1280, heightPx: 768, widthMm: 95, heightMm: 57)
    }

    /// Feeds `frames` over one full-screen surface of client 1 and collects every decision.
    static func decisions(_ frames: [TouchFrame], output: OutputGeometry) -> [RouterDecision] {
        let router = SystemGestureRouter(output: output)
        _ = router.addSurface(client: 1, rect: output.bounds)
        var result: [RouterDecision] = []
        for frame in frames {
            for e in frame.events {
                switch e.kind {
                case .down: router.touchDown(id: e.id, at: e.position, time: e.time)
                case .motion: router.touchMotion(id: e.id, at: e.position, time: e.time)
                case .up: router.touchUp(id: e.id, time: e.time)
                case .cancel: router.cancelAll(time: e.time)
                }
            }
            router.frame(time: frame.time)
            router.drain { result.append($0) }
        }
        return result
    }

    /// R9 for client 1, and what the engine did, in words.
    static func check(_ decisions: [RouterDecision], touches: Int) -> (problems: [String], summary: String) {
        var problems: [String] = []
        var active = Set<Int32>()
        var clientDowns = 0, began = 0, ended = 0, committed = 0
        var failures: [String: Int] = [:]
        for d in decisions {
            switch d.event {
            case .clientDown(_, _, let id, _, _):
                if !active.insert(id).inserted { problems.append("client down \(id) twice at \(d.t)") }
                clientDowns += 1
            case .clientMotion(_, _, let id, _, _):
                if !active.contains(id) { problems.append("client motion \(id) without down at \(d.t)") }
            case .clientUp(_, _, let id, _):
                if active.remove(id) == nil { problems.append("client up \(id) without down at \(d.t)") }
            case .clientCancel:
                active.removeAll()
            case .systemBegan: began += 1
            case .systemEnded(_, _, let c): ended += 1; if c { committed += 1 }
            case .systemFailed(_, _, let reason): failures[reason.name, default: 0] += 1
            default: break
            }
        }
        if !active.isEmpty { problems.append("client touches never ended: \(active.sorted())") }
        // Every touch reached the client or was taken by a system gesture.
        if clientDowns + began < touches { problems.append("\(touches) touches but \(clientDowns) client downs and \(began) system gestures") }
        let failed = failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let summary = "\(touches) touches: \(clientDowns) reached the client, \(began) system gesture(s) began, "
            + "\(ended) ended (\(committed) committed); candidates failed: \(failed.isEmpty ? "none" : failed)"
        return (problems, summary)
    }

    @Test("a recording gives identical decisions through the trace reader and through libinput",
          .enabled(if: LibinputUmockdevTests.harnessAvailable, "umockdev harness unavailable (see output)"),
          arguments: TestPaths.recordings().map(\.name))
    func sameDecisions(recording: String) throws {
        let r = try #require(TestPaths.recordings().first { $0.name == recording })
        let output = Self.output(for: recording)
        let traced = try EvemuTrace.read(desc: r.desc, events: r.events).frames(mappedTo: output)
        let live = try LibinputUmockdevTests.readLive(desc: r.desc, events: r.events,
                                                      extra: ["--frames", "\(traced.count)"], output: output)
        #expect(live.status == 0, "\(live.stderr.suffix(2000))")
        let liveFrames = live.lines.compactMap { TouchFrameText.parse(Substring($0)) }

        let fromTrace = Self.decisions(traced, output: output)
        let fromLive = Self.decisions(liveFrames, output: output)
        #expect(!fromTrace.isEmpty)
        #expect(fromTrace == fromLive)

        let touches = FrameSummary(traced, output: output).touches
        let (problems, summary) = Self.check(fromTrace, touches: touches)
        #expect(problems.isEmpty, "\(recording): \(problems.prefix(5))")
        print("\(recording) on \(OutputSpec.format(output)): \(summary)")
    }
}
