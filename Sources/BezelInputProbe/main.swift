// bezel-input-probe: reads touch frames through BezelInput and prints them as lines
// (`TouchFrameText`), so tests and scripts can compare the live libinput path with the trace
// readers. See tools/umockdev-preload/README.md for the headless harness.
import BezelCore
import BezelInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let usage = """
usage:
  bezel-input-probe read (--device NODE [--device NODE...] | --seat SEAT) [--frames N] [--timeout-ms MS] [MAPPING]
      open the nodes with libinput's path backend (or follow a seat with the udev backend)
      and print each touch frame;
      exit 0 after N frames, 3 if MS pass without an event (default 10000);
      --remove-after K: after K frames remove the devices (their touches are cancelled), print
      what that gives and exit 0
  bezel-input-probe trace (--desc D --events E | --events E | --record F) [MAPPING]
      print the frames the trace readers decode from a recording
  bezel-input-probe umockdev (--desc D --events E | --record F) --out DIR [--node /dev/input/eventN]
      write DIR/device.umockdev, device.ioctl and device.script for umockdev-run
MAPPING: [--output WxH@WMMxHMM] [--transform normal|90|180|270|flipped|flipped-90|...]
         [--calibration a,b,c,d,e,f] [--slot-limit N] [--verbose]
"""

/// Writes all of `text` to `fd`; unbuffered, so a reader of the pipe sees each line at once.
func emit(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; return }
        bytes = bytes.dropFirst(n)
    }
}

func fail(_ message: String, code: Int32 = 2) -> Never {
    emit(2, "bezel-input-probe: \(message)\n")
    exit(code)
}

func writeLine(_ text: String) { emit(1, text + "\n") }

struct Options {
    var command = ""
    var devices: [String] = []
    var seat: String?
    var frames: Int?
    var removeAfter: Int?
    var timeoutMs: Int32 = 10_000
    var desc: String?
    var events: String?
    var record: String?
    var out: String?
    var node = "/dev/input/event9"
    var output = OutputGeometry(widthPx: 1080, heightPx: 2340, widthMm: 68, heightMm: 147)
    var transform = OutputTransform.normal
    var calibration = CalibrationMatrix.identity
    var slotLimit = TouchFrameBuilder.defaultSlotLimit
    var verbose = false
}

func parseOptions() -> Options {
    var args = CommandLine.arguments.dropFirst()
    var o = Options()
    guard let command = args.popFirst() else { fail(usage) }
    o.command = command
    func value(_ flag: String) -> String {
        guard let v = args.popFirst() else { fail("\(flag) needs a value") }
        return v
    }
    while let flag = args.popFirst() {
        switch flag {
        case "--device": o.devices.append(value(flag))
        case "--seat": o.seat = value(flag)
        case "--frames":
            guard let n = Int(value(flag)), n >= 0 else { fail("--frames needs a count") }
            o.frames = n
        case "--remove-after":
            guard let n = Int(value(flag)), n >= 0 else { fail("--remove-after needs a count") }
            o.removeAfter = n
        case "--timeout-ms":
            guard let n = Int32(value(flag)), n > 0 else { fail("--timeout-ms needs a positive number") }
            o.timeoutMs = n
        case "--desc": o.desc = value(flag)
        case "--events": o.events = value(flag)
        case "--record": o.record = value(flag)
        case "--out": o.out = value(flag)
        case "--node": o.node = value(flag)
        case "--output":
            let v = value(flag)
            guard let g = OutputSpec.parse(v) else { fail("--output '\(v)' is not WxH@WMMxHMM") }
            o.output = g
        case "--transform":
            let v = value(flag)
            guard let t = OutputTransform(name: v) else { fail("--transform '\(v)' is unknown") }
            o.transform = t
        case "--calibration":
            let v = value(flag)
            guard let m = CalibrationMatrix(v.split(separator: ",").compactMap({ Double($0) })) else {
                fail("--calibration needs six finite numbers a,b,c,d,e,f")
            }
            o.calibration = m
        case "--slot-limit":
            guard let n = Int(value(flag)), n > 0 else { fail("--slot-limit needs a positive count") }
            o.slotLimit = n
        case "--verbose", "-v": o.verbose = true
        case "--help", "-h": writeLine(usage); exit(0)
        default: fail("unknown option \(flag)\n\(usage)")
        }
    }
    return o
}

let options = parseOptions()
let logger = Logger(threshold: options.verbose ? .debug : .warning) { level, message in
    emit(2, "[\(level)] \(message)\n")
}
let mapping = TouchMapping(output: options.output, transform: options.transform, calibration: options.calibration)

func loadTrace() -> Trace {
    do {
        if let record = options.record { return try LibinputRecordTrace.read(record) }
        guard let events = options.events else { fail("need --events (with --desc) or --record") }
        if let desc = options.desc { return try EvemuTrace.read(desc: desc, events: events) }
        return try EvemuTrace.read(events: events)
    } catch {
        fail("\(error)")
    }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let f = fopen(path, "wb") else { fail("cannot write \(path): \(String(cString: strerror(errno)))") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    if written != bytes.count { fail("short write to \(path)") }
}

switch options.command {
case "read":
    guard !options.devices.isEmpty || options.seat != nil else { fail("read needs --device or --seat") }
    let source: LibinputTouchSource
    do {
        let backend: LibinputTouchSource.Backend = options.seat.map { .udev(seat: $0) } ?? .path(options.devices)
        source = try LibinputTouchSource(backend: backend, mapping: mapping,
                                         slotLimit: options.slotLimit, logger: logger)
    } catch {
        fail("\(error)", code: 1)
    }
    var count = 0
    let stopAt = [options.frames, options.removeAfter].compactMap { $0 }.min()
    var done: Bool { stopAt.map { count >= $0 } ?? false }
    // Events pending at open were drained by libinput; this dispatch handles DEVICE_ADDED.
    source.dispatch { writeLine(TouchFrameText.line($0)); count += 1 }
    while !done {
        var pfd = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, options.timeoutMs)
        if ready < 0 {
            if errno == EINTR { continue }
            fail("poll: \(String(cString: strerror(errno)))", code: 1)
        }
        if ready == 0 {
            fail("timed out after \(count) frame(s)\(options.frames.map { " of \($0)" } ?? "")", code: 3)
        }
        let rc = source.dispatch { frame in
            if !done { writeLine(TouchFrameText.line(frame)) }
            count += 1
        }
        if rc < 0 { fail("libinput_dispatch failed: \(String(cString: strerror(-rc)))", code: 1) }
    }
    if options.removeAfter != nil {
        // R8: the removal is reported by libinput at the next dispatch.
        for device in options.devices { source.removeDevice(path: device) }
        source.dispatch { writeLine(TouchFrameText.line($0)) }
    }
    exit(0)

case "trace":
    let trace = loadTrace()
    do {
        for frame in try trace.frames(mapping: mapping, slotLimit: options.slotLimit, logger: logger) {
            writeLine(TouchFrameText.line(frame))
        }
    } catch {
        fail("\(error)")
    }

case "umockdev":
    let trace = loadTrace()
    guard let out = options.out else { fail("umockdev needs --out DIR") }
    guard let files = UmockdevFiles.make(trace: trace, node: options.node) else {
        fail("--node must look like /dev/input/eventN")
    }
    writeFile(out + "/device.umockdev", files.description)
    writeFile(out + "/device.ioctl", files.ioctl)
    writeFile(out + "/device.script", files.script)
    writeLine("umockdev-run -d \(out)/device.umockdev -i \(options.node)=\(out)/device.ioctl -s \(options.node)=\(out)/device.script -- PROGRAM")

default:
    fail("unknown command '\(options.command)'\n\(usage)")
}
