import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// When `status --check` calls a change due: at or past the target, or
/// within the hours asked for.
struct SiteStatusDueTests {
    let journal = load("""
        timezone UTC
        target 48h
        location Belly

        2026-02-01 08:00  Belly
        """, zone: .utc)

    @Test func dueAtTheTargetOrWithinTheHoursAsked() throws {
        let twelveLeft = try #require(SiteStatus(journal, now: instant("2026-02-02T20:00:00Z")))
        #expect(!twelveLeft.isDue())
        #expect(twelveLeft.isDue(within: 12))
        #expect(!twelveLeft.isDue(within: 11.9))
        #expect(try #require(SiteStatus(journal, now: instant("2026-02-03T08:00:00Z"))).isDue())
    }
}
