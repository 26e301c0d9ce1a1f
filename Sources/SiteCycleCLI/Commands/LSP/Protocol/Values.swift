import SiteCycleKit

/// The protocol's values (LSP 3.17), each reading and writing its own
/// JSON. In a namespace: the Kit has a `Diagnostic` and a `TextEdit` of
/// its own (in lines and bytes), and Swift a `Range`.
enum LSP {
    /// A place in a document: a line from 0 and a character from 0, in
    /// the agreed encoding's units (`LineIndex` turns it into a byte).
    struct Position: Equatable {
        var line: Int, character: Int

        static let start = Position(line: 0, character: 0)

        init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        /// `{line, character}`; nil unless both are numbers from 0.
        init?(_ json: JSON?) {
            guard let line = json?["line"]?.natural, let character = json?["character"]?.natural else { return nil }
            self.init(line: line, character: character)
        }

        var json: JSON { .object([("line", .int(line)), ("character", .int(character))]) }
    }

    struct Range: Equatable {
        var start: Position, end: Position

        init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }

        /// `{start, end}`; nil unless both are positions.
        init?(_ json: JSON?) {
            guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
            self.init(start: start, end: end)
        }

        var json: JSON { .object([("start", start.json), ("end", end.json)]) }
    }

    /// What the editor shows on a range: check's diagnostics, a probable
    /// glucose failure, or why the server's copy is out of step.
    struct Diagnostic: Equatable {
        enum Severity: Int { case error = 1, warning, information, hint }

        var range: Range
        var severity: Severity
        var code: String?
        var source = "sitecycle"
        var message: String
        /// Ours: `{help}`, the line check prints under the message.
        var data: JSON?

        init(range: Range, severity: Severity, code: String? = nil, message: String, data: JSON? = nil) {
            self.range = range
            self.severity = severity
            self.code = code
            self.message = message
            self.data = data
        }

        init?(_ json: JSON?) {
            guard let range = Range(json?["range"]), let severity = json?["severity"]?.natural.flatMap({ Severity(rawValue: $0) }),
                  let message = json?["message"]?.text else { return nil }
            self.init(range: range, severity: severity, code: json?["code"]?.text, message: message, data: json?["data"])
            source = json?["source"]?.text ?? source
        }

        var json: JSON {
            .object([("range", range.json), ("severity", .int(severity.rawValue))]
                    + (code.map { [("code", JSON.string($0))] } ?? [])
                    + [("source", .string(source)), ("message", .string(message))]
                    + (data.map { [("data", $0)] } ?? []))
        }
    }

    /// New text for a range.
    struct TextEdit: Equatable {
        var range: Range
        var newText: String

        init(range: Range, newText: String) {
            self.range = range
            self.newText = newText
        }

        init?(_ json: JSON?) {
            guard let range = Range(json?["range"]), let newText = json?["newText"]?.text else { return nil }
            self.init(range: range, newText: newText)
        }

        var json: JSON { .object([("range", range.json), ("newText", .string(newText))]) }
    }

    /// One of a `didChange`'s content changes, read: a whole new text, or
    /// new text for a range (nil when it is not line and character
    /// numbers), or one with no text.
    enum ContentChange: Equatable {
        case whole(String)
        case part(Range?, String)
        case noText

        /// A `didChange`'s `contentChanges`; nil when it is not a list.
        static func list(_ json: JSON?) -> [ContentChange]? {
            json?.items?.map { item in
                guard let text = item["text"]?.text else { return .noText }
                guard let range = item["range"] else { return .whole(text) }
                return .part(Range(range), text)
            }
        }
    }
}
