import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `import` against an in-memory file system through the one transaction:
/// no disk, no clock. The records come from the readers, as the command
/// hands them over; each test states the whole file after.
struct ImportServiceTests {
    let path = "/journal/sites.journal"
    /// Locations in column 19 and notes in column 32: a file's own
    /// alignment, which imported lines follow.
    let start = """
        timezone UTC
        target 72h
        location Left Arm
        location Right Arm
        location Lower Back

        2026-02-01 08:00   Left Arm     ; bled
                                        ; and itched
        2026-02-07 08:00   Lower Back   ; fine

        """

    func csv(_ rows: String...) -> ImportSource {
        guard case .success(let source) = ImportReaders.csv((["date,location,duration_hours,note"] + rows).joined(separator: "\n"))
        else { fatalError("test CSV does not read") }
        return source
    }

    func merge(_ request: ImportService.Request, _ fs: InMemoryFileSystem) throws(ServiceError) -> ImportService.Outcome {
        try fs.transaction(path).run { journal throws(ServiceError) in
            try ImportService.merge(request, into: journal)
        }.outcome
    }

    /// A setting in our JSON that the journal would not read is the file's
    /// error, named, rather than a journal the import must refuse to write.
    @Test(arguments: [("\"targetHours\":0", "target"), ("\"timezone\":\"Mars/Base\"", "timezone"),
                      ("\"absorptionThresholdPercent\":150", "absorption-threshold"), ("\"strategy\":\"bogus\"", "strategy"),
                      ("\"absorptionMode\":\"x\"", "absorption-mode"), ("\"restHours\":-1", "rest"),
                      ("\"targetHours\":0,\"graceHours\":12", "target"), ("\"targetHours\":72,\"graceHours\":9999", "graceHours")])
    func aSettingTheJournalWouldNotReadIsNamed(_ setting: String, _ named: String) {
        let json = """
            {"format":"sitecycle-journal","version":1,"settings":{\(setting)},
             "entries":[{"start":"2026-02-05T08:00:00Z","location":"Left Arm"}]}
            """
        guard case .failure(let error) = ImportReaders.read(json, as: .json) else {
            Issue.record("\(setting) was read")
            return
        }
        #expect(error.message.hasPrefix("settings: invalid ") && error.message.contains(named), "\(error.message)")
        #expect(error.help != nil)
    }

    /// A location our JSON declares for a device whose only rows are
    /// rejected is declared for the devices that are there, and the rest of
    /// the file is imported.
    @Test func aLocationForADeviceThatNeverArrivesIsForTheOthers() throws {
        let json = """
            {"format":"sitecycle-journal","version":1,
             "locations":[{"name":"Belly","devices":["pump","sensor"]}],
             "entries":[{"start":"2026-02-05T08:00:00Z","location":"Belly"},
                        {"start":"2026-02-06T08:00:00Z","location":"Belly","device":"sensor","note":"bad\\u0007"}]}
            """
        guard case .success(let source) = ImportReaders.read(json, as: .json) else { Issue.record("JSON does not read"); return }
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: source), fs)
        #expect(o.plan.additions.count == 1 && o.plan.rejected.count == 1)
        #expect(fs.text(path)?.contains("location Belly\n") == true)
        #expect(fs.text(path)?.contains("sensor") == false)
    }

    @Test func csvRowsGoInTimeOrderBetweenTheEntriesAndAfterTheirNotes() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-10T08:00:00Z,Left Arm,,",
                                            "2026-01-29T08:00:00Z,Right Arm,,",
                                            "2026-02-04T08:00:00Z,Right Arm,,sore",
                                            "2026-02-05T09:30:00Z,Left Arm,,")), fs)
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            location Left Arm
            location Right Arm
            location Lower Back

            2026-01-29 08:00   Right Arm
            2026-02-01 08:00   Left Arm     ; bled
                                            ; and itched
            2026-02-04 08:00   Right Arm    ; sore
            2026-02-05 09:30   Left Arm
            2026-02-07 08:00   Lower Back   ; fine
            2026-02-10 08:00   Left Arm

            """)
        #expect(fs.writes == 1 && o.wrote)
        #expect(o.sitesAdded == 4 && o.removedMarkers == 0 && o.rows == 4)
        #expect(o.plan.skipped.isEmpty && o.plan.conflicts.isEmpty && o.plan.rejected.isEmpty && o.plan.newLocations.isEmpty)
    }

    @Test func aDurationThatEndsBeforeTheNextStartAddsARemovedLine() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-04T08:00:00Z,Right Arm,24,")), fs)
        #expect(fs.text(path) == start.replacingOccurrences(of: "; and itched\n", with: """
            ; and itched
            2026-02-04 08:00   Right Arm
            2026-02-05 08:00   removed

            """))
        #expect(o.sitesAdded == 1 && o.removedMarkers == 1)
    }

    @Test func anUnknownLocationIsDeclaredAfterTheLastLocation() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-04T08:00:00Z,Belly,,")), fs)
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            location Left Arm
            location Right Arm
            location Lower Back
            location Belly

            2026-02-01 08:00   Left Arm     ; bled
                                            ; and itched
            2026-02-04 08:00   Belly
            2026-02-07 08:00   Lower Back   ; fine

            """)
        #expect(o.plan.newLocations.map(\.name) == ["Belly"])
        #expect(o.plan.translations.map { "\($0.from)→\($0.to) \($0.isNew)" } == ["Belly→Belly true"])
    }

    @Test func aMappedNameGoesToTheJournalsLocationAndDeclaresNothing() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-04T08:00:00Z,Belly,,"), maps: [(from: "belly", to: "lower back")]), fs)
        #expect(fs.text(path) == start.replacingOccurrences(of: "; and itched\n", with: """
            ; and itched
            2026-02-04 08:00   Lower Back

            """))
        #expect(o.plan.newLocations.isEmpty)
        #expect(o.plan.translations.map { "\($0.from)→\($0.to) \($0.isNew)" } == ["Belly→Lower Back false"])
    }

    @Test func theAppsNamesAreMatchedToTheJournalsIgnoringCase() throws {
        let text = start.replacingOccurrences(of: "location Lower Back", with: "location Left front abdomen")
            .replacingOccurrences(of: "Lower Back   ; fine", with: "Left front abdomen   ; fine")
        let fs = InMemoryFileSystem([path: text])
        let o = try merge(.init(source: csv("2026-02-10T08:00:00Z,L Abdomen (Front),,")), fs)
        #expect(fs.text(path) == text + "2026-02-10 08:00   Left front abdomen\n")
        #expect(o.plan.newLocations.isEmpty && o.sitesAdded == 1)
        #expect(o.plan.translations.map { "\($0.from)→\($0.to) \($0.isNew)" } == ["L Abdomen (Front)→Left front abdomen false"])
    }

    @Test func duplicatesAreSkippedAndClashesReportedWithTheirReasons() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-01T08:00:00Z,left arm,,",
                                            "2026-02-07T08:00:00Z,Right Arm,,",
                                            "2026-02-04T08:00:00Z,Right Arm,,")), fs)
        #expect(o.plan.skipped.map(\.row) == [2])
        #expect(o.plan.skipped.map(\.reason) == ["Left Arm at 2026-02-01 08:00 is already there"])
        #expect(o.plan.conflicts.map(\.row) == [3])
        #expect(o.plan.conflicts.map(\.reason) == ["Right Arm at 2026-02-07 08:00, but line 9 has Lower Back then"])
        #expect(o.sitesAdded == 1)
        #expect(fs.text(path) == start.replacingOccurrences(of: "; and itched\n", with: """
            ; and itched
            2026-02-04 08:00   Right Arm

            """))
    }

    @Test func anImportWithNothingNewWritesNothing() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-01T08:00:00Z,Left Arm,,", "2026-02-07T08:00:00Z,Lower Back,,")), fs)
        #expect(fs.writes == 0 && fs.text(path) == start)
        #expect(!o.wrote && o.plan.skipped.count == 2 && o.sitesAdded == 0)
    }

    @Test func aDryRunReportsEverythingAndWritesNothing() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-04T08:00:00Z,Belly,48,", "2026-02-01T08:00:00Z,Left Arm,,"),
                                dryRun: true), fs)
        #expect(fs.writes == 0 && fs.text(path) == start)
        #expect(o.dryRun && !o.wrote)
        #expect(o.sitesAdded == 1 && o.removedMarkers == 1 && o.plan.skipped.count == 1)
        #expect(o.plan.newLocations.map(\.name) == ["Belly"])
    }

    @Test func rejectedRowsAreReportedAndTheGoodRowsStillImported() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("yesterday,Left Arm,,", "2026-02-04T08:00:00Z,Right Arm,,",
                                            "2026-02-05T08:00:00Z,Removed,,")), fs)
        #expect(o.rows == 3)
        #expect(o.plan.rejected.map(\.row) == [2, 4])
        #expect(o.plan.rejected.map(\.reason) == ["invalid date `yesterday`",
                                                  "location \"Removed\": `removed` is a keyword, not a location name"])
        #expect(o.sitesAdded == 1 && o.plan.newLocations.isEmpty)
        #expect(fs.text(path) == start.replacingOccurrences(of: "; and itched\n", with: """
            ; and itched
            2026-02-04 08:00   Right Arm

            """))
    }

    @Test func anInvalidMapTargetIsRefusedAndNothingIsWritten() {
        let fs = InMemoryFileSystem([path: start])
        do {
            _ = try merge(.init(source: csv("2026-02-04T08:00:00Z,Belly,,"), maps: [(from: "Belly", to: "; oops")]), fs)
            Issue.record("the import was not refused")
        } catch {
            #expect(error.reason == .invalidMapTarget(name: "; oops"))
        }
        #expect(fs.writes == 0 && fs.text(path) == start)
    }

    /// Flags and numbers read as JSONSerialization read them: 1 and 0 are
    /// true and false, true and false are 1 and 0.
    @Test func jsonFlagsMayBeNumbersAndNumbersFlags() throws {
        let json = """
            {"format": "sitecycle-journal", "settings": {"targetHours": 72.5},
             "locations": [{"name": "Left Arm", "enabled": 1}, {"name": "Old Spot", "enabled": 0},
                           {"name": "Odd", "enabled": 2}],
             "entries": [{"start": "2026-02-04T08:00:00Z", "location": "Left Arm"},
                         {"start": "2026-02-06T08:00:00Z", "removed": 1},
                         {"start": "2026-02-07T08:00:00Z", "location": "Left Arm", "removed": 0}]}
            """
        guard case .success(let source) = ImportReaders.journalJSON(json) else { Issue.record("JSON does not read"); return }
        #expect(source.locations.map(\.enabled) == [true, false, true])
        #expect(source.records.map(\.sourceName) == ["Left Arm", nil, "Left Arm"])
        #expect(source.settings.first?.1 == "72.5h")
        #expect(JSON.bool(true).numberOrFlag == 1 && JSON.double(2).flag == nil && JSON.null.flag == nil)
    }

    @Test func replacingMatchesBytesSoAQuoteBeforeACombiningMarkIsReplaced() {
        #expect("a\"\u{301}b".replacingAll("\"", with: "\\\"") == "a\\\"\u{301}b")
        #expect("xx".replacingAll("", with: "y") == "xx" && "abcabc".replacingAll("bc", with: "-") == "a-a-")
    }

    @Test func ourJSONIntoABareFileBringsItsHeaderAndWritesTimesInItsZone() throws {
        let json = """
            {"format": "sitecycle-journal",
             "settings": {"timezone": "Europe/Berlin", "targetHours": 72},
             "locations": [{"name": "Left Arm", "enabled": true}, {"name": "Old Spot", "enabled": false}],
             "entries": [{"start": "2026-02-04T08:00:00+01:00", "location": "Left Arm", "note": "first"},
                         {"start": "2026-02-01T08:00:00+01:00", "location": "Old Spot"},
                         {"start": "2026-02-05T17:00:00+09:00", "location": "Left Arm", "note": "in Tokyo"},
                         {"start": "2026-02-06T08:00:00+01:00", "removed": true}]}
            """
        guard case .success(let source) = ImportReaders.journalJSON(json) else { Issue.record("JSON does not read"); return }
        let fs = InMemoryFileSystem([path: "; my sites\n"])
        let o = try merge(.init(source: source), fs)
        #expect(fs.text(path) == """
            ; my sites
            timezone Europe/Berlin
            target 72h
            location Left Arm
            location Old Spot  disabled

            2026-02-01 08:00  Old Spot
            2026-02-04 08:00  Left Arm  ; first
            2026-02-05 17:00 +09:00  Left Arm  ; in Tokyo
            2026-02-06 08:00  removed

            """)
        #expect(o.settingLines == ["timezone Europe/Berlin", "target 72h"])
        #expect(o.plan.newLocations.map(\.name) == ["Left Arm", "Old Spot"])
        #expect(o.sitesAdded == 3 && o.removedMarkers == 1)
    }

    @Test func aSensorChangeDeclaresTheSensorAndNamesItOnItsLine() throws {
        let treatments = """
            [{"eventType": "Sensor Change", "created_at": "2026-02-04T08:00:00Z", "location": "Left Arm"},
             {"eventType": "Temp Basal", "created_at": "2026-02-04T09:00:00Z"}]
            """
        guard case .success(let source) = ImportReaders.nightscout(treatments) else { Issue.record("does not read"); return }
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: source), fs)
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            device sensor 10d
            location Left Arm
            location Right Arm
            location Lower Back

            2026-02-01 08:00   Left Arm     ; bled
                                            ; and itched
            2026-02-04 08:00   sensor  Left Arm
            2026-02-07 08:00   Lower Back   ; fine

            """)
        #expect(o.deviceLines == ["device sensor 10d"] && o.ignored == 1 && o.rows == 1)
    }

    /// The edit on its own, for any caller: entries handed over in any
    /// order land in time order, those after one line in one block.
    @Test func entriesInAnyOrderLandInTimeOrder() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try fs.transaction(path).run { journal throws(ServiceError) in
            var editor = JournalEditor(source: journal.source)
            EntryWriter(journal: journal).insertInTimeOrder([
                NewEntry(start: instant("2026-02-05T08:00:00Z"), location: "Left Arm"),
                NewEntry(start: instant("2026-01-20T08:00:00Z"), location: "Lower Back"),
                NewEntry(start: instant("2026-02-04T08:00:00Z"), location: "Right Arm", note: "sore"),
                NewEntry(start: instant("2026-02-06T08:00:00Z"), location: nil),
            ], in: &editor)
            return PlannedChange(editor: editor) { _ in () }
        }
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            location Left Arm
            location Right Arm
            location Lower Back

            2026-01-20 08:00   Lower Back
            2026-02-01 08:00   Left Arm     ; bled
                                            ; and itched
            2026-02-04 08:00   Right Arm    ; sore
            2026-02-05 08:00   Left Arm
            2026-02-06 08:00   removed
            2026-02-07 08:00   Lower Back   ; fine

            """)
    }

    /// Issue 22, item 1: a row's duration becomes a `removed` marker only
    /// when it ends that row's own site, never one the journal holds.
    @Test func aDurationMarkerNeverEndsTheJournalsOwnSite() throws {
        // The row began before the journal's Lower Back and its 6-day
        // duration reaches past it: the journal's site must stay active.
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-05T08:00:00Z,Right Arm,144,")), fs)
        #expect(o.sitesAdded == 1 && o.removedMarkers == 0)
        #expect(fs.text(path)?.contains("removed") == false)
    }

    @Test func aSkippedOrConflictingRowWritesNoMarker() throws {
        let fs = InMemoryFileSystem([path: start])
        // The first row is the journal's own Lower Back (skipped), the
        // second clashes with Left Arm: neither may end the journal's site.
        let o = try merge(.init(source: csv("2026-02-07T08:00:00Z,Lower Back,24,",
                                            "2026-02-01T08:00:00Z,Right Arm,24,")), fs)
        #expect(o.plan.skipped.count == 1 && o.plan.conflicts.count == 1)
        #expect(!o.wrote && fs.text(path) == start)
    }

    @Test func aMarkerStillEndsARowWhoseSiteNothingElseEnds() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try merge(.init(source: csv("2026-02-10T08:00:00Z,Right Arm,48,")), fs)
        #expect(o.sitesAdded == 1 && o.removedMarkers == 1)
        #expect(fs.text(path)!.hasSuffix("2026-02-10 08:00   Right Arm\n2026-02-12 08:00   removed\n"))
    }
}
