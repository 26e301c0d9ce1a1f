import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// amend, delete and set against an in-memory file system through the one
/// transaction: no disk, no clock. Each test states the whole file after.
struct CorrectionServiceTests {
    let path = "/journal/sites.journal"
    /// Locations in column 19 and notes in column 32: a file's own
    /// alignment, which edits keep.
    let start = """
        timezone UTC
        target 72h
        location Left Arm
        location Right Arm
        location Lower Back

        2026-02-01 08:00   Left Arm     ; bled
                                        ; and itched
        2026-02-04 08:00   Right Arm
        2026-02-07 08:00   Lower Back   ; fine

        """

    /// `start` with line `number` (1-based) replaced by `lines`.
    func start(replacing number: Int, with lines: [String]) -> String {
        var all = start.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        all.replaceSubrange((number - 1)...(number - 1), with: lines)
        return all.joined(separator: "\n")
    }

    func run<Outcome>(_ fs: InMemoryFileSystem, _ plan: (Journal) throws(ServiceError) -> PlannedChange<Outcome>)
        throws(ServiceError) -> TransactionResult<Outcome> {
        try fs.transaction(path).run(plan)
    }

    func amend(_ request: CorrectionService.AmendRequest, _ fs: InMemoryFileSystem)
        throws(ServiceError) -> CorrectionService.AmendOutcome {
        try run(fs) { journal throws(ServiceError) in try CorrectionService.amend(request, in: journal) }.outcome
    }

    /// The refusal `request` meets, after which the file must be untouched.
    func refusal(_ request: CorrectionService.AmendRequest, in text: String? = nil) -> ServiceError? {
        let fs = InMemoryFileSystem([path: text ?? start])
        defer { #expect(fs.writes == 0 && fs.text(path) == (text ?? start)) }
        do {
            _ = try amend(request, fs)
            Issue.record("amend was not refused")
            return nil
        } catch {
            return error
        }
    }

    @Test func amendingTheLocationChangesOnlyThatLine() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try amend(.init(entry: .line(9), location: "Lower Back"), fs)
        #expect(fs.text(path) == start(replacing: 9, with: ["2026-02-04 08:00   Lower Back"]))
        #expect(o.amended.line == 9 && o.journal.name(of: o.amended) == "Lower Back")
        #expect(o.lines == ["2026-02-04 08:00   Lower Back"])
    }

    @Test func amendingTheTimeKeepsTheLocationColumnAndTheNoteLines() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try amend(.init(entry: .start(instant("2026-02-01T08:00:00Z")), start: instant("2026-02-01T09:45:00Z")), fs)
        #expect(fs.text(path) == start(replacing: 7, with: ["2026-02-01 09:45   Left Arm     ; bled"]))
    }

    @Test func aNewNoteIsLaidOutAtTheNoteColumnAndReplacesTheContinuationLines() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try amend(.init(entry: .line(7), note: .replace("sore\nred")), fs)
        let expected = start.replacingOccurrences(of: "; bled\n                                ; and itched",
                                                  with: "; sore\n                                ; red")
        #expect(expected != start && fs.text(path) == expected)
        #expect(o.journal.note(of: o.amended) == "sore\nred")
    }

    @Test func removingTheNoteRemovesItsContinuationLines() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try amend(.init(entry: .last(upTo: instant("2026-02-01T12:00:00Z")), note: .remove), fs)
        #expect(fs.text(path) == start.replacingOccurrences(of: "     ; bled\n                                ; and itched", with: ""))
    }

    @Test func aStartPastTheNextEntryMovesTheLineWithItsNotes() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try amend(.init(entry: .line(8), start: instant("2026-02-05T08:00:00Z")), fs)
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            location Left Arm
            location Right Arm
            location Lower Back

            2026-02-04 08:00   Right Arm
            2026-02-05 08:00   Left Arm     ; bled
                                            ; and itched
            2026-02-07 08:00   Lower Back   ; fine

            """)
        #expect(o.amended.line == 8)
        #expect(o.lines == ["2026-02-05 08:00   Left Arm     ; bled", "                                ; and itched"])
    }

    @Test func anEndBeforeTheNextSiteAddsARemovedLine() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try amend(.init(entry: .line(9), end: instant("2026-02-06T20:00:00Z")), fs)
        #expect(fs.text(path) == start(replacing: 9, with: ["2026-02-04 08:00   Right Arm",
                                                            "2026-02-06 20:00   removed"]))
    }

    /// Issue 23 item 6: the `removed` line an end moves keeps its note, its
    /// continuation lines and its offset, whether it moves past another
    /// device's line or stays where it is.
    @Test func anEndKeepsTheNoteAndOffsetOfTheRemovedLineItMoves() throws {
        let text = """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor  Right Arm
            2026-02-03 08:00 +01:00  removed  ; kinked
                                              ; twice

            """
        let across = InMemoryFileSystem([path: text])
        _ = try amend(.init(entry: .line(6), end: instant("2026-02-01T20:00:00Z")), across)
        #expect(across.text(path) == """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-01 21:00 +01:00  removed  ; kinked
                                              ; twice
            2026-02-02 08:00  sensor  Right Arm

            """)
        let later = InMemoryFileSystem([path: """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-01 20:00+01:00  removed  ; kinked
            2026-02-02 08:00  sensor  Right Arm  ; G7

            """])
        _ = try amend(.init(entry: .line(6), end: instant("2026-02-03T07:00:00Z")), later)
        #expect(later.text(path)?.hasSuffix("""
            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor  Right Arm  ; G7
            2026-02-03 08:00+01:00  removed  ; kinked

            """) == true, "\(later.text(path) ?? "")")
        let inPlace = InMemoryFileSystem([path: text])
        _ = try amend(.init(entry: .line(6), end: instant("2026-02-03T10:00:00Z")), inPlace)
        #expect(inPlace.text(path) == text.replacingOccurrences(of: "03 08:00 +01:00", with: "03 11:00 +01:00"))
    }

    @Test func theDeviceWordStaysWhenTheLocationChanges() throws {
        let text = """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor   Left Arm

            """
        let fs = InMemoryFileSystem([path: text])
        _ = try amend(.init(entry: .line(7), device: "sensor", location: "Right Arm"), fs)
        #expect(fs.text(path) == text.replacingOccurrences(of: "sensor   Left Arm", with: "sensor   Right Arm"))
    }

    @Test func refusalsSayWhyAndWriteNothing() {
        #expect(refusal(.init(entry: .line(9)))?.reason == .nothingToChange)
        #expect(refusal(.init(entry: .line(3), note: .remove))?.reason == .notASiteChange(line: 3))
        #expect(refusal(.init(entry: .start(instant("2026-02-04T08:01:00Z")), note: .remove))?.reason
                == .noChangeStarts(time: "2026-02-04 08:01", device: nil))
        #expect(refusal(.init(entry: .last(upTo: instant("2026-01-01T00:00:00Z")), note: .remove))?.reason
                == .noSiteChanges(device: nil))
        #expect(refusal(.init(entry: .line(9), start: instant("2026-02-07T08:00:00Z")))?.reason
                == .startTaken(time: "2026-02-07 08:00", line: 10, newEntry: false))
        #expect(refusal(.init(entry: .line(7), end: instant("2026-02-05T08:00:00Z")))?.reason
                == .endAfterNextSite(line: 9, time: "2026-02-04 08:00"))
        #expect(refusal(.init(entry: .line(9), start: instant("2026-02-08T08:00:00Z"), end: instant("2026-02-09T08:00:00Z")))?
                    .reason == .startAndEndTogether)
        let removed = start + "2026-02-08 08:00   removed\n"
        #expect(refusal(.init(entry: .line(11), location: "Left Arm"), in: removed)?.reason == .removalHasNoLocation)
        #expect(refusal(.init(entry: .line(11), end: instant("2026-02-09T08:00:00Z")), in: removed)?.reason
                == .removalHasNoEnd)
        // Issue 28 item 4: a start never moves past its own `removed` line,
        // nor a `removed` line before the start of its site.
        #expect(refusal(.init(entry: .line(10), start: instant("2026-02-08T09:00:00Z")), in: removed)?.reason
                == .startPastOwnEnd(line: 11, time: "2026-02-08 08:00", isRemoval: false))
        #expect(refusal(.init(entry: .line(11), start: instant("2026-02-06T08:00:00Z")), in: removed)?.reason
                == .startPastOwnEnd(line: 10, time: "2026-02-07 08:00", isRemoval: true))
    }

    @Test func deleteRemovesTheEntryAndItsNoteLines() throws {
        let fs = InMemoryFileSystem([path: start])
        // A continuation line's number names its entry.
        let result = try run(fs) { journal throws(ServiceError) in
            try CorrectionService.delete(.init(entry: .line(8)), in: journal)
        }
        #expect(fs.text(path) == start.replacingOccurrences(
            of: "2026-02-01 08:00   Left Arm     ; bled\n                                ; and itched\n", with: ""))
        #expect(result.outcome.deleted.line == 7)
        #expect(result.outcome.lines == ["2026-02-01 08:00   Left Arm     ; bled", "                                ; and itched"])
    }

    @Test func deleteFindsTheEntryInItsOwnRotationOnly() {
        let text = """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor  Left Arm

            """
        let fs = InMemoryFileSystem([path: text])
        do {
            _ = try run(fs) { journal throws(ServiceError) in try CorrectionService.delete(.init(entry: .line(6)), in: journal) }
            Issue.record("deleted another device's line")
        } catch {
            #expect(error.reason == .otherDevicesLine(line: 6, device: "sensor"))
        }
        #expect(fs.writes == 0)
    }
}

struct SettingsServiceTests {
    let path = "/journal/sites.journal"
    let start = """
        timezone UTC
        target 72h
        location Left Arm

        2026-02-01 08:00  Left Arm

        """

    func set(_ request: SettingsService.Request, _ fs: InMemoryFileSystem) throws(ServiceError) -> SettingsService.Outcome {
        try fs.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(request, in: journal)
        }.outcome
    }

    @Test func setTargetRewritesTheExistingLine() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try set(.target(hours: 60), fs)
        #expect(fs.text(path) == start.replacingOccurrences(of: "target 72h", with: "target 60h"))
        #expect(o.change == .set("target", to: "60h", was: "72h"))
        #expect(o.journal.settings.targetHours == 60)
    }

    @Test func aNewSettingGoesAfterTheLastSetting() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try set(.rest(hours: 120), fs)
        #expect(fs.text(path) == start.replacingOccurrences(of: "target 72h\n", with: "target 72h\nrest 5d\n"))
        #expect(o.change == .set("rest", to: "5d", was: "none"))
    }

    @Test func withNoSettingsANewOneGoesBeforeTheLocationsWithABlankLine() throws {
        let fs = InMemoryFileSystem([path: "location A\n2026-01-01 00:00  A\n"])
        _ = try set(.target(hours: 48), fs)
        #expect(fs.text(path) == "target 48h\n\nlocation A\n2026-01-01 00:00  A\n")
    }

    @Test func devicesAreAddedAfterTheOtherDevicesAndChangedInPlace() throws {
        let fs = InMemoryFileSystem([path: start.replacingOccurrences(of: "target 72h\n", with: "device sensor 10d\ntarget 72h\n")])
        let added = try set(.device("patch", hours: 72), fs)
        #expect(added.change == .addedDevice("patch", target: "3d"))
        #expect(fs.text(path)!.hasPrefix("timezone UTC\ndevice sensor 10d\ndevice patch 3d\ntarget 72h\n"))
        let changed = try set(.device("sensor", hours: 14 * 24), fs)
        #expect(changed.change == .set("device sensor", to: "14d", was: "10d"))
        #expect(fs.text(path)!.hasPrefix("timezone UTC\ndevice sensor 14d\ndevice patch 3d\n"))
    }

    @Test func thePumpWithoutADeviceLineIsTheTarget() throws {
        let fs = InMemoryFileSystem([path: start])
        let o = try set(.device(Device.pumpName, hours: 48), fs)
        #expect(o.change == .set("target", to: "48h", was: "72h"))
        #expect(fs.text(path) == start.replacingOccurrences(of: "target 72h", with: "target 48h"))
    }

    @Test func anInvalidDeviceNameWritesNothing() {
        let fs = InMemoryFileSystem([path: start])
        do {
            _ = try set(.device("Sensor", hours: 240), fs)
            Issue.record("an invalid device name was written")
        } catch {
            #expect(error.reason == .invalidDeviceName(name: "Sensor", problem: "a device name starts with a lowercase letter"))
        }
        #expect(fs.writes == 0 && fs.text(path) == start)
    }
}
