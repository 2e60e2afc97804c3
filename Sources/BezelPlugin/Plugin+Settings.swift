import BezelCore
import CBezel
import CWaylandServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `[bezel]` configuration: one parser for every key of every host (bezel.h,
/// "CONFIGURATION"). Host settings are checked one by one (a bad value takes its default);
/// gesture settings all together, as `SystemGestureConfig(flattened:)` has always done.
extension Plugin {
    /// Replaces the configuration with the defaults overridden by `entries`. Returns `false`
    /// when anything was refused (each refusal logged with its key).
    @discardableResult
    func configure(_ entries: [(key: String, value: String)]) -> Bool {
        var ok = true
        var given: [String: String] = [:]
        var gestureEntries: [(key: String, value: String)] = []
        for (written, value) in entries {
            let key = HostSettings.aliases[written] ?? written
            guard let spec = HostSettings.spec(key) else {
                gestureEntries.append((written, value))
                continue
            }
            if key != written { log(.info, "[bezel] \(written) is read as \(key), its name now") }
            if given[key] != nil {
                log(.warning, "[bezel] \(written)=\(value): \(key) given twice; the first value is used")
                ok = false
                continue
            }
            switch spec.canonical(value) {
            case .success(let canonical):
                given[key] = canonical
            case .failure(let error):
                log(.warning, "[bezel] \(written)=\(value): \(error.reason); using \(spec.defaultValue.isEmpty ? "none" : spec.defaultValue)")
                given[key] = spec.defaultValue
                ok = false
            }
        }
        let config: SystemGestureConfig
        do {
            config = try SystemGestureConfig(flattened: gestureEntries)
            self.gestureEntries = gestureEntries
        } catch {
            log(.warning, "configuration rejected, using the defaults: \(error.key): \(error.reason)")
            config = SystemGestureConfig()
            self.gestureEntries = []
            ok = false
        }
        router.setConfig(config)
        refreshGestureNames()
        var next = settings
        for spec in HostSettings.specs {
            if let value = given[spec.key] { next[spec.key] = value }
            else if !spec.appliedWhenGiven { next[spec.key] = spec.defaultValue }
        }
        apply(next, given: given)
        if ok { log(.info, "configuration set (\(entries.count) keys)") }
        return ok
    }

    /// Changes one setting, keeping the others. A refused value changes nothing.
    func setSetting(_ written: String, _ value: String) -> Int32 {
        let key = HostSettings.aliases[written] ?? written
        if let spec = HostSettings.spec(key) {
            switch spec.canonical(value) {
            case .success(let canonical):
                var next = settings
                next[key] = canonical
                apply(next, given: [key: canonical])
                return OK
            case .failure(let error):
                log(.warning, "[bezel] \(written)=\(value): \(error.reason); \(key) unchanged")
                return INVALID
            }
        }
        var entries = gestureEntries.filter { $0.key != written }
        entries.append((written, value))
        do {
            router.setConfig(try SystemGestureConfig(flattened: entries))
        } catch {
            log(.warning, "[bezel] \(written)=\(value) refused, the configuration is unchanged: \(error.key): \(error.reason)")
            return INVALID
        }
        gestureEntries = entries
        refreshGestureNames()
        return OK
    }

    /// Puts `next` in force: what the plugin acts on itself is applied here.
    private func apply(_ next: [String: String], given: [String: String]) {
        let previous = settings
        settings = next
        let t = now()
        if given["log-level"] != nil, let level = Self.level(next["log-level"] ?? "info") {
            router.logger.threshold = level
        }
        if let path = given["event-log"] { _ = openEventLog(path.isEmpty ? nil : path) }
        else if previous["event-log-max-kb"] != next["event-log-max-kb"] { attachEventLog() }
        if let locked = given["locked"] {
            setLocked(locked == "true", time: t)
        }
        if previous["output-width-mm"] != next["output-width-mm"] || previous["output-height-mm"] != next["output-height-mm"] {
            for o in hostOutputs { describe(o) }
        }
        if previous["defer-policy"] != next["defer-policy"] { policySettingChanged(time: t) }
        deliverDecisions()
    }

    static func level(_ name: String) -> LogLevel? {
        switch name {
        case "error": return .error
        case "warning": return .warning
        case "info": return .info
        case "debug": return .debug
        default: return nil
        }
    }

    /// A setting's value in force, or `nil` for a key that is not a host setting.
    func setting(_ key: String) -> String? {
        guard HostSettings.spec(key) != nil else { return nil }
        return settings[key]
    }

    /// Opens the event log at `path` (nil: none), closing the one in use.
    func openEventLog(_ path: String?) -> Int32 {
        if let eventLog { bezel_event_log_close(eventLog) }
        eventLog = nil
        settings["event-log"] = ""
        guard let path else { return OK }
        var log: OpaquePointer?
        let r = bezel_event_log_open(path, &log)
        guard r == OK, let log else {
            let why = String(cString: strerror(errno))
            self.log(.warning, "cannot open the event log \(path): \(why)")
            return r
        }
        eventLog = log
        settings["event-log"] = path
        attachEventLog()
        return OK
    }

    /// Lets the event log flush when the display's loop goes idle (not at every line) and
    /// rotate past `event-log-max-kb`; without a display, each line is flushed at once.
    func attachEventLog() {
        let kb = UInt64(settings["event-log-max-kb"] ?? "0") ?? 0
        bzl_evlog_attach(eventLog, displayAlive ? wl_display_get_event_loop(display) : nil, kb * 1024)
    }

    /// Locks or unlocks, with the event-log line of a change.
    func setLocked(_ locked: Bool, time: Milliseconds) {
        if locked != router.isLocked { bzl_evlog_lock(eventLog, locked ? 1 : 0) }
        router.setLocked(locked, time: time)
    }

    /// The physical size of `o` in force: `output-width-mm` and `-height-mm` when both are set.
    func physicalSize(_ o: HostOutput) -> (Int32, Int32) {
        let w = Int32(settings["output-width-mm"] ?? "0") ?? 0, h = Int32(settings["output-height-mm"] ?? "0") ?? 0
        return w > 0 && h > 0 ? (w, h) : (o.widthMm, o.heightMm)
    }
}
