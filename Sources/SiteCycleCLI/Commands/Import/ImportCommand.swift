import SiteCycleKit

extension CommandRegistry {
    static let importCommand = Command(
        name: "import",
        summary: "merge history from the app's CSV, our JSON or Nightscout",
        usage: "sitecycle import FILE [--format auto|csv|json|nightscout] [--device NAME] [--map \"FROM=TO\"]... [--unnamed-site LOCATION] [--dry-run]",
        details: """
            Merges into the journal, never replacing it: entries already there
            stay; an identical entry (same start minute, same location) is
            skipped; a different location at the same minute is a conflict,
            reported and skipped. Run with --dry-run first: it shows everything
            below and changes nothing. A file is UTF-8, or UTF-16 or UTF-32 with
            a byte order mark (what Windows tools call "Unicode"); a wide file
            without the mark is named and refused, never guessed at.

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
                          header settings (and `rest`, and `cgm`, the CGM
                          export's path) where the journal has none. Into an
                          empty file it rebuilds the journal. A setting the
                          journal would not read (a target of 0 h, a `cgm`
                          path outside the folder) stops the import and is
                          named.
              nightscout  treatments from Nightscout, as the API's array or one
                          object a line (`mongoexport`; a row is then its
                          line): "Site Change" rows go to the pump, "Sensor
                          Change" and "Sensor Start" rows that name a site to
                          the sensor (others are ignored). The site is
                          AndroidAPS's `location`, else the notes when they
                          name a declared location, an app default or a --map
                          source. Other notes ("Reservoir changed") are no
                          site: such pump rows are listed as naming no site
                          and skipped, or go to --unnamed-site LOCATION with
                          the notes as the entry's note. A sensor the journal
                          lacks is declared (`device sensor 10d`).
                          Repeated rows are one change: rows of one device
                          within 15 minutes of the first (xDrip+'s repeated
                          Sensor Start), rows with one key600 (the 600-series
                          uploader's event sent twice), and a cannula fill up
                          to an hour after tconnectsync's cartridge or tubing
                          fill. The change is at the cannula fill's time, else
                          the first row's; rows naming two sites stay two. The
                          report lists each such change with its rows.

            Location names are matched to the journal's ignoring case; the app's
            style (`L Abdomen (Front)`) and AndroidAPS's (`Front Left Lower
            Abdomen`) are translated (`Left Front Abdomen`). A name that still
            matches nothing is declared as a new location, unless --map
            "FROM=TO" (repeatable) sends it to another name.

            Rows that cannot be read are reported with their row number and
            reason; the good rows are still imported. A row at a location not
            declared for its device is imported as the file has it, with
            `check`'s warning. The journal is written once, atomically, and
            only if something is added. Exit status: 0, or 4 when some rows
            were rejected (rows naming no site are not rejected).

            --json prints {"format","rows","dryRun","added","removedMarkers",
            "skipped","conflicts":[{"row","reason"}],"rejected":[{"row","reason"}],
            "newLocations":[…],"settingsAdded":[…],"repeated":[{"row","rows":[…],
            "device","start","location"}],"namingNoSite":[{"row","rows","start","note"}]}:
            starts are UTC; a repeated change's location is null if it names none.
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

/// `import` on the command line: read the file and `--map`, hand the
/// records to `ImportService`, render the outcome.
struct ImportCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options = ImportOptions(invocation.arguments)
        let request: ImportService.Request
        do throws(CommandError) { request = try self.request(options) } catch { return invocation.fail(error) }
        var rejected = false
        let code = invocation.change(request, render: { o in
            rejected = !o.plan.rejected.isEmpty
            invocation.out(invocation.json ? ImportReport.json(o).rendered()
                           : ImportReport.text(o, file: options.file).terminalSafeMessage)
            // What `check` will warn of, said now (the rows are written as the file has them).
            for fix in o.notForDevice where !invocation.json {
                guard case .addDeviceToLocation(let device, let location, _) = fix else { continue }
                invocation.warn("\(location) is not a site for the \(device)".terminalSafe, help: fix.words.terminalSafe)
            }
        })
        return code == ExitCode.ok && rejected ? ExitCode.rowsRejected : code
    }

    /// The file read in its format, with `--map`. The options are
    /// checked before the file is read; `--device` against the format
    /// once the file has told it.
    func request(_ options: ImportOptions) throws(CommandError) -> ImportService.Request {
        let file = options.file
        let asked = try options.askedFormat(), maps = try options.mapping(), name = try options.deviceName()
        let site = try options.unnamedSiteName()
        let text = try read(file)
        let format = asked ?? ImportReaders.detect(text)
        let device = try ImportOptions.device(name, for: format)
        let unnamedSite = try ImportOptions.unnamedSite(site, for: format)
        let source: ImportSource
        switch ImportReaders.read(text, as: format, device: device) {
        case .success(let s): source = s
        case .failure(let e): throw CommandError("cannot read \(file.terminalSafe) as \(format.rawValue): \(e.message)", help: e.help)
        }
        return ImportService.Request(source: source, maps: maps, dryRun: options.dryRun, unnamedSite: unnamedSite)
    }

    /// The file's text, read no further than an import's limit.
    func read(_ file: String) throws(CommandError) -> String {
        let read: Result<[UInt8], FileError>
        do throws(FileError) {
            let limit = min(JournalFile.readLimit, JournalFile.importReadLimit)
            read = .success(Array(try invocation.fileSystem.readInput(file, limit: limit)))
        } catch {
            read = .failure(error)
        }
        switch read {
        case .success(let read):
            // A file saved as "Unicode" (UTF-16 or UTF-32 with a byte order mark) reads as its text.
            let decoded = read.withUnsafeBufferPointer { CGMReader.utf8(fromBOM: $0) }
            // Without the mark, a wide file is named, never read as the bytes it is not.
            if decoded == nil, let wide = read.withUnsafeBufferPointer({ CGMReader.wideEncodingWithoutBOM($0) }) {
                throw CommandError("\(file.terminalSafe) is \(wide) text without a byte order mark, which says so",
                                   help: "save it as UTF-8 (or as \"Unicode\", which writes the mark) and try again")
            }
            let bytes = decoded ?? read
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CommandError("\(file.terminalSafe) is not UTF-8 text", help: "save it as UTF-8 and try again")
            }
            return text
        case .failure(let error):
            throw CommandError(error.message, help: error.kind == .tooLarge
                               ? "import at most 64 MB at a time: export or download a shorter period" : error.hint)
        }
    }
}
