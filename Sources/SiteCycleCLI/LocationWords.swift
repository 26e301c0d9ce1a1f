import SiteCycleKit

/// Turns what was typed into a location for the command line's own reads
/// (filters): Kit decides what the words name (`Journal.enabledLocation`,
/// `Journal.selectedLocations`); the words and hints of a refusal are
/// `ServiceError`'s (RefusalWords).
enum LocationResolver {
    /// A zone's locations or one location, disabled ones included: for
    /// filtering history, where retired sites still count.
    static func locations(_ typed: String, in journal: Journal) throws(CommandError) -> [Location] {
        do throws(ServiceError) { return try journal.selectedLocations(typed) } catch { throw CommandError(error) }
    }

    /// `"lf" could be "Left Front Abdomen", "Left Front Thigh"`.
    static func couldBe(_ typed: String, _ candidates: [Location]) -> String {
        "\"\(typed)\" could be \(candidates.map { "\"\($0.name)\"" }.joined(separator: ", "))"
    }

    /// `` `lfa` (Left Front Abdomen) ``: what to type, and what it names.
    static func choice(_ form: LocationResolution.ShortForm) -> String {
        "`\(form.typed)` (\(form.location.name))"
    }

    /// "A", "A or B", "A, B or C".
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// Why `typed` names no enabled location: the message, the hint and
    /// whether it is a mistake in what was typed.
    static func words(_ typed: String, _ resolution: LocationResolution) -> (String, String?, usage: Bool) {
        switch resolution {
        case .found(let location):
            return ("\"\(location.name)\" cannot take this site", nil, false)
        case .ambiguous(let candidates):
            return (couldBe(typed, candidates.map(\.location)), "type \(orList(candidates.map(choice)))", true)
        case .disabled(let location):
            return ("\"\(location.name)\" is disabled", "enable it with `sitecycle locations enable \"\(location.name)\"`", false)
        case .unknown(let unknown):
            // A zone is the place without its side: say which sides it has.
            if let first = unknown.zones.first?.sides.first {
                let which = unknown.zones.map { "\($0.zone) is " + orList($0.sides.map(\.location.name)) }.joined(separator: "; ")
                return (which, "say which side, e.g. `sitecycle log \(first.typed)`", true)
            }
            if !unknown.slips.isEmpty {
                return ("no location \"\(typed)\"", "did you mean \(orList(unknown.slips.map(choice)))?", true)
            }
            return ("no location \"\(typed)\"",
                    unknown.guess.map { "did you mean \"\($0)\"?" }
                        ?? "see `sitecycle locations`, or add it with `sitecycle locations add \"\(typed)\"`",
                    true)
        }
    }

    /// Why `typed` names no location or zone.
    static func words(_ typed: String, _ selection: LocationSelection) -> (String, String?) {
        switch selection {
        case .found: return ("\"\(typed)\" cannot be changed here", nil)
        case .ambiguous(let candidates): return (couldBe(typed, candidates), "give the full name in quotes")
        case .unknown(let guess):
            return ("no location or zone \"\(typed)\"", guess.map { "did you mean \"\($0)\"?" } ?? "`sitecycle locations` lists them")
        }
    }
}
