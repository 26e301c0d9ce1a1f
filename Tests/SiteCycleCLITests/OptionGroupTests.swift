import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// The shared option groups, read from a parsed line in memory: declared
/// once, with the same refusals every command gives.
struct OptionGroupTests {
    func parsed(_ words: [String], _ specs: [OptionSpec]) -> ParsedArguments {
        try! ArgumentParser.parse(words, options: specs, command: "test")
    }

    func refusal(_ body: () throws(CommandError) -> Void) -> String? {
        do throws(CommandError) { try body(); return nil } catch { return error.message }
    }

    @Test func lastTakesDaysWithOrWithoutTheD() throws {
        #expect(try PeriodOptions(parsed(["--last", "30d"], PeriodOptions.specs)).lastDays == 30)
        #expect(try PeriodOptions(parsed(["--last", "7"], PeriodOptions.specs)).lastDays == 7)
        #expect(refusal { () throws(CommandError) in _ = try PeriodOptions(parsed(["--last", "month"], PeriodOptions.specs)) }
            == "--last takes a number of days like `30d`, not `month`")
        #expect(refusal { () throws(CommandError) in _ = try PeriodOptions(parsed(["--last", "7d", "--from", "2026-01-01"], PeriodOptions.specs)) }
            == "give --last or --from, not both")
    }

    /// Every command that selects by period spells the three options alike,
    /// and every `--device` takes a NAME.
    @Test func eachGroupIsDeclaredOnce() {
        let period = PeriodOptions.specs.map(\.names)
        for command in CommandRegistry.all {
            let names = command.options.map(\.names)
            if names.contains(["--from"]) {
                let summaries = command.options.filter { $0.names == ["--from"] || $0.names == ["--to"] || $0.names == ["--last"] }
                    .map(\.summary)
                // Site changes by start, or (`outcomes`) glucose readings by time.
                #expect([PeriodOptions.specs, PeriodOptions.readingSpecs].map { $0.map(\.summary) }.contains(summaries),
                        "\(command.name)")
                #expect(names.filter { period.contains($0) } == period, "\(command.name)")
            }
            if let device = command.options.first(where: { $0.names == ["--device"] }) {
                #expect(device.valueName == "NAME", "\(command.name)")
            }
        }
    }

    @Test func statusModesExcludeEachOther() throws {
        #expect(refusal { () throws(CommandError) in _ = try StatusOptions(parsed(["--check", "--short"], StatusOptions.specs)) }
            == "give --check or --short, not both")
        #expect(refusal { () throws(CommandError) in _ = try StatusOptions(parsed(["--within", "12"], StatusOptions.specs)) }
            == "--within goes with --check or --short")
        #expect(try StatusOptions(parsed(["--short", "--within", "12h"], StatusOptions.specs)).within == 12)
    }

    @Test func cooldownAlonePicksTheCooldownStrategyClamped() throws {
        let options = try RecommendOptions(parsed(["--cooldown", "99"], RecommendOptions.specs))
        #expect(options.strategy(default: .bySite) == .cooldown(RecommendationStrategy.cooldownRange.upperBound))
        #expect(try RecommendOptions(parsed([], RecommendOptions.specs)).strategy(default: .byBodyPart) == .byBodyPart)
    }

    @Test func aDeviceIsCheckedAgainstTheJournal() {
        let journal = load("timezone UTC\ndevice sensor 10d\nlocation Arm\n", zone: .utc)
        let sensor = DeviceOption(parsed(["--device", "sensor"], DeviceOption.specs))
        #expect((try? sensor.name(in: journal)) == "sensor")
        #expect((try? DeviceOption(parsed([], DeviceOption.specs)).name(in: journal)) == Device.pumpName)
        #expect(refusal { () throws(CommandError) in _ = try DeviceOption(parsed(["--device", "cgm"], DeviceOption.specs)).name(in: journal) }
            == "no device `cgm` in test.journal")
    }
}
