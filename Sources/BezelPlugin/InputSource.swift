import BezelCore
import BezelInput
import CBezel
import CWaylandServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// bezel.h section 4: BezelInput's `LibinputTouchSource` on the host's wl_event_loop, handing
// touches to a C listener. The mapping, slot allocation, calibration, hot-plug and cancel
// handling are the Swift source's; this file only wires its fd into the loop and turns its
// `TouchFrame`s into listener calls.

// OK, INVALID, NOT_FOUND and WAYLAND are CInterface.swift's.
private let INPUT = Int32(BEZEL_ERROR_INPUT.rawValue)

/// The host's listener and data, reachable from the `@Sendable` log sink. `muted` stops every
/// call once the source is being destroyed (libinput logs while it closes devices).
private final class ListenerBox: @unchecked Sendable {
    let listener: bezel_input_listener
    let data: UnsafeMutableRawPointer?
    var muted = false

    init(listener: bezel_input_listener, data: UnsafeMutableRawPointer?) {
        self.listener = listener; self.data = data
    }

    func log(_ level: LogLevel, _ message: String) {
        guard !muted, let log = listener.log else { return }
        message.withCString { log(data, Int32(level.rawValue), $0) }
    }
}

/// The object behind a `struct bezel_input_source *`.
final class InputSource {
    /// A path list longer than this is taken as a list missing its NULL terminator.
    static let maxPaths = 1024
    /// The output a new source maps to until the host sets its own (the plugin's default).
    static let defaultOutput = OutputGeometry(widthPx: 1080, heightPx: 1920, widthMm: 68, heightMm: 121)

    private let box: ListenerBox
    private let isPathBackend: Bool
    /// `nil` once torn down.
    private var touchSource: LibinputTouchSource?
    private var loop: OpaquePointer?
    private var fdSource: OpaquePointer?
    private var idleSource: OpaquePointer?
    /// A `wl_listener` on the loop's destroy signal, followed by a pointer to `self`.
    private var loopListener: UnsafeMutableRawPointer?
    /// Inside `pump`: a destroy now is deferred to its end.
    private var dispatching = false
    private var destroyRequested = false
    private var dispatchErrorLogged = false
    /// The time of the frame being delivered, µs (`bezel_input_source_get_time_usec`).
    private(set) var timeUsec: UInt64 = 0

    private init(box: ListenerBox, isPathBackend: Bool) {
        self.box = box; self.isPathBackend = isPathBackend
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> InputSource {
        Unmanaged<InputSource>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Creates the source and puts it on `loop`, or returns a result code (already logged).
    static func create(loop: OpaquePointer, backend: LibinputTouchSource.Backend,
                       listener: bezel_input_listener, data: UnsafeMutableRawPointer?) -> Result<InputSource, InputSourceFailure> {
        let box = ListenerBox(listener: listener, data: data)
        let logger = Logger(threshold: .info) { [box] level, message in box.log(level, message) }
        let isPath: Bool
        if case .path = backend { isPath = true } else { isPath = false }
        let source = InputSource(box: box, isPathBackend: isPath)
        do {
            source.touchSource = try LibinputTouchSource(
                backend: backend, mapping: TouchMapping(output: defaultOutput), logger: logger)
        } catch {
            box.log(.error, "input source: \(error)")
            return .failure(InputSourceFailure(code: INPUT))
        }
        guard let touchSource = source.touchSource else { return .failure(InputSourceFailure(code: INPUT)) }
        let ctx = Unmanaged.passUnretained(source).toOpaque()
        source.loop = loop
        source.fdSource = wl_event_loop_add_fd(loop, touchSource.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, _, ctx in
            guard let ctx else { return 0 }
            let source = InputSource.from(ctx)
            source.pump()
            return 0
        }, ctx)
        guard source.fdSource != nil else {
            box.log(.error, "input source: could not add libinput's fd to the event loop")
            source.teardown()
            return .failure(InputSourceFailure(code: WAYLAND))
        }
        source.watchLoop(ctx)
        // Devices opened (or found on the seat) have their DEVICE_ADDED events queued already;
        // libinput's fd does not signal those, so they are read from the next loop iteration.
        source.scheduleDispatch()
        return .success(source)
    }

    /// A destroy listener on the loop, so that a loop destroyed first leaves nothing dangling.
    private func watchLoop(_ ctx: UnsafeMutableRawPointer) {
        guard let loop else { return }
        let size = MemoryLayout<wl_listener>.stride + MemoryLayout<UnsafeMutableRawPointer>.stride
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<wl_listener>.alignment)
        let listener = memory.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(prev: nil, next: nil), notify: { listener, _ in
            guard let listener else { return }
            let ctx = UnsafeMutableRawPointer(listener)
                .load(fromByteOffset: MemoryLayout<wl_listener>.stride, as: UnsafeMutableRawPointer.self)
            InputSource.from(ctx).loopDestroyed()
        }))
        memory.storeBytes(of: ctx, toByteOffset: MemoryLayout<wl_listener>.stride, as: UnsafeMutableRawPointer.self)
        wl_event_loop_add_destroy_listener(loop, listener)
        loopListener = memory
    }

    /// The loop is going away (still valid during its destroy signal): take the sources off
    /// it now, as libwayland leaves sources that are not removed to leak.
    private func loopDestroyed() {
        box.log(.warning, "input source: the event loop was destroyed before the source; it reads no more input")
        detachFromLoop()
    }

    private func detachFromLoop() {
        if loop != nil {
            if let fdSource { wl_event_source_remove(fdSource) }
            if let idleSource { wl_event_source_remove(idleSource) }
            // `link` is the first member of wl_listener.
            if let loopListener { wl_list_remove(loopListener.assumingMemoryBound(to: wl_list.self)) }
        }
        loopListener?.deallocate()
        loopListener = nil
        fdSource = nil
        idleSource = nil
        loop = nil
    }

    /// Reads libinput from the next loop iteration (queued events the fd does not signal).
    private func scheduleDispatch() {
        guard idleSource == nil, let loop, !destroyRequested else { return }
        idleSource = wl_event_loop_add_idle(loop, { ctx in
            guard let ctx else { return }
            let source = InputSource.from(ctx)
            // libwayland frees an idle source after calling it.
            source.idleSource = nil
            source.pump()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Reads what libinput has and calls the listener; finishes a destroy asked for meanwhile.
    private func pump() {
        guard !dispatching, let touchSource else { return }
        dispatching = true
        let rc = touchSource.dispatch({ frame in deliver(frame) }, devices: { change in deliver(change) })
        dispatching = false
        if rc < 0 && !dispatchErrorLogged && !destroyRequested {
            dispatchErrorLogged = true
            box.log(.warning, "input source: libinput_dispatch failed: \(String(cString: strerror(-rc)))")
        }
        if destroyRequested { finishDestroy() }
    }

    /// One frame: its down / motion / up calls, one frame call, then a cancel if it holds one.
    private func deliver(_ frame: TouchFrame) {
        let l = box.listener, data = box.data
        let time = Self.msec(frame.time)
        timeUsec = Self.usec(frame.time)
        var touched = false, cancelled = false
        for event in frame.events {
            if destroyRequested { return }
            switch event.kind {
            case .down:
                touched = true
                l.down?(data, event.id, event.position.x, event.position.y, time)
            case .motion:
                touched = true
                l.motion?(data, event.id, event.position.x, event.position.y, time)
            case .up:
                touched = true
                l.up?(data, event.id, time)
            case .cancel:
                cancelled = true
            }
        }
        if touched && !destroyRequested { l.frame?(data, time) }
        if cancelled && !destroyRequested { l.cancel?(data, time) }
    }

    private func deliver(_ change: LibinputTouchSource.DeviceChange) {
        guard !destroyRequested else { return }
        switch change {
        case .added(let name, let sysname):
            name.withCString { n in sysname.withCString { s in box.listener.device_added?(box.data, n, s) } }
        case .removed(let name, let sysname):
            name.withCString { n in sysname.withCString { s in box.listener.device_removed?(box.data, n, s) } }
        }
    }

    /// wl_touch time: milliseconds truncated to 32 bits.
    private static func msec(_ t: Milliseconds) -> UInt32 {
        let v = t.value.rounded(.down)
        guard v.isFinite, abs(v) < 9.0e18 else { return 0 }
        return UInt32(truncatingIfNeeded: Int64(v))
    }

    /// Microseconds, as libinput gave them (frame times are µs / 1000, so this is exact).
    private static func usec(_ t: Milliseconds) -> UInt64 {
        let v = (t.value * 1000).rounded()
        guard v.isFinite, v >= 0, v < 1.8e19 else { return 0 }
        return UInt64(v)
    }

    // MARK: calls from C

    func setOutput(width: Int32, height: Int32, transform: Int32) -> Int32 {
        guard width > 0, height > 0, let t = OutputTransform(rawValue: transform) else {
            box.log(.warning, "bezel_input_source_set_output(\(width)x\(height), transform \(transform)) rejected")
            return INVALID
        }
        guard let touchSource else { return OK }
        // Millimetres do not matter here: the listener gets pixels.
        touchSource.mapping.output = OutputGeometry(widthPx: Double(width), heightPx: Double(height), widthMm: 0, heightMm: 0)
        touchSource.mapping.transform = t
        box.log(.info, "input source: output \(width)x\(height), transform \(t)")
        return OK
    }

    func setCalibration(_ matrix: UnsafePointer<Double>?) -> Int32 {
        let calibration: CalibrationMatrix
        if let matrix {
            guard let m = CalibrationMatrix((0..<6).map { matrix[$0] }) else {
                box.log(.warning, "bezel_input_source_set_calibration: the matrix has a non-finite number; unchanged")
                return INVALID
            }
            calibration = m
        } else {
            calibration = .identity
        }
        touchSource?.mapping.calibration = calibration
        return OK
    }

    func addDevice(_ path: String) -> Int32 {
        guard isPathBackend else {
            box.log(.warning, "bezel_input_source_add_device(\(path)): a udev-seat source adds its devices itself")
            return INVALID
        }
        guard let touchSource else { return OK }
        do {
            try touchSource.addDevice(path: path)
        } catch {
            box.log(.error, "input source: \(error)")
            return INPUT
        }
        scheduleDispatch()
        return OK
    }

    func removeDevice(_ path: String) -> Int32 {
        guard isPathBackend else {
            box.log(.warning, "bezel_input_source_remove_device(\(path)): a udev-seat source removes its devices itself")
            return INVALID
        }
        guard let touchSource, touchSource.removeDevice(path: path) else {
            box.log(.warning, "bezel_input_source_remove_device(\(path)): not open")
            return NOT_FOUND
        }
        // The removal (and the cancel of its fingers) is queued in libinput, not signalled on its fd.
        scheduleDispatch()
        return OK
    }

    /// `true` if the object was freed now, `false` if the free waits for the dispatch to end.
    func destroy() -> Bool {
        if dispatching {
            destroyRequested = true
            box.muted = true
            return false
        }
        finishDestroy()
        return true
    }

    private func finishDestroy() {
        teardown()
        Unmanaged.passUnretained(self).release()
    }

    /// Takes the source off the loop and closes libinput. No listener call after this.
    private func teardown() {
        box.muted = true
        detachFromLoop()
        touchSource = nil
    }
}

/// A creation failure: the `bezel_result` code to return.
struct InputSourceFailure: Error {
    let code: Int32
}

private func inputSource(_ p: OpaquePointer?) -> InputSource? {
    guard let p else { return nil }
    return InputSource.from(UnsafeMutableRawPointer(p))
}

/// `bezel_input_source_create`: a libinput context on the host's loop.
@_cdecl("bezel_input_source_create")
public func bezel_c_input_source_create(_ loop: OpaquePointer?, _ seat: UnsafePointer<CChar>?,
                                        _ paths: UnsafePointer<UnsafePointer<CChar>?>?,
                                        _ listener: UnsafePointer<bezel_input_listener>?,
                                        _ data: UnsafeMutableRawPointer?,
                                        _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    guard let out, let listener else { return INVALID }
    let box = ListenerBox(listener: listener.pointee, data: data)
    guard let loop else {
        box.log(.error, "bezel_input_source_create: loop is NULL")
        return INVALID
    }
    let backend: LibinputTouchSource.Backend
    if let seat {
        guard paths == nil else {
            box.log(.error, "bezel_input_source_create: give a seat or device paths, not both")
            return INVALID
        }
        backend = .udev(seat: String(cString: seat))
    } else {
        var nodes: [String] = []
        if let paths {
            var i = 0
            while let path = paths[i] {
                guard nodes.count < InputSource.maxPaths else {
                    box.log(.error, "bezel_input_source_create: more than \(InputSource.maxPaths) paths (is the list NULL-terminated?)")
                    return INVALID
                }
                nodes.append(String(cString: path))
                i += 1
            }
        }
        backend = .path(nodes)
    }
    switch InputSource.create(loop: loop, backend: backend, listener: listener.pointee, data: data) {
    case .success(let source):
        out.pointee = OpaquePointer(Unmanaged.passRetained(source).toOpaque())
        return OK
    case .failure(let failure):
        return failure.code
    }
}

/// `bezel_input_source_set_output`: logical size and transform of the output.
@_cdecl("bezel_input_source_set_output")
public func bezel_c_input_source_set_output(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32,
                                            _ transform: Int32) -> Int32 {
    guard let source = inputSource(handle) else { return INVALID }
    return source.setOutput(width: width, height: height, transform: transform)
}

/// `bezel_input_source_set_calibration`: an extra calibration matrix (NULL: identity).
@_cdecl("bezel_input_source_set_calibration")
public func bezel_c_input_source_set_calibration(_ handle: OpaquePointer?, _ matrix: UnsafePointer<Double>?) -> Int32 {
    guard let source = inputSource(handle) else { return INVALID }
    return source.setCalibration(matrix)
}

/// `bezel_input_source_add_device`: one more device node (path backend).
@_cdecl("bezel_input_source_add_device")
public func bezel_c_input_source_add_device(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    guard let source = inputSource(handle), let path else { return INVALID }
    return source.addDevice(String(cString: path))
}

/// `bezel_input_source_remove_device`: closes a device node (path backend).
@_cdecl("bezel_input_source_remove_device")
public func bezel_c_input_source_remove_device(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    guard let source = inputSource(handle), let path else { return INVALID }
    return source.removeDevice(String(cString: path))
}

/// `bezel_input_source_get_time_usec`: the µs time of the events being delivered.
@_cdecl("bezel_input_source_get_time_usec")
public func bezel_c_input_source_get_time_usec(_ handle: OpaquePointer?) -> UInt64 {
    inputSource(handle)?.timeUsec ?? 0
}

/// `bezel_input_source_destroy`: off the loop and freed (deferred inside a listener call).
@_cdecl("bezel_input_source_destroy")
public func bezel_c_input_source_destroy(_ handle: OpaquePointer?) -> Int32 {
    guard let source = inputSource(handle) else { return INVALID }
    _ = source.destroy()
    return OK
}
