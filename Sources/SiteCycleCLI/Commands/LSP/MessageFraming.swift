#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleKit

/// Where the language server's messages come from: bytes as they arrive.
protocol ByteSource: AnyObject {
    /// Up to `buffer.count` bytes written into `buffer`: how many; 0 at
    /// the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// Standard input, read as it comes (never through a line buffer).
final class FileDescriptorSource: ByteSource {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard !buffer.isEmpty else { return 0 }
        while true {
            let n = systemRead(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return max(n, 0)
        }
    }

    /// Everything up to the end of the stream (`fmt --stdin`).
    func readAll() -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = chunk.withUnsafeMutableBytes({ read(into: $0) }), n > 0 { out += chunk[..<n] }
        return out
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// JSON-RPC messages framed as LSP frames them: `Content-Length: N`
/// header lines, a blank line, then N bytes of JSON.
///
/// Linear in what it reads: header lines come 64 KB at a time into one
/// buffer, and a body is read straight into an array of its length, not
/// zeroed first (a 50 MB message read 64 KB at a time from a pipe once
/// zeroed a new buffer of up to 64 MB for every read: 11 s).
struct MessageReader {
    enum Frame: Equatable {
        case message([UInt8])
        /// A header without a usable Content-Length: answered with a parse
        /// error, and reading goes on.
        case badHeader(String)
        /// A Content-Length over `maximumLength` (its digits as sent): the
        /// body is not read, so nothing after it can be told apart.
        case tooLarge(String)
        case end
    }

    /// The most one message may hold (a journal of a million lines is
    /// about 60 MB).
    static let maximumLength = 256 << 20
    static let chunk = 1 << 16

    let source: ByteSource
    /// Bytes read and not yet taken: header lines, and the start of a
    /// body that came with them.
    private var buffer: [UInt8] = []
    private var position = 0

    init(source: ByteSource) { self.source = source }

    mutating func next() -> Frame {
        // The header: lines up to an empty one.
        var length: String?
        var sawHeader = false
        while true {
            guard let line = readLine() else { return sawHeader ? .badHeader("the stream ended inside a header") : .end }
            if line.isEmpty {
                if !sawHeader { continue }  // stray blank lines between messages
                break
            }
            sawHeader = true
            let text = String(decoding: line, as: UTF8.self)
            if let colon = text.firstIndex(of: ":"), text[..<colon].lowercased() == "content-length" {
                length = String(text[text.index(after: colon)...].trimmingBlanks())
            }
        }
        guard let digits = length, !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .badHeader("no valid Content-Length header")
        }
        guard let n = Int(digits), n <= MessageReader.maximumLength else { return .tooLarge(digits) }
        guard let body = take(n) else { return .end }
        return .message(body)
    }

    /// One header line without its CR LF (or LF), or nil at the end.
    private mutating func readLine() -> [UInt8]? {
        var searched = position
        while true {
            if let lf = buffer[searched...].firstIndex(of: 0x0A) {
                var end = lf
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[position..<end])
                position = lf + 1
                return line
            }
            // A header line longer than this is no header: drop it.
            if buffer.count - position > 1 << 16 { position = buffer.count; return [UInt8(ascii: "?")] }
            let looked = buffer.count - position  // no LF in these: not searched again
            guard fill() else { return nil }
            searched = position + looked
        }
    }

    /// The next `n` bytes: those already read, then the rest read straight
    /// into place; nil if the stream ends first.
    private mutating func take(_ n: Int) -> [UInt8]? {
        let have = min(n, buffer.count - position)
        let source = self.source
        var complete = true
        let body = buffer.withUnsafeBytes { held in
            [UInt8](unsafeUninitializedCapacity: n) { out, count in
                let raw = UnsafeMutableRawBufferPointer(out)
                if have > 0 { raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: held[position..<(position + have)])) }
                count = have
                while count < n {
                    let got = source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count..<n]))
                    guard got > 0 else { complete = false; break }
                    count += got
                }
            }
        }
        position += have
        return complete ? body : nil
    }

    /// One more chunk read onto the end of the buffer (the bytes taken
    /// dropped first); false at the end of the stream.
    private mutating func fill() -> Bool {
        if position > 0 {
            buffer.removeSubrange(..<position)
            position = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: MessageReader.chunk))
        let source = self.source
        let n = buffer.withUnsafeMutableBytes { source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[old...])) }
        buffer.removeLast(MessageReader.chunk - n)
        return n > 0
    }
}

/// One message with its header.
func framed(_ message: JSON) -> String {
    let body = message.compact()
    return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
}
