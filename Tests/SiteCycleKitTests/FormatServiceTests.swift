import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `fmt` as a service on an in-memory file system: the canonical layout is
/// written once, and a formatted journal is left alone.
struct FormatServiceTests {
    let path = "/j/sites.journal"

    func run(_ fs: InMemoryFileSystem) throws -> TransactionResult<FormatService.Outcome> {
        try fs.transaction(path).run { journal throws(ServiceError) in
            try FormatService.format(journal)
        }
    }

    @Test func aJournalIsFormattedOnceThenLeftAlone() throws {
        let messy = "timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n"
            + "2026-02-04 08:00 Right Arm ;  second\n2026-02-01 08:00   Left Arm\n"
        let fs = InMemoryFileSystem([path: messy])
        let first = try run(fs)
        #expect(first.outcome == .formatted && first.wrote)
        let text = try #require(fs.text(path))
        // Time order, one layout, the note kept.
        #expect(text.range(of: "2026-02-01 08:00")!.lowerBound < text.range(of: "2026-02-04 08:00")!.lowerBound)
        #expect(text.contains("Right Arm  ; second"))
        let writes = fs.writes
        let second = try run(fs)
        #expect(second.outcome == .alreadyFormatted && !second.wrote)
        #expect(fs.writes == writes && fs.text(path) == text)
    }

    @Test func aJournalWithErrorsIsNotTouched() {
        let broken = "location Left Arm\n\n2026-02-01 08:00  Nowhere\n"
        let fs = InMemoryFileSystem([path: broken])
        #expect(throws: ServiceError.self) { try run(fs) }
        #expect(fs.writes == 0 && fs.text(path) == broken)
    }
}
