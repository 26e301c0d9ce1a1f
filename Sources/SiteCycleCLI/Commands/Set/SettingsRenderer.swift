import SiteCycleKit

/// What `set` shows: the settings in force (defaults included), as a table
/// or JSON, and what a change did.
enum SettingsRenderer {
    static func show(_ journal: Journal, _ invocation: Invocation) {
        let durationText = SettingsService.durationText
        let s = journal.settings
        var rows: [(String, JSON, String)] = [
            ("timezone", .string(journal.zone.identifier), journal.zone.identifier + (s.timezone == nil ? " (system)" : "")),
            ("target", .double(s.targetHours), SettingValues.hoursSetting(s.targetHours)),
            ("absorption-threshold", .double(s.absorptionThresholdPercent), SettingValues.formatPercent(s.absorptionThresholdPercent)),
            ("absorption-mode", .string(s.robustStatistics ? "robust" : "mean"), s.robustStatistics ? "robust" : "mean"),
            ("strategy", .string(s.strategy.journalText), s.strategy.journalText),
        ]
        // Only journals that have them show devices and rest: an older
        // journal's settings read as before.
        if let rest = s.restHours { rows.insert(("rest", .double(rest), durationText(rest)), at: 2) }
        if !s.devices.isEmpty {
            let text = s.devices.map { "\($0.name) \(durationText($0.targetHours))" + ($0.graceHours.map { " grace " + durationText($0) } ?? "") }
                .joined(separator: ", ")
            let json = JSON.object(s.devices.map { ($0.name, .double($0.targetHours)) })
            rows.insert(("devices", json, text), at: 2)
        }
        if let grace = s.graceHours { rows[1].2 += " grace " + durationText(grace) }
        // Only when the journal names one, as `export` does.
        if let patient = s.patient { rows.insert(("patient", .string(patient), patient), at: 0) }
        // Graces only where declared, by device, as the targets are.
        let graces = [(Device.pumpName, s.graceHours)] + s.devices.map { ($0.name, $0.graceHours) }
        if graces.contains(where: { $0.1 != nil }) {
            rows.append(("grace", .object(graces.compactMap { g in g.1.map { (g.0, JSON.double($0)) } }), ""))
        }
        if invocation.json {
            invocation.out(JSON.object(rows.map { ($0.0, $0.1) }).rendered())
        } else {
            // The text shows each grace beside its target.
            invocation.out(table(rows.filter { !$0.2.isEmpty }.map { [$0.0, $0.2] }))
        }
    }

    static func render(_ o: SettingsService.Outcome, _ invocation: Invocation) {
        if invocation.json { return show(o.journal, invocation) }
        switch o.change {
        case .set(let setting, let text, let old):
            invocation.out("Set \(setting) to \(text) (was \(old)).\n")
        case .addedDevice(let name, let text):
            invocation.out("Added device \(name), target \(text). Give it the locations it may use, e.g.\n"
                           + "`sitecycle locations for \"Left Back Arm\" pump,\(name)`.\n")
        }
    }
}
