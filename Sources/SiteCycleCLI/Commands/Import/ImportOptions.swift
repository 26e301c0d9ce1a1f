import SiteCycleKit

/// What `import` was asked for. What can be judged without the file
/// (a format's name, each `--map`, a device name) is checked before any
/// file is read; only what depends on the file's format is checked after.
struct ImportOptions {
    static let specs = [
        OptionSpec(["--format"], value: "FORMAT", "auto (default), csv, json or nightscout"),
        DeviceOption.spec("csv: the rotation of rows that name none (default pump)"),
        OptionSpec(["--map"], value: "FROM=TO", "use location TO for the source's FROM", repeatable: true),
        OptionSpec(["--unnamed-site"], value: "LOCATION", "nightscout: the site of pump rows that name none"),
        OptionSpec(["--dry-run"], "show what would change; change nothing"),
    ]

    var file: String
    /// As typed; nil for auto.
    var format: String?
    var device: DeviceOption
    /// Each `--map FROM=TO` as typed.
    var maps: [String]
    var dryRun: Bool
    /// `--unnamed-site` as typed.
    var unnamedSite: String?

    init(_ arguments: ParsedArguments) {
        file = arguments.positionals[0]
        format = arguments.value("--format")
        device = DeviceOption(arguments)
        maps = arguments.allValues("--map")
        dryRun = arguments.flag("--dry-run")
        unnamedSite = arguments.value("--unnamed-site")
    }

    /// `--unnamed-site`, its name checked; nil when not given.
    func unnamedSiteName() throws(CommandError) -> String? {
        guard let typed = unnamedSite else { return nil }
        let name = typed.trimmingBlanks()
        if let problem = LocationName.problem(with: name) {
            throw CommandError("--unnamed-site: \(problem)", help: "name a location, e.g. --unnamed-site \"Left Front Abdomen\"",
                               usage: true)
        }
        return name
    }

    /// `--unnamed-site`, which only Nightscout rows need.
    static func unnamedSite(_ name: String?, for format: ImportSource.Format) throws(CommandError) -> String? {
        guard let name else { return nil }
        guard format == .nightscout else {
            throw CommandError("--unnamed-site applies to Nightscout treatments",
                               help: "CSV and JSON rows each name their location", usage: true)
        }
        return name
    }

    /// The format asked for; nil for auto (the file tells).
    func askedFormat() throws(CommandError) -> ImportSource.Format? {
        switch format ?? "auto" {
        case "auto": return nil
        case let f:
            guard let known = ImportSource.Format(rawValue: f) else {
                throw CommandError("unknown format `\(f)`", help: "use auto, csv, json or nightscout", usage: true)
            }
            return known
        }
    }

    /// `--device` as typed, its name checked; nil when not given.
    func deviceName() throws(CommandError) -> String? {
        guard let name = device.given else { return nil }
        if let problem = Device.problem(with: name) { throw CommandError("--device \(name): \(problem)", usage: true) }
        return name
    }

    /// `--device`, which only CSV rows lack.
    static func device(_ name: String?, for format: ImportSource.Format) throws(CommandError) -> String? {
        guard let name else { return nil }
        guard format == .csv else {
            throw CommandError("--device applies to CSV", help: "JSON and Nightscout rows say their own device", usage: true)
        }
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
