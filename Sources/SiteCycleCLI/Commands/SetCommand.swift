import SiteCycleKit

extension CommandRegistry {
    static let set = Command(
        name: "set",
        summary: "show or change the journal's settings",
        usage: "sitecycle set [target HOURS | device NAME DURATION | rest DURATION | absorption-threshold N% | absorption-mode mean|robust | strategy S]",
        details: """
            With no arguments, shows the settings in force (defaults included).
            Otherwise rewrites the value of that directive in the header, or adds
            the directive after the other settings when the header has none
            (a new `device` goes after the other `device` lines):

              sitecycle set target 48h             (also 48, 2d)
              sitecycle set device sensor 10d      (a second rotation; see
                                                    `help devices`)
              sitecycle set rest 5d                (a site rests 5 days
                                                    after any use)
              sitecycle set absorption-threshold 15%
              sitecycle set absorption-mode robust (stats compares medians)
              sitecycle set strategy cooldown 2    (by-site, by-body-part, cooldown N)

            The time zone is not set here: changing it changes what every time
            already in the journal means. If you moved for good, edit the
            `timezone` line by hand, knowing that; a time logged while
            travelling can carry its own offset instead.
            """,
        positionals: 0...3,
        reportsJSON: true,
        run: { invocation in
            let words = invocation.arguments.positionals
            guard let key = words.first else {
                return invocation.report { journal, _ throws(CommandError) in SettingsService.show(journal, invocation) }
            }
            return invocation.changeJournal { journal, _ throws(CommandError) in
                try SettingsService.change(key, Array(words.dropFirst()).joined(separator: " "), journal, invocation)
            }
        })
}

enum SettingsService {
    static let keys: [DirectiveSyntax.Keyword] = [.target, .device, .rest, .absorptionThreshold, .absorptionMode, .strategy]

    /// Whole days as days (`10d`), else hours: how `device` and `rest` read.
    static func durationText(_ hours: Double) -> String {
        hours.truncatingRemainder(dividingBy: 24) == 0 ? "\(Int(hours / 24))d" : SettingValues.formatHours(hours)
    }

    static func show(_ journal: Journal, _ invocation: Invocation) {
        let s = journal.settings
        var rows: [(String, JSON, String)] = [
            ("timezone", .string(journal.zone.identifier), journal.zone.identifier + (s.timezone == nil ? " (system)" : "")),
            ("target", .double(s.targetHours), SettingValues.formatHours(s.targetHours)),
            ("absorption-threshold", .double(s.absorptionThresholdPercent), SettingValues.formatPercent(s.absorptionThresholdPercent)),
            ("absorption-mode", .string(s.robustStatistics ? "robust" : "mean"), s.robustStatistics ? "robust" : "mean"),
            ("strategy", .string(s.strategy.journalText), s.strategy.journalText),
        ]
        // Only journals that have them show devices and rest: an older
        // journal's settings read as before.
        if let rest = s.restHours { rows.insert(("rest", .double(rest), durationText(rest)), at: 2) }
        if !s.devices.isEmpty {
            let text = s.devices.map { "\($0.name) \(durationText($0.targetHours))" }.joined(separator: ", ")
            let json = JSON.object(s.devices.map { ($0.name, .double($0.targetHours)) })
            rows.insert(("devices", json, text), at: 2)
        }
        if invocation.json {
            invocation.out(JSON.object(rows.map { ($0.0, $0.1) }).rendered())
        } else {
            invocation.out(table(rows.map { [$0.0, $0.2] }))
        }
    }

    static func change(_ key: String, _ value: String, _ journal: Journal, _ invocation: Invocation) throws(CommandError) -> PlannedEdit {
        if key == "timezone" {
            throw CommandError("`set` does not change the time zone",
                               help: "it would change the meaning of every time in the journal; see `sitecycle help set`")
        }
        guard let keyword = keys.first(where: { $0.rawValue == key }) else {
            let guess = suggestion(for: key, among: keys.map(\.rawValue))
            throw CommandError("unknown setting `\(key)`",
                               help: guess.map { "did you mean `\($0)`?" }
                                   ?? "settings: " + keys.map(\.rawValue).joined(separator: ", "),
                               usage: true)
        }
        guard !value.isEmpty else { throw CommandError("missing value for `\(key)`", help: "usage: sitecycle set \(key) VALUE", usage: true) }
        if keyword == .device { return try changeDevice(value, journal, invocation) }
        let (text, old): (String, String)
        let s = journal.settings
        switch keyword {
        case .target:
            text = SettingValues.formatHours(try validated(SettingValues.hours(value), key))
            old = SettingValues.formatHours(s.targetHours)
        case .rest:
            text = durationText(try validated(SettingValues.hours(value), key))
            old = s.restHours.map(durationText) ?? "none"
        case .absorptionThreshold:
            text = SettingValues.formatPercent(try validated(SettingValues.percent(value), key))
            old = SettingValues.formatPercent(s.absorptionThresholdPercent)
        case .absorptionMode:
            text = try validated(SettingValues.absorptionMode(value), key) ? "robust" : "mean"
            old = s.robustStatistics ? "robust" : "mean"
        default:
            text = try validated(SettingValues.strategy(value), key).journalText
            old = s.strategy.journalText
        }
        var editor = JournalEditor(source: journal.source)
        let syntax = journal.syntax
        if let line = syntax.directiveLines(keyword).first, case .directive(let d) = syntax.lines[line - 1].kind {
            if d.argument.isEmpty {
                editor.replace(d.keywordRange.upperBound..<d.keywordRange.upperBound, with: " " + text)
            } else {
                editor.replace(d.argument, with: text)
            }
        } else {
            editor.insertHeader(["\(key) \(text)"], as: .setting, in: syntax)
        }
        return PlannedEdit(editor: editor) { updated in
            if invocation.json { show(updated, invocation) } else { invocation.out("Set \(key) to \(text) (was \(old)).\n") }
        }
    }

    /// `device NAME DURATION`: changes the duration on NAME's line, or adds
    /// the line after the other devices. `device pump` is the `target`.
    static func changeDevice(_ value: String, _ journal: Journal, _ invocation: Invocation) throws(CommandError) -> PlannedEdit {
        let words = value.split(separator: " ").map(String.init)
        guard words.count == 2 else {
            throw CommandError("`set device` takes a name and a duration", help: "e.g. sitecycle set device sensor 10d", usage: true)
        }
        let (name, duration) = (words[0], words[1])
        if let problem = Device.problem(with: name) { throw CommandError("invalid device name `\(name)`: \(problem)", usage: true) }
        let hours = try validated(SettingValues.hours(duration), "device \(name)")
        let syntax = journal.syntax
        let declared = syntax.directiveLines(.device).first { line in
            guard case .directive(let d) = syntax.lines[line - 1].kind else { return false }
            return journal.source.string(d.argument).split(separator: " ").first.map(String.init) == name
        }
        if name == Device.pumpName, declared == nil { return try change("target", duration, journal, invocation) }
        let text = durationText(hours)
        var editor = JournalEditor(source: journal.source)
        let old: String?
        if let line = declared, case .directive(let d) = syntax.lines[line - 1].kind {
            // The duration is the argument's last word.
            var start = d.argument.upperBound
            while start > d.argument.lowerBound, !isBlank(journal.source.bytes[start - 1]) { start -= 1 }
            editor.replace(start..<d.argument.upperBound, with: text)
            old = durationText(journal.targetHours(of: name))
        } else {
            editor.insertHeader(["device \(name) \(text)"], as: .device, in: syntax)
            old = nil
        }
        return PlannedEdit(editor: editor) { updated in
            if invocation.json {
                show(updated, invocation)
            } else if let old {
                invocation.out("Set device \(name) to \(text) (was \(old)).\n")
            } else {
                invocation.out("Added device \(name), target \(text). Name it in the `for` list of the\n"
                               + "locations it may use, e.g. `location Left Back Arm  for pump,\(name)`.\n")
            }
        }
    }

    static func validated<T>(_ result: Result<T, SettingError>, _ key: String) throws(CommandError) -> T {
        switch result {
        case .success(let v): return v
        case .failure(let e): throw CommandError("invalid \(key): \(e.message)", usage: true)
        }
    }
}
