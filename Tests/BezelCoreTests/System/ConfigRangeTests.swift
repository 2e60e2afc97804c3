import Testing
@testable import BezelCore

/// docs/design.md §4.4 and issue "config ranges": every numeric key of §4.1 has a documented range
/// (`SystemGestureConfig.thresholdRanges`); a value outside it is an error that names the key,
/// whether it comes from YAML (a tree), per edge, or from flattened `[bezel]` keys.
@Suite("Config: value ranges of the §4.1 keys")
struct ConfigRangeTests {
    private func tree(_ key: String, _ value: Double, edge: String? = nil) -> ConfigNode {
        let entry = (key: key, value: ConfigNode(.number(value), line: 7))
        if let edge {
            return ConfigNode(.map([(key: "edges", value: ConfigNode(.map([(key: edge, value: ConfigNode(.map([entry])))])))]))
        }
        return ConfigNode(.map([entry]))
    }

    private func error(_ node: ConfigNode) -> ConfigError? {
        do {
            _ = try SystemGestureConfig(parsing: node)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every numeric §4.1 key has a range, and the defaults lie inside it")
    func everyKeyHasARange() {
        let numeric = SystemGestureConfig.thresholdKeys.filter { $0 != "multi_touch_rejects" }
        #expect(Set(SystemGestureConfig.thresholdRanges.keys) == Set(numeric))
        let d = EdgeThresholds()
        let defaults: [String: Double] = [
            "edge_zone_mm": d.edgeZone_mm, "slop_mm": d.slop_mm, "direction_cone_deg": d.directionCone_deg,
            "begin_distance_mm": d.beginDistance_mm, "still_timeout_ms": d.stillTimeout_ms,
            "hold_window_ms": d.holdWindow_ms, "full_distance_mm": d.fullDistance_mm,
            "commit_progress": d.commitProgress, "flick_velocity_mm_s": d.flickVelocity_mm_s,
            "rearm_window_ms": d.rearmWindow_ms,
        ]
        for (key, range) in SystemGestureConfig.thresholdRanges {
            // deferred_cap_mm (§5 version 3) defaults to none: no cap at all.
            guard let value = defaults[key] else {
                #expect(key == "deferred_cap_mm" && d.deferredCap_mm == .infinity, "\(key)")
                continue
            }
            #expect(range.contains(value), "\(key)")
        }
    }

    @Test("Both ends of each range are accepted; just outside is an error naming the key and line")
    func bounds() throws {
        for (key, range) in SystemGestureConfig.thresholdRanges {
            #expect(error(tree(key, range.lowerBound)) == nil, "\(key) = \(range.lowerBound)")
            #expect(error(tree(key, range.upperBound)) == nil, "\(key) = \(range.upperBound)")
            for bad in [range.lowerBound - 0.001, range.upperBound * 1.001 + 0.001, 1e308, -1e308] {
                let e = error(tree(key, bad))
                #expect(e?.key == key && e?.line == 7 && e?.reason.hasPrefix("must be from ") == true,
                        "\(key) = \(bad): \(String(describing: e))")
            }
        }
    }

    @Test("Issue examples: hold_window_ms 1e308 and full_distance_mm 1e-9, also per edge")
    func issueExamples() {
        #expect(error(tree("hold_window_ms", 1e308))?.description == "line 7: hold_window_ms: must be from 0 to 2000, got 1e+308")
        #expect(error(tree("full_distance_mm", 1e-9))?.description == "line 7: full_distance_mm: must be from 1 to 500, got 1e-09")
        #expect(error(tree("hold_window_ms", 5000, edge: "top"))?.key == "edges.top.hold_window_ms")
    }

    @Test("Flattened keys (bezel_plugin_configure, weston [bezel]) are held to the same ranges")
    func flattened() {
        func error(_ key: String, _ value: String) -> ConfigError? {
            do {
                _ = try SystemGestureConfig(flattened: [(key: key, value: value)])
                return nil
            } catch {
                return error
            }
        }
        #expect(error("hold-window-ms", "1e308")?.key == "hold-window-ms")
        #expect(error("full-distance-mm", "1e-9")?.key == "full-distance-mm")
        #expect(error("left-commit-progress", "1.5")?.key == "left-commit-progress")
        #expect(error("rearm-window-ms", "60000") == nil)
        #expect(error("commit-progress", "1") == nil)
    }
}
