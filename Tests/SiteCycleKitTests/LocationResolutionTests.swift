import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// What a typed location names, decided in memory before anyone words it:
/// the command line turns each case into its message and hint.
struct LocationResolutionTests {
    let journal = load("""
        timezone UTC
        location Left Front Abdomen
        location Right Front Abdomen
        location Left Front Thigh
        location Right Side Thigh
        location Lower Back
        location Left Hip   disabled
        """, zone: .utc)
    var matcher: LocationMatcher { LocationMatcher(locations: journal.locations) }
    func named(_ name: String) -> Location { journal.location(named: name)! }

    @Test func initialsFindOneLocation() {
        #expect(matcher.resolve("lfa") == .found(named("Left Front Abdomen")))
        #expect(matcher.resolve("left front abdomen") == .found(named("Left Front Abdomen")))
    }

    @Test func severalFitsAreListedWithWhatToTypeForEach() {
        guard case .ambiguous(let candidates) = matcher.resolve("lf") else { Issue.record("not ambiguous"); return }
        #expect(candidates.map(\.location.name) == ["Left Front Abdomen", "Left Front Thigh"])
        #expect(candidates.map(\.typed) == ["lfa", "lft"])
    }

    @Test func aDisabledLocationIsNamedSoItCanBeEnabled() {
        #expect(matcher.resolve("left hip") == .disabled(named("Left Hip")))
    }

    @Test func aZoneWithoutItsSideSaysWhichSidesItHas() {
        guard case .unknown(let unknown) = matcher.resolve("front abdomen") else { Issue.record("found something"); return }
        #expect(unknown.zones.map(\.zone) == ["Front Abdomen"])
        #expect(unknown.zones[0].sides.map(\.location.name) == ["Left Front Abdomen", "Right Front Abdomen"])
        #expect(unknown.zones[0].sides.map(\.typed) == ["lfa", "rfa"])
    }

    @Test func initialsOneLetterOffAreASlip() {
        guard case .unknown(let unknown) = matcher.resolve("rfb") else { Issue.record("found something"); return }
        #expect(unknown.zones.isEmpty)
        #expect(unknown.slips.map(\.location.name) == ["Right Front Abdomen"])
        #expect(unknown.slips.map(\.typed) == ["rfa"])
    }

    @Test func anUnknownNameGetsTheNearestGuess() {
        #expect(matcher.resolve("lowr back") == .unknown(.init(zones: [], slips: [], guess: "Lower Back")))
    }

    @Test func aFilterTakesAZoneOrADisabledLocation() {
        #expect(matcher.select("Front Abdomen") == .found([named("Left Front Abdomen"), named("Right Front Abdomen")]))
        #expect(matcher.select("left hip") == .found([named("Left Hip")]))
        #expect(matcher.select("lf") == .ambiguous([named("Left Front Abdomen"), named("Left Front Thigh")]))
        #expect(matcher.select("lowr back") == .unknown(guess: "Lower Back"))
    }
}
