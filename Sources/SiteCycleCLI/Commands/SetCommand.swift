import SiteCycleKit

extension CommandRegistry {
    static let set = Command(
        name: "set",
        summary: "show or change the journal's settings",
        usage: "sitecycle set [target HOURS | absorption-threshold N% | absorption-mode mean|robust | strategy S]",
        details: """
            With no arguments, shows the settings in force (defaults included).
            Otherwise rewrites the value of that directive in the header, or adds
            the directive after the other settings when the header has none:

              sitecycle set target 48h             (also 48, 2d)
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
    static let keys: [DirectiveSyntax.Keyword] = [.target, .absorptionThreshold, .absorptionMode, .strategy]

    static func show(_ journal: Journal, _ invocation: Invocation) {
        let s = journal.settings
        let rows: [(String, JSON, String)] = [
            ("timezone", .string(journal.zone.identifier), journal.zone.identifier + (s.timezone == nil ? " (system)" : "")),
            ("target", .double(s.targetHours), SettingValues.formatHours(s.targetHours)),
            ("absorption-threshold", .double(s.absorptionThresholdPercent), SettingValues.formatPercent(s.absorptionThresholdPercent)),
            ("absorption-mode", .string(s.robustStatistics ? "robust" : "mean"), s.robustStatistics ? "robust" : "mean"),
            ("strategy", .string(s.strategy.journalText), s.strategy.journalText),
        ]
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
                               help: guess.map { "did you mean `\($0)`?" } ?? "settings: target, absorption-threshold, absorption-mode, strategy",
                               usage: true)
        }
        guard !value.isEmpty else { throw CommandError("missing value for `\(key)`", help: "usage: sitecycle set \(key) VALUE", usage: true) }
        let (text, old): (String, String)
        let s = journal.settings
        switch keyword {
        case .target:
            text = SettingValues.formatHours(try validated(SettingValues.hours(value), key))
            old = SettingValues.formatHours(s.targetHours)
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

    static func validated<T>(_ result: Result<T, SettingError>, _ key: String) throws(CommandError) -> T {
        switch result {
        case .success(let v): return v
        case .failure(let e): throw CommandError("invalid \(key): \(e.message)", usage: true)
        }
    }
}
