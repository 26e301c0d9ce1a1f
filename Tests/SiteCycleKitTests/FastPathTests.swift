import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The parser reads plain entry lines on a fast path; it must read exactly
/// what the general path reads, and leave everything else to it.
struct FastPathTests {
    func bothWays(_ bytes: [UInt8]) -> (fast: ParsedJournal, general: ParsedJournal) {
        let source = SourceFile(path: "j", bytes: bytes)
        var general = JournalParser()
        general.fastEntries = false
        return (JournalParser().read(source), general.read(source))
    }

    func unmarked(_ r: EntryRecord) -> EntryRecord {
        var r = r
        r.isPlain = false
        return r
    }

    func expectSame(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, general) = bothWays(bytes)
        #expect(fast.syntax.kinds == general.syntax.kinds, sourceLocation: sourceLocation)
        // The same records, but for the fast path's mark on the lines it read.
        #expect(fast.entries.records.map(unmarked) == general.entries.records, sourceLocation: sourceLocation)
        #expect(fast.names == general.names, sourceLocation: sourceLocation)
        #expect(fast.entries.records.map { fast.notes[$0.note] } == general.entries.records.map { general.notes[$0.note] },
                sourceLocation: sourceLocation)
        #expect(fast.diagnostics == general.diagnostics, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "2026-02-07 08:15  Left Front Abdomen",
        "2026-02-07 08:15  Left Front Abdomen  ; bled",
        "2026-02-07 08:15 Left Front Abdomen;bled  ",
        "2026-02-07 08:15  Left  Front Abdomen",       // a run inside the name
        "2026-02-07 08:15  Left\tFront",               // a tab inside the name
        "2026-02-07 08:15\tLeft Front",                // a tab after the time
        "2026-02-07 08:15  Left Front   ",             // trailing blanks
        "2026-02-07 08:15  Left Front \t ; note",
        "2026-02-07 08:15  Z",                         // an offset, not a name
        "2026-02-07 08:15  Zone A",
        "2026-02-07 08:15  +01:00  Left Front",
        "2026-02-07 08:15  -0500 Left Front",
        "2026-02-07 08:15:30  Left Front",
        "2026-02-07 08:15+01:00  Left Front",
        "2026-02-30 08:15  Left Front",                // no such day
        "0000-01-01 08:15  Left Front",
        "2026-02-07 24:00  Left Front",
        "2026-02-07 08:60  Left Front",
        "2026-02-07 08:15  ;",
        "2026-02-07 08:15     ",
        "2026-02-07 08:15  removed",
        "2026-02-07 08:15  sensor  Left Arm",
        "2026-02-07 08:15 Left Front reason:pain lot:A1 ; note",   // clauses (issue 29)
        "2026-02-07 08:15  Left Front  reason: pain  lot: A1",
        "2026-02-07 08:15  sensor  Left Arm  lot: S1  ; x",
        "2026-02-07 08:15  Left Front  ; note \u{7} bell",
        "2026-02-07 08:15  Left Front  ; caf\u{E9}",
        "2026-02-07 08:15  Caf\u{E9}",
        "2026-02-07 08:15  Left Front\r",
        "2026-02-07 08:15  Left Front  ; a \"quoted\" note",
        "2026-2-07 08:15  Left Front",
        "2026-02-07T08:15  Left Front",
        // Notes are checked eight bytes at a time: odd bytes at each place.
        "2026-02-07 08:15  Left Front  ; a long note\twith a tab past eight bytes",
        "2026-02-07 08:15  Left Front  ; a long note with DEL \u{7F} far in",
        "2026-02-07 08:15  Left Front  ; twenty-three bytes, then \u{1F} a unit separator",
        "2026-02-07 08:15  Left Front  ; 1234567~",
        "2026-02-07 08:15  Left Front  ; 12345678 \u{E9}",
        // Names are read eight bytes at a time too: a `;`, a double space,
        // an odd byte at each place of a word, and names of 7 to 17 bytes.
        "2026-02-07 08:15  Abcdefg",
        "2026-02-07 08:15  Abcdefgh",
        "2026-02-07 08:15  Abcdefghi",
        "2026-02-07 08:15  Abcdefghijklmnop;x",
        "2026-02-07 08:15  Abcdefghijklmnopq ;x",
        "2026-02-07 08:15  Abcdefg;note",
        "2026-02-07 08:15  Abcdefgh;note",
        "2026-02-07 08:15  Abcdefg  h",
        "2026-02-07 08:15  Abcdefgh  i",
        "2026-02-07 08:15  A  bcdefghijklmnop",
        "2026-02-07 08:15  Abcdefghijklmno  p",
        "2026-02-07 08:15  Abcdefghijklmnop  ",
        "2026-02-07 08:15  Abcdefghijklmnop\u{7F}",
        "2026-02-07 08:15  Abcdefghijkl\u{7F}mnop ; note",
        "2026-02-07 08:15  Abcdefghijklmnop ; \u{7F}",
        "2026-02-07 08:15  Abcdefg\u{E9}hijklmnop",
        "2026-02-07 08:15  Abcdefghijk\tlmnop",
        "2026-02-07 08:15  Abc def ghi jkl mno pqr",
        "2026-02-07 08:15  Abc def; ghi  jkl",
    ])
    func tricky(_ line: String) {
        expectSame(Array(("location Left Front Abdomen\n" + line + "\n    ; more\n" + line + "\n").utf8))
    }

    /// Names and notes are read eight bytes at a time, the last few from a
    /// word that ends with them: every length from 1 to 20, with a double
    /// space, a `;`, a tab or a byte that is not printable at each place,
    /// after one or two blanks or a tab, read as the general path reads them.
    @Test func everyPlaceOfEveryShortNameReadsAsTheGeneralPath() {
        var text = "location Left Front Abdomen\n"
        var plain = 0
        for length in 1...20 {
            let name = Array("Abcdefghijklmnopqrstuvwxyz".utf8.prefix(length))
            for separator in ["  ", " ", "\t"] {
                text += "2026-02-07 08:15" + separator + String(decoding: name, as: UTF8.self) + "\n"
                plain += 1
                for place in 0..<length {
                    for odd: [UInt8] in [[0x20, 0x20], [0x3B], [0x09], [0x01], [0x7F], [0xC3, 0xA9]] {
                        var bytes = name
                        bytes.replaceSubrange(place..<(place + 1), with: odd)
                        text += "2026-02-07 08:15" + separator + String(decoding: bytes, as: UTF8.self) + "\n"
                    }
                }
            }
        }
        expectSame(Array(text.utf8))
        // The plain lines with one or two blanks take the fast path.
        let (fast, _) = bothWays(Array(text.utf8))
        #expect(fast.entries.records.filter(\.isPlain).count >= plain * 2 / 3)
    }

    /// Notes end on the word that ends with them too: every length from 1
    /// to 20, with a tab, a control byte, DEL, a `;` or a byte that is not
    /// ASCII at each place, after a name of each length from 1 to 9.
    @Test func everyPlaceOfEveryShortNoteReadsAsTheGeneralPath() {
        var text = ""
        var plain = 0
        for nameLength in 1...9 {
            let name = String("Abcdefghi".prefix(nameLength))
            for length in 1...20 {
                let note = Array("abcdefghijklmnopqrstuvwxyz".utf8.prefix(length))
                text += "2026-02-07 08:15  \(name)  ; " + String(decoding: note, as: UTF8.self) + "\n"
                plain += 1
                for place in 0..<length {
                    for odd: [UInt8] in [[0x09], [0x01], [0x1F], [0x7F], [0x3B], [0x20, 0x20], [0xC3, 0xA9]] {
                        var bytes = note
                        bytes.replaceSubrange(place..<(place + 1), with: odd)
                        text += "2026-02-07 08:15  \(name) ;" + String(decoding: bytes, as: UTF8.self) + "\n"
                    }
                }
            }
        }
        expectSame(Array(text.utf8))
        let (fast, _) = bothWays(Array(text.utf8))
        #expect(fast.entries.records.filter(\.isPlain).count >= plain)
    }

    /// The fast path looks for a run of spaces only in a name it has not
    /// seen: the general path collapses runs, so no name in the table
    /// holds one. A name spaced both ways, in both orders, and runs at
    /// every place of names the table already knows.
    @Test func onlyANewNameIsLookedAtForARunOfSpaces() {
        var text = "location Left Front Abdomen\n"
        for name in ["Left Front", "Left  Front", "Left Front", "Left   Front", "Left  Front", "A B C D E F G H I",
                     "A  B C D E F G H I", "A B C D E F G H  I", "A B C D E F G H I", "Abcdefghijklmnopqrstuvwxy z",
                     "Abcdefghijklmnopqrstuvwxy  z", "Abcdefghijklmnopqrstuvwxy z"] {
            text += "2026-02-07 08:15  \(name)\n2026-02-07 08:15  \(name)  ; n\n"
        }
        expectSame(Array(text.utf8))
        let (fast, _) = bothWays(Array(text.utf8))
        #expect(!fast.names.isEmpty && fast.names.allSatisfy { !$0.contains("  ") }, "\(fast.names)")
        // A known name spelled with a run is still the general path's.
        #expect(fast.entries.records.filter { !$0.isPlain }.count == 12)
    }

    /// A line that ends in a name seen before is looked up as it stands,
    /// without the byte checks: it must be marked as read by the fast path
    /// exactly when the checks would have passed it. Each name is read
    /// once on its own line, and again after the general path has seen it
    /// (with an offset) and after the fast path has.
    @Test(arguments: ["Zebra", "+Arm", "-Arm", ";Arm", "Bauch é", "Left\tArm", "Left  Arm", "Left Arm ", "Left Arm\t",
                      "A", "Ab;c", "Left Arm ; note", "Left Arm;note", "x\u{7F}y", "x\u{1B}y", "\"Quoted\"", "Abcdefg",
                      "Abcdefgh", "Abcdefghi", "Abcdefghijklmnop", "Abcdefghijklmnopq", "Abcdefghijklmnopqrstuvwx",
                      "Abcdefghijklmnopqrstuvwxy", "Abcdefghijklmnopqrstuvwxyz0123", "Abcdefghijklmnopqrstuvw é"])
    func aNameSeenBeforeReadsAsTheChecksReadIt(_ name: String) {
        let alone = JournalParser().read(SourceFile(path: "j", text: "2026-02-08 08:15  \(name)\n")).entries.records
        for before in ["2026-02-06 08:15+01:00  \(name)\n", "2026-02-07 08:15  \(name)\n",
                       "2026-02-06 08:15+01:00  \(name)\n2026-02-07 08:15  \(name)\n"] {
            let text = before + "2026-02-08 08:15  \(name)\n"
            expectSame(Array(text.utf8))
            let records = JournalParser().read(SourceFile(path: "j", text: text)).entries.records
            // The last line is an entry here exactly when it is alone.
            let last = records.last.map { Int($0.line) } == before.split(separator: "\n").count + 1
            #expect(last == !alone.isEmpty)
            if last { #expect(records.last?.isPlain == alone.last?.isPlain, "\(before)") }
        }
    }

    /// The builder turns each record into its change in the same slot.
    @Test func aRecordFitsInTheSlotOfAChange() {
        #expect(MemoryLayout<EntryRecord>.size <= MemoryLayout<SiteChange>.size)
        #expect(MemoryLayout<EntryRecord>.alignment <= MemoryLayout<SiteChange>.alignment)
        #expect(_isPOD(EntryRecord.self))
    }

    /// The fast path keeps the last month's first day and length: dates
    /// that leave a month and come back, leap days, and days no month has
    /// read as the general path reads them, one after another.
    @Test func monthsRememberedFromLineToLineReadAsTheCalendarSays() {
        let dates = ["2024-02-29", "2023-02-29", "2023-02-28", "2100-02-29", "2000-02-29", "2026-04-31",
                     "2026-04-30", "2026-00-10", "2026-04-01", "2026-13-01", "2026-12-31", "2027-01-00",
                     "2027-01-01", "1970-01-01", "1969-12-31", "0001-01-01", "9999-12-31", "2026-04-00"]
        let text = dates.map { "\($0) 08:15  Left Front\n" }.joined()
        expectSame(Array(text.utf8))
        let (fast, _) = bothWays(Array(text.utf8))
        #expect(fast.entries.records.filter(\.isPlain).count == 11)
    }

    @Test func mutatedJournalsReadTheSameBothWays() {
        var r = SeededRandom(seed: 77)
        for n in 0..<800 {
            let seed = RandomInputTests.seeds[n % RandomInputTests.seeds.count]
            expectSame(RandomInputTests.mutate(seed, &r))
        }
    }

    /// Names are keyed by their first, second and last eight bytes and
    /// their length: names that share all but a byte in the middle, or
    /// differ only past byte 24, are still told apart, and each is found
    /// again under its own index.
    @Test func theNameTableTellsNearNamesApart() {
        var names: [String] = ["", "a", "ab", "Arm", "Left Arm", "Left Arm ", "Left Arms", "Left Front Abdomen",
                               "Left Frent Abdomen", "Left Front Abdomen, upper", "Left Front Abdomen, lower",
                               "Left Front Abdomen, upper part", "Left Front Abdomen, upper pert", "Bauch – links"]
        for n in 0..<40 { names.append(String(repeating: "x", count: n)) }
        for n in 0..<40 { names.append(String(repeating: "x", count: n / 2) + "y" + String(repeating: "x", count: n / 2)) }
        var seen: [String] = []
        for name in names where !seen.contains(name) { seen.append(name) }
        var table = NameTable()
        func intern(_ name: String) -> UInt32 {
            var bytes = Array(name.utf8)
            return bytes.withUnsafeMutableBufferPointer { table.intern(UnsafeBufferPointer($0)) }
        }
        let first = seen.map(intern)
        #expect(first == (0..<seen.count).map(UInt32.init))
        // Again, in reverse order: the same indexes, nothing new.
        #expect(seen.reversed().map(intern) == first.reversed())
        #expect(table.names == seen)
    }
}

/// The byte writers the reports and exports use write what the String
/// formatters write: one rule, two speeds.
struct ByteTextTests {
    func written(_ body: (inout ByteText) -> Void) -> String {
        var out = ByteText()
        body(&out)
        return out.string
    }

    @Test func digitsPadAsTheyAreTold() {
        for (value, width) in [(0, 0), (7, 2), (42, 2), (2026, 4), (5, 4), (123_456, 2), (Int.max, 0), (3, 30)] {
            let plain = String(value)
            #expect(written { $0.digits(value, width: width) }
                    == String(repeating: "0", count: max(0, width - plain.count)) + plain)
        }
    }

    /// The app's `%.1f`: ties to even, no `-0.0`; `formatHours` writes
    /// through the same writer.
    @Test func hoursRoundLikeTheApp() {
        let cases: [(Double, String)] = [(0, "0.0"), (0.05, "0.0"), (0.15, "0.2"), (60.25, "60.2"), (71.34, "71.3"),
                                         (72, "72.0"), (123_456.78, "123456.8"), (-0.5, "-0.5"), (-3.25, "-3.2"),
                                         (-0.04, "0.0")]
        for (hours, expected) in cases {
            #expect(written { $0.hours(hours) } == expected, "\(hours)")
            #expect(formatHours(hours) == expected, "\(hours)")
        }
    }

    @Test func stampsReadAsTheJournalAndISOWriteThem() {
        var seconds: Int64 = -62_135_596_800  // 0001-01-01
        var random = SeededRandom(seed: 24)
        while seconds < 253_402_300_799 {  // 9999-12-31
            let t = CivilDateTime(secondsAsIfUTC: seconds)
            #expect(written { $0.stamp(t, separator: 0x20, alwaysSeconds: false) } == t.journalText)
            #expect(written { $0.stamp(t, separator: 0x54, alwaysSeconds: true) } + "Z"
                    == formatISO8601(Instant(seconds: seconds), offsetSeconds: 0))
            seconds += Int64(random.int(40_000_000))
        }
    }
}

/// The byte shortcuts for text answer what the scalar walk answers.
struct TextShortcutTests {
    @Test func controlCharactersAreFoundByBytesAndScalarsAlike() {
        let pool: [Unicode.Scalar] = ["a", " ", "~", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}",
                                      "é", "✓", "\u{1F489}", "`"]
        var random = SeededRandom(seed: 24)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<random.int(12) { scalars.append(pool[random.int(pool.count)]) }
            let text = String(scalars)
            for lineBreaks in [false, true] {
                let expected = text.unicodeScalars.contains {
                    ControlCharacters.isControl($0) && $0 != "\t" && !(lineBreaks && $0 == "\n")
                }
                #expect(ControlCharacters.contains(text, allowingLineBreaks: lineBreaks) == expected, "\(text.debugDescription)")
            }
            for byte: UInt8 in [0x0A, 0x60, 0x1B] {
                #expect(text.containsByte(byte) == text.utf8.contains(byte))
                #expect(text.dropFirst().containsByte(byte) == text.dropFirst().utf8.contains(byte))
            }
        }
    }
}

/// The builder takes an entry whose location has nothing to report or
/// keep, in a zone of one offset, as its change at once; every other entry
/// goes through `resolve`. A zone of the same one offset given by a
/// function (never a fixed offset) sends every entry through `resolve`:
/// the two must build the same journal.
struct PlainChangeTests {
    func expectSameBothWays(_ bytes: [UInt8], fixed: ZoneRules, offset: Int,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(fixed.fixedOffset == offset, sourceLocation: sourceLocation)
        let looked = ZoneRules(identifier: fixed.identifier, offsetsFrom: { _ in offset })
        let a = JournalBuilder.load(SourceFile(path: "j", bytes: bytes), defaultZone: fixed)
        let b = JournalBuilder.load(SourceFile(path: "j", bytes: bytes), defaultZone: looked)
        #expect(a.changes == b.changes, sourceLocation: sourceLocation)
        #expect(a.diagnostics == b.diagnostics, sourceLocation: sourceLocation)
        #expect(a.changes.map(a.note) == b.changes.map(b.note), sourceLocation: sourceLocation)
        #expect(a.lots == b.lots && a.recordsEndings == b.recordsEndings, sourceLocation: sourceLocation)
    }

    static let everyKind = """
        location Left Arm
        location Right Arm for sensor
        device sensor 10d
        2026-01-01 08:00  Left Arm
        2026-01-03 08:00  Right Arm  ; a note
          and a line more
        2026-01-05 08:00 +02:00  Left Arm
        2026-01-07 08:00  Left Arm  ; bell \u{7} here
        2026-01-09 08:00  Right Arm reason:pain lot:A1
        2026-01-10 08:00  Left Arm lot:B2
        2026-01-11 08:00  Left Arm reason:nonsense
        2026-01-12 08:00  Elbow
        2026-01-12 20:00  sensor  Right Arm
        2026-01-13 08:00  removed
        2026-01-13 08:05  removed
        2026-01-14 08:00  Left Arm
        2026-01-14 08:00  Left Arm
        2026-01-14 08:10  Left Arm
        2026-01-02 08:00  Right Arm
        1926-01-20 08:00  Left Arm
        2026-01-21 08:00  sensor  Left Arm

        """

    @Test func everyKindOfEntryBuildsAsResolveBuildsIt() {
        expectSameBothWays(Array(Self.everyKind.utf8), fixed: .utc, offset: 0)
        var r = SeededRandom(seed: 41)
        for n in 0..<400 {
            let seed = RandomInputTests.seeds[n % RandomInputTests.seeds.count]
            expectSameBothWays(RandomInputTests.mutate(seed, &r), fixed: .utc, offset: 0)
        }
    }

    /// An offset other than 0, where the system has zone data.
    @Test(.enabled(if: ZoneRules.hasZoneData, "needs /usr/share/zoneinfo (tzdata)"))
    func anOffsetOtherThanZeroBuildsAsResolveBuildsIt() throws {
        let east = try #require(ZoneRules(identifier: "Etc/GMT-5"))
        expectSameBothWays(Array(Self.everyKind.utf8), fixed: east, offset: 5 * 3_600)
        var r = SeededRandom(seed: 43)
        for n in 0..<200 {
            let seed = RandomInputTests.seeds[n % RandomInputTests.seeds.count]
            expectSameBothWays(RandomInputTests.mutate(seed, &r), fixed: east, offset: 5 * 3_600)
        }
    }
}
