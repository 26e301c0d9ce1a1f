/// Why bytes are not JSON, and where: a byte offset and the 1-based line
/// and column (in characters) it falls on.
public struct JSONError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case syntax
        /// An object names this key twice: which value was meant is not
        /// ours to guess, so the object is refused.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than `JSONReader.maxDepth`.
        case tooDeep
    }

    public var kind: Kind
    public var message: String
    public var offset: Int
    public var line = 1
    public var column = 1

    /// "line 3, column 14: …", for a message that names the file first.
    public var located: String { "line \(line), column \(column): \(message)" }
}

extension JSON {
    /// A whole JSON text (RFC 8259), or where and why it is not one. A
    /// UTF-8 byte order mark before it is passed over.
    public static func decode(_ bytes: [UInt8]) -> Result<JSON, JSONError> {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    public static func decode(_ text: String) -> Result<JSON, JSONError> {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSON, JSONError> {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        do throws(JSONError) {
            reader.skipSpace()
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.offset == bytes.count else { throw reader.error("text after the JSON value") }
            return .success(value)
        } catch {
            return .failure(JSONReader.located(error, in: bytes))
        }
    }
}

/// The one JSON decoder: bytes to `JSON`, strictly as RFC 8259 writes it.
///
/// - Numbers: an integer without fraction or exponent that fits an `Int`
///   is `.int`; any other is `.double`, read to the nearest double
///   (`1.557405318571e+12`, 17 significant digits).
/// - Strings: every escape; a surrogate pair is one character, a lone
///   surrogate (which a Swift string cannot hold) reads as U+FFFD, as an
///   undecodable byte does.
/// - Nesting deeper than `maxDepth` is refused, so a hostile file cannot
///   exhaust the stack.
/// - An object that names a key twice is refused, naming the key: health
///   data is never silently taken from one of two values.
public struct JSONReader {
    public static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    public var offset: Int

    public init(bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    func error(_ message: String, at: Int? = nil, kind: JSONError.Kind = .syntax) -> JSONError {
        JSONError(kind: kind, message: message, offset: at ?? offset)
    }

    /// `error` with its line and column filled in.
    static func located(_ error: JSONError, in bytes: UnsafeBufferPointer<UInt8>) -> JSONError {
        var e = error
        var line = 1, lineStart = 0
        let end = min(e.offset, bytes.count)
        for k in 0..<end where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        e.line = line
        // Characters, not bytes: UTF-8 continuation bytes do not count.
        e.column = 1 + (lineStart..<end).reduce(0) { $0 + (bytes[$1] & 0xC0 == 0x80 ? 0 : 1) }
        return e
    }

    @inline(__always) public mutating func skipSpace() {
        while offset < bytes.count {
            let b = bytes[offset]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            offset += 1
        }
    }

    /// What the byte at `offset` is, in words for a message.
    func found() -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let b = bytes[offset]
        return b >= 0x21 && b < 0x7F ? "`\(Character(Unicode.Scalar(b)))`" : "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    /// One value at `offset` (no blanks before it), leaving `offset` just
    /// past it.
    public mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard offset < bytes.count else { throw error("expected a value, found the end of the text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, found \(found())")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard offset + n <= bytes.count,
              (0..<n).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] }) else {
            throw error("expected a value, found \(found())")
        }
        offset += n
    }

    mutating func enter(_ depth: Int) throws(JSONError) {
        guard depth <= Self.maxDepth else {
            throw error("arrays and objects nested deeper than \(Self.maxDepth)", kind: .tooDeep)
        }
        offset += 1
        skipSpace()
    }

    mutating func array(depth: Int) throws(JSONError) -> JSON {
        try enter(depth)
        var items: [JSON] = []
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth))
            skipSpace()
            guard offset < bytes.count else { throw error("an array without its `]`") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; skipSpace(); continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw error("expected `,` or `]`, found \(found())") }
            offset += 1
            return .array(items)
        }
    }

    mutating func object(depth: Int) throws(JSONError) -> JSON {
        try enter(depth)
        var pairs: [(String, JSON)] = []
        var keys = KeySet()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(pairs) }
        while true {
            let at = offset
            let key = try memberKey()
            try keys.insert(key, at: at, in: self)
            pairs.append((key, try value(depth: depth)))
            guard try objectGoesOn() else { return .object(pairs) }
        }
    }

    /// `"key"` and its `:`, with the blanks around them.
    mutating func memberKey() throws(JSONError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw error("expected a key in quotes, found \(found())")
        }
        let key = try string()
        try colon()
        return key
    }

    mutating func colon() throws(JSONError) {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            throw error("expected `:` after a key, found \(found())")
        }
        offset += 1
        skipSpace()
    }

    /// After a member: past a `,` (true) or the closing `}` (false).
    mutating func objectGoesOn() throws(JSONError) -> Bool {
        skipSpace()
        guard offset < bytes.count else { throw error("an object without its `}`") }
        if bytes[offset] == UInt8(ascii: ",") { offset += 1; skipSpace(); return true }
        guard bytes[offset] == UInt8(ascii: "}") else { throw error("expected `,` or `}`, found \(found())") }
        offset += 1
        return false
    }

    /// The keys of one object so far; a second of one is refused.
    struct KeySet {
        var few: [String] = []
        var many: Set<String>?

        mutating func insert(_ key: String, at: Int, in reader: JSONReader) throws(JSONError) {
            let isNew: Bool
            if var set = many {
                many = nil
                isNew = set.insert(key).inserted
                many = set
            } else {
                isNew = !few.contains(key)
                few.append(key)
                if few.count > 12 { many = Set(few); few = [] }
            }
            guard isNew else { throw Self.twice(key, at: at, in: reader) }
        }

        static func twice(_ key: String, at: Int, in reader: JSONReader) -> JSONError {
            reader.error("the key \"\(ControlCharacters.escaped(key))\" is given twice in one object "
                         + "(keep the one you mean)", at: at, kind: .duplicateKey(key))
        }
    }
}
