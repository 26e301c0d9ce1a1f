import SiteCycleKit

/// What `import` was asked for. Each part is checked where it has always
/// been, after the file is read: a missing file is said first.
struct ImportOptions {
    static let specs = [
        OptionSpec(["--format"], value: "FORMAT", "auto (default), csv, json or nightscout"),
        DeviceOption.spec("csv: the rotation of rows that name none (default pump)"),
        OptionSpec(["--map"], value: "FROM=TO", "use location TO for the source's FROM", repeatable: true),
        OptionSpec(["--dry-run"], "show what would change; change nothing"),
    ]

    var file: String
    /// As typed; nil for auto.
    var format: String?
    var device: DeviceOption
    /// Each `--map FROM=TO` as typed.
    var maps: [String]
    var dryRun: Bool

    init(_ arguments: ParsedArguments) {
        file = arguments.positionals[0]
        format = arguments.value("--format")
        device = DeviceOption(arguments)
        maps = arguments.allValues("--map")
        dryRun = arguments.flag("--dry-run")
    }

    /// The format asked for, or the one `text` looks like.
    func format(of text: String) throws(CommandError) -> ImportSource.Format {
        switch format ?? "auto" {
        case "auto": return ImportReaders.detect(text)
        case let f:
            guard let known = ImportSource.Format(rawValue: f) else {
                throw CommandError("unknown format `\(f)`", help: "use auto, csv, json or nightscout", usage: true)
            }
            return known
        }
    }

    /// `--device`, which only CSV rows lack.
    func device(for format: ImportSource.Format) throws(CommandError) -> String? {
        guard let name = device.given else { return nil }
        guard format == .csv else {
            throw CommandError("--device applies to CSV", help: "JSON and Nightscout rows say their own device", usage: true)
        }
        if let problem = Device.problem(with: name) { throw CommandError("--device \(name): \(problem)", usage: true) }
        return name
    }

    /// Each `--map` as FROM and TO.
    func mapping() throws(CommandError) -> [(from: String, to: String)] {
        var result: [(from: String, to: String)] = []
        for m in maps {
            let parts = m.split(separator: "=", maxSplits: 1).map { String($0).trimmingBlanks() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CommandError("--map takes FROM=TO, not `\(m)`", usage: true)
            }
            result.append((parts[0], parts[1]))
        }
        return result
    }
}
