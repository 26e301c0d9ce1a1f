/// What must hold for any input whatsoever, checked by the fuzzer and by the
/// random-input test: reading never crashes, every unreadable line gets a
/// diagnostic, quoting its line works, formatting keeps the meaning and is
/// stable, and merging never crashes nor drops an entry. Returns the first broken
/// promise, or nil.
public enum JournalInvariants {
    public static func violation(in bytes: [UInt8]) -> String? {
        let source = SourceFile(path: "fuzz", bytes: bytes)
        guard source.reassembled() == bytes else { return "the syntax layer lost bytes" }
        let journal = JournalBuilder.load(source, defaultZone: .utc)
        let linesWithErrors = Set(journal.diagnostics.filter { $0.severity == .error }.map(\.line))
        for (i, kind) in journal.syntax.kinds.enumerated() where kind == .invalid || kind == .conflictMarker {
            if !linesWithErrors.contains(i + 1) { return "line \(i + 1) is unreadable but has no error" }
        }
        let excerpt = SourceExcerpt()
        for d in journal.diagnostics where d.line >= 1 && d.line <= source.lines.count {
            let span = source.lines[d.line - 1]
            _ = excerpt.window(source.bytes, span.start..<span.contentEnd, column: d.column, length: d.length)
            _ = excerpt.safe(d.message)
        }
        guard !journal.diagnostics.hasErrors else { return nil }
        let formatted = JournalFormatter(journal: journal).formatted()
        let again = JournalBuilder.load(SourceFile(path: "fmt", bytes: formatted), defaultZone: .utc)
        if again.diagnostics.hasErrors { return "fmt produced a journal with errors" }
        if !Journal.sameMeaning(journal, again) { return "fmt changed the meaning" }
        if JournalFormatter(journal: again).formatted() != formatted { return "fmt is not idempotent" }
        let merged = JournalMerge.merge(base: SourceFile(path: "b", bytes: []), ours: source, theirs: source, defaultZone: .utc)
        if merged.conflicts == 0 {
            let result = JournalBuilder.load(SourceFile(path: "m", bytes: merged.bytes), defaultZone: .utc)
            if result.changes.count != journal.changes.count { return "merging a journal with itself changed its entries" }
        }
        return nil
    }

    /// Whatever a CGM export holds, reading it never crashes; the readings
    /// come out in time order, each reading once; the unreadable lines are
    /// named in order and within the file; and every reading is either given
    /// to a site or counted as unmatched.
    public static func cgmViolation(in bytes: [UInt8]) -> String? {
        let journal = JournalBuilder.load(SourceFile(path: "j", text: "timezone Europe/Berlin\nlocation Left Arm\n"
            + "location Right Arm\n\n2026-03-01 08:00  Left Arm\n2026-03-29 01:30  removed\n2026-03-29 03:30  Right Arm\n"),
                                          defaultZone: .utc)
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for order in [nil, DateOrder.dmy] {
            let read = bytes.withUnsafeBufferPointer { CGMReader.read($0, zone: journal.zone, dateOrder: order) }
            guard case .success(let export) = read else { continue }
            for (a, b) in zip(export.readings, export.readings.dropFirst()) where a.instant > b.instant || a == b {
                return "\(export.format) readings out of order or repeated"
            }
            if export.badLines != export.badLines.sorted() || export.badLines.contains(where: { $0 < 1 || $0 > lines }) {
                return "\(export.format) names unreadable lines out of order or outside the file"
            }
            let o = GlucoseOutcomes.compute(journal, export: export)
            let given = o.sites.map(\.measures.readings).reduce(0, +)
            if given + o.unmatched != export.readings.count || o.overall.readings != export.readings.count {
                return "\(export.format) readings lost between sites and unmatched"
            }
            if let c = o.overall.coverage, !(0...100).contains(c) { return "coverage outside 0-100" }
        }
        return nil
    }

    /// Whatever a file to import holds, nothing from it may become a
    /// journal line of its own (an entry, a directive), and nothing it
    /// prints may act on a terminal: every name passes the journal's rule,
    /// every planned line is one line, and every note escapes cleanly.
    public static func importViolation(in bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        // A journal with an active site: an import must never end it.
        let journal = JournalBuilder.load(SourceFile(path: "j", text: "timezone UTC\nlocation Left Arm\n\n2026-01-01 00:00  Left Arm\n"),
                                          defaultZone: .utc)
        for format in [ImportSource.Format.csv, .json, .nightscout] {
            guard case .success(let source) = ImportReaders.read(text, as: format) else { continue }
            let plan = ImportPlan.make(journal, source, maps: [])
            for l in plan.newLocations where LocationName.problem(with: l.name) != nil {
                return "\(format) import would declare \"\(ControlCharacters.escaped(l.name))\""
            }
            // A declared name reads back as itself, not as a name and a clause.
            for l in plan.newLocations {
                let line = JournalBuilder.load(SourceFile(path: "l", text: "location \(l.name)\n"), defaultZone: .utc)
                if line.locations.map(\.name) != [l.name] || line.locations.first?.isEnabled != true {
                    return "\(format) import would declare \"\(ControlCharacters.escaped(l.name))\", read back otherwise"
                }
            }
            // A duration's marker ends only its own row's site.
            let starts = Set(plan.additions.filter { $0.location != nil }.map { "\($0.device) \($0.start.seconds)" })
            for a in plan.additions where a.fromDuration {
                guard let from = a.endsSiteStartedAt, starts.contains("\(a.device) \(from.seconds)") else {
                    return "\(format) import would end a site it did not add"
                }
                if journal.changes.contains(where: { $0.start > from && $0.start <= a.start }) {
                    return "\(format) import would end the journal's own site"
                }
            }
            // Our CSV export reads back as the same cells; a lot is one the journal reads.
            for a in plan.additions {
                for cell in [a.note, a.location, a.lot].compactMap({ $0 })
                where CSV.restoringFormula(CSV.neutralisingFormula(cell)) != cell {
                    return "a cell would not survive export and import"
                }
                if let lot = a.lot, EntryClauses.lotProblem(lot) != nil {
                    return "\(format) import would write a lot the journal refuses"
                }
            }
            for a in plan.additions {
                let lines = EntryLayout().lines(timestamp: "2026-01-01 00:00", location: a.location ?? "removed", note: a.note)
                if lines.contains(where: { $0.utf8.contains { $0 == 0x0A || $0 == 0x0D } }) {
                    return "\(format) import would write a line break inside a line"
                }
                if let note = a.note, ControlCharacters.contains(ControlCharacters.escaped(note, keepingLineBreaks: true),
                                                                 allowingLineBreaks: true) {
                    return "an escaped note still holds a control character"
                }
            }
        }
        return nil
    }
}

extension Journal {
    /// Settings (with each device and the rest period), locations (with
    /// their devices, pause and its reason, the line's comment) and site
    /// changes (with notes and device) are all the same. Where a line
    /// stands is not part of the meaning.
    public static func sameMeaning(_ a: Journal, _ b: Journal) -> Bool {
        func settings(_ j: Journal) -> Settings {
            var s = j.settings
            s.devices = s.devices.map { Device(name: $0.name, targetHours: $0.targetHours, graceHours: $0.graceHours, line: 0) }
            return s
        }
        func locations(_ j: Journal) -> [String] {
            j.locations.map { "\($0.name) \($0.isEnabled) \($0.devices) \($0.pausedUntil?.iso ?? "-") \(j.comment(of: $0) ?? "")" }
        }
        func entries(_ j: Journal) -> [String] {
            j.changes.map { "\($0.device) \($0.start.seconds) \($0.offset) \(j.name(of: $0) ?? "-") \(j.note(of: $0) ?? "")" }
        }
        return settings(a) == settings(b) && locations(a) == locations(b) && entries(a) == entries(b)
    }
}
