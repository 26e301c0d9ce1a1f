import Testing
@testable import SiteCycleKit

/// `locations` lists every short form at once (`ShortForms`); each must be
/// the matcher's own answer for that location, asked alone.
struct ShortFormsTests {
    static let words = ["left", "right", "front", "back", "side", "abdomen", "arm", "armpit", "thigh", "buttock",
                        "lower", "hip", "a", "ab", "b", "lb", "site", "00001", "0001", "1"]

    func assertAgree(_ locations: [Location], sourceLocation: SourceLocation = #_sourceLocation) {
        let matcher = LocationMatcher(locations: locations)
        let batch = matcher.shortForms()
        for (location, form) in zip(locations, batch) {
            #expect(form == matcher.shortForm(of: location), "\(location.name) among \(locations.map(\.name))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func theDefaultsAndTheirNeighbours() {
        let names = ["Left Front Abdomen", "Right Front Abdomen", "Left Back Abdomen", "Left Back Arm",
                     "Right Back Arm", "Lower Back", "Left Buttock", "Hip", "Hips", "Left Hip"]
        let locations = names.enumerated().map { Location(name: $1, isEnabled: $0 != 3, order: $0, line: $0 + 1) }
        assertAgree(locations)
        #expect(LocationMatcher(locations: locations).shortForms()[0] == "lfa")
    }

    /// Random sets of names from a few shared words, some disabled, some
    /// repeated: every tier of the matcher is reached.
    @Test(arguments: 0..<200) func agreesWithTheMatcherOnRandomNames(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let count = 1 + random.int(12)
        let locations = (0..<count).map { i in
            let name = (0...random.int(3)).map { _ in ShortFormsTests.words[random.int(ShortFormsTests.words.count)] }
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            return Location(name: name, isEnabled: !random.chance(20), order: i, line: i + 1)
        }
        assertAgree(locations)
    }
}
