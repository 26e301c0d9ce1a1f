import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct JournalLocationTests {
    @Test func theDefaultUsesHOMEThenThePasswdHome() {
        let withHome = JournalLocation.resolve(flag: nil, environment: ["HOME": "/home/pat"], passwdHome: { "/elsewhere" })
        #expect(withHome.path == "/home/pat/.local/share/sitecycle/sites.journal")
        let noHOME = JournalLocation.resolve(flag: nil, environment: [:], passwdHome: { "/home/pat" })
        #expect(noHOME.path == "/home/pat/.local/share/sitecycle/sites.journal")
        #expect(noHOME.origin == .xdgDefault)
        let emptyHOME = JournalLocation.resolve(flag: nil, environment: ["HOME": ""], passwdHome: { "/home/pat/" })
        #expect(emptyHOME.path == "/home/pat/.local/share/sitecycle/sites.journal")
    }

    @Test func noHomeAtAllIsNoPathRatherThanATilde() {
        let none = JournalLocation.resolve(flag: nil, environment: [:], passwdHome: { nil })
        #expect(none.origin == .noHome)
        #expect(none.path.isEmpty)
        // A flag or $SITECYCLE_FILE still works.
        #expect(JournalLocation.resolve(flag: "j", environment: [:], passwdHome: { nil }).path == "j")
        #expect(JournalLocation.resolve(flag: nil, environment: ["SITECYCLE_FILE": "/j"], passwdHome: { nil }).path == "/j")
    }
}

struct ReadLimitTests {
    @Test func theLimitCanOnlyBeLowered() {
        #expect(JournalFile.readLimit(environment: [:]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "1000"]) == 1000)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "999999999999"]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "0"]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "lots"]) == 256 << 20)
    }
}
