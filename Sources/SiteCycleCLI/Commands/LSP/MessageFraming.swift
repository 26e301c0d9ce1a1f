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
    /// Up to `max` bytes; empty at the end of the stream.
    func read(max: Int) -> [UInt8]
}

/// Standard input, read as it comes (never through a line buffer).
final class FileDescriptorSource: ByteSource {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }

    func read(max: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, max) }
            if n < 0 && errno == EINTR { continue }
            return n <= 0 ? [] : Array(buffer[..<n])
        }
    }

    /// Everything up to the end of the stream (`fmt --stdin`).
    func readAll() -> [UInt8] {
        var out: [UInt8] = []
        while case let chunk = read(max: 1 << 16), !chunk.isEmpty { out += chunk }
        return out
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// JSON-RPC messages framed as LSP frames them: `Content-Length: N`
/// header lines, a blank line, then N bytes of JSON.
struct MessageReader {
    enum Frame: Equatable {
        case message([UInt8])
        /// A header without a usable Content-Length (or one too large):
        /// answered with a parse error, and reading goes on.
        case badHeader(String)
        case end
    }

    /// The most one message may hold (a journal of a million lines is
    /// about 60 MB).
    static let maximumLength = 256 << 20

    let source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0

    init(source: ByteSource) { self.source = source }

    mutating func next() -> Frame {
        // The header: lines up to an empty one.
        var length: Int?
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
                length = Int(text[text.index(after: colon)...].trimmingBlanks())
            }
        }
        guard let length, length >= 0 else { return .badHeader("no valid Content-Length header") }
        guard length <= MessageReader.maximumLength else {
            skip(length)
            return .badHeader("a message of \(length) bytes is larger than \(MessageReader.maximumLength)")
        }
        guard let body = take(length) else { return .end }
        return .message(body)
    }

    /// One header line without its CR LF (or LF), or nil at the end.
    private mutating func readLine() -> [UInt8]? {
        while true {
            if let lf = buffer[position...].firstIndex(of: 0x0A) {
                var end = lf
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[position..<end])
                position = lf + 1
                return line
            }
            // A header line longer than this is no header: drop it.
            if buffer.count - position > 1 << 16 { position = buffer.count; return [UInt8(ascii: "?")] }
            guard fill() else { return nil }
        }
    }

    private mutating func take(_ n: Int) -> [UInt8]? {
        while buffer.count - position < n { guard fill(minimum: n - (buffer.count - position)) else { return nil } }
        let body = Array(buffer[position..<(position + n)])
        position += n
        return body
    }

    private mutating func skip(_ n: Int) {
        var left = n
        while left > 0 {
            if position == buffer.count, !fill() { return }
            let step = min(left, buffer.count - position)
            position += step
            left -= step
        }
    }

    private mutating func fill(minimum: Int = 0) -> Bool {
        if position > 0 {
            buffer.removeSubrange(..<position)
            position = 0
        }
        let chunk = source.read(max: max(1 << 16, min(minimum, 64 << 20)))
        guard !chunk.isEmpty else { return false }
        buffer += chunk
        return true
    }
}

/// One message with its header.
func framed(_ message: JSON) -> String {
    let body = message.compact()
    return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
}
