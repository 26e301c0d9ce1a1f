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
    ///
    /// The record goes straight into `entries` (returned, it was written in
    /// pieces and read back whole, and the CPU stalled on every line).
    /// Inlined into the parser's loop: the call saved and restored
    /// registers, about 20 instructions a line.
    @inline(__always)
    static func plainEntry(_ buf: UnsafeBufferPointer<UInt8>, _ span: LineSpan, line: Int, names: inout NameTable,
                           notes: inout NoteTable, months: inout MonthMemo, into entries: inout EntrySink) -> Bool {
        guard let record = plainEntry(buf, span, line: line, names: &names, notes: &notes, months: &months) else { return false }
        entries.append(record)
        return true
    }

    @inline(__always)
    static func plainEntry(_ buf: UnsafeBufferPointer<UInt8>, _ span: LineSpan, line: Int,
                           names: inout NameTable, notes: inout NoteTable, months: inout MonthMemo) -> EntryRecord? {
        let p = span.start, end = span.contentEnd
        guard end - p >= 19, isBlank(buf[p + 16]), let seconds = plainStamp(buf.baseAddress! + p, months: &months) else {
            return nil
        }
        let base = buf.baseAddress!
        // Raw pointers and wrapping arithmetic from here on: this loop runs
        // over every byte of a big journal, and Swift's checks on each
        // index and addition were most of its time.
        let stop = base + end
        var q = base + (p + 17)
        // Two spaces after the time, as `log` writes them, without a loop
        // (the line has 19 bytes: q[1] is in it).
        if q.pointee == 0x20, !isBlank(q[1]) {
            q += 1
        } else {
            while q < stop, isBlank(q.pointee) { q += 1 }
            guard q < stop else { return nil }
        }
        guard !JournalParser.isOffsetOrNoteStart(q.pointee) else { return nil }
        let nameStart = q - base
        // Most lines are a name seen before and nothing after it: the rest
        // of the line, less trailing spaces, is looked up as it stands. A
        // name that would pass every check below is marked so in the table
        // (`NameTable.readsPlain`), and a line ending in one reads as the
        // checks would read it, without them.
        var rest = stop
        while rest > q, (rest - 1).pointee == 0x20 { rest -= 1 }
        let restBytes = UnsafeBufferPointer(start: q, count: rest - q)
        if restBytes.count <= names.longestPlain, let known = names.find(restBytes, NameTable.Key(restBytes)),
           names.isPlain(known) {
            return .plain(seconds, line: line, name: known, note: NoteTable.none)
        }
        // The name runs to the first `;` or the end; every byte of it must
        // be printable (a tab or anything else is the general parser's).
        // Eight bytes at a time.
        guard let nameRegionEnd = JournalParser.printableUpToSemicolon(q, stop) else { return nil }
        var nameEnd = nameRegionEnd
        while nameEnd > q, (nameEnd - 1).pointee == 0x20 { nameEnd -= 1 }
        q = nameRegionEnd
        var lo = stop, hi = stop
        if q < stop {
            lo = q + 1
            guard JournalParser.isPrintableOrTab(lo, stop) else { return nil }
            while lo < hi, isBlank(lo.pointee) { lo += 1 }
            while hi > lo, isBlank((hi - 1).pointee) { hi -= 1 }
        }
        let nameBytes = UnsafeBufferPointer(start: base + nameStart, count: nameEnd - (base + nameStart))
        let key = NameTable.Key(nameBytes)
        let name: UInt32
        if let known = names.find(nameBytes, key) {
            name = known
        } else {
            // Spaces in a run inside a name are the general path's, which
            // collapses them (before `;` or the end they are trimmed,
            // above). So no name in the table holds two in a row, and only
            // a name not seen before is looked at for them.
            guard !JournalParser.hasDoubleSpace(base + nameStart, nameEnd) else { return nil }
            name = names.insert(nameBytes, key)
        }
        return .plain(seconds, line: line, name: name, note: lo < hi ? notes.addWritten(lo, hi) : NoteTable.none)
    }

    /// `YYYY-MM-DD HH:MM` at `p` as seconds since 1970 read as UTC, or nil
    /// for anything else (the line has at least 19 bytes).
    @inline(__always)
    static func plainStamp(_ p: UnsafePointer<UInt8>, months: inout MonthMemo) -> Int64? {
        // `YYYY-MM-DD HH:MM` is two words: each byte XOR its pattern is
        // 0 at a separator and 0...9 exactly at a digit.
        let w1 = word(p) ^ 0x2D30_302D_3030_3030  // "0000-00-"
        let w2 = word(p + 8) ^ 0x3030_3A30_3020_3030  // "00 00:00"
        let sep1: UInt64 = 0xFF00_00FF_0000_0000, sep2: UInt64 = 0x0000_FF00_00FF_0000
        @inline(__always) func notDigits(_ x: UInt64, _ separators: UInt64) -> UInt64 {
            (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080 & ~separators
        }
        guard notDigits(w1, sep1) | notDigits(w2, sep2) | (w1 & sep1) | (w2 & sep2) == 0 else { return nil }
        // Each byte now holds its digit's value (a separator 0): ten times
        // a byte plus the next is that pair's number, in the first byte of
        // the pair, all pairs at once (at most 99: no byte carries).
        let pairs1 = w1 &* 10 &+ (w1 >> 8), pairs2 = w2 &* 10 &+ (w2 >> 8)
        @inline(__always) func pair(_ w: UInt64, _ i: Int) -> Int { Int(truncatingIfNeeded: (w >> UInt64(8 * i)) & 0xFF) }
        let hour = pair(pairs2, 3), minute = pair(pairs2, 6)
        guard hour <= 23, minute <= 59,
              let days = months.days(year: pair(pairs1, 0) * 100 + pair(pairs1, 2), month: pair(pairs1, 5), day: pair(pairs2, 0))
        else { return nil }
        return days * 86_400 + Int64(hour * 3600 + minute * 60)
    }

    /// Whether every byte from `from` up to `to` is printable ASCII or a
    /// tab: eight bytes at a time, then one by one where a word holds a
    /// byte outside 0x20...0x7E (a tab, or a reason to say no).
    @inline(__always)
    static func isPrintableOrTab(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        var q = from
        while to - q >= 8 {
            let w = word(q)
            // Some byte below 0x20, or some byte of 0x7F or more: exact
            // tests for whether there is one, not for which.
            let low = (w &- ones &* 0x20) & ~w & highs
            let high = ((w &+ ones) | w) & highs
            if low | high != 0 {
                for k in 0..<8 where !isPrintable(q[k]) && q[k] != 0x09 { return false }
            }
            q += 8
        }
        // The last few bytes from the word that ends with them, shifted
        // down to start at q. A tab among the bytes before q in it may
        // borrow a flag into them: that only sends them to the exact loop
        // below, and no byte that fails goes unflagged.
        if q < to, to - from >= 8 {
            let w = word(to - 8), drop = UInt64(8 * (8 - (to - q)))
            if ((w &- ones &* 0x20) & ~w & highs | ((w &+ ones) | w) & highs) >> drop == 0 { return true }
        }
        while q < to {
            if !isPrintable(q.pointee) && q.pointee != 0x09 { return false }
            q += 1
        }
        return true
    }

    @inline(__always) static func isPrintable(_ b: UInt8) -> Bool { b &- 0x20 <= 0x5E }

    static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `w` that is zero, and of no other.
    @inline(__always) static func zeroBytes(_ w: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((w & lows) &+ lows) | w | lows)
    }

    @inline(__always) static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Where the first `;` from `from` is (or `to`), if every byte before
    /// it is printable ASCII (0x20...0x7E); nil otherwise.
    @inline(__always)
    static func printableUpToSemicolon(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var q = from
        while to - q >= 8 {
            let w = word(q)
            // Some byte below 0x20 or of 0x7F and more: a flag can be false
            // only in a byte after a true one, so a flag before the `;`
            // always means a byte that is not printable there.
            let bad = ((w &- ones &* 0x20) & ~w & highs) | (((w &+ ones) | w) & highs)
            let semicolons = zeroBytes(w ^ (ones &* 0x3B))
            if semicolons != 0 {
                let k = semicolons.trailingZeroBitCount >> 3  // bytes before the `;`
                let before: UInt64 = k == 0 ? 0 : UInt64.max >> UInt64(64 - 8 * k)
                return bad & before == 0 ? q + k : nil
            }
            if bad != 0 { return nil }
            q += 8
        }
        // The last few bytes from the word that ends with them, shifted
        // down to start at q: the bytes before q in it are printable and
        // not `;` (they passed above), so no flag of theirs carries over.
        if q < to, to - from >= 8 {
            let w = word(to - 8), drop = UInt64(8 * (8 - (to - q)))
            let bad = (((w &- ones &* 0x20) & ~w & highs) | (((w &+ ones) | w) & highs)) >> drop
            let semicolons = zeroBytes(w ^ (ones &* 0x3B)) >> drop
            if semicolons != 0 {
                let k = semicolons.trailingZeroBitCount >> 3
                let before: UInt64 = k == 0 ? 0 : UInt64.max >> UInt64(64 - 8 * k)
                return bad & before == 0 ? q + k : nil
            }
            return bad == 0 ? to : nil
        }
        while q < to {
            let b = q.pointee
            if b == 0x3B { return q }
            guard isPrintable(b) else { return nil }
            q += 1
        }
        return to
    }

    /// A byte the fast path leaves to the general parser where a name
    /// would start: an offset after the time (`+01:00`, `-05:00`, `Z`) or
    /// a note with no name (`;`).
    @inline(__always)
    static func isOffsetOrNoteStart(_ b: UInt8) -> Bool { b == 0x2B || b == 0x2D || b == 0x5A || b == 0x3B }

    /// Whether two spaces follow each other anywhere from `from` up to `to`.
    @inline(__always)
    static func hasDoubleSpace(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        let spaces = ones &* 0x20
        var q = from
        // The pairs starting at the eight bytes from q: this word and the
        // one a byte on, compared byte by byte.
        while to - q >= 9 {
            if zeroBytes(word(q) ^ spaces) & zeroBytes(word(q + 1) ^ spaces) != 0 { return true }
            q += 8
        }
        while to - q >= 2 {
            if q.pointee == 0x20 && (q + 1).pointee == 0x20 { return true }
            q += 1
        }
        return false
    }
}

/// The month the last plain entry named: the day count of its first day and
/// its length. Nearly every entry is in the month of the one above it, so
/// the calendar arithmetic runs once a month, not once a line.
struct MonthMemo {
    private var key = -1
    private var firstDay: Int64 = 0
    private var length = 0

    /// Days since 1970-01-01 of a date, or nil when there is no such date.
    @inline(__always)
    mutating func days(year: Int, month: Int, day: Int) -> Int64? {
        let key = year * 100 + month
        if key != self.key {
            let first = CivilDate(year: year, month: month, day: 1)
            guard first.isValid else { return nil }
            self.key = key
            firstDay = first.daysSinceEpoch
            length = CivilDate.daysIn(month: month, year: year)
        }
        guard day >= 1, day <= length else { return nil }
        return firstDay + Int64(day - 1)
    }
}
