import SiteCycleKit

extension CommandRegistry {
    static let set = Command(
        name: "set",
        summary: "show or change the journal's settings",
        usage: "sitecycle set [target HOURS | device NAME DURATION [grace DURATION] | rest DURATION | absorption-threshold N% | absorption-mode mean|robust | strategy S]",
        details: """
            With no arguments, shows the settings in force (defaults included).
            Otherwise rewrites the value of that directive in the header, or adds
            the directive after the other settings when the header has none
            (a new `device` goes after the other `device` lines):

              sitecycle set target 48h             (also 48, 2d)
              sitecycle set device sensor 10d      (a second rotation; see
                                                    `help devices`)
              sitecycle set device sensor 10d grace 12h
                                                   (12 h more before the
                                                    sensor is overdue)
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
        positionals: 0...5,
        reportsJSON: true,
        run: { invocation in
            let options = SetOptions(invocation.arguments)
            guard let key = options.key else {
                return invocation.report { journal, _ throws(CommandError) in SettingsCommand.show(journal, invocation) }
            }
            return invocation.change({ journal, _ throws(CommandError) in
                let request = try SettingsCommand.request(key, options.value)
                do throws(ServiceError) { return try SettingsService.set(request, in: journal) } catch { throw CommandError(error) }
            }, render: { o in SettingsCommand.render(o, invocation) })
        })
}

/// What `set` was asked for: nothing (show the settings), or a setting
/// and its value as typed.
struct SetOptions {
    var key: String?
    /// The words after KEY, joined by spaces.
    var value: String

    init(_ arguments: ParsedArguments) {
        key = arguments.positionals.first
        value = arguments.positionals.dropFirst().joined(separator: " ")
    }
}

/// `set` on the command line: shows the settings, or reads a setting and
/// its value into a request for `SettingsService` and renders the outcome.
enum SettingsCommand {
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

    /// `KEY VALUE` as typed, read into a request.
    static func request(_ key: String, _ value: String) throws(CommandError) -> SettingsService.Request {
        let keys = SettingsService.keys
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
        switch keyword {
        case .target: return .target(hours: try validated(SettingValues.hours(value), key))
        case .rest: return .rest(hours: try validated(SettingValues.hours(value), key))
        case .absorptionThreshold: return .absorptionThreshold(percent: try validated(SettingValues.percent(value), key))
        case .absorptionMode: return .absorptionMode(robust: try validated(SettingValues.absorptionMode(value), key))
        case .device: return try device(value)
        default: return .strategy(try validated(SettingValues.strategy(value), key))
        }
    }

    /// `device NAME DURATION [grace DURATION]`.
    static func device(_ value: String) throws(CommandError) -> SettingsService.Request {
        let words = value.split(separator: " ").map(String.init)
        guard words.count == 2 || (words.count == 4 && words[2] == "grace") else {
            throw CommandError("`set device` takes a name, a duration and an optional grace",
                               help: "e.g. sitecycle set device sensor 10d grace 12h", usage: true)
        }
        let (name, duration) = (words[0], words[1])
        do throws(ServiceError) { try SettingsService.checkDeviceName(name) } catch { throw CommandError(error) }
        let grace = words.count == 4 ? try validated(SettingValues.hours(words[3]), "grace") : nil
        return .device(name, hours: try validated(SettingValues.hours(duration), "device \(name)"), graceHours: grace)
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

    static func validated<T>(_ result: Result<T, SettingError>, _ key: String) throws(CommandError) -> T {
        switch result {
        case .success(let v): return v
        case .failure(let e): throw CommandError("invalid \(key): \(e.message)", usage: true)
        }
    }
}
