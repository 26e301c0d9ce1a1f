import SiteCycleKit

/// What `outcomes` was asked for.
struct OutcomesOptions {
    static let specs = CGMOptions.specs(cgm: "the CGM export: Clarity CSV, LibreView CSV, Nightscout entries.json") + [
        DeviceOption.spec("whose sites readings go to: pump (default) or a declared device"),
        OptionSpec(["--by"], value: "GROUP", "site (default) or wear-day"),
        OptionSpec(["--units"], value: "UNIT", "mg/dL or mmol/L (default: the file's)"),
    ] + PeriodOptions.readingSpecs

    enum Grouping: String { case site, wearDay = "wear-day" }

    var cgm: CGMOptions
    var device: DeviceOption
    var grouping: Grouping
    var units: GlucoseUnit?
    var period: PeriodOptions

    init(_ arguments: ParsedArguments) throws(CommandError) {
        // More exports may follow the first as plain arguments
        // (`--cgm old.csv new.csv`), as a shell glob gives them.
        cgm = try CGMOptions(arguments, extraFiles: arguments.positionals)
        guard !cgm.files.isEmpty else {
            throw CommandError("outcomes needs the CGM's export: --cgm FILE",
                               help: "download it from Dexcom Clarity, LibreView or Nightscout (`sitecycle help outcomes`)",
                               usage: true)
        }
        device = DeviceOption(arguments)
        let by = arguments.value("--by") ?? "site"
        guard let grouping = Grouping(rawValue: by) else {
            throw CommandError("--by takes site or wear-day, not `\(by)`", usage: true)
        }
        self.grouping = grouping
        if let u = arguments.value("--units") {
            // `mmol` and `mgdl` too: what people type.
            let spellings: [String: GlucoseUnit] = ["mg/dl": .mgdl, "mgdl": .mgdl, "mg": .mgdl, "mmol/l": .mmol, "mmol": .mmol]
            guard let unit = spellings[u.lowercased()] else {
                throw CommandError("--units takes mg/dL or mmol/L, not `\(u)`", usage: true)
            }
            units = unit
        }
        period = try PeriodOptions(arguments)
    }
}
