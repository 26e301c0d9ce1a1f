import SiteCycleKit

/// The journal's CGM export (`cgm PATH`) for the language server: read
/// through the file policy of the document's own folder, as `history`
/// reads it for the journal on disk, and read again only when the file,
/// its path or the journal's zone changes. One that cannot be read offers
/// nothing: the editor's journal is as good without it.
final class LSPGlucose {
    let invocation: Invocation
    private var kept: (file: String, zone: String, stamp: FileStamp, export: CGMExport)?

    init(_ invocation: Invocation) { self.invocation = invocation }

    /// The export the journal at `path` names, or nil.
    func export(_ journal: Journal, path: String) -> CGMExport? {
        guard let full = GlucoseEvidence.exportPath(journal, journalPath: path) else { return nil }
        // Links and `..` are refused below the document's folder, not the default journal's.
        let files: FileSystem = invocation.fileSystem is POSIXFileSystem
            ? POSIXFileSystem(policy: FilePolicy(journal: path)) : invocation.fileSystem
        let stamp = files.stamp(full), zone = journal.zone.identifier
        if let kept, kept.file == full, kept.zone == zone, kept.stamp == stamp { return kept.export }
        kept = nil
        guard case .success(let export)? = GlucoseEvidence.journalExport(journal, journalPath: path, files: files,
                                                                        kept: false, invocation) else { return nil }
        if let stamp { kept = (full, zone, stamp, export) }
        return export
    }
}

/// Issue 38: an entry the CGM saw end in prolonged hyperglycaemia
/// (`GlucoseFailures`) with no reason typed gets a diagnostic of its own
/// (information) and, with it, the code action that records the reason
/// as `sitecycle amend N --reason high-glucose` writes it.
extension LanguageServer {
    static let glucoseFailureCode = "probable-glucose-failure"
    static let recordHighGlucoseTitle = "Record reason high-glucose (probable failure seen in the glucose)"

    /// The pump's entries the export shows as probable glucose failures,
    /// with no reason typed: worked out once per version of the document.
    func unrecordedGlucoseFailures(_ document: LSPDocument) -> [SiteChange] {
        if let found = document.glucoseFailures { return found }
        var found: [SiteChange] = []
        let journal = document.journal
        if journal.settings.cgm != nil, document.uri.hasPrefix("file://"),
           let export = glucoseExport?(journal, LSPDocument.path(of: document.uri)) {
            found = GlucoseFailures.compute(journal.rotation(Device.pumpName), export: export, now: now(journal.zone))
                .filter { $0.reason == nil && $0.line <= document.source.lines.count }
        }
        document.glucoseFailures = found
        return found
    }

    /// On the whole entry line: what `history --early` says of it.
    func glucoseDiagnostic(_ c: SiteChange, in document: LSPDocument) -> LSP.Diagnostic {
        LSP.Diagnostic(range: document.range(line: c.line, 0..<document.source.lines[c.line - 1].contentCount),
                       severity: .information, code: Self.glucoseFailureCode,
                       message: "probable failure seen in the glucose: >300 mg/dL for the last 2 h; no reason recorded",
                       data: .object([("help", .string("record it: sitecycle amend \(c.line) --reason high-glucose"))]))
    }

    /// The edit `amend N --reason high-glucose` makes (the Kit's
    /// `CorrectionService.amend`), as a quick fix; nil if it refuses.
    func recordHighGlucose(_ c: SiteChange, in document: LSPDocument) -> JSON? {
        var request = CorrectionService.AmendRequest(entry: .line(c.line), device: Device.pumpName)
        request.reason = .set(.highGlucose)
        guard let planned = try? CorrectionService.amend(request, in: document.journal),
              !planned.editor.breaksALine else { return nil }
        return action(Self.recordHighGlucoseTitle, kind: "quickfix", edits: planned.editor.textEdits, in: document,
                      diagnostic: glucoseDiagnostic(c, in: document), preferred: true)
    }
}
