@testable import SiteCycleKit
import SiteCycleTestSupport
import Testing

/// Issue 41 item 3 and issue 39 item 15: one byte decoder makes the one
/// `JSON` value for every reader — strict RFC 8259, a depth limit, and
/// one rule for a key given twice (the object is refused, naming it).
struct JSONReaderTests {
    func read(_ text: String) -> JSON? { try? JSON.decode(text).get() }

    func failure(_ text: String) -> JSONError? {
        if case .failure(let e) = JSON.decode(text) { return e }
        return nil
    }

    @Test func numbersInEveryJSONForm() throws {
        #expect(read("0") == .int(0))
        #expect(read("-0") == .int(0))
        #expect(read("120") == .int(120))
        #expect(read("-42") == .int(-42))
        #expect(read("7.8") == .double(7.8))
        #expect(read("1e2") == .double(100))
        #expect(read("1E+2") == .double(100))
        #expect(read("2.5e-3") == .double(0.0025))
        // mongoexport's dates, and 17 significant digits, exactly as Double reads them.
        #expect(read("1.557405318571e+12") == .double(1_557_405_318_571))
        #expect(read("0.30000000000000004") == .double(0.30000000000000004))
        #expect(read("1557405318571") == .int(1_557_405_318_571))
        #expect(read("9223372036854775807") == .int(Int.max))
        #expect(read("-9223372036854775808") == .int(Int.min))
        // Past Int: the nearest double.
        #expect(read("9223372036854775808") == .double(9_223_372_036_854_775_808))
        // A whole number is `.int`, a decimal `.double`: case by case.
        guard case .int = try #require(read("12")), case .double = try #require(read("12.0")) else {
            Issue.record("12 and 12.0 read as the wrong kinds")
            return
        }
        for bad in ["01", "-", "1.", ".5", "1e", "+1", "1e+", "0x10", "NaN", "Infinity", "-01", "1.5e400"] {
            #expect(read(bad) == nil, "\(bad)")
        }
    }

    @Test func stringsWithEveryEscapeAndSurrogates() {
        #expect(read(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(read(#""\u00e9\u00E9é""#) == .string("ééé"))
        #expect(read(#""\ud83d\ude00""#) == .string("😀"))
        // A lone surrogate, either half, reads as U+FFFD; the rest stays.
        #expect(read(#""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(read(#""\udc00\ud83d""#) == .string("\u{FFFD}\u{FFFD}"))
        #expect(read(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
        // Each special byte is seen wherever it stands.
        for at in 0..<40 {
            let a = String(repeating: "a", count: at), z = String(repeating: "z", count: 11 + at % 9)
            #expect(read("\"\(a)\\n\(z)\"") == .string(a + "\n" + z), "\(at)")
            #expect(read("\"\(a)é\(z)\"") == .string(a + "é" + z), "\(at)")
            #expect(read("[\"\(a)\",\"\(z)\"]") == .array([.string(a), .string(z)]), "\(at)")
            #expect(read("\"\(a)\u{1F}\(z)\"") == nil, "\(at)")
            #expect(read("\"\(a)\u{7F}~ \(z)\"") == .string(a + "\u{7F}~ " + z), "\(at)")
        }
        for bad in [#""\x""#, #""\u12""#, #""\u12G4""#, "\"a\nb\"", "\"a\u{1}\"", #""abc"#, "'a'"] {
            #expect(read(bad) == nil, "\(bad)")
        }
    }

    @Test func whitespaceLiteralsAndTrailingText() throws {
        #expect(read(" \t\r\n[ true , false , null ] \n") == .array([.bool(true), .bool(false), .null]))
        #expect(read("\u{FEFF}{}") == .object([]))
        for bad in ["", " ", "[1,]", "[1 2]", "{\"a\":1,}", "{a:1}", "tru", "nul", "[1]]", "{} {}", "1 2", "[1] x",
                    "\u{C}1", "{\"a\" 1}", "[", "{"] {
            #expect(read(bad) == nil, "\(bad)")
        }
        let trailing = try #require(failure("[1]\n  x"))
        #expect(trailing.message == "text after the JSON value")
        #expect((trailing.offset, trailing.line, trailing.column) == (6, 2, 3))
    }

    @Test func aKeyGivenTwiceIsRefusedNamingIt() throws {
        let e = try #require(failure("{\"sgv\": 120,\n \"sgv\": 400}"))
        #expect(e.kind == .duplicateKey("sgv"))
        #expect((e.line, e.column) == (2, 2))
        #expect(e.located == #"line 2, column 2: the key "sgv" is given twice in one object (keep the one you mean)"#)
        // Escaped or not, the same key; nested objects too; arrays may repeat.
        #expect(failure(#"{"sgv":1,"s\u0067v":2}"#)?.kind == .duplicateKey("sgv"))
        #expect(failure(#"[{"a":{"b":1,"b":1}}]"#)?.kind == .duplicateKey("b"))
        #expect(read(#"[{"a":1},{"a":1}]"#) != nil)
        // Many keys (past the short list): still found.
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(read("{\(many)}") != nil)
        #expect(failure("{\(many),\"k7\":0}")?.kind == .duplicateKey("k7"))
    }

    @Test func nestingPastTheLimitIsRefusedNotCrashed() throws {
        let deep = JSONReader.maxDepth
        #expect(read(String(repeating: "[", count: deep) + String(repeating: "]", count: deep)) != nil)
        let e = try #require(failure(String(repeating: "[", count: deep + 1) + String(repeating: "]", count: deep + 1)))
        #expect(e.kind == .tooDeep)
        #expect(e.offset == deep)
        // A hostile file far deeper than any stack: refused, at once.
        #expect(failure(String(repeating: "{\"a\":", count: 100_000))?.kind == .tooDeep)
    }

    @Test func objectsKeepTheirOrderAndCompareAsSets() throws {
        let value = try #require(read(#"{"b":1,"a":[1,2.5,"x"],"c":null}"#))
        guard case .object(let pairs) = value else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["b", "a", "c"])
        #expect(value.compact() == #"{"b":1,"a":[1,2.5,"x"],"c":null}"#)
        #expect(value == .object([("c", .null), ("b", .double(1)), ("a", .array([.int(1), .double(2.5), .string("x")]))]))
        #expect(value != .object([("b", .int(1)), ("a", .array([.double(2.5), .int(1), .string("x")])), ("c", .null)]))
        #expect(value != .object([("b", .int(1)), ("a", .array([])), ("c", .null), ("d", .null)]))
        #expect(JSON.int(1) != .string("1"))
        #expect(JSON.double(0.5) != .int(0))
    }

    @Test func membersReadsAnObjectAsValueDoesWithoutBuildingIt() {
        func members(_ text: String) -> [String]? {
            var text = text
            return text.withUTF8 { buf in
                var reader = JSONReader(bytes: buf)
                var out: [String] = []
                do throws(JSONError) {
                    try reader.members { k, v in
                        out.append(String(decoding: buf[k], as: UTF8.self) + "=" + String(decoding: buf[v], as: UTF8.self))
                    }
                } catch { return nil }
                return out
            }
        }
        #expect(members(#"{"sgv": 120, "type":"sgv" ,"x":{"y":[1,{}]}}"#) == ["sgv=120", "type=\"sgv\"", "x={\"y\":[1,{}]}"])
        #expect(members(#"{"sgv":120,"sgv":400}"#) == nil)
        #expect(members(#"{"sgv":120,"x":{"a":1,"a":2}}"#) == nil)
        #expect(members(#"{"sgv":012}"#) == nil)
        #expect(members(#"{"K":1,"\u212A":2}"#) == nil, "a key that reads the same is the same key, as JSON.decode takes it")
        // Past the short list (a hash of the bytes), and after an escaped key (strings).
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(members("{\(many)}")?.count == 40)
        #expect(members("{\(many),\"k39\":0}") == nil)
        #expect(members("{\(many),\"\\u006b3\":0}") == nil)
        #expect(members("{\"\\u0061\":1,\(many),\"a\":0}") == nil)
        #expect(read(#"{"K":1,"\u212A":2}"#) == nil)
    }

    /// A big download reads whole, every row the same value as alone
    /// (its time against the old decoder is measured through `outcomes`).
    @Test func bigInputsReadWhole() throws {
        let row = #"{"_id":"5cd1","sgv":120,"date":1.557405318571e+12,"dateString":"2019-05-09T12:35:18.571Z","type":"sgv"}"#
        let text = "[" + Array(repeating: row, count: 20_000).joined(separator: ",\n") + "]"
        let value = try #require(read(text))
        guard case .array(let items) = value else { Issue.record("not an array"); return }
        #expect(items.count == 20_000)
        #expect(items.last == read(row))
    }

    /// One decoder: no other JSON reader in the sources, and no reader
    /// goes through `Any` (`JSON+Reads.swift` reads the value itself).
    @Test func noOtherJSONReaderIsLeftInTheSources() throws {
        for (path, text) in try swiftSources("Sources") {
            for banned in ["JSONDecoder(", "JSONSerialization", "as? [String: Any]", "as? [Any]"] {
                #expect(!text.contains(banned), "\(path) holds \(banned)")
            }
        }
    }
}
