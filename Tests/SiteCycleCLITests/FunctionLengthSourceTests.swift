import Foundation
import Testing
import SiteCycleTestSupport

/// Issue 41 item 7, held as a property of the source: the engines and the
/// journal reader are read step by step, so no function there grows past
/// `limit` lines again (`Statistics.compute` was 179, `readEntries` 126).
/// A long function becomes named steps, each with a doc comment.
struct FunctionLengthSourceTests {
    static let folders = ["Sources/SiteCycleKit/Engines", "Sources/SiteCycleKit/Journal"]
    static let limit = 80

    /// Each function in `text` as (first line, length in lines), its body
    /// ending where its braces balance. Braces in string literals and
    /// after `//` are not counted; a multi-line string's lines are skipped.
    static func functions(in text: String) -> [(line: Int, length: Int)] {
        // A line that starts a function or an initializer, after attributes
        // and modifiers.
        let declaration = #/^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|static|mutating|override|final|nonisolated|convenience|required)\s+)*(func\s|init[?!]?\s*[(<])/#
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(Int, Int)] = []
        for (i, line) in lines.enumerated() where line.contains(declaration) {
            var depth = 0, opened = false, inBlock = false
            var end = i
            for j in i..<lines.count {
                end = j
                if lines[j].components(separatedBy: "\"\"\"").count == 2 { inBlock.toggle(); continue }
                if inBlock { continue }
                let code = lines[j].replacing(#/"(\\.|[^"\\])*"/#, with: "").components(separatedBy: "//")[0]
                let opens = code.filter { $0 == "{" }.count
                depth += opens - code.filter { $0 == "}" }.count
                if opens > 0 { opened = true }
                if opened && depth <= 0 { break }
            }
            found.append((i + 1, end - i + 1))
        }
        return found
    }

    @Test func theMeasureCountsAFunctionToItsClosingBrace() {
        let body = (1...90).map { "        let x\($0) = \"{\" // }" }.joined(separator: "\n")
        let text = """
            struct S {
                /// Short.
                @inline(__always) package static func short() -> Int { 1 }
                mutating func long() {
            \(body)
                    let s = \"\"\"
                        }}}
                        \"\"\"
                }
                init(a: Int) {
                    if a > 0 { print(a) }
                }
            }
            """
        let measured = Self.functions(in: text)
        #expect(measured.map(\.line) == [3, 4, 99])
        #expect(measured.map(\.length) == [1, 95, 3])
    }

    @Test func noFunctionInTheEnginesOrTheJournalReaderIsLong() throws {
        var long: [String] = []
        var seen = 0
        for folder in Self.folders {
            for (path, text) in try swiftSources(folder) {
                for f in Self.functions(in: text) {
                    seen += 1
                    if f.length > Self.limit { long.append("\(folder)/\(path):\(f.line): \(f.length) lines") }
                }
            }
        }
        #expect(seen > 100)
        #expect(long.isEmpty, "split these into named steps:\n\(long.joined(separator: "\n"))")
    }
}
