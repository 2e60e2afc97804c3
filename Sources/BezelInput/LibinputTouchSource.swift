import BezelCore

import CLibinput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the libinput source could not be created or could not add a device.
public struct LibinputSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A touch source that owns a libinput context (docs/design.md §7).
///
/// - The path backend opens the given device nodes; the udev backend follows a seat, with
///   hot-plug.
/// - `fileDescriptor` goes on the host's event loop (`wl_event_loop_add_fd`, `poll`); when it is
///   readable, call `dispatch(_:)`, which never blocks.
/// - TOUCH_DOWN / MOTION / UP / CANCEL / FRAME become `TouchFrame`s in output logical pixels
///   through the shared `TouchMapping` (normalized with `libinput_event_touch_get_x_transformed
///   (event, 1)`, then calibration, output transform and output size), exactly as the trace
///   readers map recorded events.
/// - A device removal with touches down cancels them (R8), as does TOUCH_CANCEL.
/// - Times are libinput's (CLOCK_MONOTONIC, µs) in milliseconds; a time that goes backwards is
///   replaced by the previous frame's, with a log line.
/// - More than `slotLimit` simultaneous touches: the extra ones are dropped with a log line.
///
/// Single-threaded: use it from the thread that runs the event loop.
public final class LibinputTouchSource {
    /// Opens and closes device nodes for libinput. Hosts with a launcher or logind pass their
    /// own; the default uses `open(2)` and `close(2)`.
    public struct DeviceOpener: Sendable {
        /// Opens `path` with `flags`; returns the fd or a negative errno.
        public var open: @Sendable (String, Int32) -> Int32
        /// Closes an fd returned by `open`.
        public var close: @Sendable (Int32) -> Void

        /// Creates an opener.
        public init(open: @escaping @Sendable (String, Int32) -> Int32, close: @escaping @Sendable (Int32) -> Void) {
            self.open = open; self.close = close
        }

        /// Plain `open(2)` / `close(2)`.
        public static let direct = DeviceOpener(
            open: { path, flags in
                let fd = Glibc.open(path, flags)
                return fd >= 0 ? fd : -errno
            },
            close: { fd in _ = Glibc.close(fd) })
    }

    /// A touchscreen appearing or going away (libinput DEVICE_ADDED / DEVICE_REMOVED). Devices
    /// without the touch capability are only logged.
    public enum DeviceChange: Hashable, Sendable {
        /// A touchscreen was added: its name ("ELAN Touchscreen") and sysname ("event9").
        case added(name: String, sysname: String)
        /// A touchscreen reported by `.added` went away (unplugged, or removed by the host).
        case removed(name: String, sysname: String)
    }

    /// Which libinput backend to use.
    public enum Backend: Sendable {
        /// The path backend with these device nodes (`/dev/input/eventN`).
        case path([String])
        /// The udev backend following a seat (usually `seat0`).
        case udev(seat: String)
    }

    /// Shared with the C callbacks through libinput's user data.
    private final class Context {
        let opener: DeviceOpener
        let logger: Logger
        init(opener: DeviceOpener, logger: Logger) { self.opener = opener; self.logger = logger }
    }

    private let li: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let context: Context
    private let isPathBackend: Bool
    private var builder: TouchFrameBuilder
    private var pathDevices: [String: OpaquePointer] = [:]
    /// Devices that currently have touches down, by device number.
    private var touchesPerDevice: [UInt: Int] = [:]
    private var deviceNames: [UInt: String] = [:]
    /// Per device: events libinput reported for it and touch-downs among them, so that a device
    /// that sends input but never a touch is reported instead of giving nothing silently (§7).
    private var activity: [UInt: DeviceActivity] = [:]
    /// Touchscreens reported through `DeviceChange.added`, by device number.
    private var touchscreens: [UInt: (name: String, sysname: String)] = [:]
    private let logger: Logger

    private struct DeviceActivity {
        var events = 0
        var touchDowns = 0
        var warned = false
    }

    /// Devices that sent libinput events but not one touch so far ("node \"name\""). A host can
    /// show these: the touchscreen is there but is not read as one.
    public var devicesWithoutTouches: [String] {
        activity.filter { $0.value.events > 0 && $0.value.touchDowns == 0 }
            .map { deviceNames[$0.key] ?? "device \($0.key)" }.sorted()
    }

    /// Creates the source and opens the backend's devices.
    ///
    /// - Parameters:
    ///   - backend: path devices or a udev seat.
    ///   - mapping: how device positions map onto the output.
    ///   - slotLimit: most simultaneous touches delivered.
    ///   - logger: receives libinput's own log and the source's lines.
    ///   - opener: how device nodes are opened.
    /// - Throws: `LibinputSourceError` if libinput cannot be set up or a path device cannot be added.
    public init(backend: Backend, mapping: TouchMapping, slotLimit: Int = TouchFrameBuilder.defaultSlotLimit,
                logger: Logger = .silent, opener: DeviceOpener = .direct) throws(LibinputSourceError) {
        self.logger = logger
        self.context = Context(opener: opener, logger: logger)
        self.builder = TouchFrameBuilder(mapping: mapping, slotLimit: slotLimit, logger: logger)
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        self.interface = interface
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path, let userData else { return -EINVAL }
                let context = Unmanaged<Context>.fromOpaque(userData).takeUnretainedValue()
                return context.opener.open(String(cString: path), flags)
            },
            close_restricted: { fd, userData in
                guard let userData else { _ = Glibc.close(fd); return }
                Unmanaged<Context>.fromOpaque(userData).takeUnretainedValue().opener.close(fd)
            }))
        let userData = Unmanaged.passUnretained(context).toOpaque()

        var createdUdev: OpaquePointer?
        let created: OpaquePointer?
        switch backend {
        case .path:
            created = libinput_path_create_context(interface, userData)
            isPathBackend = true
        case .udev:
            createdUdev = udev_new()
            created = createdUdev.flatMap { libinput_udev_create_context(interface, userData, $0) }
            isPathBackend = false
        }
        guard let created else {
            if let createdUdev { udev_unref(createdUdev) }
            interface.deallocate()
            throw LibinputSourceError("could not create a libinput context")
        }
        li = created
        udev = createdUdev
        libinput_log_set_handler(li, { li, priority, format, args in
            guard let li, let format, let args, let userData = libinput_get_user_data(li) else { return }
            let context = Unmanaged<Context>.fromOpaque(userData).takeUnretainedValue()
            let level: LogLevel
            switch priority {
            case LIBINPUT_LOG_PRIORITY_ERROR: level = .error
            case LIBINPUT_LOG_PRIORITY_INFO: level = .info
            default: level = .debug
            }
            guard context.logger.enabled(level) else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, args)
            var text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while text.last == "\n" { text.removeLast() }
            context.logger.log(level, "libinput: \(text)")
        })
        libinput_log_set_priority(li, logger.enabled(.debug) ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO)

        switch backend {
        case .path(let paths):
            for path in paths {
                do { try addDevice(path: path) } catch { teardown(); throw error }
            }
        case .udev(let seat):
            if libinput_udev_assign_seat(li, seat) != 0 {
                teardown()
                throw LibinputSourceError("libinput could not assign seat '\(seat)'")
            }
        }
    }

    deinit { teardown() }

    /// Set once `teardown` ran: an initializer that throws after setting every property runs
    /// `deinit` too, which must not release libinput a second time.
    private var isTornDown = false

    private func teardown() {
        guard !isTornDown else { return }
        isTornDown = true
        for device in pathDevices.values { libinput_device_unref(device) }
        pathDevices.removeAll()
        libinput_unref(li)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// The fd to watch for readability on the host's event loop.
    public var fileDescriptor: Int32 { libinput_get_fd(li) }

    /// The mapping from device positions to the output; set it when the output changes.
    public var mapping: TouchMapping {
        get { builder.mapping }
        set { builder.mapping = newValue }
    }

    /// Adds a device node (path backend only).
    public func addDevice(path: String) throws(LibinputSourceError) {
        guard isPathBackend else { throw LibinputSourceError("addDevice(path:) needs the path backend") }
        guard pathDevices[path] == nil else { return }
        guard let device = libinput_path_add_device(li, path) else {
            throw LibinputSourceError("libinput could not add \(path) (missing, not an input device, or no permission)")
        }
        pathDevices[path] = libinput_device_ref(device)
    }

    /// Removes a device node added with `addDevice(path:)`; its touches are cancelled at the
    /// next `dispatch`. Returns `false` if the node was not open.
    @discardableResult
    public func removeDevice(path: String) -> Bool {
        guard let device = pathDevices.removeValue(forKey: path) else { return false }
        libinput_path_remove_device(device)
        libinput_device_unref(device)
        return true
    }

    /// Reads what libinput has without blocking and hands each finished touch frame to `body`,
    /// and each touchscreen added or removed to `devices` (a removal with touches down gives
    /// the cancel frame first). Returns 0, or a negative errno from `libinput_dispatch`.
    @discardableResult
    public func dispatch(_ body: (TouchFrame) -> Void, devices: (DeviceChange) -> Void = { _ in }) -> Int32 {
        let rc = libinput_dispatch(li)
        while let event = libinput_get_event(li) {
            handle(event, body, devices)
            libinput_event_destroy(event)
        }
        return rc
    }

    /// `dispatch(_:)` collecting the frames into an array.
    public func dispatch() -> [TouchFrame] {
        var frames: [TouchFrame] = []
        dispatch { frames.append($0) }
        return frames
    }

    private static func number(of device: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(device)))
    }

    private func handle(_ event: OpaquePointer, _ body: (TouchFrame) -> Void, _ devices: (DeviceChange) -> Void) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        let deviceNumber = Self.number(of: device)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let name = String(cString: libinput_device_get_name(device))
            let node = String(cString: libinput_device_get_sysname(device))
            deviceNames[deviceNumber] = "\(node) \"\(name)\""
            let isTouch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
            activity[deviceNumber] = DeviceActivity()
            if isTouch {
                logger.log(.info, "touch source: device \(node) \"\(name)\" added")
                touchscreens[deviceNumber] = (name, node)
                devices(.added(name: name, sysname: node))
            } else {
                logger.log(.warning, "touch source: device \(node) \"\(name)\" added, but libinput does not see a touchscreen there; its events give no touches")
            }
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if let a = activity.removeValue(forKey: deviceNumber), a.events > 0, a.touchDowns == 0 {
                logger.log(.warning, "touch source: \(deviceNames[deviceNumber] ?? "device") sent \(a.events) event(s) and not one touch")
            }
            let name = deviceNames.removeValue(forKey: deviceNumber) ?? "device"
            if let count = touchesPerDevice.removeValue(forKey: deviceNumber), count > 0 {
                builder.cancelAll(reason: "\(name) removed with \(count) touch(es) down")
                touchesPerDevice.removeAll()
                if let frame = builder.endFrame(timeUs: nowUs()) { body(frame) }
            } else {
                logger.log(.info, "touch source: \(name) removed")
            }
            builder.forget(device: deviceNumber)
            // A path device that went away on its own (unplugged) is forgotten, so that adding
            // the same node again when it comes back opens it anew.
            if let path = pathDevices.first(where: { Self.number(of: $0.value) == deviceNumber })?.key,
               let stale = pathDevices.removeValue(forKey: path) {
                libinput_device_unref(stale)
            }
            if let touchscreen = touchscreens.removeValue(forKey: deviceNumber) {
                devices(.removed(name: touchscreen.name, sysname: touchscreen.sysname))
            }
        default:
            noteActivity(deviceNumber, type)
        }
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let key = TouchFrameBuilder.ContactKey(device: deviceNumber, slot: libinput_event_touch_get_seat_slot(touch))
            let u = libinput_event_touch_get_x_transformed(touch, 1)
            let v = libinput_event_touch_get_y_transformed(touch, 1)
            if type == LIBINPUT_EVENT_TOUCH_DOWN {
                builder.down(key, u: u, v: v)
                if builder.isActive(key) { touchesPerDevice[deviceNumber, default: 0] += 1 }
            } else {
                builder.motion(key, u: u, v: v)
            }
        case LIBINPUT_EVENT_TOUCH_UP:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let key = TouchFrameBuilder.ContactKey(device: deviceNumber, slot: libinput_event_touch_get_seat_slot(touch))
            if builder.isActive(key) { touchesPerDevice[deviceNumber, default: 1] -= 1 }
            builder.up(key)
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            builder.cancelAll(reason: "libinput cancelled the touches of \(deviceNames[deviceNumber] ?? "a device")")
            touchesPerDevice.removeAll()
        case LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let timeUs = Int64(clamping: libinput_event_touch_get_time_usec(touch))
            if let frame = builder.endFrame(timeUs: timeUs) { body(frame) }
        default:
            break
        }
    }

    /// Counts an event of a device; the first non-touch event of a device that has given no
    /// touch yet is logged once, with its libinput type, so that a touchscreen read as something
    /// else (a pointer, a tablet) is visible (docs/design.md §7).
    private func noteActivity(_ device: UInt, _ type: libinput_event_type) {
        var a = activity[device] ?? DeviceActivity()
        a.events += 1
        if type == LIBINPUT_EVENT_TOUCH_DOWN { a.touchDowns += 1 }
        let isTouch = type.rawValue >= LIBINPUT_EVENT_TOUCH_DOWN.rawValue && type.rawValue <= LIBINPUT_EVENT_TOUCH_FRAME.rawValue
        if !isTouch && a.touchDowns == 0 && !a.warned {
            a.warned = true
            logger.log(.warning, "touch source: \(deviceNames[device] ?? "a device") sends input (libinput event type \(type.rawValue)) but no touches; it is not read as a touchscreen")
        }
        activity[device] = a
    }

    /// CLOCK_MONOTONIC in µs, libinput's clock, for frames that libinput does not time.
    private func nowUs() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}
