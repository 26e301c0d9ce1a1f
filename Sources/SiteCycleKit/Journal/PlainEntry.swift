/// The parser's fast path: the one line shape nearly every journal is made
/// of, read in one pass. `FastPathTests` proves it reads what the general
/// parser (`JournalParser.swift`) reads.
extension JournalParser {
    /// The line most journals are made of, `YYYY-MM-DD HH:MM  Name` with an
    /// optional `; note`, all printable ASCII, read in one pass without the
    /// general machinery; nil for anything else (seconds, an offset, a tab
    /// or a double space in the name, any other byte), which the general
    /// parser then reads and, where wrong, explains. It accepts exactly
    /// what the general parser would read the same way.
    static func plainEntry(_ buf: UnsafeBufferPointer<UInt8>, _ span: LineSpan, line: Int,
                           names: inout NameTable) -> EntryRecord? {
        let p = span.start, end = span.contentEnd
        guard end - p >= 19 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int? {
            let b = buf[p + i] &- 0x30
            return b <= 9 ? Int(b) : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3), buf[p + 4] == 0x2D,
              let m0 = digit(5), let m1 = digit(6), buf[p + 7] == 0x2D, let d0 = digit(8), let d1 = digit(9),
              buf[p + 10] == 0x20, let h0 = digit(11), let h1 = digit(12), buf[p + 13] == 0x3A,
              let n0 = digit(14), let n1 = digit(15), isBlank(buf[p + 16])
        else { return nil }
        let date = CivilDate(year: y0 * 1000 + y1 * 100 + y2 * 10 + y3, month: m0 * 10 + m1, day: d0 * 10 + d1)
        let hour = h0 * 10 + h1, minute = n0 * 10 + n1
        guard date.isValid, hour <= 23, minute <= 59 else { return nil }
        var i = p + 17
        while i < end, isBlank(buf[i]) { i += 1 }
        guard i < end else { return nil }
        // An offset after the time (`+01:00`, `Z`) is the general parser's.
        let first = buf[i]
        if first == 0x2B || first == 0x2D || first == 0x5A || first == 0x3B { return nil }
        let nameStart = i
        var nameEnd = i, spaces = 0
        while i < end {
            let b = buf[i]
            if b == 0x3B { break }
            if b == 0x20 {
                spaces += 1
            } else {
                guard b > 0x20 && b < 0x7F else { return nil }
                // Spaces in a run inside the name are collapsed by the
                // general path; before `;` or the end they are trimmed.
                if spaces > 1 { return nil }
                spaces = 0
                nameEnd = i + 1
            }
            i += 1
        }
        var noteStart = UInt32.max, noteEnd: UInt32 = 0
        if i < end {
            var lo = i + 1, hi = end
            for k in lo..<end where !(buf[k] >= 0x20 && buf[k] < 0x7F) && buf[k] != 0x09 { return nil }
            while lo < hi, isBlank(buf[lo]) { lo += 1 }
            while hi > lo, isBlank(buf[hi - 1]) { hi -= 1 }
            noteStart = UInt32(lo)
            noteEnd = UInt32(hi)
        }
        let name = names.intern(UnsafeBufferPointer(rebasing: buf[nameStart..<nameEnd]))
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60)
        var record = EntryRecord(localSeconds: seconds, line: UInt32(line), name: name, offsetSeconds: Int32.min,
                                 noteStart: noteStart, noteEnd: noteEnd)
        record.isPlain = true
        return record
    }
}
