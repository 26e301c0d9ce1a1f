import SiteCycleKit

/// `--location NAME|ZONE`: only the changes at a location, or at a zone's
/// locations, disabled ones too (retired sites still have a history).
struct LocationFilter {
    static let specs = [OptionSpec(["--location"], value: "NAME", "only this location or zone")]

    /// As typed; nil when not filtering.
    var typed: String?

    init(_ arguments: ParsedArguments) { typed = arguments.value("--location") }

    /// The chosen locations' indexes (a change's `locationIndex`), or nil
    /// when not filtering.
    func indexes(in journal: Journal) throws(CommandError) -> Set<UInt16>? {
        guard let typed else { return nil }
        return Set(try LocationResolver.locations(typed, in: journal).compactMap { l in
            journal.locationNames.firstIndex(of: l.name).map(UInt16.init)
        })
    }
}
