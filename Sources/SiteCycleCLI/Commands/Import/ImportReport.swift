import SiteCycleKit

/// What `import` says it read, matched, added, skipped and rejected; or
/// the same as JSON.
enum ImportReport {
    static func json(_ o: ImportService.Outcome) -> JSON {
        func rows(_ list: [(row: Int, reason: String)]) -> JSON {
            .array(list.map { .object([("row", .int($0.row)), ("reason", .string($0.reason))]) })
        }
        return .object([
            ("format", .string(o.format.rawValue)),
            ("rows", .int(o.rows)),
            ("dryRun", .bool(o.dryRun)),
            ("added", .int(o.sitesAdded)),
            ("removedMarkers", .int(o.removedMarkers)),
            ("skipped", .int(o.plan.skipped.count)),
            ("conflicts", rows(o.plan.conflicts)),
            ("rejected", rows(o.plan.rejected.map { ($0.row, $0.reason.words) })),
            ("newLocations", .array(o.plan.newLocations.map { .string($0.name) })),
            ("settingsAdded", .array((o.settingLines + o.deviceLines).map { .string($0) })),
            ("repeated", .array(o.plan.repeats.map {
                .object([("row", .int($0.rows[0])), ("rows", .array($0.rows.map(JSON.int))), ("device", .string($0.device)),
                         ("start", .string($0.start.description)), ("location", .optional($0.location))])
            })),
            ("namingNoSite", .array(o.plan.unnamed.map {
                .object([("row", .int($0.row)), ("rows", .int($0.rows)), ("start", .string($0.start.description)),
                         ("note", .optional($0.note))])
            })),
        ])
    }

    static func text(_ o: ImportService.Outcome, file: String) -> String {
        let kind = ["csv": "CSV", "json": "sitecycle JSON", "nightscout": "Nightscout treatments"][o.format.rawValue]!
        var out = "Read \(file.terminalSafe) as \(kind): \(o.rows) row\(o.rows == 1 ? "" : "s")"
            + (o.ignored > 0 ? " (\(o.ignored) not site changes, ignored)" : "") + ".\n"
        out += names(o) + additions(o) + repeated(o)
        // Conflicts and rejected rows are lists of their own, each under its
        // heading, never indented as if they belonged to the list above.
        out += rows("Conflicts (skipped; the journal's line stays)", o.plan.conflicts.map { ($0.row, $0.reason) })
        out += rows("Rejected rows (not imported)", o.plan.rejected.map { ($0.row, $0.reason.words) })
        out += rows("Rows naming no site (skipped; --unnamed-site LOCATION imports them there)", o.plan.unnamed.map {
            ($0.row, $0.at + ($0.rows > 1 ? " (\($0.rows) rows)" : "") + ", " + ($0.note.map { "\"\($0)\"" } ?? "no notes"))
        })
        return out + summary(o)
    }

    /// Changes that several rows of the file stood for, and their rows.
    static func repeated(_ o: ImportService.Outcome) -> String {
        guard !o.plan.repeats.isEmpty else { return "" }
        var out = "Repeated rows taken as one change each:\n"
        for r in o.plan.repeats {
            let device = r.device == Device.pumpName ? "" : r.device + " "
            let site = r.location.map { ", \($0)," } ?? ", naming no site,"
            let line = "rows " + runs(r.rows)
                + ": one \(device)change\(site) at \(r.at) (\(r.rows.count) rows)"
            out += "  " + TextWrap.wrap(line.terminalSafe, start: 2, indent: "    ") + "\n"
        }
        return out
    }

    /// The source's names matched to the journal's, and the new locations.
    static func names(_ o: ImportService.Outcome) -> String {
        let plan = o.plan
        var out = ""
        let translated = plan.translations.filter { !$0.isNew }
        if !translated.isEmpty {
            out += "Names matched to your locations:\n" + translated.map { "  \($0.from.terminalSafe) → \($0.to)\n" }.joined()
        }
        if !plan.newLocations.isEmpty {
            out += "New locations\(o.dryRun ? " to declare" : " declared") (send a name elsewhere with --map \"FROM=TO\"):\n"
            for l in plan.newLocations {
                let from = plan.translations.first { $0.to == l.name && $0.from != l.name }.map { "\($0.from.terminalSafe) → " } ?? ""
                let devices = plan.newLocationDevices[l.name].map { " (for \($0.joined(separator: ", ")))" } ?? ""
                out += "  \(from)\(l.name)\(devices)\(l.enabled ? "" : " (disabled)")\n"
            }
        }
        return out
    }

    /// The settings and devices the import declares.
    static func additions(_ o: ImportService.Outcome) -> String {
        let plan = o.plan, dryRun = o.dryRun
        var out = ""
        if !plan.settings.isEmpty {
            out += "Settings\(dryRun ? " to add" : " added"): " + o.settingLines.joined(separator: ", ") + "\n"
        }
        for d in plan.newDevices {
            // Only the sensor a Nightscout or CSV row implied has a target we chose.
            let chosen = !o.plan.declaredBySource.contains(d.name)
            out += TextWrap.wrap("Device\(dryRun ? " to add" : " added"): `device \(d.name) \(d.target)` "
                                 + "(\(chosen ? "a 10-day sensor; " : "")change it with `sitecycle set device \(d.name) DURATION`).")
                + "\n"
        }
        return out
    }

    /// Row numbers in order, three or more in a row as a range:
    /// `1, 2`, `4–9, 12`.
    static func runs(_ rows: [Int]) -> String {
        var parts: [String] = [], i = 0
        while i < rows.count {
            var j = i
            while j + 1 < rows.count, rows[j + 1] == rows[j] + 1 { j += 1 }
            if j - i >= 2 {
                parts.append("\(rows[i])–\(rows[j])")
            } else {
                parts += rows[i...j].map(String.init)
            }
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    static func rows(_ heading: String, _ rows: [(row: Int, reason: String)]) -> String {
        guard !rows.isEmpty else { return "" }
        var out = heading + ":\n"
        for r in rows {
            let lead = "  row \(r.row): "
            out += lead + TextWrap.wrap(r.reason.terminalSafe, start: lead.count, indent: "    ") + "\n"
        }
        return out
    }

    static func summary(_ o: ImportService.Outcome) -> String {
        let plan = o.plan, markers = o.removedMarkers, sites = o.sitesAdded
        let summary = (o.dryRun ? "Would add" : "Added") + " \(sites) site change\(sites == 1 ? "" : "s")"
            + (markers > 0 ? " and \(markers) removed marker\(markers == 1 ? "" : "s")" : "")
            + "; \(plan.skipped.count) already there, \(plan.conflicts.count) conflict\(plan.conflicts.count == 1 ? "" : "s"), "
            + "\(plan.rejected.count) rejected"
            + (plan.unnamed.isEmpty ? "." : ", \(plan.unnamed.count) naming no site.")
        var out = TextWrap.wrap(summary, indent: "  ") + "\n"
        if o.dryRun { out += "Nothing was changed (--dry-run).\n" } else if !plan.changesSomething { out += "The journal was not changed.\n" }
        return out
    }
}
