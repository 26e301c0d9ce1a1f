/// Breaking prose at spaces so that no line passes the screen's width
/// (80 columns unless told otherwise). A column is a Unicode scalar; ANSI
/// colour escapes take none. A word wider than a line (a long path) is kept
/// whole on a line of its own rather than cut in the middle.
package enum TextWrap {
    package static let width = 80

    /// Display columns of `text`: scalars, without `ESC [ … m` sequences.
    package static func columns(_ text: some StringProtocol) -> Int {
        // ASCII without an escape (nearly every message): a column a byte.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || $0 == 0x1B }
        }
        if plain == true { return text.utf8.count }
        var count = 0, inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }

    /// A note as the person wrote it: each of its lines on a line of its
    /// own, wrapped, with every control character but the line break shown
    /// as `\x1b`. Every view that prints a note reads it through here.
    package static func note(_ note: String, width: Int = TextWrap.width, start: Int, indent: String) -> [String] {
        lines(note.terminalSafeMessage, width: width, start: start, indent: indent)
    }

    /// The lines of `text` (each of its own lines wrapped), the first to be
    /// printed after `start` columns, the others after `indent`.
    package static func lines(_ text: String, width: Int = TextWrap.width, start: Int = 0, indent: String = "") -> [String] {
        // Most notes fit as they are: splitting them into words only to
        // join them again was most of `history`'s time.
        if !text.containsByte(0x0A), start + columns(text) <= width { return [text] }
        var result: [String] = []
        var first = true
        let indentColumns = columns(indent)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = first ? start : indentColumns, empty = true
            for word in words(paragraph) {
                let w = columns(word)
                if empty {
                    line = String(word)
                    used += w
                    empty = false
                } else if used + 1 + w > width {
                    result.append(line)
                    line = String(word)
                    used = indentColumns + w
                } else {
                    line += " "
                    line += word
                    used += 1 + w
                }
            }
            result.append(line)
            first = false
        }
        return result
    }

    /// The words of a line, a `quoted example` counting as one word (it is
    /// not broken unless it is longer than a line).
    static func words(_ line: Substring) -> [Substring] {
        var result: [Substring] = [], open: Substring? = nil
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if let start = open {
                open = line[start.startIndex..<word.endIndex]
                if word.containsByte(0x60) {
                    result.append(open!)
                    open = nil
                }
            } else if word.utf8.reduce(0, { $0 + ($1 == 0x60 ? 1 : 0) }) % 2 == 1 {
                open = word
            } else {
                result.append(word)
            }
        }
        if let open { result.append(contentsOf: open.split(separator: " ", omittingEmptySubsequences: false)) }
        // (A word of no more bytes than the width has no more scalars.)
        return result.flatMap {
            $0.utf8.count > width && $0.unicodeScalars.count > width ? $0.split(separator: " ", omittingEmptySubsequences: false) : [$0]
        }
    }

    /// `text` wrapped, continuation lines starting with `indent`.
    package static func wrap(_ text: String, width: Int = TextWrap.width, start: Int = 0, indent: String = "") -> String {
        lines(text, width: width, start: start, indent: indent).enumerated()
            .map { $0.offset == 0 ? $0.element : indent + $0.element }.joined(separator: "\n")
    }
}
