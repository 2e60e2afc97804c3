import CBezel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a host's `struct bezel_host_interface` of any version this library knows.
///
/// A version 1 host compiled against the old header hands over a shorter struct: reading the
/// whole current struct from it would read past its end. So only the members that exist in
/// the host's version are copied; the later ones stay NULL, which means "not provided".
enum HostInterface {
    /// Byte size of the version 1 struct: everything before the first version 2 member.
    static let versionOneSize: Int =
        MemoryLayout<bezel_host_interface>.offset(of: \bezel_host_interface.gesture_event)
            ?? MemoryLayout<bezel_host_interface>.size

    /// A copy of the host's callbacks, or `nil` when `version` is not one this library knows.
    static func copy(_ host: UnsafePointer<bezel_host_interface>) -> bezel_host_interface? {
        let version = UnsafeRawPointer(host).load(as: UInt32.self)
        switch version {
        case 1: return versionOneMembers(of: host)
        case UInt32(BEZEL_HOST_INTERFACE_VERSION): return host.pointee
        default: return nil
        }
    }

    /// The version 1 members of `host`; the rest are NULL.
    static func versionOneMembers(of host: UnsafePointer<bezel_host_interface>) -> bezel_host_interface {
        var copy = bezel_host_interface()
        withUnsafeMutableBytes(of: &copy) { dst in
            if let base = dst.baseAddress { memcpy(base, UnsafeRawPointer(host), versionOneSize) }
        }
        return copy
    }
}
