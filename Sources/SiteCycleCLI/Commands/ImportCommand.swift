import SiteCycleKit

extension CommandRegistry {
    static let importCommand = Command(
        name: "import",
        summary: "merge history from the app's CSV, our JSON or Nightscout",
        usage: "sitecycle import FILE [--format auto|csv|json|nightscout] [--device NAME] [--map \"FROM=TO\"]... [--dry-run]",
        details: """
            Merges into the journal, never replacing it: entries already there
            stay; an identical entry (same start minute, same location) is
            skipped; a different location at the same minute is a conflict,
            reported and skipped. Run with --dry-run first: it shows everything
            below and changes nothing.

            Sources (--format auto tells them apart by content):
              csv         the SiteCycle app's export (date,location,duration_hours,
                          note; BOM and CRLF are fine). A duration that ends more
                          than 15 minutes before the next start (a pump break)
                          becomes a `removed` line, so durations come back as they
                          were. Rows go to the pump, or to --device NAME; a last
                          column `device` (what `export --device sensor` writes)
                          sends each row to the device it names, and a row naming
                          another device than --device is rejected.
              json        `sitecycle export --format json`: its entries (`removed`
                          ones too), its devices, and its locations with their
                          `for` devices, pause, comment and `disabled`; the
                          header settings (and `rest`) where the journal has
                          none. Into an empty file it rebuilds the journal.
              nightscout  treatments downloaded from Nightscout: "Site Change"
                          entries go to the pump, "Sensor Change" and "Sensor
                          Start" entries that name a site to the sensor (others are
                          ignored); the site from AndroidAPS's `location`, else
                          from `notes`. A sensor the journal lacks is declared
                          (`device sensor 10d`).

            Location names are matched to the journal's ignoring case; the app's
            style (`L Abdomen (Front)`) and AndroidAPS's (`Front Left Lower
            Abdomen`) are translated (`Left Front Abdomen`). A name that still
            matches nothing is declared as a new location, unless --map
            "FROM=TO" (repeatable) sends it to another name.

            Rows that cannot be read are reported with their row number and
            reason; the good rows are still imported. The journal is written
            once, atomically, and only if something is added. Exit status: 0, or
            4 when some rows were rejected.

            --json prints {"format","rows","dryRun","added","removedMarkers",
            "skipped","conflicts":[{"row","reason"}],"rejected":[{"row","reason"}],
            "newLocations":[…],"settingsAdded":[…]}.
            """,
        options: ImportOptions.specs,
        positionals: 1...1,
        reportsJSON: true,
        run: { ImportCommand(invocation: $0).run() })
}

extension ExitCode {
    /// `import`: some rows were rejected (the good ones were imported).
    public static let rowsRejected: Int32 = 4
}

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
    func format(of text: String) throws(UsageError) -> ImportSource.Format {
        switch format ?? "auto" {
        case "auto": return ImportReaders.detect(text)
        case let f:
            guard let known = ImportSource.Format(rawValue: f) else {
                throw UsageError("unknown format `\(f)`", help: "use auto, csv, json or nightscout")
            }
            return known
        }
    }

    /// `--device`, which only CSV rows lack.
    func device(for format: ImportSource.Format) throws(UsageError) -> String? {
        guard let name = device.given else { return nil }
        guard format == .csv else {
            throw UsageError("--device applies to CSV", help: "JSON and Nightscout rows say their own device")
        }
        if let problem = Device.problem(with: name) { throw UsageError("--device \(name): \(problem)") }
        return name
    }

    /// Each `--map` as FROM and TO.
    func mapping() throws(UsageError) -> [(from: String, to: String)] {
        var result: [(from: String, to: String)] = []
        for m in maps {
            let parts = m.split(separator: "=", maxSplits: 1).map { String($0).trimmingBlanks() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("--map takes FROM=TO, not `\(m)`")
            }
            result.append((parts[0], parts[1]))
        }
        return result
    }
}

/// `import` on the command line: read the file and `--map`, hand the
/// records to `ImportService`, render the outcome.
struct ImportCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options = ImportOptions(invocation.arguments)
        let file = options.file
        let bytes: [UInt8]
        let read: Result<[UInt8], FileError> = JournalFile.$readLimit.withValue(
            min(JournalFile.readLimit, JournalFile.importReadLimit)) {
            do throws(FileError) { return .success(try JournalFile.read(file)) } catch { return .failure(error) }
        }
        switch read {
        case .success(let b): bytes = b
        case .failure(let error):
            return invocation.fail(error.message, help: error.kind == .tooLarge
                                   ? "import at most 64 MB at a time: export or download a shorter period" : error.hint)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return invocation.fail("\(file) is not UTF-8 text", help: "save it as UTF-8 and try again")
        }
        let format: ImportSource.Format, device: String?
        do throws(UsageError) {
            format = try options.format(of: text)
            device = try options.device(for: format)
        } catch {
            return invocation.usageError(error)
        }
        let source: ImportSource
        switch ImportReaders.read(text, as: format, device: device) {
        case .success(let s): source = s
        case .failure(let e): return invocation.fail("cannot read \(file) as \(format.rawValue): \(e.message)")
        }
        let maps: [(from: String, to: String)]
        do throws(UsageError) { maps = try options.mapping() } catch { return invocation.usageError(error) }
        let request = ImportService.Request(source: source, maps: maps, dryRun: options.dryRun)
        var rejected = false
        let code = invocation.change({ journal, _ throws(CommandError) in
            do throws(ServiceError) { return try ImportService.merge(request, into: journal) } catch { throw CommandError(error) }
        }, render: { o in
            rejected = !o.plan.rejected.isEmpty
            invocation.out(invocation.json ? ImportReport.json(o).rendered() : ImportReport.text(o, file: file).terminalSafeMessage)
        })
        return code == ExitCode.ok && rejected ? ExitCode.rowsRejected : code
    }
}
