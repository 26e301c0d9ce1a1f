/// A path is bytes, and a name on disk need not be UTF-8 (`caf\xe9`, made
/// on a Latin-1 system). Paths are held as Strings all through sitecycle,
/// so each byte that is not part of well-formed UTF-8 is kept as one
/// private-use scalar, U+10FF00 plus the byte (the idea of Python's
/// "surrogateescape"), and the system calls get the bytes back. A real
/// U+10FF80…U+10FFFF in a name is kept byte by byte the same way, so every
/// byte string maps to one String and back. Printed, such a byte shows as
/// `\xe9` (`ControlCharacters.escaped`).
public enum SystemPath {
    /// The first scalar that stands for a byte (U+10FF80: byte 0x80).
    static let firstByteScalar: UInt32 = 0x10FF80

    /// The byte a scalar stands for, if it stands for one.
    @inline(__always)
    public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= firstByteScalar ? UInt8(truncatingIfNeeded: scalar.value) : nil
    }

    /// The String for bytes from the system (argv, the environment,
    /// `readdir`, `realpath`), losing none.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let bytes = Array(bytes)
        // Nearly every path is ASCII.
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            if let (scalar, width) = decode(bytes, at: i), scalar.value < firstByteScalar {
                scalars.append(scalar)
                i += width
            } else {
                scalars.append(Unicode.Scalar(firstByteScalar - 0x80 + UInt32(bytes[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The String for a C string from the system.
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var n = 0
        while cString[n] != 0 { n += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: n) { string(UnsafeBufferPointer(start: $0, count: n)) }
    }

    /// The bytes of `path`, as the system names the file.
    public static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { $0.value >= firstByteScalar }) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for s in path.unicodeScalars {
            if let b = byte(s) { out.append(b) } else { out.append(contentsOf: String(s).utf8) }
        }
        return out
    }

    /// One well-formed UTF-8 sequence at `i`: no overlong form, no
    /// surrogate, nothing past U+10FFFF.
    static func decode(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        let width: Int, low: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (width, low, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (width, low, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (width, low, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard i + width <= b.count else { return nil }
        for k in 1..<width {
            guard b[i + k] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b[i + k] & 0x3F)
        }
        guard value >= low, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, width)
    }
}

extension String {
    /// This path as the system names it: its bytes, NUL-terminated, for
    /// `open`, `stat`, `rename`… (see `SystemPath`).
    public var systemPath: [CChar] {
        SystemPath.bytes(self).map { CChar(bitPattern: $0) } + [0]
    }
}
