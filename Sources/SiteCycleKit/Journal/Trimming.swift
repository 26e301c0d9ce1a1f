extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    package func trimmingBlanks() -> String {
        var s = Substring(self)
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
