import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct ParserTests {
    @Test func entriesBecomeSiteChangesInTimeOrder() {
        let j = load(header + """
            2026-02-04 07:50  Right Front Abdomen  ; occlusion alarm at 2 am,
                                                   ; changed it early
            2026-02-01 08:15  Left Front Abdomen
            2026-02-06 21:10:30 +02:00  Lower Back ; bled; a lot
            2026-02-08 12:00  removed   ; pump break
            """)
        #expect(!j.diagnostics.hasErrors)
        #expect(j.changes.map(j.name(of:)) == ["Left Front Abdomen", "Right Front Abdomen", "Lower Back", nil])
        #expect(j.changes.map(\.line) == [7, 5, 8, 9])
        #expect(j.note(of: j.changes[1]) == "occlusion alarm at 2 am,\nchanged it early")
        #expect(j.note(of: j.changes[2]) == "bled; a lot")
        #expect(j.changes[2].start == instant("2026-02-06T19:10:30Z"))
        #expect(j.changes[2].offset == 7200)
        #expect(j.changes[0].end == j.changes[1].start)
        #expect(j.changes[2].end == j.changes[3].start)
        #expect(j.changes[3].end == nil && j.changes[3].isRemoval)
        #expect(j.diagnostics.map(\.code) == [.outOfOrder])
    }

    @Test func durationsAreRealHoursAcrossDST() {
        let j = load(header + """
            2026-03-28 12:00  Left Front Abdomen
            2026-03-29 12:00  Lower Back
            2026-10-24 12:00  Left Front Abdomen
            2026-10-25 12:00  Lower Back
            """)
        #expect(j.changes[0].durationHours == 23)
        #expect(j.changes[2].durationHours == 25)
    }

    @Test func settingsAndLocations() {
        let j = load("""
            timezone America/Chicago
            target 2.5d
            absorption-threshold 15%
            strategy cooldown 3
            location Left   Front Abdomen
            location Lower Back disabled  ; comment
            location Right Hip
            """)
        #expect(j.diagnostics.isEmpty)
        #expect(j.settings.timezone == "America/Chicago" && j.zone.identifier == "America/Chicago")
        #expect(j.settings.targetHours == 60)
        #expect(j.settings.absorptionThresholdPercent == 15)
        #expect(j.settings.strategy == .cooldown(3))
        #expect(j.locations.map(\.name) == ["Left Front Abdomen", "Lower Back", "Right Hip"])
        #expect(j.locations.map(\.isEnabled) == [true, false, true])
        #expect(j.locations[0].side == .left && j.locations[0].zone == "Front Abdomen" && j.locations[0].bodyPart == "Abdomen")
        #expect(j.locations[1].side == nil && j.locations[1].zone == "Lower Back" && j.locations[1].bodyPart == "Back")
        #expect(j.locations[2].bodyPart == "Hip")
    }

    @Test func defaultsWithoutHeader() {
        let j = load("location A\n2026-02-01 08:15  A\n", zone: .utc)
        #expect(j.settings == Settings())
        #expect(j.changes[0].start == instant("2026-02-01T08:15:00Z"))
    }

    @Test func offsetSpellings() {
        let j = load(header + """
            2026-02-01 08:15Z  Lower Back
            2026-02-02 08:15 +0530  Lower Back
            2026-02-03 08:15-03  Lower Back
            2026-02-04 08:15 Z  Lower Back
            """)
        #expect(!j.diagnostics.hasErrors)
        #expect(j.changes.map(\.offset) == [0, 19800, -10800, 0])
    }

    @Test func continuationAfterBlankLineIsAComment() {
        let j = load(header + "2026-02-01 08:15  Lower Back\n\n    ; not part of the note\n")
        #expect(j.note(of: j.changes[0]) == nil)
        #expect(j.diagnostics.isEmpty)
    }

    @Test func everyLineWithAProblemIsReported() {
        let j = load(header + """
            2026-02-30 08:00  Lower Back
            2026-02-01 25:00  Lower Back
            2026-02-02 08:00  Lowr Back
            bogus line
            <<<<<<< HEAD
            """)
        #expect(j.diagnostics.errors.map(\.line) == [5, 6, 7, 8, 9])
        #expect(j.diagnostics.errors.map(\.code) == [.invalidDate, .invalidTime, .unknownLocation, .unknownDirective, .mergeConflict])
    }

    @Test func columnsCountUTF8Bytes() {
        let j = load("location Übergang\n2026-02-01 08:15  Übergang ; ok\n2026-02-02 08:15  Übergng\n", zone: .utc)
        let d = j.diagnostics.errors[0]
        #expect((d.line, d.column, d.length) == (3, 19, 8))
        #expect(d.help == .didYouMean(location: "Übergang"))
    }
}

struct SuggestionTests {
    @Test func closeNamesAreSuggested() {
        let names = ["Left Front Abdomen", "Right Front Abdomen", "Lower Back"]
        #expect(suggestion(for: "Left Frnt Abdomen", among: names) == "Left Front Abdomen")
        #expect(suggestion(for: "lower back", among: names) == "Lower Back")
        #expect(suggestion(for: "Lower", among: names) == "Lower Back")
        #expect(suggestion(for: "Elbow", among: names) == nil)
        #expect(suggestion(for: "", among: names) == nil)
    }
}

struct FormatterTests {
    static let messy = """
        ; opening comment

        ; about the zone
        location B   ; custom
        timezone Europe/Berlin
        location A disabled
        2026-02-04 07:50  B ; bled
          ; a lot
        ; earlier one
        2026-02-01 08:15 A
        2026-02-04 07:50  B ; bled
          ; a lot
        target 48h
        2026-02-06 09:00 +01:00  A   ; "  spaced  "
        ; the end
        """

    static var journals: [String] {
        var all = [messy]
        for name in LosslessTests.examples {
            all.append((try? String(contentsOf: packageRoot.appendingPathComponent("examples/\(name)"), encoding: .utf8)) ?? "")
        }
        return all
    }

    @Test(arguments: journals.indices) func formattingKeepsMeaningAndIsIdempotent(_ index: Int) {
        let original = load(FormatterTests.journals[index])
        let once = JournalFormatter(journal: original).formatted()
        let formatted = JournalBuilder.load(SourceFile(path: "t", bytes: once), defaultZone: berlin)
        #expect(!formatted.diagnostics.hasErrors)
        #expect(formatted.diagnostics.filter { $0.code == .outOfOrder || $0.code == .duplicateEntry }.isEmpty)
        #expect(Journal.sameMeaning(original, formatted))
        #expect(JournalFormatter(journal: formatted).formatted() == once)
        // Every comment line survives.
        func comments(_ j: Journal) -> [String] {
            j.syntax.lines.compactMap { line in
                if case .comment = line.kind { return j.source.lineText(line.number).trimmingBlanks() }
                return nil
            }.sorted()
        }
        #expect(Set(comments(original)).isSubset(of: Set(comments(formatted))))
    }
}

/// Inputs too big to commit as files, made here.
struct BigInputTests {
    @Test func aTenMegabyteLineIsReadAndReportedOnce() {
        let huge = String(repeating: "x", count: 10_000_000)
        let j = load(header + "2026-02-01 08:00  Lower Back  ; " + huge + "\n; " + huge + "\n" + huge + "\n")
        #expect(j.changes.count == 1 && j.note(of: j.changes[0])?.count == 10_000_000)
        #expect(j.diagnostics.map(\.code) == [.unknownDirective])
        // Quoted in a line, not printed whole.
        let d = j.diagnostics[0], span = j.source.lines[d.line - 1]
        let (shown, _, _) = SourceExcerpt().window(j.source.bytes, span.start..<span.contentEnd, column: d.column,
                                                   length: d.length)
        #expect(shown.unicodeScalars.count <= SourceExcerpt.windowWidth)
    }

    @Test func thousandsOfLocations() {
        var text = "timezone UTC\n"
        for i in 0..<5_000 { text += "location Site \(i)\n" }
        for i in 0..<10_000 {
            let t = CivilDateTime(secondsAsIfUTC: 1_700_000_000 + Int64(i) * 3600)
            text += "\(t.journalText)  Site \(i % 5_000)\n"
        }
        let j = load(text, zone: .utc)
        #expect(j.diagnostics.isEmpty)
        #expect(j.locations.count == 5_000 && j.changes.count == 10_000)
        let r = Recommender.recommend(j, now: Instant(seconds: 1_800_000_000))
        #expect(r.avoid.count == 3 && r.recommended.count == 3 && r.all.count == 5_000)
    }
}

/// Inputs at the edge of what the model can hold are refused with a
/// message, never a trap.
struct ModelLimitTests {
    @Test func aTwoHundredFiftySixthDeviceIsAnErrorNotACrash() {
        var text = "timezone UTC\n"
        for n in 1...256 { text += "device d\(n) 10d\n" }
        text += "location Left Arm  for d255\n\n2026-01-01 08:00  d255  Left Arm\n2026-01-02 08:00  d256  Left Arm\n"
        let journal = JournalBuilder.load(SourceFile(path: "j", text: text), defaultZone: .utc)
        #expect(journal.settings.devices.count == 255)
        #expect(journal.diagnostics.contains { $0.line == 257 && $0.message.contains("too many devices") })
        #expect(journal.changes.first?.device == 255)
    }

    @Test func locationsBeyondTheIndexLimitAreAnErrorNotACrash() {
        let limit = SiteChange.maximumLocations
        var text = "timezone UTC\n"
        text.reserveCapacity((limit + 2) * 16)
        for n in 1...(limit + 1) { text += "location L\(n)\n" }
        text += "\n2026-01-01 08:00  L\(limit)\n2026-01-02 08:00  L\(limit + 1)\n"
        let journal = JournalBuilder.load(SourceFile(path: "j", text: text), defaultZone: .utc)
        #expect(journal.locations.count == limit)
        #expect(journal.diagnostics.contains { $0.line == limit + 2 && $0.message.contains("too many locations") })
        #expect(journal.changes.count == 1 && journal.name(of: journal.changes[0]) == "L\(limit)")
    }

    /// A million of these make a big journal: no strings inside, so an
    /// array of them is copied and freed without touching reference counts.
    @Test func aSiteChangeIsAPlainValueOfThirtyTwoBytes() {
        #expect(MemoryLayout<SiteChange>.stride == 32)
        #expect(_isPOD(SiteChange.self))
    }

    @Test func notesAreReadFromTheirTableAsWritten() {
        let j = load(header + """
            2026-02-01 08:15  Lower Back  ; "  quoted, kept inside  "
            2026-02-02 08:15  Lower Back  ;
            2026-02-03 08:15  Lower Back  ; first
                                          ;
                                          ; third
            2026-02-04 08:15  Lower Back  ; caf\u{E9} \u{1F489}
            """)
        #expect(j.changes.map(j.note(of:)) == ["  quoted, kept inside  ", nil, "first\n\nthird", "caf\u{E9} \u{1F489}"])
        #expect(j.changes.map(\.hasNote) == [true, false, true, true])
    }

    @Test func hugeImportedNumbersAreWrittenAsTheyAre() {
        #expect(SettingValues.hoursSetting(1e300) == "1e+300h")
        #expect(SettingValues.formatPercent(-1e300) == "-1e+300%")
        #expect(SettingValues.hoursSetting(72) == "72h")
    }
}

/// Long sessions are noted while each device's rotation is linked and
/// warned about afterwards: in time order across devices, each by its own
/// device's target, and never for a session a mistyped year made long.
struct LongSessionWarningTests {
    @Test func eachDeviceByItsOwnTargetInTimeOrder() {
        let journal = load("""
            timezone UTC
            target 72h
            device sensor 10d
            location Arm  for pump,sensor
            location Leg  for pump,sensor

            2026-01-01 08:00  sensor  Arm
            2026-01-02 08:00  Leg
            2026-01-03 08:00  Arm
            2026-01-20 08:00  Leg
            2026-01-21 08:00  sensor  Leg
            2026-01-23 08:00  Arm
            2026-02-24 08:00  removed
            2026-02-25 08:00  sensor  Arm
            2026-03-30 08:00  Leg
            """, zone: .utc)
        let long = journal.diagnostics.filter { $0.code == .longSession }
        // The pump's 17 and 32 days are past 3× 72 h, the sensor's 20 days
        // within 3× 10 days and its 35 past them. The sensor's session
        // ends after the pump's later one: the warnings still come in the
        // order of the lines. The time `removed` left free is no session.
        #expect(long.map(\.line) == [9, 11, 12], "\(long.map { ($0.line, $0.message) })")
        #expect(long.map { $0.message.prefix(15) } == ["in for 17 days,", "in for 35 days,", "in for 32 days,"])
    }
}
