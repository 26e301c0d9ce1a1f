import SiteCycleKit

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

/// `set` on the command line: reads a setting and its value into a request
/// for `SettingsService` (`SettingsRenderer` shows the settings and the
/// outcome).
enum SettingsCommand {
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
        case .patient: return .patient(try validated(SettingValues.patient(value), key))
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

    static func validated<T>(_ result: Result<T, SettingError>, _ key: String) throws(CommandError) -> T {
        switch result {
        case .success(let v): return v
        case .failure(let e): throw CommandError("invalid \(key): \(e.message)", usage: true)
        }
    }
}
