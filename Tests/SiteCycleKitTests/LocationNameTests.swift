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
