/// `set` as a plain request and outcome: the command reads the setting and
/// its value into a typed request (and shows the settings); this plans the
/// header edit — the line rewritten in place, or added where the header
/// rule puts it — and is tested without a disk.
public enum SettingsService {
    /// The settings `set` changes, in the order help and completion list them.
    public static let keys: [DirectiveSyntax.Keyword] = [
        .target, .device, .rest, .absorptionThreshold, .absorptionMode, .strategy, .patient,
    ]

    /// Whole days as days (`10d`), else hours: how `device` and `rest` read.
    public static func durationText(_ hours: Double) -> String {
        hours.truncatingRemainder(dividingBy: 24) == 0 ? "\(Int(hours / 24))d" : SettingValues.hoursSetting(hours)
    }

    /// A setting and its new value, already read (see `SettingValues`).
    public enum Request: Equatable, Sendable {
        case target(hours: Double)
        case rest(hours: Double)
        case absorptionThreshold(percent: Double)
        case absorptionMode(robust: Bool)
        case strategy(RecommendationStrategy)
        /// The name the clinic report prints (`SettingValues.patient`).
        case patient(String)
        /// A device's target, and its grace when given (else the grace
        /// stays as written); `pump` without a `device pump` line is the
        /// `target`.
        case device(String, hours: Double, graceHours: Double? = nil)
    }

    public struct Outcome {
        public enum Change: Equatable, Sendable {
            /// `setting` (`target`, `device sensor`, …) now reads `value`; it was `was`.
            case set(String, to: String, was: String)
            /// A new `device` line.
            case addedDevice(String, target: String)
        }

        /// The journal as read back after the write.
        public var journal: Journal
        public var change: Change
    }

    /// Refuses a name that cannot be a device (see `Device.problem`).
    public static func checkDeviceName(_ name: String) throws(ServiceError) {
        if let problem = Device.problem(with: name) {
            throw ServiceError(.invalidDeviceName(name: name, problem: problem))
        }
    }

    public static func set(_ request: Request, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let s = journal.settings
        let keyword: DirectiveSyntax.Keyword, text: String, old: String
        switch request {
        case .target(let hours):
            (keyword, text, old) = (.target, SettingValues.hoursSetting(hours), SettingValues.hoursSetting(s.targetHours))
        case .rest(let hours):
            (keyword, text, old) = (.rest, durationText(hours), s.restHours.map(durationText) ?? "none")
        case .absorptionThreshold(let percent):
            (keyword, text, old) = (.absorptionThreshold, SettingValues.formatPercent(percent),
                                    SettingValues.formatPercent(s.absorptionThresholdPercent))
        case .absorptionMode(let robust):
            (keyword, text, old) = (.absorptionMode, robust ? "robust" : "mean", s.robustStatistics ? "robust" : "mean")
        case .strategy(let strategy):
            (keyword, text, old) = (.strategy, strategy.journalText, s.strategy.journalText)
        case .patient(let name):
            (keyword, text, old) = (.patient, name, s.patient ?? "none")
        case .device(let name, let hours, let grace):
            return try setDevice(name, hours: hours, graceHours: grace, in: journal)
        }
        var editor = JournalEditor(source: journal.source)
        editor.setDirective(keyword, to: text, in: journal.syntax)
        return PlannedChange(editor: editor) { updated in
            Outcome(journal: updated, change: .set(keyword.rawValue, to: text, was: old))
        }
    }

    /// `device NAME DURATION [grace DURATION]`: changes the durations on
    /// NAME's line, or adds the line after the other devices. `device pump`
    /// is the `target` (a pump's grace needs a `device pump` line).
    static func setDevice(_ name: String, hours: Double, graceHours: Double?, in journal: Journal) throws(ServiceError)
        -> PlannedChange<Outcome> {
        try checkDeviceName(name)
        let declared = journal.deviceLine(named: name) != nil
        if name == Device.pumpName, !declared {
            guard graceHours != nil else { return try set(.target(hours: hours), in: journal) }
            // `target` has no grace: the pump's line says both, in its place.
            if let line = journal.syntax.directiveLines(.target).first,
               case .directive(let d) = journal.syntax.lines[line - 1].kind {
                var editor = JournalEditor(source: journal.source)
                let text = "\(durationText(hours)) grace \(durationText(graceHours!))"
                // The directive's words only: a comment after it stays.
                editor.replace(d.keywordRange.lowerBound..<max(d.keywordRange.upperBound, d.argument.upperBound),
                               with: "device pump \(text)")
                let old = durationText(journal.settings.targetHours)
                return PlannedChange(editor: editor) { updated in
                    Outcome(journal: updated, change: .set("device pump", to: text, was: old))
                }
            }
        }
        func described(_ target: Double, _ grace: Double?) -> String {
            durationText(target) + (grace.map { " grace " + durationText($0) } ?? "")
        }
        let text = durationText(hours)
        let change: Outcome.Change = declared
            ? .set("device \(name)", to: described(hours, graceHours ?? journal.graceHours(of: name)),
                   was: described(journal.targetHours(of: name), journal.graceHours(of: name)))
            : .addedDevice(name, target: described(hours, graceHours))
        var editor = JournalEditor(source: journal.source)
        editor.setDevice(name, to: text, grace: graceHours.map(durationText), in: journal)
        return PlannedChange(editor: editor) { updated in Outcome(journal: updated, change: change) }
    }
}
