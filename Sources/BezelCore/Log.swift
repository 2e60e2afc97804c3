/// Log levels, from the most to the least severe (syslog order, as libinput and weston use).
public enum LogLevel: Int, Comparable, Sendable, CustomStringConvertible {
    case error = 3
    case warning = 4
    case info = 6
    case debug = 7

    // "Smaller" means more severe, so `level <= threshold` reads "at least as severe".
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "info"
        case .debug: return "debug"
        }
    }
}

/// Receives log lines. Hosts forward them to their own log (weston_log, a C callback).
///
/// Log messages are built lazily (`@autoclosure`) so that a disabled level costs nothing on the
/// touch hot path.
public struct Logger: Sendable {
    /// The most verbose level that is delivered.
    public var threshold: LogLevel
    /// The sink. `nil` drops everything.
    public var sink: (@Sendable (LogLevel, String) -> Void)?

    /// Creates a logger.
    public init(threshold: LogLevel = .info, sink: (@Sendable (LogLevel, String) -> Void)? = nil) {
        self.threshold = threshold; self.sink = sink
    }

    /// A logger that drops every line.
    public static let silent = Logger(threshold: .error, sink: nil)

    /// `true` if lines at `level` are delivered.
    @inlinable public func enabled(_ level: LogLevel) -> Bool { sink != nil && level <= threshold }

    /// Logs `message` at `level`.
    @inlinable public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        if let sink, level <= threshold { sink(level, message()) }
    }
}
