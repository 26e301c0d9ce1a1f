import SiteCycleKit

/// `history --early`: each site that ended early, as a block of a few
/// lines (a replacement form's facts do not fit one 80-column row).
struct EarlyEndingsReport {
    let style: RenderStyle
    let journal: Journal
    /// The lines of sets the CGM saw end in prolonged hyperglycaemia
    /// (`GlucoseFailures`); nil when no export is known.
    var glucoseFailures: Set<Int>? = nil

    func text(_ changes: [SiteChange]) -> String {
        guard !changes.isEmpty else { return "No site ended early (before its target, with a reason).\n" }
        var out = ""
        for c in changes {
            let device = journal.deviceName(of: c)
            let name = journal.name(of: c) ?? EntrySyntax.removedKeyword
            out += style.text.bold("Line \(c.line)  \(name)") + (journal.hasDevices ? "  (\(device))" : "") + "\n"
            let ended = c.end.map { displayTime($0, in: journal.zone) } ?? "-"
            out += "  in \(displayTime(c.start, in: journal.zone)), out \(ended): "
                + "\(c.durationHours.map(formatHours) ?? "-") of \(formatHours(journal.targetHours(of: device))) h\n"
            out += "  reason \(c.reason?.word ?? "-"), lot \(journal.lot(of: c) ?? "-")\n"
            if glucoseFailures?.contains(c.line) == true {
                out += "  seen in the glucose: probable failure: >300 mg/dL for the last 2 h\n"
                if c.reason == nil { out += "  record it: sitecycle amend \(c.line) --reason high-glucose\n" }
            }
            if let note = journal.note(of: c) {
                // As written: a line of the note a line here, under its first.
                out += "  note: " + TextWrap.note(note, start: 8, indent: Self.noteIndent)
                    .joined(separator: "\n" + Self.noteIndent) + "\n"
            }
        }
        return out
    }

    private static let noteIndent = "        "

    func json(_ changes: [SiteChange]) -> JSON {
        .array(changes.map { c in
            guard let failures = glucoseFailures, case .object(let fields) = c.earlyEndingJSON(in: journal) else {
                return c.earlyEndingJSON(in: journal)
            }
            return .object(fields + [("probableGlucoseFailure", .bool(failures.contains(c.line)))])
        })
    }
}
