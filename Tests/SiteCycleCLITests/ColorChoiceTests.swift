import Testing
@testable import SiteCycleCLI

struct ColorChoiceTests {
    @Test func colorFollowsTheEnvironment() {
        #expect(ColorChoice.auto.resolve(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.resolve(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.auto.resolve(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!ColorChoice.auto.resolve(isTerminal: false, environment: [:]))
        #expect(ColorChoice.always.resolve(isTerminal: false, environment: ["NO_COLOR": "1"]))
    }
}
