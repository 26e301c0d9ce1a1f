@testable import SiteCycleCLI
import Testing

/// Issue 40 item 6: every usage line names every option its command takes
/// (history's lacked --early), and names none it does not.
struct UsageLineTests {
    @Test(arguments: CommandRegistry.all.filter { !$0.hidden }.map(\.name))
    func theUsageLineNamesEveryOption(_ name: String) {
        let command = CommandRegistry.all.first { $0.name == name }!
        let words = Set(command.usage.split(whereSeparator: { " []|\n,=()".contains($0) }).map(String.init))
        for spec in command.options {
            #expect(spec.names.contains(where: words.contains), "`\(name)`'s usage lacks \(spec.names[0])")
        }
        let declared = Set(command.options.flatMap(\.names))
        for word in words where word.hasPrefix("--") {
            #expect(declared.contains(word) || Self.global.contains(word), "`\(name)`'s usage names \(word), which it does not take")
        }
    }

    /// Options every command takes (`sitecycle help options`).
    static let global: Set = ["--file", "--now", "--json", "--color", "--device", "--help", "--version"]
}
