/// RFC 4180 CSV: fields with `,` `"` CR or LF are quoted with inner quotes
/// doubled; records end with LF (the SiteCycle app's choice).
public enum CSV {
    public static func field(_ value: String) -> String {
        // Bytes, not Characters: grapheme breaking made this the export's hot spot.
        let needsQuotes = value.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return value }
        return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a
    /// formula (`=HYPERLINK(…)`, `+cmd|…`), and so does one starting with a
    /// tab or CR. OWASP's advice: prefix such a cell with `'`, which the
    /// spreadsheet shows as text. A cell that `restoringFormula` would
    /// change (one starting `'=` or `''`) is prefixed too, so that reading
    /// our export back gives every cell byte for byte. Every other cell is
    /// left as it is.
    public static func neutralisingFormula(_ cell: String) -> String {
        guard let first = cell.utf8.first else { return cell }
        return formulaStarts.contains(first) || startsWithGuard(cell) ? "'" + cell : cell
    }

    /// A cell a person typed (a location, a note, a device, a reason, a
    /// lot), as every CSV we write holds it: guarded, then quoted. Only
    /// the header's column names and the numbers we compute go out bare.
    public static func typedField(_ value: String) -> String {
        field(neutralisingFormula(value))
    }

    /// The reverse, for our own export read back: one guarding `'` is
    /// dropped (`'=…` → `=…`, `''…` → `'…`).
    public static func restoringFormula(_ cell: String) -> String {
        startsWithGuard(cell) ? String(cell.dropFirst()) : cell
    }

    /// `'` followed by a formula start or by another `'`.
    private static func startsWithGuard(_ cell: String) -> Bool {
        let u = cell.utf8
        guard u.count >= 2, u.first == UInt8(ascii: "'") else { return false }
        let second = u[u.index(after: u.startIndex)]
        return second == UInt8(ascii: "'") || formulaStarts.contains(second)
    }

    package static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                            0x09, 0x0D]

    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// A parsed record with the 1-based line it starts on (records may span
    /// lines inside quotes).
    public struct Record: Equatable {
        public var line: Int
        public var fields: [String]
    }

    public struct ParseError: Error, Equatable {
        public var line: Int
        public var message: String
    }

    /// Reads CSV text: an optional BOM, LF or CRLF records, quoted fields
    /// with doubled quotes and line breaks inside. Blank lines are skipped.
    public static func parse(_ text: String) -> Result<[Record], ParseError> {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false, quotedField = false
        var line = 1, recordLine = 1
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            quotedField = false
        }
        while i < scalars.count {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 2; continue }
                    inQuotes = false
                } else {
                    if c == "\n" { line += 1 }
                    if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1; line += 1; field += "\n"; i += 1; continue }
                    field.unicodeScalars.append(c)
                }
                i += 1
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !quotedField:
                inQuotes = true
                quotedField = true
            case "\"":
                return .failure(ParseError(line: line, message: "a quote in the middle of an unquoted field"))
            case ",":
                fields.append(field)
                field = ""
                quotedField = false
            case "\r" where i + 1 < scalars.count && scalars[i + 1] == "\n":
                i += 1
                fallthrough
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                if quotedField { return .failure(ParseError(line: line, message: "text after a closing quote")) }
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if inQuotes { return .failure(ParseError(line: recordLine, message: "a quoted field is never closed")) }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return .success(records)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed). Matched
    /// as UTF-8 bytes, not characters: a quote followed by a combining mark
    /// is still a quote to escape.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.utf8), r = Array(replacement.utf8), bytes = Array(utf8)
        guard !t.isEmpty, bytes.count >= t.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == t[0], i + t.count <= bytes.count, bytes[i..<(i + t.count)].elementsEqual(t) {
                out += r
                i += t.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
