import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 22, item 8: a name that ends in a clause keyword would be written
/// as a clause of its line; it is refused wherever a name comes in, and
/// the parser and the editor read clauses by one rule.
struct LocationNameTests {
    let path = "/journal/sites.journal"
    let start = "timezone UTC\nlocation Belly\n\n2026-02-01 08:00  Belly\n"

    @Test(arguments: ["Calf disabled", "Calf for pump", "Calf for pump,sensor", "Calf paused until 2026-03-01",
                      "Calf paused until whenever", "Left Calf  disabled"])
    func aNameEndingInAClauseIsRefused(_ name: String) {
        #expect(LocationName.problem(with: name)?.contains("the journal would read that as a clause") == true)
        let fs = InMemoryFileSystem([path: start])
        #expect(throws: ServiceError.self) {
            try fs.transaction(path).run { journal throws(ServiceError) in
                try LocationsService.add(.init(name: name), in: journal)
            }
        }
        #expect(fs.writes == 0)
    }

    @Test(arguments: ["Calf for", "Disabled Calf", "For Pump Site", "Paused Until", "Calf Paused", "Calf for Pump"])
    func namesThatOnlyLookLikeClausesAreKept(_ name: String) {
        #expect(LocationName.problem(with: name) == nil)
        let journal = load("timezone UTC\nlocation \(name)\nlocation \(name) disabled\n", zone: .utc)
        #expect(journal.locations.map(\.name) == [name])  // the second line declares it again, disabled: a duplicate
        #expect(journal.locations.first?.isEnabled == true)
    }

    @Test func theParserAndTheEditorReadEachClauseOnce() {
        let journal = load("timezone UTC\nlocation Calf disabled disabled\n", zone: .utc)
        #expect(journal.diagnostics.errors.map(\.code) == [.invalidLocationName])
        let parts = journal.syntax.locationParts(atLine: 2)!
        #expect(journal.source.string(parts.name) == "Calf disabled")
    }

    @Test func aJSONImportDoesNotDeclareAClauseAsAName() throws {
        let json = """
            {"format":"sitecycle-journal","locations":[{"name":"Calf disabled"}],
             "entries":[{"start":"2026-02-20T08:00:00Z","location":"Shin for pump"}]}
            """
        guard case .success(let source) = ImportReaders.read(json, as: .json) else { Issue.record("JSON does not read"); return }
        let plan = ImportPlan.make(load(start, zone: .utc), source, maps: [])
        #expect(plan.newLocations.isEmpty && plan.additions.isEmpty)
        #expect(plan.rejected.count == 2)
    }
}

/// Issue 24, item 4: a `location` line is composed in one place, and the
/// parser reads back what it wrote, whichever clauses it has.
struct LocationLineTests {
    @Test(arguments: [[], ["pump"], ["sensor"], ["pump", "sensor"]], [true, false])
    func whatIsWrittenReadsBack(_ devices: [String], _ enabled: Bool) throws {
        for until in [nil, CivilDate(year: 2026, month: 3, day: 1)] {
            for note in [nil, "tender after swimming"] {
                let line = LocationLine("Left Calf", devices: devices, pausedUntil: until, enabled: enabled, note: note)
                let journal = load("timezone UTC\ndevice sensor 10d\n\(line.text)\n", zone: .utc)
                #expect(journal.diagnostics.isEmpty, "\(line.text)")
                let read = try #require(journal.locations.first)
                #expect(read.name == "Left Calf")
                #expect(read.devices == (devices.isEmpty ? ["pump"] : devices))
                #expect(read.pausedUntil == until && read.isEnabled == enabled)
                #expect(journal.comment(of: read) == note)
            }
        }
        #expect(LocationLine("Calf", devices: ["pump"]).text == "location Calf")
    }
}

/// Issue 22, item 19: every location has a short form that names it alone,
/// and hints only ever suggest those.
struct ShortFormTests {
    let defaults = load("timezone UTC\n" + DefaultZones.locationNames(zones: DefaultZones.all, sides: true)
        .map { "location \($0)\n" }.joined(), zone: .utc)

    @Test func everyDefaultLocationHasAnUnambiguousShortForm() {
        let matcher = LocationMatcher(locations: defaults.locations)
        var forms: [String: String] = [:]
        for l in defaults.locations {
            let short = matcher.shortForm(of: l)
            #expect(matcher.match(short) == .found(l), "\(short) for \(l.name)")
            forms[l.name] = short
        }
        #expect(forms["Left Back Abdomen"] == "lbab" && forms["Left Back Arm"] == "lbar")
        #expect(forms["Right Buttock"] == "rb" && forms["Left Front Abdomen"] == "lfa")
        #expect(Set(forms.values).count == defaults.locations.count)
    }

    @Test func theStartOfEachWordRunTogetherNamesALocation() {
        let matcher = LocationMatcher(locations: defaults.locations)
        #expect(matcher.match("rbu") == .found(defaults.location(named: "Right Buttock")!))
        #expect(matcher.match("lbar") == .found(defaults.location(named: "Left Back Arm")!))
        guard case .ambiguous(let both) = matcher.match("lba") else { Issue.record("lba is not ambiguous"); return }
        #expect(both.map(\.name) == ["Left Back Abdomen", "Left Back Arm"])
    }

    @Test func aDisabledLocationsShortFormNamesNoEnabledOne() {
        let journal = load("timezone UTC\nlocation Left Hip disabled\nlocation Left Heel\n", zone: .utc)
        let matcher = LocationMatcher(locations: journal.locations)
        let hip = journal.locations[0]
        #expect(matcher.match(matcher.shortForm(of: hip)) == .disabled(hip))
    }
}

/// Issue 24, item 1: the zones `init` asks about make their locations and
/// devices in the Kit, not in the questions.
struct ZoneChoiceTests {
    @Test func aZoneWithoutSidesIsOneLocationAndEachZoneSaysItsDevices() {
        var choice = ZoneChoice(zones: ["Front Abdomen", "Back Arm", "Calf"], unsided: ["Calf"])
        #expect(choice.locationNames == ["Left Front Abdomen", "Right Front Abdomen", "Left Back Arm", "Right Back Arm", "Calf"])
        choice.shared = ["Front Abdomen", "Back Arm"]
        choice.sensorOnly = ["Back Arm"]
        let devices = choice.devices(sensor: "sensor")
        #expect(devices["Right Front Abdomen"] == [Device.pumpName, "sensor"])
        #expect(devices["Left Back Arm"] == ["sensor"])
        #expect(devices["Calf"] == [Device.pumpName])
        #expect(devices.count == 5)
    }
}
