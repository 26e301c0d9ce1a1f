/// Parsers for the values of header settings. The journal, `init` and `set`
/// all read settings through these, so one spelling is accepted everywhere.
/// Each returns the value or a sentence saying what was expected.
public enum SettingValues {
    /// `72h`, `72`, `3d`, `2.5d`, `60.5h`: hours, more than 0, at most 30 days.
    /// `2026-03-15`: a calendar date, or nil.
    public static func date(_ text: String) -> CivilDate? {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = Int(String(decoding: b[0..<4], as: UTF8.self)), let m = Int(String(decoding: b[5..<7], as: UTF8.self)),
              let d = Int(String(decoding: b[8..<10], as: UTF8.self)), b.allSatisfy({ $0 == UInt8(ascii: "-") || isDigit($0) })
        else { return nil }
        let date = CivilDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

    public static func hours(_ text: String) -> Result<Double, SettingError> {
        var s = Substring(text.lowercased())
        var factor = 1.0
        if s.hasSuffix("h") { s = s.dropLast() } else if s.hasSuffix("d") { s = s.dropLast(); factor = 24 }
        guard let value = plainNumber(s) else {
            return .failure(SettingError("expected hours like `72h` or days like `3d`, not `\(text)`"))
        }
        let hours = value * factor
        guard hours > 0, hours <= 720 else {
            return .failure(SettingError("the target must be more than 0 and at most 720 hours (30 days)"))
        }
        return .success(hours)
    }

    /// `20%` or `20`: a percentage greater than 0 and less than 100.
    public static func percent(_ text: String) -> Result<Double, SettingError> {
        var s = Substring(text)
        if s.hasSuffix("%") { s = s.dropLast() }
        guard let value = plainNumber(s) else {
            return .failure(SettingError("expected a percentage like `20%`, not `\(text)`"))
        }
        guard value > 0, value < 100 else {
            return .failure(SettingError("the threshold must be more than 0% and less than 100%"))
        }
        return .success(value)
    }

    /// `mean` or `robust`: true for robust.
    public static func absorptionMode(_ text: String) -> Result<Bool, SettingError> {
        switch text {
        case "mean": return .success(false)
        case "robust": return .success(true)
        default: return .failure(SettingError("expected `mean` or `robust`, not `\(text)`"))
        }
    }

    /// `by-site`, `by-body-part`, or `cooldown [N]` with N from 1 to 10.
    public static func strategy(_ text: String) -> Result<RecommendationStrategy, SettingError> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch words.first {
        case "by-site" where words.count == 1: return .success(.bySite)
        case "by-body-part" where words.count == 1: return .success(.byBodyPart)
        case "cooldown" where words.count <= 2:
            guard words.count == 2 else { return .success(.cooldown(RecommendationStrategy.defaultCooldown)) }
            guard let n = Int(words[1]), RecommendationStrategy.cooldownRange.contains(n) else {
                return .failure(SettingError("the cooldown is a whole number of site changes from 1 to 10, not `\(words[1])`"))
            }
            return .success(.cooldown(n))
        default:
            return .failure(SettingError("expected `by-site`, `by-body-part` or `cooldown N`, not `\(text)`"))
        }
    }

    /// `patient NAME`: the name as written, runs of spaces and tabs read as
    /// one space. Any text a person's name may hold, but not `;` (it starts
    /// a comment) nor a control character (a line break from an import
    /// would add a line).
    public static func patient(_ text: String) -> Result<String, SettingError> {
        let name = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        guard !name.isEmpty else {
            return .failure(SettingError("missing patient name", help: "write the name, e.g. `patient Ada Lovelace`, or delete the line"))
        }
        if name.contains(";") { return .failure(SettingError("a patient name cannot contain `;` (it starts a comment)")) }
        if name.unicodeScalars.contains(where: { ControlCharacters.isControl($0) || $0 == "\u{FEFF}" }) {
            return .failure(SettingError("a patient name cannot contain control characters"))
        }
        return .success(name)
    }

    /// `cgm PATH`: a CGM export inside the journal's folder, as written
    /// (`exports/clarity.csv`). Relative, with no `..` step out of the
    /// folder, and neither `;` (a comment) nor a control character; links
    /// are refused when it is read (`FilePolicy`).
    public static func cgm(_ text: String) -> Result<String, SettingError> {
        let path = text.trimmingBlanks()
        guard !path.isEmpty else {
            return .failure(SettingError("missing CGM export path", help: "write it relative to the journal's folder, e.g. `cgm exports/clarity.csv`"))
        }
        if path.hasPrefix("/") || path.hasPrefix("~") {
            return .failure(SettingError("the CGM export `\(ControlCharacters.escaped(path))` must be inside the journal's folder",
                                         help: "write its path relative to the journal's folder, e.g. `cgm exports/clarity.csv`"))
        }
        if path.split(separator: "/").contains("..") {
            return .failure(SettingError("the CGM export `\(ControlCharacters.escaped(path))` steps out of the journal's folder (..)",
                                         help: "keep the export inside the journal's folder, e.g. `cgm exports/clarity.csv`"))
        }
        if path.contains(";") { return .failure(SettingError("a CGM export path cannot contain `;` (it starts a comment)")) }
        if path.unicodeScalars.contains(where: { ControlCharacters.isControl($0) || $0 == "\u{FEFF}" }) {
            return .failure(SettingError("a CGM export path cannot contain control characters"))
        }
        return .success(path)
    }

    /// Digits with at most one decimal point; no signs, exponents or spaces.
    package static func plainNumber(_ s: Substring) -> Double? {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              s.filter({ $0 == "." }).count <= 1, s.first != ".", s.last != "."
        else { return nil }
        return Double(s)
    }

    /// What is wrong with a header setting's argument, by the rule the
    /// journal reads it with (`JournalBuilder.apply`); nil when it reads.
    /// For what comes from outside the journal, such as an import's
    /// settings, so it is refused with its reason instead of being written.
    public static func problem(_ keyword: DirectiveSyntax.Keyword, _ argument: String) -> SettingError? {
        func failure<T>(_ result: Result<T, SettingError>) -> SettingError? {
            if case .failure(let e) = result { return e }
            return nil
        }
        switch keyword {
        case .timezone: return ZoneRules.named(argument) == nil ? SettingError("unknown time zone `\(argument)`") : nil
        case .target, .rest: return failure(hours(argument))
        case .absorptionThreshold: return failure(percent(argument))
        case .absorptionMode: return failure(absorptionMode(argument))
        case .strategy: return failure(strategy(argument))
        case .patient: return failure(patient(argument))
        case .cgm: return failure(cgm(argument))
        case .location, .device: return nil
        }
    }

    /// `72h`, `72.5h`: hours as a setting is written (`target 72h`), without a
    /// needless `.0`. Not `formatHours`, which shows a session as `71.3`.
    public static func hoursSetting(_ hours: Double) -> String {
        isWhole(hours) ? "\(Int(hours))h" : "\(hours)h"
    }

    /// A duration as a `device` or `rest` line writes it: whole days as
    /// `10d`, else hours (`36h`).
    public static func durationSetting(_ hours: Double) -> String {
        isWhole(hours / 24) && hours > 0 ? "\(Int(hours / 24))d" : hoursSetting(hours)
    }

    public static func formatPercent(_ value: Double) -> String {
        isWhole(value) ? "\(Int(value))%" : "\(value)%"
    }

    /// A whole number that fits an Int: `1e300` (from an imported file) is
    /// written as the double it is instead of trapping.
    static func isWhole(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15
    }
}

public struct SettingError: Error, Equatable, Sendable {
    public var message: String
    public var help: String?
    public init(_ message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }
}
