import SiteCycleKit

/// Turns what was typed into a location, or a refusal that says how to fix
/// it: Kit decides what the words name (`LocationResolution`); the words
/// and hints of the refusal are the command line's.
enum LocationResolver {
    /// An enabled location, for a new site. With a `device`, what is typed
    /// is read among that device's locations first (`lba` is Left Back Arm
    /// for the sensor, not also Left Back Abdomen); what names none of them
    /// is read among all, so a location for other devices is named as such.
    static func enabledLocation(_ typed: String, in journal: Journal, device: String? = nil) throws(CommandError) -> Location {
        guard !typed.trimmingBlanks().isEmpty else { throw CommandError("which location?", help: "sitecycle log LOCATION", usage: true) }
        var resolution = LocationMatcher(locations: journal.locations).resolve(typed)
        if let device, case let own = LocationMatcher(locations: journal.locations.filter { $0.isFor(device) }).resolve(typed) {
            if case .unknown = own {} else { resolution = own }
        }
        switch resolution {
        case .found(let location):
            return location
        case .ambiguous(let candidates):
            throw CommandError(couldBe(typed, candidates.map(\.location)), help: "type \(orList(candidates.map(choice)))", usage: true)
        case .disabled(let location):
            throw CommandError("\"\(location.name)\" is disabled",
                               help: "enable it with `sitecycle locations enable \"\(location.name)\"`")
        case .unknown(let unknown):
            // A zone is the place without its side: say which sides it has.
            if let first = unknown.zones.first?.sides.first {
                let which = unknown.zones.map { "\($0.zone) is " + orList($0.sides.map(\.location.name)) }.joined(separator: "; ")
                throw CommandError(which, help: "say which side, e.g. `sitecycle log \(first.typed)`", usage: true)
            }
            if !unknown.slips.isEmpty {
                throw CommandError("no location \"\(typed)\"", help: "did you mean \(orList(unknown.slips.map(choice)))?", usage: true)
            }
            throw CommandError("no location \"\(typed)\"",
                               help: unknown.guess.map { "did you mean \"\($0)\"?" }
                                   ?? "see `sitecycle locations`, or add it with `sitecycle locations add \"\(typed)\"`",
                               usage: true)
        }
    }

    /// A zone's locations or one location, disabled ones included: for
    /// filtering and correcting history, where retired sites still count.
    static func locations(_ typed: String, in journal: Journal) throws(CommandError) -> [Location] {
        switch LocationMatcher(locations: journal.locations).select(typed) {
        case .found(let locations): return locations
        case .ambiguous(let candidates):
            throw CommandError(couldBe(typed, candidates), help: "give the full name in quotes", usage: true)
        case .unknown(let guess):
            throw CommandError("no location or zone \"\(typed)\"",
                               help: guess.map { "did you mean \"\($0)\"?" } ?? "`sitecycle locations` lists them", usage: true)
        }
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
}
