import SiteCycleKit

/// What `export` was asked for.
struct ExportOptions {
    typealias Format = ExportService.Format

    static let specs = DeviceOption.specs + [OptionSpec(["--format"], value: "FORMAT", "csv (default), json, nightscout or ics")]
        + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var format: Format
    var output: OutputOption

    init(_ arguments: ParsedArguments) throws(CommandError) {
        output = OutputOption(arguments)
        let name = try exportFormat(given: arguments.value("--format"), output: output.path)
        guard let format = Format(rawValue: name) else {
            let guess = suggestion(for: name, among: Format.allCases.map(\.rawValue))
            throw CommandError("unknown format `\(name)`",
                               help: guess.map { "did you mean `\($0)`?" } ?? "use csv, json, nightscout or ics", usage: true)
        }
        self.format = format
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
    }
}

/// The format asked for, or the one FILE's extension names: `-o sites.json`
/// writes JSON, not CSV under a .json name. Nightscout is JSON too.
func exportFormat(given: String?, output: String?) throws(CommandError) -> String {
    var implied: [String]?
    if let output, case .file = OutputTarget.classify(output),
       let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
        implied = ["csv": ["csv"], "json": ["json", "nightscout"], "ics": ["ics"]][output[output.index(after: dot)...].lowercased()]
    }
    guard let given else { return implied?.first ?? "csv" }
    if let implied, ["csv", "json", "nightscout", "ics"].contains(given), !implied.contains(given) {
        throw CommandError("--format \(given) contradicts the file name \((output!).terminalSafe)",
                           help: "drop --format to write \(implied[0]), or name the file .\(given == "nightscout" ? "json" : given)",
                           usage: true)
    }
    return given
}
