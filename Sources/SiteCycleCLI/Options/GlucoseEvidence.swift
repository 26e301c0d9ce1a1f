import SiteCycleKit

/// The glucose the advice reads (issue 38 item 3): `--cgm FILE` for one
/// run, else the journal's `cgm PATH` (relative to its folder, read through
/// the file policy: nothing outside the folder, no link). What it cannot
/// read is a warning, never a failure: the advice then reads the journal
/// alone and says so. An export's readings are read once per version of
/// it and kept in the state folder (`CGMReadingsCache`).
struct GlucoseEvidence {
    static let spec = OptionSpec(["--cgm"], value: "FILE", "read a CGM export's glucose for this run's advice",
                                 repeatable: true)

    /// As typed.
    var files: [String]

    init(_ arguments: ParsedArguments) {
        files = arguments.allValues("--cgm")
    }

    /// The device's verdict with the CGM's evidence, or nil when there is
    /// no export to read (or it could not be read: warned).
    func verdict(_ journal: Journal, device: String, now: Instant, _ invocation: Invocation) -> SiteVerdict? {
        export(journal, invocation).map { verdict(journal, device: device, now: now, export: $0) }
    }

    /// From an export already read.
    func verdict(_ journal: Journal, device: String, now: Instant, export: CGMExport) -> SiteVerdict {
        let rotation = journal.rotation(device)
        let outcomes = GlucoseOutcomes.compute(rotation, export: export, to: now, intervals: false)
        return SiteVerdict.compute(journal, device: device, now: now, glucose: outcomes,
                                   failures: GlucoseFailures.compute(rotation, export: export, now: now))
    }

    func export(_ journal: Journal, _ invocation: Invocation) -> CGMExport? {
        if !files.isEmpty {
            var parts: [CGMExport] = []
            for file in files {
                let read: Result<CGMExport, CGMReadError>
                do throws(FileError) {
                    read = try Self.readings(file, stamp: FileStamp.following(file), zone: journal.zone, invocation) {
                        () throws(FileError) in try invocation.fileSystem.readInput(file, limit: nil)
                    }
                } catch {
                    invocation.warn(fallback(error.message), help: error.hint)
                    return nil
                }
                switch read {
                case .success(let export): parts.append(export)
                case .failure(let e):
                    let refusal = CGMFiles.refusal(e, file: file)
                    invocation.warn(fallback(refusal.message), help: refusal.help)
                    return nil
                }
            }
            return CGMExport.combined(parts)
        }
        switch Self.journalExport(journal, journalPath: invocation.journalLocation.path, files: invocation.fileSystem,
                                  invocation) {
        case nil: return nil
        case .success(let export)?: return export
        case .failure(let refusal)?:
            invocation.warn(fallback(refusal.message), help: refusal.help)
            return nil
        }
    }

    /// Why an export could not be read, and what to do.
    struct Refusal: Error {
        var message: String
        var help: String?
    }

    /// The journal's own export (its `cgm PATH`, relative to the folder of
    /// `journalPath`), read through `files`' policy (no link, nothing
    /// outside the folder), or why not; nil when the journal names none.
    /// Also the language server's, for the journal an editor holds, which
    /// keeps nothing in the state folder (`kept: false`): it writes no file.
    static func journalExport(_ journal: Journal, journalPath: String, files: FileSystem, kept: Bool = true,
                              _ invocation: Invocation) -> Result<CGMExport, Refusal>? {
        guard let path = journal.settings.cgm, let full = exportPath(journal, journalPath: journalPath) else { return nil }
        let read: Result<CGMExport, CGMReadError>
        do throws(FileError) {
            read = try readings(full, stamp: kept ? files.stamp(full) : nil, zone: journal.zone, invocation) {
                () throws(FileError) in SourceBytes(try files.read(full))
            }
        } catch {
            return .failure(Refusal(message: "the journal's CGM export \(path.terminalSafe): " + error.message, help: error.hint))
        }
        switch read {
        case .success(let export): return .success(export)
        case .failure(let e):
            let refusal = CGMFiles.refusal(e, file: path)
            return .failure(Refusal(message: refusal.message, help: refusal.help))
        }
    }

    /// Where the journal's `cgm PATH` is: relative to its folder.
    static func exportPath(_ journal: Journal, journalPath: String) -> String? {
        guard let path = journal.settings.cgm else { return nil }
        let folder = JournalStore.parentFolder(of: journalPath)
        return folder == "." ? path : folder + "/" + path
    }

    /// One export's readings: those the state folder keeps for this
    /// version of it (`CGMReadingsCache`), else read from `bytes` and kept.
    static func readings(_ file: String, stamp: FileStamp?, zone: ZoneRules, _ invocation: Invocation,
                         bytes: () throws(FileError) -> SourceBytes) throws(FileError) -> Result<CGMExport, CGMReadError> {
        let cache = CGMReadingsCache(export: file, environment: invocation.env, fileSystem: invocation.fileSystem)
        let key = stamp.map { CGMReadingsCache.Key(export: WriteHistory.absolute(file), stamp: $0, zone: zone.identifier,
                                                   dateOrder: nil) }
        if let cache, let key, let kept = cache.export(key) { return .success(kept) }
        let read = try bytes().withUnsafeBufferPointer { CGMReader.read($0, zone: zone, dateOrder: nil) }
        if let cache, let key, case .success(let export) = read { cache.keep(export, key) }
        return read
    }

    func fallback(_ why: String) -> String { why + "; the advice reads the journal alone" }
}
