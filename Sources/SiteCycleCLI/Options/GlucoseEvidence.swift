import SiteCycleKit

/// The glucose the advice reads (issue 38 item 3): `--cgm FILE` for one
/// run, else the journal's `cgm PATH` (relative to its folder, read through
/// the file policy: nothing outside the folder, no link). What it cannot
/// read is a warning, never a failure: the advice then reads the journal
/// alone and says so.
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
        let outcomes = GlucoseOutcomes.compute(rotation, export: export, to: now)
        return SiteVerdict.compute(journal, device: device, now: now, glucose: outcomes,
                                   failures: GlucoseFailures.compute(rotation, export: export, now: now))
    }

    func export(_ journal: Journal, _ invocation: Invocation) -> CGMExport? {
        if !files.isEmpty {
            do throws(CommandError) {
                return try OutcomesCommand.read(files, zone: journal.zone, dateOrder: nil)
            } catch {
                invocation.warn(fallback(error.message), help: error.help)
                return nil
            }
        }
        guard let path = journal.settings.cgm else { return nil }
        let folder = JournalStore.parentFolder(of: invocation.journalLocation.path)
        let full = folder == "." ? path : folder + "/" + path
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try invocation.fileSystem.read(full)
        } catch {
            invocation.warn(fallback("the journal's CGM export \(path.terminalSafe): " + error.message), help: error.hint)
            return nil
        }
        let read = bytes.withUnsafeBufferPointer { CGMReader.read($0, zone: journal.zone, dateOrder: nil) }
        switch read {
        case .success(let export): return export
        case .failure(let e):
            let refusal = OutcomesCommand.refusal(e, file: path)
            invocation.warn(fallback(refusal.message), help: refusal.help)
            return nil
        }
    }

    func fallback(_ why: String) -> String { why + "; the advice reads the journal alone" }
}
