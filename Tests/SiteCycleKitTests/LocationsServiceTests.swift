import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `locations` edits against an in-memory file system: no disk, no clock.
/// Each test is a small journal, a request, and the file or refusal that
/// follows; every byte outside the edit must stay as it was.
struct LocationsServiceTests {
    typealias Service = LocationsService
    typealias Plan = (Journal) throws(ServiceError) -> PlannedChange<LocationsService.Outcome>

    let path = "/journal/sites.journal"
    let start = """
        timezone UTC
        target 72h
        location Left Arm
        location Right Arm
        location Belly  ; soft

        2026-02-01 08:00  Left Arm    ; bled
        2026-02-04 08:00  Right Arm   ; next to Left Arm
        2026-02-07 08:00  Left Arm

        """

    /// `start` with its header lines 3…5 replaced.
    func withHeader(_ lines: String) -> String {
        "timezone UTC\ntarget 72h\n" + lines + """

            2026-02-01 08:00  Left Arm    ; bled
            2026-02-04 08:00  Right Arm   ; next to Left Arm
            2026-02-07 08:00  Left Arm

            """
    }

    func run(_ fs: InMemoryFileSystem, _ plan: Plan) throws -> TransactionResult<LocationsService.Outcome> {
        try fs.transaction(path).run(plan)
    }

    /// The refusal `plan` ends in; nil (and an issue) when it went through.
    func refusal(_ fs: InMemoryFileSystem, _ plan: Plan) -> ServiceError? {
        do {
            _ = try fs.transaction(path).run(plan)
            Issue.record("the change was not refused")
            return nil
        } catch {
            return error
        }
    }

    func target(_ names: String..., typed: String? = nil) -> Service.Target {
        Service.Target(typed: typed ?? names[0], names: names)
    }

    func date(_ text: String) -> CivilDate { SettingValues.date(text)! }

    // MARK: add

    @Test func addPlacesTheLineAfterTheLastLocationLine() throws {
        let fs = InMemoryFileSystem([path: start])
        let result = try run(fs) { journal throws(ServiceError) in try Service.add(.init(name: "Tummy"), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  ; soft\nlocation Tummy\n"))
        #expect(result.outcome.change == .added(["Tummy"], devices: []))
        #expect(result.outcome.journal.locations.last?.name == "Tummy")
    }

    @Test func addWithSidesAndDevicesWritesOneForClauseWithoutRepeats() throws {
        let journal = "timezone UTC\ndevice sensor 10d\nlocation Belly\n\n2026-02-01 08:00  Belly\n"
        let fs = InMemoryFileSystem([path: journal])
        let request = Service.AddRequest(name: "Thigh", sides: true, devices: ["sensor", "pump", "sensor"])
        let result = try run(fs) { journal throws(ServiceError) in try Service.add(request, in: journal) }
        #expect(fs.text(path) == "timezone UTC\ndevice sensor 10d\nlocation Belly\n"
                + "location Left Thigh  for sensor,pump\nlocation Right Thigh  for sensor,pump\n\n2026-02-01 08:00  Belly\n")
        #expect(result.outcome.change == .added(["Left Thigh", "Right Thigh"], devices: ["sensor", "pump"]))
        #expect(result.outcome.journal.location(named: "Left Thigh")?.devices == ["sensor", "pump"])
    }

    @Test func thePumpAloneWritesNoForClause() throws {
        let fs = InMemoryFileSystem([path: start])
        let result = try run(fs) { journal throws(ServiceError) in
            try Service.add(.init(name: "Tummy", devices: ["pump", "pump"]), in: journal)
        }
        #expect(fs.text(path)!.contains("location Belly  ; soft\nlocation Tummy\n\n"))
        #expect(result.outcome.change == .added(["Tummy"], devices: []))
    }

    @Test func anUnknownDeviceIsRefusedAsTyped() {
        let fs = InMemoryFileSystem([path: "timezone UTC\ndevice sensor 10d\nlocation Belly\n"])
        let request = Service.AddRequest(name: "Tummy", devices: ["pump", "cgm"], devicesAsTyped: "pump, cgm")
        let error = refusal(fs) { journal throws(ServiceError) in try Service.add(request, in: journal) }
        #expect(error?.reason == .unknownDeviceInList(name: "cgm", list: "pump, cgm", withAdd: true, journal: path,
                                                      declared: ["pump", "sensor"]))
        #expect(fs.writes == 0)
    }

    // MARK: for (issue 23 item 8)

    let withSensor = """
        timezone UTC
        device sensor 10d
        location Left Arm  ; soft
        location Right Arm   for pump   disabled
        location Belly  for pump,sensor  paused until 2026-03-01

        2026-02-01 08:00  Left Arm

        """

    @Test func forWritesReplacesOrRemovesTheForClauseInOneEditOfTheLine() throws {
        let fs = InMemoryFileSystem([path: withSensor])
        let set = try run(fs) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Left Arm"), devices: ["pump", "sensor", "pump"],
                                         devicesAsTyped: "pump,sensor,pump"), in: journal)
        }
        #expect(fs.text(path) == withSensor.replacingOccurrences(of: "Left Arm  ; soft", with: "Left Arm  for pump,sensor  ; soft"))
        #expect(set.outcome.change == .devicesSet(["Left Arm"], devices: ["pump", "sensor"], unchanged: []))
        #expect(set.outcome.journal.location(named: "Left Arm")?.devices == ["pump", "sensor"])

        let replaced = InMemoryFileSystem([path: withSensor])
        _ = try run(replaced) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Right Arm"), devices: ["sensor"], devicesAsTyped: "sensor"),
                                   in: journal)
        }
        #expect(replaced.text(path) == withSensor.replacingOccurrences(of: "for pump   disabled", with: "for sensor   disabled"))

        let removed = InMemoryFileSystem([path: withSensor])
        _ = try run(removed) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Belly"), devices: ["pump"], devicesAsTyped: "pump"), in: journal)
        }
        #expect(removed.text(path) == withSensor.replacingOccurrences(of: "  for pump,sensor", with: ""))
    }

    @Test func forOnWhatItAlreadySaysWritesNothingAndSaysSo() throws {
        let fs = InMemoryFileSystem([path: withSensor])
        let result = try run(fs) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Left Arm", "Right Arm", typed: "Arm"), devices: ["pump"],
                                         devicesAsTyped: "pump"), in: journal)
        }
        // `for pump` says what no clause says: it goes, the meaning stays.
        #expect(fs.text(path) == withSensor.replacingOccurrences(of: "   for pump   disabled", with: "   disabled"))
        #expect(result.outcome.change == .devicesSet(["Right Arm"], devices: ["pump"], unchanged: ["Left Arm"]))
        let again = try run(fs) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Left Arm"), devices: ["pump"], devicesAsTyped: "pump"), in: journal)
        }
        #expect(again.before == again.after && !again.wrote)
        let unknown = refusal(fs) { journal throws(ServiceError) in
            try Service.setDevices(.init(target: target("Belly"), devices: ["cgm"], devicesAsTyped: "cgm"), in: journal)
        }
        #expect(unknown?.reason == .unknownDeviceInList(name: "cgm", list: "cgm", withAdd: false, journal: path,
                                                        declared: ["pump", "sensor"]))
    }

    @Test func addWithForOnADeclaredNameOrZoneSetsItsDevices() throws {
        let fs = InMemoryFileSystem([path: withSensor])
        let result = try run(fs) { journal throws(ServiceError) in
            try Service.add(.init(name: "left arm", devices: ["sensor", "pump"]), in: journal)
        }
        #expect(fs.text(path) == withSensor.replacingOccurrences(of: "Left Arm  ; soft", with: "Left Arm  for sensor,pump  ; soft"))
        #expect(result.outcome.change == .devicesSet(["Left Arm"], devices: ["sensor", "pump"], unchanged: []))
        let zone = InMemoryFileSystem([path: withSensor])
        _ = try run(zone) { journal throws(ServiceError) in
            try Service.add(.init(name: "Arm", devices: ["pump", "sensor"]), in: journal)
        }
        #expect(zone.text(path) == withSensor
            .replacingOccurrences(of: "Left Arm  ; soft", with: "Left Arm  for pump,sensor  ; soft")
            .replacingOccurrences(of: "for pump   disabled", with: "for pump,sensor   disabled"))
    }

    @Test func addRefusesADeclaredNameAZoneAndASidedNameWithSides() {
        let fs = InMemoryFileSystem([path: start])
        let clash = refusal(fs) { journal throws(ServiceError) in try Service.add(.init(name: "belly"), in: journal) }
        #expect(clash?.reason == .alreadyDeclared(name: "Belly", line: 5, anotherDeviceMayUseIt: false))
        let zone = refusal(fs) { journal throws(ServiceError) in try Service.add(.init(name: "arm"), in: journal) }
        #expect(zone?.reason == .zoneOfSides(zone: "Arm", locations: ["Left Arm", "Right Arm"]))
        let sided = refusal(fs) { journal throws(ServiceError) in
            try Service.add(.init(name: "Left Hip", sides: true), in: journal)
        }
        #expect(sided?.reason == .alreadySided(name: "Left Hip"))
        let invalid = refusal(fs) { journal throws(ServiceError) in try Service.add(.init(name: "Hip; sore"), in: journal) }
        #expect(invalid?.reason == .invalidLocationName(problem: "a location name cannot contain `;` (it starts a comment)"))
        #expect(fs.writes == 0 && fs.text(path) == start)
    }

    @Test func addWithSidesOnADeclaredLocationGivesItSides() throws {
        let fs = InMemoryFileSystem([path: start])
        let result = try run(fs) { journal throws(ServiceError) in try Service.add(.init(name: "belly", sides: true), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  disabled  ; soft\n"
                                            + "location Left Belly\nlocation Right Belly\n"))
        #expect(result.outcome.change == .sides(.init(zone: "Belly", on: true, added: ["Left Belly", "Right Belly"],
                                                      disabled: ["Belly"])))
    }

    // MARK: rename

    @Test func renameChangesTheDeclarationAndExactlyItsEntries() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = Service.RenameRequest(from: target("Left Arm", typed: "left arm"), to: "Left Upper Arm")
        let result = try run(fs) { journal throws(ServiceError) in try Service.rename(request, in: journal) }
        #expect(fs.text(path) == """
            timezone UTC
            target 72h
            location Left Upper Arm
            location Right Arm
            location Belly  ; soft

            2026-02-01 08:00  Left Upper Arm  ; bled
            2026-02-04 08:00  Right Arm   ; next to Left Arm
            2026-02-07 08:00  Left Upper Arm

            """)
        #expect(result.outcome.change == .renamed([.init(from: "Left Arm", to: "Left Upper Arm")], entries: 2))
    }

    /// An exact duplicate line (a warning) is one change in the model but
    /// two lines: both are renamed, or the twin would name a location that
    /// is gone (this refused with "this is a bug in sitecycle").
    @Test func renameAlsoRenamesAnExactDuplicateLine() throws {
        let text = """
            timezone UTC
            location Left Arm
            location Right Arm

            2026-02-01 08:00  Left Arm
            2026-02-01 08:00  Left Arm
            2026-02-04 08:00  Right Arm

            """
        let fs = InMemoryFileSystem([path: text])
        let request = Service.RenameRequest(from: target("Left Arm", typed: "Left Arm"), to: "Left Upper Arm")
        _ = try run(fs) { journal throws(ServiceError) in try Service.rename(request, in: journal) }
        #expect(fs.text(path) == text.replacingAll("Left Arm", with: "Left Upper Arm"))
    }

    @Test func renameKeepsTheDeviceWordAndTheNoteColumn() throws {
        let text = "timezone UTC\ndevice sensor 10d\nlocation Left Arm  for pump,sensor\nlocation Belly\n\n"
            + "2026-02-01 08:00  Belly\n2026-02-03 10:00  sensor  Left Arm      ; G7\n"
        let fs = InMemoryFileSystem([path: text])
        let request = Service.RenameRequest(from: target("Left Arm"), to: "Left Hip")
        let result = try run(fs) { journal throws(ServiceError) in try Service.rename(request, in: journal) }
        #expect(fs.text(path) == "timezone UTC\ndevice sensor 10d\nlocation Left Hip  for pump,sensor\nlocation Belly\n\n"
                + "2026-02-01 08:00  Belly\n2026-02-03 10:00  sensor  Left Hip      ; G7\n")
        #expect(result.outcome.change == .renamed([.init(from: "Left Arm", to: "Left Hip")], entries: 1))
    }

    @Test func renamingAZoneRenamesBothSides() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = Service.RenameRequest(from: target("Left Arm", "Right Arm", typed: "arm"), to: "Upper Arm")
        let result = try run(fs) { journal throws(ServiceError) in try Service.rename(request, in: journal) }
        #expect(fs.text(path)!.hasPrefix("timezone UTC\ntarget 72h\nlocation Left Upper Arm\nlocation Right Upper Arm\n"))
        #expect(fs.text(path)!.contains("2026-02-04 08:00  Right Upper Arm  ; next to Left Arm\n"))
        #expect(result.outcome.change == .renamed([.init(from: "Left Arm", to: "Left Upper Arm"),
                                                   .init(from: "Right Arm", to: "Right Upper Arm")], entries: 3))
    }

    @Test func aRefusedRenameWritesNothing() {
        let fs = InMemoryFileSystem([path: start])
        let clash = refusal(fs) { journal throws(ServiceError) in
            try Service.rename(.init(from: target("Left Arm"), to: "right arm"), in: journal)
        }
        #expect(clash?.reason == .alreadyDeclared(name: "Right Arm", line: 4, anotherDeviceMayUseIt: false))
        let sidedZone = refusal(fs) { journal throws(ServiceError) in
            try Service.rename(.init(from: target("Left Arm", "Right Arm", typed: "arm"), to: "Left Hip"), in: journal)
        }
        #expect(sidedZone?.reason == .zoneRenamedWithSide(typed: "arm"))
        #expect(fs.writes == 0 && fs.text(path) == start)
    }

    @Test func aCaseOnlyRenameIsAllowed() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try run(fs) { journal throws(ServiceError) in try Service.rename(.init(from: target("Belly"), to: "BELLY"), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation BELLY  ; soft\n"))
    }

    // MARK: enable, disable, remove

    @Test func disableWritesTheClauseBeforeTheCommentAndEnableTakesItAway() throws {
        let fs = InMemoryFileSystem([path: start])
        let disabled = try run(fs) { journal throws(ServiceError) in try Service.disable(target("Belly"), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  disabled  ; soft\n"))
        #expect(disabled.outcome.change == .disabled(["Belly"], alreadyDisabled: []))
        #expect(disabled.outcome.journal.location(named: "Belly")?.isEnabled == false)
        let again = try run(fs) { journal throws(ServiceError) in try Service.disable(target("Belly"), in: journal) }
        #expect(again.outcome.change == .disabled([], alreadyDisabled: ["Belly"]))
        #expect(!again.wrote && fs.writes == 1)
        let enabled = try run(fs) { journal throws(ServiceError) in try Service.enable(target("Belly"), in: journal) }
        #expect(fs.text(path) == start)
        #expect(enabled.outcome.change == .enabled(["Belly"], alreadyEnabled: []))
    }

    @Test func disablingEveryEnabledLocationIsRefused() {
        let fs = InMemoryFileSystem([path: start])
        let all = target("Left Arm", "Right Arm", "Belly")
        let disable = refusal(fs) { journal throws(ServiceError) in try Service.disable(all, in: journal) }
        let remove = refusal(fs) { journal throws(ServiceError) in try Service.remove(all, in: journal) }
        for error in [disable, remove] {
            #expect(error?.reason == .noEnabledLocationLeft)
        }
        #expect(fs.writes == 0)
    }

    @Test func removeDeletesAnUnusedLocationAndDisablesAUsedOne() throws {
        let fs = InMemoryFileSystem([path: start])
        let unused = try run(fs) { journal throws(ServiceError) in try Service.remove(target("Belly"), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\n"))
        #expect(unused.outcome.change == .removed([.deleted("Belly")]))
        let fs2 = InMemoryFileSystem([path: start])
        let used = try run(fs2) { journal throws(ServiceError) in
            try Service.remove(target("Left Arm", "Right Arm", typed: "arm"), in: journal)
        }
        #expect(fs2.text(path) == withHeader("location Left Arm  disabled\nlocation Right Arm  disabled\nlocation Belly  ; soft\n"))
        #expect(used.outcome.change == .removed([.disabled("Left Arm", uses: 2), .disabled("Right Arm", uses: 1)]))
    }

    /// One count of uses: `locations` lists those up to now; `remove`
    /// counts a future line too, so a name a future line uses is disabled,
    /// never deleted from under it.
    @Test func usesAreCountedOnceForTheListAndForRemove() throws {
        let text = start + "2027-01-01 08:00  Belly\n"
        let journal = load(text, zone: .utc)
        let now = Instant(seconds: 1_780_000_000)  // 2026-05-28
        let listed = LocationUsage(journal, upTo: now), all = LocationUsage(journal)
        #expect(["Left Arm", "Right Arm", "Belly"].map(listed.uses(of:)) == [2, 1, 0])
        #expect(listed.lastUse(of: "Left Arm")?.line == 9 && listed.lastUse(of: "Belly") == nil)
        #expect(all.uses(of: "Belly") == 1)
        let fs = InMemoryFileSystem([path: text])
        let removed = try run(fs) { journal throws(ServiceError) in try Service.remove(target("Belly"), in: journal) }
        #expect(removed.outcome.change == .removed([.disabled("Belly", uses: 1)]))
    }

    // MARK: sides

    @Test func sidesOffAddsTheZoneAfterItsSidesAndDisablesThem() throws {
        let fs = InMemoryFileSystem([path: start])
        let result = try run(fs) { journal throws(ServiceError) in try Service.sides(.init(zone: "arm", on: false), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm  disabled\nlocation Right Arm  disabled\nlocation Arm\n"
                                            + "location Belly  ; soft\n"))
        #expect(result.outcome.change == .sides(.init(zone: "Arm", on: false, added: ["Arm"],
                                                      disabled: ["Left Arm", "Right Arm"])))
        let again = try run(fs) { journal throws(ServiceError) in try Service.sides(.init(zone: "Arm", on: false), in: journal) }
        #expect(again.outcome.change == .sides(.init(zone: "Arm", on: false)) && !again.wrote)
        let back = try run(fs) { journal throws(ServiceError) in try Service.sides(.init(zone: "Arm", on: true), in: journal) }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Arm  disabled\nlocation Belly  ; soft\n"))
        #expect(back.outcome.change == .sides(.init(zone: "Arm", on: true, enabled: ["Left Arm", "Right Arm"], disabled: ["Arm"])))
    }

    @Test func sidesOfAnUnknownZoneIsRefused() {
        let fs = InMemoryFileSystem([path: start])
        let error = refusal(fs) { journal throws(ServiceError) in try Service.sides(.init(zone: "Hip", on: true), in: journal) }
        #expect(error?.reason == .unknownLocation(name: "Hip", as: .zone))
        #expect(fs.writes == 0)
    }

    // MARK: pause, resume

    @Test func pauseWritesTheClauseAndTheReasonAsTheComment() throws {
        let fs = InMemoryFileSystem([path: start])
        let paused = try run(fs) { journal throws(ServiceError) in
            try Service.pause(.init(target: target("Belly"), until: date("2026-03-01"), reason: "lumpy"), in: journal)
        }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  paused until 2026-03-01  ; lumpy\n"))
        #expect(paused.outcome.change == .paused(["Belly"], until: date("2026-03-01")))
        #expect(paused.outcome.journal.location(named: "Belly")?.pausedUntil == date("2026-03-01"))
        // A second pause replaces the first; without a reason the comment stays.
        _ = try run(fs) { journal throws(ServiceError) in
            try Service.pause(.init(target: target("Belly"), until: date("2026-04-01")), in: journal)
        }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  paused until 2026-04-01  ; lumpy\n"))
        // An empty reason clears it.
        _ = try run(fs) { journal throws(ServiceError) in
            try Service.pause(.init(target: target("Belly"), until: date("2026-04-01"), reason: ""), in: journal)
        }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm\nlocation Belly  paused until 2026-04-01\n"))
    }

    @Test func resumeTakesThePauseAwayAndSaysWhetherItWasInForce() throws {
        let paused = withHeader("location Left Arm  paused until 2026-02-10\nlocation Right Arm  paused until 2026-03-01  ; lumpy\n"
                                + "location Belly  ; soft\n")
        let fs = InMemoryFileSystem([path: paused])
        let zone = target("Left Arm", "Right Arm", typed: "arm")
        let result = try run(fs) { journal throws(ServiceError) in
            try Service.resume(.init(target: zone, today: date("2026-02-20")), in: journal)
        }
        #expect(fs.text(path) == withHeader("location Left Arm\nlocation Right Arm  ; lumpy\nlocation Belly  ; soft\n"))
        #expect(result.outcome.change == .resumed(["Right Arm"], notPaused: ["Left Arm"]))
    }

    /// Issue 28 item 4: a paused location that is also disabled is not
    /// "back in rotation" when its pause is taken away.
    @Test func resumingADisabledLocationSaysItIsStillDisabled() throws {
        let fs = InMemoryFileSystem([path: withHeader("location Left Arm  disabled  paused until 2026-03-01\nlocation Right Arm\n")])
        let result = try run(fs) { journal throws(ServiceError) in
            try Service.resume(.init(target: target("Left Arm"), today: date("2026-02-20")), in: journal)
        }
        #expect(fs.text(path) == withHeader("location Left Arm  disabled\nlocation Right Arm\n"))
        #expect(result.outcome.change == .resumed(["Left Arm"], notPaused: [], stillDisabled: ["Left Arm"]))
    }

    @Test func resumingWhatIsNotPausedIsRefusedAndWritesNothing() {
        let fs = InMemoryFileSystem([path: start])
        let error = refusal(fs) { journal throws(ServiceError) in
            try Service.resume(.init(target: target("Left Arm", "Right Arm", typed: "arm"), today: date("2026-02-20")), in: journal)
        }
        #expect(error?.reason == .notPaused(["Left Arm", "Right Arm"]))
        #expect(fs.writes == 0)
    }

    // MARK: move

    @Test func moveBeforeAZoneGoesAboveItsFirstLine() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = Service.MoveRequest(target: target("Belly"), .before, anchor: target("Left Arm", "Right Arm", typed: "arm"))
        let result = try run(fs) { journal throws(ServiceError) in try Service.move(request, in: journal) }
        #expect(fs.text(path) == withHeader("location Belly  ; soft\nlocation Left Arm\nlocation Right Arm\n"))
        #expect(result.outcome.change == .moved(["Belly"], .before, anchor: "arm"))
        #expect(result.outcome.journal.locations.map(\.name) == ["Belly", "Left Arm", "Right Arm"])
    }

    @Test func moveAfterOneLocationNamesIt() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = Service.MoveRequest(target: target("Left Arm"), .after, anchor: target("Belly", typed: "bel"))
        let result = try run(fs) { journal throws(ServiceError) in try Service.move(request, in: journal) }
        #expect(fs.text(path) == withHeader("location Right Arm\nlocation Belly  ; soft\nlocation Left Arm\n"))
        #expect(result.outcome.change == .moved(["Left Arm"], .after, anchor: "Belly"))
    }

    @Test func movingRelativeToItselfIsRefused() {
        let fs = InMemoryFileSystem([path: start])
        let request = Service.MoveRequest(target: target("Left Arm"), .after, anchor: target("Left Arm", "Right Arm", typed: "arm"))
        let error = refusal(fs) { journal throws(ServiceError) in try Service.move(request, in: journal) }
        #expect(error?.reason == .moveRelativeToItself)
        #expect(fs.writes == 0)
    }

    @Test func aTargetThatIsNotDeclaredIsRefused() {
        let fs = InMemoryFileSystem([path: start])
        let error = refusal(fs) { journal throws(ServiceError) in try Service.disable(target("Hip"), in: journal) }
        #expect(error?.reason == .unknownLocation(name: "Hip", as: .location))
        #expect(fs.writes == 0)
    }
}
