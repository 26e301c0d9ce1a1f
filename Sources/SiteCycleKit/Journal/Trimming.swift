extension StringProtocol {
    /// Without leading and trailing spaces and tabs: whole characters, so
    /// a space that a combining mark follows (or a prepended mark comes
    /// before) stays.
    package func trimmingBlanks() -> String {
        // Byte by byte where the blanks meet ASCII: no character there is
        // more than its byte. Dropping a character at a time walked the
        // grapheme rules for each blank (`fmt` on 200,000 indented note
        // lines spent a fifth of its time here).
        let whole = Substring(self), bytes = whole.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        let trimmedBefore = start != bytes.startIndex, trimmedAfter = end != bytes.endIndex
        if (!trimmedBefore || start == end || bytes[start] < 0x80)
            && (!trimmedAfter || end == start || bytes[bytes.index(before: end)] < 0x80) {
            return String(whole[start..<end])
        }
        var s = whole
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    /// Without leading and trailing white space and line breaks.
    package func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// Whether the text's UTF-8 holds `byte` (a line feed, a backquote):
    /// read from contiguous storage when there is one, where the generic
    /// walk over `utf8` cost hundreds of instructions a short note.
    package func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}
